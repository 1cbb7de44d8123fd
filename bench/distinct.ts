// Distinct-request workloads of `npm run bench` (issue 13): long lists of realistic, all-different URLs
// (city × care type × price band × amenities × sort × page for search; filter × sort × page for the
// insight tables), shuffled with a fixed seed. The bench hands them out in order through autocannon's
// request callback with one counter per workload shared by all connections and kept across the warm-up
// and the measured run, so no URL is sent twice in a run and no answer cache can serve a repeat.
import { CARE_TYPES, INSIGHT_PRICING_OPTIONS, INSIGHT_SCORE_OPTIONS, OPERATOR_COMMUNITY_LABELS, OPERATOR_REVENUE_LABELS } from '../src/contracts/constants';
import { INSIGHT_SORT_FIELDS, OPERATOR_SORT_FIELDS } from '../src/contracts/insights';

/** Deterministic PRNG (mulberry32), so two runs send the same sequence. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` distinct URLs drawn at random from the cross product of `make`'s choices (a Set guards against
 * repeats; draws that repeat are skipped). Returns fewer only when the product is smaller than `count`.
 */
function distinctUrls(count: number, seed: number, make: (pick: <T>(xs: readonly T[]) => T) => string): string[] {
  const random = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const seen = new Set<string>();
  for (let tries = 0; seen.size < count && tries < count * 20; tries++) seen.add(make(pick));
  return [...seen];
}

const qs = (params: Record<string, string | number | undefined>) =>
  Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

const SEARCH_AMENITIES = ['', '', '', 'Pet Friendly', 'Fitness Center', 'Swimming Pool', 'Transportation', 'Pet Friendly,Housekeeping', 'Dining Services,24/7 Care'];
const PRICE_BANDS: Array<[number | undefined, number | undefined]> = [
  [undefined, undefined],
  [undefined, undefined],
  [2000, 4000],
  [3000, 6000],
  [undefined, 5000],
  [4000, undefined],
  [2500, 8000],
  [5000, 9000],
];
const SEARCH_SORTS = ['relevance', 'relevance', 'price_low', 'price_high', 'rating', 'name'];
const PAGES = [1, 1, 1, 1, 2, 2, 3, 4, 5, 8];
const STATES = ['CA', 'TX', 'FL', 'NY', 'PA', 'IL', 'OH', 'GA', 'NC', 'MI', 'NJ', 'VA', 'WA', 'AZ', 'MA', 'TN', 'IN', 'MO', 'MD', 'WI', 'CO', 'MN'];
const ZIPS = ['60540', '10001', '94110', '77002', '33101', '85004', '98101', '30303', '02108', '19103', '48201', '80202', '55401', '37203', '63101', '28202'];

/**
 * Community searches: mostly a real city (as "City" or "City, ST"), some states, ZIPs and no location;
 * any care type (or none), price band, amenities, sort and page.
 */
export function distinctSearchPaths(cities: Array<{ city: string; state: string }>, count: number): string[] {
  const places = cities.length ? cities : [{ city: 'Chicago', state: 'IL' }];
  return distinctUrls(count, 13, (pick) => {
    const kind = pick(['city', 'city', 'city', 'cityState', 'state', 'zip', 'none']);
    const c = pick(places);
    const location = kind === 'city' ? c.city : kind === 'cityState' ? `${c.city}, ${c.state}` : kind === 'state' ? pick(STATES) : kind === 'zip' ? pick(ZIPS) : undefined;
    const careTypes = pick(['', '', ...CARE_TYPES, 'Assisted Living,Memory Care']);
    const [priceMin, priceMax] = pick(PRICE_BANDS);
    return `/api/communities/search?${qs({ location, careTypes, amenities: pick(SEARCH_AMENITIES), priceMin, priceMax, sort: pick(SEARCH_SORTS), page: pick(PAGES) })}`;
  });
}

/** Bounds of the no-location band searches: $1,000 to $9,000 in steps of $250. */
const BAND_BOUNDS = Array.from({ length: 33 }, (_, k) => 1000 + 250 * k);

/**
 * Searches without a location but with a price band (issue 13: such a band was a pass over every community), with
 * care types or without: a minimum, a maximum or both, unpriced communities included or not, any amenities, sort
 * and page.
 */
export function distinctBandSearchPaths(count: number, careTyped: boolean): string[] {
  return distinctUrls(count, careTyped ? 18 : 17, (pick) => {
    const bounds = pick(['min', 'max', 'both', 'both']);
    const [a, b] = [pick(BAND_BOUNDS), pick(BAND_BOUNDS)];
    return `/api/communities/search?${qs({
      careTypes: careTyped ? pick([...CARE_TYPES, 'Assisted Living,Memory Care']) : undefined,
      amenities: pick(SEARCH_AMENITIES),
      priceMin: bounds === 'max' ? undefined : Math.min(a, b),
      priceMax: bounds === 'min' ? undefined : Math.max(a, b),
      includeUnpriced: pick(['', '', '', 'true']),
      sort: pick(SEARCH_SORTS),
      page: pick(PAGES),
    })}`;
  });
}

/** Community insights: state / city / pricing / score / search text filters × every sort × page and page size. */
export function distinctCommunityInsightPaths(cities: Array<{ city: string; state: string }>, count: number): string[] {
  const places = cities.length ? cities : [{ city: 'Chicago', state: 'IL' }];
  return distinctUrls(count, 14, (pick) => {
    const where = pick(['none', 'state', 'state', 'city', 'search']);
    const c = pick(places);
    return `/api/community-insights?${qs({
      page: pick(PAGES),
      pageSize: pick([25, 25, 50, 100]),
      sortField: pick(INSIGHT_SORT_FIELDS),
      sortDirection: pick(['asc', 'desc']),
      state: where === 'state' ? pick(STATES) : where === 'city' ? c.state : undefined,
      city: where === 'city' ? c.city : undefined,
      searchQuery: where === 'search' ? pick(['sunrise', 'oak', 'senior', 'manor', 'village', 'garden', 'care', 'hills']) : undefined,
      pricingRange: pick(['', '', ...INSIGHT_PRICING_OPTIONS.map((o) => o.value)]),
      communityScore: pick(['', '', '', ...INSIGHT_SCORE_OPTIONS.map((o) => o.value)]),
    })}`;
  });
}

/** Operator insights: state / revenue / size / search text filters × every sort × page. */
export function distinctOperatorInsightPaths(count: number): string[] {
  return distinctUrls(count, 15, (pick) =>
    `/api/operator-insights?${qs({
      page: pick(PAGES),
      pageSize: pick([25, 25, 50, 100]),
      sortField: pick(OPERATOR_SORT_FIELDS),
      sortDirection: pick(['asc', 'desc']),
      operatorState: pick(['', '', ...STATES]),
      operatorRevenue: pick(['', '', ...Object.keys(OPERATOR_REVENUE_LABELS)]),
      operatorTotalCommunities: pick(['', '', ...Object.keys(OPERATOR_COMMUNITY_LABELS)]),
      searchQuery: pick(['', '', '', 'care', 'senior', 'living', 'health', 'group']),
    })}`,
  );
}

const MAP_VIEWS: Array<string | undefined> = [undefined, undefined, 'zoom=5&bbox=-107.69,27.87,-69.5,47.97', 'zoom=7&bbox=-98.67,36.52,-89.05,41.53', 'zoom=9&bbox=-88.5,41.5,-87.5,42.2', 'zoom=4'];

/** Map points of a result (ADR 018): a state, a city, a ZIP or the whole US, with any filters and some views. */
export function distinctMapPointPaths(cities: Array<{ city: string; state: string }>, count: number): string[] {
  const places = cities.length ? cities : [{ city: 'Chicago', state: 'IL' }];
  return distinctUrls(count, 16, (pick) => {
    const kind = pick(['state', 'state', 'state', 'city', 'zip', 'none']);
    const location = kind === 'state' ? pick(STATES) : kind === 'city' ? pick(places).city : kind === 'zip' ? pick(ZIPS) : undefined;
    const careTypes = pick(['', '', ...CARE_TYPES, 'Assisted Living,Memory Care']);
    const [priceMin, priceMax] = pick(PRICE_BANDS);
    const view = pick(MAP_VIEWS);
    const query = qs({ location, careTypes, amenities: pick(SEARCH_AMENITIES), priceMin, priceMax });
    return `/api/communities/search/points?${[query, view].filter(Boolean).join('&')}`;
  });
}

/** The bench's whole-US map views (bench/run.ts 'search: map points (whole US ...)'). */
export const US_MAP_POINT_PATHS = [
  '/api/communities/search/points',
  '/api/communities/search/points?careTypes=assisted',
  '/api/communities/search/points?zoom=5&bbox=-107.69,27.87,-69.5,47.97',
  '/api/communities/search/points?zoom=7&bbox=-98.67,36.52,-89.05,41.53',
  '/api/communities/search/points?zoom=9&bbox=-88.5,41.5,-87.5,42.2',
];
