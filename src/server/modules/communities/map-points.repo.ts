// SQL of the search's map: the points of a result, their count in a view and the server's grid clusters
// (ADR 018), with the search's own filter (search.repo.ts buildFilter). The in-memory index answers the same
// questions once built (search-index.ts); this is the reference and the fallback.
import { Params, type Queryable } from '../../db/sql';
import { sourceColumns, type SourceColumns } from '../../lib/provenance';
import { buildFilter, type SearchCriteria } from './search.repo';

export interface PointRow extends SourceColumns {
  id: number;
  name: string;
  lat: number;
  lng: number;
  operator_name: string | null;
  care_types: string[];
  min_price: number | null;
  max_price: number | null;
  price_care_type: string | null;
  location_approximate: boolean;
}

/** The area of a map request in degrees (see mapPointsQuerySchema). */
export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** Extra conditions of a map query: the area in view, or a list of ids. */
export interface PointScope {
  bbox?: Bounds | undefined;
  ids?: number[] | undefined;
}

function scopeWhere(scope: PointScope, p: Params): string {
  const conds = ['c.lat IS NOT NULL', 'c.lng IS NOT NULL'];
  if (scope.bbox) {
    conds.push(`c.lat BETWEEN ${p.add(scope.bbox.south)} AND ${p.add(scope.bbox.north)}`);
    conds.push(`c.lng BETWEEN ${p.add(scope.bbox.west)} AND ${p.add(scope.bbox.east)}`);
  }
  if (scope.ids) conds.push(`c.id = ANY(${p.add(scope.ids)}::int[])`);
  return conds.join(' AND ');
}

/**
 * Map points of the result (communities with coordinates, within `scope`), by id. With care types, the
 * price span is that of the chosen care types' entries within the band (as on the cards).
 */
export async function findPoints(db: Queryable, criteria: SearchCriteria, scope: PointScope = {}): Promise<PointRow[]> {
  const p = new Params();
  const f = buildFilter(criteria, p);
  let prices = 'c.min_price, c.max_price, NULL::text AS price_care_type';
  if (criteria.careTypes.length) {
    const careTypes = p.add(criteria.careTypes);
    const band = [
      criteria.priceMax !== undefined ? `AND q.min_price <= ${p.add(criteria.priceMax)}` : '',
      criteria.priceMin !== undefined ? `AND q.max_price >= ${p.add(criteria.priceMin)}` : '',
    ].join(' ');
    prices = `pr.min_price, pr.max_price, pr.care_type AS price_care_type`;
    // The lateral picks the cheapest matching entry's care type and the span of all matching entries.
    return (
      await db.query<PointRow>(
        `SELECT c.id, c.name, c.lat, c.lng, o.name AS operator_name, c.care_types, ${prices}, c.location_approximate, ${sourceColumns('c')}
           FROM communities c
           LEFT JOIN operators o ON o.id = c.operator_id
           LEFT JOIN LATERAL (
             SELECT min(q.min_price)::int AS min_price, max(q.max_price)::int AS max_price,
                    (array_agg(q.care_type ORDER BY q.min_price, q.care_type))[1] AS care_type
               FROM community_pricing q
              WHERE q.community_id = c.id AND q.care_type = ANY(${careTypes}::text[]) ${band}) pr ON TRUE
          WHERE ${f.where} AND ${scopeWhere(scope, p)}
          ORDER BY c.id`,
        p.values,
      )
    ).rows;
  }
  const { rows } = await db.query<PointRow>(
    `SELECT c.id, c.name, c.lat, c.lng, o.name AS operator_name, c.care_types, ${prices}, c.location_approximate, ${sourceColumns('c')}
       FROM communities c
       LEFT JOIN operators o ON o.id = c.operator_id
      WHERE ${f.where} AND ${scopeWhere(scope, p)}
      ORDER BY c.id`,
    p.values,
  );
  return rows;
}

/** Communities of the result with coordinates: all of them, and those inside `bbox` (= total without one). */
export async function countPoints(db: Queryable, criteria: SearchCriteria, bbox?: Bounds): Promise<{ total: number; inView: number }> {
  const p = new Params();
  const f = buildFilter(criteria, p);
  const inView = bbox ? `count(*) FILTER (WHERE ${scopeWhere({ bbox }, p)})::int` : 'count(*)::int';
  const { rows } = await db.query<{ total: number; in_view: number }>(
    `SELECT count(*)::int AS total, ${inView} AS in_view FROM communities c WHERE ${f.where} AND c.lat IS NOT NULL AND c.lng IS NOT NULL`,
    p.values,
  );
  return { total: rows[0]?.total ?? 0, inView: rows[0]?.in_view ?? 0 };
}

export interface GridCell {
  count: number;
  lat: number;
  lng: number;
  west: number;
  south: number;
  east: number;
  north: number;
  /** The lowest id of the cell (its only one when count = 1). */
  id: number;
}

/**
 * The result's communities within `bbox` grouped into square grid cells of `cellDeg` degrees anchored at
 * (0, 0) (cell = floor(lng / cellDeg), floor(lat / cellDeg)), so a cell is the same whatever the view.
 */
export async function gridCells(db: Queryable, criteria: SearchCriteria, cellDeg: number, bbox?: Bounds): Promise<GridCell[]> {
  const p = new Params();
  const f = buildFilter(criteria, p);
  const cell = p.add(cellDeg);
  const { rows } = await db.query<GridCell>(
    `SELECT count(*)::int AS count, avg(c.lat)::float8 AS lat, avg(c.lng)::float8 AS lng,
            min(c.lng)::float8 AS west, min(c.lat)::float8 AS south, max(c.lng)::float8 AS east, max(c.lat)::float8 AS north,
            min(c.id)::int AS id
       FROM communities c
      WHERE ${f.where} AND ${scopeWhere({ bbox }, p)}
      GROUP BY floor(c.lng / ${cell}::float8), floor(c.lat / ${cell}::float8)
      ORDER BY min(c.id)`,
    p.values,
  );
  return rows;
}
