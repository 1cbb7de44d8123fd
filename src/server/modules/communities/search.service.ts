// Rules of the community search: how the typed location is understood, paging, and a short-lived
// cache of counts, pages and map points (the directory changes rarely; a search repeats often).
import { promisify } from 'node:util';
import { gzip, type ZlibOptions } from 'node:zlib';
import zipcodes from 'zipcodes';
import { US_STATES } from '../../../contracts/constants';
import {
  MAP_MAX_CELLS,
  MAP_POINTS_MAX,
  ZIP_RADIUS_MILES,
  shownPrice,
  type MapBounds,
  type MapPointsQuery,
  type MapPointsResponse,
  type SearchCommunity,
  type SearchFilters,
  type SearchQuery,
  type SearchResponse,
} from '../../../contracts/search';
import type { Queryable } from '../../db/sql';
import type { Env } from '../../env';
import { toSource } from '../../lib/provenance';
import { JsonBytes } from '../../lib/json-bytes';
import { TtlCache } from '../../lib/ttl-cache';
import { CityIndex, type CityMatch } from './city-index';
import type { SearchIndex } from './search-index';
import type { ShownFor } from './search-index.cards';
import type { LiveSearchIndex } from './search-index.live';
import { countResult, findPageIds, listCities, loadCommunities, narrowLocation, type CommunityRow, type LocationFilter, type SearchCriteria } from './search.repo';
import { countPoints, findPoints, gridCells, type Bounds, type GridCell, type PointRow, type PointScope } from './map-points.repo';
import { round, zoomCellDegrees } from './search-index.map';
import { communityAddress } from '../../lib/community-address';

const STATE_BY_NAME = new Map(Object.entries(US_STATES).map(([code, name]) => [name.toLowerCase(), code]));

/** 'IL', 'il', 'Illinois' -> 'IL'; anything else -> undefined. */
export function parseState(text: string): string | undefined {
  const t = text.trim().replace(/\.$/, '');
  if (/^[a-z]{2}$/i.test(t) && US_STATES[t.toUpperCase()]) return t.toUpperCase();
  return STATE_BY_NAME.get(t.toLowerCase().replace(/\s+/g, ' '));
}

/** Fuzzy city matches within this distance of the best similarity are kept (at most MAX_FUZZY_CITIES). */
const FUZZY_SIMILARITY_WINDOW = 0.1;
const MAX_FUZZY_CITIES = 10;

/**
 * Understands what a family types: a ZIP ("60540", "60540-1234"), a state ("IL", "Illinois"),
 * a city ("Naperville", "Naperville, IL", misspelled "Napervile") or, failing all, part of a name.
 */
export async function resolveLocation(cities: Pick<CityIndex, 'match'>, raw: string | undefined): Promise<LocationFilter> {
  const text = (raw ?? '').trim().replace(/\s+/g, ' ');
  if (!text) return { kind: 'none' };

  const zip = /^(\d{5})(?:-\d{4})?$/.exec(text)?.[1];
  if (zip) {
    const z = zipcodes.lookup(zip);
    if (z && Number.isFinite(z.latitude) && Number.isFinite(z.longitude)) {
      return { kind: 'near', lat: z.latitude, lng: z.longitude, radiusMiles: ZIP_RADIUS_MILES };
    }
    return { kind: 'zip', zip };
  }

  const state = parseState(text);
  if (state) return { kind: 'state', state };

  const comma = /^(.+?),\s*([^,]+)$/.exec(text);
  const cityState = comma?.[2] ? parseState(comma[2]) : undefined;
  if (comma?.[1] && cityState) {
    const cityText = comma[1].trim();
    const matched = pickCities(await cities.match(cityText, cityState));
    if (matched.length) return { kind: 'city', cities: matched, state: cityState };
    return { kind: 'name', text: cityText, state: cityState };
  }

  // "Springfield, somewhere" with an unknown second part: search the first part.
  const cityText = comma?.[1] ? comma[1].trim() : text;
  const matched = pickCities(await cities.match(cityText));
  if (matched.length) return { kind: 'city', cities: matched, nameText: cityText };
  return { kind: 'name', text: cityText };
}

/** Exact city matches (all of equal rank) when there are any, else the closest fuzzy ones (ranked by similarity). */
function pickCities(matches: CityMatch[]): { city: string; state: string; rank: number }[] {
  const exact = matches.filter((m) => m.exact);
  if (exact.length) return exact.map(({ city, state }) => ({ city, state, rank: 1 }));
  const best = matches[0]?.sim ?? 0;
  return matches
    .filter((m) => m.sim >= best - FUZZY_SIMILARITY_WINDOW)
    .slice(0, MAX_FUZZY_CITIES)
    .map(({ city, state }, i) => ({ city, state, rank: i + 1 }));
}

export interface SearchServiceOptions {
  /** How long counts, pages and points are reused (ms); 0 disables the cache. */
  cacheTtlMs?: number;
  /** Above this many communities (in the requested area) the map points are clustered (default MAP_POINTS_MAX). */
  mapPointsMax?: number;
  /**
   * The in-memory index (ADR 026): when it has been built, searches and map points answer from it
   * (the same answers, no database round trip); before that, and without one, from SQL.
   */
  index?: LiveSearchIndex | null;
}

const WORLD: MapBounds = { west: -180, south: -90, east: 180, north: 90 };

/**
 * The side of a server cluster cell in degrees (ADR 018): MAP_CLUSTER_CELL_PX screen pixels at the zoom
 * level (256-pixel Web Mercator tiles), grown when the area would otherwise hold more than MAP_MAX_CELLS
 * cells, so a clustered answer stays small whatever zoom and area a client sends.
 */
export function clusterCellDegrees(zoom: number, area: MapBounds = WORLD): number {
  const byZoom = zoomCellDegrees(zoom);
  const byArea = Math.sqrt(((area.east - area.west) * (area.north - area.south)) / MAP_MAX_CELLS);
  return Math.max(byZoom, byArea);
}

function filterKey(f: SearchFilters): string {
  return JSON.stringify([
    (f.location ?? '').trim().toLowerCase().replace(/\s+/g, ' '),
    [...f.careTypes].sort(),
    [...f.amenities].sort(),
    f.priceMin ?? null,
    f.priceMax ?? null,
    f.includeUnpriced,
    f.licenceType ?? null,
    f.capacity ?? null,
  ]);
}

const gzipAsync = promisify(gzip) as (buf: Buffer, options: ZlibOptions) => Promise<Buffer>;

export interface SerializedPoints {
  /** The answer's JSON as UTF-8. */
  body: Buffer;
  /** The gzip of `body`: made on the first call, then the same promise. */
  gzip(): Promise<Buffer>;
}

/**
 * A map answer's bytes, gzipped on demand at level 3 (deflate's fast mode, as the app's per-request compression):
 * a 2,000-point answer is 570 kB of JSON; level 6 cost several ms of CPU per uncached answer for a few kB less.
 */
function serializedPoints(body: Buffer): SerializedPoints {
  let zipped: Promise<Buffer> | undefined;
  return { body, gzip: () => (zipped ??= gzipAsync(body, { level: 3, chunkSize: gzipChunkFor(body.length) })) };
}

/**
 * zlib's output chunk for a map answer of `bytes` (the same gzip whatever its size): room for the whole answer in one
 * chunk for most (the JSON shrinks to ~15% at level 3; zlib's default of 16 kB made a 2,000-point answer ~6 chunks),
 * but no more than that: each chunk is a new array buffer, and young array buffers past twice the semi-space start a
 * scavenge, which at scale 10 walks every old-generation page (~12 ms). A fixed 128 kB chunk per answer made 29
 * scavenges per 3,000 distinct map answers in process at scale 10, this size 18 (16 without any gzip; ADR 018,
 * 2026-11-29).
 */
export function gzipChunkFor(bytes: number): number {
  return Math.max(4 * 1024, Math.min(128 * 1024, (bytes >>> 2) + 1024));
}

/** A search card's bytes, about (what an answer's buffer starts with per card of its page). */
const CARD_BYTES_GUESS = 1400;

/** A card's shown price for a search (the care-type price rule, contracts/search.ts shownPrice). */
function shownPriceFor(q: SearchQuery): ShownFor {
  return (pricing) => {
    const shown = shownPrice(pricing, q.careTypes, q);
    return shown && { ...shown, forCareTypes: q.careTypes.length > 0 };
  };
}

/** A point's bytes in an answer, about (what an answer's buffer starts with per point it expects). */
const POINT_BYTES_GUESS = 320;

/**
 * The API's map point. Its keys' order is the bytes' order (the index writes each point as one kept piece followed by
 * the query's price fields: search-index.map.ts PointBytes), so the price fields come last.
 */
export function toPoint(r: PointRow): MapPointsResponse['points'][number] {
  return {
    id: r.id,
    name: r.name,
    lat: round(r.lat, 5),
    lng: round(r.lng, 5),
    operatorName: r.operator_name,
    careTypes: r.care_types,
    source: toSource(r),
    approximate: r.location_approximate,
    minPrice: r.min_price,
    maxPrice: r.max_price,
    priceCareType: r.price_care_type,
  };
}

type CardBase = Omit<SearchCommunity, 'shownPrice' | 'distanceMiles'>;
/**
 * The part of a search card that does not depend on the query. Made per card: the index makes each row when a page
 * asks for it (search-index.cards.ts), so a memo keyed by the row (a WeakMap, until 2026-11-26) never hit and only
 * cost its insertion and the collector's work on its entries.
 */
function cardBase(r: CommunityRow): CardBase {
  return {
    ...communityAddress(r),
    phone: r.phone,
    email: r.email,
    website: r.website,
    description: r.description,
    rating: round(Number(r.rating), 2),
    reviewCount: r.review_count,
    careTypes: r.care_types,
    amenities: r.amenities,
    photos: r.photos,
    pricing: r.pricing,
    coordinates: r.lat !== null && r.lng !== null ? { lat: r.lat, lng: r.lng } : null,
    operatorName: r.operator_name,
    source: toSource(r),
  };
}

/**
 * What a map answer holds (ADR 018): the whole result as single points when it has at most `pointsMax` communities
 * with coordinates; else those in the view (`bbox`) when they are few enough; else grid clusters, with cells of one
 * community sent as points.
 */
interface MapPlan {
  /** The points to write (null: none). */
  scope: PointScope | null;
  /** How many points that is, about (the answer's buffer is sized from it). */
  expected: number;
  clusters: MapPointsResponse['clusters'];
  inView: number;
  clustered: boolean;
  complete: boolean;
}

/** Whether a map answer of these counts is grid clusters: more than `pointsMax` in the result and in the view. */
function isClustered(counted: { total: number; inView: number }, pointsMax: number): boolean {
  return counted.total > pointsMax && counted.inView > pointsMax;
}

/** The answer's plan from the counts, and the grid's cells when it is clustered (isClustered). */
function mapPlan(counted: { total: number; inView: number }, pointsMax: number, bbox: Bounds | undefined, cells: GridCell[] | null): MapPlan {
  const { total, inView } = counted;
  if (total <= pointsMax) return { scope: {}, expected: total, clusters: [], inView: total, clustered: false, complete: true };
  if (inView <= pointsMax) return { scope: { bbox }, expected: inView, clusters: [], inView, clustered: false, complete: false };
  const grid = cells ?? [];
  const singles = grid.filter((c) => c.count === 1).map((c) => c.id);
  const clusters = grid
    .filter((c) => c.count > 1)
    .map((c) => ({
      lat: round(c.lat, 5),
      lng: round(c.lng, 5),
      count: c.count,
      bounds: [round(c.west, 5), round(c.south, 5), round(c.east, 5), round(c.north, 5)] as [number, number, number, number],
    }));
  return { scope: singles.length ? { ids: singles } : null, expected: singles.length, clusters, inView, clustered: true, complete: false };
}

/** = JSON.stringify of { points, clusters, total, inView, clustered, complete }, the points written by `writePoints`. */
function mapBody(plan: MapPlan, total: number, writePoints: ((out: JsonBytes) => void) | null): Buffer {
  const out = new JsonBytes(plan.expected * POINT_BYTES_GUESS + 256);
  out.ascii('{"points":[');
  if (writePoints) writePoints(out);
  out.ascii('],"clusters":').text(JSON.stringify(plan.clusters));
  out.ascii(`,"total":${total},"inView":${plan.inView},"clustered":${plan.clustered},"complete":${plan.complete}}`);
  return out.done();
}

/** SEARCH_INDEX: on unless set to false; under NODE_ENV=test only when set to true (ADR 026). */
export function searchIndexEnabled(env: Pick<Env, 'SEARCH_INDEX' | 'NODE_ENV'>): boolean {
  if (env.SEARCH_INDEX === undefined) return env.NODE_ENV !== 'test';
  return env.SEARCH_INDEX === 'true' || env.SEARCH_INDEX === '1';
}

export function createSearchService(db: Queryable, options: SearchServiceOptions = {}) {
  const ttl = options.cacheTtlMs ?? 20_000;
  // No answer is older than `ttl`; in its last fifth it is still served while one background refresh
  // replaces it, so a popular search never makes its visitors wait at expiry.
  const age = { ttlMs: (ttl * 4) / 5, staleMs: ttl / 5 };
  const locations = new TtlCache<LocationFilter>({ ...age, maxEntries: 2000 });
  const counts = new TtlCache<{ total: number; unpriced: number }>({ ...age, maxEntries: 2000 });
  const pages = new TtlCache<SearchResponse>({ ...age, maxEntries: 1000 });
  const points = new TtlCache<SerializedPoints>({ ...age, maxEntries: 64 });
  const pointsMax = options.mapPointsMax ?? MAP_POINTS_MAX;
  const live = options.index ?? null;
  // The city list is an index of the directory, not an answer cache: reloaded (in the background) at most
  // once a minute even when the answer caches are off (APP_CACHES=false), so new cities appear within 60 s.
  // Once the search index is built it holds every listed community's city: the list is taken from it, not read
  // again with a GROUP BY over the whole table (at scale 10 on a cold database that read ran past the statement
  // timeout while the first market overview ran, and 51 first searches answered 503).
  const cityIndex = new CityIndex(() => {
    const index = live?.current;
    return index ? Promise.resolve(index.cities()) : listCities(db);
  }, Math.max(ttl * 3, 60_000));
  /** The index that answers now and its build number (a cache key part: a rebuilt index never serves an older answer). */
  const memory = (): { index: SearchIndex | null; version: number } => ({ index: live?.current ?? null, version: live?.version ?? 0 });

  /**
   * The whole map without filters and view, by cell size (the zoom level's), for one build of the index: a function
   * of the index alone, so computed once per build with the caches on or off (as the markets overview, 88202c2). A
   * new build starts anew. ADR 018, addendum of 2026-11-26 evening.
   */
  let wholeMap = { version: -1, byCell: new Map<number, Promise<SerializedPoints>>() };

  async function criteriaFor(f: SearchFilters): Promise<SearchCriteria> {
    const locKey = (f.location ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
    const location = await locations.get(locKey, () => resolveLocation(cityIndex, f.location));
    return {
      location,
      careTypes: f.careTypes,
      amenities: f.amenities,
      priceMin: f.priceMin,
      priceMax: f.priceMax,
      includeUnpriced: f.includeUnpriced,
      licenceType: f.licenceType,
      capacity: f.capacity,
    };
  }


  async function search(q: SearchQuery): Promise<SearchResponse> {
    const { index, version } = memory();
    const offset = (q.page - 1) * q.pageSize;
    const shownFor = shownPriceFor(q);
    // From the index: the total, the unpriced count and the page's cards in one synchronous pass, not cached (as the
    // insights pages and the competitive set: a kept answer is promoted to the old generation, and distinct
    // searches never hit the cache; with it on, a distinct search answered at 45-50% of the bare query, off at 58%).
    if (index) return page(index.searchCards(await criteriaFor(q), q.sort, q.pageSize, offset, shownFor));
    const fKey = filterKey(q);
    return pages.get(JSON.stringify([fKey, q.sort, q.page, q.pageSize, version]), async () => {
      const criteria = await criteriaFor(q);
      // Two statements in parallel: the total with the unpriced count (one scan), and the page.
      const [{ total, unpriced }, refs] = await Promise.all([
        counts.get(fKey, () => countResult(db, criteria)),
        findPageIds(db, criteria, q.sort, q.pageSize, offset, narrowLocation(criteria) ? 'lateral' : 'grouped'),
      ]);
      const rows = await loadCommunities(
        db,
        refs.map((r) => r.id),
      );
      const communities: SearchCommunity[] = [];
      for (const ref of refs) {
        const r = rows.get(ref.id);
        if (!r) continue; // deleted between the two queries
        communities.push({ ...cardBase(r), shownPrice: shownFor(r.pricing), distanceMiles: ref.distance === null ? null : round(ref.distance, 1) });
      }
      return page({ total, unpriced, communities });
    });

    function page({ total, unpriced, communities }: { total: number; unpriced: number; communities: SearchCommunity[] }): SearchResponse {
      return {
        communities,
        total,
        totalPages: Math.ceil(total / q.pageSize),
        page: q.page,
        pageSize: q.pageSize,
        unpricedCount: unpriced,
      };
    }
  }

  /**
   * The search's answer as the API sends it: from the index, its JSON bytes written from each card's kept pieces
   * (search-index.cards.ts writeSearchCard; the bytes the route's serializer writes for search()'s answer); from SQL,
   * search()'s answer for the route to serialize.
   */
  async function searchBody(q: SearchQuery): Promise<Buffer | SearchResponse> {
    const { index } = memory();
    if (!index) return search(q);
    const criteria = await criteriaFor(q);
    const out = new JsonBytes(q.pageSize * CARD_BYTES_GUESS + 256);
    out.ascii('{"communities":[');
    const { total, unpriced } = index.writeSearchCards(out, criteria, q.sort, q.pageSize, (q.page - 1) * q.pageSize, shownPriceFor(q));
    // searchResponseSchema's keys in its order: communities, total, page, pageSize (pagedTotalFields), totalPages, unpricedCount.
    out.ascii('],"total":').number(total).ascii(',"page":').number(q.page).ascii(',"pageSize":').number(q.pageSize);
    out.ascii(',"totalPages":').number(Math.ceil(total / q.pageSize)).ascii(',"unpricedCount":').number(unpriced).ascii('}');
    return out.done();
  }

  /**
   * The map's answer (ADR 018): the whole result as single points when it has at most `pointsMax`
   * communities with coordinates; else those in the requested view (`bbox`) when they are few enough;
   * else grid clusters by zoom level, with cells of one community sent as points. Serialized once, gzipped
   * when a client first asks for it (cached with the answer when the caches are on).
   */
  async function mapPoints(q: Pick<MapPointsQuery, keyof SearchFilters | 'zoom' | 'bbox'>): Promise<SerializedPoints> {
    const bbox = q.bbox;
    const { index, version } = memory();
    // From the index, the map of the whole directory without filters is kept for the build (without a view) or
    // cached (a view of it, which many visitors share): any other map request is computed, as a search is (a kept
    // answer is promoted; a distinct map request answered at p99 118 ms with the cache, 59 without). From SQL, every
    // answer is cached.
    const shared = !q.location?.trim() && q.careTypes.length === 0 && q.amenities.length === 0 && q.priceMin === undefined && q.priceMax === undefined && !q.licenceType && !q.capacity;
    const compute = async (): Promise<SerializedPoints> => {
      const criteria = await criteriaFor(q);
      const cellDeg = clusterCellDegrees(q.zoom, bbox);
      // From the index: every question over one match, synchronously from the match to the bytes (nothing else runs
      // in between, so the match is read where it is; the points written from their kept bytes, search-index.map.ts).
      const mine = index?.mapQuery(criteria, { synchronous: true });
      if (mine) {
        const counted = mine.countPoints(bbox, cellDeg);
        const plan = mapPlan(counted, pointsMax, bbox, isClustered(counted, pointsMax) ? mine.gridCells(cellDeg, bbox) : null);
        return serializedPoints(mapBody(plan, counted.total, plan.scope ? (out) => mine.writePoints(out, plan.scope!) : null));
      }
      // From SQL: the same questions, each a query.
      const counted = await countPoints(db, criteria, bbox);
      const plan = mapPlan(counted, pointsMax, bbox, isClustered(counted, pointsMax) ? await gridCells(db, criteria, cellDeg, bbox) : null);
      const points = plan.scope ? (await findPoints(db, criteria, plan.scope)).map((r) => JSON.stringify(toPoint(r))).join(',') : '';
      return serializedPoints(mapBody(plan, counted.total, plan.scope ? (out) => void out.text(points) : null));
    };
    if (index && !shared) return compute();
    if (index && !bbox) {
      if (wholeMap.version !== version) wholeMap = { version, byCell: new Map() };
      const kept = wholeMap.byCell;
      const cell = clusterCellDegrees(q.zoom);
      let answer = kept.get(cell);
      if (!answer) {
        answer = compute();
        kept.set(cell, answer);
        answer.catch(() => kept.delete(cell));
      }
      return answer;
    }
    const key = JSON.stringify([filterKey(q), q.zoom, bbox ? [bbox.west, bbox.south, bbox.east, bbox.north] : null, version]);
    return points.get(key, compute);
  }

  /** How a typed location is understood (cached like the searches); the assistant uses it to tell places from other words. */
  function locate(raw: string | undefined): Promise<LocationFilter> {
    const key = (raw ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
    return locations.get(key, () => resolveLocation(cityIndex, raw));
  }

  /** Stops the index's change listener (the app's onClose). */
  async function close(): Promise<void> {
    await live?.close();
  }

  return { search, searchBody, mapPoints, locate, close, index: live };
}

export type SearchService = ReturnType<typeof createSearchService>;
export type { LocationFilter };
