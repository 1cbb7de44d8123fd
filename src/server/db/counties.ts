// County of every community (issue 15, docs/decisions/020-markets.md) and the ACS county population.
// Both run at load/import time and at start (idempotently), never per request:
// - loadCountyPopulation: data/public/county-2019.csv.gz -> county_population (ACS 2015-2019).
// - assignCounties: communities.county_fips from the record's county name where it matches the ACS
//   county list of its state; otherwise the us-atlas county shape containing its coordinates; a point
//   outside every shape (on the water of a simplified coast) or in another state's shape takes the
//   county of its state whose centroid is nearest.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { feature } from 'topojson-client';
import type { Feature, Geometry } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { publicFiles } from './public-dataset/files';
import type { Queryable } from './sql';


export interface CountyRow {
  fips: string;
  county: string;
  state: string;
  population65: number | null;
  percent85: number | null;
  population2010: number | null;
  lat: number | null;
  lng: number | null;
}

const num = (v: string | undefined): number | null => {
  if (v === undefined) return null;
  const t = v.trim();
  if (t === '' || t.toUpperCase() === 'N/A') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
};

export function readCountyFile(file = publicFiles().counties): CountyRow[] {
  const rows = parse(gunzipSync(readFileSync(file)).toString('utf8'), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  return rows.map((r) => ({
    fips: r['fips']!.padStart(5, '0'),
    county: r['county']!,
    state: r['state']!,
    population65: num(r['population_65_plus']),
    percent85: num(r['percent_85_plus']),
    population2010: num(r['population_2010']),
    lat: num(r['lat']),
    lng: num(r['lng']),
  }));
}

/** Writes the ACS county file into county_population; a second run changes nothing. Returns the row count. */
export async function loadCountyPopulation(db: Queryable, opts: { file?: string; ifEmpty?: boolean } = {}): Promise<number> {
  if (opts.ifEmpty) {
    const { rows: have } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM county_population');
    if (have[0]!.n > 0) return have[0]!.n;
  }
  const rows = readCountyFile(opts.file);
  const col = <K extends keyof CountyRow>(k: K) => rows.map((r) => r[k]);
  await db.query(
    `INSERT INTO county_population (fips, county, state, population_65, percent_85, population_2010, lat, lng)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::real[], $6::int[], $7::float8[], $8::float8[])
     ON CONFLICT (fips) DO UPDATE SET county = EXCLUDED.county, state = EXCLUDED.state, population_65 = EXCLUDED.population_65,
       percent_85 = EXCLUDED.percent_85, population_2010 = EXCLUDED.population_2010, lat = EXCLUDED.lat, lng = EXCLUDED.lng
     WHERE (county_population.county, county_population.state, county_population.population_65, county_population.percent_85,
            county_population.population_2010, county_population.lat, county_population.lng)
       IS DISTINCT FROM (EXCLUDED.county, EXCLUDED.state, EXCLUDED.population_65, EXCLUDED.percent_85,
            EXCLUDED.population_2010, EXCLUDED.lat, EXCLUDED.lng)`,
    [col('fips'), col('county'), col('state'), col('population65'), col('percent85'), col('population2010'), col('lat'), col('lng')],
  );
  return rows.length;
}

/** 'St. Mary's County' / 'SAINT MARYS' -> 'stmarys'; 'Baltimore City' keeps its 'city'. */
export function countyKey(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\bsaint\b/g, 'st')
    .replace(/\bsainte\b/g, 'ste')
    .replace(/\s+(county|parish)$/g, '')
    .replace(/[^a-z0-9]/g, '');
}

// --- point in polygon over us-atlas's county shapes ------------------------------------------------

interface Shape {
  fips: string;
  rings: number[][][];
  box: [number, number, number, number];
}

let shapes: { list: Shape[]; grid: Map<string, number[]> } | null = null;
const CELL = 1; // degrees

/** Builds the shape index once, yielding to the event loop every 100 counties (an admin upload runs this on the app's loop). */
async function loadShapes() {
  if (shapes) return shapes;
  const require = createRequire(import.meta.url);
  const topology = JSON.parse(readFileSync(require.resolve('us-atlas/counties-10m.json'), 'utf8')) as Topology;
  const geometries = (topology.objects['counties'] as GeometryCollection).geometries;
  const list: Shape[] = [];
  const grid = new Map<string, number[]>();
  for (let n = 0; n < geometries.length; n++) {
    if (n % 100 === 99) await new Promise((resolve) => setImmediate(resolve));
    const f = feature(topology, geometries[n]!) as Feature<Geometry>;
    const g = f.geometry;
    if (!g || f.id === undefined) continue;
    const rings = g.type === 'Polygon' ? g.coordinates : g.type === 'MultiPolygon' ? g.coordinates.flat() : [];
    if (!rings.length) continue;
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const ring of rings)
      for (const [x, y] of ring) {
        if (x! < x0) x0 = x!;
        if (x! > x1) x1 = x!;
        if (y! < y0) y0 = y!;
        if (y! > y1) y1 = y!;
      }
    const idx = list.push({ fips: String(f.id), rings, box: [x0, y0, x1, y1] }) - 1;
    for (let cx = Math.floor(x0 / CELL); cx <= Math.floor(x1 / CELL); cx++)
      for (let cy = Math.floor(y0 / CELL); cy <= Math.floor(y1 / CELL); cy++) {
        const k = `${cx}:${cy}`;
        const cell = grid.get(k);
        if (cell) cell.push(idx);
        else grid.set(k, [idx]);
      }
  }
  shapes ??= { list, grid };
  return shapes;
}

function inRings(rings: number[][][], x: number, y: number): boolean {
  // Even-odd rule over every ring: holes and islands come out right.
  let inside = false;
  for (const ring of rings)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi! > y !== yj! > y && x < ((xj! - xi!) * (y - yi!)) / (yj! - yi!) + xi!) inside = !inside;
    }
  return inside;
}

/** The FIPS code of the us-atlas county shape containing (lat, lng), or null. */
export async function countyAt(lat: number, lng: number): Promise<string | null> {
  const { list, grid } = await loadShapes();
  for (const i of grid.get(`${Math.floor(lng / CELL)}:${Math.floor(lat / CELL)}`) ?? []) {
    const s = list[i]!;
    if (lng < s.box[0] || lng > s.box[2] || lat < s.box[1] || lat > s.box[3]) continue;
    if (inRings(s.rings, lng, lat)) return s.fips;
  }
  return null;
}

const toRad = (d: number) => (d * Math.PI) / 180;
/** Great-circle distance in miles (haversine, Earth radius 3,958.8 miles). */
export function haversineMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const a = Math.sin(toRad(lat2 - lat1) / 2) ** 2 + Math.cos(toRad(lat1)) * Math.cos(toRad(lat2)) * Math.sin(toRad(lng2 - lng1) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.min(1, Math.sqrt(a)));
}

export interface AssignResult {
  byName: number;
  byShape: number;
  byNearest: number;
  unassigned: number;
}

/**
 * Sets county_fips of the communities that have none (or of `communityIds`, recomputed, after an
 * import changed them). Needs county_population (loadCountyPopulation first).
 */
export async function assignCounties(db: Queryable, opts: { communityIds?: number[] } = {}): Promise<AssignResult> {
  const ids = opts.communityIds;
  if (ids && ids.length === 0) return { byName: 0, byShape: 0, byNearest: 0, unassigned: 0 };
  const { rows: counties } = await db.query<{ fips: string; county: string; state: string; lat: number | null; lng: number | null }>(
    'SELECT fips, county, state, lat, lng FROM county_population',
  );
  const byName = new Map(counties.map((c) => [`${c.state}:${countyKey(c.county)}`, c.fips]));
  const stateOfPrefix = new Map(counties.map((c) => [c.fips.slice(0, 2), c.state]));
  const { rows } = await db.query<{ id: number; state: string; county: string | null; lat: number | null; lng: number | null }>(
    `SELECT id, state, county, lat, lng FROM communities WHERE ${ids ? 'id = ANY($1::int[])' : 'county_fips IS NULL'}`,
    ids ? [ids] : [],
  );
  const ofState = new Map<string, typeof counties>();
  for (const c of counties) {
    const list = ofState.get(c.state);
    if (list) list.push(c);
    else ofState.set(c.state, [c]);
  }
  const result: AssignResult = { byName: 0, byShape: 0, byNearest: 0, unassigned: 0 };
  const outIds: number[] = [];
  const outFips: (string | null)[] = [];
  let done = 0;
  for (const r of rows) {
    // An admin upload runs this on the app's event loop: let other requests in every 2,000 rows.
    if (++done % 2000 === 0) await new Promise((resolve) => setImmediate(resolve));
    let fips: string | null = r.county ? (byName.get(`${r.state}:${countyKey(r.county)}`) ?? null) : null;
    if (fips) result.byName++;
    else if (r.lat !== null && r.lng !== null) {
      const hit = await countyAt(r.lat, r.lng);
      if (hit && stateOfPrefix.get(hit.slice(0, 2)) === r.state) {
        fips = hit;
        result.byShape++;
      } else {
        let best = Infinity;
        for (const c of ofState.get(r.state) ?? []) {
          if (c.lat === null || c.lng === null) continue;
          const d = haversineMiles(r.lat, r.lng, c.lat, c.lng);
          if (d < best) {
            best = d;
            fips = c.fips;
          }
        }
        if (fips) result.byNearest++;
      }
    }
    if (!fips) result.unassigned++;
    if (fips || ids) {
      outIds.push(r.id);
      outFips.push(fips);
    }
  }
  for (let i = 0; i < outIds.length; i += 20_000) {
    await db.query(
      `UPDATE communities c SET county_fips = v.fips
         FROM unnest($1::int[], $2::text[]) AS v(id, fips)
        WHERE c.id = v.id AND c.county_fips IS DISTINCT FROM v.fips`,
      [outIds.slice(i, i + 20_000), outFips.slice(i, i + 20_000)],
    );
  }
  return result;
}

/** Both steps, as the start and the seed run them. */
export async function ensureMarketData(db: Queryable, log: (m: string) => void = () => {}): Promise<void> {
  const started = performance.now();
  await loadCountyPopulation(db);
  const r = await assignCounties(db);
  const n = r.byName + r.byShape + r.byNearest;
  // The planner's statistics predate the counties just written: on a freshly generated database the market
  // index's per-county reads planned on them ran for over 7 minutes. (A role that does not own the table gets a
  // warning and no error.)
  if (n) await db.query('ANALYZE communities');
  if (n || r.unassigned)
    log(`counties: ${n.toLocaleString('en-US')} communities located (${r.byName} by record, ${r.byShape} by shape, ${r.byNearest} by nearest centre), ${r.unassigned} without a county (${Math.round(performance.now() - started)} ms)`);
}
