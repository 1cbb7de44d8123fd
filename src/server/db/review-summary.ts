// Per-community summaries of the customer reviews (ADR 029): review count and sentiment sum, and per
// review theme its mentions by quarter and its most positive and most negative mention (with that review's
// rating and the sentence a report shows, so that a report reads no review text). The theme
// reports, the competitive set and the portfolio add these rows up instead of scanning the reviews.
// Refreshed with the rating and review count (refreshReviewFigures in aggregates.ts), i.e. wherever
// customer reviews are written, and after the theme backfill; each refresh rewrites the rows of the
// communities it is given (all when none).
import { SENTIMENT_NEUTRAL_FROM, SENTIMENT_POSITIVE_ABOVE } from '../../contracts/constants';
import { CUSTOMER_THEMES } from '../../contracts/themes';
import { snippetFor } from '../lib/themes';
import type pg from 'pg';
import { inTransaction, type Queryable } from './sql';
import { withLongReads } from './pool';

/** Rewrites the summaries of the given communities (all when `communityIds` is omitted). */
export async function refreshReviewSummaries(db: Queryable, communityIds?: readonly number[]): Promise<void> {
  const ids = communityIds ? [...communityIds] : null;
  if (ids && ids.length === 0) return;
  const only = ids ? 'AND r.community_id = ANY($1::int[])' : '';
  const params = ids ? [ids] : [];
  for (const table of ['community_review_summary', 'community_theme_quarters', 'community_theme_examples']) {
    // Table names are constants of this file.
    await db.query(ids ? `DELETE FROM ${table} WHERE community_id = ANY($1::int[])` : `DELETE FROM ${table}`, params);
  }
  await db.query(
    `INSERT INTO community_review_summary (community_id, reviews, sentiment_sum, scored, first_date, last_date, demo)
     SELECT r.community_id, count(*)::int, sum(r.sentiment::float8),
            (count(*) FILTER (WHERE r.theme_mask IS NOT NULL))::int,
            min(r.review_date) FILTER (WHERE r.theme_mask IS NOT NULL),
            max(r.review_date) FILTER (WHERE r.theme_mask IS NOT NULL),
            coalesce(bool_or(r.source_kind = 'demo') FILTER (WHERE r.theme_mask IS NOT NULL), false)
       FROM customer_reviews r WHERE TRUE ${only}
      GROUP BY r.community_id`,
    params,
  );
  // One statement reads every mention once (theme i of review r with its sentiment s: bit i of the mask)
  // and writes both the quarters and the examples from it. The thresholds are compared as real, the stored
  // type, and the examples follow the live report's order (sentiment, the newest, the highest id).
  const n = params.length;
  // The full rebuild sorts every mention (3.4 M on the full dataset): in memory rather than on disk.
  if (!ids) await db.query(`SET LOCAL work_mem = '256MB'`);
  await db.query(
    `WITH m AS MATERIALIZED (
       SELECT r.community_id, (u.k - 1)::smallint AS i, r.id, u.s, r.review_date
         FROM customer_reviews r CROSS JOIN LATERAL unnest(r.theme_sentiment[1:${CUSTOMER_THEMES.length}]) WITH ORDINALITY AS u(s, k)
        WHERE r.theme_mask IS NOT NULL AND (r.theme_mask & (1 << (u.k - 1)::int)) <> 0 ${only}),
     quarters AS (
       INSERT INTO community_theme_quarters (community_id, theme, quarter, mentions, sentiment_sum, positive, negative)
       SELECT community_id, i, to_char(review_date, 'YYYY-"Q"Q'), count(*)::int, sum(s::float8),
              (count(*) FILTER (WHERE s > $${n + 1}::real))::int, (count(*) FILTER (WHERE s < $${n + 2}::real))::int
         FROM m GROUP BY 1, 2, 3
        -- Written in key order: a community's rows share a page or two (migration 0026), so a report reads
        -- a few pages per community instead of one per row.
        ORDER BY 1, 2, 3),
     best AS (SELECT DISTINCT ON (community_id, i) * FROM m ORDER BY community_id, i, s DESC, review_date DESC, id DESC),
     worst AS (SELECT DISTINCT ON (community_id, i) * FROM m ORDER BY community_id, i, s ASC, review_date DESC, id DESC)
     INSERT INTO community_theme_examples (community_id, theme, best_review_id, best_s, best_date, worst_review_id, worst_s, worst_date)
     SELECT b.community_id, b.i, b.id, b.s, b.review_date, w.id, w.s, w.review_date
       FROM best b JOIN worst w ON w.community_id = b.community_id AND w.i = b.i`,
    [...params, SENTIMENT_POSITIVE_ABOVE, SENTIMENT_NEUTRAL_FROM],
  );
  await fillExampleSnippets(db, ids);
}

/** Example rows read (with their two reviews' texts) and written per statement by fillExampleSnippets. */
const SNIPPET_BATCH = 5_000;

/**
 * Writes the rating and snippet (snippetFor: the review's first sentence that names the theme, NULL when none)
 * of each example of the given communities (all when null). Pages through the rows by key, so that a full rebuild
 * never holds more than a batch of review texts. Returns the rows written. Outside a transaction each batch commits
 * by itself: a row rewritten meanwhile with other reviews (a refresh writes its snippets itself) is left as it is.
 * No condition on the rating: the planner's estimate of "not written yet" (none, by the statistics of a filled table;
 * all, in fact, inside a rebuild) made it join each of a batch's 5,000 rows with all 5,000 new values (9 s a batch).
 */
export async function fillExampleSnippets(db: Queryable, communityIds: readonly number[] | null): Promise<number> {
  let written = 0;
  let after: [number, number] = [0, -1];
  for (;;) {
    const only = communityIds ? 'AND e.community_id = ANY($3::int[])' : '';
    const { rows } = await db.query<{ c: number; t: number; b: number; br: number; bc: string; w: number; wr: number; wc: string }>(
      `SELECT e.community_id AS c, e.theme AS t, b.id AS b, b.rating AS br, b.content AS bc, w.id AS w, w.rating AS wr, w.content AS wc
         FROM community_theme_examples e
         JOIN customer_reviews b ON b.id = e.best_review_id
         JOIN customer_reviews w ON w.id = e.worst_review_id
        WHERE (e.community_id, e.theme) > ($1, $2) ${only}
        ORDER BY e.community_id, e.theme LIMIT ${SNIPPET_BATCH}`,
      communityIds ? [...after, communityIds] : after,
    );
    if (rows.length === 0) return written;
    const theme = (t: number) => CUSTOMER_THEMES[t]!;
    await db.query(
      `UPDATE community_theme_examples e
          SET best_rating = u.br, best_snippet = u.bs, worst_rating = u.wr, worst_snippet = u.ws
         FROM unnest($1::int[], $2::smallint[], $3::smallint[], $4::text[], $5::smallint[], $6::text[], $9::int[], $10::int[]) AS u(c, t, br, bs, wr, ws, b, w)
        WHERE e.community_id = u.c AND e.theme = u.t AND e.community_id BETWEEN $7 AND $8
          AND e.best_review_id = u.b AND e.worst_review_id = u.w`,
      [
        rows.map((r) => r.c),
        rows.map((r) => r.t),
        rows.map((r) => r.br),
        rows.map((r) => snippetFor(r.bc, theme(r.t), 'customer')),
        rows.map((r) => r.wr),
        rows.map((r) => snippetFor(r.wc, theme(r.t), 'customer')),
        // The batch's range of communities (rows come in key order): the planner then reads that range of the
        // primary key instead of the whole table for each batch (64 ms against 256 per 5,000 rows at scale 1).
        rows[0]!.c,
        rows[rows.length - 1]!.c,
        rows.map((r) => r.b),
        rows.map((r) => r.w),
      ],
    );
    written += rows.length;
    const last = rows[rows.length - 1]!;
    after = [last.c, last.t];
    if (rows.length < SNIPPET_BATCH) return written;
  }
}

/**
 * After start, in the background: the ratings and snippets of examples written before migration 0029 (or by an
 * older node), batch by batch. Reports read those rows' reviews until then. Returns the rows written. (At scale 10,
 * 3.7 M rows took 766 s at load 6-8 when this still ran before the server listened.)
 */
export async function fillMissingExampleSnippets(pool: pg.Pool, log: (msg: string) => void = () => {}): Promise<number> {
  // A scan of 3.7 M rows at scale 10 when none is unfilled: it outlasted the 5 s statement timeout at a first start,
  // under the generator's load, and said "not written" of snippets that were all written.
  const unfilled = await withLongReads(pool, async (db) => {
    const { rows } = await db.query<{ unfilled: boolean }>(`SELECT EXISTS (SELECT 1 FROM community_theme_examples WHERE best_rating IS NULL) AS unfilled`);
    return rows[0]?.unfilled === true;
  });
  if (!unfilled) return 0;
  const started = performance.now();
  const n = await fillExampleSnippets(pool, null);
  log(`theme example snippets of ${n} rows written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return n;
}

/**
 * At start: fills the summaries of a database whose reviews predate them (migration 0021), or after the
 * theme backfill scored rows (`force`). Returns whether it rebuilt them.
 */
export async function ensureReviewSummaries(pool: pg.Pool, force = false, log: (msg: string) => void = () => {}): Promise<boolean> {
  if (!force) {
    const { rows } = await pool.query<{ missing: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM customer_reviews) AND NOT EXISTS (SELECT 1 FROM community_review_summary) AS missing`,
    );
    if (!rows[0]?.missing) return false;
  }
  const started = performance.now();
  // One transaction: a start that dies half-way leaves the summaries empty, so the next start rebuilds them.
  await inTransaction(pool, (client) => refreshReviewSummaries(client));
  log(`review summaries rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return true;
}
