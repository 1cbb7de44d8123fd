// A map result's cells summed in WebAssembly (ADR 018, addendum of 2026-11-30, noon): the loops of search-index.map.ts
// Grid that put each point of a result, in position = id order, into its cell's count, sums and box: over a set's
// members (Grid.ofBits: a filtered whole-country map, at scale 10 up to 290,000 of them and half of such an answer's
// time), a list of positions (Grid.of: a city, a ZIP, a view) and a state's own entries (Grid.ofPlaces). Here a set's
// members are found with the machine's trailing-zero count on 64-bit words, and the sums are kept in the module's
// memory; the additions are the same float64 additions in the same order, and the comparisons the same, so the cells
// are the same to the last bit (search-index.cell-kernel.test.ts compares them with the JavaScript loops, and the
// equivalence suites with SQL).
//
// Each MapIndex has its own instance (its memory goes with the index when a rebuilt one replaces it): the coordinate
// columns are copied into it once, each kept grid's cell of every position (and of the state entries) once when first
// used; a request copies its set's words (~57 kB at scale 10) or its list in and reads the cells it met out.
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
  I32_SHR_U,
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

// Three functions, one per way of reading a result, sharing their first eight parameters and their body:
//   (slot, out, cap, box, west, south, east, north, ...) -> the number of cells met
// For each point of the result, in ascending position order: its cell c (skipped when negative: no coordinates) and
// its (la, lo) (skipped outside the box when `box` is 1, its edges included); the first time cell c is met it takes
// the next number k (slot[c] = k) and starts with this point, else the point is added to cell k's count, sums and box.
// `out` holds cap entries of each of cellAt, count, first (i32), then sumLat, sumLng, west, east, south, north (f64);
// the count of points kept is stored at byte 0, and every slot used is set back to -1 before returning.
//   bits(..., words, bytes, cellOf, lat, lng): the set bits i of the 64-bit words at `words` (`bytes` long), their cell
//     cellOf[i] and point (lat[i], lng[i]) (Grid.ofBits);
//   list(..., list, bytes, cellOf, lat, lng): the positions i of the i32 list (`bytes` long), likewise (Grid.of);
//   entries(..., words, order, from, to, cellAt, lat, lng): the entries k of a state's located positions (StatePlaces:
//     byte offsets `from` up to `to` of the i32 arrays) whose position order[k] is a set bit of the 32-bit words at
//     `words`, their cell cellAt[k] and point (lat[k], lng[k]) (Grid.ofPlaces).
const [SLOT, OUT, CAP, BOX, BW, BS, BE, BN] = [0, 1, 2, 3, 4, 5, 6, 7] as const;
/** The locals, numbered after a function's `params` parameters. */
const localsAfter = (params: number) => {
  const names = ['at', 'w', 'i', 'c', 'k', 'size', 'inView', 'la', 'lo', 'base', 'cnt', 'fst', 'sla', 'slo', 'we', 'ea', 'so', 'no', 'a'] as const;
  return Object.fromEntries(names.map((n, k) => [n, params + k])) as Record<(typeof names)[number], number>;
};
type Locals = ReturnType<typeof localsAfter>;
const LOCALS: Array<[number, number]> = [[1, I32], [1, I64], [5, I32], [2, F64], [10, I32]];

/** The address of entry `index` (a local) of the array at local `base`, entries 1 << shift bytes. */
const at = (base: number, index: number, shift: number) => [...get(base), ...get(index), ...i32(shift), I32_SHL, I32_ADD];

/** The shared body around a function's loop over its points: `loop` leaves i, c, la, lo set and runs keep(L) per point. */
function cellsFunction(params: number, loop: (L: Locals) => number[]): number[] {
  const L = localsAfter(params);
  /** local `dst` = local `from` + cap << shift (the next array of `out`). */
  const next = (dst: number, from: number, shift: number) => [...get(from), ...get(CAP), ...i32(shift), I32_SHL, I32_ADD, ...set(dst)];
  return [
    ...next(L.cnt, OUT, 2),
    ...next(L.fst, L.cnt, 2),
    ...next(L.sla, L.fst, 2),
    ...next(L.slo, L.sla, 3),
    ...next(L.we, L.slo, 3),
    ...next(L.ea, L.we, 3),
    ...next(L.so, L.ea, 3),
    ...next(L.no, L.so, 3),
    ...loop(L),
    // Every slot used back to -1.
    ...i32(0), ...set(L.k),
    BLOCK, EMPTY,
    LOOP, EMPTY,
    ...get(L.k), ...get(L.size), I32_GE_U, BR_IF, 1,
    ...get(SLOT), ...at(OUT, L.k, 2), ...I32_LOAD, ...i32(2), I32_SHL, I32_ADD, ...i32(-1), ...I32_STORE,
    ...get(L.k), ...i32(1), I32_ADD, ...set(L.k),
    BR, 0,
    END,
    END,
    ...i32(0), ...get(L.inView), ...I32_STORE,
    ...get(L.size),
  ];
}

/**
 * One point (locals i, c, la, lo) into its cell, as the last part of a loop's body: `br 0` goes on to the next point
 * (the loop's start finds it, or leaves).
 */
function keep(L: Locals): number[] {
  /** The array at local `base`, at byte offset local `a`: its address. */
  const ea = (base: number) => [...get(base), ...get(L.a), I32_ADD];
  /** array[a] = local `value` (f64). */
  const putF = (base: number, value: number) => [...ea(base), ...get(value), ...F64_STORE];
  /** array[a] += local `value` (f64). */
  const addF = (base: number, value: number) => [...ea(base), ...ea(base), ...F64_LOAD, ...get(value), F64_ADD, ...F64_STORE];
  /** if (value `cmp` array[a]) array[a] = value. */
  const keepIf = (cmp: number, base: number, value: number) => [...get(value), ...ea(base), ...F64_LOAD, cmp, IF, EMPTY, ...putF(base, value), END];
  return [
    ...get(L.c), ...i32(0), I32_LT_S, BR_IF, 0,
    ...get(BOX), IF, EMPTY,
    ...get(L.la), ...get(BS), F64_GE, ...get(L.la), ...get(BN), F64_LE, I32_AND,
    ...get(L.lo), ...get(BW), F64_GE, ...get(L.lo), ...get(BE), F64_LE, I32_AND, I32_AND, I32_EQZ, BR_IF, 1,
    END,
    ...get(L.inView), ...i32(1), I32_ADD, ...set(L.inView),
    ...at(SLOT, L.c, 2), ...set(L.a),
    ...get(L.a), ...I32_LOAD, ...set(L.k),
    ...get(L.k), ...i32(0), I32_LT_S, IF, EMPTY, // a cell not met yet
    ...get(L.size), ...set(L.k),
    ...get(L.size), ...i32(1), I32_ADD, ...set(L.size),
    ...get(L.a), ...get(L.k), ...I32_STORE,
    ...get(L.k), ...i32(2), I32_SHL, ...set(L.a),
    ...ea(OUT), ...get(L.c), ...I32_STORE,
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
  ];
}

/** Position i's cell and point from the columns by position (parameters cellOf, lat, lng). */
const byPosition = (L: Locals, cellOf: number, lat: number, lng: number) => [
  ...at(cellOf, L.i, 2), ...I32_LOAD, ...set(L.c),
  ...at(lat, L.i, 3), ...F64_LOAD, ...set(L.la),
  ...at(lng, L.i, 3), ...F64_LOAD, ...set(L.lo),
];

// bits: words 8, bytes 9, cellOf 10, lat 11, lng 12.
const BITS = cellsFunction(13, (L) => [
  BLOCK, EMPTY,
  ...get(L.at), ...get(9), I32_GE_U, BR_IF, 0,
  LOOP, EMPTY, // each 64-bit word
  ...get(8), ...get(L.at), I32_ADD, ...I64_LOAD, ...set(L.w),
  ...get(L.at), ...i32(3), I32_SHL, ...set(L.base),
  BLOCK, EMPTY,
  LOOP, EMPTY, // each set bit, lowest first
  ...get(L.w), I64_EQZ, BR_IF, 1,
  ...get(L.base), ...get(L.w), I64_CTZ, I32_WRAP_I64, I32_ADD, ...set(L.i),
  ...get(L.w), ...get(L.w), I64_CONST, 1, I64_SUB, I64_AND, ...set(L.w),
  ...byPosition(L, 10, 11, 12),
  ...keep(L),
  END,
  END,
  ...get(L.at), ...i32(8), I32_ADD, TEE, L.at, ...get(9), I32_LT_U, BR_IF, 0,
  END,
  END,
]);

// list: list 8, bytes 9, cellOf 10, lat 11, lng 12.
const LIST = cellsFunction(13, (L) => [
  BLOCK, EMPTY,
  LOOP, EMPTY,
  ...get(L.at), ...get(9), I32_GE_U, BR_IF, 1,
  ...get(8), ...get(L.at), I32_ADD, ...I32_LOAD, ...set(L.i),
  ...get(L.at), ...i32(4), I32_ADD, ...set(L.at),
  ...byPosition(L, 10, 11, 12),
  ...keep(L),
  END,
  END,
]);

// entries: words 8, order 9, from 10, to 11, cellAt 12, lat 13, lng 14.
const ENTRIES = cellsFunction(15, (L) => [
  ...get(10), ...set(L.at),
  BLOCK, EMPTY,
  LOOP, EMPTY,
  ...get(L.at), ...get(11), I32_GE_U, BR_IF, 1,
  ...get(9), ...get(L.at), I32_ADD, ...I32_LOAD, ...set(L.i),
  ...get(12), ...get(L.at), I32_ADD, ...I32_LOAD, ...set(L.c),
  ...get(13), ...get(L.at), ...i32(1), I32_SHL, I32_ADD, ...F64_LOAD, ...set(L.la),
  ...get(14), ...get(L.at), ...i32(1), I32_SHL, I32_ADD, ...F64_LOAD, ...set(L.lo),
  ...get(L.at), ...i32(4), I32_ADD, ...set(L.at),
  // Not in the set: the next entry. (A shift takes its count modulo 32.)
  ...get(8), ...get(L.i), ...i32(5), I32_SHR_U, ...i32(2), I32_SHL, I32_ADD, ...I32_LOAD, ...get(L.i), I32_SHR_U, ...i32(1), I32_AND, I32_EQZ, BR_IF, 0,
  ...keep(L),
  END,
  END,
]);

const SHARED = [I32, I32, I32, I32, F64, F64, F64, F64];
/** The module's bytes (exported for its test). */
export const CELL_KERNEL_MODULE = wasmModule([
  { name: 'bits', params: [...SHARED, I32, I32, I32, I32, I32], results: [I32], locals: LOCALS, code: BITS },
  { name: 'list', params: [...SHARED, I32, I32, I32, I32, I32], results: [I32], locals: LOCALS, code: LIST },
  { name: 'entries', params: [...SHARED, I32, I32, I32, I32, I32, I32, I32], results: [I32], locals: LOCALS, code: ENTRIES },
]);
const compiled = new WebAssembly.Module(CELL_KERNEL_MODULE);

type Shared = [slot: number, out: number, cap: number, box: number, west: number, south: number, east: number, north: number];
interface Exports {
  memory: WebAssembly.Memory;
  bits(...args: [...Shared, words: number, bytes: number, cellOf: number, lat: number, lng: number]): number;
  list(...args: [...Shared, list: number, bytes: number, cellOf: number, lat: number, lng: number]): number;
  entries(...args: [...Shared, words: number, order: number, from: number, to: number, cellAt: number, lat: number, lng: number]): number;
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

/** A state's located positions (search-index.map.ts StatePlaces) as placed in a CellKernel: where its columns are. */
export interface PlacedEntries {
  order: number;
  lat: number;
  lng: number;
}

/** One index's cell sums: its coordinates and grids' cells in the memory of its own instance. */
export class CellKernel {
  private readonly kernel = new WebAssembly.Instance(compiled).exports as unknown as Exports;
  /** The next free byte. */
  private top = 8;
  /** A call's set (its words rounded up to whole 64-bit words) or list of positions. */
  private readonly words: number;
  private readonly wordCount: number;
  private readonly list: number;
  private readonly positionCount: number;
  private readonly lat: number;
  private readonly lng: number;
  /** Room for `cap` cells: the slot of every cell (all -1 between calls) and the output arrays. */
  private cap = 0;
  private slot = 0;
  private out = 0;
  /** Views of the memory: the results word at byte 0 (the points kept), the call's set or list, the cells met. */
  private views: { buffer: ArrayBuffer; results: Int32Array; words: Uint32Array; list: Int32Array; met: MetCells } | null = null;

  constructor(lat: Float64Array, lng: Float64Array) {
    this.wordCount = (((lat.length + 31) >>> 5) + 1) & ~1;
    this.words = this.reserve(this.wordCount * 4);
    this.positionCount = lat.length;
    this.list = this.reserve(lat.length * 4);
    this.lat = this.placeFloats(lat);
    this.lng = this.placeFloats(lng);
  }

  /** The bytes the instance's memory holds. */
  get bytesHeld(): number {
    return this.kernel.memory.buffer.byteLength;
  }

  /** Copies a column into the memory, once. Returns where it is. */
  placeInts(column: Int32Array): number {
    const at = this.reserve(column.length * 4);
    new Int32Array(this.kernel.memory.buffer, at, column.length).set(column);
    return at;
  }

  placeFloats(column: Float64Array): number {
    const at = this.reserve(column.length * 8);
    new Float64Array(this.kernel.memory.buffer, at, column.length).set(column);
    return at;
  }

  /**
   * Copies a grid's cell of every position (-1: no coordinates) into the memory, with room for its `cells` cells.
   * Returns where it is (for bits() and positions()).
   */
  placeGrid(cellOf: Int32Array, cells: number): number {
    const at = this.placeInts(cellOf);
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

  /** The cells of the grid placed at `grid` that the members of `set` (those in `box`, when given) fall in. */
  bits(grid: number, set: Uint32Array, box?: Box): MetCells {
    const v = this.setIn(set);
    return this.met(v, this.kernel.bits(...this.shared(box), this.words, this.wordCount * 4, grid, this.lat, this.lng));
  }

  /** The cells of the grid placed at `grid` that `positions` (ascending; those in `box`, when given) fall in. */
  positions(grid: number, positions: ArrayLike<number>, box?: Box): MetCells {
    const v = this.view();
    v.list.set(positions);
    return this.met(v, this.kernel.list(...this.shared(box), this.list, positions.length * 4, grid, this.lat, this.lng));
  }

  /**
   * The cells of a grid that a state's entries `from` up to `to` fall in, those whose position is in `set` (and in
   * `box`, when given): `cellAt` is where the entries' cells in that grid are placed.
   */
  entries(placed: PlacedEntries, from: number, to: number, cellAt: number, set: Uint32Array, box?: Box): MetCells {
    const v = this.setIn(set);
    return this.met(v, this.kernel.entries(...this.shared(box), this.words, placed.order, from * 4, to * 4, cellAt, placed.lat, placed.lng));
  }

  private setIn(set: Uint32Array): NonNullable<CellKernel['views']> {
    const v = this.view();
    v.words.set(set);
    v.words.fill(0, set.length);
    return v;
  }

  private shared(box: Box | undefined): Shared {
    return box ? [this.slot, this.out, this.cap, 1, box.west, box.south, box.east, box.north] : [this.slot, this.out, this.cap, 0, 0, 0, 0, 0];
  }

  private met(v: NonNullable<CellKernel['views']>, size: number): MetCells {
    v.met.size = size;
    v.met.inView = v.results[0]!;
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
    return (this.views = {
      buffer,
      results: new Int32Array(buffer, 0, 1),
      words: new Uint32Array(buffer, this.words, this.wordCount),
      list: new Int32Array(buffer, this.list, this.positionCount),
      met,
    });
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
