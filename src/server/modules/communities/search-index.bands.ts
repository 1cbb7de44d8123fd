// A price band without a location as word operations (ADR 026, issue 13): a search without a place but with a
// band used to test every candidate's prices (SearchIndex.bandTest), 4 ms of CPU at scale 10. Here each price
// rule's bounds are kept as positions sorted by the bound, so "min <= priceMax" and "max >= priceMin" are each a
// prefix of one order, read as a kept bitset and a few bits; the band is their AND, the result an AND with the
// filter sets. Exact: only what a bitset cannot decide goes through bandTest (communities with several prices of a
// chosen care type: the generated directory has none, the equivalence test's has many). The same orders give a page
// of a price sort with care types by a walk (firstByBandPrice). Kept apart from search-index.ts (issue 11).
import { Bitset, lowerBound } from '../../lib/collections';
import { bandWords } from '../../lib/word-kernel';
import { stepDue, type Steps } from '../../lib/pace';
import type { SearchColumns } from './search-index.columns';
import { OUT_OF_BAND, POS_LIMIT, UNPRICED, type Band } from './search-index.keys';

/**
 * At most this many kept prefixes per order (bitsets of n bits: 57 kB each at scale 10), at least MIN_STEP positions
 * apart (a small directory, such as the equivalence test's, still reads kept prefixes and corrects them both ways).
 * A bound then corrects at most half a step of positions bit by bit: with 16 prefixes up to 14,000 at scale 10 (~60 µs
 * a bound); with 64, a quarter of that, for 3.6 MB an order outside the heap (10 orders: 36 MB at scale 10, ADR 018).
 */
const MAX_CUTS = 64;
const MIN_STEP = 64;

/**
 * Positions ordered by a whole-number key, with the sets of the first step, 2·step, … of them as bitsets: the
 * positions whose key is at most x are the nearest kept set with at most half a step of bits set or cleared.
 */
class KeyPrefixes {
  private constructor(
    /** Positions by key, then position; a position may stand more than once (a community's several prices). */
    readonly order: Int32Array,
    readonly keys: Int32Array,
    private readonly step: number,
    private readonly cuts: Bitset[],
  ) {}

  /** `positions[k]` has key `keys[k]` (32-bit integers: prices, or -1 - a price). */
  static *build(n: number, positions: Int32Array, keys: Int32Array): Steps<KeyPrefixes> {
    const len = positions.length;
    const order = new Int32Array(len);
    const sortedKeys = new Int32Array(len);
    if (n <= POS_LIMIT) {
      // One number per entry orders it (key, then position), sorted natively; exact below 2^53.
      const both = new Float64Array(len);
      for (let k = 0; k < len; k++) both[k] = keys[k]! * POS_LIMIT + positions[k]!;
      yield;
      both.sort();
      yield;
      for (let k = 0; k < len; k++) {
        if (stepDue(k)) yield;
        const key = Math.floor(both[k]! / POS_LIMIT);
        sortedKeys[k] = key;
        order[k] = both[k]! - key * POS_LIMIT;
      }
    } else {
      const idx = Array.from({ length: len }, (_, k) => k).sort((a, b) => keys[a]! - keys[b]! || positions[a]! - positions[b]!);
      idx.forEach((from, k) => {
        order[k] = positions[from]!;
        sortedKeys[k] = keys[from]!;
      });
    }
    const step = Math.max(MIN_STEP, Math.ceil(len / MAX_CUTS));
    const cuts: Bitset[] = [];
    const running = new Bitset(n);
    for (let k = 0; k < len; k++) {
      if (stepDue(k)) yield;
      running.set(order[k]!);
      if ((k + 1) % step === 0) {
        const cut = new Bitset(n);
        cut.words.set(running.words);
        cuts.push(cut);
      }
    }
    return new KeyPrefixes(order, sortedKeys, step, cuts);
  }

  /**
   * Writes into `out` the positions whose key is at most `x`; exact for a position that stands once (a position
   * cleared past the prefix may also stand in it: SearchIndex.bandTest decides those).
   */
  into(out: Bitset, x: number): void {
    // Whole-number keys: key <= x exactly when key < floor(x) + 1 (x may be fractional: the assistant's bands).
    const p = lowerBound(this.keys, Math.floor(x) + 1);
    const j = Math.min(Math.round(p / this.step), this.cuts.length);
    const c = j * this.step;
    if (j === 0) out.words.fill(0);
    else out.words.set(this.cuts[j - 1]!.words);
    for (let k = c; k < p; k++) out.set(this.order[k]!);
    for (let k = p; k < c; k++) out.clear(this.order[k]!);
  }
}

/**
 * One price rule's sets: who has a price under it; its prices by the low bound (min <= priceMax) and by the high
 * bound, as -1 - max so that "max >= priceMin" is a prefix too; and who has several prices (care types only), whose
 * band the two prefixes do not decide (one price may meet the low bound and another the high one).
 */
interface RuleSets {
  priced: Bitset;
  low: KeyPrefixes;
  high: KeyPrefixes;
  several: Bitset | null;
}

/** The entries of one order before sorting. */
function entries(size: number): { positions: Int32Array; keys: Int32Array; length: number } {
  return { positions: new Int32Array(size), keys: new Int32Array(size), length: 0 };
}

export class PriceBands {
  /** Without care types: the community's own span [min_price, max_price]. */
  private readonly span: RuleSets;
  /** By care-type code: that care type's price rows. */
  private readonly byCare: (RuleSets | undefined)[];
  /** Scratch of one query (a query runs synchronously). */
  private readonly inBand: Bitset;
  private readonly part: Bitset;
  private readonly bound: Bitset;
  private readonly priced: Bitset;
  private readonly several: Bitset;
  /** Every position: the candidates of a band without other filters (read only). */
  private readonly all: Bitset;

  private constructor(n: number, span: RuleSets, byCare: (RuleSets | undefined)[]) {
    this.span = span;
    this.byCare = byCare;
    this.inBand = new Bitset(n);
    this.part = new Bitset(n);
    this.bound = new Bitset(n);
    this.priced = new Bitset(n);
    this.several = new Bitset(n);
    this.all = Bitset.full(n);
  }

  /** The bands of the columns' prices, as steps (lib/pace.ts). */
  static *build(c: SearchColumns, n: number): Steps<PriceBands> {
    const { minPrice, maxPrice, priceStart, priceCareCode, priceMinOf, priceMaxOf } = c;
    const spanPriced = new Bitset(n);
    const spanLow = entries(n);
    const spanHigh = entries(n);
    for (let i = 0; i < n; i++) {
      if (stepDue(i)) yield;
      const lo = minPrice[i]!;
      const hi = maxPrice[i]!;
      // NULL (NaN) is unpriced; a NULL max with a min is priced but never within a lower bound (bandTest).
      if (lo !== lo) continue;
      spanPriced.set(i);
      spanLow.positions[spanLow.length] = i;
      spanLow.keys[spanLow.length++] = lo;
      if (hi !== hi) continue;
      spanHigh.positions[spanHigh.length] = i;
      spanHigh.keys[spanHigh.length++] = -1 - hi;
    }
    const codes = c.careCode.size;
    const rowsByCare = new Int32Array(codes);
    for (let k = 0; k < priceCareCode.length; k++) rowsByCare[priceCareCode[k]!]!++;
    const perCare = Array.from(rowsByCare, (rows) => ({ priced: new Bitset(n), several: new Bitset(n), low: entries(rows), high: entries(rows), hasSeveral: false }));
    const rowsOf = new Int32Array(codes);
    for (let i = 0; i < n; i++) {
      if (stepDue(i)) yield;
      rowsOf.fill(0);
      for (let k = priceStart[i]!; k < priceStart[i + 1]!; k++) rowsOf[priceCareCode[k]!]!++;
      for (let code = 0; code < codes; code++) {
        if (rowsOf[code] === 0) continue;
        const t = perCare[code]!;
        t.priced.set(i);
        if (rowsOf[code]! > 1) {
          t.several.set(i);
          t.hasSeveral = true;
        }
      }
      // Every row, those of a community with several too: the price sorts walk them (firstByBandPrice).
      for (let k = priceStart[i]!; k < priceStart[i + 1]!; k++) {
        const t = perCare[priceCareCode[k]!]!;
        t.low.positions[t.low.length] = i;
        t.low.keys[t.low.length++] = priceMinOf[k]!;
        t.high.positions[t.high.length] = i;
        t.high.keys[t.high.length++] = -1 - priceMaxOf[k]!;
      }
    }
    function* sets(priced: Bitset, low: ReturnType<typeof entries>, high: ReturnType<typeof entries>, several: Bitset | null): Steps<RuleSets> {
      return {
        priced,
        low: yield* KeyPrefixes.build(n, low.positions.subarray(0, low.length), low.keys.subarray(0, low.length)),
        high: yield* KeyPrefixes.build(n, high.positions.subarray(0, high.length), high.keys.subarray(0, high.length)),
        several,
      };
    }
    const span = yield* sets(spanPriced, spanLow, spanHigh, null);
    const byCare: RuleSets[] = [];
    for (const t of perCare) byCare.push(yield* sets(t.priced, t.low, t.high, t.hasSeveral ? t.several : null));
    return new PriceBands(n, span, byCare);
  }

  /**
   * The chosen care types' sets (`wanted`), and who has a price of one of them: one care type's own set (read only),
   * else their union in this.priced. A union is a pass over n bits per care type (at scale 10 ~27 µs each), and most
   * searches with care types choose one.
   */
  private chosen(wanted: Uint8Array): { rules: RuleSets[]; priced: Bitset } {
    const rules = this.rulesOf(wanted);
    return { rules, priced: this.pricedUnder(rules) };
  }

  /** The chosen care types' sets (`wanted`: 1 for a chosen code). */
  private rulesOf(wanted: Uint8Array): RuleSets[] {
    const rules: RuleSets[] = [];
    for (let code = 0; code < wanted.length; code++) {
      const rule = wanted[code] === 1 ? this.byCare[code] : undefined;
      if (rule) rules.push(rule);
    }
    return rules;
  }

  /** Who has a price under one of `rules`: one rule's own set (read only), else their union in this.priced. */
  private pricedUnder(rules: RuleSets[]): Bitset {
    if (rules.length === 1) return rules[0]!.priced;
    this.priced.words.fill(0);
    for (const rule of rules) this.priced.or(rule.priced);
    return this.priced;
  }

  /**
   * Whether a page of a price sort with care types is found by walking their price rows (firstByBandPrice) for a
   * result of `size`: it reads about upTo × rows / size rows, instead of every member's prices.
   */
  walks(b: Band, size: number, upTo: number): boolean {
    let rows = 0;
    for (const rule of this.rulesOf(b.wanted!)) rows += rule.low.keys.length;
    return size * size >= upTo * rows;
  }

  /**
   * A page of a price sort with care types: the first `upTo` of `member` (`size` of them, as given to walks()) by
   * band price (ascending then by position with `dir` 1, descending then by position descending with -1; no price
   * last, by position the same way). A walk of the chosen care types' price rows by minimum, merged, that keeps a member at the row whose
   * minimum is its band price (bandTest), instead of every member's band price and a selection: it reads about
   * upTo × rows / size rows: the caller walks only when that is at most `size` (walks(); few members: sort them).
   */
  firstByBandPrice(member: Bitset, b: Band, dir: 1 | -1, upTo: number, bandTest: (i: number) => number): number[] {
    const rules = this.rulesOf(b.wanted!);
    const pricedSet = this.pricedUnder(rules);
    // Descending: no band price is above the band's maximum.
    const at = rules.map((rule) => (dir === 1 ? 0 : b.hasMax ? lowerBound(rule.low.keys, Math.floor(b.max) + 1) - 1 : rule.low.keys.length - 1));
    const out: number[] = [];
    let last = -1;
    while (out.length < upTo) {
      // The next row of the merged walk: by minimum, then position (both descending with dir -1).
      let next = -1;
      let key = 0;
      let pos = 0;
      for (let r = 0; r < rules.length; r++) {
        const { keys, order } = rules[r]!.low;
        const k = at[r]!;
        if (k < 0 || k >= keys.length) continue;
        if (next === -1 || dir * (keys[k]! - key || order[k]! - pos) < 0) {
          next = r;
          key = keys[k]!;
          pos = order[k]!;
        }
      }
      // Past the band's maximum (ascending) or past the lowest row: no more priced members.
      if (next === -1 || (dir === 1 && b.hasMax && key > b.max)) break;
      at[next]! += dir;
      // The same minimum and community twice in a row (two care types, or two rows of one): one answer.
      if (pos === last || !member.has(pos) || bandTest(pos) !== key) continue;
      out.push(pos);
      last = pos;
    }
    // The members without a price of the chosen care types (NULLS LAST), by position.
    const words = member.words;
    const priced = pricedSet.words;
    for (let w = dir === 1 ? 0 : words.length - 1; out.length < upTo && w >= 0 && w < words.length; w += dir) {
      let word = words[w]! & ~priced[w]!;
      while (word !== 0 && out.length < upTo) {
        const bit = dir === 1 ? 31 - Math.clz32(word & -word) : 31 - Math.clz32(word);
        out.push((w << 5) + bit);
        word &= ~(1 << bit);
      }
    }
    return out;
  }

  /** Writes into `out` the communities of `rule` priced within the band by its orders. */
  private bandInto(rule: RuleSets, b: Band, out: Bitset): void {
    if (b.hasMax) {
      rule.low.into(out, b.max);
      if (b.hasMin) {
        rule.high.into(this.bound, -1 - b.min);
        out.and(this.bound);
      }
    } else if (b.hasMin) rule.high.into(out, -1 - b.min);
    else out.words.set(rule.priced.words);
  }

  /**
   * A band as sets, this query's scratch: who has a price under its rule (`priced`), who of them the two bounds' orders
   * keep (`inBand`), and who has several prices of a chosen care type (`several`, null when nobody: the orders do not
   * decide those, bandTest does; the generated directory has none). A location's many candidates (a ZIP's radius at
   * scale 10: thousands) are then tested bit by bit instead of by their prices (SearchIndex.match).
   */
  sets(b: Band): { inBand: Bitset; priced: Bitset; several: Bitset | null } {
    const inBand = this.inBand;
    if (b.wanted === null) {
      this.bandInto(this.span, b, inBand);
      return { inBand, priced: this.span.priced, several: null };
    }
    // Priced within the band under any chosen care type: the OR of each one's band (one care type's band itself).
    const { rules, priced } = this.chosen(b.wanted);
    if (rules.length === 1) this.bandInto(rules[0]!, b, inBand);
    else {
      inBand.words.fill(0);
      for (const rule of rules) {
        this.bandInto(rule, b, this.part);
        inBand.or(this.part);
      }
    }
    let several: Bitset | null = null;
    for (const rule of rules) {
      // Copied into this query's scratch: the caller may narrow it (match()).
      if (rule.several) {
        if (!several) (several = this.several).words.fill(0);
        several.or(rule.several);
      }
    }
    return { inBand, priced, several };
  }

  /**
   * The communities of `candidates` (null: every one) that a band keeps, written into `out`: priced within the
   * band (bandTest's rule), and with `includeUnpriced` those without a price (of the chosen care types). Returns
   * how many it kept and the unpriced count. `bandTest` decides the communities with several prices of a chosen care type.
   */
  match(candidates: Bitset | null, b: Band, includeUnpriced: boolean, bandTest: (i: number) => number, out: Bitset): { total: number; unpriced: number } {
    const { inBand, priced, several } = this.sets(b);
    if (several) {
      // Several prices of a chosen care type: one may meet the low bound and another the high one.
      if (candidates) several.and(candidates);
      // Bit by bit, without a list of the positions (at scale 10 tens of thousands a search: most of its garbage).
      several.forEach((i) => {
        const t = bandTest(i);
        if (t === UNPRICED || t === OUT_OF_BAND) inBand.clear(i);
        else inBand.set(i);
      });
    }
    // Per word: the candidates without a price (counted), and those in the band or, with includeUnpriced, without a
    // price (written to out and counted), 64 bits a step (lib/word-kernel.ts).
    return bandWords(out.words, (candidates ?? this.all).words, priced.words, inBand.words, includeUnpriced);
  }
}
