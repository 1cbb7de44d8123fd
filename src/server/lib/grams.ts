// The trigram postings of the in-memory indexes (search, Community Insights, Operator Intelligence): a
// substring search (ILIKE '%text%') looks only at the positions holding every 3-character piece of the text;
// and the walk of a sort order those indexes share.

import { Bitset } from './collections';
import type { Slices } from './live-index';
import { stepDue, type Steps } from './pace';

const EMPTY = new Int32Array(0);

/**
 * 3-character substrings of each position's text -> the positions having it (ascending, once each). Steps (lib/pace.ts):
 * at scale 10 a third of the search index's columns' time.
 */
export function* gramPostings(n: number, text: (i: number) => string): Steps<Map<string, Int32Array>> {
  const lists = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    if (stepDue(i)) yield;
    const t = text(i);
    for (let k = 0; k + 3 <= t.length; k++) {
      const gram = t.slice(k, k + 3);
      const list = lists.get(gram);
      if (!list) lists.set(gram, [i]);
      else if (list[list.length - 1] !== i) list.push(i);
    }
  }
  const out = new Map<string, Int32Array>();
  let k = 0;
  for (const [gram, list] of lists) {
    if (stepDue(k++)) yield;
    out.set(gram, Int32Array.from(list));
  }
  return out;
}

/**
 * The positions holding the needle's rarest trigrams (ascending): the two rarest, then each next rarest while the
 * candidates are still many and it is at most 16 times their number (a merge of the two lists costs less than
 * searching the text of the candidates it removes). Empty when one is absent. At scale 10 a city's name has tens of
 * thousands of positions under its rarest trigram; "cross city" had 8,608 under its two rarest and 10 matches.
 * Every position containing the needle is among them; the caller still checks each.
 */
export function gramCandidates(grams: Map<string, Int32Array>, needle: string): Int32Array {
  const postings: Int32Array[] = [];
  for (let k = 0; k + 3 <= needle.length; k++) {
    const posting = grams.get(needle.slice(k, k + 3));
    if (!posting) return EMPTY;
    if (!postings.includes(posting)) postings.push(posting);
  }
  if (postings.length === 0) return EMPTY;
  postings.sort((a, b) => a.length - b.length);
  let out = postings[0]!;
  for (let k = 1; k < postings.length; k++) {
    if (k > 1 && (out.length <= 64 || postings[k]!.length > 16 * out.length)) break;
    out = intersectAscending(out, postings[k]!);
  }
  return out;
}

/**
 * The positions whose text contains a search text (3 characters or more), ascending, found once per index build for
 * the `kept` most recent texts: its candidates (gramCandidates) each searched. A text repeated by many requests
 * ('care', 'oak') had its candidates searched on every request: at scale 10, 6-8 ms in Community Insights. Each entry
 * is made by `make` from the positions (a set, or the list itself). One per index: an index build starts empty. At most
 * `kept` texts, and as many as hold at most `keptPositions` positions between them (the newest is kept whatever its
 * size): a text under a common trigram can match most rows, and hundreds of such texts held hundreds of MB.
 */
export class TextRows<V> {
  private readonly recent = new Map<string, { entry: V; positions: number }>();
  /** The texts found ahead of use (findAhead): kept as long as the index, outside `kept` and `keptPositions`. */
  private readonly ahead = new Map<string, V>();
  /** The positions of the texts kept. */
  private positions = 0;
  constructor(
    private readonly grams: Map<string, Int32Array>,
    private readonly text: readonly string[],
    private readonly make: (positions: Int32Array) => V,
    private readonly kept = 64,
    private readonly keptPositions = Infinity,
  ) {}

  /** The entry of `needle` (lower-cased; 3 characters or more). */
  get(needle: string): V {
    const found = this.ahead.get(needle);
    if (found !== undefined) return found;
    const hit = this.recent.get(needle);
    if (hit !== undefined) {
      // Most recently used last (a Map keeps insertion order).
      this.recent.delete(needle);
      this.recent.set(needle, hit);
      return hit.entry;
    }
    const positions = this.find(needle);
    const m = positions.length;
    const entry = this.make(positions);
    // The least recently used go first, until the new one fits the count and the positions' budget.
    for (const [text, old] of this.recent) {
      if (this.recent.size < this.kept && this.positions + m <= this.keptPositions) break;
      this.recent.delete(text);
      this.positions -= old.positions;
    }
    this.recent.set(needle, { entry, positions: m });
    this.positions += m;
    return entry;
  }

  /**
   * Finds ahead of use the entries of texts many requests will ask for (lower-cased as get()'s; those under 3
   * characters are skipped), as a warm-up part (live-index.ts Slices: works until the deadline, true once all are
   * found). The search index finds every city's name this way: a city search also looks for its name among the
   * communities' names, and at scale 10 its candidates cost ~75 µs a search while the recent texts (kept) held a
   * fraction of the 18,719 city names (ADR 018, 2026-11-30).
   */
  findAhead(needles: Iterable<string>): Slices {
    const next = needles[Symbol.iterator]();
    return (deadline) => {
      for (;;) {
        const r = next.next();
        if (r.done) return true;
        const needle = r.value;
        if (needle.length >= 3 && !this.ahead.has(needle)) {
          this.ahead.set(needle, this.recent.get(needle)?.entry ?? this.make(this.find(needle)));
          if (performance.now() >= deadline) return false;
        }
      }
    };
  }

  /** The positions whose text contains `needle`, ascending: its candidates (gramCandidates), each searched. */
  private find(needle: string): Int32Array {
    const candidates = gramCandidates(this.grams, needle);
    const found = new Int32Array(candidates.length);
    let m = 0;
    for (let k = 0; k < candidates.length; k++) if (this.text[candidates[k]!]!.includes(needle)) found[m++] = candidates[k]!;
    return found.slice(0, m);
  }
}

/** The positions in both ascending lists, ascending. */
function intersectAscending(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let n = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      out[n++] = x;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out.subarray(0, n);
}

/**
 * The kept positions (of `n`, each at most once) in a sort order, from `offset`, at most `limit`. `order` lists the
 * positions in that order, `rank` gives each position's place in it; `marks` is a scratch of `n` bits, all clear,
 * left clear. Allocates nothing but the answer (at scale 10 the per-request lists of hundreds of thousands of
 * positions and a comparator sort of tens of thousands were most of a page's time).
 */
export function keptInOrder(n: number, kept: ArrayLike<number>, order: Int32Array, rank: Int32Array, offset: number, limit: number, marks: Bitset): number[] {
  const out: number[] = [];
  const end = Math.min(kept.length, offset + limit);
  if (offset >= end) return out;
  // Every position: the order's own slice.
  if (kept.length === n) return sliceOf(order, offset, end, out);
  if (kept.length * 16 < n) {
    // Few: mark each one's rank, then read the marks in rank order (a counting sort: no comparisons).
    for (let k = 0; k < kept.length; k++) marks.set(rank[kept[k]!]!);
    return readMarked(marks, order, offset, end, out);
  }
  // Many: mark them, walk the order and take the marked ones (a short walk: most positions are kept).
  for (let k = 0; k < kept.length; k++) marks.set(kept[k]!);
  walkOrder(marks, order, offset, end, out);
  marks.words.fill(0);
  return out;
}

function sliceOf(order: Int32Array, offset: number, end: number, out: number[]): number[] {
  for (let r = offset; r < end; r++) out.push(order[r]!);
  return out;
}

/** The members of `member` from the `offset`-th to before the `end`-th in the order, appended to `out`. */
function walkOrder(member: Bitset, order: Int32Array, offset: number, end: number, out: number[]): number[] {
  let seen = 0;
  for (let r = 0; r < order.length && seen < end; r++) {
    const i = order[r]!;
    if (!member.has(i)) continue;
    if (seen++ >= offset) out.push(i);
  }
  return out;
}

/**
 * walkOrder reading at most `maxReads` positions of the order, and giving up early when the members (`count` of the
 * order's) turn up at under a quarter of the rate they would if spread through it (gathered further on: a state's
 * communities sorted by state): true when the page is complete (or the order ended), false when it gave up (`out` then
 * holds part of the page).
 */
function walkOrderWithin(member: Bitset, count: number, order: Int32Array, offset: number, end: number, out: number[], maxReads: number): boolean {
  let seen = 0;
  const stop = Math.min(order.length, maxReads);
  for (let r = 0; r < stop; r++) {
    const i = order[r]!;
    if ((r & 255) === 255 && r >= 1023 && seen * 4 * order.length < r * count) return false;
    if (!member.has(i)) continue;
    if (seen++ >= offset) out.push(i);
    if (seen >= end) return true;
  }
  return stop === order.length;
}

/** The marked ranks from the `offset`-th to before the `end`-th, as positions (order[rank]), appended to `out`; clears the marks. */
function readMarked(marks: Bitset, order: Int32Array, offset: number, end: number, out: number[]): number[] {
  const words = marks.words;
  let seen = 0;
  for (let w = 0; w < words.length; w++) {
    let word = words[w]!;
    if (word === 0) continue;
    words[w] = 0;
    while (word !== 0 && seen < end) {
      const low = word & -word;
      if (seen++ >= offset) out.push(order[(w << 5) + 31 - Math.clz32(low)]!);
      word ^= low;
    }
  }
  return out;
}

/**
 * The sort orders of an index, keyed `${field}:${dir}`: the positions in each order and each position's rank in
 * it (computed from the orders); `inOrder` walks one (keptInOrder).
 */
export class SortOrders {
  private readonly ranks = new Map<string, Int32Array>();

  private constructor(
    private readonly n: number,
    private readonly orders: Map<string, Int32Array>,
  ) {
    this.marks = new Bitset(n);
    for (const [key, order] of orders) {
      const rank = new Int32Array(n);
      for (let r = 0; r < n; r++) rank[order[r]!] = r;
      this.ranks.set(key, rank);
    }
  }

  /** From each row's 0-based rank in each of `orders` (the SQL's row_number() of each sort, in the order of `orders`); row i is position i. */
  static fromRanks(orders: readonly { field: string; dir: string }[], rows: readonly { ranks: readonly number[] }[]): SortOrders {
    const n = rows.length;
    const lists = orders.map(() => new Int32Array(n));
    for (let i = 0; i < n; i++) {
      const ranks = rows[i]!.ranks;
      for (let k = 0; k < lists.length; k++) lists[k]![ranks[k]!] = i;
    }
    return new SortOrders(n, new Map(orders.map(({ field, dir }, k) => [`${field}:${dir}`, lists[k]!])));
  }

  /**
   * The members of `member` (`count` of them) in the order of `field` and `dir`, from `offset`, at most `limit`: as
   * keptInOrder, from a set instead of a list (no list of a large result is made: few members are read from the set
   * by rank, many by walking the order).
   */
  pageOf(member: Bitset, count: number, field: string, dir: string, offset: number, limit: number): number[] {
    const key = `${field}:${dir}`;
    const order = this.orders.get(key)!;
    const out: number[] = [];
    const end = Math.min(count, offset + limit);
    if (offset >= end) return out;
    if (count === this.n) return sliceOf(order, offset, end, out);
    if (count * 16 >= this.n) return walkOrder(member, order, offset, end, out);
    // A first page of a mid-size result: walking the order reads about end × n / count positions when the members are
    // spread through it, where marking reads every word of the set and each member's rank at random (at scale 10 a
    // state's 9,000 communities: ~50 reads against ~23,000). Tried while it is expected to cost under half of marking,
    // given up when the members turn up too rarely (gathered in one part of the order), and stopped at marking's cost.
    const marking = (this.n >> 4) + count;
    if (end * (this.n / count) * 2 <= marking && walkOrderWithin(member, count, order, offset, end, out, marking)) return out;
    out.length = 0;
    const rank = this.ranks.get(key)!;
    const words = member.words;
    for (let w = 0; w < words.length; w++) {
      let word = words[w]!;
      while (word !== 0) {
        const low = word & -word;
        this.marks.set(rank[(w << 5) + 31 - Math.clz32(low)]!);
        word ^= low;
      }
    }
    return readMarked(this.marks, order, offset, end, out);
  }

  /** keptInOrder's scratch (an index answers one request at a time: synchronously from its match to its page). */
  private readonly marks: Bitset;

  /** The kept positions (ascending or not, each once) in the order of `field` and `dir`, from `offset`, at most `limit`. */
  inOrder(kept: ArrayLike<number>, field: string, dir: string, offset: number, limit: number): number[] {
    const key = `${field}:${dir}`;
    return keptInOrder(this.n, kept, this.orders.get(key)!, this.ranks.get(key)!, offset, limit, this.marks);
  }
}
