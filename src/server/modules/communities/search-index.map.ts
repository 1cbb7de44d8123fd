// Map points of the in-memory search index (ADR 018, 026): the same answers as map-points.repo.ts over the
// positions a query kept (search-index.ts match()). A map request asks up to three questions of one result
// (count, cells, points): MapQuery answers them over one match, finding the result's located positions and those
// in the box once. Points can also be had as their JSON text (pointsJson), from per-community pieces serialized
// once per index: the text JSON.stringify gives for the service's point object (search.service.ts toPoint),
// without building the objects (ADR 026, 2026-11-26). MapIndex keeps what does not depend on the query, for the
// index's life: the pieces, the located positions, and the whole map's grid per cell size (ADR 018, 2026-11-26).
import type { MapPoint } from '../../../contracts/search';
import { lowerBound } from '../../lib/collections';
import { toSource } from '../../lib/provenance';
import type { Bounds, GridCell, PointRow, PointScope } from './map-points.repo';
import type { SearchColumns } from './search-index.columns';
import type { SearchCriteria } from './search.repo';
import { cellKey } from './search-index.near';

/** The API's rounding of coordinates (search.service.ts round()). */
export const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

function hasPoint(c_: SearchColumns, i: number): boolean {
  return !Number.isNaN(c_.lat[i]!) && !Number.isNaN(c_.lng[i]!);
}

function inBox(c_: SearchColumns, i: number, b: Bounds): boolean {
  const la = c_.lat[i]!;
  const lo = c_.lng[i]!;
  return la >= b.south && la <= b.north && lo >= b.west && lo <= b.east;
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

/**
 * The map's structures of one index (ADR 018, 026; made on first use and kept for the index's life: a rebuilt index
 * starts anew, so they always describe the index that answers): the points' JSON pieces, the located positions, and
 * the grid of every located community per cell size (the whole-US map without filters at a zoom level).
 */
export class MapIndex {
  readonly json: PointJson;
  private locatedAll: Int32Array | null = null;
  /** By cell size (degrees): at most one per zoom level, since an area without a box gives the zoom's cell size. */
  private readonly grids = new Map<number, GridCell[]>();

  constructor(private readonly c_: SearchColumns) {
    this.json = new PointJson(c_);
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

  /** The located positions in a small box (ascending), from the one-degree cells; null when the box spans too many cells. */
  locatedInSmallBox(b: Bounds): number[] | null {
    const y0 = Math.floor(b.south);
    const y1 = Math.floor(b.north);
    const x0 = Math.floor(b.west);
    const x1 = Math.floor(b.east);
    if ((y1 - y0 + 1) * (x1 - x0 + 1) > MAX_BOX_CELLS) return null;
    const { lat, lng } = this.c_;
    const out: number[] = [];
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const cell = this.c_.cells.get(cellKey(y, x));
        if (!cell) continue;
        for (let k = 0; k < cell.length; k++) {
          const i = cell[k]!;
          const la = lat[i]!;
          const lo = lng[i]!;
          if (la >= b.south && la <= b.north && lo >= b.west && lo <= b.east) out.push(i);
        }
      }
    }
    return out.sort((x, y) => x - y);
  }

  /** The grid of every located community at this cell size, without an area (made once per index and size). */
  worldGrid(cellDeg: number, make: () => GridCell[]): GridCell[] {
    let grid = this.grids.get(cellDeg);
    if (!grid) {
      grid = Object.freeze(make()) as GridCell[];
      this.grids.set(cellDeg, grid);
    }
    return grid;
  }
}

/**
 * The questions of one map request over one result (positions ascending = id order). The result's located
 * positions, and those in the box asked, are found once and shared by the questions (count, then points or cells).
 */
export class MapQuery {
  private wanted: Uint8Array | null | undefined;
  // Plain arrays: a request's own lists are young garbage (typed arrays would allocate outside the heap per request).
  private locatedOf: ArrayLike<number> | null = null;
  private view: { bbox: Bounds; positions: ArrayLike<number> } | null = null;

  /** `all`: the result is every position of the index (no filter), whose per-index structures answer. */
  constructor(
    private readonly c_: SearchColumns,
    private readonly maps: MapIndex,
    private readonly c: SearchCriteria,
    private readonly result: Int32Array,
    private readonly all: boolean,
  ) {}

  /** The result's positions with coordinates, ascending. */
  private located(): ArrayLike<number> {
    if (this.locatedOf) return this.locatedOf;
    if (this.all) return (this.locatedOf = this.maps.located());
    const { lat, lng } = this.c_;
    const r = this.result;
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
    let positions = this.all ? this.maps.locatedInSmallBox(bbox) : null;
    if (!positions) {
      const located = this.located();
      const { lat, lng } = this.c_;
      const { west, south, east, north } = bbox;
      const out: number[] = [];
      for (let k = 0; k < located.length; k++) {
        const i = located[k]!;
        const la = lat[i]!;
        const lo = lng[i]!;
        if (la >= south && la <= north && lo >= west && lo <= east) out.push(i);
      }
      positions = out;
    }
    this.view = { bbox, positions };
    return positions;
  }

  /** = countPoints() of map-points.repo.ts. */
  countPoints(bbox?: Bounds): { total: number; inView: number } {
    return { total: this.located().length, inView: this.inView(bbox).length };
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
        const k = lowerBound(this.result, i);
        if (this.result[k] !== i || !hasPoint(c_, i)) continue;
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

  /** The JSON text of the API's point (toPoint()) of each of findPoints(scope), in the same order. */
  pointsJson(scope: PointScope = {}): string[] {
    const c_ = this.c_;
    const wanted = (this.wanted ??= wantedCodes(c_, this.c));
    const span: Span = { min: null, max: null, careType: null };
    const json = this.maps.json;
    const positions = this.positions(scope);
    const out = new Array<string>(positions.length);
    for (let k = 0; k < positions.length; k++) {
      const i = positions[k]!;
      out[k] = json.of(i, spanOf(c_, this.c, wanted, i, span));
    }
    return out;
  }

  /** = gridCells(): cells of `cellDeg` degrees anchored at (0, 0), ordered by their lowest id. */
  gridCells(cellDeg: number, bbox?: Bounds): GridCell[] {
    if (this.all && !bbox) return this.maps.worldGrid(cellDeg, () => this.cellsOf(cellDeg, undefined));
    return this.cellsOf(cellDeg, bbox);
  }

  private cellsOf(cellDeg: number, bbox: Bounds | undefined): GridCell[] {
    const { lat, lng, ids } = this.c_;
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
    const count: number[] = [];
    const sumLat: number[] = [];
    const sumLng: number[] = [];
    const west: number[] = [];
    const east: number[] = [];
    const south: number[] = [];
    const north: number[] = [];
    const id: number[] = [];
    const LIMIT = 2 ** 24;
    for (let p = 0; p < positions.length; p++) {
      const i = positions[p]!;
      const la = lat[i]!;
      const lo = lng[i]!;
      const cx = Math.floor(lo / cellDeg);
      const cy = Math.floor(la / cellDeg);
      const slot = dense && cx >= x0 && cx - x0 < cols && cy >= y0 && cy - y0 < rows ? (cx - x0) * rows + (cy - y0) : -1;
      // Two integers below 2^24 side by side are exact in a double; else a string.
      const key = slot >= 0 ? 0 : cx > -LIMIT && cx < LIMIT && cy > -LIMIT && cy < LIMIT ? cx * 2 ** 25 + cy : `${cx},${cy}`;
      const k = slot >= 0 ? dense![slot]! : (cells.get(key) ?? -1);
      if (k < 0) {
        if (slot >= 0) dense![slot] = count.length;
        else cells.set(key, count.length);
        count.push(1);
        sumLat.push(la);
        sumLng.push(lo);
        west.push(lo);
        east.push(lo);
        south.push(la);
        north.push(la);
        id.push(ids[i]!);
      } else {
        count[k]!++;
        sumLat[k]! += la;
        sumLng[k]! += lo;
        if (lo < west[k]!) west[k] = lo;
        if (lo > east[k]!) east[k] = lo;
        if (la < south[k]!) south[k] = la;
        if (la > north[k]!) north[k] = la;
      }
    }
    return count.map((n, k) => ({ count: n, lat: sumLat[k]! / n, lng: sumLng[k]! / n, west: west[k]!, south: south[k]!, east: east[k]!, north: north[k]!, id: id[k]! }));
  }
}

/**
 * The JSON text of each community's map point, in two pieces around its price (the only part that depends on
 * the query), made on first use and kept for the index's life (a rebuilt index starts anew).
 */
class PointJson {
  private readonly head: (string | undefined)[];
  private readonly tail: (string | undefined)[];

  constructor(private readonly c_: SearchColumns) {
    this.head = new Array<string | undefined>(c_.ids.length);
    this.tail = new Array<string | undefined>(c_.ids.length);
  }

  /** = JSON.stringify(toPoint(row)) of search.service.ts, keys in the same order. */
  of(i: number, span: Span): string {
    let head = this.head[i];
    let tail = this.tail[i];
    if (head === undefined || tail === undefined) {
      const cards = this.c_.cards;
      const stringify = (p: Partial<MapPoint>) => JSON.stringify(p).slice(1, -1);
      head = `{${stringify({ id: this.c_.ids[i]!, name: cards.nameOf(i), lat: round(this.c_.lat[i]!, 5), lng: round(this.c_.lng[i]!, 5), operatorName: cards.operatorOf(i), careTypes: cards.careTypesOf(i) })},"minPrice":`;
      tail = `,${stringify({ source: toSource(cards.sourceOf(i)) })},"priceCareType":`;
      this.head[i] = head;
      this.tail[i] = tail;
    }
    const end = this.c_.approximate[i] === 1 ? ',"approximate":true}' : ',"approximate":false}';
    return `${head}${span.min === null ? 'null' : span.min},"maxPrice":${span.max === null ? 'null' : span.max}${tail}${span.careType === null ? 'null' : JSON.stringify(span.careType)}${end}`;
  }
}
