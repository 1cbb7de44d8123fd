// Search answers keep the filters (issue 9, ADR 010), in a real browser on the generated dataset: a price
// band with a care type shows that care type's price on the cards, the communities that publish no price
// are offered with one click, and a community without reviews says "No reviews yet".
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, expectAccessible, pageErrors, screenshot, sql, useBrowser } from './support/browser';

const countText = (page: Page) => page.getByTestId('results-count').textContent();
const cards = (page: Page) => page.getByTestId('community-card');
const n = (value: number) => value.toLocaleString('en-US');
const AL = 'Assisted Living';

let budget: number;
let unpriced: number;
let priced: number;
let noReviews: { id: number; name: string };

describe.skipIf(!browserAvailable)('search truth', () => {
  const b = useBrowser();

  beforeAll(async () => {
    // A budget at the median Assisted Living price, so some communities fit only by another care type's price.
    const [median] = await sql<{ p: number }>("SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY min_price) AS p FROM community_pricing WHERE care_type = $1", [AL]);
    budget = Math.ceil(median!.p / 100) * 100;
    const [counts] = await sql<{ priced: number; unpriced: number; other_only: number }>(
      `SELECT count(*) FILTER (WHERE EXISTS (SELECT 1 FROM community_pricing p WHERE p.community_id = c.id AND p.care_type = $1 AND p.min_price <= $2))::int AS priced,
              count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM community_pricing p WHERE p.community_id = c.id AND p.care_type = $1))::int AS unpriced,
              count(*) FILTER (WHERE c.min_price <= $2 AND NOT EXISTS (SELECT 1 FROM community_pricing p WHERE p.community_id = c.id AND p.care_type = $1 AND p.min_price <= $2))::int AS other_only
         FROM communities c WHERE c.care_types @> ARRAY[$1]`,
      [AL, budget],
    );
    priced = counts!.priced;
    unpriced = counts!.unpriced;
    // The dataset has what these tests need: communities the old rule let in by another care type's price, and unpriced ones.
    expect(counts!.other_only).toBeGreaterThan(0);
    expect(unpriced).toBeGreaterThan(0);
    const [none] = await sql<{ id: number; name: string }>('SELECT id, name FROM communities WHERE review_count = 0 ORDER BY id LIMIT 1');
    expect(none).toBeDefined();
    noReviews = none!;
  });

  it('Assisted Living within a budget: every card shows its Assisted Living price, within the budget', async () => {
    const page = await b.newPage();
    await page.goto(`/search?careType=assisted&priceMax=${budget}&sort=price_high`);
    await expect.poll(() => countText(page), { timeout: 20_000 }).toBe(`${n(priced)} communities found`);
    await expect.poll(() => cards(page).count()).toBeGreaterThan(0);
    const count = await cards(page).count();
    for (let i = 0; i < count; i++) {
      const card = cards(page).nth(i);
      const id = Number((await card.getByRole('link').first().getAttribute('href'))!.split('/').pop());
      const [row] = await sql<{ p: number }>('SELECT min(min_price)::int AS p FROM community_pricing WHERE community_id = $1 AND care_type = $2 AND min_price <= $3', [id, AL, budget]);
      const text = (await card.textContent()) ?? '';
      const shown = Number(/\$([\d,]+) \/month/.exec(text)?.[1]?.replace(/,/g, ''));
      expect(shown, text).toBe(row!.p);
      expect(shown).toBeLessThanOrEqual(budget);
      expect(await card.getByTestId('card-price-care-type').textContent()).toBe(AL);
    }
    // The grid shows the same price as "From $X/month".
    await page.getByRole('button', { name: 'Grid' }).click();
    const first = cards(page).first();
    const id = Number((await first.getByRole('link').first().getAttribute('href'))!.split('/').pop());
    const [row] = await sql<{ p: number }>('SELECT min(min_price)::int AS p FROM community_pricing WHERE community_id = $1 AND care_type = $2 AND min_price <= $3', [id, AL, budget]);
    await expect.poll(() => first.textContent()).toContain(`From $${n(row!.p)}/month`);
    await screenshot(page, 'search-care-type-price-grid');
    expect(pageErrors(page)).toEqual([]);
  });

  it('"N more communities don\'t publish prices" with a one-click, shareable way to include them', async () => {
    const page = await b.newPage();
    await page.goto(`/search?careType=assisted&priceMax=${budget}`);
    const notice = page.getByTestId('unpriced-notice');
    await expect.poll(() => notice.textContent(), { timeout: 20_000 }).toContain(
      `${n(unpriced)} more ${unpriced === 1 ? "community doesn't" : "communities don't"} publish prices`,
    );
    await screenshot(page, 'search-unpriced-notice');
    await expectAccessible(page);
    await notice.getByRole('button', { name: 'Include them' }).click();
    await expect.poll(() => countText(page)).toBe(`${n(priced + unpriced)} communities found`);
    expect(new URL(page.url()).searchParams.get('includeUnpriced')).toBe('true');
    expect(await notice.textContent()).toContain(`Including ${n(unpriced)}`);
    // The address alone reproduces it.
    const again = await b.newPage();
    await again.goto(page.url());
    await expect.poll(() => countText(again), { timeout: 20_000 }).toBe(`${n(priced + unpriced)} communities found`);
    await notice.getByRole('button', { name: 'Hide them' }).click();
    await expect.poll(() => countText(page)).toBe(`${n(priced)} communities found`);
    expect(pageErrors(page)).toEqual([]);
  });

  it('a community without reviews shows "No reviews yet" on its card and page, never 0.0', async () => {
    const page = await b.newPage();
    await page.goto(`/search?location=${encodeURIComponent(noReviews.name)}`);
    const card = cards(page).filter({ has: page.getByRole('link', { name: noReviews.name, exact: true }) }).first();
    await expect.poll(() => card.textContent(), { timeout: 20_000 }).toContain('No reviews yet');
    expect(await card.textContent()).not.toMatch(/0\.0|\(0 reviews\)/);
    await screenshot(page, 'search-no-reviews-card');
    await page.goto(`/community/${noReviews.id}`);
    await expect.poll(() => page.getByTestId('community-rating').textContent(), { timeout: 20_000 }).toBe('No reviews yet');
    await screenshot(page, 'community-no-reviews-header');
    expect(pageErrors(page)).toEqual([]);
  });
});
