// SQL of the markets module (issue 15, ADR 020): county supply, prices and the competitive set.
// Parameterized only; listed communities only (ADR 016).
import type pg from 'pg';
import { listedOnly } from '../../lib/listing';
import type { Queryable } from '../../db/sql';
import type { PortfolioCommunityRow, PortfolioTrendRow } from '../themes/themes.service';
import { pushTo } from '../../lib/collections';

export interface SupplyRow {
  key: string;
  communities: number;
  capacity: number;
  with_capacity: number;
}

/** Licensed capacity counts where the source gives a positive figure. */
const SUPPLY = `count(*)::int AS communities,
  coalesce(sum(c.capacity) FILTER (WHERE c.capacity > 0), 0)::int AS capacity,
  (count(*) FILTER (WHERE c.capacity > 0))::int AS with_capacity`;

export async function supplyByCounty(pool: pg.Pool): Promise<SupplyRow[]> {
  const { rows } = await pool.query<SupplyRow>(
    `SELECT c.county_fips AS key, ${SUPPLY} FROM communities c
      WHERE ${listedOnly('c')} AND c.county_fips IS NOT NULL GROUP BY c.county_fips`,
  );
  return rows;
}

export async function supplyByState(pool: pg.Pool): Promise<SupplyRow[]> {
  const { rows } = await pool.query<SupplyRow>(`SELECT c.state AS key, ${SUPPLY} FROM communities c WHERE ${listedOnly('c')} GROUP BY c.state`);
  return rows;
}

export interface PopulationRow {
  fips: string;
  county: string;
  state: string;
  population_65: number | null;
  percent_85: number | null;
}

export async function populations(pool: pg.Pool): Promise<PopulationRow[]> {
  const { rows } = await pool.query<PopulationRow>('SELECT fips, county, state, population_65, percent_85 FROM county_population ORDER BY fips');
  return rows;
}

export interface SourceRow {
  source_kind: string;
  source_name: string;
  as_of: string | null;
  as_of_latest: string | null;
  communities: number;
}

/** Publishers of the counted communities (all, one state's or one county's). */
export async function capacitySources(pool: pg.Pool, where: { state?: string; fips?: string } = {}): Promise<SourceRow[]> {
  const { rows } = await pool.query<SourceRow>(
    `SELECT c.source_kind, c.source_name, min(c.source_as_of)::text AS as_of, max(c.source_as_of)::text AS as_of_latest, count(*)::int AS communities
       FROM communities c
      WHERE ${listedOnly('c')} AND ($1::text IS NULL OR c.state = $1) AND ($2::text IS NULL OR c.county_fips = $2)
      GROUP BY c.source_kind, c.source_name ORDER BY count(*) DESC, c.source_name`,
    [where.state ?? null, where.fips ?? null],
  );
  return rows;
}

/** capacitySources of every state at once (each state's rows in that function's order). */
export async function capacitySourcesByState(pool: pg.Pool): Promise<Map<string, SourceRow[]>> {
  const { rows } = await pool.query<SourceRow & { state: string }>(
    `SELECT c.state, c.source_kind, c.source_name, min(c.source_as_of)::text AS as_of, max(c.source_as_of)::text AS as_of_latest, count(*)::int AS communities
       FROM communities c
      WHERE ${listedOnly('c')}
      GROUP BY c.state, c.source_kind, c.source_name ORDER BY c.state, count(*) DESC, c.source_name`,
  );
  const out = new Map<string, SourceRow[]>();
  for (const { state, ...r } of rows) {
    pushTo(out, state, r);
  }
  return out;
}

export async function countyCareTypes(pool: pg.Pool, fips: string) {
  const { rows } = await pool.query<{ care_type: string; communities: number; capacity: number }>(
    `SELECT ct AS care_type, count(*)::int AS communities, coalesce(sum(c.capacity) FILTER (WHERE c.capacity > 0), 0)::int AS capacity
       FROM communities c CROSS JOIN LATERAL unnest(c.care_types) AS ct
      WHERE c.county_fips = $1 AND ${listedOnly('c')}
      GROUP BY ct ORDER BY ct`,
    [fips],
  );
  return rows;
}

/**
 * p25/median/p75 of the listed communities' prices per care type (the middle of each monthly range;
 * PostgreSQL's percentile_cont: linear interpolation between the two nearest ranks).
 */
export async function countyPrices(pool: pg.Pool, fips: string) {
  const { rows } = await pool.query<{ care_type: string; offering: number; priced: number; q: (number | null)[] | null }>(
    `SELECT ct AS care_type, count(DISTINCT c.id)::int AS offering, count(DISTINCT p.community_id)::int AS priced,
            percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY (p.min_price + p.max_price) / 2.0) AS q
       FROM communities c CROSS JOIN LATERAL unnest(c.care_types) AS ct
       LEFT JOIN community_pricing p ON p.community_id = c.id AND p.care_type = ct
      WHERE c.county_fips = $1 AND ${listedOnly('c')}
      GROUP BY ct ORDER BY ct`,
    [fips],
  );
  return rows;
}

export async function countyReputation(pool: pg.Pool, fips: string) {
  const { rows } = await pool.query<{ average: number | null; reviews: number; rated: number; sentiment: number | null }>(
    `SELECT (sum(c.rating * c.review_count) / nullif(sum(c.review_count), 0))::float AS average,
            coalesce(sum(c.review_count), 0)::int AS reviews,
            (count(*) FILTER (WHERE c.review_count > 0))::int AS rated,
            (SELECT avg(r.sentiment)::float FROM customer_reviews r JOIN communities c2 ON c2.id = r.community_id
              WHERE c2.county_fips = $1 AND ${listedOnly('c2')}) AS sentiment
       FROM communities c WHERE c.county_fips = $1 AND ${listedOnly('c')}`,
    [fips],
  );
  return rows[0]!;
}

export async function countyOperators(pool: pg.Pool, fips: string, limit: number) {
  const { rows } = await pool.query<{ id: number; name: string; communities: number; capacity: number }>(
    `SELECT o.id, o.name, count(*)::int AS communities, coalesce(sum(c.capacity) FILTER (WHERE c.capacity > 0), 0)::int AS capacity
       FROM communities c JOIN operators o ON o.id = c.operator_id
      WHERE c.county_fips = $1 AND ${listedOnly('c')}
      GROUP BY o.id, o.name ORDER BY count(*) DESC, o.name LIMIT $2`,
    [fips, limit],
  );
  return rows;
}

// --- competitive set -----------------------------------------------------------------------------

export interface CommunityRow {
  id: number;
  name: string;
  city: string;
  state: string;
  lat: number | null;
  lng: number | null;
  care_types: string[];
  amenities: string[];
  rating: number;
  review_count: number;
  location_approximate: boolean;
  listing_status: string;
  source_kind: string;
  source_name: string;
  source_as_of: string | null;
  prices: { careType: string; minPrice: number; maxPrice: number }[];
}

const COMMUNITY_COLUMNS = `c.id, c.name, c.city, c.state, c.lat, c.lng, c.care_types, c.amenities, c.rating, c.review_count,
  c.location_approximate, c.listing_status, c.source_kind, c.source_name, c.source_as_of::text AS source_as_of,
  coalesce((SELECT json_agg(json_build_object('careType', p.care_type, 'minPrice', p.min_price, 'maxPrice', p.max_price) ORDER BY p.care_type, p.id)
              FROM community_pricing p WHERE p.community_id = c.id), '[]') AS prices`;

export async function communityById(pool: pg.Pool, id: number): Promise<CommunityRow | null> {
  const { rows } = await pool.query<CommunityRow>(`SELECT ${COMMUNITY_COLUMNS} FROM communities c WHERE c.id = $1`, [id]);
  return rows[0] ?? null;
}

/** Great-circle distance in miles (haversine, Earth radius 3,958.8 miles) from ($1, $2) to c. */
const MILES = `2 * 3958.8 * asin(least(1, sqrt(power(sin(radians(c.lat - $1) / 2), 2)
  + cos(radians($1)) * cos(radians(c.lat)) * power(sin(radians(c.lng - $2) / 2), 2))))`;

/**
 * Listed communities (other than `id`) within `miles` of (lat, lng), nearest first: a latitude/longitude
 * box on communities_lat_lng_idx, then the exact distance.
 */
export async function neighbours(pool: pg.Pool, id: number, lat: number, lng: number, miles: number): Promise<(CommunityRow & { miles: number })[]> {
  const dLat = (miles / 69.0) * 1.01;
  const dLng = Math.min(180, (miles / (69.0 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)))) * 1.01);
  const { rows } = await pool.query<CommunityRow & { miles: number }>(
    `SELECT * FROM (
       SELECT ${COMMUNITY_COLUMNS}, ${MILES} AS miles
         FROM communities c
        WHERE c.id <> $3 AND ${listedOnly('c')}
          AND c.lat BETWEEN $1 - $5 AND $1 + $5 AND c.lng BETWEEN $2 - $6 AND $2 + $6) x
      WHERE x.miles <= $4 ORDER BY x.miles, x.id`,
    [lat, lng, id, miles, dLat, dLng],
  );
  return rows;
}

/** Mean review sentiment and review count per community, from the review summaries (ADR 029). */
export async function sentimentOf(pool: pg.Pool, ids: number[]) {
  const { rows } = await pool.query<{ community_id: number; sentiment: number; n: number }>(
    `SELECT community_id, sentiment_sum / reviews AS sentiment, reviews AS n FROM community_review_summary
      WHERE community_id = ANY($1::int[]) AND reviews > 0`,
    [ids],
  );
  return new Map(rows.map((r) => [r.community_id, r]));
}

// --- the in-memory market index's snapshot (market-index.ts) ----------------------------------------

/** Every listed community as communityById reads it, in id order (one statement: one snapshot of the rows). */
export async function listedCommunities(db: Queryable): Promise<CommunityRow[]> {
  const { rows } = await db.query<CommunityRow>(`SELECT ${COMMUNITY_COLUMNS} FROM communities c WHERE ${listedOnly('c')} ORDER BY c.id`);
  return rows;
}

/** sentimentOf's figures for every community with reviews. */
export async function allSentiments(db: Queryable) {
  const { rows } = await db.query<{ community_id: number; sentiment: number; n: number }>(
    'SELECT community_id, sentiment_sum / reviews AS sentiment, reviews AS n FROM community_review_summary WHERE reviews > 0',
  );
  return rows;
}

/** Per community: its theme-scored reviews (the theme report's `reviews`, ADR 029). */
export async function scoredReviews(db: Queryable) {
  const { rows } = await db.query<{ community_id: number; scored: number }>('SELECT community_id, scored FROM community_review_summary WHERE scored > 0');
  return rows;
}

/** Per community and customer theme: mentions and sentiment sum over all quarters (the summaries, ADR 029). */
export async function themeTotals(db: Queryable) {
  const { rows } = await db.query<{ community_id: number; i: number; mentions: number; sum: number }>(
    `SELECT community_id, theme::int AS i, sum(mentions)::int AS mentions, sum(sentiment_sum)::float8 AS sum
       FROM community_theme_quarters GROUP BY community_id, theme`,
  );
  return rows;
}

/**
 * The portfolio's community rows of every operator (themes.repo's selectPortfolioCommunities for all
 * operators at once): grouped by operator, each operator's rows in that statement's order.
 */
export async function portfolioCommunities(db: Queryable) {
  const { rows } = await db.query<PortfolioCommunityRow & { operator_id: number }>(
    `SELECT c.operator_id, c.id, c.name, c.city, c.state, c.rating::float8 AS rating, c.review_count, c.min_price, c.max_price,
            s.sentiment_sum / nullif(s.reviews, 0) AS avg
       FROM communities c LEFT JOIN community_review_summary s ON s.community_id = c.id
      WHERE c.operator_id IS NOT NULL AND ${listedOnly('c')}
      ORDER BY c.operator_id, c.review_count DESC, c.name, c.id`,
  );
  return rows;
}

/** The portfolio's quarterly trend of every operator (selectPortfolioTrend grouped by operator too). */
export async function portfolioTrends(db: Queryable) {
  const { rows } = await db.query<PortfolioTrendRow & { operator_id: number }>(
    `SELECT c.operator_id, to_char(r.review_date, 'YYYY-"Q"Q') AS quarter, 'customer' AS kind, count(*)::int AS reviews, avg(r.sentiment)::float8 AS avg
       FROM customer_reviews r JOIN communities c ON c.id = r.community_id
      WHERE c.operator_id IS NOT NULL AND ${listedOnly('c')} GROUP BY 1, 2
     UNION ALL
     SELECT e.operator_id, to_char(e.review_date, 'YYYY-"Q"Q'), 'employee', count(*)::int, avg(e.sentiment)::float8
       FROM employee_reviews e WHERE e.operator_id IS NOT NULL GROUP BY 1, 2`,
  );
  return rows;
}
