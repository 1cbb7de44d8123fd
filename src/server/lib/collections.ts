// Small collection helpers the in-memory indexes share (ADR 026, 027, 029).
import { runAll, stepDue, type Steps } from './pace';
import { andWords, countWords, intersectWords, orWords } from './word-kernel';

/** Whether position i is in every one of `sets`. */
export function hasAll(sets: readonly Bitset[], i: number): boolean {
  for (let k = 0; k < sets.length; k++) if (!sets[k]!.has(i)) return false;
  return true;
}

/** A fixed-size set of row positions, one bit each. */
export class Bitset {
  readonly words: Uint32Array;
  constructor(readonly size: number) {
    this.words = new Uint32Array((size + 31) >>> 5);
  }
  static full(size: number): Bitset {
    const b = new Bitset(size);
    b.words.fill(0xffffffff);
    const tail = size & 31;
    if (tail) b.words[b.words.length - 1] = (1 << tail) - 1;
    return b;
  }
  set(i: number): void {
    this.words[i >>> 5]! |= 1 << (i & 31);
  }
  clear(i: number): void {
    this.words[i >>> 5]! &= ~(1 << (i & 31));
  }
  has(i: number): boolean {
    return (this.words[i >>> 5]! & (1 << (i & 31))) !== 0;
  }
  /** The positions in every one of `sets` (at least one, all of the same size), written to `out` (a new set unless given). */
  static intersection(sets: readonly Bitset[], out = new Bitset(sets[0]!.size)): Bitset {
    Bitset.intersectionCount(sets, out);
    return out;
  }
  /**
   * Writes the positions in every one of `sets` (at least one, all of out's size) to `out`; returns how many. The
   * whole-set operations run 64 bits a step in WebAssembly (word-kernel.ts): ~10 times JavaScript's 32-bit loops.
   */
  static intersectionCount(sets: readonly Bitset[], out: Bitset): number {
    return intersectWords(out.words, sets);
  }
  and(other: Bitset): void {
    andWords(this.words, other.words);
  }
  or(other: Bitset): void {
    orWords(this.words, other.words);
  }
  /** How many bits are set. */
  count(): number {
    return countWords(this.words);
  }
  /** Positions of the set bits, ascending, written from the start of `out` (at least `size` long): a view of them. */
  positionsInto(out: Int32Array): Int32Array {
    let n = 0;
    const w = this.words;
    for (let k = 0; k < w.length; k++) {
      let word = w[k]!;
      while (word !== 0) {
        const low = word & -word;
        out[n++] = (k << 5) + 31 - Math.clz32(low);
        word ^= low;
      }
    }
    return out.subarray(0, n);
  }
  /** Positions of the set bits, ascending. */
  positions(): number[] {
    const out: number[] = [];
    this.forEach((i) => out.push(i));
    return out;
  }

  /** Calls `fn` with each member, ascending (without making their list). */
  forEach(fn: (i: number) => void): void {
    const w = this.words;
    for (let k = 0; k < w.length; k++) {
      let word = w[k]!;
      while (word !== 0) {
        const low = word & -word;
        fn((k << 5) + 31 - Math.clz32(low));
        word ^= low;
      }
    }
  }
}

/** Positions (each of `n` at most once) as a set. */
export function setOf(n: number, list: ArrayLike<number>): Bitset {
  const set = new Bitset(n);
  for (let k = 0; k < list.length; k++) set.set(list[k]!);
  return set;
}

/** A search text is common when its rows are at least 1/COMMON_SHARE of an index's rows. */
const COMMON_SHARE = 32;

/**
 * A search text's rows (ascending positions of `n`) as the insights indexes keep them (TextRows): a common text's as a
 * set, tested like a fixed choice (at scale 10 'care' or 'senior' had hundreds of thousands of rows), a rarer one's as
 * the list itself, to look at.
 */
export function textRowsAs(n: number, positions: Int32Array): Bitset | Int32Array {
  return positions.length * COMMON_SHARE < n ? positions : setOf(n, positions);
}

/** Each key's positions as a set of `n`. */
export const setsOf = (n: number, lists: Map<string, Int32Array>) => new Map([...lists].map(([key, list]) => [key, setOf(n, list)]));

/**
 * The rows a filter keeps, as a set (ADR 026, 027): those in every one of `masks` (every position when there is none),
 * among `candidates` when given (a list narrowing the rows to look at), and accepted by `keeps` when given (the tests
 * no set answers). Written to `out` (whatever it held is replaced); returns how many.
 */
export function filterInto(out: Bitset, masks: readonly Bitset[], candidates: ArrayLike<number> | null, keeps: ((i: number) => boolean) | null): number {
  let count = 0;
  const words = out.words;
  if (candidates) {
    words.fill(0);
    for (let k = 0; k < candidates.length; k++) {
      const i = candidates[k]!;
      if (!hasAll(masks, i) || (keeps !== null && !keeps(i))) continue;
      out.set(i);
      count++;
    }
    return count;
  }
  let all: number;
  if (masks.length) all = Bitset.intersectionCount(masks, out);
  else {
    words.fill(0xffffffff);
    const tail = out.size & 31;
    if (tail) words[words.length - 1] = (1 << tail) - 1;
    all = out.size;
  }
  if (keeps === null) return all;
  for (let w = 0; w < words.length; w++) {
    let word = words[w]!;
    let kept = word;
    while (word !== 0) {
      const low = word & -word;
      if (keeps((w << 5) + 31 - Math.clz32(low))) count++;
      else kept ^= low;
      word ^= low;
    }
    words[w] = kept;
  }
  return count;
}

/** Appends `value` to the list kept under `key`, starting the list when there is none. */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The positions of each value, ascending (a null value is in no list). */
export function positionsOf(values: readonly (string | null)[]): Map<string, Int32Array> {
  const lists = new Map<string, number[]>();
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) continue;
    pushTo(lists, v, i);
  }
  return new Map([...lists].map(([k, v]) => [k, Int32Array.from(v)]));
}

/** One copy of each equal string (rows of many communities share their cities, states and sources). */
export function interner(options: { copy?: boolean } = {}): <S extends string | null>(s: S) => S {
  const seen = new Map<string, string>();
  return <S extends string | null>(s: S): S => {
    if (s === null) return s;
    const hit = seen.get(s);
    if (hit !== undefined) return hit as S;
    // `copy`: keep a fresh copy, not `s` itself (a piece cut from a longer text can keep the whole text alive).
    const kept = options.copy ? (JSON.parse(JSON.stringify(s)) as string) : s;
    seen.set(s, kept);
    return kept as S;
  };
}

/**
 * One copy of each equal list of strings (and of each string in it): the rows of many communities share their
 * care types and amenities. Shared lists must never be changed (not frozen: frozen arrays take slower paths in V8).
 */
export function listInterner(intern: <S extends string | null>(s: S) => S = interner()): <L extends readonly string[] | null>(l: L) => L {
  const seen = new Map<string, readonly string[]>();
  return <L extends readonly string[] | null>(l: L): L => {
    if (l === null) return l;
    const key = `${l.length}\u0001${l.join('\u0000')}`;
    let hit = seen.get(key);
    if (!hit) seen.set(key, (hit = l.map(intern)));
    return hit as L;
  };
}

/** Each distinct value's number, in the order first seen (0, 1, 2...), and the values by number. */
export class Codes<T> {
  private readonly numbers = new Map<T, number>();
  /** values[k] is the value numbered k. */
  readonly values: T[] = [];

  /** The number of `value`, numbering it when it is new. */
  code(value: T): number {
    let k = this.numbers.get(value);
    if (k === undefined) {
      this.numbers.set(value, (k = this.values.length));
      this.values.push(value);
    }
    return k;
  }

  /** The number of `value`, or -1 when it was never seen. */
  codeOf(value: T): number {
    return this.numbers.get(value) ?? -1;
  }

  get size(): number {
    return this.values.length;
  }
}

/** The first position in [from, to) whose value is >= x (values ascending there); `to` when none. */
export function lowerBound(values: ArrayLike<number>, x: number, from = 0, to = values.length): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Strings kept outside the JavaScript heap: their UTF-8 bytes one after another in one buffer, and where each starts
 * (ADR 018, 2026-11-28 morning). For the texts an index only shows (a card's description, website, address; a table
 * row's overview): at scale 10 each such column was 452,470 strings in the old generation, which every major
 * collection marks and every scavenge's page walk passes over, for the 12 to 100 of them a request shows. at(i)
 * decodes a new string (equal to the one given: PostgreSQL's text is valid UTF-8, so the round trip is exact).
 * A column whose every byte is ASCII (found at build: as many bytes as UTF-16 units) decodes as Latin-1, the
 * cheapest decode; others as UTF-8. Both call the buffer's own slice decoders, without Buffer#toString's argument
 * handling, which was a third of a card's decoding (2026-11-28: 5 to 8 µs a search card, against 2 for strings).
 */
export class TextColumn {
  private readonly decode: (from: number, to: number) => string;

  private constructor(
    private readonly bytes: Buffer,
    /** String i is bytes[start[i] .. start[i + 1]). */
    private readonly start: Uint32Array,
    /** 1 where the value is null (null when none is). */
    private readonly nulls: Uint8Array | null,
    ascii: boolean,
  ) {
    this.decode = sliceDecoder(bytes, ascii);
  }

  /** The column of n values, valueOf(i) for each position i (called twice per position). */
  static of(n: number, valueOf: (i: number) => string | null): TextColumn {
    return runAll(TextColumn.steps(n, valueOf));
  }

  /** = of(), as steps (lib/pace.ts): an index build's columns made in slices. */
  static *steps(n: number, valueOf: (i: number) => string | null): Steps<TextColumn> {
    const start = new Uint32Array(n + 1);
    let nulls: Uint8Array | null = null;
    let total = 0;
    let units = 0;
    for (let i = 0; i < n; i++) {
      if (stepDue(i)) yield;
      const s = valueOf(i);
      if (s === null) (nulls ??= new Uint8Array(n))[i] = 1;
      else {
        total += Buffer.byteLength(s, 'utf8');
        units += s.length;
      }
      start[i + 1] = total;
    }
    if (total > 0xffffffff) throw new RangeError(`TextColumn: ${total} bytes are more than 4 GiB`);
    const bytes = Buffer.allocUnsafeSlow(total);
    for (let i = 0; i < n; i++) {
      if (stepDue(i)) yield;
      const s = valueOf(i);
      if (s !== null && s.length > 0) bytes.write(s, start[i]!, 'utf8');
    }
    // A string is as many UTF-8 bytes as UTF-16 units only if every character is ASCII (others take 2 to 4 bytes
    // for 1 or 2 units), so equal sums mean an ASCII column.
    return new TextColumn(bytes, start, nulls, total === units);
  }

  get length(): number {
    return this.start.length - 1;
  }

  /** The string at position i (a new copy), or null. */
  at(i: number): string | null {
    if (this.nulls !== null && this.nulls[i] === 1) return null;
    const from = this.start[i]!;
    const to = this.start[i + 1]!;
    return from === to ? '' : this.decode(from, to);
  }
}

/** Node's Buffer has latin1Slice and utf8Slice (what toString calls after checking its arguments); not typed. */
type SliceDecoders = { latin1Slice?: (from: number, to: number) => string; utf8Slice?: (from: number, to: number) => string };

function sliceDecoder(bytes: Buffer, ascii: boolean): (from: number, to: number) => string {
  const own = bytes as unknown as SliceDecoders;
  const slice = ascii ? own.latin1Slice : own.utf8Slice;
  if (typeof slice === 'function') return slice.bind(bytes);
  return (from, to) => bytes.toString(ascii ? 'latin1' : 'utf8', from, to); // a runtime without them
}
