// The in-memory index of the competitive set, the portfolio's price positions and a county's market (issue 15,
// ADR 029): every listed community as the markets repo's communityById reads it, ordered by longitude stripe and
// latitude for the neighbour search, with its review sentiment and its customer review themes summed over all
// quarters, every portfolio community's price position, and every county's care types, prices, reputation, top
// operators and publishers (the county statements grouped by county).
// PostgreSQL stays the source of truth and the reference: the markets service answers from SQL until the
// first build, when SEARCH_INDEX is off, and for a community the index does not hold (a delisted one).
// The neighbour search repeats markets.repo.ts's `neighbours` step by step: the same latitude/longitude box
// (BETWEEN, inclusive), the same haversine expression in the same order of operations, `miles <= radius`,
// nearest first, then by id. The live wrapper (lib/live-index.ts) rebuilds it on the search index's change
// notifications (migration 0024's triggers on communities, prices and operators; a published review
// updates the community's rating and review count, so it notifies too). market-index-equivalence.test.ts
// compares every answer with the SQL path.
import type pg from 'pg';
import { CUSTOMER_THEMES } from '../../../contracts/themes';
import { readIndexRows } from '../../db/client';
import type { Queryable } from '../../db/sql';
import { BUILD_PRIORITY, LiveIndex, type LiveIndexOptions } from '../../lib/live-index';
import type { OperatorPlace, PortfolioCommunityRow, PortfolioSource, PortfolioTrendRow, ThemeTotals } from '../themes/themes.service';
import * as repo from './markets.repo';
import type { PortfolioPricePosition } from '../../../contracts/themes';
import { careTypesOf, competitorSearches, portfolioPricePosition, pricePositionsOf, PORTFOLIO_RADIUS_MILES, CompetitorColumns, SetFigures, type Competitors, type SentimentFigures } from './competitive-set';
import { MIN_COMPETITORS, type PricePosition } from '../../../contracts/markets';
import { interner, listInterner, lowerBound, TextColumn } from '../../lib/collections';
import { paced, stepDue, type Steps } from '../../lib/pace';

export type Neighbour = repo.CommunityRow & { miles: number };

export interface MarketIndexStats {
  communities: number;
  located: number;
  buildMs: number;
  /** How long warm() took to compute the portfolios' price positions (ms; undefined until it has finished). */
  warmMs?: number;
}

const THEME_COUNT = CUSTOMER_THEMES.length;
/** The county market's top operators (markets.service's TOP_OPERATORS). */
export const TOP_OPERATORS = 5;
const countyReads = (db: Queryable) => repo.everyCountyRows(db, TOP_OPERATORS);
const RAD = Math.PI / 180;

/**
 * repo.neighbours' MILES expression in JavaScript (PostgreSQL's radians(x) is x * (pi / 180)), with each latitude's
 * cosine given as cos(lat * RAD): the index keeps one per community instead of computing one per candidate of a
 * radius; the same doubles.
 */
function milesCos(lat1: number, lng1: number, cos1: number, lat2: number, lng2: number, cos2: number): number {
  const a = Math.sin(((lat2 - lat1) * RAD) / 2);
  const b = Math.sin(((lng2 - lng1) * RAD) / 2);
  return 2 * 3958.8 * Math.asin(Math.min(1, Math.sqrt(a * a + cos1 * cos2 * (b * b))));
}

/** The SQL's latitude/longitude box around (lat, lng) for `radius` miles (its bounds computed as PostgreSQL computes `$1 - $5`). */
function box(lat: number, lng: number, radius: number) {
  const dLat = (radius / 69.0) * 1.01;
  const dLng = Math.min(180, (radius / (69.0 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)))) * 1.01);
  return { dLat, lngLo: lng - dLng, lngHi: lng + dLng };
}

/**
 * The listed communities' rows (what communityById reads) as columns, each row made again when it is asked for (ADR
 * 018, 2026-11-28 morning): kept as objects they were about four million old-generation objects at scale 10 (each row,
 * its name, its latitude, longitude and rating as number objects, its prices), the costliest part of the heap for a
 * major collection to mark (bench/heap.ts: +500 ms of a full collection), for the few rows a request shows. Strings
 * and lists many communities share are one copy each; names are outside the heap (TextColumn).
 */
class MarketRows {
  private readonly positionById = new Map<number, number>();
  private readonly id: Int32Array;
  private name!: TextColumn;
  private readonly city: string[];
  private readonly state: string[];
  /** NaN: null. */
  private readonly lat: Float64Array;
  private readonly lng: Float64Array;
  private readonly careTypes: string[][];
  private readonly amenities: string[][];
  private readonly rating: Float64Array;
  private readonly reviewCount: Int32Array;
  private readonly approximate: Uint8Array;
  private readonly listingStatus: string[];
  private readonly sourceKind: string[];
  private readonly sourceName: string[];
  private readonly sourceAsOf: (string | null)[];
  /** Row p's prices are priceStart[p] .. priceStart[p + 1] - 1, in the row's order. */
  private readonly priceStart: Int32Array;
  private readonly priceCare: string[] = [];
  private readonly priceMin: number[] = [];
  private readonly priceMax: number[] = [];

  private constructor(n: number) {
    this.id = new Int32Array(n);
    this.city = new Array<string>(n);
    this.state = new Array<string>(n);
    this.lat = new Float64Array(n);
    this.lng = new Float64Array(n);
    this.careTypes = new Array<string[]>(n);
    this.amenities = new Array<string[]>(n);
    this.rating = new Float64Array(n);
    this.reviewCount = new Int32Array(n);
    this.approximate = new Uint8Array(n);
    this.listingStatus = new Array<string>(n);
    this.sourceKind = new Array<string>(n);
    this.sourceName = new Array<string>(n);
    this.sourceAsOf = new Array<string | null>(n);
    this.priceStart = new Int32Array(n + 1);
  }

  /** The rows in this order (position p = rows[p]), as steps (lib/pace.ts). */
  static *build(rows: readonly repo.CommunityRow[]): Steps<MarketRows> {
    const n = rows.length;
    const m = new MarketRows(n);
    const intern = interner();
    const list = listInterner(intern);
    m.name = yield* TextColumn.steps(n, (p) => rows[p]!.name);
    for (let p = 0; p < n; p++) {
      if (stepDue(p)) yield;
      const r = rows[p]!;
      m.id[p] = r.id;
      m.positionById.set(r.id, p);
      m.city[p] = intern(r.city);
      m.state[p] = intern(r.state);
      m.lat[p] = r.lat ?? NaN;
      m.lng[p] = r.lng ?? NaN;
      m.careTypes[p] = list(r.care_types);
      m.amenities[p] = list(r.amenities);
      m.rating[p] = r.rating;
      m.reviewCount[p] = r.review_count;
      m.approximate[p] = r.location_approximate ? 1 : 0;
      m.listingStatus[p] = intern(r.listing_status);
      m.sourceKind[p] = intern(r.source_kind);
      m.sourceName[p] = intern(r.source_name);
      m.sourceAsOf[p] = intern(r.source_as_of);
      for (const price of r.prices) {
        m.priceCare.push(intern(price.careType));
        m.priceMin.push(price.minPrice);
        m.priceMax.push(price.maxPrice);
      }
      m.priceStart[p + 1] = m.priceCare.length;
    }
    return m;
  }

  get size(): number {
    return this.id.length;
  }

  /** The position of community `id`, or undefined when it is not listed. */
  positionOf(id: number): number | undefined {
    return this.positionById.get(id);
  }

  /** Row p, as the driver read it (lists of care types and amenities shared between rows: never to be changed). */
  row(p: number): repo.CommunityRow {
    const lat = this.lat[p]!;
    const lng = this.lng[p]!;
    const prices: repo.CommunityRow['prices'] = [];
    for (let k = this.priceStart[p]!; k < this.priceStart[p + 1]!; k++) prices.push({ careType: this.priceCare[k]!, minPrice: this.priceMin[k]!, maxPrice: this.priceMax[k]! });
    return {
      id: this.id[p]!,
      name: this.name.at(p)!,
      city: this.city[p]!,
      state: this.state[p]!,
      lat: Number.isNaN(lat) ? null : lat,
      lng: Number.isNaN(lng) ? null : lng,
      care_types: this.careTypes[p]!,
      amenities: this.amenities[p]!,
      rating: this.rating[p]!,
      review_count: this.reviewCount[p]!,
      location_approximate: this.approximate[p] === 1,
      listing_status: this.listingStatus[p]!,
      source_kind: this.sourceKind[p]!,
      source_name: this.sourceName[p]!,
      source_as_of: this.sourceAsOf[p]!,
      prices,
    };
  }
}

/** Width of the longitude stripes of the neighbour search (degrees): a 10-mile box spans 2-3 of them. */
const STRIPE_DEGREES = 0.25;
const STRIPES = Math.ceil(360 / STRIPE_DEGREES) + 1;
const stripeOf = (lng: number) => Math.min(STRIPES - 1, Math.max(0, Math.floor((lng + 180) / STRIPE_DEGREES)));
/**
 * Price positions computed after the build, in the background, the largest portfolios first: by default every
 * portfolio community's (POSITIONS_WARMED_ALL), so that a portfolio met for the first time computes nothing
 * (at scale 10 most of a distinct portfolio's time was its communities' positions, 4.7x scale 1's).
 */
export const POSITIONS_WARMED_ALL = Number.POSITIVE_INFINITY;
/** The longest a price-position computation runs before it lets the event loop answer others (ms). */
const SLICE_MS = 10;

export interface MarketIndexOptions {
  /** Price positions computed after the build for the largest portfolios first; every one by default (0: none). */
  positionsWarmed?: number;
}

export class MarketIndex {
  /**
   * Price positions at the portfolio's radius (null: no location) of listed communities: computed after the build
   * (warm(), up to positionsWarmed) or on first demand, and kept for the index's life (at most one per community).
   * They were once computed for every listed community inside the build (407-714 s at scale 10, ADR 029), then kept
   * as objects for 100,000 communities (so that at scale 10 most portfolios computed theirs on every first visit).
   */
  private readonly positions: CompactPositions;
  private readonly positionsWarmed: number;
  /** Settles when warm() has finished (tests). */
  warming: Promise<void> = Promise.resolve();
  /**
   * Where each longitude stripe (STRIPE_DEGREES wide) starts in `located`, which is ordered by stripe, then by
   * latitude: stripe s is [stripeStart[s], stripeStart[s + 1]). A box's search reads the latitude band of the
   * stripes its longitudes cross, not the band across the whole country; and what it reads of each community it
   * finds (its place, then the competitive set's columns) lies side by side in memory: with `located` by latitude
   * alone, a stripe's neighbours were ~40 positions apart at scale 10 and every column read was a cache miss.
   */
  private readonly stripeStart: Int32Array;
  /** cos(latitude * RAD) of each located community (milesCos). */
  private readonly cosLats: Float64Array;
  /** What the competitive set's figures read of each located community, by position in `located` (made by the build). */
  private columnsOf: CompetitorColumns | null = null;

  private constructor(
    /**
     * The listed communities: first those with a location (positions 0 .. lats.length - 1, the `located` positions),
     * by longitude stripe, then latitude (then id); then the others.
     */
    private readonly rows: MarketRows,
    private readonly lats: Float64Array,
    private readonly lngs: Float64Array,
    private readonly locatedIds: Int32Array,
    /** By community id (NaN: no reviews): sentimentOf's figures, in typed arrays (one object each cost ~60 MB at scale 10). */
    private readonly sentiments: Float64Array,
    private readonly reviewCounts: Int32Array,
    /** Community id -> position in `mentions`/`sums` (THEME_COUNT entries each) and its scored reviews. */
    private readonly themeAt: Int32Array,
    private readonly scoredCounts: Int32Array,
    private readonly mentions: Int32Array,
    private readonly sums: Float64Array,
    private readonly portfolios: CompactPortfolios,
    private readonly trends: CompactTrends,
    private readonly operators: Map<number, OperatorPlace>,
    private readonly counties: Map<string, repo.CountyRows>,
    /**
     * The markets overview's supply and publishers, read in the build's snapshot (ADR 029, 2026-11-28): read per
     * overview, its whole-table statements ran past the 5 s statement timeout at scale 10 under load.
     */
    readonly supply: repo.SupplyReads,
    readonly stats: MarketIndexStats,
    /** The highest listed id and the listed communities' care types, counted (CompactPositions' sizes). */
    sizes: { maxId: number; entries: number },
    options: MarketIndexOptions = {},
  ) {
    this.positionsWarmed = options.positionsWarmed ?? POSITIONS_WARMED_ALL;
    this.positions = new CompactPositions(sizes.maxId, rows.size, sizes.entries);
    this.cosLats = lats.map((lat) => Math.cos(lat * RAD));
    this.stripeStart = new Int32Array(STRIPES + 1);
    for (let k = 0; k < lngs.length; k++) this.stripeStart[stripeOf(lngs[k]!) + 1]!++;
    for (let s = 0; s < STRIPES; s++) this.stripeStart[s + 1]! += this.stripeStart[s]!;
  }

  static async build(pool: pg.Pool, options: MarketIndexOptions = {}): Promise<MarketIndex> {
    const started = performance.now();
    const reads = [repo.listedCommunities, repo.allSentiments, repo.scoredReviews, repo.themeTotals, repo.portfolioCommunities, repo.portfolioTrends, repo.operatorPlaces, countyReads, repo.readSupply] as const;
    const [rows, sentiments, scored, totals, portfolioRows, trendRows, operators, counties, supply] = await readIndexRows(pool, ...reads);
    // The index in slices between requests (lib/pace.ts): at scale 10 made in one call it held the event loop 30 s.
    const index = await paced(
      (function* (): Steps<MarketIndex> {
        const located = rows.filter((r) => r.lat !== null && r.lng !== null);
        yield;
        located.sort((a, b) => stripeOf(a.lng!) - stripeOf(b.lng!) || a.lat! - b.lat! || a.id - b.id);
        yield;
        const kept = yield* MarketRows.build([...located, ...rows.filter((r) => r.lat === null || r.lng === null)]);
        const sizes = { maxId: 0, entries: 0 };
        for (let k = 0; k < rows.length; k++) {
          if (stepDue(k)) yield;
          sizes.maxId = Math.max(sizes.maxId, rows[k]!.id);
          sizes.entries += careTypesOf(rows[k]!).length;
        }
        const lats = Float64Array.from(located, (r) => r.lat!);
        const lngs = Float64Array.from(located, (r) => r.lng!);
        const locatedIds = Int32Array.from(located, (r) => r.id);
        yield;
        // Figures by community id (serial ids: dense arrays).
        let maxId = 0;
        for (const r of rows) maxId = Math.max(maxId, r.id);
        for (const s of sentiments) maxId = Math.max(maxId, s.community_id);
        for (const s of scored) maxId = Math.max(maxId, s.community_id);
        yield;
        const sentimentById = new Float64Array(maxId + 1).fill(NaN);
        const reviewsById = new Int32Array(maxId + 1);
        for (let k = 0; k < sentiments.length; k++) {
          if (stepDue(k)) yield;
          const s = sentiments[k]!;
          sentimentById[s.community_id] = s.sentiment;
          reviewsById[s.community_id] = s.n;
        }
        const themeAt = new Int32Array(maxId + 1).fill(-1);
        const scoredById = new Int32Array(maxId + 1);
        for (let k = 0; k < scored.length; k++) {
          if (stepDue(k)) yield;
          const s = scored[k]!;
          themeAt[s.community_id] = k * THEME_COUNT;
          scoredById[s.community_id] = s.scored;
        }
        const mentions = new Int32Array(scored.length * THEME_COUNT);
        const sums = new Float64Array(scored.length * THEME_COUNT);
        for (let k = 0; k < totals.length; k++) {
          if (stepDue(k)) yield;
          const t = totals[k]!;
          const at = t.community_id <= maxId ? themeAt[t.community_id]! : -1;
          // Quarter rows exist only for scored reviews; a community without a summary row has none.
          if (at < 0 || t.i < 0 || t.i >= THEME_COUNT) continue;
          mentions[at + t.i] = t.mentions;
          sums[at + t.i] = t.sum;
        }
        const portfolios = yield* CompactPortfolios.build(portfolioRows);
        const trends = yield* CompactTrends.build(trendRows);
        const index = new MarketIndex(
          kept,
          lats,
          lngs,
          locatedIds,
          sentimentById,
          reviewsById,
          themeAt,
          scoredById,
          mentions,
          sums,
          portfolios,
          trends,
          new Map(operators.map(({ id, ...place }) => [id, place])),
          counties,
          supply,
          { communities: rows.length, located: located.length, buildMs: 0 },
          sizes,
          options,
        );
        yield;
        // The competitive set's columns are part of the build, not of a first request.
        index.columnsOf = yield* CompetitorColumns.build(located, index.sentimentFigures);
        return index;
      })(),
    );
    index.stats.buildMs = performance.now() - started;
    // In the background: the build (and the builds queued after it) does not wait for it.
    index.warming = index.warm();
    return index;
  }

  /**
   * Computes the price positions of the largest portfolios' communities, largest operator first, up to
   * `positionsWarmed`, SLICE_MS at a time (requests are answered in between). A portfolio met before its turn
   * computes its own on demand.
   */
  private async warm(): Promise<void> {
    const started = performance.now();
    let slice = started;
    let computed = 0;
    every: for (const ids of this.portfolios.bySize()) {
      for (const id of ids) {
        if (computed >= this.positionsWarmed) break every;
        if (this.positions.has(id)) continue;
        const c = this.community(id);
        if (!c) continue;
        this.positions.set(id, this.positionOf(c));
        computed++;
        if (performance.now() - slice > SLICE_MS) {
          await new Promise(setImmediate);
          slice = performance.now();
        }
      }
    }
    this.stats.warmMs = performance.now() - started;
  }

  /**
   * The price positions at the portfolio's radius of the listed communities among `ids` (the others are left
   * out: the service computes theirs), as the markets service computes one: kept ones read, the others (met before
   * warm() reached them) computed and kept, SLICE_MS at a time, so that a portfolio of thousands of communities met
   * first (6,800 for the largest operator at scale 10) does not hold the event loop.
   */
  async pricePositions(ids: readonly number[]): Promise<Map<number, PortfolioPricePosition | null>> {
    const out = new Map<number, PortfolioPricePosition | null>();
    let slice = performance.now();
    for (const id of ids) {
      let p = this.positions.get(id);
      if (p === undefined) {
        const c = this.community(id);
        if (!c) continue;
        p = this.positionOf(c);
        this.positions.set(id, p);
        if (performance.now() - slice > SLICE_MS) {
          await new Promise(setImmediate);
          slice = performance.now();
        }
      }
      out.set(id, p);
    }
    return out;
  }

  /** How many price positions are kept now (tests). */
  get positionsHeld(): number {
    return this.positions.size;
  }

  /**
   * The competitive set of a community with a location at `radius` (competitorSearches on this index): every
   * competitor's row (made from the columns), nearest first, and the first `shown` with their distances. The
   * competitive set's and the portfolio's figures read the columns instead (competitorFigures, positionOf) when at
   * least MIN_COMPETITORS are within the radius; this serves the smaller sets and a radius other than the portfolio's.
   */
  competitorRows(c: repo.CommunityRow, radius: number, shown: number): Competitors<repo.CommunityRow> & { shown: Neighbour[] } {
    const searches = competitorSearches<number>(radius);
    let step = searches.next();
    while (!step.done) step = searches.next(this.nearest(c.id, c.lat!, c.lng!, step.value.miles, step.value.limit));
    const { set, withinRadius } = step.value;
    return {
      set: set.map((k) => this.rows.row(k)),
      withinRadius,
      shown: set.slice(0, shown).map((k) => this.neighbourAt(k, c.lat!, c.lng!)),
    };
  }

  /**
   * The competitive set's figures of a community with a location at `radius`, and its first `shown` competitors
   * with their distances: competitorRows' set, read without ordering it. With at least MIN_COMPETITORS within the
   * radius the set is all of them (thousands at 25 miles at scale 10) and every figure is independent of their order
   * (SetFigures), so only the `shown` nearest are picked out, not all sorted by distance.
   */
  competitorFigures(c: repo.CommunityRow, radius: number, shown: number): { figures: SetFigures; withinRadius: number; shown: Neighbour[] } {
    const { dLat, lngLo, lngHi } = box(c.lat!, c.lng!, radius);
    const { found, dist } = this.within(c.id, c.lat!, c.lng!, radius, c.lat! - dLat, c.lat! + dLat, lngLo, lngHi);
    if (found.length < MIN_COMPETITORS) {
      const rows = this.competitorRows(c, radius, shown);
      return { figures: SetFigures.of(c, rows.set, this.sentimentFigures), withinRadius: rows.withinRadius, shown: rows.shown };
    }
    const figures = new SetFigures(c, this.sentimentFigures, this.columns());
    for (const k of found) figures.add(k);
    const first = this.first(found, dist, shown).map((o) => this.neighbourAt(found[o]!, c.lat!, c.lng!));
    return { figures, withinRadius: found.length, shown: first };
  }

  private columns(): CompetitorColumns {
    return this.columnsOf!;
  }

  /** The listed community as communityById reads it; undefined when it is not listed (ask SQL). */
  community(id: number): repo.CommunityRow | undefined {
    const p = this.rows.positionOf(id);
    return p === undefined ? undefined : this.rows.row(p);
  }

  /**
   * repo.neighbours: listed communities other than `id` within `radius` miles of (lat, lng), nearest first,
   * then by id; only the first `limit` of them (the SQL's rows sliced), built as rows only for those.
   */
  neighbours(id: number, lat: number, lng: number, radius: number, limit = Infinity): Neighbour[] {
    return this.nearest(id, lat, lng, radius, limit).map((k) => this.neighbourAt(k, lat, lng));
  }

  /** The row at position k of `located` with its distance from (lat, lng), computed as within() computed it. */
  private neighbourAt(k: number, lat: number, lng: number): Neighbour {
    // row(k) is a new object each time: the distance goes on it (the SQL's row with its distance, the same key order).
    const row = this.rows.row(k) as Neighbour;
    row.miles = milesCos(lat, lng, Math.cos(lat * RAD), this.lats[k]!, this.lngs[k]!, this.cosLats[k]!);
    return row;
  }

  /** neighbours() as positions in `located` (neighbourAt() gives each one's row and distance). */
  private nearest(id: number, lat: number, lng: number, radius: number, limit = Infinity): number[] {
    const { dLat, lngLo, lngHi } = box(lat, lng, radius);
    if (limit <= 32) return this.nearestFew(id, lat, lng, radius, limit, dLat, lngLo, lngHi);
    const { found, dist } = this.within(id, lat, lng, radius, lat - dLat, lat + dLat, lngLo, lngHi);
    const order = Array.from(found.keys());
    order.sort(this.before(found, dist));
    return order.slice(0, limit).map((o) => found[o]!);
  }

  /**
   * The portfolio's price position of listed community c (null without a location), as competitorSearches and
   * portfolioPricePosition give it. With at least MIN_COMPETITORS within the radius the set is all of them, and
   * the figures (sorted prices, counts) do not depend on their order: no sort and no rows with distances, which
   * were most of a position's cost at scale 10 (sets of hundreds of competitors).
   */
  private positionOf(c: repo.CommunityRow): PortfolioPricePosition | null {
    if (c.lat === null || c.lng === null) return null;
    const radius = PORTFOLIO_RADIUS_MILES;
    const { dLat, lngLo, lngHi } = box(c.lat, c.lng, radius);
    const { found } = this.within(c.id, c.lat, c.lng, radius, c.lat - dLat, c.lat + dLat, lngLo, lngHi);
    if (found.length < MIN_COMPETITORS) return portfolioPricePosition(c, radius, this.competitorRows(c, radius, 0));
    const figures = new SetFigures(c, this.sentimentFigures, this.columns());
    for (const k of found) figures.addPrices(k);
    return { radiusMiles: radius, competitors: found.length, withinRadius: found.length, positions: pricePositionsOf(c, figures) };
  }

  /**
   * The located communities other than `id` in the latitude band [latLo, latHi] and the longitude box, within
   * `radius` miles: their positions in `located` and their distances.
   */
  private within(id: number, lat: number, lng: number, radius: number, latLo: number, latHi: number, lngLo: number, lngHi: number) {
    const found: number[] = [];
    const dist: number[] = [];
    const { lats, lngs, cosLats, locatedIds, stripeStart } = this;
    const cos = Math.cos(lat * RAD);
    // The order found does not matter: every caller orders by (distance, id), a total order.
    for (let s = stripeOf(lngLo), last = stripeOf(lngHi); s <= last; s++) {
      const end = stripeStart[s + 1]!;
      for (let k = lowerBound(lats, latLo, stripeStart[s]!, end); k < end && lats[k]! <= latHi; k++) {
        const cLng = lngs[k]!;
        if (cLng < lngLo || cLng > lngHi || locatedIds[k] === id) continue;
        const m = milesCos(lat, lng, cos, lats[k]!, cLng, cosLats[k]!);
        if (m <= radius) {
          found.push(k);
          dist.push(m);
        }
      }
    }
    return { found, dist };
  }

  /** The SQL's order: nearest first, then by id (over indexes into `found`/`dist`). */
  private before(found: number[], dist: number[]) {
    const ids = this.locatedIds;
    return (a: number, b: number) => dist[a]! - dist[b]! || ids[found[a]!]! - ids[found[b]!]!;
  }

  /**
   * The nearest `limit` of the box within `radius` (the 50-, 150- and 500-mile steps): searched within a
   * growing distance r (radius / 8, doubled up to radius), the box's longitude bounds kept. A community within
   * r miles lies within r / 69.09 degrees of latitude (a great-circle distance is at least the latitude
   * difference; the band below is r / 69 * 1.01 degrees, a margin of 1.1%), so the band finds every community
   * of the box within r; once it finds `limit` of them, every other community of the box is farther than r,
   * so they are the nearest `limit` of the box within `radius`. The 500-mile step scanned about half the
   * country's communities for each of a portfolio's rural ones.
   */
  private nearestFew(id: number, lat: number, lng: number, radius: number, limit: number, dLat: number, lngLo: number, lngHi: number): number[] {
    for (let r = radius / 8; ; r *= 2) {
      const last = r * 2 > radius;
      const reach = last ? radius : r;
      const band = last ? dLat : (reach / 69.0) * 1.01;
      const { found, dist } = this.within(id, lat, lng, reach, lat - band, lat + band, lngLo, lngHi);
      if (found.length < limit && !last) continue;
      return this.first(found, dist, limit).map((o) => found[o]!);
    }
  }

  /** The nearest `limit` of within()'s `found` in the SQL's order (indexes into found/dist), in one pass keeping them sorted. */
  private first(found: number[], dist: number[], limit: number): number[] {
    const before = this.before(found, dist);
    const best: number[] = [];
    if (limit <= 0) return best;
    for (let o = 0; o < found.length; o++) {
      if (best.length === limit && before(o, best[limit - 1]!) >= 0) continue;
      let at = best.length === limit ? limit - 1 : best.length;
      while (at > 0 && before(o, best[at - 1]!) < 0) at--;
      best.splice(at, 0, o);
      if (best.length > limit) best.pop();
    }
    return best;
  }

  /** What repo.countyRows reads of a county (care types, prices, reputation, top operators, publishers). */
  countyRows(fips: string): repo.CountyRows {
    return this.counties.get(fips) ?? repo.NO_COUNTY_ROWS;
  }

  /** repo.sentimentOf's figures of every community, read from the index's arrays (NaN or beyond them: none). */
  readonly sentimentFigures: SentimentFigures = {
    has: (id) => id < this.sentiments.length && !Number.isNaN(this.sentiments[id]!),
    sentiment: (id) => this.sentiments[id]!,
    reviews: (id) => this.reviewCounts[id]!,
  };

  /** The portfolio's rows of every operator (selectPortfolioCommunities and selectPortfolioTrend per operator). */
  readonly portfolio: PortfolioSource = {
    communities: (operatorId) => this.portfolios.of(operatorId),
    trend: (operatorId) => this.trends.of(operatorId),
    operator: (operatorId) => this.operators.get(operatorId) ?? null,
  };

  /** The customer review themes of these communities, summed over all quarters (what the theme report adds up). */
  themeTotals(ids: readonly number[]): ThemeTotals {
    const mentions = new Array<number>(THEME_COUNT).fill(0);
    const sums = new Array<number>(THEME_COUNT).fill(0);
    let reviews = 0;
    for (const id of new Set(ids)) {
      const at = this.themeAt[id] ?? -1;
      if (at < 0) continue;
      reviews += this.scoredCounts[id]!;
      for (let i = 0; i < THEME_COUNT; i++) {
        mentions[i]! += this.mentions[at + i]!;
        sums[i]! += this.sums[at + i]!;
      }
    }
    return { reviews, mentions, sums };
  }
}

/**
 * Every operator's portfolio rows (markets.repo's portfolioCommunities) by community id in typed arrays, each operator's
 * community ids in the statement's order: one object per row (452,470 at scale 10) made the market index the costliest
 * part of the heap to mark in a major collection (bench/heap.ts's full-collection times, ADR 027). Null is NaN.
 */
/** `n` empty strings, pushed one by one (a packed array). */
function strings(n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push('');
  return out;
}

class CompactPortfolios {
  private readonly byOperator = new Map<number, Int32Array>();
  /** Outside the heap (TextColumn). */
  private name!: TextColumn;
  private readonly city: string[];
  private readonly state: string[];
  private readonly rating: Float64Array;
  private readonly reviews: Int32Array;
  private readonly avg: Float64Array;
  private readonly minPrice: Float64Array;
  private readonly maxPrice: Float64Array;

  private constructor(maxId: number) {
    // Filled by push (packed elements: one array of pointers; written at scattered ids it could turn into a dictionary).
    this.city = strings(maxId + 1);
    this.state = strings(maxId + 1);
    this.rating = new Float64Array(maxId + 1);
    this.reviews = new Int32Array(maxId + 1);
    this.avg = new Float64Array(maxId + 1);
    this.minPrice = new Float64Array(maxId + 1);
    this.maxPrice = new Float64Array(maxId + 1);
  }

  /** The portfolios of `rows` (by operator), as steps (lib/pace.ts). */
  static *build(rows: (PortfolioCommunityRow & { operator_id: number })[]): Steps<CompactPortfolios> {
    const intern = interner();
    let maxId = 0;
    for (const r of rows) maxId = Math.max(maxId, r.id);
    const nulled = (n: number | null) => (n === null ? NaN : n);
    const names = strings(maxId + 1);
    const c = new CompactPortfolios(maxId);
    // The rows come by operator: each operator's ids are one run of them.
    for (let from = 0; from < rows.length; ) {
      const operatorId = rows[from]!.operator_id;
      let to = from;
      while (to < rows.length && rows[to]!.operator_id === operatorId) to++;
      const ids = new Int32Array(to - from);
      for (let k = from; k < to; k++) {
        if (stepDue(k)) yield;
        const r = rows[k]!;
        ids[k - from] = r.id;
        names[r.id] = r.name;
        c.city[r.id] = intern(r.city);
        c.state[r.id] = intern(r.state);
        c.rating[r.id] = r.rating;
        c.reviews[r.id] = r.review_count;
        c.avg[r.id] = nulled(r.avg);
        c.minPrice[r.id] = nulled(r.min_price);
        c.maxPrice[r.id] = nulled(r.max_price);
      }
      c.byOperator.set(operatorId, ids);
      from = to;
    }
    c.name = yield* TextColumn.steps(maxId + 1, (id) => names[id]!);
    return c;
  }

  /** The operator's rows, new objects (the caller may change them). */
  of(operatorId: number): PortfolioCommunityRow[] {
    const ids = this.byOperator.get(operatorId);
    if (!ids) return [];
    const value = (n: number) => (Number.isNaN(n) ? null : n);
    return Array.from(ids, (id) => ({
      id,
      name: this.name.at(id)!,
      city: this.city[id]!,
      state: this.state[id]!,
      rating: this.rating[id]!,
      review_count: this.reviews[id]!,
      avg: value(this.avg[id]!),
      min_price: value(this.minPrice[id]!),
      max_price: value(this.maxPrice[id]!),
    }));
  }

  /** Every operator's community ids, the largest portfolio first (then by operator id). */
  bySize(): Int32Array[] {
    return [...this.byOperator].sort((a, b) => b[1].length - a[1].length || a[0] - b[0]).map(([, ids]) => ids);
  }
}

/**
 * Price positions at the portfolio's radius by community id, in typed arrays: one slot per community (its set's
 * counts, or none for a community without a location) and one entry per care type (code, price, competitors
 * priced, p25, median, p75, min, max, percentile; null is NaN). Every portfolio community's position is computed
 * after the build and kept: as objects, the 430,000 of scale 10 would be ~200 MB of heap for every major collection
 * to mark; here they take 62 bytes per care type of a community (an estimated 50-70 MB at scale 10) outside it, and
 * a portfolio reads them without computing anything.
 */
class CompactPositions {
  private static readonly NONE = -1;
  private static readonly NULL = -2;
  private readonly slotOf: Int32Array;
  private readonly competitors: Int32Array;
  private readonly withinRadius: Int32Array;
  private readonly entryStart: Int32Array;
  private readonly careCode: Uint16Array;
  private readonly competitorsPriced: Int32Array;
  /** price, p25, median, p75, min, max, percentile of each entry (FIELDS apart). */
  private readonly figures: Float64Array;
  private readonly careTypes: string[] = [];
  private readonly codeOf = new Map<string, number>();
  private slots = 0;
  private entries = 0;
  private nulls = 0;

  /** `maxId`: the largest community id; `maxEntries`: at least the care types of every position that will be kept. */
  constructor(maxId: number, slots: number, maxEntries: number) {
    this.slotOf = new Int32Array(maxId + 1).fill(CompactPositions.NONE);
    this.competitors = new Int32Array(slots);
    this.withinRadius = new Int32Array(slots);
    this.entryStart = new Int32Array(slots + 1);
    this.careCode = new Uint16Array(maxEntries);
    this.competitorsPriced = new Int32Array(maxEntries);
    this.figures = new Float64Array(maxEntries * FIELDS);
  }

  get size(): number {
    return this.slots + this.nulls;
  }

  has(id: number): boolean {
    return id < this.slotOf.length && this.slotOf[id] !== CompactPositions.NONE;
  }

  set(id: number, p: PortfolioPricePosition | null): void {
    if (this.has(id)) return;
    if (p === null) {
      this.slotOf[id] = CompactPositions.NULL;
      this.nulls++;
      return;
    }
    const slot = this.slots++;
    this.slotOf[id] = slot;
    this.competitors[slot] = p.competitors;
    this.withinRadius[slot] = p.withinRadius;
    for (const e of p.positions) {
      let code = this.codeOf.get(e.careType);
      if (code === undefined) this.codeOf.set(e.careType, (code = this.careTypes.push(e.careType) - 1));
      const at = this.entries++;
      this.careCode[at] = code;
      this.competitorsPriced[at] = e.competitorsPriced;
      const f = at * FIELDS;
      const v = [e.price, e.p25, e.median, e.p75, e.min, e.max, e.percentile];
      for (let x = 0; x < FIELDS; x++) this.figures[f + x] = v[x] ?? NaN;
    }
    this.entryStart[slot + 1] = this.entries;
  }

  /** The kept position of `id` (a new object), null for a community without a location, undefined when not kept. */
  get(id: number): PortfolioPricePosition | null | undefined {
    const slot = id < this.slotOf.length ? this.slotOf[id]! : CompactPositions.NONE;
    if (slot === CompactPositions.NONE) return undefined;
    if (slot === CompactPositions.NULL) return null;
    const value = (n: number) => (Number.isNaN(n) ? null : n);
    const positions: PricePosition[] = [];
    for (let at = this.entryStart[slot]!; at < this.entryStart[slot + 1]!; at++) {
      const f = at * FIELDS;
      const x = this.figures;
      positions.push({
        careType: this.careTypes[this.careCode[at]!]!,
        price: value(x[f]!),
        competitorsPriced: this.competitorsPriced[at]!,
        p25: value(x[f + 1]!),
        median: value(x[f + 2]!),
        p75: value(x[f + 3]!),
        min: value(x[f + 4]!),
        max: value(x[f + 5]!),
        percentile: value(x[f + 6]!),
      });
    }
    return { radiusMiles: PORTFOLIO_RADIUS_MILES, competitors: this.competitors[slot]!, withinRadius: this.withinRadius[slot]!, positions };
  }
}
/** Figures per entry of CompactPositions. */
const FIELDS = 7;

/** Portfolio trend rows of every operator in typed arrays (one object per row would cost ~20x the memory at scale 10). */
class CompactTrends {
  private readonly quarters: string[] = [];
  private readonly at = new Map<number, { from: number; to: number }>();
  private readonly quarter: Uint16Array;
  private readonly employee: Uint8Array;
  private readonly reviews: Int32Array;
  private readonly avg: Float64Array;

  private constructor(n: number) {
    this.quarter = new Uint16Array(n);
    this.employee = new Uint8Array(n);
    this.reviews = new Int32Array(n);
    this.avg = new Float64Array(n);
  }

  /** The trends of `rows` (sorted here by operator), as steps (lib/pace.ts). */
  static *build(rows: (PortfolioTrendRow & { operator_id: number })[]): Steps<CompactTrends> {
    yield;
    rows.sort((a, b) => a.operator_id - b.operator_id);
    yield;
    const n = rows.length;
    const t = new CompactTrends(n);
    const quarterAt = new Map<string, number>();
    for (let k = 0; k < n; k++) {
      if (stepDue(k)) yield;
      const r = rows[k]!;
      let q = quarterAt.get(r.quarter);
      if (q === undefined) quarterAt.set(r.quarter, (q = t.quarters.push(r.quarter) - 1));
      t.quarter[k] = q;
      t.employee[k] = r.kind === 'employee' ? 1 : 0;
      t.reviews[k] = r.reviews;
      t.avg[k] = r.avg;
      const span = t.at.get(r.operator_id);
      if (span) span.to = k + 1;
      else t.at.set(r.operator_id, { from: k, to: k + 1 });
    }
    return t;
  }

  of(operatorId: number): PortfolioTrendRow[] {
    const span = this.at.get(operatorId);
    if (!span) return [];
    const out: PortfolioTrendRow[] = [];
    for (let k = span.from; k < span.to; k++) {
      out.push({ quarter: this.quarters[this.quarter[k]!]!, kind: this.employee[k] ? 'employee' : 'customer', reviews: this.reviews[k]!, avg: this.avg[k]! });
    }
    return out;
  }
}

/** The index kept current by the search index's change notifications. */
export function liveMarketIndex(pool: pg.Pool, channel: string, options: LiveIndexOptions = {}): LiveIndex<MarketIndex> {
  return new LiveIndex(pool, {
    name: 'market index',
    priority: BUILD_PRIORITY.markets,
    channel,
    build: async (pool) => {
      const index = await MarketIndex.build(pool);
      // Said when done: at scale 10 the positions take a while after the build (requests are answered meanwhile).
      void index.warming.then(() => options.log?.(`market index: ${index.positionsHeld} portfolio price positions computed in ${Math.round(index.stats.warmMs ?? 0)} ms`));
      return index;
    },
    describe: ({ stats: s }) => `${s.communities} communities (${s.located} located) in ${Math.round(s.buildMs)} ms`,
    ...options,
  });
}
