// Map points of the in-memory search index (ADR 018, 026): the same answers as map-points.repo.ts over the
// positions a query kept (search-index.ts match()). A map request asks up to three questions of one result
// (count, cells, points): MapQuery answers them over one match, finding the result's located positions and those
// in the box once. Points can also be written as their JSON (writePoints), from per-community pieces serialized
// once per index: the bytes of the text JSON.stringify gives for the service's point object (search.service.ts
// toPoint), without building the objects (ADR 026, 2026-11-26; as bytes, ADR 018, 2026-11-28, late morning). MapIndex keeps what does not depend on the query, for the
// index's life: the pieces, the located positions (also by state: StatePlaces, ADR 018, 2026-11-27, night), and
// the whole map's grid per cell size (ADR 018, 2026-11-26).
import { MAP_CLUSTER_CELL_PX, MAP_MAX_CELLS, type MapPoint } from '../../../contracts/search';
import { lowerBound, type Bitset } from '../../lib/collections';
import { KeptPieces, type JsonBytes } from '../../lib/json-bytes';
import { toSource } from '../../lib/provenance';
import type { Bounds, GridCell, PointRow, PointScope } from './map-points.repo';
import { CellKernel, type PlacedEntries } from './search-index.cell-kernel';
import type { SearchColumns } from './search-index.columns';
import type { SearchCriteria } from './search.repo';
import { cellKey } from './search-index.near';

/** The API's rounding of coordinates (search.service.ts round()). */
export const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

function hasPoint(c_: SearchColumns, i: number): boolean {
  return !Number.isNaN(c_.lat[i]!) && !Number.isNaN(c_.lng[i]!);
}

/** Whether the point (la, lo) is in box b (its edges included). */
function pointIn(la: number, lo: number, b: Bounds): boolean {
  return la >= b.south && la <= b.north && lo >= b.west && lo <= b.east;
}

function inBox(c_: SearchColumns, i: number, b: Bounds): boolean {
  return pointIn(c_.lat[i]!, c_.lng[i]!, b);
}

/** The price a point shows: its own span without care types, else the chosen care types' span within the band. */
interface Span {
  min: number | null;
  max: number | null;
  careType: string | null;
}

/** By care-type code: 1 for the query's care types (null: no care types). */
function wantedCodes(c_: SearchColumns, c: SearchCriteria): Uint8Array | null {
  if (c.careTypes.length === 0) return null;
  const wanted = new Uint8Array(c_.careCode.size);
  for (const t of c.careTypes) {
    const code = c_.careCode.get(t);
    if (code !== undefined) wanted[code] = 1;
  }
  return wanted;
}

function spanOf(c_: SearchColumns, c: SearchCriteria, wanted: Uint8Array | null, i: number, out: Span): Span {
  if (wanted === null) {
    out.min = Number.isNaN(c_.minPrice[i]!) ? null : c_.minPrice[i]!;
    out.max = Number.isNaN(c_.maxPrice[i]!) ? null : c_.maxPrice[i]!;
    out.careType = null;
    return out;
  }
  let min: number | null = null;
  let max: number | null = null;
  let careType: string | null = null;
  for (let k = c_.priceStart[i]!; k < c_.priceStart[i + 1]!; k++) {
    if (wanted[c_.priceCareCode[k]!] !== 1) continue;
    if (c.priceMax !== undefined && c_.priceMinOf[k]! > c.priceMax) continue;
    if (c.priceMin !== undefined && c_.priceMaxOf[k]! < c.priceMin) continue;
    const pmin = c_.priceMinOf[k]!;
    // The cheapest entry's care type (ties: the first care type in order).
    if (min === null || pmin < min || (pmin === min && c_.priceCare[k]! < careType!)) {
      if (min === null || pmin < min) min = pmin;
      careType = c_.priceCare[k]!;
    }
    if (max === null || c_.priceMaxOf[k]! > max) max = c_.priceMaxOf[k]!;
  }
  out.min = min;
  out.max = max;
  out.careType = careType;
  return out;
}

const sameBox = (a: Bounds, b: Bounds) => a.west === b.west && a.south === b.south && a.east === b.east && a.north === b.north;

/** A box's one-degree cells (search-index.near.ts cells) up to this many are read instead of a pass over the index. */
const MAX_BOX_CELLS = 256;

/** Whether a box spans more than MAX_BOX_CELLS one-degree cells (a view of a region, not of a city). */
const isLargeBox = (b: Bounds) => (Math.floor(b.north) - Math.floor(b.south) + 1) * (Math.floor(b.east) - Math.floor(b.west) + 1) > MAX_BOX_CELLS;

/** The side of a cluster cell at a zoom level (48 screen pixels; search.service.ts clusterCellDegrees). */
export const zoomCellDegrees = (zoom: number) => (MAP_CLUSTER_CELL_PX * 360) / (256 * 2 ** zoom);

/** The cell size of the whole world's area (search.service.ts clusterCellDegrees without a view, zoom 4 and above). */
const WORLD_CELL_DEGREES = Math.sqrt((360 * 180) / MAP_MAX_CELLS);

/**
 * The cell sizes an index keeps a grid of (ADR 018, 2026-11-26 evening): those that depend on the zoom level alone, up
 * to zoom 10 (finer cells are one or two communities each: the view's points are sent unless the view is large, and
 * then its area sets the cell size), and the whole world's. A size set by a view's area is any number, so never kept.
 */
const GRID_SIZES = new Set([...Array.from({ length: 11 }, (_, zoom) => zoomCellDegrees(zoom)), WORLD_CELL_DEGREES]);

/** A grid's dense cell table while it is made (Grid's constructor, synchronous): every slot -1 between uses. */
let gridTableScratch = new Int32Array(0);
function gridTable(span: number): Int32Array {
  if (gridTableScratch.length < span) gridTableScratch = new Int32Array(span).fill(-1);
  return gridTableScratch;
}

/** Two cell numbers as one key (both below 2^24 in magnitude for every kept size: exact in a double). */
const gridKey = (cx: number, cy: number) => cx * 2 ** 25 + cy;

/** A set result holding at least 1/DENSE_SET of the located communities has its view's cells read cell by cell (MapQuery.boxSet). */
const DENSE_SET = 8;

/** Where a grid cell's points lie against a box (Grid.against). */
const OUTSIDE = 0;
const INSIDE = 1;
const CUT = 2;

/**
 * Every located community's cell at one cell size, made once per index and size (ADR 018, 2026-11-26 evening): the
 * cells in the order of their lowest position, each with its count, sums (added in position = id order, as a request's
 * cells are), box and positions. A view without filters takes the cells inside it whole and sums only those its edge
 * cuts again; a filtered result finds each position's cell without arithmetic.
 */
class Grid {
  /** Each position's cell (-1: no coordinates). */
  readonly cellOf: Int32Array;
  readonly count: Int32Array;
  readonly sumLat: Float64Array;
  readonly sumLng: Float64Array;
  readonly west: Float64Array;
  readonly east: Float64Array;
  readonly south: Float64Array;
  readonly north: Float64Array;
  /** Each cell's positions ascending: members[start[k]] .. members[start[k + 1] - 1]. */
  readonly start: Int32Array;
  readonly members: Int32Array;
  private readonly byKey = new Map<number, number>();
  private readonly cx: Int32Array;
  private readonly cy: Int32Array;
  /** The coordinates of `members`, in their order (coords(): made by the warm-up, or else by the first ofSet()). */
  private memberCoords: { lat: Float64Array; lng: Float64Array } | null = null;

  /** Where this grid's cellOf, and its cells of the state entries (StatePlaces.cellsIn), are in the index's CellKernel memory (-1: not copied yet). */
  private placed = -1;
  private placedEntries = -1;

  constructor(
    private readonly c_: SearchColumns,
    located: Int32Array,
    readonly cellDeg: number,
    /** The index's WebAssembly cell kernel (made on first use: MapIndex.cellKernel). */
    private readonly kernel: () => CellKernel,
  ) {
    const { lat, lng } = c_;
    this.cellOf = new Int32Array(lat.length).fill(-1);
    const cxs: number[] = [];
    const cys: number[] = [];
    // A cell is found through a dense table over the span of the grid's cells when the span is at most four times the
    // located communities (at scale 10 every kept size: zoom 10 over the 50 states and DC spans ~1.4 million cells;
    // at scale 1 up to zoom 8), else by its key in byKey (the same numbering either way).
    let x0 = Infinity;
    let x1 = -Infinity;
    let y0 = Infinity;
    let y1 = -Infinity;
    for (let p = 0; p < located.length; p++) {
      const i = located[p]!;
      const cx = Math.floor(lng[i]! / cellDeg);
      const cy = Math.floor(lat[i]! / cellDeg);
      if (cx < x0) x0 = cx;
      if (cx > x1) x1 = cx;
      if (cy < y0) y0 = cy;
      if (cy > y1) y1 = cy;
    }
    const rows = y1 - y0 + 1;
    const span = (x1 - x0 + 1) * rows;
    const table = span <= 4 * located.length ? gridTable(span) : null;
    for (let p = 0; p < located.length; p++) {
      const i = located[p]!;
      const cx = Math.floor(lng[i]! / cellDeg);
      const cy = Math.floor(lat[i]! / cellDeg);
      const slot = table ? (cx - x0) * rows + (cy - y0) : -1;
      let k = table ? table[slot]! : (this.byKey.get(gridKey(cx, cy)) ?? -1);
      if (k < 0) {
        k = cxs.length;
        if (table) table[slot] = k;
        this.byKey.set(gridKey(cx, cy), k);
        cxs.push(cx);
        cys.push(cy);
      }
      this.cellOf[i] = k;
    }
    // The table back to empty for the next grid: only the slots used.
    if (table) for (let k = 0; k < cxs.length; k++) table[(cxs[k]! - x0) * rows + (cys[k]! - y0)] = -1;
    const n = cxs.length;
    this.cx = Int32Array.from(cxs);
    this.cy = Int32Array.from(cys);
    // Cells are numbered in the order of their first position: the sums' new cells come in the same order.
    const sums = new CellSums(n);
    for (let p = 0; p < located.length; p++) {
      const i = located[p]!;
      const k = this.cellOf[i]!;
      if (k === sums.size) sums.open(i, lat[i]!, lng[i]!);
      else sums.add(k, lat[i]!, lng[i]!);
    }
    this.count = sums.count.slice(0, n);
    this.sumLat = sums.sumLat.slice(0, n);
    this.sumLng = sums.sumLng.slice(0, n);
    this.west = sums.west.slice(0, n);
    this.east = sums.east.slice(0, n);
    this.south = sums.south.slice(0, n);
    this.north = sums.north.slice(0, n);
    this.start = new Int32Array(n + 1);
    for (let k = 0; k < n; k++) this.start[k + 1] = this.start[k]! + this.count[k]!;
    this.members = new Int32Array(located.length);
    const fill = this.start.slice(0, n);
    for (let p = 0; p < located.length; p++) {
      const i = located[p]!;
      this.members[fill[this.cellOf[i]!]!++] = i;
    }
  }

  get size(): number {
    return this.count.length;
  }

  /** Cell k whole, as a request's grid would give it. */
  cell(k: number): GridCell {
    return gridCell(this.count[k]!, this.sumLat[k]!, this.sumLng[k]!, this.west[k]!, this.south[k]!, this.east[k]!, this.north[k]!, this.c_.ids[this.members[this.start[k]!]!]!);
  }

  /** Where cell k's points lie against box b: OUTSIDE it all, INSIDE it all, or CUT by its edge. */
  against(k: number, b: Bounds): typeof OUTSIDE | typeof INSIDE | typeof CUT {
    if (this.east[k]! < b.west || this.west[k]! > b.east || this.north[k]! < b.south || this.south[k]! > b.north) return OUTSIDE;
    return this.west[k]! >= b.west && this.east[k]! <= b.east && this.south[k]! >= b.south && this.north[k]! <= b.north ? INSIDE : CUT;
  }

  /** = cellsOf(this.cellDeg, b) over every located position: the cells in the box, and how many communities they hold. */
  inBox(b: Bounds): { inView: number; cells: GridCell[] } {
    const s = this.cellDeg;
    const x0 = Math.floor(b.west / s);
    const x1 = Math.floor(b.east / s);
    const y0 = Math.floor(b.south / s);
    const y1 = Math.floor(b.north / s);
    // The cells a box can touch: looked up by number when they are fewer than the grid's cells, else every cell.
    const found: number[] = [];
    if ((x1 - x0 + 1) * (y1 - y0 + 1) <= this.size) {
      for (let cx = x0; cx <= x1; cx++) {
        for (let cy = y0; cy <= y1; cy++) {
          const k = this.byKey.get(gridKey(cx, cy));
          if (k !== undefined) found.push(k);
        }
      }
    } else {
      for (let k = 0; k < this.size; k++) if (this.cx[k]! >= x0 && this.cx[k]! <= x1 && this.cy[k]! >= y0 && this.cy[k]! <= y1) found.push(k);
    }
    // Each cell with its lowest position in the box: the order of a request's cells.
    const firsts: number[] = [];
    const byFirst = new Map<number, GridCell>();
    let inView = 0;
    const { lat, lng } = this.c_;
    for (const k of found) {
      const where = this.against(k, b);
      if (where === OUTSIDE) continue;
      if (where === INSIDE) {
        const first = this.members[this.start[k]!]!;
        firsts.push(first);
        byFirst.set(first, this.cell(k));
        inView += this.count[k]!;
        continue;
      }
      // Cut by the box's edge: summed again over the positions inside, in position order.
      const inside: number[] = [];
      for (let m = this.start[k]!; m < this.start[k + 1]!; m++) {
        const i = this.members[m]!;
        const la = lat[i]!;
        const lo = lng[i]!;
        if (pointIn(la, lo, b)) inside.push(i);
      }
      if (inside.length === 0) continue;
      firsts.push(inside[0]!);
      byFirst.set(inside[0]!, sumCells(this.c_, inside, (_, fresh) => (fresh === 0 ? -1 : 0))[0]!);
      inView += inside.length;
    }
    firsts.sort((x, y) => x - y);
    return { inView, cells: firsts.map((f) => byFirst.get(f)!) };
  }

  /** = cellsOf(this.cellDeg, b) over `positions` (located, ascending, inside the box if there is one): by the index's WebAssembly loop. */
  of(positions: ArrayLike<number>): GridCell[] {
    return cellsIn(this.kernel().positions(this.placedCells(), positions), this.c_.ids);
  }

  /** Where this grid's cellOf is in the index's CellKernel memory (copied in on first use). */
  private placedCells(): number {
    if (this.placed < 0) this.placed = this.kernel().placeGrid(this.cellOf, this.size);
    return this.placed;
  }

  /**
   * = of() over the members of `member` (located ones; those in `bbox` when given), read from the set's words in
   * position order: no list of the result's positions is made (at scale 10 a care type over the country is 290,000
   * of them, 1.1 MB outside the heap per request). Also gives how many of them there are. Summed by the index's
   * WebAssembly loop (search-index.cell-kernel.ts; the grid's cells copied into its memory on first use): the same
   * float64 additions and comparisons in the same order as of()'s, at scale 10 two to three times as fast.
   */
  ofBits(member: Bitset, bbox?: Bounds): { inView: number; cells: GridCell[] } {
    const met = this.kernel().bits(this.placedCells(), member.words, bbox);
    return { inView: met.inView, cells: cellsIn(met, this.c_.ids) };
  }

  /**
   * The coordinates of `members` in their order (ofSet), made on first use. By a loop: `Float64Array.from` with a
   * mapping function took several times as long.
   */
  coords(): { lat: Float64Array; lng: Float64Array } {
    if (this.memberCoords) return this.memberCoords;
    const { members } = this;
    const lat = new Float64Array(members.length);
    const lng = new Float64Array(members.length);
    for (let m = 0; m < members.length; m++) {
      lat[m] = this.c_.lat[members[m]!]!;
      lng[m] = this.c_.lng[members[m]!]!;
    }
    return (this.memberCoords = { lat, lng });
  }

  /**
   * = of() over the members of `member` in `bbox` (every one without), with their count: read cell by cell, each
   * cell's members ascending, so its sums are added in the same (id) order, and the cells put in the order of their
   * first member as of()'s are. Cells wholly outside the box are skipped, and wholly inside need no test per point.
   * For a large result in a large view (a care type over the country: at scale 10 up to 290,000 positions) this
   * reads every located community once, in order, instead of making the view's list of the result's positions and
   * then summing them one by one (ADR 018, 2026-11-28).
   */
  ofSet(member: Bitset, bbox?: Bounds): { inView: number; cells: GridCell[] } {
    const { lat: mlat, lng: mlng } = this.coords();
    const { members, start } = this;
    const words = member.words;
    const firsts: number[] = [];
    const found: GridCell[] = [];
    let inView = 0;
    for (let k = 0; k < this.size; k++) {
      const where = bbox ? this.against(k, bbox) : INSIDE;
      if (where === OUTSIDE) continue;
      const inside = where === INSIDE;
      let n = 0;
      let first = -1;
      let sumLat = 0;
      let sumLng = 0;
      let w = 0;
      let e = 0;
      let s = 0;
      let no = 0;
      for (let m = start[k]!; m < start[k + 1]!; m++) {
        const i = members[m]!;
        if ((words[i >>> 5]! & (1 << (i & 31))) === 0) continue;
        const la = mlat[m]!;
        const lo = mlng[m]!;
        if (!inside && !pointIn(la, lo, bbox!)) continue;
        if (n++ === 0) {
          first = i;
          sumLat = la;
          sumLng = lo;
          w = e = lo;
          s = no = la;
          continue;
        }
        sumLat += la;
        sumLng += lo;
        if (lo < w) w = lo;
        if (lo > e) e = lo;
        if (la < s) s = la;
        if (la > no) no = la;
      }
      if (n === 0) continue;
      inView += n;
      firsts.push(first);
      found.push(gridCell(n, sumLat, sumLng, w, s, e, no, this.c_.ids[first]!));
    }
    const order = Array.from(found, (_, k) => k).sort((a, b) => firsts[a]! - firsts[b]!);
    return { inView, cells: order.map((k) => found[k]!) };
  }

  /**
   * = of() over the members of `member` among a state's entries of `places` (from .. to: its located positions,
   * ascending), those in `bbox` when given: the same cells, sums and order, read from the state's own entries.
   */
  ofPlaces(places: StatePlaces, from: number, to: number, member: Bitset, bbox?: Bounds): GridCell[] {
    const kernel = this.kernel();
    return cellsIn(kernel.entries(places.placedIn(kernel), from, to, this.placedEntryCells(places), member.words, bbox), this.c_.ids);
  }

  /** Where this grid's cells of the state entries are in the index's CellKernel memory (made and copied in on first use). */
  private placedEntryCells(places: StatePlaces): number {
    // The grid's own cells give the kernel room for its cells.
    this.placedCells();
    if (this.placedEntries < 0) this.placedEntries = this.kernel().placeInts(places.cellsIn(this));
    return this.placedEntries;
  }

  /**
   * Copies what the index's cell kernel reads of this grid into its memory ahead of the first request (MapIndex
   * makeGridsAhead): its cell of every position, and of the state entries (made here too), with the entries' columns.
   */
  placeAhead(places: StatePlaces): void {
    this.placedEntryCells(places);
    places.placedIn(this.kernel());
  }
}

/**
 * The located positions grouped by state (ascending within each) with their coordinates copied in that order, and
 * per kept grid each entry's cell (ADR 018, 2026-11-27, night): a state's map reads its own entries one after another. In
 * position (= id) order a state's communities are spread over the whole index: at scale 10 a large state's map read
 * a few bytes of every cache line of the coordinate columns, and a small state's points were each a cache miss.
 */
class StatePlaces {
  /** The located positions, by state, ascending within a state. */
  readonly order: Int32Array;
  readonly lat: Float64Array;
  readonly lng: Float64Array;
  private readonly range = new Map<string, { from: number; to: number }>();
  private readonly cells = new Map<Grid, Int32Array>();
  private placed: PlacedEntries | null = null;

  constructor(c_: SearchColumns, located: number) {
    this.order = new Int32Array(located);
    this.lat = new Float64Array(located);
    this.lng = new Float64Array(located);
    const scratch = new Int32Array(c_.ids.length);
    let at = 0;
    for (const [state, bits] of c_.stateBits) {
      const from = at;
      const positions = bits.positionsInto(scratch);
      for (let k = 0; k < positions.length; k++) {
        const i = positions[k]!;
        const la = c_.lat[i]!;
        const lo = c_.lng[i]!;
        if (la !== la || lo !== lo) continue;
        this.order[at] = i;
        this.lat[at] = la;
        this.lng[at] = lo;
        at++;
      }
      this.range.set(state, { from, to: at });
    }
  }

  /** The state's entries (from .. to), or undefined for a state without communities. */
  of(state: string): { from: number; to: number } | undefined {
    return this.range.get(state);
  }

  /** The entries' columns copied into the index's cell kernel (once). */
  placedIn(kernel: CellKernel): PlacedEntries {
    return (this.placed ??= { order: kernel.placeInts(this.order), lat: kernel.placeFloats(this.lat), lng: kernel.placeFloats(this.lng) });
  }

  /** Each entry's cell in `grid` (made once per grid). */
  cellsIn(grid: Grid): Int32Array {
    let cells = this.cells.get(grid);
    if (!cells) {
      cells = new Int32Array(this.order.length);
      for (let k = 0; k < cells.length; k++) cells[k] = grid.cellOf[this.order[k]!]!;
      this.cells.set(grid, cells);
    }
    return cells;
  }
}

/**
 * Cells as they are found: each with its count, coordinate sums (added in the order given: position = id order), box
 * and first position, numbered in the order they are first met, in typed arrays that grow when needed.
 */
export class CellSums {
  count: Int32Array;
  first: Int32Array;
  sumLat: Float64Array;
  sumLng: Float64Array;
  west: Float64Array;
  east: Float64Array;
  south: Float64Array;
  north: Float64Array;
  /** The number the next new cell takes. */
  size = 0;

  constructor(capacity = 16) {
    this.count = new Int32Array(capacity);
    this.first = new Int32Array(capacity);
    this.sumLat = new Float64Array(capacity);
    this.sumLng = new Float64Array(capacity);
    this.west = new Float64Array(capacity);
    this.east = new Float64Array(capacity);
    this.south = new Float64Array(capacity);
    this.north = new Float64Array(capacity);
  }

  /** A new cell (numbered `size`) holding position i's point (la, lo); returns its number. */
  open(i: number, la: number, lo: number): number {
    if (this.size === this.count.length) this.grow();
    const k = this.size++;
    this.count[k] = 1;
    this.first[k] = i;
    this.sumLat[k] = la;
    this.sumLng[k] = lo;
    this.west[k] = this.east[k] = lo;
    this.south[k] = this.north[k] = la;
    return k;
  }

  /** Position i's point (la, lo) into cell k. */
  add(k: number, la: number, lo: number): void {
    this.count[k]!++;
    this.sumLat[k]! += la;
    this.sumLng[k]! += lo;
    if (lo < this.west[k]!) this.west[k] = lo;
    if (lo > this.east[k]!) this.east[k] = lo;
    if (la < this.south[k]!) this.south[k] = la;
    if (la > this.north[k]!) this.north[k] = la;
  }

  /** The cells in the order first met, each named by its first community's id; then none (the arrays are kept). */
  cells(ids: Int32Array | readonly number[]): GridCell[] {
    const out = cellsIn(this, ids);
    this.size = 0;
    return out;
  }

  private grow(): void {
    const to = this.count.length * 2;
    const int = (a: Int32Array) => {
      const b = new Int32Array(to);
      b.set(a);
      return b;
    };
    const float = (a: Float64Array) => {
      const b = new Float64Array(to);
      b.set(a);
      return b;
    };
    this.count = int(this.count);
    this.first = int(this.first);
    this.sumLat = float(this.sumLat);
    this.sumLng = float(this.sumLng);
    this.west = float(this.west);
    this.east = float(this.east);
    this.south = float(this.south);
    this.north = float(this.north);
  }
}

/** The arrays of cells as CellSums keeps them (also the WebAssembly cell kernel's answer: search-index.cell-kernel.ts). */
export type CellArrays = Pick<CellSums, 'size' | 'count' | 'first' | 'sumLat' | 'sumLng' | 'west' | 'east' | 'south' | 'north'>;

/** The first `size` cells of `s` in their order, each named by its first community's id. */
function cellsIn(s: CellArrays, ids: Int32Array | readonly number[]): GridCell[] {
  const out: GridCell[] = new Array(s.size);
  for (let k = 0; k < s.size; k++) out[k] = gridCell(s.count[k]!, s.sumLat[k]!, s.sumLng[k]!, s.west[k]!, s.south[k]!, s.east[k]!, s.north[k]!, ids[s.first[k]!]!);
  return out;
}

/** A cell of n points from its coordinate sums and box, named by its first community's id. */
function gridCell(n: number, sumLat: number, sumLng: number, west: number, south: number, east: number, north: number, id: number): GridCell {
  return { count: n, lat: sumLat / n, lng: sumLng / n, west, south, east, north, id };
}

/**
 * The cells of `positions` (located, ascending) in the order of their first position, each summed in position (= id)
 * order: `slotOf(i, fresh)` gives the slot of position i's cell, or -1 for a cell not seen yet, which takes `fresh`.
 */
function sumCells(c_: SearchColumns, positions: ArrayLike<number>, slotOf: (i: number, fresh: number) => number): GridCell[] {
  const { lat, lng, ids } = c_;
  const sums = new CellSums();
  for (let p = 0; p < positions.length; p++) {
    const i = positions[p]!;
    const k = slotOf(i, sums.size);
    if (k < 0) sums.open(i, lat[i]!, lng[i]!);
    else sums.add(k, lat[i]!, lng[i]!);
  }
  return sums.cells(ids);
}

/**
 * The map's structures of one index (ADR 018, 026; made on first use and kept for the index's life: a rebuilt index
 * starts anew, so they always describe the index that answers): the points' JSON pieces, the located positions, and
 * the grid of every located community per kept cell size (GRID_SIZES).
 */
export class MapIndex {
  readonly points: PointBytes;
  private locatedAll: Int32Array | null = null;
  private cellKernelOf: CellKernel | null = null;
  private statePlaces: StatePlaces | null = null;
  private readonly grids = new Map<number, Grid>();
  /** By cell size: the whole map's cells (the answer without filters and view). */
  private readonly worldCells = new Map<number, GridCell[]>();
  /** The kept sizes makeGridsAhead has made whole (grid, members' coordinates, state entries' cells, the cell kernel's copies, whole map). */
  private readonly gridsAhead = new Set<number>();

  constructor(private readonly c_: SearchColumns) {
    this.points = new PointBytes(c_);
  }

  /** The index's cell kernel in WebAssembly (Grid.of, ofBits, ofPlaces), its coordinates copied in on first use. */
  cellKernel(): CellKernel {
    return (this.cellKernelOf ??= new CellKernel(this.c_.lat, this.c_.lng));
  }

  /** Every position with coordinates, ascending. */
  located(): Int32Array {
    if (this.locatedAll) return this.locatedAll;
    const { lat, lng } = this.c_;
    const out = new Int32Array(lat.length);
    let m = 0;
    for (let i = 0; i < lat.length; i++) if (lat[i] === lat[i] && lng[i] === lng[i]) out[m++] = i;
    return (this.locatedAll = out.slice(0, m));
  }

  /** Whether every community of the index has coordinates (as in the full dataset): then so has every one of a result. */
  everyLocated(): boolean {
    return this.located().length === this.c_.ids.length;
  }

  /** The located positions by state (StatePlaces). */
  places(): StatePlaces {
    return (this.statePlaces ??= new StatePlaces(this.c_, this.located().length));
  }

  /** The grid at this cell size when it is one an index keeps (GRID_SIZES), else null. */
  grid(cellDeg: number): Grid | null {
    if (!GRID_SIZES.has(cellDeg)) return null;
    let grid = this.grids.get(cellDeg);
    if (!grid) {
      grid = new Grid(this.c_, this.located(), cellDeg, () => this.cellKernel());
      this.grids.set(cellDeg, grid);
    }
    return grid;
  }

  /**
   * Makes the kept grids not yet made (with their members' coordinates, the state entries' cells, the cell kernel's
   * copies and the whole map's cells), one size after another until `deadline` (SearchIndex.warmUp). Made on first use
   * instead, the first map requests after each build at scale 10 took up to 0.4 s each (every other request waiting
   * behind them).
   */
  makeGridsAhead(deadline: number): boolean {
    // At least one size per call, whatever the deadline (a slice always moves on).
    // By the sizes done, not by the grids made: a request during the warm-up may have made a size's grid (or its whole
    // map) without its members' coordinates or the state entries' cells; each of these calls makes only what is missing.
    let made = false;
    for (const cellDeg of GRID_SIZES) {
      if (this.gridsAhead.has(cellDeg)) continue;
      if (made && performance.now() >= deadline) return false;
      const grid = this.grid(cellDeg)!;
      grid.coords();
      grid.placeAhead(this.places());
      this.worldGrid(cellDeg, () => []);
      this.gridsAhead.add(cellDeg);
      made = true;
    }
    return true;
  }

  /**
   * The located positions in a small box (ascending), from the one-degree cells, those of `member` only when given;
   * null when the box spans too many cells.
   */
  locatedInSmallBox(b: Bounds, member?: Bitset): number[] | null {
    if (isLargeBox(b)) return null;
    const y0 = Math.floor(b.south);
    const y1 = Math.floor(b.north);
    const x0 = Math.floor(b.west);
    const x1 = Math.floor(b.east);
    const { lat, lng } = this.c_;
    const out: number[] = [];
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const cell = this.c_.cells.get(cellKey(y, x));
        if (!cell) continue;
        for (let k = 0; k < cell.length; k++) {
          const i = cell[k]!;
          if (member && !member.has(i)) continue;
          const la = lat[i]!;
          const lo = lng[i]!;
          if (pointIn(la, lo, b)) out.push(i);
        }
      }
    }
    return out.sort((x, y) => x - y);
  }

  /** The grid of every located community at this cell size, without an area (made once per index and size). */
  worldGrid(cellDeg: number, make: () => GridCell[]): GridCell[] {
    let cells = this.worldCells.get(cellDeg);
    if (!cells) {
      const grid = this.grid(cellDeg);
      cells = Object.freeze(grid ? Array.from({ length: grid.size }, (_, k) => grid.cell(k)) : make()) as GridCell[];
      this.worldCells.set(cellDeg, cells);
    }
    return cells;
  }
}

/**
 * The result a map request asks about, its own (a request awaits between its questions, and other queries reuse the
 * index's scratch): every community; a list of positions (ascending = id order; a city, a ZIP, a name); or a set with
 * its size (filters without a location), whose positions are made only when read: a small view of a large result is
 * found from the view's cells and the set (at scale 10 a care type's map at zoom 9 read all 200,000 of its positions).
 */
export type MapResult = { all: true } | { all: false; positions: Int32Array } | { all: false; member: Bitset; total: number };

/** A state's result: its set and the state's entries of StatePlaces (`from` up to `to`). */
interface StateEntries {
  places: StatePlaces;
  from: number;
  to: number;
  member: Bitset;
}

/**
 * The questions of one map request over one result. The result's located positions, and those in the box asked, are
 * found once and shared by the questions (count, then points or cells).
 */
export class MapQuery {
  private wanted: Uint8Array | null | undefined;
  // Plain arrays: a request's own lists are young garbage (typed arrays would allocate outside the heap per request).
  private locatedOf: ArrayLike<number> | null = null;
  private view: { bbox: Bounds; positions: ArrayLike<number> } | null = null;
  /** The whole map's cells in a box, from a kept grid (no filter): found with the count, read by gridCells(). */
  private boxCells: { bbox: Bounds; cellDeg: number; inView: number; cells: GridCell[] } | null = null;

  /** True: the result is every position of the index (no filter), whose per-index structures answer. */
  private readonly all: boolean;
  private resultPositions: Int32Array | null = null;
  /** A state's result (a set within the state): its entries of StatePlaces (null: another result; undefined: not looked up). */
  private inState: StateEntries | null | undefined;

  constructor(
    private readonly c_: SearchColumns,
    private readonly maps: MapIndex,
    private readonly c: SearchCriteria,
    private readonly of: MapResult,
  ) {
    this.all = of.all;
  }

  /** The result's positions, ascending (not for `all`). */
  private result(): Int32Array {
    if (this.resultPositions) return this.resultPositions;
    const of = this.of;
    if (of.all) throw new Error('MapQuery.result() of every position');
    return (this.resultPositions = 'positions' in of ? of.positions : of.member.positionsInto(new Int32Array(of.total)));
  }

  /** A state's result as its set and the state's entries of StatePlaces, else null. */
  private stateEntries(): StateEntries | null {
    if (this.inState !== undefined) return this.inState;
    const of = this.of;
    const loc = this.c.location;
    // The set of a state search is within the state (the state's set is one of the filter's: SearchIndex.setFilter).
    if (of.all || !('member' in of) || loc.kind !== 'state') return (this.inState = null);
    const places = this.maps.places();
    const range = places.of(loc.state);
    return (this.inState = range ? { places, ...range, member: of.member } : null);
  }

  /** How many of the result have coordinates. */
  private locatedCount(): number {
    const of = this.of;
    // Every community located: a set's size is the count, without its positions.
    if (!of.all && 'member' in of && this.maps.everyLocated()) return of.total;
    return this.located().length;
  }

  /** Whether position i is in the result. */
  private inResult(i: number): boolean {
    const of = this.of;
    if (of.all) return true;
    if ('member' in of) return of.member.has(i);
    return of.positions[lowerBound(of.positions, i)] === i;
  }

  /** The result's positions with coordinates, ascending. */
  private located(): ArrayLike<number> {
    if (this.locatedOf) return this.locatedOf;
    if (this.all) return (this.locatedOf = this.maps.located());
    const r = this.result();
    if (this.maps.everyLocated()) return (this.locatedOf = r);
    const { lat, lng } = this.c_;
    const out: number[] = [];
    for (let k = 0; k < r.length; k++) {
      const i = r[k]!;
      if (lat[i] === lat[i] && lng[i] === lng[i]) out.push(i);
    }
    return (this.locatedOf = out);
  }

  /** Those of located() in the box (all of them without one), ascending. */
  private inView(bbox: Bounds | undefined): ArrayLike<number> {
    if (!bbox) return this.located();
    if (this.view && sameBox(this.view.bbox, bbox)) return this.view.positions;
    const of = this.of;
    let positions = of.all ? this.maps.locatedInSmallBox(bbox) : 'member' in of ? this.maps.locatedInSmallBox(bbox, of.member) : null;
    const state = positions ? null : this.stateEntries();
    if (state) {
      // A large box over a state's result: the state's own entries (ascending positions), their coordinates in order.
      const { places, from, to, member } = state;
      const { order, lat, lng } = places;
      const out: number[] = [];
      for (let k = from; k < to; k++) {
        const la = lat[k]!;
        const lo = lng[k]!;
        if (pointIn(la, lo, bbox) && member.has(order[k]!)) out.push(order[k]!);
      }
      positions = out;
    }
    if (!positions && !of.all && 'member' in of) {
      // A set's members in the box, read from its words (no list of the whole result made first).
      const { lat, lng } = this.c_;
      const out: number[] = [];
      of.member.forEach((i) => {
        if (pointIn(lat[i]!, lng[i]!, bbox)) out.push(i);
      });
      positions = out;
    }
    if (!positions) {
      const located = this.located();
      const { lat, lng } = this.c_;
      const out: number[] = [];
      for (let k = 0; k < located.length; k++) {
        const i = located[k]!;
        const la = lat[i]!;
        const lo = lng[i]!;
        if (pointIn(la, lo, bbox)) out.push(i);
      }
      positions = out;
    }
    this.view = { bbox, positions };
    return positions;
  }

  /**
   * = countPoints() of map-points.repo.ts. `cellDeg`: the cell size a clustered answer would have; without a filter,
   * when the index keeps that grid, the view's count comes from its cells (and the cells are kept for gridCells()).
   */
  countPoints(bbox?: Bounds, cellDeg?: number): { total: number; inView: number } {
    const total = this.locatedCount();
    if (!bbox) return { total, inView: total };
    if (cellDeg !== undefined) {
      const cells = this.cellsInBox(cellDeg, bbox);
      if (cells) return { total, inView: cells.inView };
    }
    return { total, inView: this.inView(bbox).length };
  }

  /**
   * The cells of a kept grid in the box, without a filter or for a set boxSet() reads from the grid; null for another
   * result or a size the index does not keep.
   */
  private cellsInBox(cellDeg: number, bbox: Bounds): { inView: number; cells: GridCell[] } | null {
    const set = this.all ? null : this.boxSet(bbox);
    if (!this.all && !set) return null;
    if (this.boxCells && this.boxCells.cellDeg === cellDeg && sameBox(this.boxCells.bbox, bbox)) return this.boxCells;
    const grid = this.maps.grid(cellDeg);
    if (!grid) return null;
    this.boxCells = { bbox, cellDeg, ...(set ? (isLargeBox(bbox) ? grid.ofBits(set, bbox) : grid.ofSet(set, bbox)) : grid.inBox(bbox)) };
    return this.boxCells;
  }

  /**
   * The result's set, outside a state's search, when its cells in the view are read from a kept grid (with the
   * view's count) rather than from the list of its positions in the view: in a large box (isLargeBox) any set, by the
   * WebAssembly loop over the set's members (Grid.ofBits; ADR 018, 2026-11-30, noon: at scale 10 a filtered set in
   * a whole-US view at zoom 5, 2.5 → 1.9 ms); in a smaller one a set holding at least 1/DENSE_SET of the located
   * communities, cell by cell (Grid.ofSet), which costs about as much as the list of the result's positions in the
   * view would at that size (in process at scale 10: a care type over the country in a whole-US view, 289,008
   * positions, 12.2 → 4.3 ms; no positions at all, 0.1 → 1.8 ms).
   */
  private boxSet(bbox: Bounds): Bitset | null {
    const of = this.of;
    if (of.all || !('member' in of) || this.stateEntries()) return null;
    if (isLargeBox(bbox)) return of.member;
    return of.total * DENSE_SET >= this.maps.located().length ? of.member : null;
  }

  /** The positions of the points `scope` keeps, ascending. */
  private positions(scope: PointScope): ArrayLike<number> {
    const c_ = this.c_;
    if (scope.ids) {
      // A few ids (the single points of a clustered answer): looked up, then checked against the result.
      const out: number[] = [];
      const wanted: number[] = [];
      for (const id of scope.ids) {
        const i = c_.posById.get(id);
        if (i !== undefined) wanted.push(i);
      }
      wanted.sort((a, b) => a - b);
      let last = -1;
      for (const i of wanted) {
        if (i === last) continue;
        last = i;
        if (!this.inResult(i) || !hasPoint(c_, i)) continue;
        if (scope.bbox && !inBox(c_, i, scope.bbox)) continue;
        out.push(i);
      }
      return out;
    }
    return this.inView(scope.bbox);
  }

  /** = findPoints(): by id, with the chosen care types' price span within the band. */
  findPoints(scope: PointScope = {}): PointRow[] {
    const c_ = this.c_;
    const wanted = (this.wanted ??= wantedCodes(c_, this.c));
    const span: Span = { min: null, max: null, careType: null };
    return Array.from(this.positions(scope), (i) => {
      const cards = c_.cards;
      const source = cards.sourceOf(i);
      spanOf(c_, this.c, wanted, i, span);
      return {
        id: c_.ids[i]!,
        name: cards.nameOf(i),
        lat: c_.lat[i]!,
        lng: c_.lng[i]!,
        operator_name: cards.operatorOf(i),
        care_types: cards.careTypesOf(i),
        min_price: span.min,
        max_price: span.max,
        price_care_type: span.careType,
        location_approximate: c_.approximate[i] === 1,
        source_kind: source.source_kind,
        source_name: source.source_name,
        source_as_of: source.source_as_of,
      };
    });
  }

  /**
   * Writes the JSON of the API's point (toPoint()) of each of findPoints(scope), in the same order, separated by
   * commas (the inside of the answer's `points` array).
   */
  writePoints(out: JsonBytes, scope: PointScope = {}): void {
    const c_ = this.c_;
    const wanted = (this.wanted ??= wantedCodes(c_, this.c));
    const span: Span = { min: null, max: null, careType: null };
    const points = this.maps.points;
    const positions = this.positions(scope);
    for (let k = 0; k < positions.length; k++) {
      const i = positions[k]!;
      if (k > 0) out.ascii(',');
      points.write(out, i, spanOf(c_, this.c, wanted, i, span));
    }
  }

  /** = gridCells(): cells of `cellDeg` degrees anchored at (0, 0), ordered by their lowest id. */
  gridCells(cellDeg: number, bbox?: Bounds): GridCell[] {
    if (this.all && !bbox) return this.maps.worldGrid(cellDeg, () => this.cellsOf(cellDeg, undefined));
    const inBox = bbox && this.cellsInBox(cellDeg, bbox);
    if (inBox) return inBox.cells;
    const grid = this.maps.grid(cellDeg);
    if (!grid) return this.cellsOf(cellDeg, bbox);
    // A state's result: summed from the state's own entries in order, unless the view's positions are at hand and few
    // (a small box's, from its one-degree cells).
    const known = bbox && this.view && sameBox(this.view.bbox, bbox) ? this.view.positions : null;
    const state = this.stateEntries();
    if (state && !(known && known.length * 8 < state.to - state.from)) return grid.ofPlaces(state.places, state.from, state.to, state.member, bbox);
    // A set without the view's positions at hand (no view: the whole result) is read from its words.
    const of = this.of;
    if (!known && !of.all && 'member' in of) return grid.ofBits(of.member, bbox).cells;
    return grid.of(known ?? this.inView(bbox));
  }

  private cellsOf(cellDeg: number, bbox: Bounds | undefined): GridCell[] {
    const { lat, lng } = this.c_;
    // The located positions in the area, in id order: cells are made in the order of their lowest id, and each
    // cell's sums are added in id order (as before: the same means to the last bit).
    const positions = this.inView(bbox);
    // A cell's slot: by a dense table over the area's cells when they are few (a clustered answer's area holds
    // about MAP_MAX_CELLS), else by a map keyed by the two cell numbers.
    const area = bbox ?? { west: -180, south: -90, east: 180, north: 90 };
    const x0 = Math.floor(area.west / cellDeg);
    const y0 = Math.floor(area.south / cellDeg);
    const cols = Math.floor(area.east / cellDeg) - x0 + 1;
    const rows = Math.floor(area.north / cellDeg) - y0 + 1;
    const dense = cols * rows <= 1 << 16 ? new Int32Array(cols * rows).fill(-1) : null;
    const cells = new Map<number | string, number>();
    const LIMIT = 2 ** 24;
    return sumCells(this.c_, positions, (i, fresh) => {
      const cx = Math.floor(lng[i]! / cellDeg);
      const cy = Math.floor(lat[i]! / cellDeg);
      const slot = dense && cx >= x0 && cx - x0 < cols && cy >= y0 && cy - y0 < rows ? (cx - x0) * rows + (cy - y0) : -1;
      // Two integers below 2^24 side by side are exact in a double; else a string.
      const key = slot >= 0 ? 0 : cx > -LIMIT && cx < LIMIT && cy > -LIMIT && cy < LIMIT ? cx * 2 ** 25 + cy : `${cx},${cy}`;
      const k = slot >= 0 ? dense![slot]! : (cells.get(key) ?? -1);
      if (k < 0) {
        if (slot >= 0) dense![slot] = fresh;
        else cells.set(key, fresh);
      }
      return k;
    });
  }
}

/**
 * The JSON of each community's map point as UTF-8 bytes up to its price (the only part that depends on the query,
 * written after it), made on first use and kept for the index's life (a rebuilt index starts anew) in chunks outside
 * the collected heap (ADR 018, 2026-11-28, late morning; lib/json-bytes.ts KeptPieces): an answer copies each into its
 * bytes (JsonBytes) and writes the price after it (two pieces around the price until 2026-11-29, ADR 018 evening).
 * Kept as strings they were two old-generation strings per community shown (900,000 at scale 10 once every community
 * had been on a map), and an answer was a join of ~3,000 strings encoded to UTF-8 again. Laid out by state when made
 * ahead (SearchIndex.warmUp).
 */
export class PointBytes {
  private readonly pieces: KeptPieces;
  private readonly careTypeJson = new Map<string, string>();

  constructor(
    private readonly c_: Pick<SearchColumns, 'ids' | 'cards' | 'lat' | 'lng' | 'approximate'>,
    chunkBytes?: number,
  ) {
    this.pieces = new KeptPieces(c_.ids.length, 1, this.make.bind(this), { chunkBytes });
  }

  /** Writes JSON.stringify(toPoint(row)) of search.service.ts (keys in the same order) for position i with its price `span`. */
  write(out: JsonBytes, i: number, span: Span): void {
    this.pieces.write(out, i, 0);
    if (span.min === null) out.ascii('null');
    else out.number(span.min);
    out.ascii(',"maxPrice":');
    if (span.max === null) out.ascii('null');
    else out.number(span.max);
    out.ascii(',"priceCareType":');
    if (span.careType === null) out.ascii('null}');
    else {
      let json = this.careTypeJson.get(span.careType);
      if (json === undefined) this.careTypeJson.set(span.careType, (json = `${JSON.stringify(span.careType)}}`));
      out.text(json);
    }
  }

  /**
   * Position i's piece: the point up to its minimum price (the query's price fields come last, so one copy per point:
   * ADR 018, 2026-11-29, evening).
   */
  private make(i: number): string[] {
    const cards = this.c_.cards;
    const json = JSON.stringify({
      id: this.c_.ids[i]!,
      name: cards.nameOf(i),
      lat: round(this.c_.lat[i]!, 5),
      lng: round(this.c_.lng[i]!, 5),
      operatorName: cards.operatorOf(i),
      careTypes: cards.careTypesOf(i),
      source: toSource(cards.sourceOf(i)),
      approximate: this.c_.approximate[i] === 1,
    } satisfies Partial<MapPoint>);
    return [`${json.slice(0, -1)},"minPrice":`];
  }

  /** Makes the points not yet made, in slices (SearchIndex.warmUp), laid out in `order` (see KeptPieces.makeAhead). */
  makeAhead(deadline: number, order?: ArrayLike<number>): boolean {
    return this.pieces.makeAhead(deadline, order);
  }

  /** The bytes the pieces made so far take (tests, stats). */
  get bytesHeld(): number {
    return this.pieces.bytesHeld;
  }
}
