// SQL of the community search. Every value is a bound parameter ($n); ORDER BY clauses come from
// the fixed map below, never from the request.
import { capacityCondition, licenceTypeCondition } from '../../lib/licence-filters';
import { listedOnly } from '../../lib/listing';
import { sourceColumns, type SourceColumns } from '../../lib/provenance';
import type { SearchSort } from '../../../contracts/constants';
import type { CommunityColumns } from '../../db/rows';
import { Params, escapeLike, type Queryable } from '../../db/sql';
import type { CapacityBand, LicenceType } from '../../../contracts/licence-filters';

/** How the typed location was understood (see search.service.ts resolveLocation). */
export type LocationFilter =
  | { kind: 'none' }
  /** Near a ZIP centre: a bounding box (index communities_lat_lng_idx) refined by haversine distance. */
  | { kind: 'near'; lat: number; lng: number; radiusMiles: number }
  /** A ZIP the ZIP table does not know: communities with exactly that ZIP code. */
  | { kind: 'zip'; zip: string }
  | { kind: 'state'; state: string }
  /**
   * Matched cities (exact matches only when there are any, else the closest fuzzy ones, best first),
   * optionally also communities whose name contains `nameText`.
   */
  | { kind: 'city'; cities: { city: string; state: string; rank: number }[]; nameText?: string; state?: string }
  /** Nothing else matched: search community names (substring). */
  | { kind: 'name'; text: string; state?: string };

export interface SearchCriteria {
  location: LocationFilter;
  careTypes: string[];
  amenities: string[];
  priceMin?: number | undefined;
  priceMax?: number | undefined;
  /** With a price band: also keep the communities that publish no price (for the chosen care types). */
  includeUnpriced?: boolean;
  licenceType?: LicenceType | undefined;
  /** Licensed-capacity band; a community without a capacity on record is in no band. */
  capacity?: CapacityBand | undefined;
}

const EARTH_RADIUS_MILES = 3958.8;

export interface BuiltFilter {
  where: string;
  /** Relevance keys that precede rating/review count; adds its parameters only when used. */
  relevance: () => string[];
  /** Distance in miles (ZIP searches) or 'NULL'. */
  distance: string;
  /** The monthly price the card shows and the price sorts use (see shownPrice in contracts/search.ts), with `priceJoin`. */
  price: () => string;
  priceJoin: (how?: PriceJoin) => string;
  /** Condition: priced within the band (TRUE without a band). */
  priced: () => string;
  /** Condition: publishes no price (for the chosen care types). */
  unpriced: () => string;
}

/**
 * How the price sorts reach the chosen care types' prices: one grouped pass over all their pricing rows,
 * hash-joined (cheap when the filter keeps thousands of communities), or a lateral index lookup per
 * kept community (cheap when a location keeps a few hundred). Both give the same figure (ADR 018).
 */
export type PriceJoin = 'grouped' | 'lateral';

const hasBand = (c: SearchCriteria) => c.priceMin !== undefined || c.priceMax !== undefined;

/**
 * The price conditions (ADR 010). With care types, a community's price is its community_pricing
 * entries of those care types: it is kept when one of them overlaps the band, and shows the lowest
 * minimum among those. Without care types, today's rule: the denormalized [min_price, max_price] span.
 */
interface PriceParts {
  priced: () => string;
  unpriced: () => string;
  /** The join that provides `price()` (empty without care types). */
  priceJoin: (how?: PriceJoin) => string;
  price: () => string;
}

function priceParts(criteria: SearchCriteria, p: Params): PriceParts {
  // Closures: a parameter is added only when its SQL is used (PostgreSQL rejects unreferenced ones).
  if (criteria.careTypes.length === 0) {
    return {
      priced: () => {
        const conds: string[] = [];
        if (criteria.priceMax !== undefined) conds.push(`c.min_price <= ${p.add(criteria.priceMax)}`);
        if (criteria.priceMin !== undefined) conds.push(`c.max_price >= ${p.add(criteria.priceMin)}`);
        return conds.join(' AND ') || 'TRUE';
      },
      unpriced: () => 'c.min_price IS NULL',
      priceJoin: () => '',
      price: () => 'c.min_price',
    };
  }
  const rows = () => `FROM community_pricing p WHERE p.community_id = c.id AND p.care_type = ANY(${p.add(criteria.careTypes)}::text[])`;
  const band = () =>
    [
      criteria.priceMax !== undefined ? `AND p.min_price <= ${p.add(criteria.priceMax)}` : '',
      criteria.priceMin !== undefined ? `AND p.max_price >= ${p.add(criteria.priceMin)}` : '',
    ].join(' ');
  return {
    priced: () => `EXISTS (SELECT 1 ${rows()} ${band()})`,
    unpriced: () => `NOT EXISTS (SELECT 1 ${rows()})`,
    // One grouped pass over the chosen care types' prices, hash-joined (a correlated subquery per row
    // cost ~0.3 s on a nationwide Assisted Living search at 45,000 communities).
    priceJoin: (how: PriceJoin = 'grouped') =>
      how === 'lateral'
        ? `LEFT JOIN LATERAL (SELECT min(p.min_price) AS price ${rows()} ${band()}) pr ON TRUE`
        : `LEFT JOIN (SELECT p.community_id, min(p.min_price) AS price FROM community_pricing p
                   WHERE p.care_type = ANY(${p.add(criteria.careTypes)}::text[]) ${band()} GROUP BY p.community_id) pr ON pr.community_id = c.id`,
    price: () => 'pr.price',
  };
}

type PriceMode = 'result' | 'unpriced' | 'base';

/**
 * The WHERE clause of a search. `result`: the communities of the answer (priced within the band, plus
 * the unpriced ones when includeUnpriced). `unpriced`: those matching every other filter that publish no price.
 * `base`: every filter but the price band (see countResult).
 */
export function buildFilter(criteria: SearchCriteria, p: Params, mode: PriceMode = 'result'): BuiltFilter {
  // Delisted facilities are never part of an answer (ADR 016); their pages stay reachable by URL.
  const conds: string[] = [listedOnly('c')];
  let relevance = (): string[] => [];
  let distance = 'NULL::float8';
  const loc = criteria.location;

  switch (loc.kind) {
    case 'none':
      break;
    case 'near': {
      const lat = p.add(loc.lat);
      const lng = p.add(loc.lng);
      const dLat = loc.radiusMiles / 69.0;
      const dLng = loc.radiusMiles / (69.0 * Math.max(0.05, Math.cos((loc.lat * Math.PI) / 180)));
      conds.push(`c.lat BETWEEN ${p.add(loc.lat - dLat)} AND ${p.add(loc.lat + dLat)}`);
      conds.push(`c.lng BETWEEN ${p.add(loc.lng - dLng)} AND ${p.add(loc.lng + dLng)}`);
      distance = `(${EARTH_RADIUS_MILES} * 2 * asin(least(1, sqrt(power(sin(radians(c.lat - ${lat}) / 2), 2) + cos(radians(${lat}::float8)) * cos(radians(c.lat)) * power(sin(radians(c.lng - ${lng}) / 2), 2)))))`;
      conds.push(`${distance} <= ${p.add(loc.radiusMiles)}`);
      const d = distance;
      relevance = () => [`${d} ASC`];
      break;
    }
    case 'zip':
      conds.push(`c.zip_code = ${p.add(loc.zip)}`);
      break;
    case 'state':
      conds.push(`c.state = ${p.add(loc.state)}`);
      break;
    case 'city': {
      const states = p.add(loc.cities.map((c) => c.state));
      const cities = p.add(loc.cities.map((c) => c.city));
      const cityKeys = loc.cities.map((c) => `${c.state}|${c.city}`);
      const cityRank = () =>
        `(${p.add(loc.cities.map((c) => c.rank))}::int[])[array_position(${p.add(cityKeys)}::text[], c.state || '|' || c.city)]`;
      const pairs = `(SELECT s, t FROM unnest(${states}::text[], ${cities}::text[]) AS u(s, t))`;
      if (loc.nameText) {
        const pattern = p.add(`%${escapeLike(loc.nameText)}%`);
        const lower = loc.nameText.toLowerCase();
        const stateCond = loc.state ? ` AND x.state = ${p.add(loc.state)}` : '';
        // A UNION of two index-served lookups (state/city btree, name trigram) rather than an OR,
        // which would make the planner scan every row.
        conds.push(
          `c.id IN (SELECT x.id FROM communities x WHERE (x.state, x.city) IN ${pairs} UNION ALL SELECT x.id FROM communities x WHERE x.name ILIKE ${pattern}${stateCond})`,
        );
        relevance = () => [
          `CASE WHEN lower(c.name) = ${p.add(lower)}::text THEN 0 ELSE coalesce(${cityRank()}, 1000) END ASC`,
        ];
      } else {
        conds.push(`(c.state, c.city) IN ${pairs}`);
        relevance = () => [`${cityRank()} ASC`];
      }
      break;
    }
    case 'name': {
      // Part of a community's name, matched literally (served by communities_name_trgm_idx).
      conds.push(`c.name ILIKE ${p.add(`%${escapeLike(loc.text)}%`)}::text`);
      if (loc.state) conds.push(`c.state = ${p.add(loc.state)}`);
      const lower = loc.text.toLowerCase();
      const prefix = `${escapeLike(loc.text)}%`;
      relevance = () => [`CASE WHEN lower(c.name) = ${p.add(lower)}::text THEN 0 WHEN c.name ILIKE ${p.add(prefix)}::text THEN 1 ELSE 2 END ASC`];
      break;
    }
  }

  if (criteria.careTypes.length) conds.push(`c.care_types @> ${p.add(criteria.careTypes)}::text[]`);
  if (criteria.amenities.length) conds.push(`c.amenities @> ${p.add(criteria.amenities)}::text[]`);
  if (criteria.licenceType) conds.push(licenceTypeCondition('c', criteria.licenceType));
  if (criteria.capacity) conds.push(capacityCondition('c', criteria.capacity));
  const price = priceParts(criteria, p);
  if (mode === 'unpriced') conds.push(price.unpriced());
  else if (mode === 'result' && hasBand(criteria)) conds.push(criteria.includeUnpriced ? `(${price.priced()} OR ${price.unpriced()})` : price.priced());

  const priced = () => (hasBand(criteria) ? price.priced() : 'TRUE');
  return { where: conds.join(' AND '), relevance, distance, price: price.price, priceJoin: price.priceJoin, priced, unpriced: price.unpriced };
}

/** ORDER BY for each sort. Every order ends with the id so that paging is stable. */
function orderBy(sort: SearchSort, f: BuiltFilter): string {
  switch (sort) {
    case 'price_low':
      return `${f.price()} ASC NULLS LAST, c.id ASC`;
    case 'price_high':
      return `${f.price()} DESC NULLS LAST, c.id DESC`;
    case 'rating':
      // The review-count-aware score (ADR 010), not the raw average.
      return 'c.rating_score DESC, c.review_count DESC, c.id DESC';
    case 'name':
      return 'c.name ASC, c.id ASC';
    case 'relevance':
      return [...f.relevance(), 'c.rating_score DESC', 'c.review_count DESC', 'c.id DESC'].join(', ');
  }
}

/**
 * The result's total and, with a price band, the unpriced count in one scan of the communities that pass
 * every other filter (two counts cost two scans; ADR 018). Equal to countCommunities(…, 'result') and
 * countCommunities(…, 'unpriced'), which stay as the plain reference (search-equivalence.test.ts).
 */
export async function countResult(db: Queryable, criteria: SearchCriteria): Promise<{ total: number; unpriced: number }> {
  const p = new Params();
  const f = buildFilter(criteria, p, 'base');
  if (!hasBand(criteria)) {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM communities c WHERE ${f.where}`, p.values);
    return { total: rows[0]?.n ?? 0, unpriced: 0 };
  }
  const priced = f.priced();
  const unpriced = f.unpriced();
  const inResult = criteria.includeUnpriced ? `(${priced}) OR (${unpriced})` : priced;
  const { rows } = await db.query<{ total: number; unpriced: number }>(
    `SELECT count(*) FILTER (WHERE ${inResult})::int AS total, count(*) FILTER (WHERE ${unpriced})::int AS unpriced
       FROM communities c WHERE ${f.where}`,
    p.values,
  );
  return { total: rows[0]?.total ?? 0, unpriced: rows[0]?.unpriced ?? 0 };
}

/** A location that keeps at most a few hundred communities: a city, a ZIP (radius) or a name. */
export function narrowLocation(criteria: SearchCriteria): boolean {
  return criteria.location.kind !== 'none' && criteria.location.kind !== 'state';
}

export async function countCommunities(db: Queryable, criteria: SearchCriteria, mode: PriceMode = 'result'): Promise<number> {
  const p = new Params();
  const f = buildFilter(criteria, p, mode);
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM communities c WHERE ${f.where}`, p.values);
  return rows[0]?.n ?? 0;
}

export interface PageRef {
  id: number;
  distance: number | null;
}

export async function findPageIds(
  db: Queryable,
  criteria: SearchCriteria,
  sort: SearchSort,
  limit: number,
  offset: number,
  priceJoin: PriceJoin = 'grouped',
): Promise<PageRef[]> {
  const p = new Params();
  const f = buildFilter(criteria, p);
  const join = sort === 'price_low' || sort === 'price_high' ? f.priceJoin(priceJoin) : '';
  const sql = `SELECT c.id, ${f.distance} AS distance FROM communities c ${join} WHERE ${f.where}
    ORDER BY ${orderBy(sort, f)} LIMIT ${p.add(limit)} OFFSET ${p.add(offset)}`;
  const { rows } = await db.query<{ id: number; distance: number | null }>(sql, p.values);
  return rows;
}

export interface CommunityRow
  extends SourceColumns,
    Pick<
      CommunityColumns,
      | 'id' | 'name' | 'address' | 'city' | 'state' | 'zip_code' | 'phone' | 'email' | 'website' | 'description'
      | 'rating' | 'review_count' | 'care_types' | 'amenities' | 'photos' | 'lat' | 'lng'
    > {
  operator_name: string | null;
  pricing: { careType: string; minPrice: number; maxPrice: number }[];
}

/** The select list of a card (operator name and the pricing list aggregated per community); FROM communities c LEFT JOIN operators o. */
export const CARD_COLUMNS = `c.id, c.name, c.address, c.city, c.state, c.zip_code, c.phone, c.email, c.website, c.description,
            c.rating, c.review_count, c.care_types, c.amenities, c.photos, c.lat, c.lng, o.name AS operator_name,
            ${sourceColumns('c')},
            coalesce((SELECT json_agg(json_build_object('careType', p.care_type, 'minPrice', p.min_price, 'maxPrice', p.max_price)
                                      ORDER BY p.min_price, p.care_type, p.id)
                        FROM community_pricing p WHERE p.community_id = c.id), '[]'::json) AS pricing`;

/** The cards of one page in one query: operator name and the pricing list aggregated per community. */
export async function loadCommunities(db: Queryable, ids: number[]): Promise<Map<number, CommunityRow>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<CommunityRow>(
    `SELECT ${CARD_COLUMNS}
       FROM communities c
       LEFT JOIN operators o ON o.id = c.operator_id
      WHERE c.id = ANY($1::int[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** The distinct (city, state) pairs of the listed directory: a city whose facilities are all delisted is not offered. */
export async function listCities(db: Queryable): Promise<{ city: string; state: string }[]> {
  const { rows } = await db.query<{ city: string; state: string }>(`SELECT state, city FROM communities c WHERE ${listedOnly('c')} GROUP BY state, city`);
  return rows;
}
