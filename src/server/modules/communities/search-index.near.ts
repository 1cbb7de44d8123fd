// The ZIP radius of the in-memory search index (ADR 026, search-index.ts): the same bounding box and haversine
// distance as the SQL (search.repo.ts), in float8 arithmetic. Split from search-index.ts (issue 11).
import type { SearchColumns } from './search-index.columns';
import type { LocationFilter } from './search.repo';
import { stepDue, type Steps } from '../../lib/pace';

const EARTH_RADIUS_MILES = 3958.8;
/** PostgreSQL's radians(): x * RADIANS_PER_DEGREE (float.c), not x * π / 180. */
const RADIANS_PER_DEGREE = Math.PI / 180; // 0.017453292519943295, as the C constant rounds to a double
const radians = (deg: number) => deg * RADIANS_PER_DEGREE;

/**
 * Cells of 1/perDegree degree of latitude by as much of longitude (cell numbers floor(degrees * perDegree)): one
 * degree for the map's grids (a 50-mile box spans about 3 by 3), a quarter for the radius search (NEAR_CELLS).
 */
export const cellKey = (latCell: number, lngCell: number) => (latCell + 500) * 2000 + (lngCell + 1000);

/**
 * Cells per degree of the radius search (SearchColumns.nearCells): at scale 10 the one-degree cells around a ZIP held
 * ten times the communities, all tested against the box (a ZIP search 2.5 ms against 0.58 at scale 1). A quarter degree
 * reads a box's area and a little more. (cellKey's ranges hold latitude and longitude cells of up to 4 per degree.)
 */
export const NEAR_CELLS = 4;

/** The located positions (those with both coordinates) by cell, each cell's ascending (SearchColumns.cells, nearCells). */
export function* buildCells(lat: Float64Array, lng: Float64Array, perDegree = 1): Steps<Map<number, Int32Array>> {
  const lists = new Map<number, number[]>();
  for (let i = 0; i < lat.length; i++) {
    if (stepDue(i)) yield;
    const la = lat[i]!;
    const lo = lng[i]!;
    if (Number.isNaN(la) || Number.isNaN(lo)) continue;
    const key = cellKey(Math.floor(la * perDegree), Math.floor(lo * perDegree));
    const list = lists.get(key);
    if (list) list.push(i);
    else lists.set(key, [i]);
  }
  return new Map([...lists].map(([key, list]) => [key, Int32Array.from(list)]));
}

/**
 * One cell of the radius search: its positions (ascending) and their coordinates beside them, read in order. Read by
 * position instead (lat[i], lng[i]), the communities of a ZIP's box at scale 10 were two cache misses each: a radius
 * search of 4,900 communities took 1.1-1.4 ms, 0.7-0.9 with the coordinates side by side (CPU time, 2026-11-26 late).
 */
export interface NearCell {
  readonly positions: Int32Array;
  readonly lat: Float64Array;
  readonly lng: Float64Array;
}

/** The located positions by quarter-degree cell (NEAR_CELLS) with their coordinates (SearchColumns.nearCells). */
export function* buildNearCells(lat: Float64Array, lng: Float64Array): Steps<Map<number, NearCell>> {
  const cells = new Map<number, NearCell>();
  for (const [key, positions] of yield* buildCells(lat, lng, NEAR_CELLS)) {
    cells.set(key, { positions, lat: Float64Array.from(positions, (i) => lat[i]!), lng: Float64Array.from(positions, (i) => lng[i]!) });
  }
  return cells;
}

/**
 * Positions within the radius (ascending), their distances written into `distance` by position (the query's other
 * filters are applied to the kept radius by SearchIndex.withinRadius). The positions are written into `out` (room
 * for every position; the caller's scratch: at scale 10 a radius's list of thousands, made anew per search, was a
 * fifth of a ZIP search's garbage) and returned as its first part.
 */
export function nearPositions(
  c_: SearchColumns,
  loc: Extract<LocationFilter, { kind: 'near' }>,
  distance: Float64Array,
  out: Int32Array,
): Int32Array {
  // The same bounding box and haversine distance as the SQL (search.repo.ts), in float8 arithmetic.
  const dLat = loc.radiusMiles / 69.0;
  const dLng = loc.radiusMiles / (69.0 * Math.max(0.05, Math.cos((loc.lat * Math.PI) / 180)));
  const south = loc.lat - dLat;
  const north = loc.lat + dLat;
  const west = loc.lng - dLng;
  const east = loc.lng + dLng;
  const cosLat = Math.cos(radians(loc.lat));
  let m = 0;
  // The quarter-degree cells the box touches (a 50-mile box: about 7 by 9), then the box's own test.
  for (let y = Math.floor(south * NEAR_CELLS); y <= Math.floor(north * NEAR_CELLS); y++) {
    for (let x = Math.floor(west * NEAR_CELLS); x <= Math.floor(east * NEAR_CELLS); x++) {
      const cell = c_.nearCells.get(cellKey(y, x));
      if (!cell) continue;
      const { positions, lat, lng } = cell;
      for (let k = 0; k < positions.length; k++) {
        const la = lat[k]!;
        const lo = lng[k]!;
        if (!(la >= south && la <= north && lo >= west && lo <= east)) continue;
        const i = positions[k]!;
        const s1 = Math.sin(radians(la - loc.lat) / 2);
        const s2 = Math.sin(radians(lo - loc.lng) / 2);
        const d = EARTH_RADIUS_MILES * 2 * Math.asin(Math.min(1, Math.sqrt(s1 * s1 + cosLat * Math.cos(radians(la)) * s2 * s2)));
        if (d <= loc.radiusMiles) {
          out[m++] = i;
          distance[i] = d;
        }
      }
    }
  }
  return out.subarray(0, m).sort();
}
