// Community Insights, Operator Intelligence and the CSV exports on a real database.
// Expected answers come from a JavaScript oracle over the same seed rows the SQL sees.
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { insightQuerySchema, type InsightResponse, type OperatorCommunity, type OperatorResponse } from '../../../contracts/insights';
import { refreshAggregates } from '../../db/aggregates';
import { useTestApp } from '../../test/db';
import { createSignedInUser } from '../../test/factories';
import { withStatementTimeout } from '../../db/sql';
import { createInsightService } from './insights.service';
import { InsightsIndex } from './insights-index';
import { OperatorsIndex } from './operators-index';
import type { LiveIndex } from '../../lib/live-index';

const t = useTestApp();

interface SeedOperator {
  key: string;
  name: string;
  city: string | null;
  state: string | null;
  postal: string | null;
  revenue: number | null;
  employees: number | null;
  web: string | null;
  indeed: string | null;
}

const OPERATORS: SeedOperator[] = [
  { key: 'a', name: 'Alpha Senior Living', city: 'Austin', state: 'TX', postal: '78701', revenue: 25_300_000, employees: 500, web: 'https://alpha.example', indeed: 'https://indeed.example/alpha' },
  { key: 'b', name: 'Beta Care Group', city: 'Miami', state: 'FL', postal: null, revenue: 5_000_000, employees: null, web: null, indeed: null },
  { key: 'g', name: 'Gamma Holdings', city: 'Dallas', state: 'TX', postal: '75201', revenue: 250_000_000, employees: 4200, web: null, indeed: null },
  { key: 'd', name: 'Delta Without Homes', city: 'Tampa', state: 'FL', postal: null, revenue: null, employees: 12, web: null, indeed: null },
];

interface SeedCommunity {
  name: string;
  city: string;
  state: string;
  zip: string;
  operator: string | null;
  owner: string;
  type: string;
  score: number | null;
  rooms: string[];
  dining: string[];
  health: string[];
  roomAmenities: string[];
  communityAmenities: string[];
  min: number | null;
  max: number | null;
  overview: string;
}

const OWNERS = ['Private', 'Non-Profit', 'Public'];
const TYPES = ['Assisted Living', 'Memory Care', 'Independent Living', 'Skilled Nursing'];

function seedCommunities(): SeedCommunity[] {
  const out: SeedCommunity[] = [];
  for (let i = 1; i <= 60; i++) {
    const state = i % 3 === 0 ? 'FL' : 'TX';
    const city = state === 'FL' ? (i % 2 ? 'Miami' : 'Tampa') : i % 2 ? 'Austin' : 'Dallas';
    const min = i % 7 === 0 ? null : 1000 + i * 120;
    out.push({
      name: `Community ${String(i).padStart(3, '0')}`,
      city,
      state,
      zip: `${state === 'FL' ? '33' : '78'}${String(100 + i).padStart(3, '0')}`,
      operator: ['a', 'b', 'g', null][i % 4] ?? null,
      owner: OWNERS[i % 3]!,
      type: TYPES[i % 4 === 0 ? 3 : i % 5 === 0 ? 1 : (i % 2) * 2]!,
      score: i % 11 === 0 ? null : (i % 5) + 1,
      rooms: i % 2 ? ['Studio', 'One Bedroom'] : ['Two Bedroom'],
      dining: [['Restaurant Style'], ['Casual Dining'], ['Fine Dining', 'Casual Dining']][i % 3]!,
      health: i % 4 === 1 ? ['24/7 Nursing', 'Memory Care'] : ['Physical Therapy'],
      roomAmenities: i % 5 === 2 ? ['Balcony'] : ['Private Bathroom', 'Kitchenette'],
      communityAmenities: i % 6 === 0 ? ['Pool', 'Library'] : ['Fitness Center'],
      min,
      max: min === null ? null : min + 1500 + (i % 4) * 500,
      overview: `Overview of community ${i}`,
    });
  }
  // Texts that need CSV quoting.
  out.push({
    name: 'Smith, Jones & "Co" Manor',
    city: 'Austin',
    state: 'TX',
    zip: '78799',
    operator: 'a',
    owner: 'Private',
    type: 'Assisted Living',
    score: 5,
    rooms: ['Studio'],
    dining: ['Fine Dining'],
    health: [],
    roomAmenities: [],
    communityAmenities: [],
    min: 6500,
    max: 6500,
    overview: 'Line one\nLine two, with "quotes"',
  });
  return out;
}

const COMMUNITIES = seedCommunities();
const opId = new Map<string, number>();
const opName = (key: string | null) => OPERATORS.find((o) => o.key === key)?.name ?? null;
const ids = new Map<string, number>();

async function seed() {
  for (const o of OPERATORS) {
    const { rows } = await t.tdb.pool.query<{ id: number }>(
      `INSERT INTO operators (name, city, state, postal_code, revenue, employees, webpage, indeed_url, phone, email, source_id)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,'555-0100','ops@example.com',$9) RETURNING id`,
      [o.name, o.city, o.state, o.postal, o.revenue, o.employees, o.web, o.indeed, `op-${o.key}`],
    );
    opId.set(o.key, rows[0]!.id);
  }
  for (const [i, c] of COMMUNITIES.entries()) {
    const { rows } = await t.tdb.pool.query<{ id: number }>(
      `INSERT INTO communities (name, address, city, state, zip_code, phone, operator_id, owner_type, community_type, score,
                                room_types, dining_services, healthcare_services, room_amenities, community_amenities,
                                min_price, max_price, overview, care_types, source_id)
       VALUES ($1, $2, $3, $4, $5, '(512) 555-0101', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, ARRAY[$8], $18)
       RETURNING id`,
      [
        c.name,
        `${100 + i} Main St`,
        c.city,
        c.state,
        c.zip,
        c.operator ? opId.get(c.operator) : null,
        c.owner,
        c.type,
        c.score,
        c.rooms,
        c.dining,
        c.health,
        c.roomAmenities,
        c.communityAmenities,
        c.min,
        c.max,
        c.overview,
        `c-${i}`,
      ],
    );
    ids.set(c.name, rows[0]!.id);
    if (c.min !== null) {
      await t.tdb.pool.query(
        `INSERT INTO community_pricing (community_id, care_type, min_price, max_price) VALUES ($1, $2, $3, $4)`,
        [rows[0]!.id, c.type, c.min, c.max],
      );
    }
  }
  // Reviews: 5 + 3 on Community 001, 4 on Community 002 -> CSAT (5+3+4)/3 = 4.0
  const r = (name: string, rating: number, content: string) =>
    t.tdb.pool.query(
      `INSERT INTO customer_reviews (community_id, rating, author, content, review_date, source, sentiment)
       VALUES ($1, $2, 'Pat', $3, '2026-01-01', 'Google', 0.5)`,
      [ids.get(name), rating, content],
    );
  await r('Community 001', 5, 'Wonderful garden and kind staff');
  await r('Community 001', 3, 'Food was cold');
  await r('Community 002', 4, 'Lovely GARDEN views');
  await refreshAggregates(t.tdb.pool);
}

let proCookie = '';
let trialCookie = '';
let basicCookie = '';

const userCookie = async (email: string, plan: 'basic' | 'pro', trialEndsAt: Date | null) => (await createSignedInUser(t.tdb.pool, { email, plan, trialEndsAt })).cookie;

beforeAll(async () => {
  await seed();
  proCookie = await userCookie('pro@example.com', 'pro', null);
  trialCookie = await userCookie('trial@example.com', 'basic', new Date(Date.now() + 86_400_000));
  basicCookie = await userCookie('basic@example.com', 'basic', new Date(Date.now() - 86_400_000));
});

async function insights(query: Record<string, string | number> = {}): Promise<InsightResponse> {
  const res = await t.app.inject({ method: 'GET', url: '/api/community-insights', query: stringify(query) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as InsightResponse;
}

async function operators(query: Record<string, string | number> = {}): Promise<OperatorResponse> {
  const res = await t.app.inject({ method: 'GET', url: '/api/operator-insights', query: stringify(query) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OperatorResponse;
}

function stringify(q: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]));
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Overlap of [min, max] with [from, to). */
function inBand(c: SeedCommunity, from: number, to: number | null): boolean {
  const lo = c.min ?? c.max;
  const hi = c.max ?? c.min;
  if (lo === null || hi === null) return false;
  return to === null ? hi >= from : lo < to && hi >= from;
}

const FILTER_CASES: { query: Record<string, string>; match: (c: SeedCommunity) => boolean }[] = [
  { query: { state: 'FL' }, match: (c) => c.state === 'FL' },
  { query: { state: 'tx' }, match: (c) => c.state === 'TX' },
  { query: { city: 'Dallas' }, match: (c) => c.city === 'Dallas' },
  { query: { zipCode: '331' }, match: (c) => c.zip.startsWith('331') },
  { query: { operatorName: 'Gamma Holdings' }, match: (c) => c.operator === 'g' },
  { query: { owner: 'Non-Profit' }, match: (c) => c.owner === 'Non-Profit' },
  { query: { communityType: 'Memory Care' }, match: (c) => c.type === 'Memory Care' },
  { query: { roomTypes: 'Studio' }, match: (c) => c.rooms.includes('Studio') },
  { query: { roomTypes: 'Two Bedroom' }, match: (c) => c.rooms.includes('Two Bedroom') },
  { query: { healthCareServices: '24/7 Nursing' }, match: (c) => c.health.includes('24/7 Nursing') },
  { query: { diningServices: 'Casual Dining' }, match: (c) => c.dining.includes('Casual Dining') },
  { query: { roomAmenities: 'Balcony' }, match: (c) => c.roomAmenities.includes('Balcony') },
  { query: { communityAmenities: 'Library' }, match: (c) => c.communityAmenities.includes('Library') },
  { query: { pricingRange: '0-2000' }, match: (c) => inBand(c, 0, 2000) },
  { query: { pricingRange: '2000-4000' }, match: (c) => inBand(c, 2000, 4000) },
  { query: { pricingRange: '4000-6000' }, match: (c) => inBand(c, 4000, 6000) },
  { query: { pricingRange: '6000+' }, match: (c) => inBand(c, 6000, null) },
  { query: { communityScore: '1-2' }, match: (c) => c.score !== null && c.score <= 2 },
  { query: { communityScore: '3-4' }, match: (c) => c.score !== null && c.score >= 3 && c.score <= 4 },
  { query: { communityScore: '5' }, match: (c) => c.score === 5 },
  { query: { reviewTopic: 'garden' }, match: (c) => c.name === 'Community 001' || c.name === 'Community 002' },
  // Combinations an analyst uses.
  { query: { state: 'TX', city: 'Austin' }, match: (c) => c.state === 'TX' && c.city === 'Austin' },
  { query: { state: 'FL', owner: 'Private', communityScore: '3-4' }, match: (c) => c.state === 'FL' && c.owner === 'Private' && c.score !== null && c.score >= 3 && c.score <= 4 },
  { query: { pricingRange: '4000-6000', roomTypes: 'Studio', operatorName: 'Alpha Senior Living' }, match: (c) => inBand(c, 4000, 6000) && c.rooms.includes('Studio') && c.operator === 'a' },
  { query: { communityType: 'Assisted Living', diningServices: 'Fine Dining', healthCareServices: 'Physical Therapy' }, match: (c) => c.type === 'Assisted Living' && c.dining.includes('Fine Dining') && c.health.includes('Physical Therapy') },
  { query: { state: 'TX', searchQuery: 'gamma' }, match: (c) => c.state === 'TX' && c.operator === 'g' },
  { query: { state: 'all', owner: 'all', pricingRange: 'all', communityScore: 'all' }, match: () => true },
];

describe('GET /api/community-insights', () => {
  it('answers the first page sorted by name with totals, CSAT and filter options', async () => {
    const body = await insights();
    expect(body.total).toBe(COMMUNITIES.length);
    expect(body.filteredTotal).toBe(COMMUNITIES.length);
    expect(body.communities).toHaveLength(25);
    const names = COMMUNITIES.map((c) => c.name).sort(byName);
    expect(body.communities.map((c) => c.name)).toEqual(names.slice(0, 25));
    expect(body.csatScore).toBe(4);
    expect(body.filterOptions.states).toEqual(['FL', 'TX']);
    expect(body.filterOptions.cities).toEqual(['Austin', 'Dallas', 'Miami', 'Tampa']);
    expect(body.filterOptions.communityTypes).toEqual([...TYPES].sort(byName));
    // Operators with communities only, by name.
    expect(body.filterOptions.operators).toEqual(['Alpha Senior Living', 'Beta Care Group', 'Gamma Holdings']);
  });

  it('shapes each row as the insight row of the spec', async () => {
    const body = await insights({ searchQuery: 'Community 004' });
    const c = COMMUNITIES[3]!;
    expect(c.min).toBe(1480);
    expect(body.communities).toEqual([
      {
        id: ids.get('Community 004'),
        name: 'Community 004',
        pricing: `$1,480 - $${(c.max ?? 0).toLocaleString('en-US')}/month`,
        phoneNumber: '(512) 555-0101',
        address: `103 Main St, ${c.city}, ${c.state} ${c.zip}`,
        communityType: c.type,
        overview: 'Overview of community 4',
        communityAmenities: c.communityAmenities.join(', '),
        communityScore: c.score,
        roomTypes: c.rooms.join(', '),
        operatorName: opName(c.operator) ?? '',
        diningServices: c.dining.join(', '),
        source: { kind: 'demo', name: 'Demo data', asOf: null },
      },
    ]);
    const noPrice = await insights({ searchQuery: 'Community 007' });
    expect(noPrice.communities[0]!.pricing).toBe('Contact for pricing');
    const noOperator = await insights({ searchQuery: 'Community 003' });
    expect(noOperator.communities[0]!.operatorName).toBe('');
    const first = await insights({ searchQuery: 'Community 001' });
    expect(first.communities[0]!.pricing).toBe('$1,120 - $3,120/month');
    expect(first.communities[0]!.roomTypes).toBe('Studio, One Bedroom');
  });

  it.each(FILTER_CASES)('filters on real columns: $query', async ({ query, match }) => {
    const expected = COMMUNITIES.filter(match)
      .map((c) => c.name)
      .sort(byName);
    const body = await insights({ ...query, pageSize: 100 });
    expect(body.filteredTotal).toBe(expected.length);
    expect(body.total).toBe(COMMUNITIES.length);
    expect(body.communities.map((c) => c.name)).toEqual(expected);
  });

  it('searches name, operator and city, case-insensitively, with LIKE wildcards taken literally', async () => {
    expect((await insights({ searchQuery: 'manor' })).communities.map((c) => c.name)).toEqual(['Smith, Jones & "Co" Manor']);
    expect((await insights({ searchQuery: 'beta care', pageSize: 100 })).filteredTotal).toBe(COMMUNITIES.filter((c) => c.operator === 'b').length);
    expect((await insights({ searchQuery: 'TAMPA', pageSize: 100 })).filteredTotal).toBe(COMMUNITIES.filter((c) => c.city === 'Tampa').length);
    expect((await insights({ searchQuery: '%' })).filteredTotal).toBe(0);
    expect((await insights({ searchQuery: '_' })).filteredTotal).toBe(0);
    expect((await insights({ searchQuery: '   ' })).filteredTotal).toBe(COMMUNITIES.length);
  });

  it('sorts both ways, a new field with nulls last, ties by id', async () => {
    const names = COMMUNITIES.map((c) => c.name).sort(byName);
    const desc = await insights({ sortDirection: 'desc', pageSize: 100 });
    expect(desc.communities.map((c) => c.name)).toEqual([...names].reverse());

    const byPrice = await insights({ sortField: 'pricing', sortDirection: 'asc', pageSize: 100 });
    const prices = byPrice.communities.map((c) => COMMUNITIES.find((s) => s.name === c.name)!.min);
    const known = prices.filter((p): p is number => p !== null);
    expect(known).toEqual([...known].sort((a, b) => a - b));
    expect(prices.slice(known.length).every((p) => p === null)).toBe(true);

    const byPriceDesc = await insights({ sortField: 'pricing', sortDirection: 'desc', pageSize: 100 });
    const pricesDesc = byPriceDesc.communities.map((c) => COMMUNITIES.find((s) => s.name === c.name)!.min);
    expect(pricesDesc[0]).toBe(Math.max(...known));
    expect(pricesDesc.at(-1)).toBeNull();

    const byScore = await insights({ sortField: 'communityScore', sortDirection: 'desc', pageSize: 100 });
    const scores = byScore.communities.map((c) => c.communityScore);
    expect(scores.slice(0, 5)).toEqual([5, 5, 5, 5, 5]);
    expect(scores.at(-1)).toBeNull();

    const byOperator = await insights({ sortField: 'operatorName', pageSize: 100 });
    expect(byOperator.communities[0]!.operatorName).toBe('Alpha Senior Living');
    expect(byOperator.communities.at(-1)!.operatorName).toBe('');
  });

  it('pages with every page size and answers an empty page past the end', async () => {
    const names = COMMUNITIES.map((c) => c.name).sort(byName);
    const p3 = await insights({ page: 3, pageSize: 25 });
    expect(p3.communities.map((c) => c.name)).toEqual(names.slice(50));
    expect(p3.communities).toHaveLength(COMMUNITIES.length - 50);
    const p2of50 = await insights({ page: 2, pageSize: 50 });
    expect(p2of50.communities.map((c) => c.name)).toEqual(names.slice(50, 100));
    const all = await insights({ pageSize: 100 });
    expect(all.communities).toHaveLength(COMMUNITIES.length);
    const past = await insights({ page: 9, pageSize: 25 });
    expect(past.communities).toEqual([]);
    expect(past.filteredTotal).toBe(COMMUNITIES.length);
  });

  it('lists the cities of the selected state and searches the operator options', async () => {
    expect((await insights({ state: 'FL' })).filterOptions.cities).toEqual(['Miami', 'Tampa']);
    expect((await insights({ operatorSearch: 'amm' })).filterOptions.operators).toEqual(['Gamma Holdings']);
    expect((await insights({ operatorSearch: 'Delta' })).filterOptions.operators).toEqual([]);
  });

  it('caps the operator options at 100', async () => {
    await t.tdb.pool.query(
      `WITH ops AS (INSERT INTO operators (name, source_id)
                    SELECT 'Zeta Operator ' || lpad(g::text, 3, '0'), 'zeta-' || g FROM generate_series(1, 120) g RETURNING id)
       INSERT INTO communities (name, city, state, operator_id, source_id) SELECT 'Zeta Home', 'Reno', 'NV', id, 'zeta-c-' || id FROM ops`,
    );
    try {
      const body = await insights();
      expect(body.filterOptions.operators).toHaveLength(100);
      expect(body.filterOptions.operators.slice(0, 4)).toEqual(['Alpha Senior Living', 'Beta Care Group', 'Gamma Holdings', 'Zeta Operator 001']);
      // The rest stay reachable through the operator search.
      expect((await insights({ operatorSearch: 'Operator 120' })).filterOptions.operators).toEqual(['Zeta Operator 120']);
    } finally {
      await t.tdb.pool.query(`DELETE FROM communities WHERE source_id LIKE 'zeta-c-%'`);
      await t.tdb.pool.query(`DELETE FROM operators WHERE source_id LIKE 'zeta-%'`);
    }
  });

  it.each([
    ['owner=Bogus'],
    ['pricingRange=1-2'],
    ['communityScore=4'],
    ['roomTypes=Penthouse'],
    ['pageSize=30'],
    ['page=0'],
    ['page=abc'],
    ['sortField=id;drop'],
    ['sortDirection=up'],
    [`searchQuery=${'x'.repeat(300)}`],
  ])('rejects %s with 400', async (qs) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/community-insights?${qs}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('review topic filtering', () => {
  it('runs under a statement timeout that stops a runaway scan', async () => {
    const err = await withStatementTimeout(t.tdb.pool, 50, (db) => db.query('SELECT pg_sleep(1)')).catch((e: unknown) => e);
    expect((err as { code?: string }).code).toBe('57014');
    // The connection went back to the pool in a clean state.
    const { rows } = await t.tdb.pool.query<{ t: string }>("SELECT current_setting('statement_timeout') AS t");
    expect(rows[0]!.t).toBe('0');
  });
});

describe('warming the caches', () => {
  it('seeds exactly the counts a live query gives for every single filter choice', async () => {
    const service = createInsightService(t.tdb.pool, { figuresTtlMs: 60_000, pageTtlMs: 0, staleMs: 0 });
    expect(await service.warm()).toEqual({ communities: true, operators: true });
    // Rows added after warming are invisible to the cached counts: proves the numbers come from warm().
    await t.tdb.pool.query(`INSERT INTO communities (name, city, state, owner_type, source_id) VALUES ('Late Home', 'Austin', 'TX', 'Private', 'late')`);
    try {
      const singles = FILTER_CASES.filter((c) => Object.keys(c.query).length === 1 && !('reviewTopic' in c.query) && !('zipCode' in c.query));
      expect(singles.length).toBeGreaterThan(15);
      for (const { query, match } of singles) {
        const body = await service.getCommunityInsights(insightQuerySchema.parse(query));
        expect(body.filteredTotal, JSON.stringify(query)).toBe(COMMUNITIES.filter(match).length);
      }
      const none = await service.getCommunityInsights(insightQuerySchema.parse({}));
      expect(none.total).toBe(COMMUNITIES.length);
      expect(none.filteredTotal).toBe(COMMUNITIES.length);
      const op = await service.getCommunityInsights(insightQuerySchema.parse({ operatorName: 'Beta Care Group' }));
      expect(op.filteredTotal).toBe(COMMUNITIES.filter((c) => c.operator === 'b').length);
      expect((await service.getCommunityInsights(insightQuerySchema.parse({ city: 'Miami' }))).filteredTotal).toBe(
        COMMUNITIES.filter((c) => c.city === 'Miami').length,
      );
    } finally {
      await t.tdb.pool.query(`DELETE FROM communities WHERE source_id = 'late'`);
    }
  });
});

describe('warming once the indexes answer', () => {
  it('reads no counts or lists their indexes give (at scale 10 that was 3 s of the app every 5 minutes)', async () => {
    const [index, operatorIndex] = await Promise.all([InsightsIndex.build(t.tdb.pool), OperatorsIndex.build(t.tdb.pool)]);
    const live = <T>(current: T) => ({ current }) as unknown as LiveIndex<T>;
    const both = createInsightService(t.tdb.pool, { figuresTtlMs: 60_000, pageTtlMs: 0, staleMs: 0, index: live(index), operatorIndex: live(operatorIndex) });
    expect(await both.warm()).toEqual({ communities: false, operators: false });
    const one = createInsightService(t.tdb.pool, { figuresTtlMs: 60_000, pageTtlMs: 0, staleMs: 0, index: live(index), operatorIndex: live<OperatorsIndex | null>(null) as LiveIndex<OperatorsIndex> });
    expect(await one.warm()).toEqual({ communities: false, operators: true });
    // The pages are the index's own: the same figures as without warming.
    const body = await both.getCommunityInsights(insightQuerySchema.parse({ city: 'Miami' }));
    expect(body.filteredTotal).toBe(COMMUNITIES.filter((c) => c.city === 'Miami').length);
  });
});

describe('GET /api/operator-insights', () => {
  const count = (key: string) => COMMUNITIES.filter((c) => c.operator === key).length;

  it('lists operators by name with computed figures and no caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/operator-insights' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as OperatorResponse;
    expect(body.total).toBe(4);
    expect(body.filteredTotal).toBe(4);
    expect(body.operators.map((o) => o.operatorName)).toEqual(OPERATORS.map((o) => o.name).sort(byName));
    expect(body.avgRevenue).toBe(Math.round((25_300_000 + 5_000_000 + 250_000_000) / 3));
    const avgComm = (count('a') + count('b') + count('g') + 0) / 4;
    expect(body.avgCommunities).toBe(Math.round(avgComm * 10) / 10);
    expect(body.filterOptions).toEqual({
      states: ['FL', 'TX'],
      cities: ['Austin', 'Dallas', 'Miami', 'Tampa'],
      revenueRanges: ['under_10m', '10m_100m', 'over_100m'],
      communityRanges: ['1_5', '6_20', '21_50', 'over_50'],
    });
    const alpha = body.operators[0]!;
    expect(alpha).toEqual({
      id: opId.get('a'),
      operatorName: 'Alpha Senior Living',
      operatorCity: 'Austin',
      operatorState: 'TX',
      operatorPostalcode: '78701',
      operatorWebpage: 'https://alpha.example',
      operatorRevenue: '$25.3M',
      operatorTotalCommunities: count('a'),
      operatorTotalEmployees: 500,
      operatorPhone: '555-0100',
      operatorEmail: 'ops@example.com',
      // A demo operator links no third-party employer site, whatever is stored (ADR 008).
      operatorIndeed: '',
      operatorGlassdoor: '',
      employeeReviewCount: 0,
      source: { kind: 'demo', name: 'Demo data', asOf: null },
    });
    const delta = body.operators.find((o) => o.operatorName.startsWith('Delta'))!;
    expect(delta.operatorRevenue).toBe('');
    expect(delta.operatorTotalCommunities).toBe(0);
    expect(body.operators.find((o) => o.operatorName.startsWith('Gamma'))!.operatorRevenue).toBe('$250.0M');
  });

  it.each([
    [{ operatorState: 'TX' }, ['Alpha Senior Living', 'Gamma Holdings']],
    [{ operatorState: 'FL', operatorCity: 'Tampa' }, ['Delta Without Homes']],
    [{ operatorCity: 'Miami' }, ['Beta Care Group']],
    [{ operatorRevenue: 'under_10m' }, ['Beta Care Group']],
    [{ operatorRevenue: '10m_100m' }, ['Alpha Senior Living']],
    [{ operatorRevenue: 'over_100m' }, ['Gamma Holdings']],
    [{ operatorTotalCommunities: '6_20' }, ['Alpha Senior Living', 'Beta Care Group', 'Gamma Holdings']],
    [{ operatorTotalCommunities: '1_5' }, []],
    [{ operatorTotalCommunities: 'over_50' }, []],
    [{ searchQuery: 'gamma' }, ['Gamma Holdings']],
    [{ searchQuery: 'tampa' }, ['Delta Without Homes']],
    [{ searchQuery: 'fl' }, ['Beta Care Group', 'Delta Without Homes']],
    [{ searchQuery: '$25.3M' }, ['Alpha Senior Living']],
    [{ searchQuery: '250.0' }, ['Gamma Holdings']],
    [{ operatorState: '', operatorRevenue: '', searchQuery: '' }, ['Alpha Senior Living', 'Beta Care Group', 'Delta Without Homes', 'Gamma Holdings']],
  ] as [Record<string, string>, string[]][])('filters %j', async (query, expected) => {
    const body = await operators(query);
    expect(body.operators.map((o) => o.operatorName)).toEqual(expected);
    expect(body.filteredTotal).toBe(expected.length);
    expect(body.total).toBe(4);
  });

  it('averages over the filtered set', async () => {
    const body = await operators({ operatorState: 'TX' });
    expect(body.avgRevenue).toBe(Math.round((25_300_000 + 250_000_000) / 2));
    expect(body.avgCommunities).toBe(Math.round(((count('a') + count('g')) / 2) * 10) / 10);
    const none = await operators({ operatorCity: 'Nowhere' });
    expect(none).toMatchObject({ operators: [], filteredTotal: 0, avgRevenue: null, avgCommunities: null });
  });

  it('sorts by revenue, communities and employees both ways with unknown values last', async () => {
    const revDesc = await operators({ sortField: 'revenue', sortDirection: 'desc' });
    expect(revDesc.operators.map((o) => o.operatorRevenue)).toEqual(['$250.0M', '$25.3M', '$5.0M', '']);
    const revAsc = await operators({ sortField: 'revenue', sortDirection: 'asc' });
    expect(revAsc.operators.map((o) => o.operatorRevenue)).toEqual(['$5.0M', '$25.3M', '$250.0M', '']);
    const emp = await operators({ sortField: 'employees', sortDirection: 'desc' });
    expect(emp.operators.map((o) => o.operatorTotalEmployees)).toEqual([4200, 500, 12, null]);
    const comm = await operators({ sortField: 'communities', sortDirection: 'asc' });
    expect(comm.operators[0]!.operatorTotalCommunities).toBe(0);
    // The row's own field names work as sort fields too.
    const byRowField = await operators({ sortField: 'operatorTotalCommunities', sortDirection: 'desc' });
    expect(byRowField.operators.at(-1)!.operatorTotalCommunities).toBe(0);
    expect((await operators({ sortField: 'operatorRevenue', sortDirection: 'desc' })).operators[0]!.operatorRevenue).toBe('$250.0M');
    const nameDesc = await operators({ sortDirection: 'desc' });
    expect(nameDesc.operators[0]!.operatorName).toBe('Gamma Holdings');
  });

  it('pages', async () => {
    // 4 operators: page 2 of size 25 is empty but keeps the totals.
    const p2 = await operators({ page: 2, pageSize: 25 });
    expect(p2.operators).toEqual([]);
    expect(p2.filteredTotal).toBe(4);
    const p1 = await operators({ page: 1, pageSize: 100 });
    expect(p1.operators).toHaveLength(4);
  });

  it.each([['operatorRevenue=huge'], ['operatorTotalCommunities=7'], ['sortField=name'], ['pageSize=10'], ['sortDirection=sideways']])(
    'rejects %s with 400',
    async (qs) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/operator-insights?${qs}` });
      expect(res.statusCode).toBe(400);
    },
  );
});

describe('GET /api/operators/:id/communities', () => {
  it('lists as many communities as the operator card counts, for every operator', async () => {
    const body = await operators({ pageSize: 100 });
    for (const op of body.operators) {
      const res = await t.app.inject({ method: 'GET', url: `/api/operators/${op.id}/communities` });
      expect(res.statusCode).toBe(200);
      const list = res.json() as OperatorCommunity[];
      expect(list).toHaveLength(op.operatorTotalCommunities);
      for (const c of list) expect(Object.keys(c).sort()).toEqual(['address', 'city', 'id', 'name', 'state']);
    }
    const alpha = (await t.app.inject({ method: 'GET', url: `/api/operators/${opId.get('a')}/communities` })).json() as OperatorCommunity[];
    expect(alpha.map((c) => c.name)).toEqual(COMMUNITIES.filter((c) => c.operator === 'a').map((c) => c.name).sort(byName));
    expect(alpha[0]).toMatchObject({ name: 'Community 004', city: 'Dallas', state: 'TX', address: '103 Main St' });
  });

  it('keeps the count equal to the list even before the aggregates are refreshed', async () => {
    const id = opId.get('d')!;
    await t.tdb.pool.query(`INSERT INTO communities (name, city, state, operator_id, source_id) VALUES ('Fresh Home', 'Tampa', 'FL', $1, 'fresh')`, [id]);
    try {
      const card = (await operators({ searchQuery: 'Delta' })).operators[0]!;
      const list = (await t.app.inject({ method: 'GET', url: `/api/operators/${id}/communities` })).json() as OperatorCommunity[];
      expect(card.operatorTotalCommunities).toBe(1);
      expect(list).toHaveLength(1);
      expect(list[0]!.name).toBe('Fresh Home');
    } finally {
      await t.tdb.pool.query(`DELETE FROM communities WHERE source_id = 'fresh'`);
    }
  });

  it('answers 404 for an unknown operator and 400 for a bad id', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/operators/999999/communities' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/operators/${bad}/communities` });
      expect(res.statusCode, bad).toBe(400);
    }
  });
});

describe('CSV exports', () => {
  const parseCsv = (body: string) => parse(body, { bom: false }) as string[][];

  it('needs a signed-in Pro user', async () => {
    for (const url of ['/api/community-insights/export.csv', '/api/operator-insights/export.csv']) {
      const anon = await t.app.inject({ method: 'GET', url });
      expect(anon.statusCode).toBe(401);
      expect(anon.json().error.code).toBe('UNAUTHENTICATED');
      const basic = await t.app.inject({ method: 'GET', url, headers: { cookie: basicCookie } });
      expect(basic.statusCode).toBe(403);
      expect(basic.json().error.code).toBe('PRO_REQUIRED');
      const trial = await t.app.inject({ method: 'GET', url, headers: { cookie: trialCookie } });
      expect(trial.statusCode).toBe(200);
    }
  });

  it('exports every matching community in the current sort, with a header and RFC 4180 quoting', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/community-insights/export.csv', headers: { cookie: proCookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="community-insights-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(expect.arrayContaining(['ID', 'Community Name', 'Pricing', 'Operator Name', 'Community Score']));
    const nameCol = rows[0]!.indexOf('Community Name');
    const overviewCol = rows[0]!.indexOf('Overview');
    expect(rows).toHaveLength(COMMUNITIES.length + 1);
    expect(rows.slice(1).map((r) => r[nameCol])).toEqual(COMMUNITIES.map((c) => c.name).sort(byName));
    const smith = rows.find((r) => r[nameCol] === 'Smith, Jones & "Co" Manor')!;
    expect(smith[overviewCol]).toBe('Line one\nLine two, with "quotes"');
    expect(res.body).toContain('"Smith, Jones & ""Co"" Manor"');
    expect(smith[rows[0]!.indexOf('Pricing')]).toBe('$6,500/month');
    expect(smith[rows[0]!.indexOf('Source')]).toBe('Demo data');
  });

  it.each(FILTER_CASES.slice(0, 8).concat(FILTER_CASES.slice(-4)))('exports filteredTotal rows for $query', async ({ query }) => {
    const page = await insights({ ...query, sortField: 'pricing', sortDirection: 'desc', pageSize: 100 });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/community-insights/export.csv',
      query: { ...query, sortField: 'pricing', sortDirection: 'desc' },
      headers: { cookie: proCookie },
    });
    const rows = parseCsv(res.body);
    expect(rows.length - 1).toBe(page.filteredTotal);
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(page.communities.map((c) => c.id));
  });

  it('exports the communities whose reviews mention a topic', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/community-insights/export.csv?reviewTopic=garden', headers: { cookie: proCookie } });
    expect(res.statusCode).toBe(200);
    expect(parseCsv(res.body).slice(1).map((r) => r[1])).toEqual(['Community 001', 'Community 002']);
  });

  it('exports the filtered operators', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/operator-insights/export.csv?operatorState=TX&sortField=revenue&sortDirection=desc',
      headers: { cookie: proCookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="operator-insights-.*\.csv"/);
    const rows = parseCsv(res.body);
    expect(rows[0]!.slice(0, 3)).toEqual(['ID', 'Operator Name', 'City']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['Gamma Holdings', 'Alpha Senior Living']);
    const revenueCol = rows[0]!.indexOf('Revenue');
    expect(rows[2]![revenueCol]).toBe('$25.3M');
    // Provenance columns; a demo operator's stored employer-site link is not exported.
    const col = (name: string) => rows[0]!.indexOf(name);
    expect(rows[2]![col('Source')]).toBe('Demo data');
    expect(rows[2]![col('Source As Of')]).toBe('');
    expect(rows[2]![col('Indeed Reviews')]).toBe('');
    expect(rows[2]![col('Employee Reviews')]).toBe('0');
  });

  it('neutralises every formula prefix (=, +, -, @, tab, CR) in both exports, like the requests export', async () => {
    const smithId = ids.get('Smith, Jones & "Co" Manor')!;
    const gammaId = opId.get('g')!;
    const formulas = ['=1+1', '+SUM(A1)', '-2+3', '@SUM(A1)', '\tcmd', '\r=1'];
    try {
      for (const f of formulas) {
        await t.tdb.pool.query('UPDATE communities SET overview = $2 WHERE id = $1', [smithId, f]);
        await t.tdb.pool.query('UPDATE operators SET webpage = $2 WHERE id = $1', [gammaId, f]);
        const c = await t.app.inject({ method: 'GET', url: '/api/community-insights/export.csv', headers: { cookie: proCookie } });
        const crows = parseCsv(c.body);
        const smith = crows.find((r) => r[0] === String(smithId))!;
        expect(smith[crows[0]!.indexOf('Overview')]).toBe(`'${f}`);
        const o = await t.app.inject({ method: 'GET', url: '/api/operator-insights/export.csv?operatorState=TX', headers: { cookie: proCookie } });
        const orows = parseCsv(o.body);
        const gamma = orows.find((r) => r[0] === String(gammaId))!;
        expect(gamma[orows[0]!.indexOf('Website')]).toBe(`'${f}`);
      }
      // A phone number keeps its leading '+'.
      await t.tdb.pool.query("UPDATE operators SET webpage = '+1 (512) 555-0101' WHERE id = $1", [gammaId]);
      const o = await t.app.inject({ method: 'GET', url: '/api/operator-insights/export.csv?operatorState=TX', headers: { cookie: proCookie } });
      const orows = parseCsv(o.body);
      expect(orows.find((r) => r[0] === String(gammaId))![orows[0]!.indexOf('Website')]).toBe('+1 (512) 555-0101');
    } finally {
      await t.tdb.pool.query('UPDATE communities SET overview = $2 WHERE id = $1', [smithId, 'Line one\nLine two, with "quotes"']);
      await t.tdb.pool.query('UPDATE operators SET webpage = NULL WHERE id = $1', [gammaId]);
    }
  });

  it('validates the export query like the list', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/community-insights/export.csv?pricingRange=bad', headers: { cookie: proCookie } });
    expect(res.statusCode).toBe(400);
  });
});
