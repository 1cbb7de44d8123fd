// The ZIP radius of the in-memory search index (ADR 026, search-index.ts): the same bounding box and haversine
// distance as the SQL (search.repo.ts), in float8 arithmetic. Split from search-index.ts (issue 11).
import { lowerBound } from '../../lib/collections';
import type { SearchColumns } from './search-index.columns';
import type { LocationFilter } from './search.repo';

const EARTH_RADIUS_MILES = 3958.8;
/** PostgreSQL's radians(): x * RADIANS_PER_DEGREE (float.c), not x * π / 180. */
const RADIANS_PER_DEGREE = Math.PI / 180; // 0.017453292519943295, as the C constant rounds to a double
const radians = (deg: number) => deg * RADIANS_PER_DEGREE;

/** Positions within the radius (ascending), their distances written into `distance` by position. */
export function nearPositions(c_: SearchColumns, loc: Extract<LocationFilter, { kind: 'near' }>, distance: Float64Array): number[] {
  // The same bounding box and haversine distance as the SQL (search.repo.ts), in float8 arithmetic.
  const dLat = loc.radiusMiles / 69.0;
  const dLng = loc.radiusMiles / (69.0 * Math.max(0.05, Math.cos((loc.lat * Math.PI) / 180)));
  const south = loc.lat - dLat;
  const north = loc.lat + dLat;
  const west = loc.lng - dLng;
  const east = loc.lng + dLng;
  const cosLat = Math.cos(radians(loc.lat));
  const out: number[] = [];
  // The latitude band by binary search over the located positions sorted by latitude (no NaN there),
  // then the same longitude test and distance for each.
  const { latOrder, latSorted } = c_;
  for (let k = lowerBound(latSorted, south); k < latSorted.length && latSorted[k]! <= north; k++) {
    const i = latOrder[k]!;
    const la = latSorted[k]!;
    const lo = c_.lng[i]!;
    if (!(lo >= west && lo <= east)) continue;
    const s1 = Math.sin(radians(la - loc.lat) / 2);
    const s2 = Math.sin(radians(lo - loc.lng) / 2);
    const d = EARTH_RADIUS_MILES * 2 * Math.asin(Math.min(1, Math.sqrt(s1 * s1 + cosLat * Math.cos(radians(la)) * s2 * s2)));
    if (d <= loc.radiusMiles) {
      out.push(i);
      distance[i] = d;
    }
  }
  return out.sort((a, b) => a - b);
}
