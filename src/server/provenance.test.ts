// Provenance on every entity the API returns (issue 9, ADR 008): a demo row and an imported (CMS /
// state) row through every endpoint that shows communities, operators or reviews, and the Verified rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Source } from '../contracts/provenance';
import { buildTestApp, createTestDatabase, type TestDatabase } from './test/db';
import type { App } from './types';

let tdb: TestDatabase;
let app: App;
const ids = { demoOp: 0, cmsOp: 0, stateOp: 0, demo: 0, cms: 0, state: 0 };

const DEMO: Source = { kind: 'demo', name: 'Demo data', asOf: null };
const CMS: Source = { kind: 'cms', name: 'Centers for Medicare & Medicaid Services', asOf: '2021-08-01' };
const STATE: Source = { kind: 'state', name: 'Texas Health and Human Services Commission', asOf: '2021-06-15' };

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildTestApp(tdb, { APP_CACHES: 'false' });
  const q = async (sql: string, params: unknown[] = []) => (await tdb.pool.query<{ id: number }>(sql, params)).rows[0]!.id;
  // The demo rows take the column defaults, exactly as the generator's rows do.
  ids.demoOp = await q("INSERT INTO operators (name, city, state, source_id, indeed_url, glassdoor_url) VALUES ('Demo Op', 'Austin', 'TX', 'd1', 'https://www.indeed.com/cmp/x', 'https://www.glassdoor.com/x') RETURNING id");
  ids.cmsOp = await q(
    "INSERT INTO operators (name, city, state, source, source_id, source_kind, source_name, source_as_of) VALUES ('Cms Op', 'Dallas', 'TX', 'cms', 'c1', 'cms', $1, $2) RETURNING id",
    [CMS.name, CMS.asOf],
  );
  ids.stateOp = await q(
    "INSERT INTO operators (name, city, state, source, source_id, source_kind, source_name, source_as_of) VALUES ('State Op', 'Houston', 'TX', 'tx', 's1', 'state', $1, $2) RETURNING id",
    [STATE.name, STATE.asOf],
  );
  ids.demo = await q(
    "INSERT INTO communities (name, city, state, zip_code, lat, lng, operator_id, source_id) VALUES ('Demo Home', 'Austin', 'TX', '78701', 30.27, -97.74, $1, 'd1') RETURNING id",
    [ids.demoOp],
  );
  ids.cms = await q(
    `INSERT INTO communities (name, city, state, zip_code, lat, lng, operator_id, source, source_id, source_kind, source_name, source_as_of)
     VALUES ('Cms Home', 'Dallas', 'TX', '75201', 32.78, -96.8, $1, 'cms', '450001', 'cms', $2, $3) RETURNING id`,
    [ids.cmsOp, CMS.name, CMS.asOf],
  );
  ids.state = await q(
    `INSERT INTO communities (name, city, state, zip_code, lat, lng, operator_id, source, source_id, source_kind, source_name, source_as_of)
     VALUES ('State Home', 'Houston', 'TX', '77002', 29.76, -95.37, $1, 'tx', '821', 'state', $2, $3) RETURNING id`,
    [ids.stateOp, STATE.name, STATE.asOf],
  );
  // Demo reviews stored as verified and naming a real platform: the API must say neither.
  await tdb.pool.query(
    `INSERT INTO customer_reviews (community_id, rating, author, content, review_date, source, verified, sentiment)
     VALUES ($1, 5, 'Ann', 'Lovely staff.', '2026-01-02', 'Google Reviews', true, 0.9),
            ($1, 2, 'Bob', 'Cold food.', '2026-01-01', 'Demo', false, 0.2)`,
    [ids.demo],
  );
  // A review written on this site ('user'), verified, and one not verified.
  await tdb.pool.query(
    `INSERT INTO customer_reviews (community_id, rating, author, content, review_date, source, source_kind, verified, sentiment)
     VALUES ($1, 4, 'Cy', 'Helpful tour.', '2026-01-03', 'This site', 'user', true, 0.8),
            ($1, 3, 'Di', 'Fine.', '2026-01-04', 'This site', 'user', false, 0.5)`,
    [ids.cms],
  );
  await tdb.pool.query(
    `INSERT INTO employee_reviews (operator_id, rating, content, review_date, job_title, employment_status, source, sentiment)
     VALUES ($1, 4, 'Good team.', '2026-01-05', 'Nurse', 'current', 'Indeed', 0.7),
            ($1, 2, 'Long shifts.', '2026-01-06', 'Aide', 'former', 'Glassdoor', 0.3)`,
    [ids.demoOp],
  );
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

async function get<T>(url: string): Promise<T> {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
}

const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));

describe('provenance on every entity', () => {
  it('the community entity (detail page)', async () => {
    expect((await get<{ source: Source }>(`/api/communities/${ids.demo}`)).source).toEqual(DEMO);
    expect((await get<{ source: Source }>(`/api/communities/${ids.cms}`)).source).toEqual(CMS);
    expect((await get<{ source: Source }>(`/api/communities/${ids.state}`)).source).toEqual(STATE);
  });

  it('search rows and map points', async () => {
    const rows = byId((await get<{ communities: { id: number; source: Source }[] }>('/api/communities/search?location=TX')).communities);
    expect(rows.get(ids.demo)?.source).toEqual(DEMO);
    expect(rows.get(ids.cms)?.source).toEqual(CMS);
    expect(rows.get(ids.state)?.source).toEqual(STATE);
    const points = byId((await get<{ points: { id: number; source: Source }[] }>('/api/communities/search/points?location=TX')).points);
    expect(points.get(ids.demo)?.source).toEqual(DEMO);
    expect(points.get(ids.cms)?.source).toEqual(CMS);
    expect(points.get(ids.state)?.source).toEqual(STATE);
  });

  it('community insights rows', async () => {
    const rows = byId((await get<{ communities: { id: number; source: Source }[] }>('/api/community-insights?pageSize=50')).communities);
    expect(rows.get(ids.demo)?.source).toEqual(DEMO);
    expect(rows.get(ids.cms)?.source).toEqual(CMS);
    expect(rows.get(ids.state)?.source).toEqual(STATE);
  });

  it('operator rows, with the count of employee reviews and no third-party employer links for demo operators', async () => {
    type Op = { id: number; source: Source; employeeReviewCount: number; operatorIndeed: string; operatorGlassdoor: string };
    const rows = byId((await get<{ operators: Op[] }>('/api/operator-insights?pageSize=50')).operators);
    expect(rows.get(ids.demoOp)).toMatchObject({ source: DEMO, employeeReviewCount: 2, operatorIndeed: '', operatorGlassdoor: '' });
    expect(rows.get(ids.cmsOp)).toMatchObject({ source: CMS, employeeReviewCount: 0 });
    expect(rows.get(ids.stateOp)).toMatchObject({ source: STATE, employeeReviewCount: 0 });
  });

  it('sentiment review pages (customer and employee)', async () => {
    type Row = { id: number; content: string; source: Source };
    const customer = (await get<{ reviews: Row[] }>('/api/sentiment/customer/reviews')).reviews;
    const demoSource = { kind: 'demo', name: 'Demo', asOf: null };
    const siteSource = { kind: 'user', name: 'This site', asOf: null };
    expect(customer.find((r) => r.content === 'Lovely staff.')?.source).toEqual(demoSource);
    expect(customer.find((r) => r.content === 'Helpful tour.')?.source).toEqual(siteSource);
    const employee = (await get<{ reviews: Row[] }>('/api/sentiment/employee/reviews')).reviews;
    expect(employee).toHaveLength(2);
    for (const r of employee) expect(r.source).toEqual(demoSource);
  });
});

describe('community reviews and the Verified rule', () => {
  type R = { author: string; source: string; verified: boolean; provenance: Source };

  it('no demo review is Verified or claims a real platform, even when the stored row says so', async () => {
    const { reviews } = await get<{ reviews: R[] }>(`/api/reviews/${ids.demo}`);
    expect(reviews).toHaveLength(2);
    for (const r of reviews) {
      expect(r.verified).toBe(false);
      expect(r.source).toBe('Demo');
      expect(r.provenance).toEqual({ kind: 'demo', name: 'Demo', asOf: null });
    }
  });

  it('a review written on this site keeps its verified flag and reads "This site"', async () => {
    const { reviews } = await get<{ reviews: R[] }>(`/api/reviews/${ids.cms}`);
    const byAuthor = new Map(reviews.map((r) => [r.author, r]));
    expect(byAuthor.get('Cy')).toMatchObject({ verified: true, source: 'This site', provenance: { kind: 'user', name: 'This site', asOf: null } });
    expect(byAuthor.get('Di')).toMatchObject({ verified: false, source: 'This site' });
  });
});

describe('GET /api/site', () => {
  it('says demoData while a demo community exists, and not once none is left', async () => {
    expect(await get('/api/site')).toEqual({ demoData: true });
    await tdb.pool.query("UPDATE communities SET source_kind = 'cms', source_name = 'x' WHERE source_kind = 'demo'");
    expect(await get('/api/site')).toEqual({ demoData: false });
  });
});
