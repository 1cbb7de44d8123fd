// Markets and the competitive set (issue 15) in a real browser, for a trial (Pro) account: open a
// competitive set, change the radius, read the price chart; open a county market from the map.
import { describe, expect, it } from 'vitest';
import { baseUrl, browserAvailable, choose, expectAccessible, pageErrors, screenshot, signUp, sql, useBrowser } from './support/browser';

interface Place {
  id: number;
  lat: number;
  lng: number;
  al: number | null;
}

// The hand computation: haversine miles (Earth radius 3,958.8) and linear-interpolation percentiles.
function miles(a: Place, b: Place): number {
  const r = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(r(b.lat - a.lat) / 2) ** 2 + Math.cos(r(a.lat)) * Math.cos(r(b.lat)) * Math.sin(r(b.lng - a.lng) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(h));
}
function percentile(sorted: number[], p: number): number {
  const pos = p * (sorted.length - 1);
  const lo = Math.floor(pos);
  return sorted[lo]! + (sorted[Math.ceil(pos)]! - sorted[lo]!) * (pos - lo);
}
const money = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;

describe.skipIf(!browserAvailable)('markets', () => {
  const b = useBrowser();

  it('opens a competitive set, changes the radius and reads the price chart', async () => {
    const places = await sql<Place>(
      `SELECT c.id, c.lat, c.lng,
              (SELECT (p.min_price + p.max_price) / 2.0 FROM community_pricing p WHERE p.community_id = c.id AND p.care_type = 'Assisted Living' ORDER BY p.id LIMIT 1)::float AS al
         FROM communities c WHERE c.listing_status = 'listed' AND c.lat IS NOT NULL`,
    );
    const setOf = (me: Place, radius: number) => {
      const others = places.filter((p) => p.id !== me.id).map((p) => ({ p, d: miles(me, p) })).sort((x, y) => x.d - y.d || x.p.id - y.p.id);
      const within = others.filter((o) => o.d <= radius);
      return { within: within.length, set: within.length >= 10 ? within : others.filter((o) => o.d <= 500).slice(0, 10) };
    };
    // The priced assisted-living community whose count grows most from 10 to 25 miles.
    const me = places
      .filter((p) => p.al !== null)
      .map((p) => ({ p, grow: setOf(p, 25).within - setOf(p, 10).within }))
      .sort((x, y) => y.grow - x.grow || x.p.id - y.p.id)[0]!.p;
    const ten = setOf(me, 10);
    const wide = setOf(me, 25);
    const prices = wide.set.flatMap((o) => (o.p.al === null ? [] : [o.p.al])).sort((x, y) => x - y);
    expect(prices.length).toBeGreaterThan(0);

    const page = await b.newPage();
    await signUp(page);
    await page.goto(`/community-insights/${me.id}/market`);
    const count = page.getByTestId('competitor-count');
    await expect.poll(() => count.textContent(), { timeout: 30_000 }).toContain(`${ten.within} competitors within 10 miles`);
    await choose(page, page.locator('#competitor-radius'), '25 miles');
    await expect.poll(() => count.textContent(), { timeout: 30_000 }).toContain(`${wide.within} competitors within 25 miles`);
    // The chosen radius is in the address, so the set can be shared: opened again, it is the 25-mile set.
    expect(new URL(page.url()).search).toBe('?radius=25');
    await page.reload();
    await expect.poll(() => count.textContent(), { timeout: 30_000 }).toContain(`${wide.within} competitors within 25 miles`);
    expect(await page.locator('#competitor-radius').textContent()).toContain('25 miles');
    // The nearest competitor's distance, as the table rounds it.
    await expect.poll(() => page.getByTestId('competitors').locator('tbody tr').count(), { timeout: 20_000 }).toBe(Math.min(60, wide.set.length));
    expect(await page.getByTestId('competitors').locator('tbody tr').first().textContent()).toContain(wide.set[0]!.d.toFixed(1));
    // The price chart draws; its table row gives this community's price and the competitors' median and band.
    await expect.poll(() => page.getByTestId('price-position-chart').locator('.recharts-wrapper').count(), { timeout: 20_000 }).toBe(1);
    // Its key names the three marks in the page's text colour (not in the band's pale blue).
    const key = page.getByTestId('price-position-key');
    expect(await key.textContent()).toBe('Competitors p25–p75Competitors medianThis community');
    expect(await key.evaluate((el) => getComputedStyle(el).color)).toBe('oklch(0.373 0.034 259.733)'); // Tailwind's gray-700
    const row = page.getByTestId('price-position').locator('tr', { hasText: 'Assisted Living' });
    const text = await row.textContent();
    expect(text).toContain(money(me.al!));
    expect(text).toContain(money(percentile(prices, 0.5)));
    expect(text).toContain(`${money(percentile(prices, 0.25))} – ${money(percentile(prices, 0.75))}`);
    // Review themes against the competitors, as the API compares them (ADR 021).
    const api = await (await page.request.get(`${baseUrl}/api/community-insights/${me.id}/market?radius=25`)).json();
    const themes = page.getByTestId('reputation-themes');
    if (api.reputation.themes === null) expect(await themes.textContent()).toContain('not enough scored reviews');
    else for (const t of api.reputation.themes as { label: string; verdict: string }[]) expect(await themes.textContent()).toContain(t.label);
    await screenshot(page, 'competitive-set');
    await expectAccessible(page);
    expect(pageErrors(page)).toEqual([]);
  });

  it('opens a county market from the map', async () => {
    const [county] = await sql<{ fips: string; state: string; county: string; n: number; capacity: number }>(
      `SELECT c.county_fips AS fips, cp.state, cp.county, count(*)::int AS n, coalesce(sum(c.capacity) FILTER (WHERE c.capacity > 0), 0)::int AS capacity
         FROM communities c JOIN county_population cp ON cp.fips = c.county_fips
        WHERE c.listing_status = 'listed' GROUP BY 1, 2, 3 ORDER BY count(*) DESC, 1 LIMIT 1`,
    );
    const page = await b.newPage();
    await signUp(page);
    await page.goto('/markets');
    const shape = page.locator(`[data-testid="county-map"] path[data-fips="${county!.fips}"]`);
    await shape.waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByRole('table', { name: 'Underserved markets' }).locator('tbody tr').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await screenshot(page, 'markets');
    // A county's shape may be concave: the click is sent to the shape itself, wherever its box centre falls.
    await shape.dispatchEvent('click');
    await page.waitForURL(new RegExp(`/markets/${county!.state}/${county!.fips}$`), { timeout: 20_000 });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 }).toBe(`${county!.county}, ${county!.state} market`);
    const figures = page.getByTestId('county-figures');
    await expect.poll(() => figures.textContent(), { timeout: 20_000 }).toContain(`Communities${county!.n.toLocaleString('en-US')}${county!.capacity.toLocaleString('en-US')} licensed beds`);
    expect(await page.getByTestId('market-sources').textContent()).toContain('American Community Survey 2015–2019');
    // When the communities were counted (a date and time in the reader's zone), not older than this test.
    const counted = (await page.getByTestId('market-counted-at').textContent()) ?? '';
    expect(counted).toMatch(/^Communities counted: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M\.$/);
    expect(Date.parse(counted.replace(/^Communities counted: |\.$/g, '').replace(',', '').replace(/\s/g, ' '))).toBeGreaterThan(Date.now() - 60 * 60_000);
    await screenshot(page, 'county-market');
    await expectAccessible(page);
    expect(pageErrors(page)).toEqual([]);
  });
});
