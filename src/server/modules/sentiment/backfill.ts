// Start-up backfill of review themes (ADR 021): every review row without themes (theme_mask IS NULL:
// rows of a database loaded before migration 0015, or written by a path that did not score them) is
// scored in batches of BATCH rows. Idempotent (only NULL rows are read, through the partial index
// *_unscored_idx) and resumable (each batch commits on its own).
import type pg from 'pg';
import type { ThemeKind } from '../../../contracts/themes';
import { ThemeScorer, themeSentimentLiteral } from '../../lib/themes';
import type { Queryable } from '../../db/sql';

const TABLE: Record<ThemeKind, string> = { customer: 'customer_reviews', employee: 'employee_reviews' };
const BATCH = 5000;

export interface BackfillResult {
  customer: number;
  employee: number;
  ms: number;
}

/** Scores and stores the themes of the given rows (id, content) of one kind. */
export async function storeReviewThemes(
  db: Queryable,
  kind: ThemeKind,
  rows: readonly { id: number; content: string }[],
  scorer = new ThemeScorer(kind),
): Promise<void> {
  if (rows.length === 0) return;
  const ids: number[] = [];
  const masks: number[] = [];
  const sentiments: string[] = [];
  for (const r of rows) {
    const c = scorer.counts(r.content);
    ids.push(r.id);
    masks.push(c.mask);
    sentiments.push(themeSentimentLiteral(c));
  }
  // The table name is a constant of this file.
  await db.query(
    `UPDATE ${TABLE[kind]} r SET theme_mask = v.mask, theme_sentiment = v.s::real[]
       FROM unnest($1::int[], $2::smallint[], $3::text[]) AS v(id, mask, s)
      WHERE r.id = v.id`,
    [ids, masks, sentiments],
  );
}

export async function backfillReviewThemes(pool: pg.Pool, log: (msg: string) => void = () => {}): Promise<BackfillResult> {
  const started = performance.now();
  const done: Record<ThemeKind, number> = { customer: 0, employee: 0 };
  for (const kind of ['employee', 'customer'] as const) {
    const scorer = new ThemeScorer(kind);
    let after = 0;
    for (;;) {
      const { rows } = await pool.query<{ id: number; content: string }>(
        `SELECT id, content FROM ${TABLE[kind]} WHERE theme_mask IS NULL AND id > $1 ORDER BY id LIMIT ${BATCH}`,
        [after],
      );
      if (rows.length === 0) break;
      await storeReviewThemes(pool, kind, rows, scorer);
      done[kind] += rows.length;
      after = (rows[rows.length - 1] as { id: number }).id;
      if (done[kind] % 100_000 < BATCH) log(`review themes: ${done[kind].toLocaleString('en-US')} ${kind} reviews scored`);
    }
  }
  const ms = performance.now() - started;
  if (done.customer + done.employee > 0) {
    log(`review themes: scored ${done.customer} customer and ${done.employee} employee reviews in ${(ms / 1000).toFixed(1)} s`);
  }
  return { ...done, ms };
}
