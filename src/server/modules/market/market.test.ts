import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../../test/db';
import type { App } from '../../types';
import { createSignedInUser } from '../../test/factories';

let tdb: TestDatabase;
let app: App;
let proCookie: string;
let basicCookie: string;

const userCookie = async (email: string, pro: boolean) => (await createSignedInUser(tdb.pool, { email, plan: pro ? 'pro' : 'basic' })).cookie;

beforeAll(async () => {
  tdb = await createTestDatabase();
  const q = (sql: string, p: unknown[] = []) => tdb.pool.query(sql, p);
  await q(`INSERT INTO operators (id, name, source_id, created_at) VALUES (1, 'Op One', 'o1', now() - interval '60 days'), (2, 'Op Two', 'o2', now())`);
  await q(`INSERT INTO communities (id, name, city, state, operator_id, rating, review_count, capacity, source_id, created_at) VALUES
    (1, 'A', 'Austin', 'TX', 1, 4.0, 10, 100, 'a', now() - interval '40 days'),
    (2, 'B', 'Dallas', 'TX', 1, 5.0, 0, 50, 'b', now() - interval '40 days'),
    (3, 'C', 'Fresno', 'CA', 2, 3.0, 5, 80, 'c', now() - interval '2 days'),
    (4, 'D', 'Irvine', 'CA', NULL, 0, 0, NULL, 'd', now() - interval '1 day')`);
  await q(`INSERT INTO community_pricing (community_id, care_type, min_price, max_price) VALUES
    (1, 'Assisted Living', 3000, 4000), (1, 'Memory Care', 5000, 6000),
    (2, 'Independent Living', 2000, 2400),
    (3, 'Assisted Living', 6000, 7000), (3, 'Skilled Nursing', 9000, 10000)`);
  await q(`UPDATE operators SET community_count = CASE id WHEN 1 THEN 2 ELSE 1 END`);
  await q(`INSERT INTO customer_reviews (community_id, rating, author, content, review_date, source, sentiment) VALUES
    (1, 5, 'x', 'great', current_date - 3, 'Google', 0.9),
    (1, 3, 'y', 'ok', current_date - 40, 'Google', 0.5),
    (3, 1, 'z', 'bad', current_date - 400, 'Yelp', 0.1)`);
  app = await buildTestApp(tdb);
  proCookie = await userCookie('pro@example.com', true);
  basicCookie = await userCookie('basic@example.com', false);
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('GET /api/pricing-analytics', () => {
  it('computes the hand-checked aggregates over all price points', async () => {
    const res = await get('/api/pricing-analytics');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.avgPricing).toEqual({ independent: 2200, assisted: 5000, memory: 5500, skilled: 9500 });
    expect(body.pricingByState).toEqual([
      { state: 'CA', avgPrice: 8000 },
      { state: 'TX', avgPrice: 3733 },
    ]);
    expect(body.pricingByOperator).toEqual([
      { operatorName: 'Op One', avgPrice: 3733 },
      { operatorName: 'Op Two', avgPrice: 8000 },
    ]);
    expect(body.marketSegmentation.map((s: { percentage: number }) => s.percentage)).toEqual([20, 40, 40]);
    expect(body.marketSegmentation[0].segment).toBe('Budget (under $3,000)');
    expect(body.csatScore).toBe(3.5);
    expect(body.pricePoints).toBe(5);
    expect(body.stateOptions).toEqual([
      { state: 'CA', avgPrice: 8000 },
      { state: 'TX', avgPrice: 3733 },
    ]);
  });

  it('answers each filter for that filter (cache keyed by filter)', async () => {
    const tx = (await get('/api/pricing-analytics?state=tx')).json();
    expect(tx.avgPricing).toEqual({ independent: 2200, assisted: 3500, memory: 5500, skilled: null });
    expect(tx.csatScore).toBe(4);
    expect(tx.marketSegmentation.map((s: { percentage: number }) => s.percentage)).toEqual([33.3, 66.7, 0]);
    expect(tx.stateOptions).toHaveLength(2);

    const assisted = (await get('/api/pricing-analytics?careType=assisted')).json();
    expect(assisted.avgPricing).toEqual({ independent: null, assisted: 5000, memory: null, skilled: null });
    expect(assisted.pricingByState).toEqual([
      { state: 'CA', avgPrice: 6500 },
      { state: 'TX', avgPrice: 3500 },
    ]);

    const premium = (await get('/api/pricing-analytics?priceRange=premium')).json();
    expect(premium.avgPricing).toEqual({ independent: null, assisted: 6500, memory: null, skilled: 9500 });
    expect(premium.marketSegmentation.map((s: { percentage: number }) => s.percentage)).toEqual([0, 0, 100]);

    const budget = (await get('/api/pricing-analytics?priceRange=budget&state=CA')).json();
    expect(budget.pricePoints).toBe(0);
    expect(budget.avgPricing).toEqual({ independent: null, assisted: null, memory: null, skilled: null });
    expect(budget.csatScore).toBe(4.2);
  });

  it('takes a care type by key or label, and "all" as no filter', async () => {
    const byKey = (await get('/api/pricing-analytics?careType=assisted')).json();
    for (const qs of ['careType=Assisted%20Living', 'careType=assisted%20living', 'careType=ASSISTED']) {
      const res = await get(`/api/pricing-analytics?${qs}`);
      expect(res.statusCode, qs).toBe(200);
      expect(res.json(), qs).toEqual(byKey);
    }
    const unfiltered = (await get('/api/pricing-analytics')).json();
    expect(unfiltered.pricePoints).toBeGreaterThan(byKey.pricePoints);
    for (const qs of ['careType=all', 'state=all', 'priceRange=all', 'state=ALL&careType=all&priceRange=all', 'state=&careType=']) {
      const res = await get(`/api/pricing-analytics?${qs}`);
      expect(res.statusCode, qs).toBe(200);
      expect(res.json(), qs).toEqual(unfiltered);
    }
  });

  it('rejects unknown filter values with a 400', async () => {
    for (const qs of ['state=Texas', 'careType=luxury', 'careType=Luxury%20Living', 'priceRange=cheap', 'state=1']) {
      const res = await get(`/api/pricing-analytics?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('dashboard endpoints', () => {
  it('GET /api/market/metrics computes live figures', async () => {
    const body = (await get('/api/market/metrics')).json();
    expect(body).toMatchObject({
      communitiesTracked: 4,
      communitiesNewThisWeek: 2,
      operatorsMonitored: 2,
      operatorsNewThisWeek: 1,
      avgMarketRate: 5440, // (3500 + 5500 + 2200 + 6500 + 9500) / 5
      marketSentiment: 3,
      reviewCount: 3,
      reviewsLast30Days: 1,
      ratingChangeLast30Days: 2, // 5 in the last 30 days against 3 in the 30 before
    });
    // Communities listed in the last 30 days (C: 6500, 9500 -> 8000) against the whole market (5440).
    expect(body.newListingsRateChangePct).toBe(47.1);
  });

  it('GET /api/operators/top is a Pro feature, enforced on the server', async () => {
    expect((await get('/api/operators/top')).statusCode).toBe(401);
    const basic = await get('/api/operators/top', basicCookie);
    expect(basic.statusCode).toBe(403);
    expect(basic.json().error.code).toBe('PRO_REQUIRED');
    const pro = await get('/api/operators/top', proCookie);
    expect(pro.statusCode).toBe(200);
    expect(pro.json().operators[0]).toEqual({ id: 1, name: 'Op One', communities: 2, states: 1, averageRating: 4 });
  });

  it('GET /api/insights/recent gives sentiment highlights to Pro users only', async () => {
    const visitor = (await get('/api/insights/recent')).json();
    expect(visitor.market.length).toBeGreaterThan(0);
    expect(visitor.regionalCapacity[0]).toEqual({ state: 'CA', communities: 2, capacity: 80 });
    expect(visitor.sentiment).toBeUndefined();
    const pro = (await get('/api/insights/recent', proCookie)).json();
    expect(pro.sentiment.length).toBeGreaterThan(0);
  });
});
