// Families decide together (issue 16): compare four communities and print the table; share a shortlist
// and open it in a second browser context, signed out.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, browserAvailable, expectAccessible, pageErrors, screenshot, signUp, sql, useBrowser } from './support/browser';

interface Target {
  id: number;
  name: string;
  city: string;
  state: string;
  zip_code: string;
}

let five: Target[];

async function compareOnCommunityPage(page: Page, c: Target) {
  await page.goto(`/community/${c.id}`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 }).toBe(c.name);
  // The name follows the state ('Compare …' / 'Comparing …'); the pressed state says it is in.
  const button = page.locator('main header').getByTestId('compare-button');
  expect(await button.getAttribute('aria-label')).toBe(`Compare ${c.name}`);
  await button.click();
  await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
}

describe.skipIf(!browserAvailable)('families decide together', () => {
  const b = useBrowser();

  beforeAll(async () => {
    // Five priced communities with map points and amenities in one state.
    const rows = await sql<Target & { n: number }>(
      `SELECT c.id, c.name, c.city, c.state, c.zip_code
         FROM communities c
        WHERE c.lat IS NOT NULL AND cardinality(c.amenities) > 0 AND c.listing_status = 'listed'
          AND EXISTS (SELECT 1 FROM community_pricing p WHERE p.community_id = c.id)
          AND c.state = (SELECT state FROM communities WHERE lat IS NOT NULL GROUP BY state ORDER BY count(*) DESC, state LIMIT 1)
        ORDER BY c.id
        LIMIT 5`,
    );
    five = rows;
    expect(five).toHaveLength(5);
  });

  it('compares four communities side by side, refuses a fifth, measures distance and prints the table', async () => {
    const page = await b.newPage();
    // One from a search card, three from community pages (signed out: kept in this browser).
    await page.goto(`/search?location=${encodeURIComponent(`${five[0]!.city}, ${five[0]!.state}`)}`);
    const card = page.getByTestId('community-card').filter({ hasText: five[0]!.name }).first();
    await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(1);
    await card.getByRole('button', { name: `Compare ${five[0]!.name}` }).click();
    await expect.poll(() => page.getByTestId('compare-count').textContent()).toBe('1 of 4 communities chosen to compare');
    for (const c of five.slice(1, 4)) await compareOnCommunityPage(page, c);
    await expect.poll(() => page.getByTestId('compare-count').textContent()).toBe('4 of 4 communities chosen to compare');

    // The fifth is refused with the limit's message; nothing changes.
    await page.goto(`/community/${five[4]!.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 }).toBe(five[4]!.name);
    await page.locator('main header').getByTestId('compare-button').click();
    await expect.poll(() => page.getByText('You can compare up to 4 communities at a time.', { exact: false }).first().isVisible()).toBe(true);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('seniorscope.compare') ?? '[]'))).toEqual(five.slice(0, 4).map((c) => c.id));

    await page.getByTestId('compare-tray').getByRole('link', { name: 'Compare side by side' }).click();
    await expect.poll(() => page.getByTestId('compare-column').count(), { timeout: 20_000 }).toBe(4);
    expect(await page.getByTestId('compare-column').allTextContents()).toEqual(five.slice(0, 4).map((c) => expect.stringContaining(c.name)));
    expect(await page.getByTestId('row-care-type').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('row-amenity').count()).toBeGreaterThan(0);
    // Review themes (ADR 021) as the API computes them from the stored reviews.
    const api = await (await page.request.get(`${baseUrl}/api/compare/view?ids=${five.slice(0, 4).map((c) => c.id).join(',')}`)).json();
    const themeCells = api.communities.map((c: { themes: string[] | null }) => (c.themes ? c.themes.join(', ') : 'No reviews yet'));
    expect(themeCells.some((t: string) => /\((praised|criticized|mixed|mentioned)\)/.test(t))).toBe(true);
    for (const cell of themeCells) expect(await page.getByTestId('row-themes').textContent()).toContain(cell);

    // Distance from the first community's ZIP code.
    await page.getByLabel('Distance from (city or ZIP code)').fill(five[0]!.zip_code);
    await page.getByRole('button', { name: 'Show distances' }).click();
    await expect.poll(() => page.getByTestId('row-distance').textContent(), { timeout: 20_000 }).toContain(`Distance from ${five[0]!.zip_code}`);
    expect(await page.getByTestId('row-distance').textContent()).toMatch(/\d+\.\d miles/);
    await screenshot(page, 'compare-desktop');
    await expectAccessible(page);

    // Print: the site's header, the page's controls and the chat button are gone; the table stays whole.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('header[data-app-header]').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.getByLabel('Distance from (city or ZIP code)').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Open chat assistant' }).isVisible()).toBe(false);
    expect(await page.getByTestId('compare-table').isVisible()).toBe(true);
    expect(await page.getByTestId('compare-column').count()).toBe(4);
    const table = await page.getByTestId('compare-table').boundingBox();
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    expect(table!.width).toBeLessThanOrEqual(width);
    await screenshot(page, 'compare-print');
    const pdf = await page.pdf({ format: 'Letter', landscape: true });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await page.emulateMedia({ media: 'screen' });

    // Signing in keeps the choice: the browser's list moves to the account.
    await signUp(page, { firstName: 'Ana' });
    await page.reload();
    await expect.poll(() => page.getByTestId('compare-column').count(), { timeout: 20_000 }).toBe(4);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('seniorscope.compare'))).toBeNull();
    const onAccount = await page.request.get(`${baseUrl}/api/compare`);
    expect((await onAccount.json()).communityIds).toEqual(five.slice(0, 4).map((c) => c.id));
    expect(pageErrors(page)).toEqual([]);
  }, 240_000);

  it('shares a shortlist with notes; a second browser opens it signed out, comments, and loses it when the link is turned off', async () => {
    const owner = await b.newPage();
    await signUp(owner, { firstName: 'Maria' });
    for (const c of five.slice(0, 2)) {
      const res = await owner.request.post(`${baseUrl}/api/favorites`, { data: { communityId: c.id } });
      expect(res.status()).toBe(200);
    }
    await owner.goto('/saved');
    const note = owner.getByLabel(`Notes for ${five[0]!.name}`);
    await note.fill('Visited Tuesday, lovely garden, waitlist');
    await owner.getByRole('button', { name: `Save note for ${five[0]!.name}` }).click();
    await expect.poll(() => owner.getByText(/Last edited by Maria/).first().isVisible(), { timeout: 20_000 }).toBe(true);

    await owner.getByLabel('Read and comment').check();
    await owner.getByRole('button', { name: 'Create link' }).click();
    const urlBox = owner.getByTestId('share-url');
    await expect.poll(() => urlBox.inputValue(), { timeout: 20_000 }).toContain('/shared/');
    const shareUrl = await urlBox.inputValue();
    await screenshot(owner, 'shortlist-owner');

    const visitor = await b.newPage();
    await visitor.goto(shareUrl);
    await expect.poll(() => visitor.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 }).toBe('Maria’s shortlist');
    expect(await visitor.getByTestId('shortlist-item').count()).toBe(2);
    expect(await visitor.getByTestId('shortlist-note').first().textContent()).toContain('Visited Tuesday, lovely garden, waitlist');
    expect(await visitor.request.get(`${baseUrl}/api/auth/user`).then((r) => r.status())).not.toBe(200);
    // Read-only: no note editor, no hearts.
    expect(await visitor.getByRole('textbox', { name: /Notes for/ }).count()).toBe(0);
    expect(await visitor.getByRole('button', { name: /favorites/ }).count()).toBe(0);
    await visitor.getByLabel('Your name').fill('Uncle Joe');
    await visitor.getByRole('textbox', { name: 'Comment' }).fill('The garden one looks right for Mom.');
    await visitor.getByRole('button', { name: 'Add comment' }).click();
    await expect.poll(() => visitor.getByTestId('comment-list').textContent(), { timeout: 20_000 }).toContain('The garden one looks right for Mom.');
    await screenshot(visitor, 'shortlist-shared');
    await expectAccessible(visitor);

    await owner.reload();
    await expect.poll(() => owner.getByTestId('comment-list').textContent(), { timeout: 20_000 }).toContain('Uncle Joe');
    await owner.getByRole('button', { name: 'Turn off' }).click();
    await expect.poll(() => owner.getByTestId('share-row').first().textContent()).toContain('Turned off');

    await visitor.reload();
    await expect.poll(() => visitor.getByText('This shortlist cannot be opened.').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await visitor.getByRole('alert').textContent()).toContain('turned off');
    expect(pageErrors(owner)).toEqual([]);
    expect(pageErrors(visitor)).toEqual([]);
  }, 240_000);
});
