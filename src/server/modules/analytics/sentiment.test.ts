import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { classifySentiment } from '../../../contracts/constants';
import type { CustomerReviewPage, SentimentSummary, SentimentTrend } from '../../../contracts/sentiment';
import { buildTestApp, useTestApp } from '../../test/db';
import { getJson } from '../../test/factories';
import { selectCustomerPage } from './sentiment.repo';
import { SentimentService } from './sentiment.service';

const t = useTestApp();

// Scores at and around the edges, stored as `real` like every review.
const EDGE_SCORES = [0.6000001, 0.6, 0.4, 0.3999999, 0.9, 0.1];

beforeAll(async () => {
  await t.tdb.pool.query(`
    INSERT INTO operators (id, name, source_id) VALUES (1, 'Op One', 'o1'), (2, 'Op Two', 'o2');
    INSERT INTO communities (id, name, city, state, source_id) VALUES (1, 'Maple Court', 'Austin', 'TX', 'c1'), (2, 'Oak Hill', 'Dallas', 'TX', 'c2');
  `);
  // Customer: the 6 edge scores (ratings 5,4,3,3,2,1), then 2000 filler reviews (rating 4, score 0.75) older than them.
  await t.tdb.pool.query(
    `INSERT INTO customer_reviews (community_id, rating, author, content, review_date, source, sentiment)
     SELECT 1 + (i::int % 2), (ARRAY[5,4,3,3,2,1])[i], 'Edge ' || i, 'Edge review ' || i, DATE '2025-06-01' + i::int, 'Google', s
     FROM unnest($1::real[]) WITH ORDINALITY AS t(s, i)`,
    [EDGE_SCORES],
  );
  await t.tdb.pool.query(
    `INSERT INTO customer_reviews (community_id, rating, author, content, review_date, source, sentiment)
     SELECT 1, 4, 'F' || g, 'Filler ' || g, DATE '2020-01-01' + (g % 700), 'Google', 0.75 FROM generate_series(1, 2000) g`,
  );
  await t.tdb.pool.query(
    `INSERT INTO employee_reviews (operator_id, rating, content, review_date, job_title, employment_status, location, source, sentiment)
     VALUES (1, 5, 'Great team', '2025-01-02', 'Registered Nurse', 'current', 'Austin, TX', 'Indeed', 0.85),
            (2, 2, 'Understaffed', '2025-01-03', 'Caregiver', 'former', NULL, 'Glassdoor', 0.2),
            (1, 3, 'Fine', '2025-01-01', 'Cook', 'former', 'Dallas, TX', 'Indeed', 0.4)`,
  );
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/sentiment/{kind}/summary', () => {
  it('classifies the stored scores in SQL with the same edges as classifySentiment (0.6 and 0.4 are Neutral)', async () => {
    const body = await getJson<SentimentSummary>(t.app, '/api/sentiment/customer/summary');
    // Edges: 0.6000001 and 0.9 positive; 0.6 and 0.4 neutral; 0.3999999 and 0.1 negative; fillers (0.75) positive.
    expect(body).toMatchObject({ totalReviews: 2006, positive: 2002, neutral: 2, negative: 2 });
    const expected = { Positive: 0, Neutral: 0, Negative: 0 };
    const { rows } = await t.tdb.pool.query<{ sentiment: number }>('SELECT sentiment FROM customer_reviews');
    for (const r of rows) expected[classifySentiment(r.sentiment)] += 1;
    expect([body.positive, body.neutral, body.negative]).toEqual([expected.Positive, expected.Neutral, expected.Negative]);
  });

  it('describes the whole table: average rating, average sentiment and counts per star 1-5', async () => {
    const body = (await get('/api/sentiment/customer/summary')).json();
    const ratingSum = 5 + 4 + 3 + 3 + 2 + 1 + 2000 * 4;
    expect(body.averageRating).toBeCloseTo(ratingSum / 2006, 9);
    const sentimentSum = EDGE_SCORES.reduce((a, b) => a + Math.fround(b), 0) + 2000 * 0.75;
    expect(body.averageSentiment).toBeCloseTo(sentimentSum / 2006, 6);
    expect(body.byStars).toEqual([
      { stars: 1, count: 1 },
      { stars: 2, count: 1 },
      { stars: 3, count: 2 },
      { stars: 4, count: 2001 },
      { stars: 5, count: 1 },
    ]);
  });

  it('summarises employee reviews the same way', async () => {
    const body = (await get('/api/sentiment/employee/summary')).json();
    expect(body).toEqual({
      totalReviews: 3,
      averageRating: 10 / 3,
      averageSentiment: expect.closeTo((Math.fround(0.85) + Math.fround(0.2) + Math.fround(0.4)) / 3, 6),
      positive: 1,
      neutral: 1,
      negative: 1,
      byStars: [1, 2, 3, 4, 5].map((stars) => ({ stars, count: stars === 5 || stars === 2 || stars === 3 ? 1 : 0 })),
    });
  });
});

describe('GET /api/sentiment/{kind}/reviews', () => {
  it('serves 1000 reviews a page, newest first, with the classification of each stored score', async () => {
    const body = await getJson<CustomerReviewPage>(t.app, '/api/sentiment/customer/reviews?page=1');
    expect(body).toMatchObject({ page: 1, pageSize: 1000, total: 2006, totalPages: 3 });
    expect(body.reviews).toHaveLength(1000);
    const edges = body.reviews.slice(0, 6);
    expect(edges.map((r: { content: string }) => r.content)).toEqual(['Edge review 6', 'Edge review 5', 'Edge review 4', 'Edge review 3', 'Edge review 2', 'Edge review 1']);
    expect(edges.map((r: { classification: string }) => r.classification)).toEqual(['Negative', 'Positive', 'Negative', 'Neutral', 'Neutral', 'Positive']);
    expect(edges[2]).toEqual({ id: 4, communityName: 'Maple Court', rating: 3, content: 'Edge review 4', date: '2025-06-05', sentiment: 0.3999999, classification: 'Negative', source: { kind: 'demo', name: 'Demo', asOf: null } });
    expect(edges[3].sentiment).toBe(0.4);
    expect(edges[4].sentiment).toBe(0.6);
    expect(edges[5].sentiment).toBe(0.6000001);
    const dates = body.reviews.map((r: { date: string }) => r.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('pages through the whole table without gaps or repeats; the last page is partial', async () => {
    const ids = new Set<number>();
    for (const page of [1, 2, 3]) {
      const body = (await get(`/api/sentiment/customer/reviews?page=${page}`)).json();
      for (const r of body.reviews) ids.add(r.id);
      if (page === 3) expect(body.reviews).toHaveLength(6);
    }
    expect(ids.size).toBe(2006);
  });

  it('defaults to page 1 and bounds the page to 1..ceil(total/1000) with a 400', async () => {
    expect((await get('/api/sentiment/customer/reviews')).json().page).toBe(1);
    for (const bad of ['0', '4', '-1', 'abc', '1.5']) {
      const res = await get(`/api/sentiment/customer/reviews?page=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.message).toMatch(/page/);
    }
  });

  it('serves employee reviews with the stored job title, status and location', async () => {
    const body = (await get('/api/sentiment/employee/reviews?page=1')).json();
    expect(body).toMatchObject({ page: 1, pageSize: 1000, total: 3, totalPages: 1 });
    expect(body.reviews[0]).toEqual({
      id: 2,
      operatorName: 'Op Two',
      rating: 2,
      content: 'Understaffed',
      date: '2025-01-03',
      sentiment: 0.2,
      classification: 'Negative',
      jobTitle: 'Caregiver',
      employmentStatus: 'former',
      location: null,
      source: { kind: 'demo', name: 'Demo', asOf: null },
    });
    expect(body.reviews.map((r: { classification: string }) => r.classification)).toEqual(['Negative', 'Positive', 'Neutral']);
  });
});

describe('review pages outside tests (cached as bytes)', () => {
  it('answers the same page gzipped or not, unchanged within the TTL, and still refuses a bad page', async () => {
    const prod = await buildTestApp(t.tdb, { NODE_ENV: 'production', LOG_LEVEL: 'silent' });
    try {
      const plain = await prod.inject({ method: 'GET', url: '/api/sentiment/customer/reviews?page=2' });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-type']).toMatch(/application\/json/);
      const body = plain.json();
      expect(body).toMatchObject({ page: 2, pageSize: 1000, total: 2006, totalPages: 3 });
      const zipped = await prod.inject({ method: 'GET', url: '/api/sentiment/customer/reviews?page=2', headers: { 'accept-encoding': 'gzip' } });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(body);
      const employees = await prod.inject({ method: 'GET', url: '/api/sentiment/employee/reviews?page=1' });
      expect(employees.json().reviews[0]).toHaveProperty('jobTitle');
      expect((await prod.inject({ method: 'GET', url: '/api/sentiment/customer/reviews?page=4' })).statusCode).toBe(400);
    } finally {
      await prod.close();
    }
  });
});

describe('SentimentService cache', () => {
  it('serves deep pages from the cached page keys exactly as OFFSET would', async () => {
    const service = new SentimentService(t.tdb.pool);
    await service.warm();
    for (const page of [2, 3]) {
      const viaKeys = (await service.customerPage(page)).reviews.map((r) => r.id);
      const viaOffset = (await selectCustomerPage(t.tdb.pool, 1000, { offset: (page - 1) * 1000 })).map((r) => r.id);
      expect(viaKeys).toEqual(viaOffset);
    }
  });

  it('computes once per TTL, serves the stale value while it refreshes, and can be invalidated', async () => {
    let clock = 0;
    const service = new SentimentService(t.tdb.pool, 1000, () => clock);
    const first = await service.employeePage(1);
    expect(first.total).toBe(3);
    await t.tdb.pool.query(`INSERT INTO employee_reviews (operator_id, rating, content, review_date, job_title, employment_status, source, sentiment)
                          VALUES (1, 4, 'New', '2024-01-01', 'Aide', 'current', 'Indeed', 0.7)`);
    expect((await service.summary('employee')).totalReviews).toBe(3); // cached
    clock = 1500;
    expect((await service.summary('employee')).totalReviews).toBe(3); // stale, refresh started
    await new Promise((r) => setTimeout(r, 100));
    expect((await service.summary('employee')).totalReviews).toBe(4);
    await t.tdb.pool.query(`DELETE FROM employee_reviews WHERE content = 'New'`);
    service.invalidate();
    expect((await service.summary('employee')).totalReviews).toBe(3);
  });

  it('answers an empty table with zeros and one page', async () => {
    await t.tdb.pool.query('DELETE FROM employee_reviews');
    const service = new SentimentService(t.tdb.pool);
    expect(await service.summary('employee')).toMatchObject({ totalReviews: 0, averageRating: 0, averageSentiment: 0, positive: 0 });
    expect(await service.employeePage(1)).toMatchObject({ reviews: [], total: 0, totalPages: 1 });
  });
});

describe('GET /api/sentiment/{kind}/trend', () => {
  it('employee: reviews of one month together, their mean sentiment (an earlier test may have emptied the table)', async () => {
    await t.tdb.pool.query(
      `INSERT INTO employee_reviews (operator_id, rating, content, review_date, job_title, employment_status, location, source, sentiment)
       VALUES (1, 5, 'a', '2024-03-02', 'Cook', 'current', NULL, 'Demo', 0.85), (1, 2, 'b', '2024-03-30', 'Cook', 'current', NULL, 'Demo', 0.2)`,
    );
    const { rows } = await t.tdb.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM employee_reviews WHERE review_date < '2024-04-01' AND review_date >= '2024-03-01'");
    expect(rows[0]?.n).toBe(2);
    const march = (await getJson<SentimentTrend>(t.app, '/api/sentiment/employee/trend')).months.find((m) => m.month === '2024-03');
    expect(march).toEqual({ month: '2024-03', reviews: 2, averageSentiment: expect.closeTo((Math.fround(0.85) + Math.fround(0.2)) / 2, 6) });
  });

  it('customer: every month of the review dates, counts and means as summed in JavaScript over the rows', async () => {
    const { rows } = await t.tdb.pool.query<{ d: string; s: number }>("SELECT review_date::text AS d, sentiment AS s FROM customer_reviews");
    const byMonth = new Map<string, { n: number; sum: number }>();
    for (const r of rows) {
      const m = r.d.slice(0, 7);
      const e = byMonth.get(m) ?? { n: 0, sum: 0 };
      e.n += 1;
      e.sum += r.s;
      byMonth.set(m, e);
    }
    const body = (await get('/api/sentiment/customer/trend')).json();
    expect(body.months.map((m: { month: string }) => m.month)).toEqual([...byMonth.keys()].sort());
    for (const m of body.months as { month: string; reviews: number; averageSentiment: number }[]) {
      const e = byMonth.get(m.month)!;
      expect(m.reviews).toBe(e.n);
      expect(m.averageSentiment).toBeCloseTo(e.sum / e.n, 6);
    }
    expect(body.months.reduce((a: number, m: { reviews: number }) => a + m.reviews, 0)).toBe(2006);
  });
});
