// The map's WebAssembly cell sums (search-index.cell-kernel.ts) against the JavaScript loops they replaced
// (search-index.map.ts Grid.ofBits, of and ofPlaces before 2026-11-30, noon), on random coordinates, cells and sets of
// every density, read as a set, as a list of positions and as a state's entries, with and without a box, call after
// call (every slot back to -1) and after the memory grew.
import { describe, expect, it } from 'vitest';
import { rng } from '../../test/random';
import { CellKernel, type MetCells } from './search-index.cell-kernel';

const random = rng(11);

interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The positions of a set, ascending. */
function membersOf(words: Uint32Array): number[] {
  const out: number[] = [];
  for (let w = 0; w < words.length; w++) {
    let word = words[w]!;
    while (word !== 0) {
      const low = word & -word;
      word ^= low;
      out.push((w << 5) + 31 - Math.clz32(low));
    }
  }
  return out;
}

/** The JavaScript loop: each member in ascending order into its cell, cells numbered in the order first met. */
function reference(words: Uint32Array, cellOf: Int32Array, lat: Float64Array, lng: Float64Array, box?: Box) {
  return referenceOf(membersOf(words), cellOf, lat, lng, box);
}

function referenceOf(positions: number[], cellOf: Int32Array, lat: Float64Array, lng: Float64Array, box?: Box) {
  const slot = new Map<number, number>();
  const cells: Array<{ count: number; first: number; sumLat: number; sumLng: number; west: number; east: number; south: number; north: number }> = [];
  let inView = 0;
  for (const i of positions) {
    const c = cellOf[i]!;
    if (c < 0) continue;
    const la = lat[i]!;
    const lo = lng[i]!;
    if (box && !(la >= box.south && la <= box.north && lo >= box.west && lo <= box.east)) continue;
    inView++;
    const k = slot.get(c);
    if (k === undefined) {
      slot.set(c, cells.length);
      cells.push({ count: 1, first: i, sumLat: la, sumLng: lo, west: lo, east: lo, south: la, north: la });
      continue;
    }
    const cell = cells[k]!;
    cell.count++;
    cell.sumLat += la;
    cell.sumLng += lo;
    if (lo < cell.west) cell.west = lo;
    if (lo > cell.east) cell.east = lo;
    if (la < cell.south) cell.south = la;
    if (la > cell.north) cell.north = la;
  }
  return { inView, cells };
}

const read = (m: MetCells) => ({
  inView: m.inView,
  cells: Array.from({ length: m.size }, (_, k) => ({
    count: m.count[k]!,
    first: m.first[k]!,
    sumLat: m.sumLat[k]!,
    sumLng: m.sumLng[k]!,
    west: m.west[k]!,
    east: m.east[k]!,
    south: m.south[k]!,
    north: m.north[k]!,
  })),
});

function columns(n: number) {
  const lat = new Float64Array(n);
  const lng = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    // Some share a point exactly (a ZIP centre), as the directory's approximate locations do.
    const shared = random() < 0.05;
    lat[i] = shared ? 40.5 : 25 + random() * 24;
    lng[i] = shared ? -100.25 : -124 + random() * 57;
  }
  return { lat, lng };
}

function cellsOf(lat: Float64Array, lng: Float64Array, deg: number, unlocated: number) {
  const key = new Map<string, number>();
  const cellOf = new Int32Array(lat.length);
  for (let i = 0; i < lat.length; i++) {
    if (random() < unlocated) {
      cellOf[i] = -1;
      continue;
    }
    const k = `${Math.floor(lng[i]! / deg)},${Math.floor(lat[i]! / deg)}`;
    if (!key.has(k)) key.set(k, key.size);
    cellOf[i] = key.get(k)!;
  }
  return { cellOf, cells: key.size };
}

function set(n: number, p: number): Uint32Array {
  const words = new Uint32Array((n + 31) >>> 5);
  for (let i = 0; i < n; i++) if (p >= 1 || random() < p) words[i >>> 5]! |= 1 << (i & 31);
  return words;
}

const BOXES: Array<Box | undefined> = [undefined, { west: -107.69, south: 27.87, east: -69.5, north: 47.97 }, { west: -98.67, south: 36.52, east: -89.05, north: 41.53 }, { west: -100.25, south: 40.5, east: -100.25, north: 40.5 }, { west: 10, south: 10, east: 11, north: 11 }];

/**
 * A state's entries as StatePlaces lays them out: the located positions grouped by `state` (ascending within each),
 * their coordinates and cells copied in that order.
 */
function entriesOf(state: Int32Array, cellOf: Int32Array, lat: Float64Array, lng: Float64Array) {
  const order: number[] = [];
  const range: Array<[number, number]> = [];
  for (let s = 0; s < 3; s++) {
    const from = order.length;
    for (let i = 0; i < state.length; i++) if (state[i] === s && cellOf[i]! >= 0) order.push(i);
    range.push([from, order.length]);
  }
  const o = Int32Array.from(order);
  return { order: o, range, lat: Float64Array.from(o, (i) => lat[i]!), lng: Float64Array.from(o, (i) => lng[i]!), cellAt: Int32Array.from(o, (i) => cellOf[i]!) };
}

describe('map cell kernel', () => {
  it("sums the cells of a set, a list and a state's entries as the JavaScript loops do, to the last bit, at every length, density and box", () => {
    for (const n of [0, 1, 31, 32, 33, 63, 64, 65, 200, 1_000, 20_000]) {
      const { lat, lng } = columns(n);
      const state = Int32Array.from({ length: n }, () => Math.floor(random() * 3));
      const kernel = new CellKernel(lat, lng);
      // Grids from coarse to fine: later ones have more cells, so the kernel's room grows between them.
      for (const deg of [8, 2, 0.5]) {
        const { cellOf, cells } = cellsOf(lat, lng, deg, 0.03);
        const at = kernel.placeGrid(cellOf, cells);
        const entries = entriesOf(state, cellOf, lat, lng);
        const placed = { order: kernel.placeInts(entries.order), lat: kernel.placeFloats(entries.lat), lng: kernel.placeFloats(entries.lng) };
        const cellAt = kernel.placeInts(entries.cellAt);
        for (const p of [0, 0.01, 0.3, 0.64, 1]) {
          const words = set(n, p);
          const members = membersOf(words);
          for (const box of BOXES) {
            const label = `n ${n} deg ${deg} p ${p} box ${JSON.stringify(box)}`;
            const expected = reference(words, cellOf, lat, lng, box);
            expect(read(kernel.bits(at, words, box)), label).toEqual(expected);
            // A list holds located positions in the box (as Grid.of is given them).
            const listed = members.filter((i) => cellOf[i]! >= 0 && (!box || (lat[i]! >= box.south && lat[i]! <= box.north && lng[i]! >= box.west && lng[i]! <= box.east)));
            expect(read(kernel.positions(at, listed)), `list ${label}`).toEqual(expected);
            for (const [s, [from, to]] of entries.range.entries()) {
              const inState = words.map((w, k) => w & set32(state, s, k));
              expect(read(kernel.entries(placed, from, to, cellAt, words, box)), `state ${s} ${label}`).toEqual(reference(inState, cellOf, lat, lng, box));
            }
          }
        }
      }
    }
  });

  it('answers each grid placed, in any order, after the memory grew', () => {
    const n = 5_000;
    const { lat, lng } = columns(n);
    const kernel = new CellKernel(lat, lng);
    const grids = [4, 1, 0.25, 2].map((deg) => ({ deg, ...cellsOf(lat, lng, deg, 0) }));
    const before = kernel.bytesHeld;
    const placed = grids.map((g) => kernel.placeGrid(g.cellOf, g.cells));
    expect(kernel.bytesHeld).toBeGreaterThan(before);
    for (let round = 0; round < 3; round++) {
      for (const [k, g] of grids.entries()) {
        const words = set(n, 0.2 + 0.2 * round);
        expect(read(kernel.bits(placed[k]!, words)), `deg ${g.deg} round ${round}`).toEqual(reference(words, g.cellOf, lat, lng));
        expect(read(kernel.positions(placed[k]!, membersOf(words))), `list deg ${g.deg} round ${round}`).toEqual(reference(words, g.cellOf, lat, lng));
      }
    }
  });
});

/** Word k of the set of positions whose state is `s`. */
function set32(state: Int32Array, s: number, k: number): number {
  let w = 0;
  for (let b = 0; b < 32 && k * 32 + b < state.length; b++) if (state[k * 32 + b] === s) w |= 1 << b;
  return w;
}
