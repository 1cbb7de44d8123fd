// The in-memory index of Community Insights (ADR 026): which listed communities a filter keeps, how many,
// and their ids in the order of every sort, without a round trip; the page's rows are then read by primary
// key. What it holds comes from PostgreSQL with the SQL path's own clauses (insights.repo.ts:
// loadInsightIndexRows): every sort's rank from the page query's ORDER BY, every fixed filter choice from
// the count query's WHERE. PostgreSQL stays the source of truth and the reference: the service answers from
// SQL until the first build, when SEARCH_INDEX is off, for a review topic (a scan of the review texts) and
// for free text with non-ASCII letters (lower-casing beyond ASCII is the database's). The live wrapper
// (lib/live-index.ts) rebuilds it on the search index's change notifications (migration 0013's triggers);
// insights-index-equivalence.test.ts compares it with the SQL path.
import type pg from 'pg';
import {
  COMMUNITY_AMENITY_OPTIONS,
  DINING_OPTIONS,
  HEALTHCARE_OPTIONS,
  OWNER_OPTIONS,
  ROOM_AMENITY_OPTIONS,
  ROOM_TYPE_OPTIONS,
} from '../../../contracts/constants';
import { PRICING_RANGE_VALUES, SCORE_RANGE_VALUES, type InsightFilters, type InsightSortField, type SortDirection } from '../../../contracts/insights';
import { CAPACITY_BANDS, LICENCE_TYPES } from '../../../contracts/licence-filters';
import { LiveIndex, type LiveIndexOptions } from '../../lib/live-index';
import { INSIGHT_ORDERS, loadInsightIndexRows } from './insights.repo';

/** The fixed option lists of SPEC section 9 (also counted in bulk when warming up the SQL path's caches). */
export const FIXED_CHOICES: { key: keyof InsightFilters; value: string }[] = [
  ...PRICING_RANGE_VALUES.map((value) => ({ key: 'pricingRange' as const, value })),
  ...SCORE_RANGE_VALUES.map((value) => ({ key: 'communityScore' as const, value })),
  ...OWNER_OPTIONS.map((value) => ({ key: 'owner' as const, value })),
  ...ROOM_TYPE_OPTIONS.map((value) => ({ key: 'roomTypes' as const, value })),
  ...HEALTHCARE_OPTIONS.map((value) => ({ key: 'healthCareServices' as const, value })),
  ...DINING_OPTIONS.map((value) => ({ key: 'diningServices' as const, value })),
  ...ROOM_AMENITY_OPTIONS.map((value) => ({ key: 'roomAmenities' as const, value })),
  ...COMMUNITY_AMENITY_OPTIONS.map((value) => ({ key: 'communityAmenities' as const, value })),
];

/** Every filter whose values are a fixed list: one membership column each, computed by the SQL's WHERE. */
const INDEXED_CHOICES: { key: keyof InsightFilters; value: string }[] = [
  ...FIXED_CHOICES,
  ...LICENCE_TYPES.map((value) => ({ key: 'licenceType' as const, value })),
  ...CAPACITY_BANDS.map((value) => ({ key: 'capacity' as const, value })),
];
const CHOICE_KEYS = new Set(INDEXED_CHOICES.map((c) => c.key));
const choiceId = (key: string, value: string) => `${key}\u0000${value}`;

/** Free text the index compares as the database does: lower-casing ASCII letters is the same everywhere. */
const ASCII = /^[\x20-\x7e]*$/;

export interface InsightIndexStats {
  communities: number;
  buildMs: number;
  builtAt: Date;
}

export class InsightsIndex {
  private constructor(
    readonly n: number,
    private readonly ids: Int32Array,
    private readonly city: string[],
    private readonly state: string[],
    private readonly zip: string[],
    private readonly operator: (string | null)[],
    private readonly communityType: (string | null)[],
    private readonly lowerName: string[],
    private readonly lowerCity: string[],
    private readonly lowerOperator: (string | null)[],
    /** Positions in the order of each sort: orders[`${field}:${dir}`][rank] = position. */
    private readonly orders: Map<string, Int32Array>,
    /** Membership of each fixed choice by position (1 = the SQL's WHERE keeps the row). */
    private readonly choices: Map<string, Uint8Array>,
    readonly stats: InsightIndexStats,
  ) {}

  static async build(pool: pg.Pool): Promise<InsightsIndex> {
    const started = performance.now();
    const { rows } = await loadInsightIndexRows(pool, INDEXED_CHOICES);
    const n = rows.length;
    const ids = new Int32Array(n);
    const orders = new Map(INSIGHT_ORDERS.map(({ field, dir }) => [`${field}:${dir}`, new Int32Array(n)]));
    const orderList = INSIGHT_ORDERS.map(({ field, dir }) => orders.get(`${field}:${dir}`)!);
    const choiceList = INDEXED_CHOICES.map(() => new Uint8Array(n));
    const intern = new Map<string, string>();
    const interned = <S extends string | null>(s: S): S => {
      if (s === null) return s;
      const hit = intern.get(s);
      if (hit !== undefined) return hit as S;
      intern.set(s, s);
      return s;
    };
    const city: string[] = new Array<string>(n);
    const state: string[] = new Array<string>(n);
    const zip: string[] = new Array<string>(n);
    const operator: (string | null)[] = new Array<string | null>(n);
    const communityType: (string | null)[] = new Array<string | null>(n);
    const lowerName: string[] = new Array<string>(n);
    const lowerCity: string[] = new Array<string>(n);
    const lowerOperator: (string | null)[] = new Array<string | null>(n);
    for (let i = 0; i < n; i++) {
      const r = rows[i]!;
      ids[i] = r.id;
      city[i] = interned(r.city);
      state[i] = interned(r.state);
      zip[i] = interned(r.zip_code);
      operator[i] = interned(r.operator_name);
      communityType[i] = interned(r.community_type);
      lowerName[i] = r.lower_name;
      lowerCity[i] = interned(r.lower_city);
      lowerOperator[i] = interned(r.lower_operator);
      for (let k = 0; k < orderList.length; k++) orderList[k]![r.ranks[k]!] = i;
      for (let k = 0; k < choiceList.length; k++) if (r.choices.charCodeAt(k) === 49 /* '1' */) choiceList[k]![i] = 1;
    }
    const choices = new Map(INDEXED_CHOICES.map(({ key, value }, k) => [choiceId(key, value), choiceList[k]!]));
    return new InsightsIndex(n, ids, city, state, zip, operator, communityType, lowerName, lowerCity, lowerOperator, orders, choices, {
      communities: n,
      buildMs: performance.now() - started,
      builtAt: new Date(),
    });
  }

  /** Can the index answer these filters exactly? (No: a review topic, or free text beyond ASCII.) */
  answers(f: InsightFilters): boolean {
    if (f.reviewTopic) return false;
    if (f.searchQuery && !ASCII.test(f.searchQuery)) return false;
    return true;
  }

  /** Which positions the filters keep (1) and how many; null when the SQL must answer (see answers()). */
  private match(f: InsightFilters): { keep: Uint8Array; total: number } | null {
    if (!this.answers(f)) return null;
    const masks: Uint8Array[] = [];
    for (const key of CHOICE_KEYS) {
      const value = f[key];
      if (value === undefined || value === null || value === '') continue;
      const mask = this.choices.get(choiceId(key, String(value)));
      // A value outside the fixed lists is refused by the contract; if one came through, the SQL answers it.
      if (!mask) return null;
      masks.push(mask);
    }
    const state = f.state ? f.state.toUpperCase() : undefined;
    const city = f.city || undefined;
    const operator = f.operatorName || undefined;
    const type = f.communityType || undefined;
    // ZIP: LIKE 'prefix%' after the SQL drops \ % _ from what was typed (case-sensitive).
    const zip = f.zipCode ? f.zipCode.replace(/[\\%_]/g, '') : undefined;
    // Free text: ILIKE '%text%' on name, city or operator name = lower(column) contains lower(text).
    const needle = f.searchQuery ? f.searchQuery.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : undefined;
    const keep = new Uint8Array(this.n);
    let total = 0;
    rows: for (let i = 0; i < this.n; i++) {
      for (const m of masks) if (m[i] === 0) continue rows;
      if (state !== undefined && this.state[i] !== state) continue;
      if (city !== undefined && this.city[i] !== city) continue;
      if (operator !== undefined && this.operator[i] !== operator) continue;
      if (type !== undefined && this.communityType[i] !== type) continue;
      if (zip !== undefined && !this.zip[i]!.startsWith(zip)) continue;
      if (
        needle !== undefined &&
        !this.lowerName[i]!.includes(needle) &&
        !this.lowerCity[i]!.includes(needle) &&
        !(this.lowerOperator[i]?.includes(needle) ?? false)
      ) {
        continue;
      }
      keep[i] = 1;
      total++;
    }
    return { keep, total };
  }

  /** The filtered count and one page's ids in the sort's order; null when the SQL must answer. */
  page(f: InsightFilters, field: InsightSortField, dir: SortDirection, limit: number, offset: number): { total: number; ids: number[] } | null {
    const m = this.match(f);
    if (!m) return null;
    return { total: m.total, ids: this.inOrder(m.keep, field, dir, offset, limit) };
  }

  /** Every matching id in the sort's order (the CSV export); null when the SQL must answer. */
  allIds(f: InsightFilters, field: InsightSortField, dir: SortDirection): number[] | null {
    const m = this.match(f);
    if (!m) return null;
    return this.inOrder(m.keep, field, dir, 0, m.total);
  }

  private inOrder(keep: Uint8Array, field: InsightSortField, dir: SortDirection, offset: number, limit: number): number[] {
    const order = this.orders.get(`${field}:${dir}`)!;
    const out: number[] = [];
    let seen = 0;
    for (let r = 0; r < order.length && out.length < limit; r++) {
      const i = order[r]!;
      if (keep[i] === 0) continue;
      if (seen++ >= offset) out.push(this.ids[i]!);
    }
    return out;
  }
}

/** The index kept current by the search index's change notifications (the same triggers: communities, prices, operators). */
export function liveInsightsIndex(pool: pg.Pool, channel: string, options: LiveIndexOptions = {}): LiveIndex<InsightsIndex> {
  return new LiveIndex(pool, {
    name: 'insights index',
    channel,
    build: InsightsIndex.build,
    describe: ({ stats: s }) => `${s.communities} communities in ${Math.round(s.buildMs)} ms`,
    ...options,
  });
}
