// Review themes stored at load time and by the start-up backfill equal the scorer's answer on the text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEMES, type ThemeKind } from '../../../contracts/themes';
import { ensureDataset } from '../../db/seed/dataset';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { backfillReviewThemes } from './backfill';
import { scoreThemes } from '../../lib/themes';

let tdb: TestDatabase;
const TABLE = { customer: 'customer_reviews', employee: 'employee_reviews' } as const;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await ensureDataset(tdb.pool, { scale: 0.004, seed: 1515, now: new Date('2026-11-20T12:00:00Z') });
}, 120_000);

afterAll(async () => {
  await tdb?.drop();
});

/** Rows whose stored themes differ from scoreThemes(content) (float4 tolerance), and the number checked. */
async function mismatches(kind: ThemeKind): Promise<{ checked: number; bad: string[] }> {
  const { rows } = await tdb.pool.query<{ id: number; content: string; theme_mask: number | null; theme_sentiment: (number | null)[] | null }>(
    `SELECT id, content, theme_mask, theme_sentiment FROM ${TABLE[kind]} ORDER BY id`,
  );
  const bad: string[] = [];
  for (const r of rows) {
    const want = scoreThemes(r.content, kind);
    THEMES[kind].forEach((theme, i) => {
      const w = want[theme];
      const mentioned = r.theme_mask !== null && (r.theme_mask & (1 << i)) !== 0;
      const got = r.theme_sentiment?.[i] ?? null;
      const ok = mentioned === w?.mentioned && (w.sentiment === null ? got === null : got !== null && Math.abs(got - w.sentiment) < 1e-6);
      if (!ok) bad.push(`${kind} ${r.id} ${theme}: stored ${mentioned}/${got}, scorer ${w?.mentioned}/${w?.sentiment}`);
    });
  }
  return { checked: rows.length, bad };
}

describe('review themes in the database', () => {
  it('the generated dataset stores every review with the themes of its text', async () => {
    for (const kind of ['customer', 'employee'] as const) {
      const { checked, bad } = await mismatches(kind);
      expect(checked).toBeGreaterThan(100);
      expect(bad.slice(0, 5)).toEqual([]);
    }
    // Themes are really found: most generated customer reviews talk about two or more themes.
    const { rows } = await tdb.pool.query<{ n: number; with_themes: number }>(
      'SELECT count(*)::int AS n, count(*) FILTER (WHERE theme_mask <> 0)::int AS with_themes FROM customer_reviews',
    );
    expect((rows[0]?.with_themes ?? 0) / (rows[0]?.n ?? 1)).toBeGreaterThan(0.9);
  });

  it('the start-up backfill scores unscored rows, equal to the load, and is idempotent', async () => {
    await tdb.pool.query('UPDATE customer_reviews SET theme_mask = NULL, theme_sentiment = NULL');
    await tdb.pool.query('UPDATE employee_reviews SET theme_mask = NULL, theme_sentiment = NULL');
    const { rows: c } = await tdb.pool.query<{ id: number }>('SELECT min(id)::int AS id FROM communities');
    await tdb.pool.query(
      `INSERT INTO customer_reviews (community_id, rating, author, content, review_date, source, sentiment)
       VALUES ($1, 2, 'T', 'The food was cold. The director never called us back.', '2026-01-01', 'This site', 0.3)`,
      [c[0]?.id],
    );
    const { rows: counts } = await tdb.pool.query<{ c: number; e: number }>(
      'SELECT (SELECT count(*) FROM customer_reviews)::int AS c, (SELECT count(*) FROM employee_reviews)::int AS e',
    );
    const first = await backfillReviewThemes(tdb.pool);
    expect(first.customer).toBe(counts[0]?.c);
    expect(first.employee).toBe(counts[0]?.e);
    console.log(
      `review themes backfill: ${first.customer + first.employee} reviews in ${first.ms.toFixed(0)} ms ` +
        `(${Math.round((first.customer + first.employee) / (first.ms / 1000))} reviews/s)`,
    );
    for (const kind of ['customer', 'employee'] as const) expect((await mismatches(kind)).bad.slice(0, 5)).toEqual([]);
    const { rows: added } = await tdb.pool.query<{ theme_mask: number }>("SELECT theme_mask FROM customer_reviews WHERE author = 'T'");
    const food = THEMES.customer.indexOf('food');
    const communication = THEMES.customer.indexOf('communication');
    expect(added[0]?.theme_mask).toBe((1 << food) | (1 << communication) | (1 << THEMES.customer.indexOf('management')));
    const again = await backfillReviewThemes(tdb.pool);
    expect([again.customer, again.employee]).toEqual([0, 0]);
  }, 120_000);
});
