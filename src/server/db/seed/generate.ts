// The deterministic plan of the generated dataset: operators, communities, pricing and review ratings
// (held in memory), plus streaming generators of the review rows. Same seed, scale and `now` ->
// identical output. No database access here.
import {
  AMENITIES_WITH_ICONS,
  AMENITY_OPTIONS,
  CARE_TYPES,
  DINING_OPTIONS,
  ROOM_AMENITY_OPTIONS,
  ROOM_TYPE_OPTIONS,
  US_STATES,
  type CareType,
} from '../../../contracts/constants';
import { sentimentFromCounts } from '../../lib/sentiment';
import { addCounts, copyThemeColumns, emptyCounts, ThemeScorer } from '../../lib/themes';
import {
  ALF_FACILITIES,
  ALF_SMALL_SHARE,
  LARGEST_OPERATOR,
  NH_STAR_SHARES,
  NURSING_HOMES,
  PRICE_FACTORS,
  populationShare,
} from './calibration';
import { STATES, placesByState, type Place } from './geo';
import {
  BRAND_SECOND,
  BRAND_WORDS,
  FIRST_NAMES,
  OPERATOR_SUFFIXES,
  PLACE_NOUNS,
  STREET_NAMES,
  STREET_TYPES,
  SURNAMES,
} from './names';
import { fictionalPhone } from './contact';
import { Rng, WeightedTable } from './rng';
import { JOB_TITLES, careMask, customerReviewPieces, employeeReviewText, type Piece } from './text';

/** Scale 1: the product's claimed scale. */
export const FULL_SCALE = { communities: 45_247, operators: 7_341, customerReviews: 1_620_000, employeeReviews: 104_000 } as const;

export interface Counts {
  communities: number;
  operators: number;
  customerReviews: number;
  employeeReviews: number;
}

export function targetCounts(scale: number): Counts {
  return {
    communities: Math.max(60, Math.round(FULL_SCALE.communities * scale)),
    operators: Math.max(10, Math.round(FULL_SCALE.operators * scale)),
    customerReviews: Math.max(200, Math.round(FULL_SCALE.customerReviews * scale)),
    employeeReviews: Math.max(20, Math.round(FULL_SCALE.employeeReviews * scale)),
  };
}

export interface GenerateOptions {
  scale: number;
  seed: number;
  /** Reference time: created_at values and review dates lie before it. */
  now: Date;
  /** First id - 1 of the generated operators / communities / pricing / reviews. */
  idBase?: Partial<Record<'operators' | 'communities' | 'pricing' | 'customerReviews' | 'employeeReviews', number>>;
}

export interface OperatorRow {
  id: number;
  name: string;
  city: string;
  state: string;
  postalCode: string;
  webpage: string | null;
  revenue: number | null;
  employees: number | null;
  phone: string;
  email: string | null;
  indeedUrl: string | null;
  glassdoorUrl: string | null;
  communityCount: number;
  sourceId: string;
  createdAt: string;
  /** Index range of its communities in `communitiesByOperator`. */
  tier: Tier;
  homeState: string;
  domain: string;
  brand: string;
  quality: number;
}

export interface PricingRow {
  careType: CareType;
  minPrice: number;
  maxPrice: number;
}

export interface CommunityRow {
  id: number;
  name: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  lat: number;
  lng: number;
  phone: string;
  email: string;
  website: string;
  description: string;
  overview: string;
  rating: number;
  reviewCount: number;
  careTypes: CareType[];
  amenities: string[];
  photos: string[];
  communityType: string;
  ownerType: string;
  score: number;
  capacity: number;
  roomTypes: string[];
  diningServices: string[];
  healthcareServices: string[];
  roomAmenities: string[];
  communityAmenities: string[];
  operatorId: number | null;
  minPrice: number | null;
  maxPrice: number | null;
  pricing: PricingRow[];
  sourceId: string;
  createdAt: string;
  /** First index of its reviews in `ratings`. */
  reviewStart: number;
  quality: number;
}

export interface Plan {
  counts: Counts;
  operators: OperatorRow[];
  communities: CommunityRow[];
  /** Customer review ratings, grouped by community (community i owns [reviewStart, reviewStart + reviewCount)). */
  ratings: Uint8Array;
  /** Employee review count per operator (same order as `operators`). */
  employeeReviewCounts: Int32Array;
  /** Community indexes per operator index. */
  communitiesByOperator: number[][];
  pricingCount: number;
  days: string[];
  seed: number;
  idBase: Required<NonNullable<GenerateOptions['idBase']>>;
}

type Tier = 'national' | 'regional' | 'mid' | 'small' | 'single';

// ---------------------------------------------------------------- helpers

const DAY_MS = 86_400_000;
const REVIEWS_FROM = Date.UTC(2019, 0, 1);

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 40);
const kebab = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Splits `total` over weights (floors, then the remainder one by one in index order). */
function allocate(weights: Float64Array, total: number): Int32Array {
  const out = new Int32Array(weights.length);
  let sum = 0;
  for (const w of weights) sum += w;
  if (sum <= 0 || total <= 0) return out;
  let given = 0;
  for (let i = 0; i < weights.length; i++) {
    const v = Math.floor(((weights[i] as number) * total) / sum);
    out[i] = v;
    given += v;
  }
  for (let i = 0; given < total; i = (i + 1) % weights.length) {
    if ((weights[i] as number) > 0) {
      out[i] = (out[i] as number) + 1;
      given++;
    }
  }
  return out;
}

function shuffle<T>(items: T[], rng: Rng): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    const t = items[i] as T;
    items[i] = items[j] as T;
    items[j] = t;
  }
}

// ---------------------------------------------------------------- community kinds and prices

interface Kind {
  key: string;
  communityType: string;
  base: CareType[];
  optional: ReadonlyArray<readonly [CareType, number]>;
  capacity: [number, number];
  nameSuffixes: string[];
  priceFactor: number;
}

const KINDS: Kind[] = [
  { key: 'al', communityType: 'Assisted Living Community', base: ['Assisted Living'], optional: [['Memory Care', 0.45], ['Independent Living', 0.2]], capacity: [40, 160], nameSuffixes: ['Assisted Living', 'Senior Living', 'Assisted Living', ''], priceFactor: 1 },
  { key: 'il', communityType: 'Independent Living Community', base: ['Independent Living'], optional: [['Assisted Living', 0.4]], capacity: [80, 300], nameSuffixes: ['Retirement Community', 'Senior Living', 'Senior Apartments', ''], priceFactor: 1 },
  { key: 'ccrc', communityType: 'Continuing Care Retirement Community', base: ['Independent Living', 'Assisted Living', 'Skilled Nursing'], optional: [['Memory Care', 0.6]], capacity: [150, 500], nameSuffixes: ['Retirement Community', 'Life Plan Community', ''], priceFactor: 1.08 },
  { key: 'mc', communityType: 'Memory Care Community', base: ['Memory Care'], optional: [['Assisted Living', 0.5]], capacity: [20, 72], nameSuffixes: ['Memory Care', 'Memory Care', ''], priceFactor: 1.02 },
  { key: 'snf', communityType: 'Nursing Home', base: ['Skilled Nursing'], optional: [['Memory Care', 0.25], ['Assisted Living', 0.15]], capacity: [60, 180], nameSuffixes: ['Health and Rehabilitation Center', 'Nursing and Rehab', 'Care Center', 'Healthcare Center'], priceFactor: 1 },
  { key: 'rch', communityType: 'Residential Care Home', base: ['Assisted Living'], optional: [['Memory Care', 0.2]], capacity: [6, 16], nameSuffixes: ['Care Home', 'Adult Family Home', 'Residential Care'], priceFactor: 0.9 },
];
const KIND = Object.fromEntries(KINDS.map((k) => [k.key, k])) as Record<string, Kind>;

// ---------------------------------------------------------------- supply by state (calibration.ts)

/**
 * Supply groups: their share of all communities and where they are. Nursing homes are as many as CMS
 * certifies (14,749 in the 50 states and DC), spread like the CMS homes; assisted living (with memory care and small
 * residential care homes) spread like the licensed facilities of the state lists; independent living and
 * CCRCs like the population.
 */
export const SUPPLY_GROUPS = [
  { key: 'assisted', share: 0.514, where: ALF_FACILITIES },
  { key: 'nursing', share: 0.326, where: NURSING_HOMES },
  { key: 'independent', share: 0.1, where: null },
  { key: 'ccrc', share: 0.06, where: null },
] as const;
type SupplyGroup = (typeof SUPPLY_GROUPS)[number]['key'];
/** Memory-care-only communities among the larger (over 16 beds) assisted-living group. */
const MEMORY_CARE_SHARE = 0.22;

const groupStateShare = (g: (typeof SUPPLY_GROUPS)[number], st: string): number => {
  if (!g.where) return populationShare(st);
  const total = STATES.reduce((s, x) => s + (g.where[x] ?? 0), 0);
  return (g.where[st] ?? 0) / total;
};
/** A state drawn in proportion to all its supply (the sum over groups of share x state share). */
const stateTable = new WeightedTable(STATES.map((st) => [st, SUPPLY_GROUPS.reduce((s, g) => s + g.share * groupStateShare(g, st), 0)] as const));
/** Given the state, the supply group: together with stateTable, P(state, group) = share x state share. */
const groupByState = new Map(
  STATES.map((st) => [st, new WeightedTable(SUPPLY_GROUPS.map((g) => [g.key as SupplyGroup, g.share * groupStateShare(g, st)] as const))]),
);

function pickKind(state: string, rng: Rng): Kind {
  const group = (groupByState.get(state) as WeightedTable<SupplyGroup>).pick(rng);
  if (group === 'nursing') return KIND.snf as Kind;
  if (group === 'independent') return KIND.il as Kind;
  if (group === 'ccrc') return KIND.ccrc as Kind;
  if (rng.chance(ALF_SMALL_SHARE[state] ?? 0)) return KIND.rch as Kind;
  return (rng.chance(MEMORY_CARE_SHARE) ? KIND.mc : KIND.al) as Kind;
}

// ---------------------------------------------------------------- nursing-home star ratings

/** Standard normal CDF (Abramowitz-Stegun 7.1.26, |error| < 1.5e-7). */
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}
const STAR_CUTS = NH_STAR_SHARES.reduce<number[]>((acc, p) => [...acc, (acc[acc.length - 1] ?? 0) + p], []);
/** A 1-5 star rating at quantile `u` of the CMS spread. */
function starAt(u: number): number {
  for (let k = 0; k < 4; k++) if (u < (STAR_CUTS[k] as number)) return k + 1;
  return 5;
}

/**
 * National monthly medians (Genworth Cost of Care 2023): assisted living $5,350; nursing home
 * semi-private $8,670 / private $9,733 (the center of nursing-home prices; state levels in calibration.ts).
 * Independent living well below assisted, memory care well above.
 */
const PRICE_CENTER: Record<CareType, { center: number; width: [number, number] }> = {
  'Independent Living': { center: 3150, width: [300, 1400] },
  'Assisted Living': { center: 5350, width: [400, 2000] },
  'Memory Care': { center: 6950, width: [400, 2000] },
  'Skilled Nursing': { center: 9733, width: [1000, 2200] },
};

const round10 = (v: number) => Math.round(v / 10) * 10;

// ---------------------------------------------------------------- amenities and options

const EXTRA_AMENITIES = ['Beauty Salon', 'Library', 'Chapel', 'Wi-Fi', 'Outdoor Patio', 'Walking Paths'];
/**
 * The one amenity vocabulary of a generated community: its `amenities` (search filter, detail page)
 * are drawn from this list once, and the Community Insights lists are derived from them
 * (AMENITY_EQUIVALENTS), so a community matches an amenity in both places or in neither.
 * 'Transportation Services' is left out: it would be a second name for 'Transportation'.
 */
const ALL_AMENITIES = [...new Set<string>([...AMENITY_OPTIONS, ...AMENITIES_WITH_ICONS, ...EXTRA_AMENITIES])].filter((a) => a !== 'Transportation Services');
/** Search amenity -> the value of a Community Insights list that means the same thing. */
export const AMENITY_EQUIVALENTS = [
  { amenity: 'Fitness Center', list: 'communityAmenities', value: 'Fitness Center' },
  { amenity: 'Swimming Pool', list: 'communityAmenities', value: 'Pool' },
  { amenity: 'Library', list: 'communityAmenities', value: 'Library' },
  { amenity: 'Fine Dining Restaurant', list: 'diningServices', value: 'Fine Dining' },
] as const satisfies ReadonlyArray<{ amenity: string; list: 'communityAmenities' | 'diningServices'; value: string }>;
const amenityOrder = new Map(ALL_AMENITIES.map((a, i) => [a, i]));
const AMENITY_P: Record<string, number> = {
  'Pet Friendly': 0.38, 'Fitness Center': 0.45, 'Swimming Pool': 0.2, Transportation: 0.6, 'Dining Services': 0.85,
  Housekeeping: 0.8, 'Laundry Services': 0.7, '24/7 Care': 0.55, 'Fine Dining Restaurant': 0.14,
  'Transportation Services': 0.2, 'Garden Areas': 0.5, 'Social Activities': 0.75, 'Beauty Salon': 0.4,
  Library: 0.35, Chapel: 0.2, 'Wi-Fi': 0.5, 'Outdoor Patio': 0.4, 'Walking Paths': 0.3,
};

const PHOTO_COUNTS = new WeightedTable([[0, 12], [1, 10], [2, 14], [3, 20], [4, 20], [5, 24]] as const);

// ---------------------------------------------------------------- prose

// {aType}: the community type with its article ("an assisted living community", "a nursing home").
const DESC_OPENERS = [
  '{name} is {aType} in {city}, {st}',
  'Located in {city}, {st}, {name} is {aType}',
  '{name} offers {care} in {city}, {stateName}',
  'Nestled in a quiet neighborhood of {city}, {name} is a welcoming {type}',
  'Serving families in and around {city}, {name} is {aType}',
];

/** "an assisted living community", "a nursing home" (by the first letter's sound; no type starts with a silent h or a "you" sound). */
export const withArticle = (phrase: string) => `${/^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
const DESC_MIDDLES = [
  ' offering {care}.',
  ' with {care} and a warm, homelike atmosphere.',
  ' where residents enjoy {care} close to family.',
  ' providing {care} with a focus on dignity and independence.',
];
const DESC_MIDDLES_PLAIN = [' with a warm, homelike atmosphere.', ', close to family and friends.', ' with a focus on dignity and independence.'];
const DESC_CLOSERS = [
  ' Residents enjoy {amen}.',
  ' Amenities include {amen}.',
  ' Highlights include {amen}.',
  ' Our team is available around the clock to help.',
  ' Schedule a tour to meet our team.',
  '',
];
const OVERVIEW_SENTENCES = [
  'The community has {cap} residences, with {rooms} floor plans.',
  'Dining features {dining} service, with menus planned by our culinary team.',
  'Our licensed team provides {health} on site.',
  'A full calendar of social, educational and wellness programs keeps residents engaged.',
  'Families are welcome to visit at any time, and we host seasonal events throughout the year.',
  'Scheduled transportation takes residents to appointments, shopping and local attractions.',
  'Care plans are reviewed regularly with residents and their families.',
  'The campus sits close to shopping, parks and medical centers in {city}.',
  'Apartments include {roomAmen}.',
  'Shared spaces include {commAmen}.',
  '{name} has served the {city} area for more than {years} years.',
];

const listText = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : items.length === 2 ? `${items[0]} and ${items[1]}` : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');
}

// ---------------------------------------------------------------- the plan

export function buildPlan(opts: GenerateOptions): Plan {
  const counts = targetCounts(opts.scale);
  const seed = opts.seed;
  const idBase = { operators: 0, communities: 0, pricing: 0, customerReviews: 0, employeeReviews: 0, ...opts.idBase };
  const nowMs = opts.now.getTime();
  const places = placesByState();

  // Operators: tiers and sizes.
  const rOps = new Rng(seed, 'operators');
  const n = counts.operators;
  const nNational = Math.max(1, Math.round(n * 0.004));
  const nRegional = Math.max(2, Math.round(n * 0.022));
  const nMid = Math.round(n * 0.14);
  const nSmall = Math.round(n * 0.3);
  const tiers: Tier[] = [];
  for (let i = 0; i < n; i++) {
    tiers.push(i < nNational ? 'national' : i < nNational + nRegional ? 'regional' : i < nNational + nRegional + nMid ? 'mid' : i < nNational + nRegional + nMid + nSmall ? 'small' : 'single');
  }
  const sizes = new Int32Array(n);
  let fixedSum = 0;
  for (let i = 0; i < n; i++) {
    const t = tiers[i];
    if (t === 'single') sizes[i] = 1;
    else if (t === 'small') sizes[i] = rOps.int(2, 5);
    else if (t === 'mid') sizes[i] = Math.round(6 + 14 * Math.pow(rOps.next(), 1.6));
    if (t === 'single' || t === 'small' || t === 'mid') fixedSum += sizes[i] as number;
  }
  const owned = Math.round(counts.communities * 0.95);
  let remaining = Math.max(0, owned - fixedSum);
  const regionalIdx: number[] = [];
  for (let i = 0; i < n; i++) if (tiers[i] === 'regional') regionalIdx.push(i);
  let regionalSum = 0;
  for (const i of regionalIdx) {
    sizes[i] = Math.round(21 + 150 * Math.pow(rOps.next(), 2));
    regionalSum += sizes[i] as number;
  }
  if (regionalSum > remaining * 0.55) {
    const f = (remaining * 0.55) / regionalSum;
    regionalSum = 0;
    for (const i of regionalIdx) {
      sizes[i] = Math.max(6, Math.round((sizes[i] as number) * f));
      regionalSum += sizes[i] as number;
    }
  }
  remaining = Math.max(nNational, remaining - regionalSum);
  // Zipf-like national chains whose largest has LARGEST_OPERATOR's share of all communities: the
  // exponent is found by bisection so that the first weight's share of the national pool matches.
  const largest = Math.max(1, Math.round((counts.communities * LARGEST_OPERATOR) / FULL_SCALE.communities));
  const zipfShare = (a: number) => {
    let sum = 0;
    for (let k = 1; k <= nNational; k++) sum += Math.pow(k, -a);
    return 1 / sum;
  };
  let lo = 0;
  let hi = 6;
  for (let it = 0; it < 60; it++) {
    const mid = (lo + hi) / 2;
    if (zipfShare(mid) * remaining < largest) lo = mid;
    else hi = mid;
  }
  const nationalWeights = new Float64Array(nNational);
  for (let k = 0; k < nNational; k++) nationalWeights[k] = Math.pow(k + 1, -lo);
  const nationalSizes = allocate(nationalWeights, remaining);
  for (let k = 0; k < nNational; k++) sizes[k] = Math.max(1, nationalSizes[k] as number);

  // Community slots: operator index per community (or -1), shuffled so ids do not cluster.
  const slots: number[] = [];
  for (let i = 0; i < n; i++) for (let k = 0; k < (sizes[i] as number); k++) slots.push(i);
  while (slots.length > counts.communities) slots.pop();
  while (slots.length < counts.communities) slots.push(-1);
  shuffle(slots, rOps);

  // Operator identities.
  const usedBrands = new Set<string>();
  const operators: OperatorRow[] = [];
  const regionSets: string[][] = [];
  for (let i = 0; i < n; i++) {
    const tier = tiers[i] as Tier;
    const homeState = stateTable.pick(rOps);
    const stateList = places.get(homeState) as Place[];
    const hq = rOps.pick(stateList);
    let brand = '';
    for (let attempt = 0; attempt < 50; attempt++) {
      const second = rOps.pick(BRAND_SECOND);
      const b = tier === 'single' || (tier === 'small' && rOps.chance(0.4)) ? `${rOps.pick(SURNAMES)}${second ? ` ${second}` : ''}` : `${rOps.pick(BRAND_WORDS)}${second ? ` ${second}` : ''}`;
      const candidate = attempt > 20 ? `${b} ${hq.city}` : b;
      if (!usedBrands.has(candidate)) {
        brand = candidate;
        break;
      }
    }
    if (!brand) brand = `${rOps.pick(BRAND_WORDS)} ${hq.city} ${i}`;
    usedBrands.add(brand);
    const suffix = tier === 'single' ? rOps.pick(['Senior Care', 'Assisted Living', 'Care Home', 'Senior Living', 'Family Care']) : rOps.pick(OPERATOR_SUFFIXES);
    const legal = tier === 'single' || tier === 'small' ? rOps.pick(['', ' LLC', ' LLC', ', Inc.']) : rOps.pick(['', '', ' Inc.', ', LLC']);
    const name = `${brand} ${suffix}${legal}`;
    // Reserved example domains only (RFC 2606): no generated address reaches a real site.
    const domain = `${slug(brand + suffix)}.example.com`;
    const quality = rOps.normal() * 0.6;
    const region = [homeState];
    if (tier === 'regional' || tier === 'mid') {
      const extra = tier === 'regional' ? rOps.int(1, 4) : rOps.int(0, 1);
      for (let k = 0; k < extra; k++) region.push(stateTable.pick(rOps));
    }
    regionSets.push(region);
    const createdDaysAgo = rOps.chance(18 / 7341) ? rOps.next() * 6.5 : 7 + rOps.next() * (3 * 365 - 7);
    operators.push({
      id: idBase.operators + i + 1,
      name,
      city: hq.city,
      state: hq.state,
      postalCode: hq.zip,
      webpage: tier === 'single' && rOps.chance(0.35) ? null : `https://www.${domain}`,
      revenue: null,
      employees: null,
      phone: fictionalPhone(rOps, hq.state),
      email: rOps.chance(tier === 'single' ? 0.6 : 0.9) ? `${rOps.pick(['info', 'contact', 'careers', 'hello'])}@${domain}` : null,
      indeedUrl: null,
      glassdoorUrl: null,
      communityCount: 0,
      sourceId: `gen-op-${String(i + 1).padStart(6, '0')}`,
      createdAt: new Date(nowMs - createdDaysAgo * DAY_MS).toISOString(),
      tier,
      homeState,
      domain,
      brand,
      quality,
    });
  }

  // Community locations.
  const rCom = new Rng(seed, 'communities');
  const states: string[] = slots.map((opIdx) => {
    if (opIdx < 0) return stateTable.pick(rCom);
    const op = operators[opIdx] as OperatorRow;
    const region = regionSets[opIdx] as string[];
    switch (op.tier) {
      case 'national':
        return stateTable.pick(rCom);
      case 'regional':
        return rCom.chance(0.6) ? op.homeState : rCom.pick(region);
      case 'mid':
        return rCom.chance(0.85) ? op.homeState : rCom.pick(region);
      default:
        return op.homeState;
    }
  });
  // Every state and DC present (reassign national / independent communities when one is missing).
  const perState = new Map<string, number>();
  for (const st of states) perState.set(st, (perState.get(st) ?? 0) + 1);
  // First independent / national communities; at tiny scales any community of a state with several.
  for (const anyOperator of [false, true]) {
    let cursor = states.length - 1;
    const movable = (i: number) =>
      (anyOperator || (slots[i] as number) < 0 || operators[slots[i] as number]?.tier === 'national') &&
      (perState.get(states[i] as string) ?? 0) > 1;
    for (const st of STATES) {
      if (perState.has(st)) continue;
      while (cursor >= 0 && !movable(cursor)) cursor--;
      if (cursor < 0) break;
      perState.set(states[cursor] as string, (perState.get(states[cursor] as string) ?? 0) - 1);
      perState.set(st, 1);
      states[cursor] = st;
      cursor--;
    }
  }

  const communities: CommunityRow[] = [];
  const communitiesByOperator: number[][] = operators.map(() => []);
  let pricingCount = 0;
  const usedNames = new Set<string>();
  for (let ci = 0; ci < slots.length; ci++) {
    const opIdx = slots[ci] as number;
    const op = opIdx >= 0 ? (operators[opIdx] as OperatorRow) : null;
    const state = states[ci] as string;
    const place = rCom.pick(places.get(state) as Place[]);
    const kind = pickKind(state, rCom);
    const quality = (op ? op.quality : 0) + rCom.normal() * 0.8;
    const careTypes = CARE_TYPES.filter((ct) => kind.base.includes(ct) || kind.optional.some(([o, p]) => o === ct && rCom.chance(p)));
    const id = idBase.communities + ci + 1;
    // Name.
    const chain = op && (op.tier === 'national' || op.tier === 'regional' || op.tier === 'mid');
    const makeName = (): string => {
      if (chain && op) {
        const pattern = rCom.int(0, 4);
        return pattern === 0 ? `${op.brand} of ${place.city}` :
          pattern === 1 ? `${op.brand} at ${rCom.pick(STREET_NAMES)} ${rCom.pick(PLACE_NOUNS)}` :
          pattern === 2 ? `${op.brand} ${place.city}` :
          pattern === 3 ? `The ${op.brand} at ${place.city}` :
          `${op.brand} ${rCom.pick(PLACE_NOUNS)} ${rCom.pick(kind.nameSuffixes) || 'Senior Living'}`;
      }
      const a = rCom.chance(0.25) ? place.city : rCom.chance(0.3) ? rCom.pick(SURNAMES) : rCom.pick(BRAND_WORDS);
      const suffix = rCom.pick(kind.nameSuffixes);
      return `${a} ${rCom.pick(PLACE_NOUNS)}${suffix ? ` ${suffix}` : ''}`;
    };
    // Names are unique within a city: retry, then tell two homes apart by their street.
    const nameKey = (nm: string) => `${state}|${place.city}|${nm.toLowerCase()}`;
    let name = makeName();
    for (let attempt = 0; attempt < 8 && usedNames.has(nameKey(name)); attempt++) name = makeName();
    for (let k = 0; usedNames.has(nameKey(name)); k++) name = `${name.replace(/ on .+$/, '')} on ${STREET_NAMES[k % STREET_NAMES.length]} ${STREET_TYPES[Math.floor(k / STREET_NAMES.length) % STREET_TYPES.length]}`;
    usedNames.add(nameKey(name));
    const address = `${rCom.int(1, 40) * (rCom.chance(0.5) ? 100 : 10) + rCom.int(0, 99)} ${rCom.pick(STREET_NAMES)} ${rCom.pick(STREET_TYPES)}`;
    const lat = Math.round((place.lat + (rCom.next() - 0.5) * 0.04) * 1e6) / 1e6;
    const lng = Math.round((place.lng + (rCom.next() - 0.5) * 0.05) * 1e6) / 1e6;
    const capacity = rCom.int(kind.capacity[0], kind.capacity[1]);
    const communitySlug = slug(name);
    const website = chain && op ? `https://www.${op.domain}/communities/${kebab(place.city)}-${id}` : `https://${communitySlug}.example.org`;
    const email = chain && op ? `${kebab(place.city)}@${op.domain}` : `info@${communitySlug}.example.com`;
    // Pricing.
    const pricing: PricingRow[] = [];
    if (!rCom.chance(0.06)) {
      const premium = Math.exp(0.16 * rCom.normal() + 0.05 * quality) * kind.priceFactor;
      for (const ct of careTypes) {
        const spec = PRICE_CENTER[ct];
        const center = spec.center * premium * (PRICE_FACTORS[ct][state] ?? 1) * Math.exp(0.05 * rCom.normal());
        const width = rCom.int(spec.width[0], spec.width[1]);
        const minPrice = Math.max(800, round10(center - width / 2));
        pricing.push({ careType: ct, minPrice, maxPrice: minPrice + round10(width) });
      }
      pricingCount += pricing.length;
    }
    // Options.
    const amenities = ALL_AMENITIES.filter((a) => rCom.chance((AMENITY_P[a] ?? 0.3) * (a === '24/7 Care' && kind.key !== 'il' ? 1.5 : 1)));
    const roomTypes = kind.key === 'rch' || kind.key === 'snf' ? ['Studio'] : ROOM_TYPE_OPTIONS.filter((_, k) => k === 0 ? rCom.chance(0.8) : rCom.chance(0.6 - k * 0.15));
    if (roomTypes.length === 0) roomTypes.push('One Bedroom');
    const healthcareServices: string[] = [];
    if (careTypes.includes('Skilled Nursing') || rCom.chance(0.3)) healthcareServices.push('24/7 Nursing');
    if (careTypes.includes('Skilled Nursing') || rCom.chance(0.45)) healthcareServices.push('Physical Therapy');
    if (careTypes.includes('Memory Care')) healthcareServices.push('Memory Care');
    // Round-the-clock nursing is round-the-clock care; fine dining is a dining service.
    if (healthcareServices.includes('24/7 Nursing') && !amenities.includes('24/7 Care')) amenities.push('24/7 Care');
    if (amenities.includes('Fine Dining Restaurant') && !amenities.includes('Dining Services')) amenities.push('Dining Services');
    amenities.sort((x, y) => (amenityOrder.get(x) as number) - (amenityOrder.get(y) as number));
    // Dining styles only with Dining Services; 'Fine Dining' exactly when the Fine Dining Restaurant amenity is there.
    const diningServices: string[] = [];
    if (amenities.includes('Dining Services')) {
      const fine = amenities.includes('Fine Dining Restaurant');
      diningServices.push(...rCom.subset(DINING_OPTIONS.filter((d) => d !== 'Fine Dining'), fine ? rCom.int(0, 1) : 1));
      if (fine) diningServices.push('Fine Dining');
    }
    const roomAmenities = ROOM_AMENITY_OPTIONS.filter((_, k) => rCom.chance([0.75, 0.35, 0.25][k] ?? 0.3));
    const communityAmenities: string[] = AMENITY_EQUIVALENTS.filter((e) => e.list === 'communityAmenities' && amenities.includes(e.amenity)).map((e) => e.value);
    const ownerType = chain
      ? rCom.chance(0.86) ? 'Private' : 'Non-Profit'
      : rCom.chance(0.62) ? 'Private' : rCom.chance(0.72) ? 'Non-Profit' : 'Public';
    // Nursing homes (and CCRCs' nursing units) get CMS-like overall stars: a quality-led latent value
    // (unit variance) mapped through the CMS 2025 spread; other communities a quality-led score.
    const score = careTypes.includes('Skilled Nursing')
      ? starAt(normalCdf((0.6 * quality + 0.8 * rCom.normal()) / Math.sqrt(0.36 * (op ? 1 : 0.64) + 0.64)))
      : clamp(Math.round(3.4 + quality * 0.9 + rCom.normal() * 0.5), 1, 5);
    // Prose.
    const careText = listText(careTypes.map((c) => c.toLowerCase()));
    const shownAmen = rCom.subset(amenities, 3).map((a) => a.toLowerCase());
    const vars = {
      name, city: place.city, st: state, stateName: US_STATES[state] ?? state, type: kind.communityType.toLowerCase(),
      aType: withArticle(kind.communityType.toLowerCase()), care: careText,
      amen: shownAmen.length ? listText(shownAmen) : 'a caring, attentive team', cap: String(capacity),
      rooms: listText(roomTypes.map((r) => r.toLowerCase())), dining: diningServices.length ? listText(diningServices.map((d) => d.toLowerCase())) : 'home-style',
      health: healthcareServices.length ? listText(healthcareServices.map((h) => h.replace('24/7', 'around-the-clock').toLowerCase())) : 'medication management and wellness checks',
      roomAmen: roomAmenities.length ? listText(roomAmenities.map((r) => r.toLowerCase())) : 'emergency call systems',
      commAmen: communityAmenities.length ? listText(communityAmenities.map((r) => r.toLowerCase())) : 'comfortable lounges',
      years: String(rCom.int(5, 40)),
    };
    const opener = rCom.pick(DESC_OPENERS);
    let description = fill(opener, vars);
    description += fill(rCom.pick(opener.includes('{care}') ? DESC_MIDDLES_PLAIN : DESC_MIDDLES), vars);
    description += fill(rCom.pick(DESC_CLOSERS), vars);
    const overview = rCom.subset(OVERVIEW_SENTENCES, rCom.int(3, 5)).map((s) => fill(s, vars)).join(' ');
    const photoCount = PHOTO_COUNTS.pick(rCom);
    const photos = Array.from({ length: photoCount }, (_, k) => `/media/communities/${id}/${k + 1}.svg`);
    const createdDaysAgo = rCom.chance(124 / 45247) ? rCom.next() * 6.5 : 7 + rCom.next() * (3 * 365 - 7);
    const minPrice = pricing.length ? Math.min(...pricing.map((p) => p.minPrice)) : null;
    const maxPrice = pricing.length ? Math.max(...pricing.map((p) => p.maxPrice)) : null;
    communities.push({
      id, name, address, city: place.city, state, zipCode: place.zip, lat, lng, phone: fictionalPhone(rCom, state), email, website,
      description, overview, rating: 0, reviewCount: 0, careTypes, amenities, photos, communityType: kind.communityType,
      ownerType, score, capacity, roomTypes, diningServices, healthcareServices, roomAmenities, communityAmenities,
      operatorId: op ? op.id : null, minPrice, maxPrice, pricing, sourceId: `gen-c-${String(ci + 1).padStart(6, '0')}`,
      createdAt: new Date(nowMs - createdDaysAgo * DAY_MS).toISOString(), reviewStart: 0, quality,
    });
    if (opIdx >= 0) (communitiesByOperator[opIdx] as number[]).push(ci);
  }

  // Customer review counts and ratings.
  const rRev = new Rng(seed, 'review-ratings');
  const weights = new Float64Array(communities.length);
  communities.forEach((c, i) => {
    weights[i] = rRev.chance(0.03) ? 0 : Math.exp(0.8 * rRev.normal()) * Math.pow(c.capacity / 100, 0.35);
  });
  const reviewCounts = allocate(weights, counts.customerReviews);
  const ratings = new Uint8Array(counts.customerReviews);
  let pos = 0;
  communities.forEach((c, i) => {
    const k = reviewCounts[i] as number;
    c.reviewStart = pos;
    c.reviewCount = k;
    const pAngry = clamp(0.065 - 0.05 * c.quality, 0.01, 0.4);
    let sum = 0;
    for (let j = 0; j < k; j++) {
      let r: number;
      if (rRev.chance(pAngry)) r = rRev.chance(0.62) ? 1 : 2;
      else r = clamp(Math.round(4.5 + 0.35 * c.quality + 0.85 * rRev.normal()), 2, 5);
      ratings[pos++] = r;
      sum += r;
    }
    // Same as round(avg(rating)::numeric, 2)::real in refreshAggregates (half away from zero).
    c.rating = k ? Math.floor((200 * sum + k) / (2 * k)) / 100 : 0;
  });

  // Operator figures from their communities.
  const rFig = new Rng(seed, 'operator-figures');
  operators.forEach((op, i) => {
    const list = communitiesByOperator[i] as number[];
    op.communityCount = list.length;
    let capacity = 0;
    let revenue = 0;
    for (const ci of list) {
      const c = communities[ci] as CommunityRow;
      capacity += c.capacity;
      const avg = c.pricing.length ? c.pricing.reduce((s, p) => s + (p.minPrice + p.maxPrice) / 2, 0) / c.pricing.length : 5000 * (PRICE_FACTORS['Assisted Living'][c.state] ?? 1);
      revenue += c.capacity * 0.86 * avg * 12;
    }
    const big = list.length >= 6;
    op.revenue = revenue > 0 && !rFig.chance(big ? 0.08 : 0.3) ? Math.round((revenue * Math.exp(0.12 * rFig.normal())) / 1000) * 1000 : null;
    op.employees = capacity > 0 && !rFig.chance(big ? 0.05 : 0.25) ? Math.max(3, Math.round(capacity * (0.55 + 0.4 * rFig.next()))) : null;
    // Fictional operators have no employer pages on real job sites: indeedUrl / glassdoorUrl stay null.
  });

  // Employee review counts per operator.
  const empWeights = new Float64Array(operators.length);
  operators.forEach((op, i) => {
    empWeights[i] = op.communityCount === 0 ? 0 : op.communityCount === 1 && rFig.chance(0.4) ? 0 : Math.pow(op.communityCount, 0.9);
  });
  const employeeReviewCounts = allocate(empWeights, counts.employeeReviews);

  // Review dates: 2019-01-01 .. the day before `now`.
  const days: string[] = [];
  for (let t = REVIEWS_FROM; t < nowMs - DAY_MS / 2; t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  if (days.length === 0) days.push(new Date(nowMs).toISOString().slice(0, 10));

  return { counts, operators, communities, ratings, employeeReviewCounts, communitiesByOperator, pricingCount, days, seed, idBase };
}

// ---------------------------------------------------------------- review rows (streamed)

/** The source of every generated review: fictional reviews claim no real platform and are never "Verified". */
export const DEMO_REVIEW_SOURCE = 'Demo';
const JOB_WEIGHTS: Record<string, number> = {
  CNA: 25, Caregiver: 20, LPN: 10, RN: 8, 'Med Tech': 7, 'Dietary Aide': 7, Cook: 4, Housekeeper: 5,
  'Activities Director': 2, 'Activities Assistant': 2, Receptionist: 3, 'Maintenance Technician': 2, 'Sales Director': 1,
  'Business Office Manager': 1, 'Wellness Director': 1, 'Director of Nursing': 1, 'Executive Director': 1,
};
const jobTable = new WeightedTable(JOB_TITLES.map((j) => [j, JOB_WEIGHTS[j] ?? 1] as const));
const INITIALS = 'ABCDEFGHIJKLMNOPRSTVWY';

/** A day index skewed toward recent years (density grows linearly with time). */
function dayIndex(rng: Rng, count: number): number {
  return Math.min(count - 1, Math.floor(Math.sqrt(rng.next()) * count));
}

/** Appends bytes into fixed-size chunks; a full chunk is handed over and never written again. */
class ChunkWriter {
  buf: Buffer;
  pos = 0;
  constructor(private readonly size: number) {
    this.buf = Buffer.allocUnsafe(size + 8192);
  }
  /** Room for one more row (rows are far below 8 KB). */
  get full(): boolean {
    return this.pos >= this.size;
  }
  take(): Buffer {
    const out = this.buf.subarray(0, this.pos);
    this.buf = Buffer.allocUnsafe(this.size + 8192);
    this.pos = 0;
    return out;
  }
  bytes(b: Buffer): void {
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }
  byte(c: number): void {
    this.buf[this.pos++] = c;
  }
  uint(n: number): void {
    if (n < 10) {
      this.buf[this.pos++] = 48 + n;
      return;
    }
    const s = String(n);
    for (let i = 0; i < s.length; i++) this.buf[this.pos++] = s.charCodeAt(i);
  }
}

const TAB = 9;
const NL = 10;
const SPACE = 32;
const NULL_BYTES = Buffer.from('\\N');

/**
 * Customer review rows as COPY text (columns: id, community_id, rating, author, title, content,
 * review_date, source, verified, source_kind, sentiment, theme_mask, theme_sentiment), in chunks of about `chunkBytes`. Written straight into
 * buffers from pre-encoded sentences: 1.6M rows without building a string per row.
 */
export function* customerReviewChunks(plan: Plan, chunkBytes = 1 << 20): Generator<Buffer> {
  const rng = new Rng(plan.seed, 'review-text');
  const days = plan.days.map((d) => Buffer.from(d));
  const authors = FIRST_NAMES.map((f) => Array.from(INITIALS, (i) => Buffer.from(`${f} ${i}.`)));
  const source = Buffer.from(`${DEMO_REVIEW_SOURCE}\tf\tdemo`);
  const titles = new Map<string, Buffer>();
  const sentiments = new Map<number, Buffer>();
  // Review themes (ADR 021): each sentence is scored once and the figures summed per review.
  const themes = new ThemeScorer('customer');
  const themeText = new Map<string, Buffer>();
  const w = new ChunkWriter(chunkBytes);
  const parts: Piece[] = [];
  let id = plan.idBase.customerReviews;
  for (const c of plan.communities) {
    const care = careMask(c.careTypes);
    for (let j = 0; j < c.reviewCount; j++) {
      const rating = plan.ratings[c.reviewStart + j] as number;
      const title = customerReviewPieces(rating, rng, parts, care);
      const author = (authors[rng.int(0, FIRST_NAMES.length - 1)] as Buffer[])[rng.int(0, INITIALS.length - 1)] as Buffer;
      const day = days[dayIndex(rng, days.length)] as Buffer;
      let score = 0;
      let tokens = 0;
      const counts = emptyCounts('customer');
      w.uint(++id);
      w.byte(TAB);
      w.uint(c.id);
      w.byte(TAB);
      w.uint(rating);
      w.byte(TAB);
      w.bytes(author);
      w.byte(TAB);
      if (title === null) w.bytes(NULL_BYTES);
      else {
        let t = titles.get(title);
        if (!t) titles.set(title, (t = Buffer.from(title)));
        w.bytes(t);
      }
      w.byte(TAB);
      for (let k = 0; k < parts.length; k++) {
        const p = parts[k] as Piece;
        if (k) w.byte(SPACE);
        w.bytes(p.bytes);
        score += p.score;
        tokens += p.tokens;
        addCounts(counts, themes.sentence(p.text));
      }
      w.byte(TAB);
      w.bytes(day);
      w.byte(TAB);
      w.bytes(source);
      w.byte(TAB);
      const key = score * 4096 + tokens;
      let s = sentiments.get(key);
      if (!s) sentiments.set(key, (s = Buffer.from(String(sentimentFromCounts(score, tokens)))));
      w.bytes(s);
      w.byte(TAB);
      const themeCols = copyThemeColumns(counts);
      let tb = themeText.get(themeCols);
      if (!tb) {
        tb = Buffer.from(themeCols);
        if (themeText.size < 200_000) themeText.set(themeCols, tb);
      }
      w.bytes(tb);
      w.byte(NL);
      if (w.full) yield w.take();
    }
  }
  if (w.pos) yield w.take();
}

/** Employee review rows as COPY text (id, operator_id, rating, title, content, review_date, job_title, employment_status, location, source, source_kind, sentiment, theme_mask, theme_sentiment). */
export function* employeeReviewLines(plan: Plan, batchChars = 1 << 19): Generator<string> {
  const rng = new Rng(plan.seed, 'employee-reviews');
  const days = plan.days;
  let id = plan.idBase.employeeReviews;
  let batch = '';
  const themes = new ThemeScorer('employee');
  for (let oi = 0; oi < plan.operators.length; oi++) {
    const op = plan.operators[oi] as OperatorRow;
    const k = plan.employeeReviewCounts[oi] as number;
    const list = plan.communitiesByOperator[oi] as number[];
    for (let j = 0; j < k; j++) {
      const pAngry = clamp(0.13 - 0.06 * op.quality, 0.03, 0.4);
      const rating = rng.chance(pAngry) ? (rng.chance(0.6) ? 1 : 2) : clamp(Math.round(3.75 + 0.45 * op.quality + 1.0 * rng.normal()), 1, 5);
      const job = jobTable.pick(rng);
      const current = rng.chance(0.45);
      const t = employeeReviewText(rating, job, current, rng);
      const where = list.length ? (plan.communities[rng.pick(list)] as CommunityRow) : null;
      const location = where ? `${where.city}, ${where.state}` : `${op.city}, ${op.state}`;
      const sentiment = sentimentFromCounts(t.score, t.tokens);
      batch += `${++id}\t${op.id}\t${rating}\t${t.title ?? '\\N'}\t${t.content}\t${days[dayIndex(rng, days.length)]}\t${job}\t${current ? 'current' : 'former'}\t${location}\t${DEMO_REVIEW_SOURCE}\tdemo\t${sentiment}\t${copyThemeColumns(themes.counts(t.content))}\n`;
      if (batch.length >= batchChars) {
        yield batch;
        batch = '';
      }
    }
  }
  if (batch) yield batch;
}
