// "Highest Rated" and relevance rank by a review-count-aware score (ADR 010): the reviews are real rows,
// the averages come from refreshAggregates and the score from the database's generated column.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATING_PRIOR_MEAN, ratingScore } from '../../../contracts/constants';
import type { SearchResponse } from '../../../contracts/search';
import { refreshAggregates } from '../../db/aggregates';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../../test/db';
import type { App } from '../../types';

let tdb: TestDatabase;
let app: App;

// name -> the star ratings of its reviews
const COMMUNITIES: Record<string, number[]> = {
  'Seven Fives': Array(7).fill(5),
  'Eighty at 4.7': [...Array(56).fill(5), ...Array(24).fill(4)],
  'Thirty at 4.0': Array(30).fill(4),
  'Three Threes': Array(3).fill(3),
  'No Reviews Yet': [],
  'One Five': [5],
};
const ids = new Map<string, number>();

async function search(qs: string): Promise<SearchResponse> {
  const res = await app.inject({ method: 'GET', url: `/api/communities/search?${qs}` });
  expect(res.statusCode).toBe(200);
  return res.json() as SearchResponse;
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  for (const [name, ratings] of Object.entries(COMMUNITIES)) {
    const { rows } = await tdb.pool.query<{ id: number }>(
      `INSERT INTO communities (name, city, state, care_types, amenities, photos, source_id) VALUES ($1, 'Bayesville', 'VT', '{}', '{}', '{}', $1) RETURNING id`,
      [name],
    );
    ids.set(name, rows[0]!.id);
    for (const r of ratings) {
      await tdb.pool.query(
        `INSERT INTO customer_reviews (community_id, rating, author, content, review_date, source, sentiment) VALUES ($1, $2, 'A', 'Text', '2026-01-01', 'Demo', 0.5)`,
        [rows[0]!.id, r],
      );
    }
  }
  await refreshAggregates(tdb.pool);
  app = await buildTestApp(tdb);
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

const avg = (list: number[]) => (list.length ? list.reduce((a, b) => a + b, 0) / list.length : 0);
const expectedOrder = () =>
  Object.entries(COMMUNITIES)
    .sort(([a, ra], [b, rb]) => ratingScore(avg(rb), rb.length) - ratingScore(avg(ra), ra.length) || rb.length - ra.length || ids.get(b)! - ids.get(a)!)
    .map(([name]) => name);

describe('review-count-aware rating order', () => {
  it('5.0 from 7 reviews ranks below 4.7 from 80 in "Highest Rated"', async () => {
    const res = await search('sort=rating&pageSize=100');
    const names = res.communities.map((c) => c.name);
    expect(names.indexOf('Eighty at 4.7')).toBeLessThan(names.indexOf('Seven Fives'));
    expect(names[0]).toBe('Eighty at 4.7');
    expect(names).toEqual(expectedOrder());
    // The raw averages are still what the cards show.
    expect(res.communities.find((c) => c.name === 'Seven Fives')).toMatchObject({ rating: 5, reviewCount: 7 });
    expect(res.communities.find((c) => c.name === 'No Reviews Yet')).toMatchObject({ rating: 0, reviewCount: 0 });
  });

  it('relevance (a city search) breaks the tie of equal matches by the same score', async () => {
    const res = await search('location=Bayesville&pageSize=100');
    expect(res.communities.map((c) => c.name)).toEqual(expectedOrder());
  });

  it('the stored score is the documented formula and follows new reviews', async () => {
    const { rows } = await tdb.pool.query<{ name: string; rating_score: number }>('SELECT name, rating_score FROM communities');
    for (const r of rows) {
      const list = COMMUNITIES[r.name]!;
      expect(r.rating_score, r.name).toBeCloseTo(ratingScore(Math.round(avg(list) * 100) / 100, list.length), 4);
    }
    expect(rows.find((r) => r.name === 'No Reviews Yet')!.rating_score).toBeCloseTo(RATING_PRIOR_MEAN, 5);
    // Ten more five-star reviews lift "One Five" (11 reviews of 5 -> 4.43) above "Thirty at 4.0" (3.95).
    for (let i = 0; i < 10; i++) {
      await tdb.pool.query(
        `INSERT INTO customer_reviews (community_id, rating, author, content, review_date, source, sentiment) VALUES ($1, 5, 'B', 'Text', '2026-02-01', 'Demo', 0.5)`,
        [ids.get('One Five')],
      );
    }
    await refreshAggregates(tdb.pool, { communityIds: [ids.get('One Five')!] });
    COMMUNITIES['One Five'] = Array(11).fill(5);
    const fresh = await buildTestApp(tdb); // a new app: no cached answer
    try {
      const res = await fresh.inject({ method: 'GET', url: '/api/communities/search?sort=rating&pageSize=100' });
      expect((res.json() as SearchResponse).communities.map((c) => c.name)).toEqual(expectedOrder());
    } finally {
      await fresh.close();
    }
  });
});
