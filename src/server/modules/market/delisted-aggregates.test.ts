// Delisted facilities (ADR 016) are left out of every aggregate: the dashboard, Pricing Analytics,
// Sentiment Analysis and the city index. One listed and one delisted facility of the same operator, each
// with prices and reviews chosen so that every figure differs when the delisted one is counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshAggregates } from '../../db/aggregates';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../../test/db';
import type { App } from '../../types';
import { createSession } from '../auth/session';
import { listCities } from '../communities/search.repo';

let tdb: TestDatabase;
let app: App;
let proCookie: string;

beforeAll(async () => {
  tdb = await createTestDatabase();
  const q = (sql: string) => tdb.pool.query(sql);
  await q(`INSERT INTO operators (id, name, source_id) VALUES (1, 'Op One', 'o1')`);
  await q(`INSERT INTO communities (id, name, city, state, operator_id, capacity, source_id, listing_status, delisted_as_of) VALUES
    (1, 'Listed Place', 'Austin', 'TX', 1, 100, 'a', 'listed', NULL),
    (2, 'Gone Place', 'Austen', 'CA', 1, 80, 'b', 'delisted', '2026-03-01')`);
  await q(`INSERT INTO community_pricing (community_id, care_type, min_price, max_price) VALUES
    (1, 'Assisted Living', 3000, 4000), (1, 'Memory Care', 5000, 6000),
    (2, 'Assisted Living', 7000, 8000), (2, 'Independent Living', 2000, 2400)`);
  await q(`INSERT INTO customer_reviews (community_id, rating, author, content, review_date, source, sentiment) VALUES
    (1, 5, 'x', 'great', current_date - 3, 'Demo', 0.9),
    (1, 3, 'y', 'ok', current_date - 4, 'Demo', 0.5),
    (2, 1, 'z', 'closed down', current_date - 1, 'Demo', 0.1)`);
  await refreshAggregates(tdb.pool);
  app = await buildTestApp(tdb);
  const { rows } = await tdb.pool.query<{ id: number }>(`INSERT INTO users (email, plan, trial_ends_at) VALUES ('pro@example.com', 'pro', NULL) RETURNING id`);
  proCookie = `sid=${(await createSession(tdb.pool, rows[0]!.id)).token}`;
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

async function get<T>(url: string, cookie?: string): Promise<T> {
  const res = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

describe('aggregates leave delisted facilities out', () => {
  it('Pricing Analytics counts only the listed facility’s prices', async () => {
    const body = await get<Record<string, unknown>>('/api/pricing-analytics');
    expect(body.avgPricing).toEqual({ independent: null, assisted: 3500, memory: 5500, skilled: null });
    expect(body.pricingByState).toEqual([{ state: 'TX', avgPrice: 4500 }]);
    expect(body.stateOptions).toEqual([{ state: 'TX', avgPrice: 4500 }]);
    expect(body.pricingByOperator).toEqual([{ operatorName: 'Op One', avgPrice: 4500 }]);
    expect(body.pricePoints).toBe(2);
    expect(body.csatScore).toBe(4);
  });

  it('the dashboard’s metrics, top operators and insights count only the listed facility', async () => {
    const metrics = await get<Record<string, unknown>>('/api/market/metrics');
    expect(metrics).toMatchObject({ communitiesTracked: 1, communitiesNewThisWeek: 1, operatorsMonitored: 1, avgMarketRate: 4500, reviewCount: 2, marketSentiment: 4 });
    const top = await get<{ operators: unknown[] }>('/api/operators/top', proCookie);
    expect(top.operators).toEqual([{ id: 1, name: 'Op One', communities: 1, states: 1, averageRating: 4 }]);
    const recent = await get<{ market: { title: string; detail: string }[]; regionalCapacity: unknown[] }>('/api/insights/recent', proCookie);
    expect(recent.regionalCapacity).toEqual([{ state: 'TX', communities: 1, capacity: 100 }]);
    expect(recent.market.find((m) => m.title === 'Memory care premium')?.detail).toBe(
      'Memory care averages $5,500/month, 57% above assisted living ($3,500).',
    );
    // Independent living is priced only by the delisted facility.
    expect(recent.market.map((m) => m.title)).not.toContain('Independent living stays the entry point');
  });

  it('Sentiment Analysis counts and pages only the listed facility’s reviews', async () => {
    const summary = await get<{ totalReviews: number; averageRating: number; negative: number }>('/api/sentiment/customer/summary');
    expect(summary).toMatchObject({ totalReviews: 2, averageRating: 4, negative: 0 });
    const page = await get<{ reviews: { communityName: string }[]; total: number }>('/api/sentiment/customer/reviews?page=1');
    expect(page.reviews.map((r) => r.communityName)).toEqual(['Listed Place', 'Listed Place']);
  });

  it('the city index offers only cities with a listed facility', async () => {
    expect(await listCities(tdb.pool)).toEqual([{ state: 'TX', city: 'Austin' }]);
    // "Austen" would match the delisted facility's city exactly (and find nothing); it finds Austin instead.
    const res = await get<{ total: number; communities: { id: number }[] }>('/api/communities/search?location=Austen');
    expect(res.communities.map((c) => c.id)).toEqual([1]);
  });
});
