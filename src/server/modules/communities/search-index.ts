// The in-memory search index (ADR 026): the listed communities as columns (typed arrays, interned
// strings, one bitset per care type / amenity / licence type / capacity band / state), with the sort
// orders PostgreSQL gives. It answers what search.repo.ts answers in SQL — totals, unpriced counts,
// pages in order, cards, map points and grid cells — with the same rules (ADR 010, 016, 018), without a
// round trip. PostgreSQL stays the source of truth: search-index.live.ts rebuilds it when data changes (columns: search-index.columns.ts; map: search-index.map.ts;
// ZIP radius: search-index.near.ts; query types and price-sort keys: search-index.keys.ts),
// and search-index-equivalence.test.ts compares every answer with the SQL path.
import type { SearchSort } from '../../../contracts/constants';
import type { SearchCommunity } from '../../../contracts/search';
import type pg from 'pg';
import type { CommunityRow, LocationFilter, PageRef, SearchCriteria } from './search.repo';
import type { Bounds, GridCell, PointRow, PointScope } from './map-points.repo';
import { loadIndexRows } from './search-index.repo';
import { buildSearchColumns, type SearchColumns } from './search-index.columns';
import { Bitset, hasAll } from '../../lib/collections';
import type { JsonBytes } from '../../lib/json-bytes';
import { inTurn, type Slices } from '../../lib/live-index';
import { TextRows } from '../../lib/grams';
import { paced } from '../../lib/pace';
import { NULL_KEY, OUT_OF_BAND, POS_LIMIT, PRICE_LIMIT, UNPRICED, firstBy, smallestKeys, type Band, type Matched, type SearchIndexStats } from './search-index.keys';
import { nearPositions } from './search-index.near';
import { PriceBands } from './search-index.bands';
import { MapIndex, MapQuery, round } from './search-index.map';
import type { ShownFor } from './search-index.cards';

/** The positions of ascending lists, ascending and once each. */
function unionAscending(lists: readonly ArrayLike<number>[]): ArrayLike<number> & Iterable<number> {
  if (lists.length === 0) return [];
  if (lists.length === 1) return lists[0] as ArrayLike<number> & Iterable<number>;
  let size = 0;
  for (const l of lists) size += l.length;
  const all = new Int32Array(size);
  let at = 0;
  for (const l of lists) for (let k = 0; k < l.length; k++) all[at++] = l[k]!;
  all.sort();
  let kept = 0;
  for (let k = 0; k < all.length; k++) if (k === 0 || all[k] !== all[k - 1]) all[kept++] = all[k]!;
  return all.subarray(0, kept);
}

/** Those of `positions` in `set`, in their order (a typed list: no garbage for the scavenger to copy). */
function inSet(positions: ArrayLike<number>, set: Bitset): Int32Array {
  const out = new Int32Array(positions.length);
  let m = 0;
  for (let k = 0; k < positions.length; k++) if (set.has(positions[k]!)) out[m++] = positions[k]!;
  return out.subarray(0, m);
}

/** The city rank of a community outside the matched cities of a search without a typed name: after every rank. */
const OUTSIDE_CITIES = 1_000_000;
/**
 * A location's candidates are tested against a price band by the band's sets (PriceBands.sets) from this share of the
 * directory (1 / BAND_SETS_FROM): making the sets costs about as much as testing that many candidates by their prices.
 */
const BAND_SETS_FROM = 256;
/**
 * Search texts whose matching names an index keeps (the most recent), and their positions at most (8 MB); every city's
 * name is found ahead besides, in the warm-up (TextRows.findAhead).
 */
const NAME_TEXTS_KEPT = 512;
const NAME_POSITIONS_KEPT = 2_000_000;
/** Radius searches whose whole radius an index keeps (the oldest kept is dropped first). */
const RADII_KEPT = 64;

export class SearchIndex {
  /** 0 .. n-1: the result of a search without any filter (shared, never mutated; everyPosition()). */
  private allPositions: Int32Array | null = null;
  /** Scratch of one query (match()): its result's positions, the result as a set. */
  private resultScratch: Int32Array | null = null;
  private memberScratch: Bitset | null = null;
  /** The intersection of a query's sets (intersect()), and the empty set of a value no community has. */
  private setScratch: Bitset | null = null;
  private emptySet: Bitset | null = null;
  /** The names containing each recent search text (namesContaining). */
  private names: TextRows<Int32Array> | null = null;
  private sortPriceScratch: Float64Array | null = null;
  private sortKeyScratch: Float64Array | null = null;
  private cityRankScratch: Float64Array | null = null;
  /**
   * Distances of the current ZIP search by position, reused from one search to the next: a query runs
   * synchronously from match() to its answer, and only the positions of its own result are read.
   */
  private distanceScratch: Float64Array | null = null;
  /** A ZIP radius's positions (nearPositions), read by match() into its own scratch. */
  private nearScratch: Int32Array | null = null;
  /**
   * The whole radius (no other filter) of the most recent centres: its positions ascending and their distances. A
   * ZIP search was the costliest kind of search (the cells' box test and a haversine per community near the ZIP), and
   * families search the same ZIPs again with other filters; a radius depends only on the index.
   */
  private readonly radii = new Map<string, { positions: Int32Array; distances: Float64Array }>();
  /** The map's structures (search-index.map.ts: points' JSON pieces, located positions, whole-map grids), made on first use. */
  private maps: MapIndex | null = null;

  private constructor(
    readonly n: number,
    private readonly c: SearchColumns,
    private readonly bands: PriceBands,
    readonly stats: SearchIndexStats,
  ) {}

  /**
   * Reads the listed directory in one REPEATABLE READ snapshot (communities with their cards, ranks and
   * licence facts; prices) and builds the columns. Delisted communities are not in the index (ADR 016).
   */
  static async build(pool: pg.Pool): Promise<SearchIndex> {
    const started = performance.now();
    const raw = await loadIndexRows(pool);
    const loadMs = performance.now() - started;
    // The columns in slices between requests (lib/pace.ts).
    const { n, columns, prices } = await paced(buildSearchColumns(raw));
    const bands = await paced(PriceBands.build(columns, n));
    const buildMs = performance.now() - started;
    return new SearchIndex(n, columns, bands, { communities: n, prices, loadMs, buildMs, builtAt: new Date() });
  }

  /** The distinct (city, state) pairs of the listed directory (the city index's list). */
  cities(): { city: string; state: string }[] {
    return [...this.c.byCity.keys()].map((k) => {
      const bar = k.indexOf('|');
      return { state: k.slice(0, bar), city: k.slice(bar + 1) };
    });
  }

  /** Every city's name as a city search looks for it among the names (lower-cased; findAhead skips repeats). */
  private *cityNames(): Generator<string> {
    for (const { city } of this.cities()) yield this.c.lowerText(city);
  }

  // ---- the filters ----

  /**
   * Every filter that is a set (care types, amenities, licence type, capacity band, state), or null for none; a value
   * that no community has (an unknown care type, amenity or state) is the empty set. Not intersected here: a location's
   * few candidates are each tested against the sets (at scale 10 an intersection is 14,000 words a set per search).
   */
  private setFilter(c: SearchCriteria): readonly Bitset[] | null {
    const sets: (Bitset | undefined)[] = [];
    for (const t of c.careTypes) sets.push(this.c.careTypeBits.get(t));
    for (const a of c.amenities) sets.push(this.c.amenityBits.get(a));
    if (c.licenceType) sets.push(this.c.licenceBits.get(c.licenceType)!);
    if (c.capacity) sets.push(this.c.capacityBits.get(c.capacity)!);
    if (c.location.kind === 'state') sets.push(this.c.stateBits.get(c.location.state));
    if (c.location.kind === 'name' && c.location.state) sets.push(this.c.stateBits.get(c.location.state));
    if (sets.length === 0) return null;
    if (sets.some((b) => b === undefined)) return [(this.emptySet ??= new Bitset(this.n))];
    return sets as Bitset[];
  }

  /** The sets' intersection: a single set itself (never written to), else in this query's scratch. */
  private intersect(sets: readonly Bitset[]): Bitset {
    if (sets.length === 1) return sets[0]!;
    return Bitset.intersection(sets, (this.setScratch ??= new Bitset(this.n)));
  }

  /**
   * Positions whose lower-cased name contains `needle` (ILIKE '%needle%'), ascending: the candidates are
   * those holding the needle's two rarest 3-character substrings (lib/grams.ts gramCandidates), each
   * checked by a substring search; a needle shorter than 3 characters scans every name.
   */
  private namesContaining(needle: string): Int32Array | number[] {
    // 3 characters or more: the names under its trigrams, searched once per index build for the recent texts (shared,
    // never changed). A city's search looks for its name among the communities' names: at scale 10 a common city
    // name's candidates were searched again on every search of it.
    if (needle.length >= 3) return this.nameRows().get(needle);
    const out: number[] = [];
    for (let i = 0; i < this.n; i++) if (this.c.lowerName[i]!.includes(needle)) out.push(i);
    return out;
  }

  /** The names containing each recent search text, and every city's name once the warm-up has found them. */
  private nameRows(): TextRows<Int32Array> {
    return (this.names ??= new TextRows(this.c.nameGrams, this.c.lowerName, (p) => p, NAME_TEXTS_KEPT, NAME_POSITIONS_KEPT));
  }

  /** Positions the location keeps (ascending), or null for "every community". */
  private locationCandidates(loc: LocationFilter, distance: Float64Array | null, sets: readonly Bitset[] | null): ArrayLike<number> & Iterable<number> | null {
    switch (loc.kind) {
      case 'none':
      case 'state':
        return null;
      case 'zip':
        return this.c.byZip.get(loc.zip) ?? [];
      case 'city': {
        // The matched cities' lists (each ascending) and the names holding the typed text, as one ascending list.
        const lists: ArrayLike<number>[] = [];
        for (const c of loc.cities) {
          const list = this.c.byCity.get(`${c.state}|${c.city}`);
          if (list) lists.push(list);
        }
        if (loc.nameText) {
          const stateBits = loc.state ? this.c.stateBits.get(loc.state) : undefined;
          if (!loc.state || stateBits) {
            const named = this.namesContaining(this.c.lowerText(loc.nameText));
            lists.push(stateBits ? inSet(named, stateBits) : named);
          }
        }
        return unionAscending(lists);
      }
      case 'name':
        // The kept list itself (read, never changed): a common word's names are tens of thousands at scale 10.
        return this.namesContaining(this.c.lowerText(loc.text));
      case 'near':
        return this.withinRadius(loc, distance, sets);
    }
  }

  /**
   * The positions within the radius that are in every one of `sets` (ascending; null: none), their distances written
   * into `distance` by position (null: not wanted, as by a map, whose answer has no order: at scale 10 a radius's
   * thousands of writes spread over a 3.6 MB column): the whole radius (nearPositions) read from the kept ones, or
   * found and kept.
   */
  private withinRadius(loc: Extract<LocationFilter, { kind: 'near' }>, distance: Float64Array | null, sets: readonly Bitset[] | null): Int32Array {
    const out = (this.nearScratch ??= new Int32Array(this.n));
    const key = `${loc.lat},${loc.lng},${loc.radiusMiles}`;
    let radius = this.radii.get(key);
    if (!radius) {
      const d = distance ?? (this.distanceScratch ??= new Float64Array(this.n));
      const positions = nearPositions(this.c, loc, d, out).slice();
      radius = { positions, distances: Float64Array.from(positions, (i) => d[i]!) };
      if (this.radii.size >= RADII_KEPT) this.radii.delete(this.radii.keys().next().value!);
      this.radii.set(key, radius);
    }
    const { positions, distances } = radius;
    let m = 0;
    for (let k = 0; k < positions.length; k++) {
      const i = positions[k]!;
      if (sets && !hasAll(sets, i)) continue;
      out[m++] = i;
      if (distance) distance[i] = distances[k]!;
    }
    return out.subarray(0, m);
  }

  /** The price rule's inputs of one query, looked up once: the chosen care types by code, the band's bounds. */
  private bandOf(c: SearchCriteria): Band {
    let wanted: Uint8Array | null = null;
    if (c.careTypes.length) {
      wanted = new Uint8Array(this.c.careCode.size);
      for (const t of c.careTypes) {
        const code = this.c.careCode.get(t);
        if (code !== undefined) wanted[code] = 1;
      }
    }
    return { wanted, hasMin: c.priceMin !== undefined, min: c.priceMin ?? 0, hasMax: c.priceMax !== undefined, max: c.priceMax ?? 0 };
  }

  /**
   * The price rule for community `i` in one pass over its prices: UNPRICED when it publishes no price (of the chosen
   * care types, when there are some), OUT_OF_BAND when it does but none within the band, else the price (with care
   * types, their lowest minimum within the band; without, its own minimum).
   */
  private bandTest(i: number, b: Band): number {
    if (b.wanted === null) {
      const lo = this.c.minPrice[i]!;
      // NULL comparisons are never true: NaN comparisons neither.
      if (lo !== lo) return UNPRICED;
      if ((b.hasMax && !(lo <= b.max)) || (b.hasMin && !(this.c.maxPrice[i]! >= b.min))) return OUT_OF_BAND;
      return lo;
    }
    const { priceStart, priceCareCode, priceMinOf, priceMaxOf } = this.c;
    const wanted = b.wanted;
    let has = false;
    let best = OUT_OF_BAND;
    for (let k = priceStart[i]!; k < priceStart[i + 1]!; k++) {
      if (wanted[priceCareCode[k]!] !== 1) continue;
      has = true;
      if (b.hasMax && priceMinOf[k]! > b.max) continue;
      if (b.hasMin && priceMaxOf[k]! < b.min) continue;
      const p = priceMinOf[k]!;
      if (p < best) best = p;
    }
    return has ? best : UNPRICED;
  }

  /** This query's scratch of `n` positions (see Matched.result). */
  private scratch(): Int32Array {
    return (this.resultScratch ??= new Int32Array(this.n));
  }

  /**
   * The positions of the answer, ascending. The filters that are sets are one bitset; a location gives its few
   * candidates, each tested against the band; without a location the band is word operations on sorted price bounds
   * (search-index.bands.ts) and counts the unpriced by bits. Allocates no list: the positions go to the index's
   * scratch (a query runs synchronously from here to its answer).
   */
  private match(c: SearchCriteria, withDistances = true): Matched {
    const distance = c.location.kind === 'near' && withDistances ? (this.distanceScratch ??= new Float64Array(this.n)) : null;
    const sets = this.setFilter(c);
    const located = this.locationCandidates(c.location, distance, sets);
    const band = c.priceMin !== undefined || c.priceMax !== undefined;
    // No location and no price band: the sets (or every position) are the result as they are.
    if (!located && !band) {
      if (!sets) return { result: this.everyPosition(), total: this.n, unpriced: 0, distance, member: null };
      if (sets.length === 1) return this.ofSet(sets[0]!, sets[0]!.count(), 0);
      const set = (this.setScratch ??= new Bitset(this.n));
      return this.ofSet(set, Bitset.intersectionCount(sets, set), 0);
    }
    const b = this.bandOf(c);
    const out = this.scratch();
    let count = 0;
    if (located) {
      // A few candidates (a city, a ZIP, a name): checked against the sets (a ZIP radius's already were, before their
      // distances), then the band.
      const unchecked = c.location.kind === 'near' ? null : sets;
      // Many candidates (a ZIP's radius at scale 10: thousands): the band as sets (search-index.bands.ts), each candidate
      // tested by two bits instead of by its prices, read from columns spread over the whole directory.
      const bits = band && located.length * BAND_SETS_FROM >= this.n ? this.bands.sets(b) : null;
      let unpriced = 0;
      for (let k = 0; k < located.length; k++) {
        const i = located[k]!;
        if (unchecked && !hasAll(unchecked, i)) continue;
        if (band) {
          const t =
            bits === null || (bits.several !== null && bits.several.has(i)) ? this.bandTest(i, b) : bits.inBand.has(i) ? 0 : bits.priced.has(i) ? OUT_OF_BAND : UNPRICED;
          if (t === UNPRICED) {
            unpriced++;
            if (!c.includeUnpriced) continue;
          } else if (t === OUT_OF_BAND) continue;
        }
        out[count++] = i;
      }
      return { result: out.subarray(0, count), total: count, unpriced, distance, member: undefined };
    }
    // A price band without a location: the result can be most of the directory. Word operations over the bounds'
    // orders (search-index.bands.ts); the result's set is kept too, for the order walks. The price sorts find the
    // band price of the result's communities themselves (order()).
    const member = (this.memberScratch ??= new Bitset(this.n));
    const { total, unpriced } = this.bands.match(sets && this.intersect(sets), b, c.includeUnpriced === true, (i) => this.bandTest(i, b), member);
    return this.ofSet(member, total, unpriced);
  }

  /**
   * A result of `total` positions held as a set (no location): its positions are made only when read, into this
   * query's scratch. A page of most of the directory is a walk of an order over the set (byRank), and making
   * 450,000 positions cost about 0.2 ms a search at scale 10.
   */
  private ofSet(member: Bitset, total: number, unpriced: number): Matched {
    const out = this.scratch();
    let positions: Int32Array | null = null;
    return {
      get result() {
        return (positions ??= member.positionsInto(out));
      },
      total,
      unpriced,
      distance: null,
      member,
    };
  }

  /** 0 .. n-1: the result of a search without any filter (shared, never mutated). */
  private everyPosition(): Int32Array {
    if (!this.allPositions) {
      this.allPositions = new Int32Array(this.n);
      for (let i = 0; i < this.n; i++) this.allPositions[i] = i;
    }
    return this.allPositions;
  }

  // ---- the answers (the same as search.repo.ts's) ----

  /** = countResult(): the total and, with a price band, the unpriced count. */
  count(c: SearchCriteria): { total: number; unpriced: number } {
    const m = this.match(c);
    return { total: m.total, unpriced: c.priceMin !== undefined || c.priceMax !== undefined ? m.unpriced : 0 };
  }

  /** = countResult() and findPageIds() in one pass. */
  search(c: SearchCriteria, sort: SearchSort, limit: number, offset: number): { total: number; unpriced: number; page: PageRef[] } {
    const { total, unpriced, positions, distance } = this.searchPositions(c, sort, limit, offset);
    return { total, unpriced, page: positions.map((i) => ({ id: this.c.ids[i]!, distance: distance ? distance[i]! : null })) };
  }

  /**
   * = search() with the page's search cards (search.service.ts): `shownFor` gives a card's shown price from its
   * prices, distances are rounded as the API rounds them.
   */
  searchCards(
    c: SearchCriteria,
    sort: SearchSort,
    limit: number,
    offset: number,
    shownFor: ShownFor,
  ): { total: number; unpriced: number; communities: SearchCommunity[] } {
    const { total, unpriced, positions, distance } = this.searchPositions(c, sort, limit, offset);
    const communities = positions.map((i) => this.c.cards.searchCard(i, shownFor, distance ? round(distance[i]!, 1) : null));
    return { total, unpriced, communities };
  }

  /**
   * = searchCards() written as the API's JSON (the cards separated by commas, CardColumns.writeSearchCard); returns the
   * total and unpriced count.
   */
  writeSearchCards(
    out: JsonBytes,
    c: SearchCriteria,
    sort: SearchSort,
    limit: number,
    offset: number,
    shownFor: ShownFor,
  ): { total: number; unpriced: number } {
    const { total, unpriced, positions, distance } = this.searchPositions(c, sort, limit, offset);
    for (let k = 0; k < positions.length; k++) {
      if (k > 0) out.ascii(',');
      const i = positions[k]!;
      this.c.cards.writeSearchCard(out, i, shownFor, distance ? round(distance[i]!, 1) : null);
    }
    return { total, unpriced };
  }

  private searchPositions(c: SearchCriteria, sort: SearchSort, limit: number, offset: number) {
    const m = this.match(c);
    const band = c.priceMin !== undefined || c.priceMax !== undefined;
    const positions = this.order(m, c, sort, offset + limit).slice(offset, offset + limit);
    return { total: m.total, unpriced: band ? m.unpriced : 0, positions, distance: m.distance };
  }

  /** The first `upTo` positions of the result in the sort's order (ORDER BY of search.repo.ts). */
  private order(m: Matched, c: SearchCriteria, sort: SearchSort, upTo: number): number[] {
    if (upTo <= 0 || m.total === 0) return [];
    switch (sort) {
      case 'rating':
        return this.byRank(m, this.c.ratingRank, this.c.ratingOrder, upTo);
      case 'name':
        return this.byRank(m, this.c.nameRank, this.c.nameOrder, upTo);
      case 'price_low':
      case 'price_high': {
        if (c.careTypes.length === 0) {
          return sort === 'price_low' ? this.byRank(m, this.c.priceLowRank, this.c.priceLowOrder, upTo) : this.byRank(m, this.c.priceHighRank, this.c.priceHighOrder, upTo);
        }
        // The chosen care types' lowest price within the band; NULLS LAST, ties by id (ASC, or DESC with price_high).
        const dir = sort === 'price_low' ? 1 : -1;
        const b = this.bandOf(c);
        // A large result: a walk of the chosen care types' prices by minimum finds the page (a location's list is made a
        // set first, as byRank does: a ZIP radius's thousands were each tested by their prices).
        if (m.member !== null && this.bands.walks(b, m.total, upTo)) {
          return this.bands.firstByBandPrice(m.member ?? this.setOf(m.result), b, dir, upTo, (i) => this.bandTest(i, b));
        }
        const r = m.result;
        // Scratch of this query as well: at scale 10 a broad result's two arrays were 2 × 2.4 MB per search.
        const price = (this.sortPriceScratch ??= new Float64Array(this.n)).subarray(0, r.length);
        let inRange = this.n < POS_LIMIT;
        for (let k = 0; k < r.length; k++) {
          const t = this.bandTest(r[k]!, b);
          const p = t === UNPRICED || t === OUT_OF_BAND ? Number.NaN : t;
          price[k] = p;
          if (p === p && !(p >= 0 && p < PRICE_LIMIT)) inRange = false;
        }
        if (inRange) {
          // One number per community orders it exactly (price, then position = id), sorted natively.
          const keys = (this.sortKeyScratch ??= new Float64Array(this.n)).subarray(0, r.length);
          for (let k = 0; k < r.length; k++) {
            const i = r[k]!;
            const p = price[k]!;
            if (Number.isNaN(p)) keys[k] = NULL_KEY + (dir === 1 ? i : POS_LIMIT - 1 - i);
            else keys[k] = dir * (p * POS_LIMIT + i);
          }
          const first = smallestKeys(keys, upTo);
          const out: number[] = [];
          for (let k = 0; k < first.length; k++) {
            const key = first[k]!;
            if (key >= NULL_KEY) {
              const rest = key - NULL_KEY;
              out.push(dir === 1 ? rest : POS_LIMIT - 1 - rest);
            } else {
              out.push(Math.abs(key) % POS_LIMIT);
            }
          }
          return out;
        }
        const idx = Array.from({ length: r.length }, (_, k) => k);
        idx.sort((a, b) => {
          const pa = price[a]!;
          const pb = price[b]!;
          const na = Number.isNaN(pa);
          const nb = Number.isNaN(pb);
          if (na !== nb) return na ? 1 : -1;
          if (!na && pa !== pb) return dir * (pa - pb);
          return dir * (r[a]! - r[b]!);
        });
        return idx.slice(0, upTo).map((k) => r[k]!);
      }
      case 'relevance':
        return this.byRelevance(m, c, upTo);
    }
  }

  /**
   * The result in a precomputed order: sorts the few by their rank, or walks the whole order and keeps
   * the members when the result is a large share of the directory. The walk reads about upTo × n / total positions
   * of the order in turn, the sort every member's rank (spread over the directory) before selecting: the walk wins
   * from total² >= upTo × n (5,000 of 450,000 for a page of 60). A list result (a location's: a ZIP radius holds
   * thousands at scale 10) is made a set first.
   */
  private byRank(m: Matched, rank: Int32Array, order: Int32Array, upTo: number): number[] {
    if (m.total * m.total < upTo * this.n) return this.firstByKey(m.result, (i) => rank[i]!, (key) => order[key]!, upTo);
    // Every position: the order's first ones.
    if (m.member === null) return Array.from(order.subarray(0, upTo));
    const member = m.member ?? this.setOf(m.result);
    const out: number[] = [];
    for (let k = 0; k < order.length && out.length < upTo; k++) {
      const i = order[k]!;
      if (member.has(i)) out.push(i);
    }
    return out;
  }

  /** A location's result (a list) as a set, in this query's member scratch (which a set result holds otherwise). */
  private setOf(result: Int32Array): Bitset {
    const member = (this.memberScratch ??= new Bitset(this.n));
    member.words.fill(0);
    for (let k = 0; k < result.length; k++) member.set(result[k]!);
    return member;
  }

  private byRelevance(m: Matched, c: SearchCriteria, upTo: number): number[] {
    const loc = c.location;
    const rating = this.c.ratingRank;
    switch (loc.kind) {
      case 'none':
      case 'state':
      case 'zip':
        return this.byRank(m, rating, this.c.ratingOrder, upTo);
      case 'near': {
        const d = m.distance!;
        return firstBy(m.result, (a, b) => d[a]! - d[b]! || rating[a]! - rating[b]!, upTo);
      }
      case 'city': {
        // Each result's city rank (a community outside the matched cities: 1000 with a typed name, else after all),
        // by position in a scratch: set for the result, then from the matched cities' lists, the first entry of a
        // city winning (array_position).
        const r = m.result;
        const exact = loc.nameText !== undefined ? loc.nameText.toLowerCase() : undefined;
        const cityRank = (this.cityRankScratch ??= new Float64Array(this.n));
        const outside = exact !== undefined ? 1000 : OUTSIDE_CITIES;
        for (let k = 0; k < r.length; k++) cityRank[r[k]!] = outside;
        for (let x = loc.cities.length - 1; x >= 0; x--) {
          const city = loc.cities[x]!;
          for (const i of this.c.byCity.get(`${city.state}|${city.city}`) ?? []) cityRank[i] = city.rank;
        }
        if (exact !== undefined) for (let k = 0; k < r.length; k++) if (this.c.lowerName[r[k]!] === exact) cityRank[r[k]!] = 0;
        return this.byGroupThenRating(r, (i) => cityRank[i]!, upTo);
      }
      case 'name': {
        const exact = loc.text.toLowerCase();
        const prefix = this.c.lowerText(loc.text);
        const key = (i: number) => (this.c.lowerName[i] === exact ? 0 : this.c.lowerName[i]!.startsWith(prefix) ? 1 : 2);
        return this.byGroupThenRating(m.result, key, upTo);
      }
    }
  }

  /**
   * The first `upTo` positions of `r` by `key`, an integer below 2^53 that differs for every position (a rank, or a
   * small group number × POS_LIMIT + a rank), without sorting the whole result; `decode` gives a key's position.
   */
  private firstByKey(r: Int32Array, key: (i: number) => number, decode: (key: number) => number, upTo: number): number[] {
    const keys = (this.sortKeyScratch ??= new Float64Array(this.n)).subarray(0, r.length);
    for (let k = 0; k < r.length; k++) keys[k] = key(r[k]!);
    return Array.from(smallestKeys(keys, upTo), decode);
  }

  /** The first `upTo` of `r` by a small whole group number (below 2^31), then by rating (relevance's order). */
  private byGroupThenRating(r: Int32Array, group: (i: number) => number, upTo: number): number[] {
    const rating = this.c.ratingRank;
    return this.firstByKey(r, (i) => group(i) * POS_LIMIT + rating[i]!, (key) => this.c.ratingOrder[key % POS_LIMIT]!, upTo);
  }

  /** = loadCommunities(): the cards of these ids (those in the index). */
  cards(ids: number[]): Map<number, CommunityRow> {
    const out = new Map<number, CommunityRow>();
    for (const id of ids) {
      const i = this.c.posById.get(id);
      if (i !== undefined) out.set(id, this.c.cards.row(i));
    }
    return out;
  }

  /**
   * The warm-up after a build (LiveIndex): the map's kept grids, every search card's and map point's kept bytes,
   * made in slices between requests (at scale 10 ~1 s of work for the grids with the collections their arrays set
   * off, ~30 s for the cards, ~10 s for the points, more while other builds run). Made on first use instead, the
   * first distinct map requests after a start at scale 10 had a p99 of 1.8 s (ADR 018), and with the bytes made
   * ahead still 0.3 s (a grid's first use).
   */
  warmUp(): Slices {
    const maps = (this.maps ??= new MapIndex(this.c));
    let cardOrder: Int32Array | undefined;
    // The points laid out by state (each state's in id order): a map answer's points are near each other, and so are
    // their bytes (in process at scale 10, state and ZIP answers 10-17% faster than laid out in id order).
    return inTurn(
      (deadline) => maps.makeGridsAhead(deadline),
      (deadline) => this.c.cards.makeAhead(deadline, (cardOrder ??= this.nearOrder())),
      (deadline) => maps.points.makeAhead(deadline, maps.places().order),
      // A city search also looks for the typed name among the communities' names (locationCandidates): every city's
      // name found once (at scale 10: 18,719 names, ~2 s, 2.0 million positions, 8 MB).
      this.nameRows().findAhead(this.cityNames()),
    );
  }

  /**
   * Every position by quarter-degree cell of the radius search (in cell number order, each cell's ascending), then
   * those without coordinates: the cards' pieces laid out in this order put a ZIP radius's or a city's cards near each
   * other (in process at scale 10, ZIP searches 12-19% faster than with the pieces in id order).
   */
  private nearOrder(): Int32Array {
    const order = new Int32Array(this.n);
    const placed = new Uint8Array(this.n);
    let at = 0;
    for (const key of [...this.c.nearCells.keys()].sort((a, b) => a - b)) {
      const { positions } = this.c.nearCells.get(key)!;
      order.set(positions, at);
      at += positions.length;
      for (let k = 0; k < positions.length; k++) placed[positions[k]!] = 1;
    }
    for (let i = 0; i < this.n; i++) if (placed[i] === 0) order[at++] = i;
    return order;
  }

  // ---- map points (ADR 018; search-index.map.ts) ----

  /**
   * The map's questions over one match of `c` (a map request asks up to three). By default over its own copy of the
   * result (MapResult): a caller that awaits between its questions lets other queries reuse the index's scratch.
   * `{ synchronous: true }`: the caller asks all its questions before anything else runs (search.service.ts), so the
   * query reads the match where it is (at scale 10 a set result's copy was 56 kB outside the heap per map request).
   */
  mapQuery(c: SearchCriteria, options: { synchronous?: boolean } = {}): MapQuery {
    this.maps ??= new MapIndex(this.c);
    const m = this.match(c, false);
    if (m.member === null) return new MapQuery(this.c, this.maps, c, { all: true });
    if (m.member) {
      let member = m.member;
      if (!options.synchronous) {
        member = new Bitset(this.n);
        member.words.set(m.member.words);
      }
      return new MapQuery(this.c, this.maps, c, { all: false, member, total: m.total });
    }
    return new MapQuery(this.c, this.maps, c, { all: false, positions: options.synchronous ? m.result : m.result.slice() });
  }

  /** = countPoints(). */
  countPoints(c: SearchCriteria, bbox?: Bounds): { total: number; inView: number } {
    return this.mapQuery(c).countPoints(bbox);
  }

  /** = findPoints(): by id, with the chosen care types' price span within the band. */
  findPoints(c: SearchCriteria, scope: PointScope = {}): PointRow[] {
    return this.mapQuery(c).findPoints(scope);
  }

  /** = gridCells(): cells of `cellDeg` degrees anchored at (0, 0), ordered by their lowest id. */
  gridCells(c: SearchCriteria, cellDeg: number, bbox?: Bounds): GridCell[] {
    return this.mapQuery(c).gridCells(cellDeg, bbox);
  }
}
