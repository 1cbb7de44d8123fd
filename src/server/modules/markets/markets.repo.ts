// SQL of the markets module (issue 15, ADR 020): county supply, prices and the competitive set.
// Parameterized only; listed communities only (ADR 016).
import type pg from 'pg';
import { listedOnly } from '../../lib/listing';
import type { Queryable } from '../../db/sql';
import type { OperatorPlace, PortfolioCommunityRow, PortfolioTrendRow } from '../themes/themes.service';
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

export async function supplyByCounty(db: Queryable): Promise<SupplyRow[]> {
  const { rows } = await db.query<SupplyRow>(
    `SELECT c.county_fips AS key, ${SUPPLY} FROM communities c
      WHERE ${listedOnly('c')} AND c.county_fips IS NOT NULL GROUP BY c.county_fips`,
  );
  return rows;
}

export async function supplyByState(db: Queryable): Promise<SupplyRow[]> {
  const { rows } = await db.query<SupplyRow>(`SELECT c.state AS key, ${SUPPLY} FROM communities c WHERE ${listedOnly('c')} GROUP BY c.state`);
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
export async function capacitySources(db: Queryable, where: { state?: string; fips?: string } = {}): Promise<SourceRow[]> {
  const { rows } = await db.query<SourceRow>(
    `SELECT c.source_kind, c.source_name, min(c.source_as_of)::text AS as_of, max(c.source_as_of)::text AS as_of_latest, count(*)::int AS communities
       FROM communities c
      WHERE ${listedOnly('c')} AND ($1::text IS NULL OR c.state = $1) AND ($2::text IS NULL OR c.county_fips = $2)
      GROUP BY c.source_kind, c.source_name ORDER BY count(*) DESC, c.source_name`,
    [where.state ?? null, where.fips ?? null],
  );
  return rows;
}

/** capacitySources of every state or every county at once (each key's rows in that function's order). */
export async function capacitySourcesBy(db: Queryable, column: 'state' | 'county_fips'): Promise<Map<string, SourceRow[]>> {
  const { rows } = await db.query<SourceRow & { key: string }>(
    `SELECT c.${column} AS key, c.source_kind, c.source_name, min(c.source_as_of)::text AS as_of, max(c.source_as_of)::text AS as_of_latest, count(*)::int AS communities
       FROM communities c
      WHERE ${listedOnly('c')} AND c.${column} IS NOT NULL
      GROUP BY c.${column}, c.source_kind, c.source_name ORDER BY c.${column}, count(*) DESC, c.source_name`,
  );
  const out = new Map<string, SourceRow[]>();
  for (const { key, ...r } of rows) {
    pushTo(out, key, r);
  }
  return out;
}

/**
 * What the markets overview reads of the communities (besides the counties' population): the supply of every county
 * and state and the publishers of the counted communities, all and by state. Five whole-table statements with the
 * population; at scale 10 each of these takes ~1.4 s on a warm database. The market index reads them with its own
 * rows (one snapshot, no statement timeout) and the overview takes them from there once it is built (ADR 029).
 */
export interface SupplyReads {
  /** When the statements were sent (ISO 8601): what the answers say the counts are as of. */
  readAt: string;
  byCounty: SupplyRow[];
  byState: SupplyRow[];
  sources: SourceRow[];
  sourcesByState: Map<string, SourceRow[]>;
}

/** The four statements of SupplyReads: in parallel on a pool, one after another on one connection (a Queryable's transaction). */
export async function readSupply(db: Queryable): Promise<SupplyReads> {
  const readAt = new Date().toISOString();
  const [byCounty, byState, sources, sourcesByState] = await Promise.all([supplyByCounty(db), supplyByState(db), capacitySources(db), capacitySourcesBy(db, 'state')]);
  return { readAt, byCounty, byState, sources, sourcesByState };
}

// --- a county's market: one county's statements, or every county's at once for the market index --------
// Each statement over every county is the one-county statement grouped by the county as well (its rows keyed
// by `fips`, each county's rows in the one-county order), so both give a county the same rows.

export interface CountyCareTypeRow {
  care_type: string;
  communities: number;
  capacity: number;
}
export interface CountyPriceRow {
  care_type: string;
  offering: number;
  priced: number;
  q: (number | null)[] | null;
}
export interface CountyReputationRow {
  average: number | null;
  reviews: number;
  rated: number;
  sentiment: number | null;
}
export interface CountyOperatorRow {
  id: number;
  name: string;
  communities: number;
  capacity: number;
}

/** What a county's market reads (besides the overview). */
export interface CountyRows {
  care: CountyCareTypeRow[];
  prices: CountyPriceRow[];
  reputation: CountyReputationRow;
  operators: CountyOperatorRow[];
  sources: SourceRow[];
}

/** One county ($1) or every county (keyed by `fips`): the SQL of each read. */
interface CountyScope {
  /** The key column, with its comma (every county), or nothing. */
  key: string;
  where: string;
  params: string[];
}
const oneCounty = (fips: string): CountyScope => ({ key: '', where: 'c.county_fips = $1', params: [fips] });
const everyCounty: CountyScope = { key: 'c.county_fips AS fips, ', where: 'c.county_fips IS NOT NULL', params: [] };
const groupKey = (s: CountyScope) => (s.key ? 'c.county_fips, ' : '');

const careTypesSql = (s: CountyScope) =>
  `SELECT ${s.key}ct AS care_type, count(*)::int AS communities, coalesce(sum(c.capacity) FILTER (WHERE c.capacity > 0), 0)::int AS capacity
     FROM communities c CROSS JOIN LATERAL unnest(c.care_types) AS ct
    WHERE ${s.where} AND ${listedOnly('c')}
    GROUP BY ${groupKey(s)}ct ORDER BY ${groupKey(s)}ct`;

/**
 * p25/median/p75 of the listed communities' prices per care type (the middle of each monthly range;
 * PostgreSQL's percentile_cont: linear interpolation between the two nearest ranks).
 */
const pricesSql = (s: CountyScope) =>
  `SELECT ${s.key}ct AS care_type, count(DISTINCT c.id)::int AS offering, count(DISTINCT p.community_id)::int AS priced,
          percentile_cont(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY (p.min_price + p.max_price) / 2.0) AS q
     FROM communities c CROSS JOIN LATERAL unnest(c.care_types) AS ct
     LEFT JOIN community_pricing p ON p.community_id = c.id AND p.care_type = ct
    WHERE ${s.where} AND ${listedOnly('c')}
    GROUP BY ${groupKey(s)}ct ORDER BY ${groupKey(s)}ct`;

const REPUTATION = `(sum(c.rating * c.review_count) / nullif(sum(c.review_count), 0))::float AS average,
  coalesce(sum(c.review_count), 0)::int AS reviews, (count(*) FILTER (WHERE c.review_count > 0))::int AS rated`;
/** The mean sentiment of the customer reviews of the listed communities of `where` (over alias c). */
const sentimentSql = (s: CountyScope) =>
  `SELECT ${s.key}avg(r.sentiment)::float AS sentiment FROM customer_reviews r JOIN communities c ON c.id = r.community_id
    WHERE ${s.where} AND ${listedOnly('c')}${s.key ? ' GROUP BY c.county_fips' : ''}`;
/** One row for one county (figures of no rows when it has none); a row per county that has listed communities. */
const reputationSql = (s: CountyScope) =>
  s.key
    ? `SELECT f.*, s.sentiment FROM (SELECT ${s.key}${REPUTATION} FROM communities c WHERE ${s.where} AND ${listedOnly('c')} GROUP BY c.county_fips) f
         LEFT JOIN (${sentimentSql(s)}) s USING (fips)`
    : `SELECT ${REPUTATION}, (${sentimentSql(s)}) AS sentiment FROM communities c WHERE ${s.where} AND ${listedOnly('c')}`;

/** The county's operators with the most listed communities (then by name). */
const operatorsSql = (s: CountyScope, limit: number) =>
  `SELECT * FROM (
     SELECT ${s.key}o.id, o.name, count(*)::int AS communities, coalesce(sum(c.capacity) FILTER (WHERE c.capacity > 0), 0)::int AS capacity,
            row_number() OVER (${s.key ? 'PARTITION BY c.county_fips ' : ''}ORDER BY count(*) DESC, o.name) AS k
       FROM communities c JOIN operators o ON o.id = c.operator_id
      WHERE ${s.where} AND ${listedOnly('c')}
      GROUP BY ${groupKey(s)}o.id, o.name) x
    WHERE x.k <= ${Number(limit)} ORDER BY ${s.key ? 'x.fips, ' : ''}x.k`;

/** A county's rows (one statement per read, side by side). */
export async function countyRows(pool: pg.Pool, fips: string, topOperators: number): Promise<CountyRows> {
  const s = oneCounty(fips);
  const read = async <T>(sql: string) => (await pool.query<T & pg.QueryResultRow>(sql, s.params)).rows;
  const [care, prices, reputation, operators, sources] = await Promise.all([
    read<CountyCareTypeRow>(careTypesSql(s)),
    read<CountyPriceRow>(pricesSql(s)),
    read<CountyReputationRow>(reputationSql(s)),
    read<CountyOperatorRow & { k?: number }>(operatorsSql(s, topOperators)),
    capacitySources(pool, { fips }),
  ]);
  return { care, prices, reputation: reputation[0]!, operators: operators.map(({ k: _k, ...o }) => o), sources };
}

/** Every county's rows at once (the market index), by FIPS code; a county without listed communities has none. */
export async function everyCountyRows(db: Queryable, topOperators: number): Promise<Map<string, CountyRows>> {
  const s = everyCounty;
  const read = async <T>(sql: string) => (await db.query<T & { fips: string }>(sql)).rows;
  const care = await read<CountyCareTypeRow>(careTypesSql(s));
  const prices = await read<CountyPriceRow>(pricesSql(s));
  const reputation = await read<CountyReputationRow>(reputationSql(s));
  const operators = await read<CountyOperatorRow & { k?: number }>(operatorsSql(s, topOperators));
  const sources = await capacitySourcesBy(db, 'county_fips');
  const out = new Map<string, CountyRows>();
  for (const { fips, ...r } of reputation) out.set(fips, { care: [], prices: [], reputation: r, operators: [], sources: sources.get(fips) ?? [] });
  for (const { fips, ...r } of care) out.get(fips)?.care.push(r);
  for (const { fips, ...r } of prices) out.get(fips)?.prices.push(r);
  for (const { fips, k: _k, ...r } of operators) out.get(fips)?.operators.push(r);
  return out;
}

/** What countyRows reads for a county without listed communities. */
export const NO_COUNTY_ROWS: CountyRows = { care: [], prices: [], reputation: { average: null, reviews: 0, rated: 0, sentiment: null }, operators: [], sources: [] };

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

/** Every operator's name and place (themes.repo's selectOperatorPlace for all operators at once). */
export async function operatorPlaces(db: Queryable) {
  const { rows } = await db.query<OperatorPlace & { id: number }>('SELECT id, name, city, state FROM operators');
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
