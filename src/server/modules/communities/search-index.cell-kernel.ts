// A map result's cells summed from its set's words in WebAssembly (ADR 018, addendum of 2026-11-30, noon): the loop
// of search-index.map.ts Grid.ofBits (each member of a set, in position = id order: its cell, its coordinates, into
// the cell's count, sums and box), which was half of a filtered whole-country map answer's time at scale 10 (a care
// type over the country is 290,000 members). Here the loop finds a word's members with the machine's own
// trailing-zero count on 64-bit words and keeps its sums in the module's memory; the additions are the same float64
// additions in the same order, and the comparisons the same, so the cells are the same to the last bit
// (search-index.cell-kernel.test.ts compares them with the JavaScript loop, and the equivalence suites with SQL).
//
// Each MapIndex has its own instance (its memory goes with the index when a rebuilt one replaces it): the
// coordinate columns are copied into it once, each kept grid's cell of every position once when first summed; a
// request copies its set's words in (~57 kB at scale 10) and reads the cells it met out.
import {
  BLOCK,
  BR,
  BR_IF,
  EMPTY,
  END,
  F64,
  F64_ADD,
  F64_GE,
  F64_GT,
  F64_LE,
  F64_LOAD,
  F64_LT,
  F64_STORE,
  get,
  i32,
  I32,
  I32_ADD,
  I32_AND,
  I32_EQZ,
  I32_GE_U,
  I32_LOAD,
  I32_LT_S,
  I32_LT_U,
  I32_SHL,
  I32_STORE,
  I32_WRAP_I64,
  I64,
  I64_AND,
  I64_CONST,
  I64_CTZ,
  I64_EQZ,
  I64_LOAD,
  I64_SUB,
  IF,
  LOOP,
  set,
  TEE,
  wasmModule,
} from '../../lib/wasm-bytes';
import type { CellArrays } from './search-index.map';

// cells(words, bytes, cellOf, lat, lng, slot, out, cap, box, west, south, east, north) -> the cells met
//   For each set bit i of the 64-bit words at `words` (`bytes` long), in ascending order: c = cellOf[i] (skipped when
//   negative: no coordinates), (la, lo) = (lat[i], lng[i]) (skipped outside the box when `box` is 1, its edges
//   included); the first time cell c is met it takes the next number k (slot[c] = k) and starts with this point, else
//   the point is added to cell k's count, sums and box. `out` holds cap entries of each of cellAt, count, first (i32),
//   then sumLat, sumLng, west, east, south, north (f64); the count of points kept is stored at byte 0, and every slot
//   used is set back to -1 before returning.
const P = { words: 0, bytes: 1, cellOf: 2, lat: 3, lng: 4, slot: 5, out: 6, cap: 7, box: 8, bw: 9, bs: 10, be: 11, bn: 12 };
const L = { at: 13, w: 14, i: 15, c: 16, k: 17, size: 18, inView: 19, la: 20, lo: 21, base: 22, cnt: 23, fst: 24, sla: 25, slo: 26, we: 27, ea: 28, so: 29, no: 30, a: 31 };
const LOCALS: Array<[number, number]> = [[1, I32], [1, I64], [5, I32], [2, F64], [10, I32]];

/** local `dst` = local `from` + cap << shift (the next array of `out`). */
const next = (dst: number, from: number, shift: number) => [...get(from), ...get(P.cap), ...i32(shift), I32_SHL, I32_ADD, ...set(dst)];
/** The address of entry `index` (a local) of the array at local `base`, entries 1 << shift bytes. */
const at = (base: number, index: number, shift: number) => [...get(base), ...get(index), ...i32(shift), I32_SHL, I32_ADD];
/** The array at local `base`, at byte offset local `a`: its address. */
const ea = (base: number) => [...get(base), ...get(L.a), I32_ADD];
/** array[a] = local `value` (f64). */
const putF = (base: number, value: number) => [...ea(base), ...get(value), ...F64_STORE];
/** array[a] += local `value` (f64). */
const addF = (base: number, value: number) => [...ea(base), ...ea(base), ...F64_LOAD, ...get(value), F64_ADD, ...F64_STORE];
/** if (value `cmp` array[a]) array[a] = value. */
const keepIf = (cmp: number, base: number, value: number) => [...get(value), ...ea(base), ...F64_LOAD, cmp, IF, EMPTY, ...putF(base, value), END];

const CELLS = [
  ...next(L.cnt, P.out, 2),
  ...next(L.fst, L.cnt, 2),
  ...next(L.sla, L.fst, 2),
  ...next(L.slo, L.sla, 3),
  ...next(L.we, L.slo, 3),
  ...next(L.ea, L.we, 3),
  ...next(L.so, L.ea, 3),
  ...next(L.no, L.so, 3),
  BLOCK, EMPTY,
  ...get(L.at), ...get(P.bytes), I32_GE_U, BR_IF, 0,
  LOOP, EMPTY, // each 64-bit word
  ...get(P.words), ...get(L.at), I32_ADD, ...I64_LOAD, ...set(L.w),
  ...get(L.at), ...i32(3), I32_SHL, ...set(L.base),
  BLOCK, EMPTY,
  LOOP, EMPTY, // each set bit, lowest first
  ...get(L.w), I64_EQZ, BR_IF, 1,
  ...get(L.base), ...get(L.w), I64_CTZ, I32_WRAP_I64, I32_ADD, ...set(L.i),
  ...get(L.w), ...get(L.w), I64_CONST, 1, I64_SUB, I64_AND, ...set(L.w),
  ...at(P.cellOf, L.i, 2), ...I32_LOAD, ...set(L.c),
  ...get(L.c), ...i32(0), I32_LT_S, BR_IF, 0,
  ...at(P.lat, L.i, 3), ...F64_LOAD, ...set(L.la),
  ...at(P.lng, L.i, 3), ...F64_LOAD, ...set(L.lo),
  ...get(P.box), IF, EMPTY,
  ...get(L.la), ...get(P.bs), F64_GE, ...get(L.la), ...get(P.bn), F64_LE, I32_AND,
  ...get(L.lo), ...get(P.bw), F64_GE, ...get(L.lo), ...get(P.be), F64_LE, I32_AND, I32_AND, I32_EQZ, BR_IF, 1,
  END,
  ...get(L.inView), ...i32(1), I32_ADD, ...set(L.inView),
  ...at(P.slot, L.c, 2), ...set(L.a),
  ...get(L.a), ...I32_LOAD, ...set(L.k),
  ...get(L.k), ...i32(0), I32_LT_S, IF, EMPTY, // a cell not met yet
  ...get(L.size), ...set(L.k),
  ...get(L.size), ...i32(1), I32_ADD, ...set(L.size),
  ...get(L.a), ...get(L.k), ...I32_STORE,
  ...get(L.k), ...i32(2), I32_SHL, ...set(L.a),
  ...ea(P.out), ...get(L.c), ...I32_STORE,
  ...ea(L.cnt), ...i32(1), ...I32_STORE,
  ...ea(L.fst), ...get(L.i), ...I32_STORE,
  ...get(L.k), ...i32(3), I32_SHL, ...set(L.a),
  ...putF(L.sla, L.la),
  ...putF(L.slo, L.lo),
  ...putF(L.we, L.lo),
  ...putF(L.ea, L.lo),
  ...putF(L.so, L.la),
  ...putF(L.no, L.la),
  BR, 1,
  END,
  ...at(L.cnt, L.k, 2), ...set(L.a),
  ...get(L.a), ...get(L.a), ...I32_LOAD, ...i32(1), I32_ADD, ...I32_STORE,
  ...get(L.k), ...i32(3), I32_SHL, ...set(L.a),
  ...addF(L.sla, L.la),
  ...addF(L.slo, L.lo),
  ...keepIf(F64_LT, L.we, L.lo),
  ...keepIf(F64_GT, L.ea, L.lo),
  ...keepIf(F64_LT, L.so, L.la),
  ...keepIf(F64_GT, L.no, L.la),
  BR, 0,
  END,
  END,
  ...get(L.at), ...i32(8), I32_ADD, TEE, L.at, ...get(P.bytes), I32_LT_U, BR_IF, 0,
  END,
  END,
  // Every slot used back to -1.
  ...i32(0), ...set(L.k),
  BLOCK, EMPTY,
  LOOP, EMPTY,
  ...get(L.k), ...get(L.size), I32_GE_U, BR_IF, 1,
  ...get(P.slot), ...at(P.out, L.k, 2), ...I32_LOAD, ...i32(2), I32_SHL, I32_ADD, ...i32(-1), ...I32_STORE,
  ...get(L.k), ...i32(1), I32_ADD, ...set(L.k),
  BR, 0,
  END,
  END,
  ...i32(0), ...get(L.inView), ...I32_STORE,
  ...get(L.size),
];

/** The module's bytes (exported for its test). */
export const CELL_KERNEL_MODULE = wasmModule([
  { name: 'cells', params: [I32, I32, I32, I32, I32, I32, I32, I32, I32, F64, F64, F64, F64], results: [I32], locals: LOCALS, code: CELLS },
]);
const compiled = new WebAssembly.Module(CELL_KERNEL_MODULE);

interface Exports {
  memory: WebAssembly.Memory;
  cells(words: number, bytes: number, cellOf: number, lat: number, lng: number, slot: number, out: number, cap: number, box: number, west: number, south: number, east: number, north: number): number;
}

/** A box's edges (map-points.repo.ts Bounds). */
interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The cells one call met, in the order first met (read them before the next call), and how many points it kept (in the box, when there is one). */
export type MetCells = CellArrays & { inView: number };

const align8 = (n: number) => (n + 7) & ~7;

/** One index's cell sums: its coordinates and grids' cells in the memory of its own instance. */
export class CellKernel {
  private readonly kernel = new WebAssembly.Instance(compiled).exports as unknown as Exports;
  /** The next free byte. */
  private top = 8;
  private readonly words: number;
  /** The set's words rounded up to whole 64-bit words. */
  private readonly wordCount: number;
  private readonly lat: number;
  private readonly lng: number;
  /** Room for `cap` cells: the slot of every cell (all -1 between calls) and the output arrays. */
  private cap = 0;
  private slot = 0;
  private out = 0;
  private views: { buffer: ArrayBuffer; words: Uint32Array; met: MetCells } | null = null;

  constructor(lat: Float64Array, lng: Float64Array) {
    this.wordCount = (((lat.length + 31) >>> 5) + 1) & ~1;
    this.words = this.reserve(this.wordCount * 4);
    this.lat = this.reserve(lat.length * 8);
    this.lng = this.reserve(lng.length * 8);
    new Float64Array(this.kernel.memory.buffer, this.lat, lat.length).set(lat);
    new Float64Array(this.kernel.memory.buffer, this.lng, lng.length).set(lng);
  }

  /** The bytes the instance's memory holds. */
  get bytesHeld(): number {
    return this.kernel.memory.buffer.byteLength;
  }

  /**
   * Copies a grid's cell of every position (-1: no coordinates) of `cells` cells into the memory. Returns where it is
   * (for sum()).
   */
  place(cellOf: Int32Array, cells: number): number {
    const at = this.reserve(cellOf.length * 4);
    new Int32Array(this.kernel.memory.buffer, at, cellOf.length).set(cellOf);
    if (cells > this.cap) {
      // Room for the larger grid (the smaller grids' room is left unused: at most one per kept cell size).
      const cap = (cells + 1) & ~1;
      this.slot = this.reserve(cap * 4);
      this.out = this.reserve(cap * 12 + cap * 48);
      this.cap = cap;
      new Int32Array(this.kernel.memory.buffer, this.slot, cap).fill(-1);
      this.views = null;
    }
    return at;
  }

  /** The cells of the grid placed at `grid` that the members of `words` (those in `box`, when given) fall in. */
  sum(grid: number, words: Uint32Array, box?: Box): MetCells {
    const v = this.view();
    v.words.set(words);
    v.words.fill(0, words.length);
    const k = this.kernel;
    const size = box
      ? k.cells(this.words, this.wordCount * 4, grid, this.lat, this.lng, this.slot, this.out, this.cap, 1, box.west, box.south, box.east, box.north)
      : k.cells(this.words, this.wordCount * 4, grid, this.lat, this.lng, this.slot, this.out, this.cap, 0, 0, 0, 0, 0);
    v.met.size = size;
    v.met.inView = new Int32Array(v.buffer, 0, 1)[0]!;
    return v.met;
  }

  /** The memory's views, made again after it grew (growing detaches the old buffer). */
  private view(): NonNullable<CellKernel['views']> {
    const buffer = this.kernel.memory.buffer;
    if (this.views && this.views.buffer === buffer) return this.views;
    const cap = this.cap;
    const f = (k: number) => new Float64Array(buffer, this.out + cap * 12 + k * cap * 8, cap);
    const met: MetCells = {
      inView: 0,
      size: 0,
      count: new Int32Array(buffer, this.out + cap * 4, cap),
      first: new Int32Array(buffer, this.out + cap * 8, cap),
      sumLat: f(0),
      sumLng: f(1),
      west: f(2),
      east: f(3),
      south: f(4),
      north: f(5),
    };
    return (this.views = { buffer, words: new Uint32Array(buffer, this.words, this.wordCount), met });
  }

  /** `bytes` of the memory (8-aligned), grown when needed. */
  private reserve(bytes: number): number {
    const at = align8(this.top);
    this.top = at + bytes;
    const have = this.kernel.memory.buffer.byteLength;
    if (this.top > have) this.kernel.memory.grow(Math.ceil((this.top - have) / 65536));
    return at;
  }
}
