// Markets and the competitive set (issue 15): every figure against a hand computation on seeded rows.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { refreshReviewFigures } from '../../db/aggregates';
import { assignCounties, loadCountyPopulation } from '../../db/counties';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../../test/db';
import type { App } from '../../types';
import { createSession } from '../auth/session';
import { scoreThemes, ThemeScorer, themeSentimentLiteral } from '../../lib/themes';
import type { LiveIndex } from '../../lib/live-index';
import type { MarketIndex } from './market-index';
import { createMarketsService, OVERVIEW_STALE_IF_ERROR_MS } from './markets.service';
import * as repo from './markets.repo';
import { uncounted } from '../../test/counted';

let tdb: TestDatabase;
let app: App;
let pro: string;
let basic: string;
let pop: Map<string, number>;

async function userCookie(email: string, plan: 'pro' | 'basic'): Promise<string> {
  const { rows } = await tdb.pool.query<{ id: number }>(`INSERT INTO users (email, plan) VALUES ($1, $2) RETURNING id`, [email, plan]);
  return `sid=${(await createSession(tdb.pool, rows[0]!.id)).token}`;
}

// Haversine written out again for the hand computation (Earth radius 3,958.8 miles).
function miles(a: [number, number], b: [number, number]): number {
  const r = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(r(b[0] - a[0]) / 2) ** 2 + Math.cos(r(a[0])) * Math.cos(r(b[0])) * Math.sin(r(b[1] - a[1]) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(h));
}

const P = {
  c1: [41.824, -71.4128] as [number, number], // Providence
  c2: [41.835, -71.43] as [number, number], // Providence, no county in the record
  c3: [41.8787, -71.3826] as [number, number], // Pawtucket (Providence County), no county in the record
  c4: [41.826, -71.414] as [number, number], // delisted
  c5: [41.7001, -71.4162] as [number, number], // Warwick (Kent County)
  c6: [41.49, -71.31] as [number, number], // Newport
};

beforeAll(async () => {
  tdb = await createTestDatabase();
  const q = (sql: string, p: unknown[] = []) => tdb.pool.query(sql, p);
  await loadCountyPopulation(tdb.pool);
  pop = new Map((await q('SELECT fips, population_65 FROM county_population')).rows.map((r) => [r.fips, r.population_65]));
  await q(`INSERT INTO operators (id, name, source_id) VALUES (1, 'Op One', 'o1'), (2, 'Op Two', 'o2')`);
  const c = (id: number, state: string, county: string | null, at: [number, number] | null, capacity: number | null, care: string[], amenities: string[], op: number | null, extra = '') =>
    q(
      `INSERT INTO communities (id, name, city, state, county, lat, lng, capacity, care_types, amenities, operator_id, source_id, source_kind, source_name, source_as_of, listing_status)
       VALUES ($1, $2, 'X', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [id, `C${id}`, state, county, at?.[0] ?? null, at?.[1] ?? null, capacity, care, amenities, op, `c${id}`,
        extra === 'state' ? 'state' : 'demo', extra === 'state' ? 'Rhode Island Department of Health' : 'Demo data', extra === 'state' ? '2021-07-01' : null,
        extra === 'delisted' ? 'delisted' : 'listed'],
    );
  await c(1, 'RI', 'Providence', P.c1, 100, ['Assisted Living', 'Memory Care'], ['Gym', 'Library'], 1, 'state');
  await c(2, 'RI', null, P.c2, 50, ['Assisted Living'], ['Pool', 'Gym'], 1);
  await c(3, 'RI', null, P.c3, null, ['Assisted Living'], ['Pool'], 2);
  await c(4, 'RI', 'Providence', P.c4, 1000, ['Assisted Living'], [], 2, 'delisted');
  await c(5, 'RI', 'KENT COUNTY', P.c5, 80, ['Assisted Living'], ['Pool', 'Garden'], null);
  await c(6, 'RI', 'Newport', P.c6, 30, ['Skilled Nursing'], [], null);
  await c(7, 'TX', null, null, 60, ['Assisted Living'], [], null);
  await q(`INSERT INTO community_pricing (community_id, care_type, min_price, max_price) VALUES
    (1, 'Assisted Living', 3000, 4000), (1, 'Memory Care', 5000, 6000),
    (2, 'Assisted Living', 4000, 5000), (3, 'Assisted Living', 6000, 6000),
    (4, 'Assisted Living', 1000, 1000), (5, 'Assisted Living', 2000, 3000)`);
  await q(`INSERT INTO customer_reviews (community_id, rating, author, content, review_date, source, sentiment) VALUES
    (2, 5, 'a', 'x', '2026-01-01', 'Demo', 0.8), (2, 3, 'b', 'y', '2026-01-02', 'Demo', 0.4), (5, 2, 'c', 'z', '2026-01-03', 'Demo', 0.2)`);
  await q(`UPDATE communities SET rating = CASE id WHEN 2 THEN 4 WHEN 5 THEN 2 ELSE 0 END, review_count = CASE id WHEN 2 THEN 2 WHEN 5 THEN 1 ELSE 0 END`);
  // As every path that writes reviews does: the review summaries the competitive set reads (ADR 029).
  await refreshReviewFigures(tdb.pool);
  app = await buildTestApp(tdb);
  pro = await userCookie('pro@example.com', 'pro');
  basic = await userCookie('basic@example.com', 'basic');
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const beds = (capacity: number, population: number) => Math.round((capacity / population) * 10_000) / 10;

describe('county of every community', () => {
  it('takes the record\'s county name, else the county shape around the coordinates', async () => {
    const result = await assignCounties(tdb.pool);
    expect(result).toEqual({ byName: 4, byShape: 2, byNearest: 0, unassigned: 1 });
    const { rows } = await tdb.pool.query('SELECT id, county_fips FROM communities ORDER BY id');
    expect(rows.map((r) => r.county_fips)).toEqual(['44007', '44007', '44007', '44007', '44003', '44005', null]);
    // Idempotent: a second run finds only the one without location or county.
    expect(await assignCounties(tdb.pool)).toEqual({ byName: 0, byShape: 0, byNearest: 0, unassigned: 1 });
  });
});

describe('markets (Pro)', () => {
  it('refuses visitors and Basic users', async () => {
    for (const url of ['/api/markets', '/api/markets/RI', '/api/markets/RI/44007', '/api/community-insights/1/market']) {
      expect((await get(url)).statusCode).toBe(401);
      const res = await get(url, basic);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('PRO_REQUIRED');
    }
  });

  it('answers bad input with 4xx', async () => {
    expect((await get('/api/markets/RIX', pro)).statusCode).toBe(400);
    expect((await get('/api/markets/RI/abc', pro)).statusCode).toBe(400);
    expect((await get('/api/markets/RI/06037', pro)).json().error.code).toBe('NOT_FOUND');
    expect((await get('/api/markets/ZZ', pro)).statusCode).toBe(404);
    expect((await get('/api/markets?minPopulation=-3', pro)).statusCode).toBe(400);
    expect((await get('/api/community-insights/1/market?radius=7', pro)).statusCode).toBe(400);
    expect((await get('/api/community-insights/999/market', pro)).statusCode).toBe(404);
    const noLocation = await get('/api/community-insights/7/market', pro);
    expect(noLocation.statusCode).toBe(422);
    expect(noLocation.json().error.code).toBe('UNPROCESSABLE');
  });

  it('computes county supply, demand and beds per 1,000 aged 65+ against state and US', async () => {
    const res = await get('/api/markets/RI/44007', pro);
    expect(res.statusCode).toBe(200);
    const m = res.json();
    const p = pop.get('44007')!;
    // Listed: 1, 2, 3 (4 is delisted); capacity 100 + 50 (3 has none).
    expect(m.figures).toMatchObject({ fips: '44007', county: 'Providence', communities: 3, capacity: 150, communitiesWithCapacity: 2, population65: p, bedsPer1000: beds(150, p) });
    const ri = ['44001', '44003', '44005', '44007', '44009'].reduce((s, f) => s + pop.get(f)!, 0);
    expect(m.stateFigures).toMatchObject({ communities: 5, capacity: 260, population65: ri, bedsPer1000: beds(260, ri) });
    // The US figure covers the states in the data: RI and TX here.
    const { rows: inData } = await tdb.pool.query("SELECT sum(population_65)::int AS n FROM county_population WHERE state IN ('RI', 'TX')");
    const us = inData[0].n as number;
    expect(m.us).toMatchObject({ communities: 6, capacity: 320, population65: us, bedsPer1000: beds(320, us) });
    expect(m.byCareType).toEqual([
      { careType: 'Assisted Living', communities: 3, capacity: 150 },
      { careType: 'Memory Care', communities: 1, capacity: 100 },
    ]);
    // Assisted living prices 3,500 / 4,500 / 6,000: p25 = 3500 + 0.5 * 1000, median 4500, p75 = 4500 + 0.5 * 1500.
    expect(m.prices).toEqual([
      { careType: 'Assisted Living', offering: 3, priced: 3, p25: 4000, median: 4500, p75: 5250 },
      { careType: 'Memory Care', offering: 1, priced: 1, p25: 5500, median: 5500, p75: 5500 },
    ]);
    expect(m.rating).toEqual({ average: 4, reviews: 2, ratedCommunities: 1, sentiment: 0.6 });
    expect(m.topOperators).toEqual([
      { id: 1, name: 'Op One', communities: 2, capacity: 150 },
      { id: 2, name: 'Op Two', communities: 1, capacity: 0 },
    ]);
    expect(m.sources.population).toMatch(/American Community Survey 2015–2019/);
    expect(m.sources.capacity).toEqual([
      { kind: 'demo', name: 'Demo data', asOf: null, asOfLatest: null, communities: 2 },
      { kind: 'state', name: 'Rhode Island Department of Health', asOf: '2021-07-01', asOfLatest: '2021-07-01', communities: 1 },
    ]);
    expect(m.demo).toBe(true);
  });

  it('lists every county and the least supplied ones above the population threshold', async () => {
    const res = await get('/api/markets?minPopulation=10000', pro);
    const m = res.json();
    expect(m.counties).toHaveLength(pop.size);
    const kent = m.counties.find((c: { fips: string }) => c.fips === '44003');
    expect(kent).toMatchObject({ communities: 1, capacity: 80, bedsPer1000: beds(80, pop.get('44003')!) });
    // RI reports capacity for 4 of 5 communities (0.8): ranked; TX (1 of 1) too. Counties without communities rank first (0 beds).
    const ri = m.states.find((s: { state: string }) => s.state === 'RI');
    expect(ri.capacityShare).toBe(0.8);
    const expected = m.counties
      .filter((c: { population65: number | null; state: string }) => c.population65 !== null && c.population65 >= 10000 && ['RI', 'TX'].includes(c.state))
      .sort((a: { bedsPer1000: number; population65: number; fips: string }, b: { bedsPer1000: number; population65: number; fips: string }) =>
        a.bedsPer1000 - b.bedsPer1000 || b.population65 - a.population65 || a.fips.localeCompare(b.fips))
      .slice(0, 25)
      .map((c: { fips: string }) => c.fips);
    expect(m.underserved.map((c: { fips: string }) => c.fips)).toEqual(expected);
    expect(m.underserved.every((c: { population65: number }) => c.population65 >= 10000)).toBe(true);
    // A state whose sources give capacity for fewer than 80% of its communities is not ranked.
    await tdb.pool.query('UPDATE communities SET capacity = NULL WHERE id = 5');
    const after = (await get('/api/markets', pro)).json();
    expect(after.underserved.some((c: { state: string }) => c.state === 'RI')).toBe(false);
    await tdb.pool.query('UPDATE communities SET capacity = 80 WHERE id = 5');
  });

  it('answers the underserved list alone for any threshold, and the overview compressed as it serializes it (brotli, else gzip)', async () => {
    for (const minPopulation of [0, 10000, 50000]) {
      const overview = (await get(`/api/markets?minPopulation=${minPopulation}`, pro)).json();
      const res = await get(`/api/markets/underserved?minPopulation=${minPopulation}`, pro);
      expect(res.statusCode, res.body).toBe(200);
      // Caches off here: each request counts anew (its own count time).
      expect(uncounted(res.json())).toEqual(uncounted({ underserved: overview.underserved, minPopulation, sources: overview.sources, demo: overview.demo }));
      expect(res.json().sources.countedAt >= overview.sources.countedAt).toBe(true);
    }
    expect((await get('/api/markets/underserved', basic)).statusCode).toBe(403);
    expect((await get('/api/markets/underserved?minPopulation=-1', pro)).statusCode).toBe(400);
    const plain = (await get('/api/markets', pro)).json();
    const br = await app.inject({ method: 'GET', url: '/api/markets', headers: { cookie: pro, 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('application/json');
    expect(uncounted(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8')))).toEqual(uncounted(plain));
    const zipped = await app.inject({ method: 'GET', url: '/api/markets', headers: { cookie: pro, 'accept-encoding': 'gzip, deflate' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(uncounted(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8')))).toEqual(uncounted(plain));
  });

  it('gives the state summary to everyone (Pricing Analytics in public mode)', async () => {
    const res = await get('/api/markets/states');
    expect(res.statusCode).toBe(200);
    const ri = res.json().states.find((s: { state: string }) => s.state === 'RI');
    const p = ['44001', '44003', '44005', '44007', '44009'].reduce((s, f) => s + pop.get(f)!, 0);
    expect(ri).toMatchObject({ name: 'Rhode Island', communities: 5, capacity: 260, bedsPer1000: beds(260, p) });
  });
});

describe('competitive set', () => {
  it('lists the competitors within the radius, and the nearest 10 at least', async () => {
    const res = await get('/api/community-insights/1/market?radius=5', pro);
    expect(res.statusCode).toBe(200);
    const s = res.json();
    const d = (k: keyof typeof P) => Math.round(miles(P.c1, P[k]) * 100) / 100;
    // 2 and 3 lie within 5 miles; fewer than 10, so the nearest beyond it join (the delisted 4 never).
    expect(s.withinRadius).toBe(2);
    expect(s.competitors.map((c: { id: number; distanceMiles: number; beyondRadius: boolean }) => [c.id, c.distanceMiles, c.beyondRadius])).toEqual([
      [2, d('c2'), false],
      [3, d('c3'), false],
      [5, d('c5'), true],
      [6, d('c6'), true],
    ]);
    expect(s.competitors[0]).toMatchObject({ rating: 4, reviewCount: 2, sentiment: 0.6, careTypes: ['Assisted Living'] });
    // Assisted living of the competitors: 4,500, 6,000, 2,500 -> sorted 2500, 4500, 6000; own 3,500 is above 1 of 3.
    expect(s.pricePosition).toEqual([
      { careType: 'Assisted Living', price: 3500, competitorsPriced: 3, p25: 3500, median: 4500, p75: 5250, min: 2500, max: 6000, percentile: 33.3 },
      { careType: 'Memory Care', price: 5500, competitorsPriced: 0, p25: null, median: null, p75: null, min: null, max: null, percentile: null },
    ]);
    // Amenities over the 3 competitors that list any: Pool 3/3, Gym 1/3, Garden 1/3.
    expect(s.amenityGap).toEqual({ competitorsWithAmenities: 3, missing: [{ amenity: 'Pool', share: 1 }], distinctive: [{ amenity: 'Library', share: 0 }, { amenity: 'Gym', share: 0.333 }] });
    // Review-weighted: (4 * 2 + 2 * 1) / 3; sentiment (0.8 + 0.4 + 0.2) / 3.
    expect(s.reputation).toEqual({ rating: null, competitorsRating: 3.33, sentiment: null, competitorsSentiment: 0.467, themes: null });
    expect(s.demo).toBe(true);
  });

  it("compares each review theme with the competitors' (better, worse, similar by mean sentiment, margin 0.05)", async () => {
    const scorer = new ThemeScorer('customer');
    const add = async (communityId: number, content: string) => {
      const c = scorer.counts(content);
      await tdb.pool.query(
        `INSERT INTO customer_reviews (community_id, rating, author, content, review_date, source, sentiment, theme_mask, theme_sentiment)
         VALUES ($1, 4, 'T', $2, '2026-01-01', 'Demo', 0.5, $3, $4::real[]) RETURNING id`,
        [communityId, content, c.mask, themeSentimentLiteral(c)],
      );
    };
    const own = ['The staff were wonderful and kind.', 'The food was cold and bland.'];
    const theirs = ['The staff were rude and careless.', 'The food was delicious.', 'Lovely food every day.'];
    for (const t of own) await add(1, t);
    for (const t of theirs) await add(2, t);
    await refreshReviewFigures(tdb.pool, { communityIds: [1, 2] });
    const s = (await get('/api/community-insights/1/market?radius=5', pro)).json();
    const sentimentOf = (texts: string[], theme: string) => {
      const v = texts.map((t) => scoreThemes(t, 'customer')[theme]!).filter((x) => x.mentioned).map((x) => x.sentiment!);
      return { mentions: v.length, mean: v.reduce((a, b) => a + b, 0) / v.length };
    };
    const byTheme = new Map(s.reputation.themes.map((t: { theme: string }) => [t.theme, t]));
    expect([...byTheme.keys()].sort()).toEqual(['food', 'staff']);
    for (const theme of ['staff', 'food']) {
      const a = sentimentOf(own, theme);
      const b = sentimentOf(theirs, theme);
      const verdict = a.mean - b.mean > 0.05 ? 'better' : b.mean - a.mean > 0.05 ? 'worse' : 'similar';
      expect(byTheme.get(theme)).toMatchObject({ mentions: a.mentions, competitorsMentions: b.mentions, verdict });
      expect((byTheme.get(theme) as { share: number }).share).toBeCloseTo(a.mentions / own.length, 3);
      expect((byTheme.get(theme) as { averageSentiment: number }).averageSentiment).toBeCloseTo(a.mean, 2);
    }
    expect((byTheme.get('staff') as { verdict: string }).verdict).toBe('better');
    expect((byTheme.get('food') as { verdict: string }).verdict).toBe('worse');
    await tdb.pool.query('DELETE FROM customer_reviews WHERE theme_mask IS NOT NULL');
    await refreshReviewFigures(tdb.pool, { communityIds: [1, 2] });
  });

  it('keeps only the radius when it holds 10 or more', async () => {
    const values = Array.from({ length: 11 }, (_, i) => `(${100 + i}, 'N${i}', 'X', 'RI', ${41.824 + 0.001 * (i + 1)}, -71.4128, 'n${i}')`).join(',');
    await tdb.pool.query(`INSERT INTO communities (id, name, city, state, lat, lng, source_id) VALUES ${values}`);
    const s = (await get('/api/community-insights/1/market?radius=5', pro)).json();
    expect(s.withinRadius).toBe(13);
    expect(s.competitors).toHaveLength(13);
    expect(s.competitors.every((c: { beyondRadius: boolean; distanceMiles: number }) => !c.beyondRadius && c.distanceMiles <= 5)).toBe(true);
    const wider = (await get('/api/community-insights/1/market?radius=25', pro)).json();
    expect(wider.withinRadius).toBe(15);
    await tdb.pool.query('DELETE FROM communities WHERE id >= 100');
  });
});

describe('the markets overview when its statements fail (stale-if-error)', () => {
  it('answers with the last overview read, at most OVERVIEW_STALE_IF_ERROR_MS old; without one the error goes through', async () => {
    let failing = false;
    let now = Date.now();
    const flaky = {
      query: (text: string, values?: unknown[]) =>
        failing && /GROUP BY c\.county_fips/.test(text) ? Promise.reject(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })) : tdb.pool.query(text, values),
    } as unknown as typeof tdb.pool;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      // Caches off and no index: every call reads the overview anew.
      const service = createMarketsService(flaky, { caching: false });
      const first = await service.markets(0);
      expect(first.counties.length).toBeGreaterThan(0);
      failing = true;
      now += OVERVIEW_STALE_IF_ERROR_MS - 1;
      expect(await service.markets(0)).toEqual(first);
      now += 2;
      await expect(service.markets(0)).rejects.toThrow('statement timeout');
      await expect(createMarketsService(flaky, { caching: false }).markets(0)).rejects.toThrow('statement timeout');
      failing = false;
      // Read anew: the same figures, counted again.
      expect(uncounted(await service.markets(0))).toEqual(uncounted(first));
    } finally {
      clock.mockRestore();
    }
  });

  it('keeps no fallback in the per-build cache (caches off, an index): the next request of the build reads again', async () => {
    let failing = false;
    let reads = 0;
    // With an index, the overview reads only the counties' population from SQL (its supply is the index's).
    const flaky = {
      query: (text: string, values?: unknown[]) => {
        if (/GROUP BY c\.county_fips/.test(text)) throw new Error('the supply is read from the index');
        if (!/FROM county_population/.test(text)) return tdb.pool.query(text, values);
        reads++;
        return failing ? Promise.reject(new Error('canceling statement due to statement timeout')) : tdb.pool.query(text, values);
      },
    } as unknown as typeof tdb.pool;
    const live = { current: { supply: await repo.readSupply(tdb.pool) }, version: 1 } as unknown as LiveIndex<MarketIndex>;
    const service = createMarketsService(flaky, { caching: false, index: live });
    const first = await service.markets(0);
    expect(await service.markets(0)).toEqual(first);
    expect(reads).toBe(1);
    // A new build whose first read fails answers with the last overview, and its next request reads again.
    (live as { version: number }).version = 2;
    failing = true;
    expect(await service.markets(0)).toEqual(first);
    failing = false;
    expect(await service.markets(0)).toEqual(first);
    expect(reads).toBe(3);
    expect(await service.markets(0)).toEqual(first);
    expect(reads).toBe(3);
  });
});

describe('the markets overview on the market index', () => {
  it('follows a new build of the index at once with the caches on (not after the 5 minutes an overview is kept)', async () => {
    const supply = await repo.readSupply(tdb.pool);
    const live = { current: { supply }, version: 1 } as unknown as LiveIndex<MarketIndex>;
    const service = createMarketsService(tdb.pool, { caching: true, index: live });
    const first = await service.markets(0);
    expect(first.us.communities).toBeGreaterThan(0);
    // Every state one community more: the same build keeps its overview, a new one answers with its own.
    (live as { current: unknown }).current = { supply: { ...supply, byState: supply.byState.map((r) => ({ ...r, communities: r.communities + 1 })) } };
    expect(await service.markets(0)).toEqual(first);
    (live as { version: number }).version = 2;
    expect((await service.markets(0)).us.communities).toBe(first.us.communities + supply.byState.length);
  });
});
