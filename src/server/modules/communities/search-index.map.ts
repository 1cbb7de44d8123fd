// Map points of the in-memory search index (ADR 018, 026): the same answers as map-points.repo.ts over the
// positions a query kept (search-index.ts match()).
import type { Bounds, GridCell, PointRow, PointScope } from './map-points.repo';
import type { SearchColumns } from './search-index.columns';
import type { SearchCriteria } from './search.repo';

function hasPoint(c_: SearchColumns, i: number): boolean {
  return !Number.isNaN(c_.lat[i]!) && !Number.isNaN(c_.lng[i]!);
}

function inBox(c_: SearchColumns, i: number, b: Bounds): boolean {
  const la = c_.lat[i]!;
  const lo = c_.lng[i]!;
  return la >= b.south && la <= b.north && lo >= b.west && lo <= b.east;
}

/** = countPoints() of map-points.repo.ts, over the positions a query kept. */
export function countPointsOf(c_: SearchColumns, result: readonly number[], bbox?: Bounds): { total: number; inView: number } {
  let total = 0;
  let inView = 0;
  for (const i of result) {
    if (!hasPoint(c_, i)) continue;
    total++;
    if (!bbox || inBox(c_, i, bbox)) inView++;
  }
  return { total, inView };
}

/** = findPoints(): by id, with the chosen care types' price span within the band. */
export function findPointsOf(c_: SearchColumns, c: SearchCriteria, result: readonly number[], scope: PointScope = {}): PointRow[] {
  const only = scope.ids ? new Set(scope.ids) : null;
  const out: PointRow[] = [];
  for (const i of result) {
    if (!hasPoint(c_, i)) continue;
    if (scope.bbox && !inBox(c_, i, scope.bbox)) continue;
    const row = c_.rows[i]!;
    if (only && !only.has(row.id)) continue;
    let min: number | null = null;
    let max: number | null = null;
    let careType: string | null = null;
    if (c.careTypes.length === 0) {
      min = Number.isNaN(c_.minPrice[i]!) ? null : c_.minPrice[i]!;
      max = Number.isNaN(c_.maxPrice[i]!) ? null : c_.maxPrice[i]!;
    } else {
      for (let k = c_.priceStart[i]!; k < c_.priceStart[i + 1]!; k++) {
        if (!c.careTypes.includes(c_.priceCare[k]!)) continue;
        if (c.priceMax !== undefined && c_.priceMinOf[k]! > c.priceMax) continue;
        if (c.priceMin !== undefined && c_.priceMaxOf[k]! < c.priceMin) continue;
        const pmin = c_.priceMinOf[k]!;
        // The cheapest entry's care type (ties: the first care type in order).
        if (min === null || pmin < min || (pmin === min && c_.priceCare[k]! < careType!)) {
          if (min === null || pmin < min) min = pmin;
          careType = c_.priceCare[k]!;
        }
        if (max === null || c_.priceMaxOf[k]! > max) max = c_.priceMaxOf[k]!;
      }
    }
    out.push({
      id: row.id,
      name: row.name,
      lat: c_.lat[i]!,
      lng: c_.lng[i]!,
      operator_name: row.operator_name,
      care_types: row.care_types,
      min_price: min,
      max_price: max,
      price_care_type: careType,
      location_approximate: c_.approximate[i] === 1,
      source_kind: row.source_kind,
      source_name: row.source_name,
      source_as_of: row.source_as_of,
    });
  }
  return out;
}

/** = gridCells(): cells of `cellDeg` degrees anchored at (0, 0), ordered by their lowest id. */
export function gridCellsOf(c_: SearchColumns, result: readonly number[], cellDeg: number, bbox?: Bounds): GridCell[] {
  const cells = new Map<string, GridCell & { sumLat: number; sumLng: number }>();
  for (const i of result) {
    if (!hasPoint(c_, i) || (bbox && !inBox(c_, i, bbox))) continue;
    const la = c_.lat[i]!;
    const lo = c_.lng[i]!;
    const key = `${Math.floor(lo / cellDeg)},${Math.floor(la / cellDeg)}`;
    const cell = cells.get(key);
    if (!cell) {
      cells.set(key, { count: 1, lat: 0, lng: 0, sumLat: la, sumLng: lo, west: lo, east: lo, south: la, north: la, id: c_.ids[i]! });
    } else {
      cell.count++;
      cell.sumLat += la;
      cell.sumLng += lo;
      if (lo < cell.west) cell.west = lo;
      if (lo > cell.east) cell.east = lo;
      if (la < cell.south) cell.south = la;
      if (la > cell.north) cell.north = la;
    }
  }
  // Positions are visited in id order: the first id of a cell is its lowest.
  return [...cells.values()]
    .sort((a, b) => a.id - b.id)
    .map(({ sumLat, sumLng, ...cell }) => ({ ...cell, lat: sumLat / cell.count, lng: sumLng / cell.count }));
}
