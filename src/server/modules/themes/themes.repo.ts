// SQL of the review-theme reports (ADR 021). Table names and scope predicates come from constants of this
// file; every value is a parameter.
import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/sql';
import type pg from 'pg';
import { SENTIMENT_NEUTRAL_FROM, SENTIMENT_POSITIVE_ABOVE } from '../../../contracts/constants';
import { THEMES, type ThemeKind } from '../../../contracts/themes';
import { listedOnly } from '../../lib/listing';

const TABLE: Record<ThemeKind, string> = { customer: 'customer_reviews', employee: 'employee_reviews' };

/** Which reviews: a SQL condition on alias r with its parameters (numbered from $1). */
export interface ScopeFilter {
  where: string;
  params: unknown[];
}

export const scopeAll: ScopeFilter = { where: 'TRUE', params: [] };

export function scopeCommunity(id: number): ScopeFilter {
  return { where: 'r.community_id = $1', params: [id] };
}

/** Several communities (a competitive set). */
export function scopeCommunities(ids: readonly number[]): ScopeFilter {
  return { where: 'r.community_id = ANY($1::int[])', params: [ids] };
}

/**
 * Reviews (or summary rows) of some communities: `r.community_id = ANY(ARRAY(subquery))`, the same rows as
 * `IN (subquery)`. The array is read once by its index and the rows by theirs; with IN the planner joined, and
 * for an operator of 466 communities scanned all 3 M theme-quarter rows in parallel (0.95 s) or the whole
 * communities table (0.2 s) where this takes 0.09 s.
 */
const inCommunities = (condition: string) => `r.community_id = ANY(ARRAY(SELECT c.id FROM communities c WHERE ${condition}))`;

export function scopeOperator(kind: ThemeKind, id: number): ScopeFilter {
  if (kind === 'employee') return { where: 'r.operator_id = $1', params: [id] };
  return { where: inCommunities(`c.operator_id = $1 AND ${listedOnly('c')}`), params: [id] };
}

/** A county's name without its "County"/"Parish" word, lower-cased (SQL over `expr`). */
const countyKey = (expr: string) => `lower(regexp_replace(${expr}, '\\s+(county|parish)$', '', 'i'))`;

/** The FIPS codes a county parameter ($k: a five-digit FIPS or a name) names in state $s (ACS county list). */
const countyFips = (s: string, k: string) =>
  `(SELECT p.fips FROM county_population p WHERE p.state = ${s} AND (p.fips = ${k} OR ${countyKey('p.county')} = ${countyKey(k)}))`;

/**
 * A market: a state, optionally a city or a county (a name or a FIPS code). Customer reviews by their
 * community's place (its county name, or the county it lies in). Employee reviews carry only "City, ST":
 * a city belongs to the county that holds most of its listed communities (ties: the lower FIPS code).
 */
export function scopeMarket(kind: ThemeKind, state: string, city: string | null, county: string | null): ScopeFilter {
  if (kind === 'employee') {
    if (city) return { where: 'lower(r.location) = lower($1)', params: [`${city}, ${state}`] };
    if (county) {
      return {
        where: `lower(r.location) IN (
          SELECT cc.city || ', ' || lower($1) FROM (
            SELECT DISTINCT ON (lower(c.city)) lower(c.city) AS city, c.county_fips
              FROM communities c WHERE c.state = $1 AND ${listedOnly('c')} AND c.county_fips IS NOT NULL
             GROUP BY lower(c.city), c.county_fips ORDER BY lower(c.city), count(*) DESC, c.county_fips) cc
           WHERE cc.county_fips IN ${countyFips('$1', '$2')})`,
        params: [state, county],
      };
    }
    return { where: 'r.location LIKE $1', params: [`%, ${state}`] };
  }
  const conds = ['c.state = $1', listedOnly('c')];
  const params: unknown[] = [state];
  if (city) {
    params.push(city);
    conds.push(`lower(c.city) = lower($${params.length})`);
  }
  if (county) {
    params.push(county);
    const k = `$${params.length}`;
    conds.push(`(${countyKey('c.county')} = ${countyKey(k)} OR c.county_fips IN ${countyFips('$1', k)})`);
  }
  return { where: inCommunities(conds.join(' AND ')), params };
}

/** The ACS name of a county given by its FIPS code in a state; null when there is none. */
export async function selectCountyName(pool: pg.Pool, state: string, fips: string): Promise<string | null> {
  const { rows } = await pool.query<{ county: string }>('SELECT county FROM county_population WHERE state = $1 AND fips = $2', [state, fips]);
  return rows[0]?.county ?? null;
}

/** Mentions of theme i in review r, as rows (i, s): one per mentioned theme. */
function mentions(kind: ThemeKind): string {
  return `CROSS JOIN LATERAL (
      SELECT g.i, r.theme_sentiment[g.i + 1] AS s FROM generate_series(0, ${THEMES[kind].length - 1}) g(i)
       WHERE (r.theme_mask & (1 << g.i)) <> 0) m`;
}

export interface TotalsRow {
  reviews: number;
  from: string | null;
  to: string | null;
  demo: boolean;
}

const totalsSql = (kind: ThemeKind, scope: ScopeFilter) =>
  `SELECT count(*)::int AS reviews, min(r.review_date)::text AS "from", max(r.review_date)::text AS "to",
          coalesce(bool_or(r.source_kind = 'demo'), false) AS demo
     FROM ${TABLE[kind]} r WHERE ${scope.where} AND r.theme_mask IS NOT NULL`;

export interface QuarterRow {
  i: number;
  quarter: string;
  mentions: number;
  sum: number;
  positive: number;
  negative: number;
}

/**
 * Per theme and quarter: mentions, the sum of the theme's sentiment and the positive/negative counts. The
 * thresholds (the two parameters after the scope's) are compared as `real`, the stored type (as the
 * Sentiment screen's summary does).
 */
const quartersSql = (kind: ThemeKind, scope: ScopeFilter) => {
  const n = scope.params.length;
  return `SELECT m.i, to_char(r.review_date, 'YYYY-"Q"Q') AS quarter, count(*)::int AS mentions, sum(m.s::float8) AS sum,
          count(*) FILTER (WHERE m.s > $${n + 1}::real)::int AS positive,
          count(*) FILTER (WHERE m.s < $${n + 2}::real)::int AS negative
     FROM ${TABLE[kind]} r ${mentions(kind)}
    WHERE ${scope.where} AND r.theme_mask IS NOT NULL
    GROUP BY 1, 2 ORDER BY 1, 2`;
};
const quarterThresholds = [SENTIMENT_POSITIVE_ABOVE, SENTIMENT_NEUTRAL_FROM];

export interface ExampleRow {
  i: number;
  id: number;
  s: number | null;
  rating: number;
  date: string;
  /** The review's text, whose snippet a report cuts (snippetFor); null or absent when `snippet` is given. */
  content?: string | null;
  /** snippetFor(content, theme) made beforehand (stored with the summaries; the market themes index keeps it too). */
  snippet?: string | null;
}

/** Per theme, its most positive and its most negative mention (newest first among equals). */
const examplesSql = (kind: ThemeKind, scope: ScopeFilter) =>
  `WITH x AS (
       SELECT m.i, r.id, m.s, r.review_date,
              row_number() OVER (PARTITION BY m.i ORDER BY m.s DESC, r.review_date DESC, r.id DESC) AS best,
              row_number() OVER (PARTITION BY m.i ORDER BY m.s ASC, r.review_date DESC, r.id DESC) AS worst
         FROM ${TABLE[kind]} r ${mentions(kind)}
        WHERE ${scope.where} AND r.theme_mask IS NOT NULL)
     SELECT x.i, x.id, x.s::float8 AS s, r.rating, r.review_date::text AS date, r.content
       FROM x JOIN ${TABLE[kind]} r ON r.id = x.id
      WHERE x.best = 1 OR x.worst = 1
      ORDER BY x.i, x.s DESC`;

// --- customer reports from the per-community summaries (ADR 029) --------------------------------------
// A customer scope's condition names only r.community_id, so it selects the same communities' summary rows
// as it selects their reviews; sums of per-community sums equal the sums over the reviews.

const summaryTotalsSql = (scope: ScopeFilter) =>
  `SELECT coalesce(sum(r.scored), 0)::int AS reviews, min(r.first_date)::text AS "from", max(r.last_date)::text AS "to",
          coalesce(bool_or(r.demo), false) AS demo
     FROM community_review_summary r WHERE ${scope.where} AND r.scored > 0`;

const summaryQuartersSql = (scope: ScopeFilter) =>
  `SELECT r.theme::int AS i, r.quarter, sum(r.mentions)::int AS mentions, sum(r.sentiment_sum)::float8 AS sum,
          sum(r.positive)::int AS positive, sum(r.negative)::int AS negative
     FROM community_theme_quarters r WHERE ${scope.where}
    GROUP BY 1, 2 ORDER BY 1, 2`;

/**
 * The scope's most positive and most negative mention per theme: the best of the communities' bests (same order
 * as examplesSql), with the rating and snippet stored beside it. Only a row whose rating is not written yet
 * (migration 0029, filled at start) reads its review (CASE evaluates the subqueries for those rows alone).
 */
const summaryExamplesSql = (scope: ScopeFilter) =>
  `WITH best AS (
       SELECT DISTINCT ON (r.theme) r.theme::int AS i, r.best_review_id AS id, r.best_s AS s, 0 AS k,
              r.best_date AS date, r.best_rating AS rating, r.best_snippet AS snippet
         FROM community_theme_examples r WHERE ${scope.where}
        ORDER BY r.theme, r.best_s DESC, r.best_date DESC, r.best_review_id DESC),
     worst AS (
       SELECT DISTINCT ON (r.theme) r.theme::int AS i, r.worst_review_id AS id, r.worst_s AS s, 1 AS k,
              r.worst_date AS date, r.worst_rating AS rating, r.worst_snippet AS snippet
         FROM community_theme_examples r WHERE ${scope.where}
        ORDER BY r.theme, r.worst_s ASC, r.worst_date DESC, r.worst_review_id DESC),
     x AS (SELECT * FROM best UNION ALL SELECT * FROM worst)
     SELECT x.i, x.id, x.s::float8 AS s, x.date::text AS date,
            CASE WHEN x.rating IS NULL THEN (SELECT cr.rating FROM customer_reviews cr WHERE cr.id = x.id) ELSE x.rating END AS rating,
            x.snippet,
            CASE WHEN x.rating IS NULL THEN (SELECT cr.content FROM customer_reviews cr WHERE cr.id = x.id) END AS content
       FROM x
      ORDER BY x.i, x.s DESC, x.k`;

/** A report's three reads (totals, quarters, examples): from the per-community summaries (customer) or from the reviews. */
export interface ReportRows {
  totals: TotalsRow;
  quarters: QuarterRow[];
  examples: ExampleRow[];
}

/** What a report is about, read with its rows (selectReportRows' `subject`): a statement over $1, the id. */
export const COMMUNITY_NAME_SQL = 'SELECT name, city, state FROM communities WHERE id = $1';
export const OPERATOR_NAME_SQL = 'SELECT name FROM operators WHERE id = $1';

/**
 * The three reads of a report in one statement (one round trip, one plan; ADR 029 addendum 2): each read's
 * own statement as a subquery, its rows aggregated to JSON in the statement's order. JSON carries the same
 * values as the rows (float8 in its shortest exact text both ways, smallint and int as numbers, dates as text).
 */
export async function selectReportRows<S = never>(
  db: Queryable,
  kind: ThemeKind,
  scope: ScopeFilter,
  summaries: boolean,
  withExamples: boolean,
  /** A statement over the scope's $1 whose first row comes back as `subject` (null when none). */
  subject?: string,
): Promise<ReportRows & { subject: S | null }> {
  const totals = summaries ? summaryTotalsSql(scope) : totalsSql(kind, scope);
  const quarters = summaries ? summaryQuartersSql(scope) : quartersSql(kind, scope);
  const examples = withExamples ? (summaries ? summaryExamplesSql(scope) : examplesSql(kind, scope)) : null;
  // json_agg over a sorted subquery keeps its order (nothing above the sort reorders it).
  const text = `SELECT (SELECT row_to_json(t) FROM (${totals}) t) AS totals,
            (SELECT coalesce(json_agg(q), '[]'::json) FROM (${quarters}) q) AS quarters,
            ${examples ? `(SELECT coalesce(json_agg(e), '[]'::json) FROM (${examples}) e)` : `'[]'::json`} AS examples,
            ${subject ? `(SELECT row_to_json(s) FROM (${subject} LIMIT 1) s)` : 'NULL::json'} AS subject`;
  const { rows } = await db.query<ReportRows & { subject: S | null }>({
    name: reportStatementName(text),
    text,
    values: summaries ? scope.params : [...scope.params, ...quarterThresholds],
  });
  return rows[0]!;
}

const statementNames = new Map<string, string>();

/**
 * A report statement is prepared once per connection under a name of its text (a few texts: a kind and a
 * scope's shape each). Planning it was about as long as running it for a community (0.4-3 ms against 0.5 ms,
 * more under load); after five runs PostgreSQL keeps a generic plan of a prepared statement and skips planning
 * (ADR 029, 2026-11-26).
 */
function reportStatementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `theme-report-${createHash('sha1').update(text).digest('hex').slice(0, 20)}`));
  return name;
}

export async function selectOperatorName(pool: pg.Pool, id: number): Promise<{ name: string } | null> {
  const { rows } = await pool.query<{ name: string }>(OPERATOR_NAME_SQL, [id]);
  return rows[0] ?? null;
}

export interface PortfolioCommunityRow {
  id: number;
  name: string;
  city: string;
  state: string;
  rating: number;
  review_count: number;
  avg: number | null;
  min_price: number | null;
  max_price: number | null;
}

/** The operator's listed communities with the mean sentiment of their customer reviews, most reviewed first. */
export async function selectPortfolioCommunities(pool: pg.Pool, operatorId: number): Promise<PortfolioCommunityRow[]> {
  const { rows } = await pool.query<PortfolioCommunityRow>(
    `SELECT c.id, c.name, c.city, c.state, c.rating::float8 AS rating, c.review_count, c.min_price, c.max_price,
            s.sentiment_sum / nullif(s.reviews, 0) AS avg
       FROM communities c LEFT JOIN community_review_summary s ON s.community_id = c.id WHERE c.operator_id = $1 AND ${listedOnly('c')}
      ORDER BY c.review_count DESC, c.name, c.id`,
    [operatorId],
  );
  return rows;
}

export interface PortfolioTrendRow {
  quarter: string;
  kind: ThemeKind;
  reviews: number;
  avg: number;
}

export async function selectPortfolioTrend(pool: pg.Pool, operatorId: number): Promise<PortfolioTrendRow[]> {
  const { rows } = await pool.query<PortfolioTrendRow>(
    `SELECT to_char(r.review_date, 'YYYY-"Q"Q') AS quarter, 'customer' AS kind, count(*)::int AS reviews, avg(r.sentiment)::float8 AS avg
       FROM customer_reviews r JOIN communities c ON c.id = r.community_id
      WHERE c.operator_id = $1 AND ${listedOnly('c')} GROUP BY 1
     UNION ALL
     SELECT to_char(e.review_date, 'YYYY-"Q"Q'), 'employee', count(*)::int, avg(e.sentiment)::float8
       FROM employee_reviews e WHERE e.operator_id = $1 GROUP BY 1
     ORDER BY 1, 2`,
    [operatorId],
  );
  return rows;
}

/** An operator's name and place (the portfolio's heading). */
export interface OperatorPlace {
  name: string;
  city: string | null;
  state: string | null;
}

export async function selectOperatorPlace(pool: pg.Pool, id: number): Promise<OperatorPlace | null> {
  const { rows } = await pool.query<OperatorPlace>('SELECT name, city, state FROM operators WHERE id = $1', [id]);
  return rows[0] ?? null;
}

// --- the market themes index's snapshot (market-themes-index.ts) ----------------------------------
// Keys: 'S:<state>' (customer: the state's listed communities), 'F:<state>:<fips>' (customer: the state's
// listed communities in that county, by county_fips), 'C:<state>:<lower(city)>' (customer: a large city's listed
// communities: a city of at least $cityMin listed communities, named in ASCII), 'O:<operator id>' (customer: the
// operator's listed communities, scopeOperator), 'E:<suffix>' (employee: locations ending in ", ST": the suffix right(location, 4)),
// 'L:<lower(location)>' (employee: one "city, st" location), 'W:<operator id>' (employee: the operator's
// reviews, whatever their location), 'A:' (customer: every community's summaries, listed or not, scopeAll) and
// 'V:' (employee: every review, scopeAll). Each aggregate is the scope's own SQL aggregate grouped by the key as well.

/**
 * The large cities (SQL over the parameter `min`): state and lower-cased name of every city of at least `min` listed
 * communities whose name is ASCII (lower-casing beyond ASCII is the database's, so those stay on SQL). Their
 * customer reports read thousands of summaries in SQL at scale 10; the many small cities (1.9 M more quarter rows
 * at scale 1) are cheap there and stay on SQL.
 */
const largeCities = (min: string) =>
  `(SELECT c.state, lower(c.city) AS city FROM communities c WHERE ${listedOnly('c')} AND c.city ~ '^[ -~]*$'
     GROUP BY c.state, lower(c.city) HAVING count(*) >= ${min})`;
/** The customer reads' FROM: the communities, each with its large city (b.city, NULL when its city is not one). */
const customerFrom = (table: string, min: string) =>
  `${table} r JOIN communities c ON c.id = r.community_id LEFT JOIN ${largeCities(min)} b ON b.state = c.state AND b.city = lower(c.city)`;
/** The customer scopes of the snapshot (GROUPING SETS of the grouped reads), with `extra` grouped columns. */
const customerSets = (extra: string) =>
  ['c.state', 'c.state, c.county_fips', 'c.state, b.city', 'c.operator_id'].map((set) => `(${set}${extra})`).join(', ');
/** The customer key of a row grouped by customerSets. */
const customerKey = `CASE WHEN GROUPING(c.operator_id) = 0 THEN 'O:' || c.operator_id
                          WHEN GROUPING(c.county_fips) = 0 THEN 'F:' || c.state || ':' || c.county_fips
                          WHEN GROUPING(b.city) = 0 THEN 'C:' || c.state || ':' || b.city ELSE 'S:' || c.state END`;
/** The grouped rows that are a scope: not the communities without a county, a large city or an operator. */
const customerKeyKept = `(GROUPING(c.county_fips) = 1 OR c.county_fips IS NOT NULL) AND (GROUPING(b.city) = 1 OR b.city IS NOT NULL)
                          AND (GROUPING(c.operator_id) = 1 OR c.operator_id IS NOT NULL)`;

/** The index's key of a large city's customer report (largeCities), from the state and the city as asked. */
export const customerCityKey = (state: string, city: string) => `C:${state}:${city.toLowerCase()}`;

/** The large cities of the snapshot (largeCities), as customerCityKey keys. */
export async function largeCityKeys(db: Queryable, min: number): Promise<string[]> {
  const { rows } = await db.query<{ state: string; city: string }>(`SELECT state, city FROM ${largeCities('$1::int')} l`, [min]);
  return rows.map((r) => customerCityKey(r.state, r.city));
}
/**
 * The index's key of a whole-table report (scopeAll): every community's summaries, listed or not, or every employee
 * review. Read in SQL they were the slowest reports (45 and 49 s at scale 10, past the warm-up's 120 s limit while
 * the indexes were built at start, so the first visitor of the themes screen waited for them).
 */
export const ALL_KEYS = { customer: 'A:', employee: 'V:' } as const;

/** An employee review's keys (a NULL key, of a review without a location, is left out); ALL_KEYS.employee for every review. */
const employeeKeys = `(VALUES ('E:' || right(r.location, 4)), ('L:' || lower(r.location)), ('W:' || r.operator_id), ('${ALL_KEYS.employee}'))`;

/** The index's key of an operator's report (scopeOperator). */
export const operatorKey = (kind: ThemeKind, id: number) => `${kind === 'customer' ? 'O' : 'W'}:${id}`;

/**
 * Runs a read-only statement as a cursor of the read's transaction and hands its rows (as arrays) to `each`
 * in batches, so that millions of rows are never held at once (the snapshot's quarter rows).
 */
async function forEachBatch<R extends unknown[]>(db: Queryable, text: string, values: unknown[], each: (rows: R[]) => void): Promise<void> {
  await db.query(`DECLARE index_rows NO SCROLL CURSOR FOR ${text}`, values);
  for (;;) {
    const { rows } = await db.query<R>({ text: 'FETCH 20000 FROM index_rows', rowMode: 'array' });
    if (rows.length === 0) break;
    each(rows);
  }
  await db.query('CLOSE index_rows');
}

/** A quarter row of the snapshot: key, theme, quarter, mentions, sentiment sum, positive and negative counts. */
export type MarketQuarterRow = [key: string, i: number, quarter: string, mentions: number, sum: number, positive: number, negative: number];

/**
 * Per key, theme and quarter: what selectSummaryQuarters / selectQuarters sum, in batches, ordered by key, theme
 * and quarter (a key's rows together, in the reports' ORDER BY i, quarter).
 */
export async function marketQuarterRows(db: Queryable, cityMin: number, each: (rows: MarketQuarterRow[]) => void): Promise<void> {
  await forEachBatch(
    db,
    `SELECT * FROM (SELECT ${customerKey} AS key,
            r.theme::int AS i, r.quarter, sum(r.mentions)::int AS mentions, sum(r.sentiment_sum)::float8 AS sum,
            sum(r.positive)::int AS positive, sum(r.negative)::int AS negative
       FROM ${customerFrom('community_theme_quarters', '$3::int')}
      WHERE ${listedOnly('c')}
      GROUP BY GROUPING SETS (${customerSets(', r.theme, r.quarter')})
     HAVING ${customerKeyKept}
     UNION ALL
     SELECT '${ALL_KEYS.customer}', r.theme::int, r.quarter, sum(r.mentions)::int, sum(r.sentiment_sum)::float8, sum(r.positive)::int, sum(r.negative)::int
       FROM community_theme_quarters r
      GROUP BY r.theme, r.quarter
     UNION ALL
     SELECT k.key, m.i, to_char(r.review_date, 'YYYY-"Q"Q'), count(*)::int, sum(m.s::float8),
            count(*) FILTER (WHERE m.s > $1::real)::int, count(*) FILTER (WHERE m.s < $2::real)::int
       FROM employee_reviews r ${mentions('employee')}
       CROSS JOIN LATERAL ${employeeKeys} k(key)
      WHERE r.theme_mask IS NOT NULL AND k.key IS NOT NULL
      GROUP BY 1, 2, 3) q
     ORDER BY q.key, q.i, q.quarter COLLATE "C"`,
    [SENTIMENT_POSITIVE_ABOVE, SENTIMENT_NEUTRAL_FROM, cityMin],
    each,
  );
}

/** Per key: what selectSummaryTotals / selectTotals count. */
export async function marketTotalRows(db: Queryable, cityMin: number): Promise<(TotalsRow & { key: string })[]> {
  const { rows } = await db.query<TotalsRow & { key: string }>(
    `SELECT ${customerKey} AS key,
            sum(r.scored)::int AS reviews, min(r.first_date)::text AS "from", max(r.last_date)::text AS "to", bool_or(r.demo) AS demo
       FROM ${customerFrom('community_review_summary', '$1::int')}
      WHERE ${listedOnly('c')} AND r.scored > 0
      GROUP BY GROUPING SETS (${customerSets('')})
     HAVING ${customerKeyKept}
     UNION ALL
     SELECT '${ALL_KEYS.customer}', coalesce(sum(r.scored), 0)::int, min(r.first_date)::text, max(r.last_date)::text, coalesce(bool_or(r.demo), false)
       FROM community_review_summary r WHERE r.scored > 0
     UNION ALL
     SELECT k.key, count(*)::int, min(r.review_date)::text, max(r.review_date)::text, bool_or(r.source_kind = 'demo')
       FROM employee_reviews r
       CROSS JOIN LATERAL ${employeeKeys} k(key)
      WHERE r.theme_mask IS NOT NULL AND k.key IS NOT NULL
      GROUP BY 1`,
    [cityMin],
  );
  return rows;
}

export interface MarketExampleRow {
  key: string;
  i: number;
  /** 0: the key's most positive mention of theme i, 1: its most negative. */
  k: number;
  id: number;
  /** The sentiment of the example (null where the stored best_s is null). */
  s: number | null;
  date: string;
  /** A customer example's rating and snippet as stored with the summaries (rating null: not written yet; employee: null). */
  rating: number | null;
  snippet: string | null;
}

/** Per key and theme: its most positive and most negative mention (the order of selectSummaryExamples / selectExamples). */
export async function marketExampleRows(db: Queryable, cityMin: number): Promise<MarketExampleRow[]> {
  const plain = 'community_theme_examples r JOIN communities c ON c.id = r.community_id';
  const customer = (key: string, cond: string, from = plain, listed = listedOnly('c')) => `
     SELECT * FROM (SELECT DISTINCT ON (${key}, r.theme) ${key} AS key, r.theme::int AS i, 0 AS k, r.best_review_id AS id, r.best_s::float8 AS s, r.best_date::text AS date,
            r.best_rating AS rating, r.best_snippet AS snippet
       FROM ${from} WHERE ${listed} ${cond}
      ORDER BY ${key}, r.theme, r.best_s DESC, r.best_date DESC, r.best_review_id DESC) b
     UNION ALL
     SELECT * FROM (SELECT DISTINCT ON (${key}, r.theme) ${key}, r.theme::int, 1, r.worst_review_id, r.worst_s::float8, r.worst_date::text,
            r.worst_rating, r.worst_snippet
       FROM ${from} WHERE ${listed} ${cond}
      ORDER BY ${key}, r.theme, r.worst_s ASC, r.worst_date DESC, r.worst_review_id DESC) w`;
  const { rows } = await db.query<MarketExampleRow>(
    `${customer(`'S:' || c.state`, '')}
     UNION ALL ${customer(`'F:' || c.state || ':' || c.county_fips`, 'AND c.county_fips IS NOT NULL')}
     UNION ALL ${customer(`'C:' || c.state || ':' || b.city`, 'AND b.city IS NOT NULL', customerFrom('community_theme_examples', '$1::int'))}
     UNION ALL ${customer(`'O:' || c.operator_id`, 'AND c.operator_id IS NOT NULL')}
     UNION ALL ${customer(`'${ALL_KEYS.customer}'::text`, '', 'community_theme_examples r', 'TRUE')}
     UNION ALL
     SELECT * FROM (SELECT DISTINCT ON (k.key, m.i) k.key, m.i, 0 AS k, r.id, m.s::float8 AS s, r.review_date::text AS date,
            NULL::smallint AS rating, NULL::text AS snippet
       FROM employee_reviews r ${mentions('employee')}
       CROSS JOIN LATERAL ${employeeKeys} k(key)
      WHERE r.theme_mask IS NOT NULL AND k.key IS NOT NULL
      ORDER BY k.key, m.i, m.s DESC, r.review_date DESC, r.id DESC) eb
     UNION ALL
     SELECT * FROM (SELECT DISTINCT ON (k.key, m.i) k.key, m.i, 1, r.id, m.s::float8, r.review_date::text, NULL::smallint, NULL::text
       FROM employee_reviews r ${mentions('employee')}
       CROSS JOIN LATERAL ${employeeKeys} k(key)
      WHERE r.theme_mask IS NOT NULL AND k.key IS NOT NULL
      ORDER BY k.key, m.i, m.s ASC, r.review_date DESC, r.id DESC) ew`,
    [cityMin],
  );
  return rows;
}

/**
 * scopeMarket's employee county rule for every county at once: each listed community's city (lower-cased)
 * belongs to the county holding most of the city's listed communities in its state (ties: the lower FIPS).
 */
export async function cityCounties(db: Queryable): Promise<{ state: string; city: string; county_fips: string }[]> {
  const { rows } = await db.query<{ state: string; city: string; county_fips: string }>(
    `SELECT DISTINCT ON (c.state, lower(c.city)) c.state, lower(c.city) AS city, c.county_fips
       FROM communities c WHERE ${listedOnly('c')} AND c.county_fips IS NOT NULL
      GROUP BY c.state, lower(c.city), c.county_fips ORDER BY c.state, lower(c.city), count(*) DESC, c.county_fips`,
  );
  return rows;
}

/** Whether some county name would read as a FIPS code (then a county asked by code is left to SQL). */
export async function digitCountyNames(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ any: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM communities c WHERE ${countyKey('c.county')} ~ '^[0-9]{5}$')
         OR EXISTS (SELECT 1 FROM county_population p WHERE ${countyKey('p.county')} ~ '^[0-9]{5}$') AS any`,
  );
  return rows[0]!.any;
}

/** Every operator's name (selectOperatorName of each). */
export async function operatorNames(db: Queryable): Promise<{ id: number; name: string }[]> {
  const { rows } = await db.query<{ id: number; name: string }>('SELECT id, name FROM operators');
  return rows;
}

/** Every county of the ACS list (selectCountyName of each). */
export async function countyNames(db: Queryable): Promise<{ state: string; fips: string; county: string }[]> {
  const { rows } = await db.query<{ state: string; fips: string; county: string }>('SELECT state, fips, county FROM county_population');
  return rows;
}

/** The content of the example reviews (by id). */
export async function exampleContents(db: Queryable, kind: ThemeKind, ids: number[]) {
  const { rows } = await db.query<{ id: number; rating: number; date: string; content: string }>(
    `SELECT id, rating, review_date::text AS date, content FROM ${TABLE[kind]} WHERE id = ANY($1::int[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}
