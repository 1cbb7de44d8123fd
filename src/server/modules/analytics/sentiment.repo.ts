// SQL of the Sentiment Analysis screen. Table names come from the constant map below, never from input.
import type pg from 'pg';
import type { Queryable } from '../../db/sql';
import { SENTIMENT_NEUTRAL_FROM, SENTIMENT_POSITIVE_ABOVE } from '../../../contracts/constants';
import type { ReviewKind } from '../../../contracts/sentiment';
import { ofListedCommunity } from '../../lib/listing';

const TABLE: Record<ReviewKind, string> = { customer: 'customer_reviews', employee: 'employee_reviews' };
/**
 * The rows of each kind that the screen counts and pages: reviews of delisted facilities are left out
 * (ADR 016); employee reviews belong to operators and are all counted.
 */
const COUNTED: Record<ReviewKind, string> = { customer: ofListedCommunity('community_id'), employee: 'true' };

export interface SummaryRow {
  total: number;
  avg_rating: number;
  avg_sentiment: number;
  positive: number;
  neutral: number;
  negative: number;
  s1: number;
  s2: number;
  s3: number;
  s4: number;
  s5: number;
}

/**
 * Whole-table aggregates in one scan. The thresholds are compared as `real`, the stored type, so that a
 * stored 0.6 is Neutral here exactly as classifySentiment(0.6) says (a float4 0.6 widened to double
 * would be 0.6000000238 and count as Positive).
 */
export async function selectSummary(pool: Queryable, kind: ReviewKind): Promise<SummaryRow> {
  const { rows } = await pool.query<SummaryRow>(
    `SELECT count(*)::int AS total,
            coalesce(avg(rating), 0)::float8 AS avg_rating,
            coalesce(avg(sentiment), 0)::float8 AS avg_sentiment,
            count(*) FILTER (WHERE sentiment > $1::real)::int AS positive,
            count(*) FILTER (WHERE sentiment >= $2::real AND sentiment <= $1::real)::int AS neutral,
            count(*) FILTER (WHERE sentiment < $2::real)::int AS negative,
            count(*) FILTER (WHERE rating = 1)::int AS s1,
            count(*) FILTER (WHERE rating = 2)::int AS s2,
            count(*) FILTER (WHERE rating = 3)::int AS s3,
            count(*) FILTER (WHERE rating = 4)::int AS s4,
            count(*) FILTER (WHERE rating = 5)::int AS s5
     FROM ${TABLE[kind]} WHERE ${COUNTED[kind]}`,
    [SENTIMENT_POSITIVE_ABOVE, SENTIMENT_NEUTRAL_FROM],
  );
  const row = rows[0];
  if (!row) throw new Error('summary query returned no row');
  return row;
}

/** The columns a customer and an employee review of a page share. */
export interface ReviewDbRow {
  id: number;
  rating: number;
  content: string;
  date: string;
  sentiment: number;
  source: string;
  source_kind: string;
}

export interface CustomerReviewDbRow extends ReviewDbRow {
  community_name: string | null;
}

export interface EmployeeReviewDbRow extends ReviewDbRow {
  operator_name: string | null;
  job_title: string;
  employment_status: string;
  location: string | null;
}

/** Where a page starts: an offset, or (faster for deep pages) the first (review_date, id) key of the page. */
export type PageStart = { offset: number } | { from: PageKey };
export interface PageKey {
  date: string;
  id: number;
}

/** The ids of one page, newest first (review_date DESC, id DESC), found on the (review_date, id) index alone. */
function pageIds(kind: ReviewKind, start: PageStart): { sql: string; params: unknown[] } {
  const table = TABLE[kind];
  if ('from' in start) {
    return {
      sql: `SELECT id FROM ${table} WHERE (review_date, id) <= ($2::date, $3::int) AND ${COUNTED[kind]} ORDER BY review_date DESC, id DESC LIMIT $1`,
      params: [start.from.date, start.from.id],
    };
  }
  return { sql: `SELECT id FROM ${table} WHERE ${COUNTED[kind]} ORDER BY review_date DESC, id DESC LIMIT $1 OFFSET $2`, params: [start.offset] };
}

/** What a page of each kind adds to the shared review columns: the community's or the operator's name and more. */
const PAGE_JOIN: Record<ReviewKind, { columns: string; join: string }> = {
  customer: { columns: 'c.name AS community_name', join: 'LEFT JOIN communities c ON c.id = r.community_id' },
  employee: {
    columns: 'o.name AS operator_name, r.job_title, r.employment_status, r.location',
    join: 'LEFT JOIN operators o ON o.id = r.operator_id',
  },
};

async function selectPage<R extends ReviewDbRow>(pool: pg.Pool, kind: ReviewKind, limit: number, start: PageStart): Promise<R[]> {
  const ids = pageIds(kind, start);
  const { columns, join } = PAGE_JOIN[kind];
  const { rows } = await pool.query<R>(
    `SELECT r.id, r.rating, r.content, r.review_date::text AS date, r.sentiment, ${columns}, r.source, r.source_kind
     FROM (${ids.sql}) p
     JOIN ${TABLE[kind]} r ON r.id = p.id
     ${join}
     ORDER BY r.review_date DESC, r.id DESC`,
    [limit, ...ids.params],
  );
  return rows;
}

export function selectCustomerPage(pool: pg.Pool, limit: number, start: PageStart): Promise<CustomerReviewDbRow[]> {
  return selectPage<CustomerReviewDbRow>(pool, 'customer', limit, start);
}

export function selectEmployeePage(pool: pg.Pool, limit: number, start: PageStart): Promise<EmployeeReviewDbRow[]> {
  return selectPage<EmployeeReviewDbRow>(pool, 'employee', limit, start);
}

/**
 * The first key of every page (every pageSize-th row, newest first): one index-only scan of the
 * (review_date, id) index, so that any page is then a keyset range read instead of a deep OFFSET.
 */
export async function selectPageKeys(pool: Queryable, kind: ReviewKind, pageSize: number): Promise<PageKey[]> {
  const { rows } = await pool.query<PageKey>(
    `SELECT date, id FROM (
       SELECT review_date::text AS date, id, row_number() OVER (ORDER BY review_date DESC, id DESC) AS rn FROM ${TABLE[kind]}
        WHERE ${COUNTED[kind]}
     ) s WHERE rn % $1 = 1 ORDER BY rn`,
    [pageSize],
  );
  return rows;
}

export interface MonthRow {
  month: string;
  reviews: number;
  avg: number;
}

/** Mean sentiment and count per calendar month of review_date (one scan of the (review_date, id) index and the rows). */
export async function selectMonthlyTrend(pool: Queryable, kind: ReviewKind): Promise<MonthRow[]> {
  const { rows } = await pool.query<MonthRow>(
    `SELECT to_char(date_trunc('month', review_date), 'YYYY-MM') AS month, count(*)::int AS reviews, avg(sentiment)::float8 AS avg
       FROM ${TABLE[kind]} GROUP BY 1 ORDER BY 1`,
  );
  return rows;
}
