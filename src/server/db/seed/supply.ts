// Where the generated communities are and what kind they are (docs/data-calibration.md): supply groups
// with their national share and their spread over the states (calibration.ts), and the community kinds
// (care types, capacity, name suffixes, price factor) a group is made of.
import type { CareType } from '../../../contracts/constants';
import { ALF_FACILITIES, ALF_SMALL_SHARE, NURSING_HOMES, populationShare } from './calibration';
import { STATES } from './geo';
import { type Rng, WeightedTable } from './rng';

export interface Kind {
  key: 'al' | 'il' | 'ccrc' | 'mc' | 'snf' | 'rch';
  communityType: string;
  /** Care types every community of the kind offers. */
  base: CareType[];
  /** Care types offered with the given probability. */
  optional: ReadonlyArray<readonly [CareType, number]>;
  /** Beds / residences, uniform in [min, max]. */
  capacity: [number, number];
  /** '' is a name without suffix. */
  nameSuffixes: string[];
  /** Price level against the care type's national center (PRICE_CENTER). */
  priceFactor: number;
}

export const KINDS: Kind[] = [
  { key: 'al', communityType: 'Assisted Living Community', base: ['Assisted Living'], optional: [['Memory Care', 0.45], ['Independent Living', 0.2]], capacity: [40, 160], nameSuffixes: ['Assisted Living', 'Senior Living', 'Assisted Living', ''], priceFactor: 1 },
  { key: 'il', communityType: 'Independent Living Community', base: ['Independent Living'], optional: [['Assisted Living', 0.4]], capacity: [80, 300], nameSuffixes: ['Retirement Community', 'Senior Living', 'Senior Apartments', ''], priceFactor: 1 },
  { key: 'ccrc', communityType: 'Continuing Care Retirement Community', base: ['Independent Living', 'Assisted Living', 'Skilled Nursing'], optional: [['Memory Care', 0.6]], capacity: [150, 500], nameSuffixes: ['Retirement Community', 'Life Plan Community', ''], priceFactor: 1.08 },
  { key: 'mc', communityType: 'Memory Care Community', base: ['Memory Care'], optional: [['Assisted Living', 0.5]], capacity: [20, 72], nameSuffixes: ['Memory Care', 'Memory Care', ''], priceFactor: 1.02 },
  { key: 'snf', communityType: 'Nursing Home', base: ['Skilled Nursing'], optional: [['Memory Care', 0.25], ['Assisted Living', 0.15]], capacity: [60, 180], nameSuffixes: ['Health and Rehabilitation Center', 'Nursing and Rehab', 'Care Center', 'Healthcare Center'], priceFactor: 1 },
  { key: 'rch', communityType: 'Residential Care Home', base: ['Assisted Living'], optional: [['Memory Care', 0.2]], capacity: [6, 16], nameSuffixes: ['Care Home', 'Adult Family Home', 'Residential Care'], priceFactor: 0.9 },
];
export const KIND = Object.fromEntries(KINDS.map((k) => [k.key, k])) as Record<Kind['key'], Kind>;

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
export const MEMORY_CARE_SHARE = 0.22;

const groupStateShare = (g: (typeof SUPPLY_GROUPS)[number], st: string): number => {
  if (!g.where) return populationShare(st);
  const total = STATES.reduce((s, x) => s + (g.where[x] ?? 0), 0);
  return (g.where[st] ?? 0) / total;
};
/** A state drawn in proportion to all its supply (the sum over groups of share x state share). */
export const stateTable = new WeightedTable(STATES.map((st) => [st, SUPPLY_GROUPS.reduce((s, g) => s + g.share * groupStateShare(g, st), 0)] as const));
/** Given the state, the supply group: together with stateTable, P(state, group) = share x state share. */
const groupByState = new Map(
  STATES.map((st) => [st, new WeightedTable(SUPPLY_GROUPS.map((g) => [g.key as SupplyGroup, g.share * groupStateShare(g, st)] as const))]),
);

/** The kind of a community in `state`: its supply group, then (assisted living) small home, memory care or not. */
export function pickKind(state: string, rng: Rng): Kind {
  const group = (groupByState.get(state) as WeightedTable<SupplyGroup>).pick(rng);
  if (group === 'nursing') return KIND.snf;
  if (group === 'independent') return KIND.il;
  if (group === 'ccrc') return KIND.ccrc;
  if (rng.chance(ALF_SMALL_SHARE[state] ?? 0)) return KIND.rch;
  return rng.chance(MEMORY_CARE_SHARE) ? KIND.mc : KIND.al;
}
