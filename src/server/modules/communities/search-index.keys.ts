// Helpers of the in-memory search index (ADR 026, search-index.ts): what one query keeps (Matched), its price rule
// prepared once (Band), the price sorts' numeric keys and smallestKeys() (a page of a price sort without sorting
// the whole result), and the index's build figures. Split from search-index.ts (issue 11: module files <= 400 lines).
import type { Bitset } from '../../lib/collections';

/** Sort keys of the price sorts: price × POS_LIMIT + position, exact in a double while price < PRICE_LIMIT. */
export const POS_LIMIT = 2 ** 22;
export const PRICE_LIMIT = 2 ** 30;
/** Keys of communities without the price: after every priced one (NULLS LAST). */
export const NULL_KEY = PRICE_LIMIT * POS_LIMIT;

/**
 * SearchIndex.bandTest()'s answers other than a price (no integer price equals them): no price of the chosen care
 * types; none within the band.
 */
export const UNPRICED = Number.NEGATIVE_INFINITY;
export const OUT_OF_BAND = Number.POSITIVE_INFINITY;

/** A query's price rule, prepared once (bandOf). */
export interface Band {
  /** By care-type code: 1 for the chosen care types; null without care types. */
  wanted: Uint8Array | null;
  hasMin: boolean;
  min: number;
  hasMax: boolean;
  max: number;
}

/** What one query keeps: positions (ascending, = id order), and the figures the answer carries. */
export interface Matched {
  /**
   * Positions of the answer's communities (priced in the band, plus unpriced ones with includeUnpriced). Never
   * mutated: it may be the index's own list of every position, or a view of its scratch (valid until the next
   * match(): a query runs synchronously from match() to its answer; the map's MapQuery keeps a copy). Made on first
   * read when the set is at hand (a price band without a location).
   */
  readonly result: Int32Array;
  /** How many: result.length without making the positions. */
  total: number;
  unpriced: number;
  /** Miles from the ZIP centre by position (near searches only; valid for the positions of `result` only). */
  distance: Float64Array | null;
  /** The same positions as a set when one was at hand (null: every position; undefined: not at hand). */
  member?: Bitset | null;
}

/**
 * The `k` smallest of `keys` (all different), ascending: a sort when most of them are wanted, else one pass
 * that keeps the k smallest seen so far in order (a page of a price sort out of thousands of communities).
 */
export function smallestKeys(keys: Float64Array, k: number): Float64Array {
  if (k <= 0) return new Float64Array(0);
  if (k * 8 >= keys.length) return keys.sort().subarray(0, k);
  const top = new Float64Array(k);
  let size = 0;
  for (let n = 0; n < keys.length; n++) {
    const x = keys[n]!;
    if (size === k && !(x < top[k - 1]!)) continue;
    let j = size < k ? size++ : k - 1;
    while (j > 0 && top[j - 1]! > x) {
      top[j] = top[j - 1]!;
      j--;
    }
    top[j] = x;
  }
  return top;
}

/**
 * The first `upTo` of `r` in `compare`'s order (a total order): a sort when most are wanted, else one pass that keeps
 * the first ones seen so far in order (a page of a ZIP search's thousands at scale 10).
 */
export function firstBy(r: ArrayLike<number> & Iterable<number>, compare: (a: number, b: number) => number, upTo: number): number[] {
  if (upTo <= 0) return [];
  if (upTo * 8 >= r.length) return Array.from(r).sort(compare).slice(0, upTo);
  const top: number[] = [];
  for (let k = 0; k < r.length; k++) {
    const x = r[k]!;
    if (top.length === upTo && compare(x, top[upTo - 1]!) >= 0) continue;
    let j = top.length < upTo ? top.length : upTo - 1;
    if (top.length < upTo) top.push(x);
    while (j > 0 && compare(top[j - 1]!, x) > 0) {
      top[j] = top[j - 1]!;
      j--;
    }
    top[j] = x;
  }
  return top;
}

export interface SearchIndexStats {
  communities: number;
  prices: number;
  /** Reading the rows from PostgreSQL, and that plus building the columns (ms). */
  loadMs: number;
  buildMs: number;
  builtAt: Date;
}
