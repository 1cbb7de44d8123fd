// Server clustering of the map points (ADR 018): on a seeded directory of 600 communities, a clustered
// answer loses no community (cluster counts plus single points add up to the result in the area) and
// groups exactly as the grid rule says, compared with the unclustered answer on random filters, zooms and views.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMENITY_OPTIONS, CARE_TYPES, type CareType } from '../../../contracts/constants';
import { MAP_MAX_CELLS, MAP_POINTS_MAX, type MapBounds, type MapPoint, type MapPointsResponse } from '../../../contracts/search';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../../test/db';
import { insertPricingRows } from '../../test/factories';
import type { App } from '../../types';
import { clusterCellDegrees, createSearchService } from './search.service';
import { rng } from '../../test/random';

let tdb: TestDatabase;
let app: App;
const N = 600;
const SMALL_MAX = 40;


const STATES = ['CA', 'TX', 'FL', 'NY', 'IL', 'WA'];

beforeAll(async () => {
  tdb = await createTestDatabase();
  const random = rng(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const rows = Array.from({ length: N }, (_, i) => {
    // Some share a ZIP centre exactly (as the public directory's approximate locations do); some have no coordinates.
    const shared = i % 25 === 0;
    const noCoords = i % 40 === 7;
    const careTypes = [...new Set([pick(CARE_TYPES), pick(CARE_TYPES)])];
    const price = 2000 + Math.floor(random() * 60) * 100;
    return {
      name: `Community ${i}`,
      state: pick(STATES),
      lat: noCoords ? null : shared ? 40 : 25 + random() * 23,
      lng: noCoords ? null : shared ? -100 : -124 + random() * 57,
      careTypes,
      amenities: random() < 0.5 ? [pick(AMENITY_OPTIONS)] : [],
      pricing: random() < 0.8 ? careTypes.map((c, k) => [c, price + k * 500, price + k * 500 + 1500] as const) : [],
    };
  });
  const { rows: inserted } = await tdb.pool.query<{ id: number }>(
    `INSERT INTO communities (name, address, city, state, zip_code, lat, lng, care_types, amenities, photos, min_price, max_price, source_id)
     SELECT r.name, '1 Main St', 'Town', r.state, '00000', r.lat, r.lng, r.care_types, r.amenities, '{}', r.min_price, r.max_price, r.source_id
       FROM json_to_recordset($1::json) AS r(name text, state text, lat float8, lng float8, care_types text[], amenities text[], min_price int, max_price int, source_id text)
     RETURNING id`,
    [
      JSON.stringify(
        rows.map((r, i) => ({
          name: r.name,
          state: r.state,
          lat: r.lat,
          lng: r.lng,
          care_types: r.careTypes,
          amenities: r.amenities,
          min_price: r.pricing.length ? Math.min(...r.pricing.map((p) => p[1])) : null,
          max_price: r.pricing.length ? Math.max(...r.pricing.map((p) => p[2])) : null,
          source_id: `m${i}`,
        })),
      ),
    ],
  );
  const pricing = rows.flatMap((r, i) => r.pricing.map(([careType, min, max]) => ({ community_id: inserted[i]!.id, care_type: careType, min_price: min, max_price: max })));
  await insertPricingRows(tdb.pool, pricing);
  app = await buildTestApp(tdb);
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

const inBox = (p: { lat: number; lng: number }, b?: MapBounds) => !b || (p.lat >= b.south && p.lat <= b.north && p.lng >= b.west && p.lng <= b.east);

/** The grid rule written out plainly over the unclustered points: cells of one community stay points. */
function expectedGrid(points: MapPoint[], zoom: number, bbox?: MapBounds) {
  const cell = clusterCellDegrees(zoom, bbox);
  const cells = new Map<string, MapPoint[]>();
  for (const p of points.filter((q) => inBox(q, bbox))) {
    const key = `${Math.floor(p.lng / cell)}|${Math.floor(p.lat / cell)}`;
    cells.set(key, [...(cells.get(key) ?? []), p]);
  }
  const groups = [...cells.values()];
  return {
    singles: groups.filter((g) => g.length === 1).map((g) => g[0]!.id).sort((a, b) => a - b),
    clusters: groups
      .filter((g) => g.length > 1)
      .map((g) => ({
        count: g.length,
        bounds: [Math.min(...g.map((p) => p.lng)), Math.min(...g.map((p) => p.lat)), Math.max(...g.map((p) => p.lng)), Math.max(...g.map((p) => p.lat))],
      }))
      .sort((a, b) => a.bounds[0]! - b.bounds[0]! || a.bounds[1]! - b.bounds[1]!),
  };
}

describe('map points: server clusters (ADR 018)', () => {
  const clustered = () => createSearchService(tdb.pool, { cacheTtlMs: 0, mapPointsMax: SMALL_MAX });
  const plain = () => createSearchService(tdb.pool, { cacheTtlMs: 0, mapPointsMax: Number.MAX_SAFE_INTEGER });
  const answer = async (svc: ReturnType<typeof createSearchService>, q: Parameters<ReturnType<typeof createSearchService>['mapPoints']>[0]) =>
    JSON.parse((await svc.mapPoints(q)).body.toString()) as MapPointsResponse;
  const filters = { careTypes: [] as CareType[], amenities: [] as string[], includeUnpriced: false };

  it('clusters a large result: the counts and the single points add up to the total, and match the grid rule', async () => {
    const all = await answer(plain(), { ...filters, zoom: 3 });
    expect(all).toMatchObject({ clustered: false, complete: true, clusters: [] });
    expect(all.total).toBe(N - N / 40); // every community with coordinates
    expect(all.points).toHaveLength(all.total);

    const res = await answer(clustered(), { ...filters, zoom: 3 });
    expect(res).toMatchObject({ clustered: true, complete: false, total: all.total, inView: all.total });
    expect(res.clusters.reduce((s, c) => s + c.count, 0) + res.points.length).toBe(all.total);
    expect(res.clusters.length + res.points.length).toBeLessThan(all.total / 4);
    const want = expectedGrid(all.points, 3);
    expect(res.points.map((p) => p.id).sort((a, b) => a - b)).toEqual(want.singles);
    const got = res.clusters.map((c) => ({ count: c.count, bounds: c.bounds })).sort((a, b) => a.bounds[0]! - b.bounds[0]! || a.bounds[1]! - b.bounds[1]!);
    expect(got).toEqual(want.clusters);
    // Each cluster's position is the mean of its communities, inside its bounds.
    for (const c of res.clusters) {
      expect(c.lng).toBeGreaterThanOrEqual(c.bounds[0]);
      expect(c.lat).toBeLessThanOrEqual(c.bounds[3]);
    }
  });

  it('loses no community on 120 random filters, zoom levels and views', async () => {
    const random = rng(7);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const svc = clustered();
    const ref = plain();
    let clusteredAnswers = 0;
    for (let i = 0; i < 120; i++) {
      const q = {
        location: random() < 0.3 ? pick(STATES) : undefined,
        careTypes: random() < 0.5 ? [pick(CARE_TYPES)] : [],
        amenities: random() < 0.2 ? [pick(AMENITY_OPTIONS)] : [],
        priceMin: random() < 0.3 ? 3000 : undefined,
        priceMax: random() < 0.3 ? 6000 : undefined,
        includeUnpriced: random() < 0.2,
      };
      const zoom = Math.floor(random() * 12);
      const west = -125 + random() * 40;
      const south = 24 + random() * 15;
      const bbox = random() < 0.7 ? { west, south, east: west + 2 + random() * 40, north: south + 2 + random() * 20 } : undefined;
      const all = await answer(ref, { ...q, zoom: 3 });
      const res = await answer(svc, { ...q, zoom, bbox });
      const inView = all.points.filter((p) => inBox(p, bbox));
      expect(res.total, JSON.stringify(q)).toBe(all.total);
      expect(res.clusters.reduce((s, c) => s + c.count, 0) + res.points.length).toBe(res.complete ? all.total : inView.length);
      if (res.complete) {
        expect(res.points).toEqual(all.points);
      } else if (!res.clustered) {
        expect(res.points).toEqual(inView);
      } else {
        clusteredAnswers++;
        const want = expectedGrid(all.points, zoom, bbox);
        expect(res.points.map((p) => p.id).sort((a, b) => a - b)).toEqual(want.singles);
        // Single points carry the same facts (price of the chosen care type, provenance) as unclustered ones.
        for (const p of res.points) expect(p).toEqual(all.points.find((x) => x.id === p.id));
        expect(res.clusters.map((c) => c.count).sort((a, b) => a - b)).toEqual(want.clusters.map((c) => c.count).sort((a, b) => a - b));
      }
    }
    expect(clusteredAnswers).toBeGreaterThan(10);
  }, 120_000);

  it('answers the view as single points when few enough of the result are in it', async () => {
    const bbox = { west: -101, south: 39, east: -99, north: 41 }; // the shared ZIP centre and a few more
    const all = await answer(plain(), { ...filters, zoom: 3 });
    const res = await answer(clustered(), { ...filters, zoom: 8, bbox });
    expect(res).toMatchObject({ clustered: false, complete: false, clusters: [] });
    expect(res.points).toEqual(all.points.filter((p) => inBox(p, bbox)));
    expect(res.points.length).toBeGreaterThanOrEqual(N / 25);
  });

  it('a cluster cell grows so that no zoom level and area yields more than MAP_MAX_CELLS cells', () => {
    for (const zoom of [0, 3, 10, 22]) {
      for (const area of [undefined, { west: -180, south: -90, east: 180, north: 90 }, { west: -90, south: 30, east: -89, north: 31 }]) {
        const cell = clusterCellDegrees(zoom, area);
        const b = area ?? { west: -180, south: -90, east: 180, north: 90 };
        expect(((b.east - b.west) / cell) * ((b.north - b.south) / cell)).toBeLessThanOrEqual(MAP_MAX_CELLS + 1e-6);
      }
    }
    // At zoom 3 the cell is 48 screen pixels: 8.4375 degrees.
    expect(clusterCellDegrees(3)).toBeCloseTo(8.4375, 6);
  });

  it('the endpoint takes zoom and bbox and refuses malformed ones with a 400', async () => {
    const ok = await app.inject({ method: 'GET', url: '/api/communities/search/points?zoom=6&bbox=-100,30,-90,40' });
    expect(ok.statusCode).toBe(200);
    const body = ok.json<MapPointsResponse>();
    // The whole result is under MAP_POINTS_MAX: it comes complete, whatever the view.
    expect(body.total).toBeLessThanOrEqual(MAP_POINTS_MAX);
    expect(body).toMatchObject({ complete: true, clustered: false, inView: body.total });
    for (const qs of ['zoom=23', 'zoom=-1', 'zoom=x', 'bbox=1,2,3', 'bbox=10,0,5,5', 'bbox=-190,0,0,10', 'bbox=a,b,c,d', 'bbox=0,0,1,1,1']) {
      const res = await app.inject({ method: 'GET', url: `/api/communities/search/points?${qs}` });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json<{ error: { code: string; message: string } }>().error.code).toBe('VALIDATION_ERROR');
    }
  });
});
