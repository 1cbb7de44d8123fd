// Community search (/search) in a real browser against the real app and its generated dataset.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, choose, expectAccessible, pageErrors, screenshot, sql, useBrowser, VIEWPORTS } from './support/browser';

interface Facts {
  total: number;
  city: { city: string; state: string; n: number };
  zip: { zip_code: string; city: string; names: string[] };
  memoryCare: number;
  withCoords: number;
}
let facts: Facts;

const countText = (page: Page) => page.getByTestId('results-count').textContent();
const cards = (page: Page) => page.getByTestId('community-card');
const n = (value: number) => value.toLocaleString('en-US');

async function openSearch(page: Page, url = '/search') {
  await page.goto(url);
  await expect.poll(() => countText(page), { timeout: 20_000 }).toMatch(/communities found$/);
}

async function searchFor(page: Page, text: string) {
  const box = page.getByPlaceholder('Search by city, state, or ZIP code');
  await box.fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

describe.skipIf(!browserAvailable)('community search', () => {
  const b = useBrowser();

  beforeAll(async () => {
    const [total] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM communities');
    const [city] = await sql<{ city: string; state: string; n: number }>(
      'SELECT city, state, count(*)::int AS n FROM communities GROUP BY city, state ORDER BY count(*) DESC, city LIMIT 1',
    );
    const [zip] = await sql<{ zip_code: string; city: string; names: string[] }>(
      `SELECT zip_code, min(city) AS city, array_agg(name) AS names FROM communities
        WHERE zip_code ~ '^[0-9]{5}$' AND lat IS NOT NULL GROUP BY zip_code ORDER BY count(*) DESC, zip_code LIMIT 1`,
    );
    const [memory] = await sql<{ n: number }>("SELECT count(*)::int AS n FROM communities WHERE care_types @> ARRAY['Memory Care']");
    const [coords] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM communities WHERE lat IS NOT NULL AND lng IS NOT NULL');
    facts = { total: total!.n, city: city!, zip: zip!, memoryCare: memory!.n, withCoords: coords!.n };
    expect(facts.total).toBeGreaterThan(24);
  });

  it('lists every community, 12 to a page, in the list view (desktop)', async () => {
    const page = await b.newPage();
    await openSearch(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Find Senior Living Communities');
    expect(await countText(page)).toBe(`${n(facts.total)} communities found`);
    await expect.poll(() => cards(page).count()).toBe(12);
    // Each card: name link to its page, city/state, a rating with one decimal, a price or 'Contact for pricing'.
    const first = cards(page).first();
    expect(await first.getByRole('link').first().getAttribute('href')).toMatch(/^\/community\/\d+$/);
    expect(await first.textContent()).toMatch(/\d\.\d/);
    expect(await first.textContent()).toMatch(/\$[\d,]+ \/month|Contact for pricing/);
    await expect.poll(() => first.getByRole('button', { name: 'Request Information' }).isVisible()).toBe(true);
    // Photos load (the first card with one: the order depends on the data, and some communities have none).
    const withPhoto = cards(page).filter({ has: page.locator('img') }).first();
    await expect.poll(() => withPhoto.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await screenshot(page, 'search-list-desktop');
    await expectAccessible(page);
    expect(pageErrors(page)).toEqual([]);
  });

  it('searches by city, by ZIP, and shows the empty state with Clear Filters', async () => {
    const page = await b.newPage();
    await openSearch(page);

    await searchFor(page, facts.city.city);
    await expect.poll(() => page.locator('[data-testid="community-card"]').first().textContent()).toContain(`${facts.city.city}, `);
    const cityCount = Number((await countText(page))?.replace(/\D/g, ''));
    expect(cityCount).toBeGreaterThanOrEqual(facts.city.n);

    await searchFor(page, facts.zip.zip_code);
    await expect.poll(() => cards(page).first().locator('h3').textContent()).toSatisfy((name) => facts.zip.names.includes(String(name)));

    await searchFor(page, 'Qqzzxx Nowhere');
    await expect.poll(() => page.getByText('No communities found matching your criteria.').isVisible()).toBe(true);
    expect(await page.getByText('Try adjusting your search filters or location.').isVisible()).toBe(true);
    await screenshot(page, 'search-empty');
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => countText(page)).toBe(`${n(facts.total)} communities found`);
    expect(await page.getByPlaceholder('Search by city, state, or ZIP code').inputValue()).toBe('');
    expect(pageErrors(page)).toEqual([]);
  });

  it('filters by care type only on Apply Filters, sorts by price over the result, and pages', async () => {
    const page = await b.newPage();
    await openSearch(page);
    await page.getByRole('checkbox', { name: 'Memory Care' }).click();
    // Nothing changes until Apply Filters.
    expect(await countText(page)).toBe(`${n(facts.total)} communities found`);
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect.poll(() => countText(page)).toBe(`${n(facts.memoryCare)} communities found`);

    await choose(page, 'Sort results', 'Price: Low to High');
    const prices = async () =>
      (await cards(page).allTextContents()).map((t) => /\$([\d,]+) \/month/.exec(t)?.[1]).filter(Boolean).map((s) => Number(s!.replace(/,/g, '')));
    await expect.poll(async () => (await prices()).length).toBeGreaterThan(1);
    const page1 = await prices();
    expect(page1).toEqual([...page1].sort((a, b) => a - b));

    if (facts.memoryCare > 12) {
      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
      await expect.poll(async () => (await prices()).length).toBeGreaterThan(0);
      const page2 = await prices();
      expect(page2[0]).toBeGreaterThanOrEqual(page1[page1.length - 1] ?? 0);
      await page.getByRole('button', { name: 'Previous' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    }
    expect(pageErrors(page)).toEqual([]);
  });

  it('reads the footer care type link (?careType=memory)', async () => {
    const page = await b.newPage();
    await openSearch(page, '/search?careType=memory');
    await expect.poll(() => countText(page)).toBe(`${n(facts.memoryCare)} communities found`);
    expect(await page.getByRole('checkbox', { name: 'Memory Care' }).getAttribute('data-state')).toBe('checked');
    expect(pageErrors(page)).toEqual([]);
  });

  it('opens the Request Information dialog from a card', async () => {
    const page = await b.newPage();
    await openSearch(page);
    await cards(page).first().getByRole('button', { name: 'Request Information' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading', { name: 'Request Information' }).isVisible()).toBe(true);
    await expect.poll(() => dialog.locator('form').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });

  it('switches to the grid view and to the map, which shows the whole result and a marker card', async () => {
    const page = await b.newPage();
    await openSearch(page);
    await page.getByRole('button', { name: 'Grid' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Grid' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => cards(page).count()).toBe(12);
    expect(await cards(page).first().textContent()).toMatch(/From \$[\d,]+\/month|Contact for pricing/);
    await screenshot(page, 'search-grid-desktop');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Map' }).click();
    const map = page.getByTestId('community-map');
    await expect.poll(() => map.getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
    // The points endpoint gives the map the whole result, not one page.
    await expect.poll(() => page.getByTestId('map-status').textContent(), { timeout: 20_000 }).toContain(
      `${n(facts.withCoords)} of ${n(facts.total)} communities shown on the map`,
    );
    expect(await map.evaluate((el) => el.getBoundingClientRect().height)).toBe(600);
    await expect.poll(() => map.locator('.maplibregl-marker').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    // Every community of the result is on the map: the clusters and single markers add up to the total.
    const onMap = async () =>
      map.locator('.maplibregl-marker').evaluateAll((els) =>
        els.reduce((sum, el) => sum + (el.hasAttribute('data-community-id') ? 1 : Number(/^([\d,]+)/.exec(el.getAttribute('aria-label') ?? '')?.[1]?.replace(/,/g, '') ?? 0)), 0),
      );
    // Clusters and single markers in view add up to (nearly) the whole result: far more than one page.
    await expect.poll(onMap, { timeout: 10_000 }).toBeGreaterThan(Math.min(facts.withCoords, 12));
    expect(await onMap()).toBeLessThanOrEqual(facts.withCoords);
    await screenshot(page, 'search-map-desktop');

    // Zoom into clusters until a single community marker is visible, then open its card.
    const points = map.locator('[data-community-id]');
    for (let i = 0; i < 8 && (await points.count()) === 0; i++) {
      // Keyboard: the markers are buttons.
      await map.getByRole('button', { name: /communities here: zoom in/ }).first().focus();
      await page.keyboard.press('Enter');
      await page.waitForTimeout(900);
    }
    expect(await points.count()).toBeGreaterThan(0);
    const label = (await points.first().getAttribute('aria-label')) ?? '';
    await points.first().focus();
    await page.keyboard.press('Enter');
    const card = page.getByTestId('map-card');
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.locator('h3').textContent()).toBe(label.replace(/: show details$/, ''));
    expect(await card.textContent()).toMatch(/\$[\d,]+|Contact for pricing/);
    expect(await card.getByRole('link', { name: 'View Community' }).getAttribute('href')).toMatch(/^\/community\/\d+$/);
    await screenshot(page, 'search-map-card');
    await card.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => card.count()).toBe(0);
    await expectAccessible(page);
    expect(pageErrors(page)).toEqual([]);
  });

  it('works on a phone (list view)', async () => {
    const page = await b.newPage({ viewport: VIEWPORTS.phone });
    await openSearch(page);
    await expect.poll(() => cards(page).count()).toBe(12);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'search-list-phone');
    await expectAccessible(page);
    expect(pageErrors(page)).toEqual([]);
  });
});
