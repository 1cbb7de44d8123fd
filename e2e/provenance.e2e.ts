// Honest data in a real browser (issue 9, ADR 008): the demo ribbon, the "Demo data" badges, the source
// line of an imported public record (the CMS sample imported by the e2e setup) and the Illustration caption.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, expectAccessible, pageErrors, screenshot, sql, useBrowser } from './support/browser';

const RIBBON = 'This site is showing demo data: communities, prices and reviews are fictional';
const poll = expect.poll;

interface Row {
  id: number;
  name: string;
  city: string;
  state: string;
}

let demo: Row;
let imported: Row & { source_name: string; as_of: string };

const ribbon = (page: Page) => page.getByRole('region', { name: 'Demo data notice' });

describe.skipIf(!browserAvailable)('provenance', () => {
  const b = useBrowser();

  beforeAll(async () => {
    [demo] = await sql<Row>(
      `SELECT id, name, city, state FROM communities
        WHERE source_kind = 'demo' AND cardinality(photos) > 0 AND lat IS NOT NULL
          AND EXISTS (SELECT 1 FROM customer_reviews r WHERE r.community_id = communities.id)
        ORDER BY review_count DESC, id LIMIT 1`,
    );
    [imported] = await sql<Row & { source_name: string; as_of: string }>(
      `SELECT id, name, city, state, source_name, to_char(source_as_of, 'YYYY-MM-DD') AS as_of FROM communities
        WHERE source_kind = 'cms' ORDER BY id LIMIT 1`,
    );
    expect(demo).toBeTruthy();
    expect(imported).toMatchObject({ source_name: 'Centers for Medicare & Medicaid Services', as_of: '2026-07-01' });
  });

  it('shows the demo ribbon on every page until it is dismissed, and remembers the dismissal', async () => {
    const page = await b.newPage();
    await page.goto('/');
    await poll(() => ribbon(page).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await ribbon(page).textContent()).toContain(RIBBON);
    await screenshot(page, 'provenance-ribbon');
    await expectAccessible(page);
    // Persistent across pages.
    await page.goto('/about');
    await poll(() => ribbon(page).isVisible(), { timeout: 20_000 }).toBe(true);
    await ribbon(page).getByRole('button', { name: 'Dismiss the demo data notice' }).click();
    await poll(() => ribbon(page).count()).toBe(0);
    // Stays dismissed after a reload and on other pages (wait for the site call so the check is not early).
    for (const path of ['/about', '/search']) {
      const site = page.waitForResponse((r) => r.url().endsWith('/api/site'));
      await page.goto(path);
      await site.catch(() => null); // may be served from the HTTP cache
      await page.waitForTimeout(500);
      expect(await ribbon(page).count()).toBe(0);
    }
    expect(pageErrors(page)).toEqual([]);
  });

  it('marks demo search cards and their pictures, and the map card', async () => {
    const page = await b.newPage();
    await page.goto(`/search?location=${encodeURIComponent(`${demo.city}, ${demo.state}`)}`);
    const card = page.getByTestId('community-card').filter({ hasText: demo.name });
    await poll(() => card.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await card.first().getByTestId('demo-badge').textContent()).toBe('Demo data');
    expect(await card.first().getByTestId('illustration-caption').textContent()).toBe('Illustration');
    expect(await card.first().locator('img').getAttribute('alt')).toBe(`Illustration of ${demo.name}`);
    await screenshot(page, 'provenance-search-cards');

    await page.getByRole('button', { name: 'Map', exact: true }).click();
    const map = page.getByTestId('community-map');
    await poll(() => map.getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
    await poll(() => map.locator('.maplibregl-marker').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const points = map.locator('[data-community-id]');
    for (let i = 0; i < 8 && (await points.count()) === 0; i++) {
      await map.getByRole('button', { name: /communities here: zoom in/ }).first().focus();
      await page.keyboard.press('Enter');
      await page.waitForTimeout(900);
    }
    expect(await points.count()).toBeGreaterThan(0);
    const id = Number(await points.first().getAttribute('data-community-id'));
    const [{ kind }] = await sql<{ kind: string }>('SELECT source_kind AS kind FROM communities WHERE id = $1', [id]);
    await points.first().focus();
    await page.keyboard.press('Enter');
    const mapCard = page.getByTestId('map-card');
    await poll(() => mapCard.isVisible()).toBe(true);
    if (kind === 'demo') expect(await mapCard.getByTestId('demo-badge').textContent()).toBe('Demo data');
    else expect(await mapCard.getByTestId('source-line').textContent()).toMatch(/^Source: /);
    await screenshot(page, 'provenance-map-card');
    expect(pageErrors(page)).toEqual([]);
  });

  it('marks a demo detail page, its illustrations and its reviews (never Verified, via Demo)', async () => {
    const page = await b.newPage();
    await page.goto(`/community/${demo.id}`);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 }).toBe(demo.name);
    expect(await page.locator('header').getByTestId('demo-badge').first().textContent()).toBe('Demo data');
    const grid = page.getByTestId('photo-grid');
    await poll(() => grid.getByTestId('illustration-caption').count()).toBeGreaterThan(0);
    expect(await grid.getByRole('img').first().getAttribute('alt')).toMatch(new RegExp(`^Illustration of `));
    await poll(() => page.getByTestId('review').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const reviews = await page.getByTestId('review').allTextContents();
    for (const r of reviews) {
      expect(r).toContain('via Demo');
      expect(r).not.toContain('Verified');
    }
    expect(await page.getByRole('link', { name: /Visit Website/ }).count()).toBe(0);
    await screenshot(page, 'provenance-community-demo');
    await expectAccessible(page);
    expect(pageErrors(page)).toEqual([]);
  });

  it('shows the agency and as-of date of an imported record, on its page and its search card', async () => {
    const page = await b.newPage();
    await page.goto(`/community/${imported.id}`);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 }).toBe(imported.name);
    const line = 'Source: Centers for Medicare & Medicaid Services, as of Jul 1, 2026';
    expect(await page.getByTestId('source-line').first().textContent()).toBe(line);
    expect(await page.getByTestId('demo-badge').count()).toBe(0);
    await screenshot(page, 'provenance-community-imported');

    await page.goto(`/search?location=${encodeURIComponent(`${imported.city}, ${imported.state}`)}`);
    const card = page.getByTestId('community-card').filter({ hasText: imported.name });
    await poll(() => card.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await card.first().getByTestId('source-line').textContent()).toBe(line);
    expect(await card.first().getByTestId('demo-badge').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });

  it('marks demo rows of Community Insights and demo operator cards, which link no employer site', async () => {
    const page = await b.newPage();
    await page.goto('/community-insights');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 }).toBe('Community Insights');
    await poll(() => page.locator('tbody tr').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await poll(() => page.locator('tbody').getByTestId('demo-badge').count()).toBeGreaterThan(0);
    await screenshot(page, 'provenance-insights');

    await page.goto('/operator-insights');
    await poll(() => page.getByTestId('operator-card').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const first = page.getByTestId('operator-card').first();
    await poll(() => page.getByTestId('operator-card').getByTestId('demo-badge').count()).toBeGreaterThan(0);
    expect(await first.getByTestId('employee-review-count').textContent()).toMatch(/employee review|No employee reviews/);
    expect(await page.getByRole('link', { name: /Indeed|Glassdoor/ }).count()).toBe(0);
    await screenshot(page, 'provenance-operators');
    expect(pageErrors(page)).toEqual([]);
  });
});
