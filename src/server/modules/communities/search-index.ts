// The in-memory search index (ADR 026): the listed communities as columns (typed arrays, interned
// strings, one bitset per care type / amenity / licence type / capacity band / state), with the sort
// orders PostgreSQL gives. It answers what search.repo.ts answers in SQL — totals, unpriced counts,
// pages in order, cards, map points and grid cells — with the same rules (ADR 010, 016, 018), without a
// round trip. PostgreSQL stays the source of truth: search-index.live.ts rebuilds it when data changes,
// and search-index-equivalence.test.ts compares every answer with the SQL path.
import { CAPACITY_BAND_RANGES, CAPACITY_BANDS, LICENCE_TYPES, type CapacityBand, type LicenceType } from '../../../contracts/licence-filters';
import type { SearchSort } from '../../../contracts/constants';
import type pg from 'pg';
import type { CommunityRow, LocationFilter, PageRef, SearchCriteria } from './search.repo';
import type { Bounds, GridCell, PointRow, PointScope } from './map-points.repo';
import { loadIndexRows } from './search-index.repo';

const EARTH_RADIUS_MILES = 3958.8;
/** PostgreSQL's radians(): x * RADIANS_PER_DEGREE (float.c), not x * π / 180. */
const RADIANS_PER_DEGREE = Math.PI / 180; // 0.017453292519943295, as the C constant rounds to a double
const radians = (deg: number) => deg * RADIANS_PER_DEGREE;
/** Sort keys of the price sorts: price × POS_LIMIT + position, exact in a double while price < PRICE_LIMIT. */
const POS_LIMIT = 2 ** 22;
const PRICE_LIMIT = 2 ** 30;
/** Keys of communities without the price: after every priced one (NULLS LAST). */
const NULL_KEY = PRICE_LIMIT * POS_LIMIT;

/** A fixed-size set of row positions, one bit each. */
class Bitset {
  readonly words: Uint32Array;
  constructor(readonly size: number) {
    this.words = new Uint32Array((size + 31) >>> 5);
  }
  static full(size: number): Bitset {
    const b = new Bitset(size);
    b.words.fill(0xffffffff);
    const tail = size & 31;
    if (tail) b.words[b.words.length - 1] = (1 << tail) - 1;
    return b;
  }
  set(i: number): void {
    this.words[i >>> 5]! |= 1 << (i & 31);
  }
  has(i: number): boolean {
    return (this.words[i >>> 5]! & (1 << (i & 31))) !== 0;
  }
  and(other: Bitset): void {
    const w = this.words;
    const o = other.words;
    for (let i = 0; i < w.length; i++) w[i]! &= o[i]!;
  }
  /** Positions of the set bits, ascending. */
  positions(): number[] {
    const out: number[] = [];
    const w = this.words;
    for (let k = 0; k < w.length; k++) {
      let word = w[k]!;
      while (word !== 0) {
        const low = word & -word;
        out.push((k << 5) + 31 - Math.clz32(low));
        word ^= low;
      }
    }
    return out;
  }
}

/** What one query keeps: positions (ascending, = id order), and the figures the answer carries. */
interface Matched {
  /** Positions of the answer's communities (priced in the band, plus unpriced ones with includeUnpriced). */
  result: number[];
  unpriced: number;
  /** Miles from the ZIP centre by position (near searches only). */
  distance: Float64Array | null;
}

export interface SearchIndexStats {
  communities: number;
  prices: number;
  /** Reading the rows from PostgreSQL, and that plus building the columns (ms). */
  loadMs: number;
  buildMs: number;
  builtAt: Date;
}

export class SearchIndex {
  private constructor(
    readonly n: number,
    private readonly ids: Int32Array,
    private readonly posById: Map<number, number>,
    private readonly rows: CommunityRow[],
    private readonly lat: Float64Array,
    private readonly lng: Float64Array,
    private readonly minPrice: Float64Array,
    private readonly maxPrice: Float64Array,
    private readonly approximate: Uint8Array,
    /** Row position -> rank in "rating_score DESC, review_count DESC, id DESC" (as PostgreSQL sorts it). */
    private readonly ratingRank: Int32Array,
    private readonly ratingOrder: Int32Array,
    /** Row position -> rank in "name ASC, id ASC" under the database's collation. */
    private readonly nameRank: Int32Array,
    private readonly nameOrder: Int32Array,
    /** Positions ordered by min_price ASC NULLS LAST, id ASC (the price sort without care types). */
    private readonly priceLowOrder: Int32Array,
    private readonly priceHighOrder: Int32Array,
    /** The names lower-cased as the database does (lower()/ILIKE). */
    private readonly lowerName: string[],
    /** Every 3-character substring of the lower-cased names -> the positions whose name has it (ascending). */
    private readonly nameGrams: Map<string, Int32Array>,
    private readonly lowerText: (s: string) => string,
    /** Pricing rows per community in the card's order: [priceStart[i], priceStart[i+1]). */
    private readonly priceStart: Int32Array,
    private readonly priceCare: string[],
    private readonly priceMinOf: Int32Array,
    private readonly priceMaxOf: Int32Array,
    private readonly careTypeBits: Map<string, Bitset>,
    private readonly amenityBits: Map<string, Bitset>,
    private readonly licenceBits: Map<LicenceType, Bitset>,
    private readonly capacityBits: Map<CapacityBand, Bitset>,
    private readonly stateBits: Map<string, Bitset>,
    /** 'state|city' and ZIP code -> positions (ascending). */
    private readonly byCity: Map<string, number[]>,
    private readonly byZip: Map<string, number[]>,
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
    const rowsIn = raw.rows;
    const n = rowsIn.length;
    const ids = new Int32Array(n);
    const posById = new Map<number, number>();
    const lat = new Float64Array(n);
    const lng = new Float64Array(n);
    const minPrice = new Float64Array(n);
    const maxPrice = new Float64Array(n);
    const approximate = new Uint8Array(n);
    const ratingRank = new Int32Array(n);
    const nameRank = new Int32Array(n);
    const lowerName: string[] = new Array<string>(n);
    const rows: CommunityRow[] = new Array<CommunityRow>(n);
    const careTypeBits = new Map<string, Bitset>();
    const amenityBits = new Map<string, Bitset>();
    const licenceBits = new Map<LicenceType, Bitset>(LICENCE_TYPES.map((t) => [t, new Bitset(n)]));
    const capacityBits = new Map<CapacityBand, Bitset>(CAPACITY_BANDS.map((b) => [b, new Bitset(n)]));
    const stateBits = new Map<string, Bitset>();
    const byCity = new Map<string, number[]>();
    const byZip = new Map<string, number[]>();
    const bitsOf = <K>(map: Map<K, Bitset>, key: K): Bitset => {
      let b = map.get(key);
      if (!b) map.set(key, (b = new Bitset(n)));
      return b;
    };
    const listOf = (map: Map<string, number[]>, key: string): number[] => {
      let l = map.get(key);
      if (!l) map.set(key, (l = []));
      return l;
    };
    const intern = new Map<string, string>();
    const interned = (s: string) => {
      const hit = intern.get(s);
      if (hit !== undefined) return hit;
      intern.set(s, s);
      return s;
    };

    // Rows come ordered by id: position order is id order.
    for (let i = 0; i < n; i++) {
      const r = rowsIn[i]!;
      ids[i] = r.row.id;
      posById.set(r.row.id, i);
      lat[i] = r.row.lat ?? NaN;
      lng[i] = r.row.lng ?? NaN;
      minPrice[i] = r.min_price ?? NaN;
      maxPrice[i] = r.max_price ?? NaN;
      approximate[i] = r.location_approximate ? 1 : 0;
      ratingRank[i] = r.rating_rank;
      nameRank[i] = r.name_rank;
      lowerName[i] = r.lower_name;
      r.row.city = interned(r.row.city);
      r.row.state = interned(r.row.state);
      r.row.zip_code = interned(r.row.zip_code);
      r.row.source_kind = interned(r.row.source_kind);
      r.row.source_name = interned(r.row.source_name);
      if (r.row.operator_name !== null) r.row.operator_name = interned(r.row.operator_name);
      r.row.care_types = r.row.care_types.map(interned);
      r.row.amenities = r.row.amenities.map(interned);
      rows[i] = r.row;
      for (const c of r.row.care_types) bitsOf(careTypeBits, c).set(i);
      for (const a of r.row.amenities) bitsOf(amenityBits, a).set(i);
      for (const t of LICENCE_TYPES) if (r.licence[t]) licenceBits.get(t)!.set(i);
      if (r.capacity !== null) {
        for (const b of CAPACITY_BANDS) {
          const range = CAPACITY_BAND_RANGES[b];
          if (r.capacity >= range.min && (range.max === null || r.capacity <= range.max)) capacityBits.get(b)!.set(i);
        }
      }
      bitsOf(stateBits, r.row.state).set(i);
      listOf(byCity, `${r.row.state}|${r.row.city}`).push(i);
      listOf(byZip, r.row.zip_code).push(i);
    }

    const ratingOrder = new Int32Array(n);
    const nameOrder = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      ratingOrder[ratingRank[i]!] = i;
      nameOrder[nameRank[i]!] = i;
    }
    const byPrice = (dir: 1 | -1) =>
      Int32Array.from(Array.from({ length: n }, (_, i) => i).sort((a, b) => {
        const pa = minPrice[a]!;
        const pb = minPrice[b]!;
        const na = Number.isNaN(pa);
        const nb = Number.isNaN(pb);
        if (na !== nb) return na ? 1 : -1; // NULLS LAST either way
        if (!na && pa !== pb) return dir * (pa - pb);
        return dir * (a - b);
      }));

    // Pricing rows, already in the card's order (min_price, care_type, id) per community.
    const priceStart = new Int32Array(n + 1);
    let priceRows = 0;
    for (const r of rows) priceRows += r.pricing.length;
    const priceCare: string[] = new Array<string>(priceRows);
    const priceMinOf = new Int32Array(priceRows);
    const priceMaxOf = new Int32Array(priceRows);
    {
      let k = 0;
      for (let i = 0; i < n; i++) {
        priceStart[i] = k;
        const pricesOfRow = rows[i]!.pricing;
        for (const p of pricesOfRow) {
          priceCare[k] = interned(p.careType);
          priceMinOf[k] = p.minPrice;
          priceMaxOf[k] = p.maxPrice;
          k++;
        }
      }
      priceStart[n] = k;
    }

    const buildMs = performance.now() - started;
    return new SearchIndex(
      n,
      ids,
      posById,
      rows,
      lat,
      lng,
      minPrice,
      maxPrice,
      approximate,
      ratingRank,
      ratingOrder,
      nameRank,
      nameOrder,
      byPrice(1),
      byPrice(-1),
      lowerName,
      gramPostings(lowerName),
      raw.asciiLower ? asciiLower : (s) => s.toLowerCase(),
      priceStart,
      priceCare,
      priceMinOf,
      priceMaxOf,
      careTypeBits,
      amenityBits,
      licenceBits,
      capacityBits,
      stateBits,
      byCity,
      byZip,
      { communities: n, prices: priceRows, loadMs, buildMs, builtAt: new Date() },
    );
  }

  /** The distinct (city, state) pairs of the listed directory (the city index's list). */
  cities(): { city: string; state: string }[] {
    return [...this.byCity.keys()].map((k) => {
      const bar = k.indexOf('|');
      return { state: k.slice(0, bar), city: k.slice(bar + 1) };
    });
  }

  // ---- the filters ----

  /** Every filter that is a set: care types, amenities, licence type, capacity band, state. */
  private setFilter(c: SearchCriteria): Bitset | null {
    const sets: Bitset[] = [];
    const empty = new Bitset(this.n);
    for (const t of c.careTypes) sets.push(this.careTypeBits.get(t) ?? empty);
    for (const a of c.amenities) sets.push(this.amenityBits.get(a) ?? empty);
    if (c.licenceType) sets.push(this.licenceBits.get(c.licenceType)!);
    if (c.capacity) sets.push(this.capacityBits.get(c.capacity)!);
    if (c.location.kind === 'state') sets.push(this.stateBits.get(c.location.state) ?? empty);
    if (c.location.kind === 'name' && c.location.state) sets.push(this.stateBits.get(c.location.state) ?? empty);
    if (sets.length === 0) return null;
    const out = new Bitset(this.n);
    out.words.set(sets[0]!.words);
    for (let k = 1; k < sets.length; k++) out.and(sets[k]!);
    return out;
  }

  /**
   * Positions whose lower-cased name contains `needle` (ILIKE '%needle%'), ascending: the candidates are
   * those holding the needle's rarest 3-character substring (every one of them must be there), each
   * checked by a substring search; a needle shorter than 3 characters scans every name.
   */
  private namesContaining(needle: string): Int32Array | number[] {
    let candidates: Int32Array | null = null;
    for (let k = 0; k + 3 <= needle.length; k++) {
      const posting = this.nameGrams.get(needle.slice(k, k + 3));
      if (!posting) return [];
      if (!candidates || posting.length < candidates.length) candidates = posting;
    }
    const out: number[] = [];
    if (candidates) {
      for (const i of candidates) if (this.lowerName[i]!.includes(needle)) out.push(i);
    } else {
      for (let i = 0; i < this.n; i++) if (this.lowerName[i]!.includes(needle)) out.push(i);
    }
    return out;
  }

  /** Positions the location keeps (ascending), or null for "every community". */
  private locationCandidates(loc: LocationFilter, distance: Float64Array | null): number[] | null {
    switch (loc.kind) {
      case 'none':
      case 'state':
        return null;
      case 'zip':
        return this.byZip.get(loc.zip) ?? [];
      case 'city': {
        const set = new Set<number>();
        for (const c of loc.cities) for (const i of this.byCity.get(`${c.state}|${c.city}`) ?? []) set.add(i);
        if (loc.nameText) {
          const stateBits = loc.state ? this.stateBits.get(loc.state) : undefined;
          if (!loc.state || stateBits) {
            for (const i of this.namesContaining(this.lowerText(loc.nameText))) if (!stateBits || stateBits.has(i)) set.add(i);
          }
        }
        return [...set].sort((a, b) => a - b);
      }
      case 'name':
        return [...this.namesContaining(this.lowerText(loc.text))];
      case 'near': {
        // The same bounding box and haversine distance as the SQL (search.repo.ts), in float8 arithmetic.
        const dLat = loc.radiusMiles / 69.0;
        const dLng = loc.radiusMiles / (69.0 * Math.max(0.05, Math.cos((loc.lat * Math.PI) / 180)));
        const south = loc.lat - dLat;
        const north = loc.lat + dLat;
        const west = loc.lng - dLng;
        const east = loc.lng + dLng;
        const cosLat = Math.cos(radians(loc.lat));
        const out: number[] = [];
        for (let i = 0; i < this.n; i++) {
          const la = this.lat[i]!;
          const lo = this.lng[i]!;
          if (!(la >= south && la <= north && lo >= west && lo <= east)) continue;
          const s1 = Math.sin(radians(la - loc.lat) / 2);
          const s2 = Math.sin(radians(lo - loc.lng) / 2);
          const d = EARTH_RADIUS_MILES * 2 * Math.asin(Math.min(1, Math.sqrt(s1 * s1 + cosLat * Math.cos(radians(la)) * s2 * s2)));
          if (d <= loc.radiusMiles) {
            out.push(i);
            distance![i] = d;
          }
        }
        return out;
      }
    }
  }

  /** Does community `i` publish a price of the chosen care types (any, without care types) within the band? */
  private priced(i: number, c: SearchCriteria): boolean {
    if (c.careTypes.length === 0) {
      // NULL comparisons are never true: NaN comparisons neither.
      if (c.priceMax !== undefined && !(this.minPrice[i]! <= c.priceMax)) return false;
      if (c.priceMin !== undefined && !(this.maxPrice[i]! >= c.priceMin)) return false;
      return true;
    }
    return this.bandPrice(i, c) !== null;
  }

  private unpriced(i: number, c: SearchCriteria): boolean {
    if (c.careTypes.length === 0) return Number.isNaN(this.minPrice[i]!);
    for (let k = this.priceStart[i]!; k < this.priceStart[i + 1]!; k++) if (c.careTypes.includes(this.priceCare[k]!)) return false;
    return true;
  }

  /** The lowest minimum price among the chosen care types' rows that overlap the band (null: none). */
  private bandPrice(i: number, c: SearchCriteria): number | null {
    let best: number | null = null;
    for (let k = this.priceStart[i]!; k < this.priceStart[i + 1]!; k++) {
      if (!c.careTypes.includes(this.priceCare[k]!)) continue;
      if (c.priceMax !== undefined && this.priceMinOf[k]! > c.priceMax) continue;
      if (c.priceMin !== undefined && this.priceMaxOf[k]! < c.priceMin) continue;
      const p = this.priceMinOf[k]!;
      if (best === null || p < best) best = p;
    }
    return best;
  }

  private match(c: SearchCriteria): Matched {
    const distance = c.location.kind === 'near' ? new Float64Array(this.n) : null;
    const sets = this.setFilter(c);
    const located = this.locationCandidates(c.location, distance);
    const band = c.priceMin !== undefined || c.priceMax !== undefined;
    const result: number[] = [];
    let unpriced = 0;
    const consider = (i: number) => {
      if (!band) {
        result.push(i);
        return;
      }
      const isUnpriced = this.unpriced(i, c);
      if (isUnpriced) unpriced++;
      if (this.priced(i, c) || (c.includeUnpriced && isUnpriced)) result.push(i);
    };
    if (located) {
      for (const i of located) if (!sets || sets.has(i)) consider(i);
    } else if (sets) {
      for (const i of sets.positions()) consider(i);
    } else {
      for (let i = 0; i < this.n; i++) consider(i);
    }
    return { result, unpriced, distance };
  }

  // ---- the answers (the same as search.repo.ts's) ----

  /** = countResult(): the total and, with a price band, the unpriced count. */
  count(c: SearchCriteria): { total: number; unpriced: number } {
    const m = this.match(c);
    return { total: m.result.length, unpriced: c.priceMin !== undefined || c.priceMax !== undefined ? m.unpriced : 0 };
  }

  /** = countResult() and findPageIds() in one pass. */
  search(c: SearchCriteria, sort: SearchSort, limit: number, offset: number): { total: number; unpriced: number; page: PageRef[] } {
    const m = this.match(c);
    const band = c.priceMin !== undefined || c.priceMax !== undefined;
    const ordered = this.order(m, c, sort, offset + limit);
    const page = ordered.slice(offset, offset + limit).map((i) => ({ id: this.ids[i]!, distance: m.distance ? m.distance[i]! : null }));
    return { total: m.result.length, unpriced: band ? m.unpriced : 0, page };
  }

  /** The first `upTo` positions of the result in the sort's order (ORDER BY of search.repo.ts). */
  private order(m: Matched, c: SearchCriteria, sort: SearchSort, upTo: number): number[] {
    const r = m.result;
    if (upTo <= 0 || r.length === 0) return [];
    switch (sort) {
      case 'rating':
        return this.byRank(r, this.ratingRank, this.ratingOrder, upTo);
      case 'name':
        return this.byRank(r, this.nameRank, this.nameOrder, upTo);
      case 'price_low':
      case 'price_high': {
        if (c.careTypes.length === 0) return this.byRank(r, null, sort === 'price_low' ? this.priceLowOrder : this.priceHighOrder, upTo);
        // The chosen care types' lowest price within the band; NULLS LAST, ties by id (ASC, or DESC with price_high).
        const dir = sort === 'price_low' ? 1 : -1;
        const price = new Float64Array(r.length);
        let inRange = this.n < POS_LIMIT;
        for (let k = 0; k < r.length; k++) {
          const p = this.bandPrice(r[k]!, c);
          price[k] = p ?? NaN;
          if (p !== null && !(p >= 0 && p < PRICE_LIMIT)) inRange = false;
        }
        if (inRange) {
          // One number per community orders it exactly (price, then position = id), sorted natively.
          const keys = new Float64Array(r.length);
          for (let k = 0; k < r.length; k++) {
            const i = r[k]!;
            const p = price[k]!;
            if (Number.isNaN(p)) keys[k] = NULL_KEY + (dir === 1 ? i : POS_LIMIT - 1 - i);
            else keys[k] = dir * (p * POS_LIMIT + i);
          }
          keys.sort();
          const out: number[] = [];
          for (let k = 0; k < keys.length && k < upTo; k++) {
            const key = keys[k]!;
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
   * the members when the result is a large share of the directory.
   */
  private byRank(r: number[], rank: Int32Array | null, order: Int32Array, upTo: number): number[] {
    if (rank && r.length * 16 < this.n) return [...r].sort((a, b) => rank[a]! - rank[b]!).slice(0, upTo);
    const member = new Bitset(this.n);
    for (const i of r) member.set(i);
    const out: number[] = [];
    for (let k = 0; k < order.length && out.length < upTo; k++) {
      const i = order[k]!;
      if (member.has(i)) out.push(i);
    }
    return out;
  }

  private byRelevance(m: Matched, c: SearchCriteria, upTo: number): number[] {
    const loc = c.location;
    const r = m.result;
    const rating = this.ratingRank;
    switch (loc.kind) {
      case 'none':
      case 'state':
      case 'zip':
        return this.byRank(r, rating, this.ratingOrder, upTo);
      case 'near': {
        const d = m.distance!;
        return [...r].sort((a, b) => d[a]! - d[b]! || rating[a]! - rating[b]!).slice(0, upTo);
      }
      case 'city': {
        const rankOf = new Map(loc.cities.map((x) => [`${x.state}|${x.city}`, x.rank] as const));
        // array_position: the first entry of a key wins.
        for (const x of [...loc.cities].reverse()) rankOf.set(`${x.state}|${x.city}`, x.rank);
        const exact = loc.nameText !== undefined ? loc.nameText.toLowerCase() : undefined;
        const key = new Map<number, number>();
        for (const i of r) {
          const row = this.rows[i]!;
          const cityRank = rankOf.get(`${row.state}|${row.city}`);
          key.set(i, exact !== undefined ? (this.lowerName[i] === exact ? 0 : (cityRank ?? 1000)) : (cityRank ?? Number.POSITIVE_INFINITY));
        }
        return [...r].sort((a, b) => key.get(a)! - key.get(b)! || rating[a]! - rating[b]!).slice(0, upTo);
      }
      case 'name': {
        const exact = loc.text.toLowerCase();
        const prefix = this.lowerText(loc.text);
        const key = (i: number) => (this.lowerName[i] === exact ? 0 : this.lowerName[i]!.startsWith(prefix) ? 1 : 2);
        return [...r].sort((a, b) => key(a) - key(b) || rating[a]! - rating[b]!).slice(0, upTo);
      }
    }
  }

  /** = loadCommunities(): the cards of these ids (those in the index). */
  cards(ids: number[]): Map<number, CommunityRow> {
    const out = new Map<number, CommunityRow>();
    for (const id of ids) {
      const i = this.posById.get(id);
      if (i !== undefined) out.set(id, this.rows[i]!);
    }
    return out;
  }

  // ---- map points (ADR 018) ----

  private hasPoint(i: number): boolean {
    return !Number.isNaN(this.lat[i]!) && !Number.isNaN(this.lng[i]!);
  }

  private inBox(i: number, b: Bounds): boolean {
    const la = this.lat[i]!;
    const lo = this.lng[i]!;
    return la >= b.south && la <= b.north && lo >= b.west && lo <= b.east;
  }

  /** = countPoints(). */
  countPoints(c: SearchCriteria, bbox?: Bounds): { total: number; inView: number } {
    let total = 0;
    let inView = 0;
    for (const i of this.match(c).result) {
      if (!this.hasPoint(i)) continue;
      total++;
      if (!bbox || this.inBox(i, bbox)) inView++;
    }
    return { total, inView };
  }

  /** = findPoints(): by id, with the chosen care types' price span within the band. */
  findPoints(c: SearchCriteria, scope: PointScope = {}): PointRow[] {
    const only = scope.ids ? new Set(scope.ids) : null;
    const out: PointRow[] = [];
    for (const i of this.match(c).result) {
      if (!this.hasPoint(i)) continue;
      if (scope.bbox && !this.inBox(i, scope.bbox)) continue;
      const row = this.rows[i]!;
      if (only && !only.has(row.id)) continue;
      let min: number | null = null;
      let max: number | null = null;
      let careType: string | null = null;
      if (c.careTypes.length === 0) {
        min = Number.isNaN(this.minPrice[i]!) ? null : this.minPrice[i]!;
        max = Number.isNaN(this.maxPrice[i]!) ? null : this.maxPrice[i]!;
      } else {
        for (let k = this.priceStart[i]!; k < this.priceStart[i + 1]!; k++) {
          if (!c.careTypes.includes(this.priceCare[k]!)) continue;
          if (c.priceMax !== undefined && this.priceMinOf[k]! > c.priceMax) continue;
          if (c.priceMin !== undefined && this.priceMaxOf[k]! < c.priceMin) continue;
          const pmin = this.priceMinOf[k]!;
          // The cheapest entry's care type (ties: the first care type in order).
          if (min === null || pmin < min || (pmin === min && this.priceCare[k]! < careType!)) {
            if (min === null || pmin < min) min = pmin;
            careType = this.priceCare[k]!;
          }
          if (max === null || this.priceMaxOf[k]! > max) max = this.priceMaxOf[k]!;
        }
      }
      out.push({
        id: row.id,
        name: row.name,
        lat: this.lat[i]!,
        lng: this.lng[i]!,
        operator_name: row.operator_name,
        care_types: row.care_types,
        min_price: min,
        max_price: max,
        price_care_type: careType,
        location_approximate: this.approximate[i] === 1,
        source_kind: row.source_kind,
        source_name: row.source_name,
        source_as_of: row.source_as_of,
      });
    }
    return out;
  }

  /** = gridCells(): cells of `cellDeg` degrees anchored at (0, 0), ordered by their lowest id. */
  gridCells(c: SearchCriteria, cellDeg: number, bbox?: Bounds): GridCell[] {
    const cells = new Map<string, GridCell & { sumLat: number; sumLng: number }>();
    for (const i of this.match(c).result) {
      if (!this.hasPoint(i) || (bbox && !this.inBox(i, bbox))) continue;
      const la = this.lat[i]!;
      const lo = this.lng[i]!;
      const key = `${Math.floor(lo / cellDeg)},${Math.floor(la / cellDeg)}`;
      const cell = cells.get(key);
      if (!cell) {
        cells.set(key, { count: 1, lat: 0, lng: 0, sumLat: la, sumLng: lo, west: lo, east: lo, south: la, north: la, id: this.ids[i]! });
      } else {
        cell.count++;
        cell.sumLat += la;
        cell.sumLng += lo;
        if (lo < cell.west) cell.west = lo;
        if (lo > cell.east) cell.east = lo;
        if (la < cell.south) cell.south = la;
        if (la > cell.north) cell.north = la;
      }
    }
    // Positions are visited in id order: the first id of a cell is its lowest.
    return [...cells.values()]
      .sort((a, b) => a.id - b.id)
      .map(({ sumLat, sumLng, ...cell }) => ({ ...cell, lat: sumLat / cell.count, lng: sumLng / cell.count }));
  }
}

/** The 3-character substrings of each name -> positions (ascending, each once). */
function gramPostings(names: string[]): Map<string, Int32Array> {
  const lists = new Map<string, number[]>();
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    for (let k = 0; k + 3 <= name.length; k++) {
      const gram = name.slice(k, k + 3);
      let list = lists.get(gram);
      if (!list) lists.set(gram, (list = []));
      if (list[list.length - 1] !== i) list.push(i);
    }
  }
  const out = new Map<string, Int32Array>();
  for (const [gram, list] of lists) out.set(gram, Int32Array.from(list));
  return out;
}

/** lower() of a database whose LC_CTYPE is C: only ASCII letters change. */
function asciiLower(s: string): string {
  return s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}
