// Per-community summaries of the customer reviews (ADR 029): review count and sentiment sum, and per
// review theme its mentions by quarter and its most positive and most negative mention. The theme
// reports, the competitive set and the portfolio add these rows up instead of scanning the reviews.
// Refreshed with the rating and review count (refreshReviewFigures in aggregates.ts), i.e. wherever
// customer reviews are written, and after the theme backfill; each refresh rewrites the rows of the
// communities it is given (all when none).
import { SENTIMENT_NEUTRAL_FROM, SENTIMENT_POSITIVE_ABOVE } from '../../contracts/constants';
import { CUSTOMER_THEMES } from '../../contracts/themes';
import type pg from 'pg';
import { inTransaction, type Queryable } from './sql';

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
