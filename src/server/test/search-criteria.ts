// Random search criteria for the search equivalence tests (ADR 018, ADR 026): a place among the test's own
// location kinds, care types, amenities and a price band, drawn from a seeded generator.
import { AMENITY_OPTIONS, CARE_TYPES } from '../../contracts/constants';
import type { LocationFilter, SearchCriteria } from '../modules/communities/search.repo';
import { TEST_CITIES } from './random';

export interface CriteriaDraw {
  pick: <T>(xs: readonly T[]) => T;
  city: string;
  state: string;
  /** Every test city of that name, ranked as the place resolver ranks them. */
  sameName: { city: string; state: string; rank: number }[];
}

/**
 * One random criteria. `locations` lists the location kinds a test draws from (all built before the draw, so
 * every call uses the generator the same way); `severalAmenities` sometimes asks for two amenities, else one;
 * `more` draws the test's further filters last.
 */
export function randomCriteria(
  random: () => number,
  options: { locations: (d: CriteriaDraw) => LocationFilter[]; severalAmenities?: boolean; more?: (pick: CriteriaDraw['pick']) => Partial<SearchCriteria> },
): SearchCriteria {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const [city, state] = pick(TEST_CITIES);
  const sameName = TEST_CITIES.filter(([c]) => c === city).map(([c, s], i) => ({ city: c, state: s, rank: i + 1 }));
  const kinds = options.locations({ pick, city, state, sameName });
  const band = random();
  return {
    location: pick(kinds),
    careTypes: random() < 0.6 ? [...new Set([pick(CARE_TYPES), ...(random() < 0.3 ? [pick(CARE_TYPES)] : [])])] : [],
    amenities:
      random() < 0.3 ? (options.severalAmenities ? [...new Set([pick(AMENITY_OPTIONS), ...(random() < 0.3 ? [pick(AMENITY_OPTIONS)] : [])])] : [pick(AMENITY_OPTIONS)]) : [],
    priceMin: band < 0.5 ? 2000 + Math.floor(random() * 8) * 500 : undefined,
    priceMax: band > 0.3 ? 4000 + Math.floor(random() * 8) * 500 : undefined,
    includeUnpriced: random() < 0.3,
    ...options.more?.(pick),
  };
}
