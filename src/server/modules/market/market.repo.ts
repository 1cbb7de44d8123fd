// SQL of the market module: pricing aggregates and dashboard figures. Parameterized only.
import { CARE_TYPE_KEYS, PRICE_RANGES, TOP_OPERATORS_CHART, TOP_STATES_CHART, type CareTypeKey } from '../../../contracts/constants';
import type { Queryable } from '../../db/sql';
import { listedOnly, ofListedCommunity } from '../../lib/listing';

export interface PricingFilter {
  state?: string;
  careType?: CareTypeKey;
  priceRange?: keyof typeof PRICE_RANGES;
}

/** A price point is one community's offer for one care type; its price is the middle of its range. */
const POINTS = `
  SELECT p.community_id, p.care_type, (p.min_price + p.max_price) / 2.0 AS price, c.state, c.operator_id, c.rating, c.review_count
    FROM community_pricing p JOIN communities c ON c.id = p.community_id
   WHERE ${listedOnly('c')}
     AND ($1::text IS NULL OR c.state = $1)
     AND ($2::text IS NULL OR p.care_type = $2)
     AND ($3::numeric IS NULL OR (p.min_price + p.max_price) / 2.0 >= $3)
     AND ($4::numeric IS NULL OR (p.min_price + p.max_price) / 2.0 < $4)`;

function params(f: PricingFilter): unknown[] {
  const range = f.priceRange ? PRICE_RANGES[f.priceRange] : null;
  return [f.state ?? null, f.careType ? CARE_TYPE_KEYS[f.careType] : null, range ? range.min : null, range ? range.max : null];
}

/**
 * Every figure of one pricing answer from ONE statement: the filtered price points are gathered once
 * (a materialized CTE) and each aggregate reads them from there. It used to be five statements in
 * parallel, each scanning and joining the price points again: five connections and five times the work
 * for every cold answer, which under load met the pool's connect timeout and the 5 s statement timeout
 * (ADR 011) and failed the page with a 503.
 */
export async function pricingAggregates(pool: Queryable, f: PricingFilter) {
  const { rows } = await pool.query<{
    by_care: { care_type: string; avg: number }[];
    by_state: { state: string; avg: number }[];
    by_operator: { name: string; avg: number }[];
    bands: { budget: number; mid: number; premium: number; total: number };
    csat: number | null;
  }>(
    `WITH pts AS MATERIALIZED (${POINTS})
     SELECT
       (SELECT coalesce(json_agg(x), '[]') FROM (SELECT care_type, round(avg(price))::int AS avg FROM pts GROUP BY care_type) x) AS by_care,
       (SELECT coalesce(json_agg(x ORDER BY x.avg DESC, x.state), '[]')
          FROM (SELECT state, round(avg(price))::int AS avg FROM pts GROUP BY state ORDER BY avg DESC, state LIMIT ${TOP_STATES_CHART}) x) AS by_state,
       (SELECT coalesce(json_agg(json_build_object('name', x.name, 'avg', x.avg) ORDER BY x.n DESC, x.name), '[]')
          FROM (SELECT o.name, round(avg(pts.price))::int AS avg, count(DISTINCT pts.community_id) AS n
                  FROM pts JOIN operators o ON o.id = pts.operator_id
                 GROUP BY o.id, o.name
                 ORDER BY n DESC, o.name
                 LIMIT ${TOP_OPERATORS_CHART}) x) AS by_operator,
       (SELECT json_build_object(
                 'budget', count(*) FILTER (WHERE price < ${PRICE_RANGES.mid.min}),
                 'mid', count(*) FILTER (WHERE price >= ${PRICE_RANGES.mid.min} AND price < ${PRICE_RANGES.premium.min}),
                 'premium', count(*) FILTER (WHERE price >= ${PRICE_RANGES.premium.min}),
                 'total', count(*))
          FROM pts) AS bands,
       (SELECT round(avg(rating)::numeric, 1)::float
          FROM (SELECT DISTINCT community_id, rating, review_count FROM pts) c WHERE review_count > 0) AS csat`,
    params(f),
  );
  const r = rows[0]!;
  return { byCare: r.by_care, byState: r.by_state, byOperator: r.by_operator, bands: r.bands, csat: r.csat };
}

export async function stateAverages(pool: Queryable) {
  const { rows } = await pool.query<{ state: string; avg: number }>(
    `SELECT c.state, round(avg((p.min_price + p.max_price) / 2.0))::int AS avg
       FROM community_pricing p JOIN communities c ON c.id = p.community_id
      WHERE ${listedOnly('c')}
      GROUP BY c.state ORDER BY c.state`,
  );
  return rows;
}

export async function marketMetrics(pool: Queryable) {
  const { rows } = await pool.query<{
    communities: number;
    communities_new: number;
    operators: number;
    operators_new: number;
    avg_rate: number | null;
    new_avg_rate: number | null;
  }>(
    `SELECT (SELECT count(*)::int FROM communities c WHERE ${listedOnly('c')}) AS communities,
            (SELECT count(*)::int FROM communities c WHERE ${listedOnly('c')} AND created_at > now() - interval '7 days') AS communities_new,
            (SELECT count(*)::int FROM operators WHERE community_count > 0) AS operators,
            (SELECT count(*)::int FROM operators WHERE community_count > 0 AND created_at > now() - interval '7 days') AS operators_new,
            (SELECT avg((min_price + max_price) / 2.0)::float FROM community_pricing p WHERE ${ofListedCommunity('p.community_id')}) AS avg_rate,
            (SELECT avg((p.min_price + p.max_price) / 2.0)::float FROM community_pricing p JOIN communities c ON c.id = p.community_id
              WHERE ${listedOnly('c')} AND c.created_at > now() - interval '30 days') AS new_avg_rate`,
  );
  const reviews = await pool.query<{ n: number; avg: number | null; recent: number; recent_avg: number | null; prior_avg: number | null }>(
    `SELECT count(*)::int AS n, avg(rating)::float AS avg,
            count(*) FILTER (WHERE review_date > current_date - 30)::int AS recent,
            (avg(rating) FILTER (WHERE review_date > current_date - 30))::float AS recent_avg,
            (avg(rating) FILTER (WHERE review_date <= current_date - 30 AND review_date > current_date - 60))::float AS prior_avg
       FROM customer_reviews r WHERE ${ofListedCommunity('r.community_id')}`,
  );
  return { ...rows[0]!, reviews: reviews.rows[0]! };
}

export async function topOperators(pool: Queryable, limit: number) {
  const { rows } = await pool.query<{ id: number; name: string; communities: number; states: number; avg_rating: number | null }>(
    `SELECT o.id, o.name, o.community_count AS communities,
            (SELECT count(DISTINCT c.state)::int FROM communities c WHERE c.operator_id = o.id AND ${listedOnly('c')}) AS states,
            (SELECT round((sum(c.rating * c.review_count) / nullif(sum(c.review_count), 0))::numeric, 2)::float
               FROM communities c WHERE c.operator_id = o.id AND ${listedOnly('c')}) AS avg_rating
       FROM operators o
      ORDER BY o.community_count DESC, o.name
      LIMIT $1`,
    [limit],
  );
  return rows;
}

export async function regionalCapacity(pool: Queryable) {
  const { rows } = await pool.query<{ state: string; communities: number; capacity: number }>(
    `SELECT state, count(*)::int AS communities, coalesce(sum(capacity), 0)::int AS capacity
       FROM communities c WHERE ${listedOnly('c')} GROUP BY state ORDER BY count(*) DESC, state LIMIT 3`,
  );
  return rows;
}

export async function careTypeSpread(pool: Queryable) {
  const { rows } = await pool.query<{ care_type: string; avg: number; n: number }>(
    `SELECT care_type, round(avg((min_price + max_price) / 2.0))::int AS avg, count(*)::int AS n
       FROM community_pricing p WHERE ${ofListedCommunity('p.community_id')} GROUP BY care_type`,
  );
  return rows;
}

export async function sentimentHighlights(pool: Queryable) {
  const [byYear, states] = await Promise.all([
    pool.query<{ year: number; positive: number; n: number }>(
      `SELECT extract(year FROM review_date)::int AS year,
              (count(*) FILTER (WHERE sentiment > 0.6))::float / count(*) AS positive, count(*)::int AS n
         FROM customer_reviews r
        WHERE review_date > current_date - interval '2 years' AND ${ofListedCommunity('r.community_id')}
        GROUP BY 1 ORDER BY 1`,
    ),
    pool.query<{ state: string; rating: number; n: number }>(
      `SELECT state, round((sum(rating * review_count) / sum(review_count))::numeric, 2)::float AS rating, sum(review_count)::int AS n
         FROM communities c WHERE review_count > 0 AND ${listedOnly('c')} GROUP BY state HAVING sum(review_count) >= 50 ORDER BY 2 DESC, state`,
    ),
  ]);
  const employee = await pool.query<{ positive: number; avg: number | null; n: number }>(
    `SELECT coalesce((count(*) FILTER (WHERE sentiment > 0.6))::float / nullif(count(*), 0), 0) AS positive,
            avg(rating)::float AS avg, count(*)::int AS n FROM employee_reviews`,
  );
  return { byYear: byYear.rows, states: states.rows, employee: employee.rows[0]! };
}
