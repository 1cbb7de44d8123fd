// Review-theme reports on a real database: every share, count, quarter and example below is worked out
// by hand from the reviews this file writes; sentiments come from the scorer on the same sentences.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Portfolio, ThemeReport } from '../../../contracts/themes';
import { refreshAggregates } from '../../db/aggregates';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../../test/db';
import type { App } from '../../types';
import { createSession } from '../auth/session';
import { backfillReviewThemes } from '../sentiment/backfill';
import { scoreThemes } from '../../lib/themes';

let tdb: TestDatabase;
let app: App;
let pro = '';
let basic = '';
const ids: Record<string, number> = {};

const A1 = 'The staff are wonderful. The food is cold and bland.';
const A2 = 'The food is delicious.';
const A3 = 'Billing is a nightmare.';
const A4 = 'We moved in May.';
const B1 = 'The food is delicious and the staff are kind.';
const C1 = 'The food was awful.'; // community of the operator that is delisted: left out of the operator's figures
const E1 = 'The pay is terrible. My supervisor is supportive.';
const E2 = 'The pay is great.';

async function userCookie(email: string, plan: string): Promise<string> {
  const { rows } = await tdb.pool.query<{ id: number }>('INSERT INTO users (email, plan) VALUES ($1, $2) RETURNING id', [email, plan]);
  const { token } = await createSession(tdb.pool, rows[0]!.id);
  return `sid=${token}`;
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildTestApp(tdb);
  const q = async (sql: string, params: unknown[]) => (await tdb.pool.query<{ id: number }>(sql, params)).rows[0]!.id;
  ids.op = await q(`INSERT INTO operators (name, city, state, source_id) VALUES ('Theme Living', 'Austin', 'TX', 'op-t') RETURNING id`, []);
  const community = (name: string, city: string, state: string, status: string, county: string) =>
    q(
      `INSERT INTO communities (name, city, state, operator_id, source_id, listing_status, county) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [name, city, state, ids.op, `t-${name}`, status, county],
    );
  ids.a = await community('Alpha House', 'Austin', 'TX', 'listed', 'Travis');
  ids.b = await community('Beta House', 'Dallas', 'TX', 'listed', 'Dallas County');
  ids.c = await community('Gone House', 'Austin', 'TX', 'delisted', 'Travis');
  // Stored overall sentiment: rating / 5 (a figure the portfolio test can average by hand).
  const review = (community: number, content: string, date: string, rating: number) =>
    tdb.pool.query(
      `INSERT INTO customer_reviews (community_id, rating, author, content, review_date, source, sentiment) VALUES ($1, $2::smallint, 'X', $3, $4, 'Demo', $2::int / 5.0)`,
      [community, rating, content, date],
    );
  await review(ids.a, A1, '2025-01-10', 3);
  await review(ids.a, A2, '2025-02-01', 5);
  await review(ids.a, A3, '2025-05-05', 1);
  await review(ids.a, A4, '2025-05-06', 4);
  await review(ids.b, B1, '2025-04-01', 5);
  await review(ids.c, C1, '2025-04-02', 1);
  const employee = (content: string, date: string, location: string) =>
    tdb.pool.query(
      `INSERT INTO employee_reviews (operator_id, rating, content, review_date, job_title, employment_status, location, source, sentiment)
       VALUES ($1, 3, $2, $3, 'CNA', 'current', $4, 'Demo', 0.5)`,
      [ids.op, content, date, location],
    );
  await employee(E1, '2025-03-01', 'Austin, TX');
  await employee(E2, '2025-07-01', 'Dallas, TX');
  await backfillReviewThemes(tdb.pool);
  await refreshAggregates(tdb.pool);
  pro = await userCookie('pro@example.com', 'pro');
  basic = await userCookie('basic@example.com', 'basic');
});

afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

async function get(url: string, cookie = pro): Promise<ThemeReport> {
  const res = await app.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ThemeReport>();
}

const theme = (r: ThemeReport, key: string) => {
  const t = r.themes.find((x) => x.theme === key);
  if (!t) throw new Error(`no theme ${key}`);
  return t;
};
const s = (text: string, key: string, kind: 'customer' | 'employee' = 'customer') => scoreThemes(text, kind)[key]!.sentiment!;

describe('review themes per community', () => {
  it('counts mentions, shares, sentiment, quarters and examples as worked out by hand', async () => {
    const r = await get(`/api/themes/community/${ids.a}`);
    expect(r.scope).toMatchObject({ type: 'community', id: ids.a, name: 'Alpha House', city: 'Austin', state: 'TX' });
    expect(r.kind).toBe('customer');
    expect(r.reviews).toBe(4);
    expect([r.from, r.to]).toEqual(['2025-01-10', '2025-05-06']);
    expect(r.demo).toBe(true); // the rows carry source_kind 'demo' (the column's default)
    expect(r.computedFrom).toContain('4 customer reviews of Alpha House, 2025-01-10 to 2025-05-06 (Demo data)');

    // food: A1 (cold and bland, negative) and A2 (delicious, positive): 2 of 4 reviews.
    const food = theme(r, 'food');
    expect(food.mentions).toBe(2);
    expect(food.share).toBe(0.5);
    expect([food.positive, food.neutral, food.negative]).toEqual([1, 0, 1]);
    expect(food.averageSentiment).toBeCloseTo((s(A1, 'food') + s(A2, 'food')) / 2, 6);
    expect(food.quarters).toEqual([{ quarter: '2025-Q1', mentions: 2, averageSentiment: expect.closeTo((s(A1, 'food') + s(A2, 'food')) / 2, 6) }]);
    // Two real snippets: the most positive and the most negative mention, each the sentence that names food.
    expect(food.examples.map((e) => e.snippet)).toEqual(['The food is delicious.', 'The food is cold and bland.']);
    expect(food.examples.map((e) => e.rating)).toEqual([5, 3]);

    // staff: A1 only; cost: A3 only (billing), in 2025-Q2.
    expect(theme(r, 'staff')).toMatchObject({ mentions: 1, share: 0.25, positive: 1, negative: 0 });
    expect(theme(r, 'staff').examples.map((e) => e.snippet)).toEqual(['The staff are wonderful.']);
    expect(theme(r, 'cost')).toMatchObject({ mentions: 1, share: 0.25, positive: 0, negative: 1 });
    expect(theme(r, 'cost').quarters.map((q) => q.quarter)).toEqual(['2025-Q2']);
    // Unmentioned themes are listed with zeros; the list is ordered by mentions.
    expect(theme(r, 'safety')).toMatchObject({ mentions: 0, share: 0, quarters: [], examples: [] });
    expect(r.themes[0]?.theme).toBe('food');
    expect(r.themes).toHaveLength(9);
    expect(r.praise).toEqual(['staff']);
    expect(r.complaints).toEqual(['cost']);
  });

  it('404 for an unknown community, 400 for a bad id', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/themes/community/999999', headers: { cookie: pro } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const bad = await app.inject({ method: 'GET', url: '/api/themes/community/abc', headers: { cookie: pro } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBeTruthy();
  });
});

describe('review themes per operator', () => {
  it('customer themes over its listed communities (the delisted one left out)', async () => {
    const r = await get(`/api/themes/operator/${ids.op}`);
    expect(r.scope).toMatchObject({ type: 'operator', id: ids.op, name: 'Theme Living' });
    expect(r.reviews).toBe(5); // A1-A4 and B1; C1 is of a delisted community
    const food = theme(r, 'food');
    expect(food.mentions).toBe(3);
    expect(food.share).toBeCloseTo(3 / 5, 12);
    expect([food.positive, food.negative]).toEqual([2, 1]);
    expect(food.quarters.map((q) => [q.quarter, q.mentions])).toEqual([
      ['2025-Q1', 2],
      ['2025-Q2', 1],
    ]);
    expect(theme(r, 'staff')).toMatchObject({ mentions: 2, share: 0.4, positive: 2 });
  });

  it('employee themes of the operator', async () => {
    const r = await get(`/api/themes/operator/${ids.op}?kind=employee`);
    expect(r.kind).toBe('employee');
    expect(r.reviews).toBe(2);
    const pay = theme(r, 'pay');
    expect(pay).toMatchObject({ mentions: 2, share: 1, positive: 1, negative: 1 });
    expect(pay.averageSentiment).toBeCloseTo((s(E1, 'pay', 'employee') + s(E2, 'pay', 'employee')) / 2, 6);
    expect(pay.examples.map((e) => e.snippet)).toEqual(['The pay is great.', 'The pay is terrible.']);
    expect(theme(r, 'management')).toMatchObject({ mentions: 1, share: 0.5, positive: 1 });
    expect(r.themes).toHaveLength(6);
  });
});

describe('review themes per market', () => {
  it('a state, a city and a county', async () => {
    const state = await get('/api/themes/market/tx');
    expect(state.scope).toMatchObject({ type: 'market', name: 'Texas', state: 'TX' });
    expect(state.reviews).toBe(5);
    const city = await get('/api/themes/market/TX?city=austin');
    expect(city.reviews).toBe(4);
    expect(city.scope.name).toBe('austin, TX');
    const county = await get('/api/themes/market/TX?county=Dallas%20County');
    expect(county.reviews).toBe(1);
    expect(theme(county, 'food')).toMatchObject({ mentions: 1, share: 1, positive: 1 });
    const employees = await get('/api/themes/market/TX?kind=employee&city=Dallas');
    expect(employees.reviews).toBe(1);
    expect(theme(employees, 'pay').positive).toBe(1);
    const none = await get('/api/themes/market/VT');
    expect(none.reviews).toBe(0);
    expect(none.themes.every((t) => t.mentions === 0 && t.share === 0)).toBe(true);
  });

  it('bad input is a 400 with a message', async () => {
    for (const url of ['/api/themes/market/XX', '/api/themes/market/TEX', '/api/themes/market/TX?kind=vendor']) {
      const res = await app.inject({ method: 'GET', url, headers: { cookie: pro } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message, url).toBeTruthy();
    }
  });
});

describe('employee review themes by county', () => {
  it('a city belongs to the county of most of its listed communities (ties: the lower FIPS code); by name or FIPS code', async () => {
    await tdb.pool.query(`INSERT INTO county_population (fips, county, state) VALUES ('48453', 'Travis', 'TX'), ('48113', 'Dallas', 'TX'), ('48491', 'Williamson', 'TX')
                          ON CONFLICT (fips) DO NOTHING`);
    await tdb.pool.query(`UPDATE communities SET county_fips = CASE name WHEN 'Alpha House' THEN '48453' WHEN 'Beta House' THEN '48113' ELSE '48491' END`);
    const employees = (county: string) => get(`/api/themes/market/TX?kind=employee&county=${encodeURIComponent(county)}`);
    // Austin: Alpha House (Travis, listed); Gone House (Williamson) is delisted and not counted. E1 is located in Austin.
    for (const county of ['Travis', 'travis county', '48453']) {
      const r = await employees(county);
      expect(r.reviews, county).toBe(1);
      // A name is shown as asked (as a city is); a FIPS code by its ACS name.
      expect(r.scope.name.toLowerCase()).toBe('travis county, tx');
      expect(theme(r, 'pay')).toMatchObject({ mentions: 1, negative: 1 });
      expect(theme(r, 'pay').averageSentiment).toBeCloseTo(s(E1, 'pay', 'employee'), 6);
      expect(r.computedFrom).toContain('each city in the county of most of its listed communities');
    }
    expect((await employees('48113')).reviews).toBe(1); // Dallas: E2
    expect((await employees('48491')).reviews).toBe(0);
    // A listed Austin community in Williamson: one each, the lower FIPS (Travis, 48453) keeps Austin.
    const q = (sql: string, params: unknown[] = []) => tdb.pool.query(sql, params);
    await q(`INSERT INTO communities (name, city, state, operator_id, source_id, county_fips) VALUES ('W1', 'Austin', 'TX', $1, 't-w1', '48491')`, [ids.op]);
    expect((await employees('48453')).reviews).toBe(1);
    // A second one there: Austin now lies mostly in Williamson.
    await q(`INSERT INTO communities (name, city, state, operator_id, source_id, county_fips) VALUES ('W2', 'AUSTIN', 'TX', $1, 't-w2', '48491')`, [ids.op]);
    expect((await employees('48453')).reviews).toBe(0);
    expect((await employees('48491')).reviews).toBe(1);
    const unknown = await app.inject({ method: 'GET', url: '/api/themes/market/TX?kind=employee&county=06037', headers: { cookie: pro } });
    expect(unknown.statusCode).toBe(404);
    await q(`DELETE FROM communities WHERE source_id IN ('t-w1', 't-w2')`);
    await q('UPDATE communities SET county_fips = NULL');
  });
});

describe('review themes are Pro', () => {
  it('403 PRO_REQUIRED for a Basic user, 401 signed out', async () => {
    for (const url of ['/api/themes', `/api/themes/community/${ids.a}`, `/api/themes/operator/${ids.op}`, '/api/themes/market/TX']) {
      const res = await app.inject({ method: 'GET', url, headers: { cookie: basic } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('PRO_REQUIRED');
      const anon = await app.inject({ method: 'GET', url });
      expect(anon.statusCode, url).toBe(401);
    }
  });

  it('the whole table', async () => {
    const r = await get('/api/themes');
    expect(r.reviews).toBe(6);
    expect(theme(r, 'food').mentions).toBe(4);
  });
});

describe('operator portfolio', () => {
  it('lists the listed communities with their mean sentiment and the quarterly trend of both review kinds', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/portfolio/${ids.op}`, headers: { cookie: pro } });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<Portfolio>();
    expect(p.operator).toMatchObject({ id: ids.op, name: 'Theme Living' });
    // Alpha: ratings 3, 5, 1, 4 -> sentiments 0.6, 1, 0.2, 0.8, mean 0.65; Beta: 5 -> 1. Gone House (delisted) is left out.
    expect(p.communities.map((c) => [c.name, c.reviewCount])).toEqual([
      ['Alpha House', 4],
      ['Beta House', 1],
    ]);
    expect(p.communities[0]!.averageSentiment).toBeCloseTo(0.65, 6);
    expect(p.communities[1]!.averageSentiment).toBeCloseTo(1, 6);
    // Q1: A1, A2 (0.6, 1) and E1; Q2: A3, A4, B1 (0.2, 0.8, 1); Q3: E2. Employee sentiments are stored as 0.5.
    expect(p.trend.map((t) => [t.quarter, t.customerReviews, t.employeeReviews])).toEqual([
      ['2025-Q1', 2, 1],
      ['2025-Q2', 3, 0],
      ['2025-Q3', 0, 1],
    ]);
    expect(p.trend[0]!.customerSentiment).toBeCloseTo(0.8, 6);
    expect(p.trend[1]!.customerSentiment).toBeCloseTo(2 / 3, 6);
    expect(p.trend[1]!.employeeSentiment).toBeNull();
    expect(p.trend[2]!.employeeSentiment).toBeCloseTo(0.5, 6);
    expect(p.computedFrom).toContain('2 listed communities of Theme Living with 5 customer reviews, and 2 employee reviews');
    expect((await app.inject({ method: 'GET', url: '/api/portfolio/999999', headers: { cookie: pro } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/portfolio/${ids.op}`, headers: { cookie: basic } })).statusCode).toBe(403);
  });

  it("places each community's price per care type among its competitive set (10 miles, else the nearest 10)", async () => {
    const q = (sql: string, params: unknown[] = []) => tdb.pool.query(sql, params);
    // Alpha House in Austin, Assisted Living 4,000-5,000 (middle 4,500), no Memory Care price. Beta House has no location.
    await q(`UPDATE communities SET lat = 30.2672, lng = -97.7431, care_types = '{Assisted Living,Memory Care}' WHERE id = $1`, [ids.a]);
    await q(`INSERT INTO community_pricing (community_id, care_type, min_price, max_price) VALUES ($1, 'Assisted Living', 4000, 5000)`, [ids.a]);
    // Competitors of another operator: 0.05° (3.5 mi), 0.1° (6.9 mi) and 0.3° (20.7 mi) north; one delisted, left out.
    const rival = async (name: string, dLat: number, min: number, max: number, status = 'listed') => {
      const { rows } = await tdb.pool.query<{ id: number }>(
        `INSERT INTO communities (name, city, state, source_id, listing_status, lat, lng, care_types) VALUES ($1, 'Austin', 'TX', $2, $3, $4, -97.7431, '{Assisted Living}') RETURNING id`,
        [name, `t-${name}`, status, 30.2672 + dLat],
      );
      await q(`INSERT INTO community_pricing (community_id, care_type, min_price, max_price) VALUES ($1, 'Assisted Living', $2, $3)`, [rows[0]!.id, min, max]);
    };
    await rival('X1', 0.05, 3000, 3000);
    await rival('X2', 0.1, 5000, 6000);
    await rival('X3', 0.3, 4000, 5000);
    await rival('X4', 0.02, 100, 100, 'delisted');
    const p = (await app.inject({ method: 'GET', url: `/api/portfolio/${ids.op}`, headers: { cookie: pro } })).json<Portfolio>();
    const alpha = p.communities.find((c) => c.id === ids.a)!;
    const beta = p.communities.find((c) => c.id === ids.b)!;
    expect(beta.pricePosition).toBeNull();
    // 2 within 10 miles (< 10): the nearest 10 within 500 miles, i.e. all 3 listed rivals. Prices 3,000 / 4,500 / 5,500.
    expect(alpha.pricePosition).toMatchObject({ radiusMiles: 10, competitors: 3, withinRadius: 2 });
    const al = alpha.pricePosition!.positions.find((x) => x.careType === 'Assisted Living')!;
    // percentile_cont: p25 at 0.5 -> 3,000 + 0.5 * 1,500 = 3,750; median 4,500; p75 at 1.5 -> 4,500 + 0.5 * 1,000 = 5,000.
    // Percentile of 4,500: one below, one equal (counted half) of 3 -> 50%.
    expect(al).toEqual({ careType: 'Assisted Living', price: 4500, competitorsPriced: 3, p25: 3750, median: 4500, p75: 5000, min: 3000, max: 5500, percentile: 50 });
    const mc = alpha.pricePosition!.positions.find((x) => x.careType === 'Memory Care')!;
    expect(mc).toMatchObject({ price: null, competitorsPriced: 0, median: null, percentile: null });
    // The same figures as the community's competitive set at 10 miles.
    const set = (await app.inject({ method: 'GET', url: `/api/community-insights/${ids.a}/market?radius=10`, headers: { cookie: pro } })).json();
    expect(set.pricePosition).toEqual(alpha.pricePosition!.positions);
  });
});
