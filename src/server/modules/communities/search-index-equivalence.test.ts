// The in-memory search index (ADR 026) against the SQL path it replaces, on thousands of random queries
// over a seeded directory (delisted, unpriced and unlocated communities, several prices per care type,
// equal prices, ratings and names, licence types, capacities, ZIP codes, mixed-case and accented names):
// totals, unpriced counts, every row of every sort in order, pages, cards, map points and grid cells.
// Then the same through the HTTP API: an app on the index and an app on SQL give the same bodies.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AMENITY_OPTIONS, CARE_TYPES, SEARCH_SORTS } from '../../../contracts/constants';
import { CAPACITY_BANDS, LICENCE_TYPES } from '../../../contracts/licence-filters';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { insertPricingRows } from '../../test/factories';
import { useIndexAndSqlApps } from '../../test/index-apps';
import { SearchIndex } from './search-index';
import { NEAR_CELLS } from './search-index.near';
import { firstBy, smallestKeys } from './search-index.keys';
import { countResult, findPageIds, listCities, loadCommunities, type CommunityRow, type SearchCriteria } from './search.repo';
import { countPoints, findPoints, gridCells, type Bounds, type GridCell, type PointScope } from './map-points.repo';
import { clusterCellDegrees, createSearchService, toPoint } from './search.service';
import { zoomCellDegrees, type MapQuery } from './search-index.map';
import { JsonBytes } from '../../lib/json-bytes';
import { TextRows } from '../../lib/grams';
import { compileJsonWriter } from '../../lib/json-serializer';
import { mapPointsQuerySchema, searchCommunitySchema, shownPrice } from '../../../contracts/search';
import { rng, TEST_CITIES } from '../../test/random';
import { randomCriteria } from '../../test/search-criteria';

let tdb: TestDatabase;
let index: SearchIndex;
const N = 900;
const WORDS = ['Oak', 'Maple', 'Sunrise', 'Garden', 'Village', 'Manor', 'Springfield', 'Hills', 'ÉLAN', 'élan', 'oak', 'A_b%'];
const ZIPS = ['60540', '60563', '78701', '75201', '33101', '97201'];
const LICENCES = [null, null, 'ASSISTED LIVING FACILITY', 'ALZHEIMER SPECIAL CARE UNIT', 'RCFE-CONTINUING CARE RETIREMENT COMMUNITY', 'NURSING FACILITY'];


/** The grid rule over the index's points in id order, as the per-request grid sums them (every bit of the means). */
function byRule(ix: SearchIndex, c: SearchCriteria, cellDeg: number, bbox: Bounds | undefined): GridCell[] {
  const cells = new Map<string, GridCell & { sumLat: number; sumLng: number }>();
  for (const p of ix.findPoints(c, { bbox })) {
    const key = `${Math.floor(p.lng / cellDeg)},${Math.floor(p.lat / cellDeg)}`;
    const cell = cells.get(key);
    if (!cell) cells.set(key, { count: 1, sumLat: p.lat, sumLng: p.lng, lat: 0, lng: 0, west: p.lng, east: p.lng, south: p.lat, north: p.lat, id: p.id });
    else {
      cell.count++;
      cell.sumLat += p.lat;
      cell.sumLng += p.lng;
      cell.west = Math.min(cell.west, p.lng);
      cell.east = Math.max(cell.east, p.lng);
      cell.south = Math.min(cell.south, p.lat);
      cell.north = Math.max(cell.north, p.lat);
    }
  }
  return [...cells.values()].map(({ sumLat, sumLng, ...x }) => ({ ...x, lat: sumLat / x.count, lng: sumLng / x.count }));
}

/** The cell sizes the index keeps a grid of: zoom levels 3-10 and the whole world's (search-index.map.ts GRID_SIZES). */
const KEPT_SIZES = [...[3, 4, 5, 6, 7, 8, 9, 10].map(zoomCellDegrees), clusterCellDegrees(4)];

beforeAll(async () => {
  tdb = await createTestDatabase();
  const random = rng(2026);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const { rows: ops } = await tdb.pool.query<{ id: number }>(`INSERT INTO operators (name, source_id) VALUES ('Acme Care', 'o1'), ('Bright Living', 'o2'), ('Cedar Group', 'o3') RETURNING id`);
  const rows = Array.from({ length: N }, (_, i) => {
    const [city, state] = pick(TEST_CITIES);
    const careTypes = [...new Set([pick(CARE_TYPES), pick(CARE_TYPES), pick(CARE_TYPES)].slice(0, 1 + Math.floor(random() * 3)))];
    // Several price rows per care type sometimes, no price at all sometimes, and many equal prices (ties decide by id).
    const pricing = random() < 0.75 ? careTypes.flatMap((c) => Array.from({ length: random() < 0.2 ? 2 : 1 }, () => [c, 2000 + Math.floor(random() * 12) * 500] as const)) : [];
    const kind = random();
    const located = random() < 0.97;
    return {
      name: `${pick(WORDS)} ${pick(WORDS)} ${i % 7 === 0 ? city : ''}`.trim(),
      city,
      state,
      zip_code: pick(ZIPS),
      // Clustered so that equal coordinates occur (equal distances) and a few sit outside any view.
      lat: located ? (random() < 0.1 ? 41.75 : 30 + random() * 12) : null,
      lng: located ? (random() < 0.1 ? -88.15 : -100 + random() * 20) : null,
      care_types: careTypes,
      amenities: [...new Set([pick(AMENITY_OPTIONS), pick(AMENITY_OPTIONS)])].slice(0, Math.floor(random() * 3)),
      // Few distinct ratings and review counts: equal rating scores are common (ties decide by id).
      rating: Math.round(random() * 10) / 2,
      reviews: Math.floor(random() * 6) * 5,
      listing_status: random() < 0.94 ? 'listed' : 'delisted',
      license_type: pick(LICENCES),
      source_kind: kind < 0.6 ? 'demo' : kind < 0.85 ? 'state' : 'cms',
      capacity: random() < 0.8 ? 1 + Math.floor(random() * 160) : null,
      operator_id: random() < 0.7 ? pick(ops).id : null,
      location_approximate: random() < 0.1,
      source_id: `e${i}`,
      pricing: pricing.map(([c, min]) => ({ careType: c, min, max: min + 500 + Math.floor(random() * 4) * 500 })),
    };
  });
  const { rows: inserted } = await tdb.pool.query<{ id: number }>(
    `INSERT INTO communities (name, address, city, state, zip_code, lat, lng, care_types, amenities, photos, rating, review_count, min_price, max_price,
                              listing_status, license_type, source_kind, capacity, operator_id, location_approximate, source_id)
     SELECT r.name, '1 Main St', r.city, r.state, r.zip_code, r.lat, r.lng, r.care_types, r.amenities, '{}', r.rating, r.reviews, r.min_price, r.max_price,
            r.listing_status, r.license_type, r.source_kind, r.capacity, r.operator_id, r.location_approximate, r.source_id
       FROM json_to_recordset($1::json) AS r(name text, city text, state text, zip_code text, lat float8, lng float8, care_types text[], amenities text[],
                                            rating real, reviews int, min_price int, max_price int, listing_status text, license_type text, source_kind text,
                                            capacity int, operator_id int, location_approximate boolean, source_id text)
     ORDER BY r.source_id
     RETURNING id, source_id`,
    [
      JSON.stringify(
        rows.map((r) => ({
          ...r,
          min_price: r.pricing.length ? Math.min(...r.pricing.map((p) => p.min)) : null,
          max_price: r.pricing.length ? Math.max(...r.pricing.map((p) => p.max)) : null,
        })),
      ),
    ],
  );
  const idBySource = new Map(inserted.map((r) => [(r as unknown as { source_id: string }).source_id, r.id]));
  const pricing = rows.flatMap((r) => r.pricing.map((p) => ({ community_id: idBySource.get(r.source_id)!, care_type: p.careType, min_price: p.min, max_price: p.max })));
  await insertPricingRows(tdb.pool, pricing);
  // Photo lists as the generator makes them (kept as a count by the index's cards), lists that only look like
  // them, none; descriptions and phones on some.
  await tdb.pool.query(
    `UPDATE communities SET
       photos = CASE id % 5 WHEN 0 THEN ARRAY['/media/communities/' || id || '/1.svg', '/media/communities/' || id || '/2.svg']
                            WHEN 1 THEN ARRAY['/media/communities/' || id || '/2.svg']
                            WHEN 2 THEN ARRAY['/media/communities/' || (id + 1) || '/1.svg']
                            WHEN 3 THEN ARRAY['/media/communities/' || id || '/1.svg', 'https://example.com/a.jpg'] ELSE photos END,
       description = CASE WHEN id % 3 = 0 THEN 'A place called ' || name END,
       phone = CASE WHEN id % 2 = 0 THEN '(555) 555-' || lpad(id::text, 4, '0') END`,
  );
  await tdb.pool.query('ANALYZE communities; ANALYZE community_pricing');
  index = await SearchIndex.build(tdb.pool);
}, 60_000);
afterAll(async () => {
  await tdb?.drop();
});

const randomSearch = (random: () => number): SearchCriteria =>
  randomCriteria(random, {
    locations: ({ pick, city, state, sameName }) => [
      { kind: 'none' },
      { kind: 'none' },
      { kind: 'state', state },
      { kind: 'zip', zip: pick(ZIPS) },
      { kind: 'city', cities: [{ city, state, rank: 1 }] },
      { kind: 'city', cities: sameName, nameText: city },
      { kind: 'city', cities: sameName, nameText: pick(WORDS), state },
      { kind: 'near', lat: 30 + random() * 12, lng: -100 + random() * 20, radiusMiles: 50 + random() * 150 },
      { kind: 'near', lat: 41.75, lng: -88.15, radiusMiles: 50 },
      { kind: 'name', text: pick(WORDS).toLowerCase() },
      { kind: 'name', text: pick(WORDS) },
      { kind: 'name', text: `${pick(WORDS)} ${pick(WORDS)}` },
      { kind: 'name', text: pick(WORDS), state },
    ],
    severalAmenities: true,
    more: (pick) => ({
      licenceType: random() < 0.15 ? pick(LICENCE_TYPES) : undefined,
      capacity: random() < 0.15 ? pick(CAPACITY_BANDS) : undefined,
    }),
  });

const sameRefs = (a: { id: number; distance: number | null }[]) => a.map((r) => [r.id, r.distance === null ? null : Math.round(r.distance * 1e6) / 1e6]);

describe('the in-memory search index against the SQL path (ADR 026)', () => {
  it('agrees on 2,000 random searches: totals, unpriced counts, every row of every sort in order, pages and cards', async () => {
    const random = rng(7);
    let nonEmpty = 0;
    let unpricedSeen = 0;
    let rowsCompared = 0;
    for (let i = 0; i < 2000; i++) {
      const c = randomSearch(random);
      const sort = SEARCH_SORTS[i % SEARCH_SORTS.length]!;
      const label = `${sort} ${JSON.stringify(c)}`;
      const sqlCount = await countResult(tdb.pool, c);
      expect(index.count(c), label).toEqual(sqlCount);
      // Every row of the result in the sort's order (and its distance for ZIP searches).
      const sqlAll = await findPageIds(tdb.pool, c, sort, 10_000, 0);
      const all = index.search(c, sort, 10_000, 0);
      expect(sameRefs(all.page), label).toEqual(sameRefs(sqlAll));
      expect({ total: all.total, unpriced: all.unpriced }, label).toEqual(sqlCount);
      // A random page is that slice.
      const pageSize = 1 + Math.floor(random() * 30);
      const offset = Math.floor(random() * Math.max(1, sqlAll.length + 5));
      expect(sameRefs(index.search(c, sort, pageSize, offset).page), label).toEqual(sameRefs(sqlAll.slice(offset, offset + pageSize)));
      if (sqlCount.total > 0) nonEmpty++;
      if (sqlCount.unpriced > 0) unpricedSeen++;
      rowsCompared += sqlAll.length;
      // The cards of a page are the rows the SQL loads.
      if (i % 10 === 0) {
        const ids = sqlAll.slice(0, 25).map((r) => r.id);
        expect(index.cards(ids), label).toEqual(await loadCommunities(tdb.pool, ids));
      }
    }
    // The random queries are not trivially empty, and they reach the unpriced rule.
    expect(nonEmpty).toBeGreaterThan(1000);
    expect(unpricedSeen).toBeGreaterThan(150);
    expect(rowsCompared).toBeGreaterThan(50_000);
  }, 600_000);

  it('agrees on 800 random searches without a location but with a price band (the band as word operations)', async () => {
    // search-index.bands.ts answers these from sorted price bounds, not per community: bounds on and off the seeded
    // prices (multiples of 500), below and above every price, a minimum above the maximum; with and without care
    // types (communities with several prices of one care type among them), unpriced included or not, every sort.
    const random = rng(12);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const BOUNDS = [0, 1999, 2000, 2500, 2501, 3499, 4000, 4500, 5500, 6000, 7499, 8000, 9000, 20_000];
    let careTyped = 0;
    let unpricedSeen = 0;
    for (let i = 0; i < 800; i++) {
      const drawn = randomCriteria(random, { locations: () => [{ kind: 'none' }], severalAmenities: true });
      const which = random();
      const c: SearchCriteria = {
        ...drawn,
        amenities: random() < 0.5 ? [] : drawn.amenities,
        priceMin: which < 0.65 ? pick(BOUNDS) : undefined,
        priceMax: which > 0.35 ? pick(BOUNDS) : undefined,
        licenceType: random() < 0.1 ? pick(LICENCE_TYPES) : undefined,
      };
      const sort = SEARCH_SORTS[i % SEARCH_SORTS.length]!;
      const label = `${sort} ${JSON.stringify(c)}`;
      const sqlCount = await countResult(tdb.pool, c);
      expect(index.count(c), label).toEqual(sqlCount);
      const sqlAll = await findPageIds(tdb.pool, c, sort, 10_000, 0);
      expect(sameRefs(index.search(c, sort, 10_000, 0).page), label).toEqual(sameRefs(sqlAll));
      // Every page: a price sort with care types walks the prices by minimum for pages that are few of the result
      // (SearchIndex.order), and reaches the unpriced ones (NULLS LAST) on its last pages.
      const pageSize = 1 + Math.floor(random() * 30);
      for (let offset = 0; offset < sqlAll.length + pageSize; offset += pageSize) {
        expect(sameRefs(index.search(c, sort, pageSize, offset).page), `${label} ${offset}+${pageSize}`).toEqual(sameRefs(sqlAll.slice(offset, offset + pageSize)));
      }
      if (c.careTypes.length) careTyped++;
      if (sqlCount.unpriced > 0) unpricedSeen++;
    }
    expect(careTyped).toBeGreaterThan(400);
    expect(unpricedSeen).toBeGreaterThan(400);
  }, 600_000);

  it("gives every listed community's card as the SQL loads it (cards are made from columns)", async () => {
    const { rows } = await tdb.pool.query<{ id: number; photos: string[] }>(`SELECT id, photos FROM communities WHERE listing_status = 'listed' ORDER BY id`);
    const ids = rows.map((r) => r.id);
    expect(index.cards(ids)).toEqual(await loadCommunities(tdb.pool, ids));
    // Generated photo lists and others were both compared.
    expect(rows.filter((r) => r.photos.length === 2 && r.photos[1] === `/media/communities/${r.id}/2.svg`).length).toBeGreaterThan(50);
    expect(rows.filter((r) => r.photos.length === 1).length).toBeGreaterThan(50);
  });

  it("writes each page's cards as the API's serializer writes them (each card's JSON kept as bytes, then read back)", () => {
    const writeCard = compileJsonWriter(searchCommunitySchema)!;
    const random = rng(31);
    let cards = 0;
    for (let i = 0; i < 1500; i++) {
      const c = randomSearch(random);
      const sort = SEARCH_SORTS[i % SEARCH_SORTS.length]!;
      const label = `${sort} ${JSON.stringify(c)}`;
      const shownFor = (pricing: CommunityRow['pricing']) => {
        const shown = shownPrice(pricing, c.careTypes, c);
        return shown && { ...shown, forCareTypes: c.careTypes.length > 0 };
      };
      const pageSize = 1 + Math.floor(random() * 30);
      const offset = random() < 0.7 ? 0 : Math.floor(random() * 60);
      const out = new JsonBytes(64);
      const written = index.writeSearchCards(out, c, sort, pageSize, offset, shownFor);
      const made = index.searchCards(c, sort, pageSize, offset, shownFor);
      expect(written, label).toEqual({ total: made.total, unpriced: made.unpriced });
      expect(out.done().toString(), label).toBe(made.communities.map((card) => writeCard(card)).join(','));
      cards += made.communities.length;
    }
    expect(cards).toBeGreaterThan(5000);
  });

  it("gives the SQL's list of the listed directory's cities (the city index takes it from the index once built)", async () => {
    const key = (c: { city: string; state: string }) => `${c.state}|${c.city}`;
    const fromSql = (await listCities(tdb.pool)).map(key).sort();
    expect(fromSql.length).toBeGreaterThan(3);
    expect(index.cities().map(key).sort()).toEqual(fromSql);
  });

  it('agrees on 400 random map questions: point counts, points in a view, grid cells', async () => {
    const random = rng(8);
    let clusteredCells = 0;
    for (let i = 0; i < 400; i++) {
      const c = randomSearch(random);
      const west = -102 + random() * 15;
      const south = 29 + random() * 10;
      const bbox: Bounds | undefined = random() < 0.2 ? undefined : { west, south, east: west + 1 + random() * 15, north: south + 1 + random() * 8 };
      const label = `${JSON.stringify(c)} ${JSON.stringify(bbox)}`;
      expect(index.countPoints(c, bbox), label).toEqual(await countPoints(tdb.pool, c, bbox));
      const sqlPoints = await findPoints(tdb.pool, c, { bbox });
      expect(index.findPoints(c, { bbox }), label).toEqual(sqlPoints);
      // The points' JSON pieces give the text JSON.stringify gives for the API's point objects, byte for byte.
      expect(pointsText(index.mapQuery(c), { bbox }), label).toBe(sqlPoints.map((r) => JSON.stringify(toPoint(r))).join(','));
      const cellDeg = [0.25, 1, 2.8125, 5][i % 4]!;
      const sqlCells = await gridCells(tdb.pool, c, cellDeg, bbox);
      const cells = index.gridCells(c, cellDeg, bbox);
      // Means are sums in another order: equal to 9 digits (the API rounds to 5).
      const rounded = (xs: typeof cells) => xs.map((x) => ({ ...x, lat: x.lat.toFixed(9), lng: x.lng.toFixed(9) }));
      expect(rounded(cells), label).toEqual(rounded(sqlCells));
      const singles = cells.filter((x) => x.count === 1).map((x) => x.id);
      const sqlSingles = await findPoints(tdb.pool, c, { ids: singles });
      expect(index.findPoints(c, { ids: singles }), label).toEqual(sqlSingles);
      expect(pointsText(index.mapQuery(c), { ids: singles }), label).toBe(sqlSingles.map((r) => JSON.stringify(toPoint(r))).join(','));
      clusteredCells += cells.filter((x) => x.count > 1).length;
    }
    expect(clusteredCells).toBeGreaterThan(400);
  }, 300_000);

  it('agrees without any filter, where per-index structures answer: whole-map grids by cell size, small boxes from one-degree cells, large boxes', async () => {
    // No filter: the result is every position, so the located positions, the whole-map grid of each cell size
    // (made once per index) and the one-degree cells of a small box answer (search-index.map.ts MapIndex).
    const c: SearchCriteria = { location: { kind: 'none' }, careTypes: [], amenities: [], includeUnpriced: false };
    const rounded = (xs: GridCell[]) => xs.map((x) => ({ ...x, lat: x.lat.toFixed(9), lng: x.lng.toFixed(9) }));
    const check = async (bbox: Bounds | undefined, cellDeg: number) => {
      const label = `${JSON.stringify(bbox)} ${cellDeg}`;
      expect(index.countPoints(c, bbox), label).toEqual(await countPoints(tdb.pool, c, bbox));
      const sqlPoints = await findPoints(tdb.pool, c, { bbox });
      expect(pointsText(index.mapQuery(c), { bbox }), label).toBe(sqlPoints.map((r) => JSON.stringify(toPoint(r))).join(','));
      expect(rounded(index.gridCells(c, cellDeg, bbox)), label).toEqual(rounded(await gridCells(tdb.pool, c, cellDeg, bbox)));
    };
    const random = rng(11);
    let fromCells = 0;
    for (let i = 0; i < 240; i++) {
      const kind = i % 3;
      const whole = i % 2 === 1;
      const west = -104 + random() * 20;
      const south = 28 + random() * 14;
      // 0: no box (each cell size asked several times: later answers are the kept grid); 1: a small box (at most 256
      // one-degree cells, edges on and off whole degrees); 2: a box over more cells than that.
      const size = kind === 1 ? (whole ? Math.floor(random() * 4) : random() * 6) : 20 + random() * 20;
      const w = whole ? Math.round(west) : west;
      const s0 = whole ? Math.round(south) : south;
      const bbox: Bounds | undefined = kind === 0 ? undefined : { west: w, south: s0, east: w + size, north: s0 + size / 2 };
      if (kind === 1) fromCells++;
      await check(bbox, [0.25, 1, 2.8125, 5, 7.95][Math.floor(i / 3) % 5]!);
    }
    // Edges exactly on the 90 communities at one spot (41.75, -88.15): the box's bounds are inclusive.
    await check({ west: -88.15, south: 41.75, east: -87, north: 42.5 }, 0.25);
    await check({ west: -89.3, south: 41, east: -88.15, north: 41.75 }, 1);
    expect(fromCells).toBe(80);
  }, 300_000);

  it('agrees where the kept grids of the zoom levels answer: views of the whole map from their cells, filtered results by their cell numbers', async () => {
    // Cell sizes of a zoom level alone (up to zoom 10) and of the whole world are kept per index (MapIndex.grid): a
    // view without filter takes the cells inside it whole and sums again those its edges cut; a filtered result finds
    // its positions' cells in the kept grid. Compared with SQL, and exactly (every bit of the means) with the grid rule
    // applied to the index's points in id order (what the per-request grid computes).
    const none: SearchCriteria = { location: { kind: 'none' }, careTypes: [], amenities: [], includeUnpriced: false };
    const rounded = (xs: GridCell[]) => xs.map((x) => ({ ...x, lat: x.lat.toFixed(9), lng: x.lng.toFixed(9) }));
    const sizes = KEPT_SIZES;
    const random = rng(12);
    let clusters = 0;
    for (let i = 0; i < 300; i++) {
      const c = i % 3 === 0 ? randomSearch(random) : none;
      const cellDeg = sizes[i % sizes.length]!;
      const west = -102 + random() * 18;
      const south = 29 + random() * 11;
      // Small boxes (at most 256 one-degree cells: their positions come from those) and large ones (from the grid).
      const size = i % 2 === 0 ? 0.2 + random() * 20 : 24 + random() * 30;
      const bbox: Bounds | undefined = i % 5 === 0 ? undefined : { west, south, east: west + size, north: south + size / 2 };
      const label = `${JSON.stringify(c)} ${JSON.stringify(bbox)} ${cellDeg}`;
      // As a map request asks: the count told the cell size (its cells are then kept for the grid question), and not.
      const q = index.mapQuery(c);
      expect(q.countPoints(bbox, cellDeg), label).toEqual(await countPoints(tdb.pool, c, bbox));
      const cells = q.gridCells(cellDeg, bbox);
      expect(cells, label).toEqual(byRule(index, c, cellDeg, bbox));
      expect(index.gridCells(c, cellDeg, bbox), label).toEqual(cells);
      expect(rounded(cells), label).toEqual(rounded(await gridCells(tdb.pool, c, cellDeg, bbox)));
      clusters += cells.filter((x) => x.count > 1).length;
    }
    // Edges exactly on the 90 communities at one spot (41.75, -88.15), and a box cutting every cell it touches.
    for (const cellDeg of sizes) {
      for (const bbox of [
        { west: -88.15, south: 41.75, east: -87, north: 42.5 },
        { west: -89.3, south: 41, east: -88.15, north: 41.75 },
        { west: -95.01, south: 33.01, east: -94.99, north: 33.03 },
        { west: -100.5, south: 28.5, east: -75.5, north: 41.75 },
        { west: -88.15, south: 20, east: -60, north: 41.75 },
      ]) {
        const q = index.mapQuery(none);
        expect(q.countPoints(bbox, cellDeg)).toEqual(await countPoints(tdb.pool, none, bbox));
        expect(q.gridCells(cellDeg, bbox), `${JSON.stringify(bbox)} ${cellDeg}`).toEqual(byRule(index, none, cellDeg, bbox));
      }
    }
    expect(clusters).toBeGreaterThan(1000);
  }, 300_000);

  it('agrees when the warm-up made every kept grid ahead (by a dense cell table or by cell keys) before any request', async () => {
    // SearchIndex.warmUp makes the kept grids first (MapIndex.makeGridsAhead), in slices; a grid whose cells span
    // at most four times the located communities numbers them through a dense table (here zoom 8 and coarser), the
    // others by their keys (zoom 9 and 10). Same cells, counts and means, to the last bit, as the grids made on use.
    const warmed = await SearchIndex.build(tdb.pool);
    const slices = warmed.warmUp();
    let n = 0;
    while (!slices(0)) n++;
    expect(n).toBeGreaterThan(KEPT_SIZES.length);
    const random = rng(15);
    const none: SearchCriteria = { location: { kind: 'none' }, careTypes: [], amenities: [], includeUnpriced: false };
    for (let i = 0; i < 300; i++) {
      const c = i % 3 === 0 ? none : randomSearch(random);
      const cellDeg = KEPT_SIZES[i % KEPT_SIZES.length]!;
      const west = -102 + random() * 18;
      const south = 29 + random() * 11;
      const size = i % 2 === 0 ? 0.2 + random() * 20 : 24 + random() * 30;
      const bbox: Bounds | undefined = i % 4 === 0 ? undefined : { west, south, east: west + size, north: south + size / 2 };
      const label = `${JSON.stringify(c)} ${JSON.stringify(bbox)} ${cellDeg}`;
      const q = warmed.mapQuery(c);
      expect(q.countPoints(bbox, cellDeg), label).toEqual(index.mapQuery(c).countPoints(bbox, cellDeg));
      const cells = q.gridCells(cellDeg, bbox);
      expect(cells, label).toEqual(byRule(index, c, cellDeg, bbox));
      expect(cells, label).toEqual(index.gridCells(c, cellDeg, bbox));
    }
  }, 300_000);

  it("agrees on city searches whose name search the warm-up found ahead (every city's name), without searching a name again", async () => {
    // A city search also looks for the typed name among the communities' names (SearchIndex.locationCandidates). The
    // warm-up finds every city's name once (TextRows.findAhead): those searches then read the kept positions and search
    // no name's candidates (TextRows' private find is not called), and agree with SQL in every sort.
    const warmed = await SearchIndex.build(tdb.pool);
    const slices = warmed.warmUp();
    while (!slices(0));
    const find = vi.spyOn(TextRows.prototype as unknown as { find: (needle: string) => Int32Array }, 'find');
    const random = rng(16);
    let named = 0;
    try {
      for (let i = 0; i < 300; i++) {
        const [city, state] = TEST_CITIES[i % TEST_CITIES.length]!;
        const sameName = TEST_CITIES.filter(([x]) => x === city).map(([x, st], r) => ({ city: x, state: st, rank: r + 1 }));
        // As the resolver gives a typed city: its name as typed (any case), the cities of that name.
        const typed = [city, city.toUpperCase(), city.toLowerCase()][i % 3]!;
        const c: SearchCriteria = { ...randomSearch(random), location: { kind: 'city', cities: i % 5 === 0 ? [{ city, state, rank: 1 }] : sameName, nameText: typed } };
        const sort = SEARCH_SORTS[i % SEARCH_SORTS.length]!;
        const label = `${sort} ${JSON.stringify(c)}`;
        const sqlAll = await findPageIds(tdb.pool, c, sort, 10_000, 0);
        const all = warmed.search(c, sort, 10_000, 0);
        expect(sameRefs(all.page), label).toEqual(sameRefs(sqlAll));
        expect({ total: all.total, unpriced: all.unpriced }, label).toEqual(await countResult(tdb.pool, c));
        // Found by its name alone: a community outside the matched cities.
        const inCities = new Set((c.location as { cities: { city: string; state: string }[] }).cities.map((x) => `${x.state}|${x.city}`));
        if ([...warmed.cards(all.page.map((r) => r.id)).values()].some((r) => !inCities.has(`${r.state}|${r.city}`))) named++;
      }
      expect(find).not.toHaveBeenCalled();
    } finally {
      find.mockRestore();
    }
    expect(named).toBeGreaterThan(40);
  }, 300_000);

  it("lays a warmed index's cards out by place: each quarter-degree cell's cards in one run of bytes, the same cards", async () => {
    // The warm-up makes every card's pieces ahead in the radius search's cell order (SearchIndex.nearOrder), so the
    // cards of a ZIP radius or a city are read from nearby bytes. Every card made once; each cell's cards one run,
    // those without coordinates after every cell; and the written cards are the serializer's.
    const warmed = await SearchIndex.build(tdb.pool);
    const slices = warmed.warmUp();
    while (!slices(0));
    const inner = warmed as unknown as { c: { lat: Float64Array; lng: Float64Array; cards: { cardPieces: { chunkOf: Int32Array; at: Int32Array } } } };
    const { lat, lng } = inner.c;
    const { chunkOf, at } = inner.c.cards.cardPieces;
    expect([...chunkOf].every((c) => c >= 0)).toBe(true);
    const byBytes = Array.from({ length: warmed.n }, (_, i) => i).sort((a, b) => chunkOf[a]! - chunkOf[b]! || at[a]! - at[b]!);
    const cellOf = (i: number) => (Number.isNaN(lat[i]!) || Number.isNaN(lng[i]!) ? 'none' : `${Math.floor(lat[i]! * NEAR_CELLS)},${Math.floor(lng[i]! * NEAR_CELLS)}`);
    const runs: string[] = [];
    for (const i of byBytes) if (runs[runs.length - 1] !== cellOf(i)) runs.push(cellOf(i));
    expect(new Set(runs).size).toBe(runs.length);
    expect(runs.length).toBeGreaterThan(20);
    expect(runs[runs.length - 1]).toBe('none');
    const writeCard = compileJsonWriter(searchCommunitySchema)!;
    const random = rng(17);
    for (let i = 0; i < 200; i++) {
      const c = randomSearch(random);
      const sort = SEARCH_SORTS[i % SEARCH_SORTS.length]!;
      const out = new JsonBytes(64);
      warmed.writeSearchCards(out, c, sort, 20, 0, () => null);
      expect(out.done().toString(), `${sort} ${JSON.stringify(c)}`).toBe(index.searchCards(c, sort, 20, 0, () => null).communities.map((card) => writeCard(card)).join(','));
    }
  }, 300_000);

  it("agrees on a state's map, read from the state's own entries: counts, large and small views, every kept grid, exactly", async () => {
    // A state's result is summed from its state's located entries in order (search-index.map.ts StatePlaces), not from
    // the result's positions: compared with SQL and bit for bit with the grid rule over the index's points in id order.
    const random = rng(14);
    const states = [...new Set(TEST_CITIES.map(([, state]) => state)), 'ZZ'];
    const rounded = (xs: GridCell[]) => xs.map((x) => ({ ...x, lat: x.lat.toFixed(9), lng: x.lng.toFixed(9) }));
    let cells = 0;
    for (let i = 0; i < 240; i++) {
      const c: SearchCriteria = { ...randomSearch(random), location: { kind: 'state', state: states[i % states.length]! } };
      const cellDeg = [...KEPT_SIZES, 0.25][i % (KEPT_SIZES.length + 1)]!;
      const west = -102 + random() * 18;
      const south = 29 + random() * 11;
      // No view; a large one (over 256 one-degree cells: read from the state's entries); a small one (its cells).
      const size = i % 3 === 1 ? 24 + random() * 30 : 0.5 + random() * 10;
      const bbox: Bounds | undefined = i % 3 === 0 ? undefined : { west, south, east: west + size, north: south + size / 2 };
      const label = `${JSON.stringify(c)} ${JSON.stringify(bbox)} ${cellDeg}`;
      const q = index.mapQuery(c);
      expect(q.countPoints(bbox, cellDeg), label).toEqual(await countPoints(tdb.pool, c, bbox));
      const got = q.gridCells(cellDeg, bbox);
      expect(got, label).toEqual(byRule(index, c, cellDeg, bbox));
      // Asked without the count first (no view's positions at hand), and by a fresh query.
      expect(index.gridCells(c, cellDeg, bbox), label).toEqual(got);
      expect(rounded(got), label).toEqual(rounded(await gridCells(tdb.pool, c, cellDeg, bbox)));
      expect(pointsText(index.mapQuery(c), { bbox }), label).toBe((await findPoints(tdb.pool, c, { bbox })).map((r) => JSON.stringify(toPoint(r))).join(','));
      cells += got.length;
    }
    expect(cells).toBeGreaterThan(1000);
  }, 300_000);

  it('agrees when every community has coordinates (a result is then its own list of located positions)', async () => {
    const { rows } = await tdb.pool.query<{ id: number }>(`UPDATE communities SET lat = 35 + id % 7, lng = -95 + id % 5 WHERE lat IS NULL OR lng IS NULL RETURNING id`);
    expect(rows.length).toBeGreaterThan(10);
    try {
      const located = await SearchIndex.build(tdb.pool);
      const random = rng(13);
      const sizes = [...KEPT_SIZES, 0.25, 2.8125];
      const states = [...new Set(TEST_CITIES.map(([, state]) => state))];
      for (let i = 0; i < 150; i++) {
        // Every fourth a state's (its count is the set's size: no positions are made).
        const drawn = randomSearch(random);
        const c: SearchCriteria = i % 4 === 1 ? { ...drawn, location: { kind: 'state', state: states[i % states.length]! } } : drawn;
        const west = -102 + random() * 18;
        const south = 29 + random() * 11;
        const bbox: Bounds | undefined = i % 3 === 0 ? undefined : { west, south, east: west + 0.5 + random() * 15, north: south + 0.5 + random() * 8 };
        const cellDeg = sizes[i % sizes.length]!;
        const label = `${JSON.stringify(c)} ${JSON.stringify(bbox)} ${cellDeg}`;
        const q = located.mapQuery(c);
        expect(q.countPoints(bbox, cellDeg), label).toEqual(await countPoints(tdb.pool, c, bbox));
        const sqlPoints = await findPoints(tdb.pool, c, { bbox });
        expect(pointsText(q, { bbox }), label).toBe(sqlPoints.map((r) => JSON.stringify(toPoint(r))).join(','));
        expect(q.gridCells(cellDeg, bbox), label).toEqual(byRule(located, c, cellDeg, bbox));
      }
    } finally {
      await tdb.pool.query(`UPDATE communities SET lat = NULL, lng = NULL WHERE id = ANY($1)`, [rows.map((r) => r.id)]);
    }
  }, 300_000);

  it("keeps a map request's result while other searches run between its questions (the index reuses one scratch per query)", () => {
    const random = rng(9);
    for (let i = 0; i < 200; i++) {
      const c = randomSearch(random);
      const expected = index.findPoints(c);
      const q = index.mapQuery(c);
      // What a map request's awaits let in: other searches, counts and map questions.
      const other = randomSearch(random);
      index.search(other, 'price_low', 12, 0);
      index.count(randomSearch(random));
      index.findPoints(other);
      expect(q.findPoints({}), JSON.stringify(c)).toEqual(expected);
    }
  });
});

describe('smallestKeys (the first page of a price sort without sorting the whole result)', () => {
  it('equals the first k of the sorted keys, for any k and length', () => {
    const random = rng(10);
    for (let t = 0; t < 500; t++) {
      const n = Math.floor(random() * 400);
      // Distinct keys, negative ones (price_high) and -0 among them.
      const keys = Float64Array.from(new Set(Array.from({ length: n }, () => (random() < 0.05 ? -0 : Math.round((random() - 0.3) * 1e6)))));
      const k = Math.floor(random() * (keys.length + 3));
      const expected = Array.from(Float64Array.from(keys).sort().subarray(0, k));
      expect(Array.from(smallestKeys(Float64Array.from(keys), k)), `${k} of ${keys.length}`).toEqual(expected);
    }
  });
});

describe('firstBy (a page of a ZIP search without sorting the whole result)', () => {
  it('equals the first k of the sorted list, for any k and length, ties decided by the order', () => {
    const random = rng(11);
    for (let t = 0; t < 500; t++) {
      const n = Math.floor(random() * 400);
      // Few distinct distances (equal ones are common), then a unique rank.
      const d = Array.from({ length: n }, () => Math.floor(random() * 20) / 4);
      const rank = Array.from({ length: n }, (_, i) => i).sort(() => random() - 0.5);
      const compare = (a: number, b: number) => d[a]! - d[b]! || rank[a]! - rank[b]!;
      const r = Int32Array.from({ length: n }, (_, i) => i);
      const k = Math.floor(random() * (n / 4 + 3));
      expect(firstBy(r, compare, k), `${k} of ${n}`).toEqual(Array.from(r).sort(compare).slice(0, k));
    }
  });
});

describe('the API on the index and on SQL (ADR 026)', () => {
  const http = useIndexAndSqlApps(() => tdb, { ready: (onIndex) => onIndex.searchService.index!.ready() });

  it('give the same bodies for 300 random searches and map requests (typed places, misspellings, ZIP radius, every sort)', async () => {
    const random = rng(9);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const places = ['', 'Springfield', 'springfield, il', 'Sprinfield', 'Austin, TX', 'Portland', 'Texas', 'IL', '60540', '78701-1234', '99999', 'oak', 'Élan', 'Manor, MA'];
    for (let i = 0; i < 300; i++) {
      const params = new URLSearchParams();
      const place = pick(places);
      if (place) params.set('location', place);
      if (random() < 0.5) params.set('careTypes', pick(['assisted', 'Memory Care', 'independent,skilled']));
      if (random() < 0.4) params.set('priceMax', String(pick([3000, 4500, 6000])));
      if (random() < 0.3) params.set('priceMin', String(pick([2000, 2500])));
      if (random() < 0.2) params.set('includeUnpriced', 'true');
      if (random() < 0.2) params.set('amenities', pick(AMENITY_OPTIONS));
      params.set('sort', pick(SEARCH_SORTS));
      params.set('page', String(1 + Math.floor(random() * 3)));
      const url = i % 4 === 3 ? `/api/communities/search/points?${params}&zoom=${pick([3, 6, 9])}` : `/api/communities/search?${params}`;
      const [a, b] = await http.both(url);
      expect(a.statusCode, url).toBe(200);
      expect(a.json(), url).toEqual(b.json());
      // The map's answer is text made from pieces on the index (search-index.map.ts): the same bytes as the SQL path's.
      // So is the search's on the index (search-index.cards.ts writeSearchCard): the bytes of the route's serializer.
      expect(a.body, url).toBe(b.body);
      expect(a.headers['content-type'], url).toBe(b.headers['content-type']);
    }
  }, 300_000);

  it('give the same map bodies for 200 different map requests in flight at once (each reads its match where it is, in one go)', async () => {
    // The index answers a map request synchronously from its match to its bytes, over the index's own scratch
    // (search.service.ts): requests in flight together must not see each other's results. A low points limit makes
    // most answers clusters and view points, asked after the count.
    const live = http.onIndex.searchService.index!;
    const onIndex = createSearchService(tdb.pool, { cacheTtlMs: 0, index: live, mapPointsMax: 15 });
    const onSql = createSearchService(tdb.pool, { cacheTtlMs: 0, index: null, mapPointsMax: 15 });
    const random = rng(21);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const queries = Array.from({ length: 200 }, () => {
      const params = new URLSearchParams();
      const place = pick(['', '', 'Springfield', 'Texas', 'IL', '60540', 'oak']);
      if (place) params.set('location', place);
      if (random() < 0.6) params.set('careTypes', pick(['assisted', 'Memory Care', 'independent,skilled']));
      if (random() < 0.4) params.set('priceMax', String(pick([3000, 4500, 6000])));
      if (random() < 0.3) params.set('amenities', pick(AMENITY_OPTIONS));
      const view = pick(['', 'zoom=3', 'zoom=6&bbox=-100,30,-80,45', 'zoom=9&bbox=-88.5,41.5,-87.5,42.2', 'zoom=5&bbox=-125,24,-66,50']);
      return mapPointsQuerySchema.parse(Object.fromEntries(new URLSearchParams(`${params}${view ? `&${view}` : ''}`)));
    });
    const together = await Promise.all(queries.map((q) => onIndex.mapPoints(q)));
    let clustered = 0;
    for (const [k, q] of queries.entries()) {
      const sql = (await onSql.mapPoints(q)).body.toString();
      expect(together[k]!.body.toString(), JSON.stringify(q)).toBe(sql);
      if (sql.includes('"clustered":true')) clustered++;
    }
    expect(clustered).toBeGreaterThan(40);
  }, 120_000);
});

/** The points' JSON a map query writes (the inside of an answer's `points` array), as text. */
function pointsText(q: MapQuery, scope: PointScope): string {
  const out = new JsonBytes(64);
  q.writePoints(out, scope);
  return out.done().toString();
}
