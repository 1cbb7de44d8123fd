// Planner of the generated operators: how many of each tier, how many communities each runs (a
// Zipf-like head of national chains whose largest matches the largest US operator), which community
// slots they own, and who they are (brand, legal name, headquarters, contacts, quality).
import { LARGEST_OPERATOR } from './calibration';
import { fictionalPhone } from './contact';
import type { Place } from './geo';
import { allocate, createdAt, createdDaysAgo, shuffle, slug } from './helpers';
import { BRAND_SECOND, BRAND_WORDS, OPERATOR_SUFFIXES, SURNAMES } from './names';
import { FULL_SCALE, type Counts, type IdBase, type OperatorRow, type Tier } from './plan-types';
import type { Rng } from './rng';
import { stateTable } from './supply';

/** Share of operators in each tier (the rest run a single community). The generator's choice, tuned to the calibration of docs/data-calibration.md. */
export const TIER_SHARES = { national: 0.004, regional: 0.022, mid: 0.14, small: 0.3 } as const;
/** Communities of a small operator: uniform in [2, 5]. */
export const SMALL_SIZE = [2, 5] as const;
/** Communities of a mid-size operator: 6 + 14 u^1.6 (6 to 20, most near 6). */
export const MID_SIZE = { min: 6, spread: 14, power: 1.6 } as const;
/** Communities of a regional chain before scaling: 21 + 150 u^2 (21 to 171); never scaled below 6. */
export const REGIONAL_SIZE = { min: 21, spread: 150, power: 2, floor: 6 } as const;
/** Regional chains together own at most this share of what is left after the smaller tiers. */
export const REGIONAL_POOL_SHARE = 0.55;
/** Share of the communities an operator runs (the rest are independent). */
export const OWNED_SHARE = 0.95;
/** Operators "new this week": 18 of the 7,341 at the product's scale. */
export const NEW_OPERATOR_SHARE = 18 / FULL_SCALE.operators;
/** Tries for a brand no other operator has before the headquarters city is added to it. */
const BRAND_ATTEMPTS = 50;
const BRAND_WITH_CITY_AFTER = 20;

export interface OperatorPlan {
  operators: OperatorRow[];
  /** States each operator runs communities in (home state first). */
  regionSets: string[][];
  /** Operator index of each community (-1: independent), shuffled so that ids do not cluster. */
  slots: number[];
}

/** The tier of each operator index: national chains first, then regional, mid, small and single-community ones. */
export function operatorTiers(n: number): Tier[] {
  const nNational = Math.max(1, Math.round(n * TIER_SHARES.national));
  const nRegional = Math.max(2, Math.round(n * TIER_SHARES.regional));
  const nMid = Math.round(n * TIER_SHARES.mid);
  const nSmall = Math.round(n * TIER_SHARES.small);
  const tiers: Tier[] = [];
  for (let i = 0; i < n; i++) {
    tiers.push(i < nNational ? 'national' : i < nNational + nRegional ? 'regional' : i < nNational + nRegional + nMid ? 'mid' : i < nNational + nRegional + nMid + nSmall ? 'small' : 'single');
  }
  return tiers;
}

/** Communities per operator, in the order of `tiers`. */
export function operatorSizes(tiers: Tier[], communities: number, rng: Rng): Int32Array {
  const n = tiers.length;
  const nNational = tiers.filter((t) => t === 'national').length;
  const sizes = new Int32Array(n);
  let fixedSum = 0;
  for (let i = 0; i < n; i++) {
    const t = tiers[i];
    if (t === 'single') sizes[i] = 1;
    else if (t === 'small') sizes[i] = rng.int(SMALL_SIZE[0], SMALL_SIZE[1]);
    else if (t === 'mid') sizes[i] = Math.round(MID_SIZE.min + MID_SIZE.spread * Math.pow(rng.next(), MID_SIZE.power));
    if (t === 'single' || t === 'small' || t === 'mid') fixedSum += sizes[i] as number;
  }
  const owned = Math.round(communities * OWNED_SHARE);
  let remaining = Math.max(0, owned - fixedSum);
  const regionalIdx: number[] = [];
  for (let i = 0; i < n; i++) if (tiers[i] === 'regional') regionalIdx.push(i);
  let regionalSum = 0;
  for (const i of regionalIdx) {
    sizes[i] = Math.round(REGIONAL_SIZE.min + REGIONAL_SIZE.spread * Math.pow(rng.next(), REGIONAL_SIZE.power));
    regionalSum += sizes[i] as number;
  }
  if (regionalSum > remaining * REGIONAL_POOL_SHARE) {
    const f = (remaining * REGIONAL_POOL_SHARE) / regionalSum;
    regionalSum = 0;
    for (const i of regionalIdx) {
      sizes[i] = Math.max(REGIONAL_SIZE.floor, Math.round((sizes[i] as number) * f));
      regionalSum += sizes[i] as number;
    }
  }
  remaining = Math.max(nNational, remaining - regionalSum);
  const nationalSizes = nationalChainSizes(nNational, remaining, Math.max(1, Math.round((communities * LARGEST_OPERATOR) / FULL_SCALE.communities)));
  for (let k = 0; k < nNational; k++) sizes[k] = Math.max(1, nationalSizes[k] as number);
  return sizes;
}

/**
 * Zipf-like national chains sharing `pool` communities whose largest has `largest` of them: the exponent
 * is found by bisection (60 halvings of [0, 6]) so that the first weight's share of the pool matches.
 */
export function nationalChainSizes(nNational: number, pool: number, largest: number): Int32Array {
  const zipfShare = (a: number) => {
    let sum = 0;
    for (let k = 1; k <= nNational; k++) sum += Math.pow(k, -a);
    return 1 / sum;
  };
  let lo = 0;
  let hi = 6;
  for (let it = 0; it < 60; it++) {
    const mid = (lo + hi) / 2;
    if (zipfShare(mid) * pool < largest) lo = mid;
    else hi = mid;
  }
  const weights = new Float64Array(nNational);
  for (let k = 0; k < nNational; k++) weights[k] = Math.pow(k + 1, -lo);
  return allocate(weights, pool);
}

/** The operator index of every community slot (-1: independent), exactly `communities` of them, shuffled. */
export function communitySlots(sizes: Int32Array, communities: number, rng: Rng): number[] {
  const slots: number[] = [];
  for (let i = 0; i < sizes.length; i++) for (let k = 0; k < (sizes[i] as number); k++) slots.push(i);
  while (slots.length > communities) slots.pop();
  while (slots.length < communities) slots.push(-1);
  shuffle(slots, rng);
  return slots;
}

export function planOperators(counts: Counts, rng: Rng, places: Map<string, Place[]>, idBase: IdBase, nowMs: number): OperatorPlan {
  const tiers = operatorTiers(counts.operators);
  const sizes = operatorSizes(tiers, counts.communities, rng);
  const slots = communitySlots(sizes, counts.communities, rng);
  const usedBrands = new Set<string>();
  const operators: OperatorRow[] = [];
  const regionSets: string[][] = [];
  for (let i = 0; i < tiers.length; i++) {
    const tier = tiers[i] as Tier;
    const homeState = stateTable.pick(rng);
    const hq = rng.pick(places.get(homeState) as Place[]);
    const brand = uniqueBrand(tier, hq.city, i, usedBrands, rng);
    const suffix = tier === 'single' ? rng.pick(['Senior Care', 'Assisted Living', 'Care Home', 'Senior Living', 'Family Care']) : rng.pick(OPERATOR_SUFFIXES);
    const legal = tier === 'single' || tier === 'small' ? rng.pick(['', ' LLC', ' LLC', ', Inc.']) : rng.pick(['', '', ' Inc.', ', LLC']);
    // Reserved example domains only (RFC 2606): no generated address reaches a real site.
    const domain = `${slug(brand + suffix)}.example.com`;
    const quality = rng.normal() * 0.6;
    const region = [homeState];
    if (tier === 'regional' || tier === 'mid') {
      const extra = tier === 'regional' ? rng.int(1, 4) : rng.int(0, 1);
      for (let k = 0; k < extra; k++) region.push(stateTable.pick(rng));
    }
    regionSets.push(region);
    const daysAgo = createdDaysAgo(rng, NEW_OPERATOR_SHARE);
    operators.push({
      id: idBase.operators + i + 1,
      name: `${brand} ${suffix}${legal}`,
      city: hq.city,
      state: hq.state,
      postalCode: hq.zip,
      webpage: tier === 'single' && rng.chance(0.35) ? null : `https://www.${domain}`,
      revenue: null,
      employees: null,
      phone: fictionalPhone(rng, hq.state),
      email: rng.chance(tier === 'single' ? 0.6 : 0.9) ? `${rng.pick(['info', 'contact', 'careers', 'hello'])}@${domain}` : null,
      indeedUrl: null,
      glassdoorUrl: null,
      communityCount: 0,
      sourceId: `gen-op-${String(i + 1).padStart(6, '0')}`,
      createdAt: createdAt(nowMs, daysAgo),
      tier,
      homeState,
      domain,
      brand,
      quality,
    });
  }
  return { operators, regionSets, slots };
}

/** A brand no earlier operator has: family names for the smallest operators, brand words for chains. */
function uniqueBrand(tier: Tier, city: string, index: number, used: Set<string>, rng: Rng): string {
  let brand = '';
  for (let attempt = 0; attempt < BRAND_ATTEMPTS; attempt++) {
    const second = rng.pick(BRAND_SECOND);
    const b = tier === 'single' || (tier === 'small' && rng.chance(0.4)) ? `${rng.pick(SURNAMES)}${second ? ` ${second}` : ''}` : `${rng.pick(BRAND_WORDS)}${second ? ` ${second}` : ''}`;
    const candidate = attempt > BRAND_WITH_CITY_AFTER ? `${b} ${city}` : b;
    if (!used.has(candidate)) {
      brand = candidate;
      break;
    }
  }
  if (!brand) brand = `${rng.pick(BRAND_WORDS)} ${city} ${index}`;
  used.add(brand);
  return brand;
}
