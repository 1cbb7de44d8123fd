// Whole-set bit operations in 64-bit words (ADR 018, addendum of 2026-11-30, forenoon): a small WebAssembly module,
// assembled here byte by byte, that ANDs, ORs and counts bitsets 64 bits a step with the machine's own bit count
// (i64.popcnt). JavaScript has only 32-bit integer operations and no bit-count instruction: a pass over a scale-10
// set (14,140 words) was 15-25 µs for an AND and 24-90 µs for a count, ~10 times the same pass here with the copies in
// and out. Bitsets stay Uint32Arrays on the JavaScript side (a WebAssembly memory that grows detaches every view of
// it); each operation copies its operands into this module's memory (a memcpy: ~1 µs for 57 kB), runs, and copies the
// result out. No toolchain, download or file: the bytes are below (the format's pieces from wasm-bytes.ts, shared with
// the map's cell kernel), and word-kernel.test.ts checks every function against the 32-bit JavaScript it replaces on
// random sets of every length.

import {
  BLOCK,
  BR_IF,
  EMPTY,
  END,
  get,
  I32,
  I32_ADD,
  I32_CONST,
  I32_GE_U,
  I32_LT_U,
  I32_STORE,
  I32_WRAP_I64,
  I64,
  I64_ADD,
  I64_AND,
  I64_CONST,
  I64_EXTEND_I32_U,
  I64_LOAD,
  I64_OR,
  I64_POPCNT,
  I64_STORE,
  I64_SUB,
  I64_XOR,
  LOOP,
  set,
  TEE,
  wasmModule,
} from './wasm-bytes';

/** The 64-bit word at byte `base` + the loop's byte offset `at`. */
const load = (base: number, at: number) => [...get(base), ...get(at), I32_ADD, ...I64_LOAD];
/** Stores the value `value` leaves at byte `base` + `at`. */
const store = (base: number, at: number, value: number[]) => [...get(base), ...get(at), I32_ADD, ...value, ...I64_STORE];
/** `body` for each byte offset `at` = 0, 8, 16, … below `bytes` (a multiple of 8). */
const eachWord = (at: number, bytes: number, body: number[]) => [
  BLOCK, EMPTY, ...get(at), ...get(bytes), I32_GE_U, BR_IF, 0,
  LOOP, EMPTY, ...body, ...get(at), I32_CONST, 8, I32_ADD, TEE, at, ...get(bytes), I32_LT_U, BR_IF, 0, END,
  END,
];
/** acc += popcnt(value). */
const addCount = (acc: number, value: number[]) => [...get(acc), ...value, I64_POPCNT, I64_ADD, ...set(acc)];

// The functions. Parameters are byte offsets into the memory and a length in bytes; locals follow the parameters.
// and(d, s, bytes): d &= s            or(d, s, bytes): d |= s            count(s, bytes) -> the set bits of s
// andCount(d, s, bytes) -> d &= s, then its set bits
// band(c, p, b, o, bytes, keepUnpriced) -> total: per word, none = c & ~p, kept = (c & b) | (keepUnpriced ? none : 0),
//   o = kept; returns the set bits of o and stores those of none (as a 32-bit number) at byte 0.
const AND = eachWord(3, 2, store(0, 3, [...load(0, 3), ...load(1, 3), I64_AND]));
const OR = eachWord(3, 2, store(0, 3, [...load(0, 3), ...load(1, 3), I64_OR]));
const COUNT = [...eachWord(2, 1, addCount(3, load(0, 2))), ...get(3), I32_WRAP_I64];
// Locals: and, or: 3 at; count: 2 at, 3 acc; andCount: 3 at, 4 acc, 5 word.
const AND_COUNT = [...eachWord(3, 2, [...store(0, 3, [...load(0, 3), ...load(1, 3), I64_AND, TEE, 5]), ...addCount(4, get(5))]), ...get(4), I32_WRAP_I64];
// Locals: 6 at, 7 total, 8 unpriced, 9 can, 10 none, 11 kept, 12 keep-unpriced mask (all ones or zero).
const BAND = [
  I64_CONST, 0, ...get(5), I64_EXTEND_I32_U, I64_SUB, ...set(12),
  ...eachWord(6, 4, [
    ...load(0, 6), ...set(9),
    ...get(9), ...load(1, 6), I64_CONST, 0x7f, I64_XOR, I64_AND, ...set(10),
    ...addCount(8, get(10)),
    ...get(9), ...load(2, 6), I64_AND, ...get(10), ...get(12), I64_AND, I64_OR, ...set(11),
    ...store(3, 6, get(11)),
    ...addCount(7, get(11)),
  ]),
  I32_CONST, 0, ...get(8), I32_WRAP_I64, ...I32_STORE,
  ...get(7), I32_WRAP_I64,
];

const MODULE = wasmModule([
  { name: 'and', params: [I32, I32, I32], results: [], locals: [[1, I32]], code: AND },
  { name: 'or', params: [I32, I32, I32], results: [], locals: [[1, I32]], code: OR },
  { name: 'count', params: [I32, I32], results: [I32], locals: [[1, I32], [1, I64]], code: COUNT },
  { name: 'andCount', params: [I32, I32, I32], results: [I32], locals: [[1, I32], [2, I64]], code: AND_COUNT },
  { name: 'band', params: [I32, I32, I32, I32, I32, I32], results: [I32], locals: [[1, I32], [6, I64]], code: BAND },
]);

interface Exports {
  memory: WebAssembly.Memory;
  and(d: number, s: number, bytes: number): void;
  or(d: number, s: number, bytes: number): void;
  count(s: number, bytes: number): number;
  andCount(d: number, s: number, bytes: number): number;
  band(c: number, p: number, b: number, o: number, bytes: number, keepUnpriced: number): number;
}

const kernel = new WebAssembly.Instance(new WebAssembly.Module(MODULE)).exports as unknown as Exports;
/** The memory as 32-bit words, made again when it grows (growing detaches the old buffer). */
let memory = new Uint32Array(kernel.memory.buffer);
/** Each operand's room in words: an even count (whole 64-bit words), the first room after 8 bytes of results. */
let room = 0;
const FIRST = 2;

/** The most operands a function reads and writes (band: candidates, priced, in band, out). */
const OPERANDS = 4;

/**
 * Makes room for OPERANDS operands of `words` 32-bit words after the results. Returns the even length each takes.
 */
function roomFor(words: number): number {
  const even = (words + 1) & ~1;
  if (even > room) {
    const bytes = (FIRST + OPERANDS * even) * 4;
    const have = kernel.memory.buffer.byteLength;
    if (bytes > have) kernel.memory.grow(Math.ceil((bytes - have) / 65536));
    memory = new Uint32Array(kernel.memory.buffer);
    room = even;
  }
  return even;
}

/** Copies `words` into operand `slot` (0-4), a zero word after an odd count. Returns its byte offset. */
function put(slot: number, words: Uint32Array, even: number): number {
  const at = FIRST + slot * room;
  memory.set(words, at);
  if (even !== words.length) memory[at + words.length] = 0;
  return at * 4;
}

/** Operand `slot`'s first `length` words, copied into `out`. */
function take(slot: number, out: Uint32Array): void {
  const at = FIRST + slot * room;
  out.set(memory.subarray(at, at + out.length));
}

/** dst &= src (the same length). */
export function andWords(dst: Uint32Array, src: Uint32Array): void {
  const even = roomFor(dst.length);
  kernel.and(put(0, dst, even), put(1, src, even), even * 4);
  take(0, dst);
}

/** dst |= src (the same length). */
export function orWords(dst: Uint32Array, src: Uint32Array): void {
  const even = roomFor(dst.length);
  kernel.or(put(0, dst, even), put(1, src, even), even * 4);
  take(0, dst);
}

/** The set bits of `words`. */
export function countWords(words: Uint32Array): number {
  const even = roomFor(words.length);
  return kernel.count(put(0, words, even), even * 4);
}

/** out = the AND of the sets' words (at least one set, all of out's length); returns its set bits. */
export function intersectWords(out: Uint32Array, sets: readonly { readonly words: Uint32Array }[]): number {
  const even = roomFor(out.length);
  const d = put(0, sets[0]!.words, even);
  let count = sets.length === 1 ? kernel.count(d, even * 4) : 0;
  for (let k = 1; k < sets.length; k++) count = kernel.andCount(d, put(1, sets[k]!.words, even), even * 4);
  take(0, out);
  return count;
}

/**
 * A band's match in one pass (search-index.bands.ts PriceBands.match): of `candidates`, those in `inBand`, and with
 * `keepUnpriced` those not in `priced`, written to `out`. Returns how many it kept (`total`) and how many of the
 * candidates are not in `priced` (`unpriced`).
 */
export function bandWords(
  out: Uint32Array,
  candidates: Uint32Array,
  priced: Uint32Array,
  inBand: Uint32Array,
  keepUnpriced: boolean,
): { total: number; unpriced: number } {
  const even = roomFor(out.length);
  const c = put(0, candidates, even);
  const total = kernel.band(c, put(1, priced, even), put(2, inBand, even), (FIRST + 3 * room) * 4, even * 4, keepUnpriced ? 1 : 0);
  take(3, out);
  return { total, unpriced: memory[0]! };
}
