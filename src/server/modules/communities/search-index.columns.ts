// The columns of the in-memory search index (ADR 026), built from the rows of one snapshot: typed arrays
// by position (= id order), interned strings, one bitset per care type / amenity / licence type / capacity
// band / state, the sort orders PostgreSQL gives, name trigrams and the pricing rows in the card's order.
import { CAPACITY_BAND_RANGES, CAPACITY_BANDS, LICENCE_TYPES, type CapacityBand, type LicenceType } from '../../../contracts/licence-filters';
import type { IndexRow } from './search-index.repo';
import type { CommunityRow } from './search.repo';
import { CardColumns } from './search-index.cards';
import { gramPostings } from '../../lib/grams';
import { Bitset } from '../../lib/collections';
import { buildCells, buildNearCells, type NearCell } from './search-index.near';
import { stepDue, type Steps } from '../../lib/pace';
import { POS_LIMIT, PRICE_LIMIT } from './search-index.keys';

/** The columns of the index (one entry per listed community, by position = id order). */
export interface SearchColumns {
  readonly ids: Int32Array;
  readonly posById: Map<number, number>;
  /** The cards (made on demand from columns: search-index.cards.ts). */
  readonly cards: CardColumns;
  readonly lat: Float64Array;
  readonly lng: Float64Array;
  /** The located positions by one-degree cell of latitude and longitude (the map's grids). */
  readonly cells: Map<number, Int32Array>;
  /** The same by quarter-degree cell (NEAR_CELLS; a ZIP radius's box reads about 7 by 9). */
  readonly nearCells: Map<number, NearCell>;
  readonly minPrice: Float64Array;
  readonly maxPrice: Float64Array;
  readonly approximate: Uint8Array;
  /** Row position -> rank in "rating_score DESC, review_count DESC, id DESC" (as PostgreSQL sorts it). */
  readonly ratingRank: Int32Array;
  readonly ratingOrder: Int32Array;
  /** Row position -> rank in "name ASC, id ASC" under the database's collation. */
  readonly nameRank: Int32Array;
  readonly nameOrder: Int32Array;
  /** Positions ordered by min_price ASC NULLS LAST, id ASC (the price sort without care types). */
  readonly priceLowOrder: Int32Array;
  readonly priceHighOrder: Int32Array;
  /** Row position -> its place in priceLowOrder / priceHighOrder (a few results are sorted by it, not walked). */
  readonly priceLowRank: Int32Array;
  readonly priceHighRank: Int32Array;
  /** The names lower-cased as the database does (lower()/ILIKE). */
  readonly lowerName: string[];
  /** Every 3-character substring of the lower-cased names -> the positions whose name has it (ascending). */
  readonly nameGrams: Map<string, Int32Array>;
  readonly lowerText: (s: string) => string;
  /** Pricing rows per community in the card's order: [priceStart[i], priceStart[i+1]). */
  readonly priceStart: Int32Array;
  readonly priceCare: string[];
  /** The care type of each pricing row as a small number (careCode's), for a lookup instead of string comparisons. */
  readonly priceCareCode: Uint16Array;
  readonly careCode: Map<string, number>;
  readonly priceMinOf: Int32Array;
  readonly priceMaxOf: Int32Array;
  readonly careTypeBits: Map<string, Bitset>;
  readonly amenityBits: Map<string, Bitset>;
  readonly licenceBits: Map<LicenceType, Bitset>;
  readonly capacityBits: Map<CapacityBand, Bitset>;
  readonly stateBits: Map<string, Bitset>;
  /** 'state|city' and ZIP code -> positions (ascending). */
  readonly byCity: Map<string, number[]>;
  readonly byZip: Map<string, number[]>;
}

/**
 * Builds the columns from the rows read by loadIndexRows (search-index.repo.ts), as steps (lib/pace.ts): at scale 10
 * made in one call they held the event loop for 20-26 s.
 */
export function* buildSearchColumns(raw: { rows: IndexRow[]; asciiLower: boolean }): Steps<{ n: number; columns: SearchColumns; prices: number }> {
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
    if (stepDue(i)) yield;
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
  yield;
  const { low: priceLowOrder, high: priceHighOrder } = priceOrders(minPrice);
  yield;
  const rankOf = (order: Int32Array) => {
    const rank = new Int32Array(n);
    for (let k = 0; k < n; k++) rank[order[k]!] = k;
    return rank;
  };

  // Pricing rows, already in the card's order (min_price, care_type, id) per community.
  const priceStart = new Int32Array(n + 1);
  let priceRows = 0;
  for (const r of rows) priceRows += r.pricing.length;
  const priceCare: string[] = new Array<string>(priceRows);
  const priceMinOf = new Int32Array(priceRows);
  const priceMaxOf = new Int32Array(priceRows);
  const priceCareCode = new Uint16Array(priceRows);
  const careCode = new Map<string, number>();
  {
    let k = 0;
    for (let i = 0; i < n; i++) {
      if (stepDue(i)) yield;
      priceStart[i] = k;
      const pricesOfRow = rows[i]!.pricing;
      for (const p of pricesOfRow) {
        priceCare[k] = interned(p.careType);
        if (!careCode.has(p.careType)) careCode.set(p.careType, careCode.size);
        priceCareCode[k] = careCode.get(p.careType)!;
        priceMinOf[k] = p.minPrice;
        priceMaxOf[k] = p.maxPrice;
        k++;
      }
    }
    priceStart[n] = k;
  }

  const cards = yield* CardColumns.build(rows, ids, lat, lng, { start: priceStart, care: priceCare, min: priceMinOf, max: priceMaxOf });
  const cells = yield* buildCells(lat, lng);
  const nearCells = yield* buildNearCells(lat, lng);
  const nameGrams = yield* gramPostings(lowerName.length, (i) => lowerName[i]!);
  const priceLowRank = rankOf(priceLowOrder);
  yield;
  const priceHighRank = rankOf(priceHighOrder);
  return {
    n,
    prices: priceRows,
    columns: {
    ids,
    posById,
    cards,
    lat,
    lng,
    cells,
    nearCells,
    minPrice,
    maxPrice,
    approximate,
    ratingRank,
    ratingOrder,
    nameRank,
    nameOrder,
    priceLowOrder,
    priceHighOrder,
    priceLowRank,
    priceHighRank,
    lowerName,
    nameGrams,
    lowerText: raw.asciiLower ? asciiLower : (s) => s.toLowerCase(),
    priceStart,
    priceCare,
    priceCareCode,
    careCode,
    priceMinOf,
    priceMaxOf,
    careTypeBits,
    amenityBits,
    licenceBits,
    capacityBits,
    stateBits,
    byCity,
    byZip,
    },
  };
}

/**
 * The positions by minimum price, ascending (no price last), ties by position ascending (ORDER BY min_price ASC NULLS
 * LAST, id ASC), and by price descending (no price last), ties by position descending: the low order's priced part
 * reversed, then its unpriced part reversed. Whole prices below PRICE_LIMIT are sorted as numbers price × POS_LIMIT +
 * position (the price sorts' keys, search-index.keys.ts) in a typed array: ~50 ms at scale 10, one synchronous call of
 * the build, where a sort of 452,470 positions by a comparator took about a second. Any other price: the comparator.
 */
export function priceOrders(minPrice: Float64Array): { low: Int32Array; high: Int32Array } {
  const n = minPrice.length;
  let priced = 0;
  let whole = n <= POS_LIMIT;
  for (let i = 0; i < n; i++) {
    const p = minPrice[i]!;
    if (Number.isNaN(p)) continue;
    priced++;
    if (!(Number.isInteger(p) && p >= 0 && p < PRICE_LIMIT)) whole = false;
  }
  const low = new Int32Array(n);
  if (whole) {
    const keys = new Float64Array(priced);
    let k = 0;
    for (let i = 0; i < n; i++) if (!Number.isNaN(minPrice[i]!)) keys[k++] = minPrice[i]! * POS_LIMIT + i;
    keys.sort();
    for (let j = 0; j < priced; j++) low[j] = keys[j]! % POS_LIMIT;
    for (let i = 0; i < n; i++) if (Number.isNaN(minPrice[i]!)) low[k++] = i;
  } else {
    low.set(Array.from({ length: n }, (_, i) => i).sort((a, b) => {
      const pa = minPrice[a]!;
      const pb = minPrice[b]!;
      const na = Number.isNaN(pa);
      const nb = Number.isNaN(pb);
      if (na !== nb) return na ? 1 : -1; // NULLS LAST
      if (!na && pa !== pb) return pa - pb;
      return a - b;
    }));
  }
  const high = new Int32Array(n);
  for (let j = 0; j < priced; j++) high[j] = low[priced - 1 - j]!;
  for (let j = priced; j < n; j++) high[j] = low[n - 1 - (j - priced)]!;
  return { low, high };
}

/** lower() of a database whose LC_CTYPE is C: only ASCII letters change. */
export function asciiLower(s: string): string {
  return s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}
