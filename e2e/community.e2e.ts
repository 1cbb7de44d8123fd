// The community detail screen (/community/{id}) in a real browser against the real app.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, browserAvailable, expectAccessible, hydrated, pageErrors, screenshot, signUp, sql, useBrowser, VIEWPORTS } from './support/browser';

interface Target {
  id: number;
  name: string;
  review_count: number;
}

let target: Target;

async function openCommunity(page: Page, id: number) {
  await page.goto(`/community/${id}`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 }).toBeTruthy();
  // The heading is in the server's HTML: wait until React has hydrated it, so the buttons have their handlers.
  await hydrated(page.locator('h1').first());
}

describe.skipIf(!browserAvailable)('community detail', () => {
  const b = useBrowser();

  beforeAll(async () => {
    // A community with pricing, photos and more than one page of reviews.
    const rows = await sql<Target>(
      `SELECT c.id, c.name, (SELECT count(*)::int FROM customer_reviews r WHERE r.community_id = c.id) AS review_count
         FROM communities c
        WHERE cardinality(c.photos) > 0 AND EXISTS (SELECT 1 FROM community_pricing p WHERE p.community_id = c.id)
        ORDER BY review_count DESC, c.id
        LIMIT 1`,
    );
    target = rows[0]!;
    expect(target.review_count).toBeGreaterThan(3);
  });

  it('shows every block of the page in the spec order (desktop)', async () => {
    const page = await b.newPage();
    await openCommunity(page, target.id);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(target.name);
    const main = page.locator('main');
    for (const heading of ['Care Types & Pricing', 'Amenities & Services', 'Resident Reviews', 'Request Information', 'Contact Information']) {
      await expect.poll(() => main.getByRole('heading', { name: heading, exact: true }).isVisible()).toBe(true);
    }
    await expect.poll(() => page.getByText(`Based on ${target.review_count} reviews`).isVisible()).toBe(true);
    await expect.poll(() => page.locator('[data-testid="review"]').count()).toBe(3);
    await expect.poll(() => page.getByTestId('photo-grid').getByRole('img').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('top-price').textContent()).toMatch(/\$[\d,]+ per month/);
    // Section order: pricing before amenities before reviews.
    const order = await main.locator('h2').allTextContents();
    expect(order.indexOf('Care Types & Pricing')).toBeLessThan(order.indexOf('Amenities & Services'));
    expect(order.indexOf('Amenities & Services')).toBeLessThan(order.indexOf('Resident Reviews'));
    const website = page.getByRole('link', { name: /Visit Website/ });
    if ((await website.count()) > 0) {
      expect(await website.getAttribute('target')).toBe('_blank');
      expect(await website.getAttribute('rel')).toContain('noopener');
    }
    await screenshot(page, 'community-desktop');
    await expectAccessible(page);
    expect(pageErrors(page)).toEqual([]);
  });

  it('pages through all reviews, newest first, in the View All dialog', async () => {
    const page = await b.newPage();
    await openCommunity(page, target.id);
    await page.getByRole('button', { name: `View All ${target.review_count} Reviews` }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const list = dialog.getByTestId('all-reviews-list');
    const pages = Math.ceil(target.review_count / 10);
    await expect.poll(() => dialog.getByText(`Page 1 of ${pages}`).isVisible()).toBe(true);
    await expect.poll(() => list.locator('[data-testid="review"]').count()).toBe(Math.min(10, target.review_count));
    await screenshot(page, 'community-all-reviews');
    await expectAccessible(page);
    const dates: string[] = [];
    for (let p = 1; p <= pages; p++) {
      await expect.poll(() => dialog.getByText(`Page ${p} of ${pages}`).isVisible()).toBe(true);
      await expect.poll(() => list.getAttribute('aria-busy')).toBe('false');
      dates.push(...(await list.locator('time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime') ?? ''))));
      if (p < pages) await dialog.getByRole('button', { name: 'Next' }).click();
    }
    expect(dates).toHaveLength(target.review_count);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(await dialog.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => dialog.getByText(`Page ${pages - 1} of ${pages}`).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });

  it('opens the Schedule a Visit and Virtual Tour dialogs', async () => {
    const page = await b.newPage();
    await openCommunity(page, target.id);
    await page.getByRole('button', { name: 'Schedule a Visit' }).click();
    await expect.poll(() => page.getByRole('dialog').getByText('Contact the community directly to schedule your visit:').isVisible()).toBe(true);
    expect(await page.getByRole('dialog').getByRole('link').count()).toBeGreaterThan(0);
    await screenshot(page, 'community-schedule');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('button', { name: 'Virtual Tour' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('dialog')
          .getByText('Virtual tour functionality will be available soon. Please contact the community for a personalized virtual tour.')
          .isVisible(),
      )
      .toBe(true);
    await page.keyboard.press('Escape');
    expect(pageErrors(page)).toEqual([]);
  });

  it('requests information: an empty submit asks for the required fields, a valid one is stored and thanked', async () => {
    const page = await b.newPage();
    await openCommunity(page, target.id);
    const form = page.getByRole('form', { name: 'Request information' });
    let leadPosts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/leads')) leadPosts++;
    });
    await form.getByRole('button', { name: 'Request Information' }).click();
    await expect.poll(() => page.getByText('Please fill in your name and email address.').first().isVisible()).toBe(true);
    expect(await page.getByText('Required Fields').first().isVisible()).toBe(true);
    expect(leadPosts).toBe(0);
    const email = `e2e-lead-${Date.now()}@example.com`;
    await form.getByLabel('Name').fill('Pat Visitor');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone').fill('(555) 010-2000');
    await form.getByRole('checkbox', { name: 'Assisted Living' }).click();
    await form.getByLabel('Notes').fill('Looking for a room this spring.');
    await form.getByRole('button', { name: 'Request Information' }).click();
    await expect.poll(() => page.getByText('Information Request Sent').first().isVisible()).toBe(true);
    expect(await page.getByText('Thank you! A care advisor will contact you within 24 hours.').first().isVisible()).toBe(true);
    expect(leadPosts).toBe(1);
    expect(await form.getByLabel('Name').inputValue()).toBe('');
    const rows = await sql<{ community_id: number; care_needs: string[]; source: string }>(
      'SELECT community_id, care_needs, source FROM leads WHERE email = $1',
      [email],
    );
    expect(rows).toEqual([{ community_id: target.id, care_needs: ['Assisted Living'], source: 'website' }]);
    expect(pageErrors(page)).toEqual([]);
  });

  it('asks a signed-out visitor to sign in before saving a favorite', async () => {
    const page = await b.newPage();
    await openCommunity(page, target.id);
    await page.getByRole('button', { name: `Save ${target.name} to favorites` }).click();
    await expect.poll(() => page.getByText('Please sign in to save favorites.').first().isVisible()).toBe(true);
    expect(pageErrors(page)).toEqual([]);
  });

  it('lets a signed-in user save the community and stores their request with their account', async () => {
    const page = await b.newPage();
    const { email } = await signUp(page);
    await openCommunity(page, target.id);
    const heart = page.getByRole('button', { name: `Save ${target.name} to favorites` });
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await expect.poll(() => page.getByText('Community has been added to your favorites.').first().isVisible()).toBe(true);
    const saved = page.getByRole('button', { name: `Remove ${target.name} from favorites` });
    await expect.poll(() => saved.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await expect.poll(() => saved.getAttribute('aria-pressed'), { timeout: 20_000 }).toBe('true');
    const form = page.getByRole('form', { name: 'Request information' });
    await form.getByLabel('Name').fill('Signed In Visitor');
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Request Information' }).click();
    await expect.poll(() => page.getByText('Information Request Sent').first().isVisible()).toBe(true);
    const rows = await sql<{ user_email: string | null }>(
      'SELECT u.email AS user_email FROM leads l LEFT JOIN users u ON u.id = l.user_id WHERE l.name = $1',
      ['Signed In Visitor'],
    );
    expect(rows).toEqual([{ user_email: email.toLowerCase() }]);
    await saved.click();
    await expect.poll(() => page.getByText('Community has been removed from your favorites.').first().isVisible()).toBe(true);
    expect(pageErrors(page)).toEqual([]);
  });

  it('works on a phone (390 px)', async () => {
    const page = await b.newPage({ viewport: VIEWPORTS.phone });
    await openCommunity(page, target.id);
    await expect.poll(() => page.getByRole('heading', { name: 'Resident Reviews' }).isVisible()).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'community-phone');
    await expectAccessible(page);
    expect(pageErrors(page)).toEqual([]);
  });

  it.each(['99999999', 'abc', '0'])('shows Community Not Found for id %s', async (id) => {
    const page = await b.newPage();
    await page.goto(`/community/${id}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Community Not Found' }).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByText("The community you're looking for could not be found.").isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Back to Search' }).getAttribute('href')).toBe('/search');
    if (id === 'abc') await screenshot(page, 'community-not-found');
    expect(pageErrors(page)).toEqual([]);
  });

  it('is served with its facts and tags in the HTML, rendered by the server and hydrated by React (issue 14, ADR 028)', async () => {
    // Without JavaScript: what a crawler or a link preview reads.
    const html = await (await fetch(`${baseUrl}/community/${target.id}`)).text();
    expect(html).toContain('<div id="root" data-ssr="1">');
    expect(html).toContain('Request Information');
    expect(html).toMatch(/<meta property="og:title" content="[^"]+" \/>/);
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as { name: string };
    expect(ld.name).toBe(target.name);

    const page = await b.newPage();
    await openCommunity(page, target.id);
    await expect.poll(() => page.getByRole('heading', { name: 'Request Information', exact: true }).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.locator('[data-prerendered]').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.title()).toMatch(new RegExp(`\\| SeniorScope$`));
    expect(await page.title()).toContain(target.name);
    // Client navigation keeps the head in step: the canonical follows the new address.
    await page.locator('footer a[href="/resources/faq"]').click();
    await expect.poll(() => page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? '')).toBe(`${baseUrl}/resources/faq`);
    expect(await page.locator('[data-prerendered]').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });
});
