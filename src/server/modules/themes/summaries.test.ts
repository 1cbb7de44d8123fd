// The per-community review summaries (ADR 029) against the live computation over the reviews: on a generated
// dataset, every customer theme report read from the summaries equals the one read from the reviews, and the
// summaries follow a review published through the moderation desk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThemeReport } from '../../../contracts/themes';
import { CUSTOMER_THEMES } from '../../../contracts/themes';
import { fillMissingExampleSnippets, refreshReviewSummaries } from '../../db/review-summary';
import { snippetFor } from '../../lib/themes';
import { ensureDataset } from '../../db/seed/dataset';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../../test/db';
import { createSignedInUser } from '../../test/factories';
import type { App } from '../../types';
import { ThemeService } from './themes.service';
import { comparableReport } from '../../test/floats';

let tdb: TestDatabase;
let app: App;
let fromSummaries: ThemeService;
let fromReviews: ThemeService;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await ensureDataset(tdb.pool, { scale: 0.004, seed: 2929, now: new Date('2026-11-20T12:00:00Z') });
  app = await buildTestApp(tdb);
  fromSummaries = new ThemeService(tdb.pool, 0);
  fromReviews = new ThemeService(tdb.pool, 0, { fromSummaries: false });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});


async function samples() {
  const q = async <T,>(sql: string) => (await tdb.pool.query<T & Record<string, unknown>>(sql)).rows;
  const communities = await q<{ id: number }>('SELECT community_id AS id FROM community_review_summary WHERE scored > 0 ORDER BY reviews DESC, community_id LIMIT 3');
  const operators = await q<{ id: number }>(`SELECT operator_id AS id FROM communities WHERE operator_id IS NOT NULL AND listing_status = 'listed' GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 2`);
  const place = await q<{ state: string; city: string }>(`SELECT state, city FROM communities WHERE review_count > 0 GROUP BY 1, 2 ORDER BY count(*) DESC, 1, 2 LIMIT 1`);
  return { communities: communities.map((r) => r.id), operators: operators.map((r) => r.id), state: place[0]!.state, city: place[0]!.city };
}

describe('customer theme reports from the review summaries', () => {
  it('equal the reports computed from the reviews (whole table, operators, a state, a city, communities, competitors)', async () => {
    const s = await samples();
    expect(s.communities.length).toBe(3);
    const pairs: Array<[string, (t: ThemeService) => Promise<ThemeReport>]> = [
      ['all', (t) => t.all('customer')],
      ...s.operators.map((id): [string, (t: ThemeService) => Promise<ThemeReport>] => [`operator ${id}`, (t) => t.operator(id, 'customer')]),
      [`state ${s.state}`, (t) => t.market('customer', s.state, null, null)],
      [`city ${s.city}`, (t) => t.market('customer', s.state, s.city, null)],
      ...s.communities.map((id): [string, (t: ThemeService) => Promise<ThemeReport>] => [`community ${id}`, (t) => t.community(id)]),
    ];
    for (const [what, report] of pairs) {
      const a = await report(fromSummaries);
      const b = await report(fromReviews);
      expect(a.reviews, what).toBeGreaterThan(0);
      expect(comparableReport(a), what).toEqual(comparableReport(b));
    }
    const [own, ...others] = s.communities as [number, ...number[]];
    const versusA = await fromSummaries.versus(own, others);
    const versusB = await fromReviews.versus(own, others);
    expect(versusA?.length).toBeGreaterThan(0);
    expect(versusA).toEqual(versusB);
  });

  it("store each example's rating and snippet as cut from its review; rows without them are read from the review, then filled after start", async () => {
    type Row = { c: number; t: number; br: number | null; bs: string | null; wr: number | null; ws: string | null; brr: number; bc: string; wrr: number; wc: string };
    const read = async () =>
      (
        await tdb.pool.query<Row>(
          `SELECT e.community_id AS c, e.theme AS t, e.best_rating AS br, e.best_snippet AS bs, e.worst_rating AS wr, e.worst_snippet AS ws,
                  b.rating AS brr, b.content AS bc, w.rating AS wrr, w.content AS wc
             FROM community_theme_examples e JOIN customer_reviews b ON b.id = e.best_review_id JOIN customer_reviews w ON w.id = e.worst_review_id
            ORDER BY 1, 2`,
        )
      ).rows;
    const rows = await read();
    expect(rows.length).toBeGreaterThan(100);
    const cut = (text: string, t: number) => snippetFor(text, CUSTOMER_THEMES[t]!, 'customer');
    for (const r of rows) {
      expect([r.br, r.bs, r.wr, r.ws], `community ${r.c} theme ${r.t}`).toEqual([r.brr, cut(r.bc, r.t), r.wrr, cut(r.wc, r.t)]);
    }
    expect(rows.filter((r) => r.bs !== null).length).toBeGreaterThan(rows.length / 2);

    // A database written before migration 0029: the report reads those rows' reviews, and the next start fills them.
    const { communities } = await samples();
    const id = communities[0]!;
    const expected = comparableReport(await fromReviews.community(id));
    await tdb.pool.query(
      `UPDATE community_theme_examples SET best_rating = NULL, best_snippet = NULL, worst_rating = NULL, worst_snippet = NULL
        WHERE community_id = $1 OR community_id IN (SELECT community_id FROM community_theme_examples ORDER BY community_id DESC LIMIT 30)`,
      [id],
    );
    expect(comparableReport(await fromSummaries.community(id))).toEqual(expected);
    const said: string[] = [];
    const filled = await fillMissingExampleSnippets(tdb.pool, (m) => said.push(m));
    expect(filled).toBeGreaterThan(30);
    expect(said.join()).toMatch(/snippets of \d+ rows written/);
    expect(await read()).toEqual(rows);
    expect(comparableReport(await fromSummaries.community(id))).toEqual(expected);
    expect(await fillMissingExampleSnippets(tdb.pool)).toBe(0);
  });

  it('the review count and sentiment sum of each community equal those of its reviews', async () => {
    const { rows } = await tdb.pool.query<{ bad: number; n: number }>(
      `SELECT count(*) FILTER (WHERE s.reviews IS DISTINCT FROM r.n OR abs(s.sentiment_sum - r.sum) > 1e-9)::int AS bad, count(*)::int AS n
         FROM (SELECT community_id, count(*)::int AS n, sum(sentiment::float8) AS sum FROM customer_reviews GROUP BY 1) r
         FULL JOIN community_review_summary s ON s.community_id = r.community_id`,
    );
    expect(rows[0]!.n).toBeGreaterThan(10);
    expect(rows[0]!.bad).toBe(0);
  });

  it('follow a review published through the moderation desk, and a refresh of one community leaves the others as they were', async () => {
    const { communities } = await samples();
    const id = communities[0]!;
    const before = await fromSummaries.community(id);
    const admin = await createSignedInUser(tdb.pool, { email: 'desk@example.com', role: 'admin', verified: true });
    const author = await createSignedInUser(tdb.pool, { email: 'author@example.com' });
    const content = 'The food was absolutely delicious and the staff were wonderful to my mother every single day.';
    const { rows } = await tdb.pool.query<{ id: number }>(
      `INSERT INTO family_reviews (user_id, community_id, rating, title, content, relationship, sentiment)
       VALUES ($1, $2, 5, 'Lovely place', $3, 'family_member', 0.9) RETURNING id`,
      [author.id, id, content],
    );
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/reviews/${rows[0]!.id}/moderate`,
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      payload: { action: 'approve' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await fromSummaries.community(id);
    expect(after.reviews).toBe(before.reviews + 1);
    expect(comparableReport(after)).toEqual(comparableReport(await fromReviews.community(id)));
    const food = (r: ThemeReport) => r.themes.find((t) => t.theme === 'food')!.mentions;
    expect(food(after)).toBe(food(before) + 1);

    // A refresh limited to one community rewrites its rows only.
    const snapshot = async () =>
      (await tdb.pool.query('SELECT * FROM community_theme_quarters ORDER BY community_id, theme, quarter')).rows;
    const all = await snapshot();
    await refreshReviewSummaries(tdb.pool, [communities[1]!]);
    expect(await snapshot()).toEqual(all);
  });
});
