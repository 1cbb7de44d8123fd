// The in-memory index of Community Insights (ADR 026): which listed communities a filter keeps, how many,
// and their rows in the order of every sort, without a round trip (the CSV export reads its wider rows by
// primary key, in the index's order). What it holds comes from PostgreSQL with the SQL path's own clauses (insights.repo.ts:
// loadInsightIndexRows): every sort's rank from the page query's ORDER BY, every fixed filter choice from
// the count query's WHERE. PostgreSQL stays the source of truth and the reference: the service answers from
// SQL until the first build, when SEARCH_INDEX is off, for a review topic (a scan of the review texts) and
// for free text with non-ASCII letters (lower-casing beyond ASCII is the database's). The live wrapper
// (lib/live-index.ts) rebuilds it on the search index's change notifications (migration 0013's triggers);
// insights-index-equivalence.test.ts compares it with the SQL path.
import type pg from 'pg';
import { INSIGHT_FIXED_FILTERS, type InsightFilters, type InsightSortField, type SortDirection } from '../../../contracts/insights';
import { CAPACITY_BANDS, LICENCE_TYPES } from '../../../contracts/licence-filters';
import { BUILD_PRIORITY, LiveIndex, type LiveIndexOptions, type Slices } from '../../lib/live-index';
import { insightRowSchema, type InsightRow } from '../../../contracts/insights';
import { KeptPieces, type JsonBytes } from '../../lib/json-bytes';
import { compileJsonWriter } from '../../lib/json-serializer';
import { frozenLists, INSIGHT_ORDERS, loadInsightIndexRows, type InsightOptionLists } from './insights.repo';
import { toInsightRow } from './insights.rows';
import { gramPostings, SortOrders, TextRows } from '../../lib/grams';
import { mapSteps, paced, stepDue, type Steps } from '../../lib/pace';
import { Bitset, filterInto, interner, positionsOf, setsOf, TextColumn, textRowsAs } from '../../lib/collections';

/** The fixed option lists of SPEC section 9 (also counted in bulk when warming up the SQL path's caches). */
export const FIXED_CHOICES: { key: keyof InsightFilters; value: string }[] = Object.entries(INSIGHT_FIXED_FILTERS).flatMap(([key, values]) =>
  values.map((value) => ({ key: key as keyof typeof INSIGHT_FIXED_FILTERS, value })),
);

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
const EMPTY = new Int32Array(0);
/** The table row's texts that many communities share (kept once each)... */
const SHARED_VALUES = ['communityType', 'communityAmenities', 'roomTypes', 'diningServices', 'operatorName'] as const;
/** ...and those each has its own (kept outside the heap: TextColumn). */
const OWN_TEXTS = ['name', 'pricing', 'phoneNumber', 'address', 'overview'] as const;

/**
 * At most this many bytes of rows' JSON are kept (InsightRows.write): ~0.7 kB a community, 30 MB at scale 1 once every
 * row has been on a page, 0.3 GB at scale 10 (outside the heap); past it, a row's JSON is made per use (the same bytes).
 */
const INSIGHT_ROW_BYTES_MAX = 1024 * 1024 * 1024;

/** The API's serializer of a row (lib/json-serializer.ts): its keys, order and checks. */
let rowWriter: ((row: unknown) => string | undefined) | null | undefined;

/**
 * The table's row of each community (toInsightRow's, the SQL path's own) kept as columns, and made again for the page
 * that shows it (ADR 018, 2026-11-28 morning): at scale 10 the rows were 452,470 objects with five strings of their own
 * each (the overviews alone 134 MB), 2.5 million objects in the old generation for the 25 rows a page shows.
 */
export class InsightRows {
  /** Each row's JSON as the API writes it, made when first shown (write()). */
  private readonly json: KeptPieces;

  private constructor(
    private readonly ids: Int32Array,
    private readonly own: Record<(typeof OWN_TEXTS)[number], TextColumn>,
    private readonly shared: Record<(typeof SHARED_VALUES)[number], string[]>,
    /** NaN: no score (null). */
    private readonly score: Float64Array,
    private readonly source: InsightRow['source'][],
  ) {
    // A bound method, not an arrow: an arrow made beside the rows would keep them for the index's life (KeptPieces).
    this.json = new KeptPieces(ids.length, 1, this.rowPieces.bind(this), { maxBytes: INSIGHT_ROW_BYTES_MAX });
  }

  /** The rows' columns, as steps (lib/pace.ts). */
  static *build(ids: Int32Array, rows: readonly InsightRow[], interned: <S extends string | null>(s: S) => S): Steps<InsightRows> {
    const n = rows.length;
    const own = {} as InsightRows['own'];
    for (const key of OWN_TEXTS) own[key] = yield* TextColumn.steps(n, (i) => rows[i]![key]);
    const shared = {} as InsightRows['shared'];
    for (const key of SHARED_VALUES) shared[key] = yield* mapSteps(rows, (r) => interned(r[key]));
    const score = new Float64Array(n);
    const source = new Array<InsightRow['source']>(n);
    const sources = new Map<string, InsightRow['source']>();
    for (let i = 0; i < n; i++) {
      if (stepDue(i)) yield;
      const r = rows[i]!;
      score[i] = r.communityScore ?? NaN;
      const key = JSON.stringify(r.source);
      let hit = sources.get(key);
      if (!hit) sources.set(key, (hit = r.source));
      source[i] = hit;
    }
    return new InsightRows(ids, own, shared, score, source);
  }

  /** Position i's row, its keys in toInsightRow's order. */
  row(i: number): InsightRow {
    const { own, shared } = this;
    const score = this.score[i]!;
    return {
      id: this.ids[i]!,
      name: own.name.at(i)!,
      pricing: own.pricing.at(i)!,
      phoneNumber: own.phoneNumber.at(i)!,
      address: own.address.at(i)!,
      communityType: shared.communityType[i]!,
      overview: own.overview.at(i)!,
      communityAmenities: shared.communityAmenities[i]!,
      communityScore: Number.isNaN(score) ? null : score,
      roomTypes: shared.roomTypes[i]!,
      operatorName: shared.operatorName[i]!,
      diningServices: shared.diningServices[i]!,
      source: this.source[i]!,
    };
  }

  /**
   * Writes position i's row as the API's serializer writes it (issue 13: at scale 10 making a page's rows and
   * serializing them were a quarter of a distinct Community Insights request's CPU); the JSON is kept as bytes.
   */
  write(out: JsonBytes, i: number): void {
    this.json.write(out, i, 0);
  }

  /** Makes the rows' JSON not yet made, in slices (InsightsIndex.warmUp). */
  makeAhead(deadline: number): boolean {
    return this.json.makeAhead(deadline);
  }

  /** Position i's pieces for KeptPieces: its row's JSON, one piece. */
  private rowPieces(i: number): string[] {
    return [this.rowJson(i)];
  }

  /** Position i's row as the route's serializer writes it; a row its schema refuses is an error, as there. */
  private rowJson(i: number): string {
    if (rowWriter === undefined) rowWriter = compileJsonWriter(insightRowSchema);
    if (rowWriter === null) throw new Error('the insight row schema has no compiled serializer');
    const text = rowWriter(this.row(i));
    if (text === undefined) throw new Error(`insight row of community ${this.ids[i]} does not fit its schema`);
    return text;
  }
}

export interface InsightIndexStats {
  communities: number;
  buildMs: number;
  builtAt: Date;
}

export class InsightsIndex {
  /** Every position and none (shared, never changed), match()'s scratch, and the rows of recent search texts (TextRows). */
  private everyone: Bitset | null = null;
  private noone: Bitset | null = null;
  private memberScratch: Bitset | null = null;
  /** Each recent search text's rows (TextRows): a set when common, else the positions, ascending. */
  private texts: TextRows<Bitset | Int32Array> | null = null;
  private constructor(
    readonly n: number,
    private readonly ids: Int32Array,
    /** The table's row of each community, as the screen shows it (the same toInsightRow as the SQL path). */
    private readonly rows: InsightRows,
    /** The screen's filter options and totals, as the SQL path reads them (frozen: see insights.service.ts's options$). */
    readonly lists: InsightOptionLists,
    private readonly city: string[],
    private readonly zip: string[],
    private readonly operator: (string | null)[],
    private readonly communityType: (string | null)[],
    /**
     * The lower-cased name, city and operator name of each community joined by U+0001 (`name\u0001city\u0001operator`):
     * free text is printable ASCII (answers()), so it is in one of the three exactly when it is in this text; one
     * search per row instead of three.
     */
    private readonly lowerText: string[],
    /** The positions in the order of each sort, and their ranks in it. */
    private readonly sorts: SortOrders,
    /** Membership of each fixed choice by position (set = the SQL's WHERE keeps the row). */
    private readonly choices: Map<string, Bitset>,
    /**
     * Members of each state (a set like a fixed choice: at scale 10 a state's list was tested row by row, 2.4 ms per
     * request), and the positions of each city name (any state), ascending.
     */
    private readonly stateSets: Map<string, Bitset>,
    private readonly byCity: Map<string, Int32Array>,
    /** Every 3-character substring of the lower-cased name, city and operator name -> positions having it, ascending. */
    private readonly grams: Map<string, Int32Array>,
    readonly stats: InsightIndexStats,
  ) {}

  static async build(pool: pg.Pool): Promise<InsightsIndex> {
    const started = performance.now();
    const { rows, lists } = await loadInsightIndexRows(pool, INDEXED_CHOICES);
    // The columns in slices between requests (lib/pace.ts): at scale 10 made in one call they held the event loop 23 s.
    return paced(InsightsIndex.fromRows(rows, lists, started));
  }

  private static *fromRows(rows: Awaited<ReturnType<typeof loadInsightIndexRows>>['rows'], lists: InsightOptionLists, started: number): Steps<InsightsIndex> {
    const n = rows.length;
    const ids = new Int32Array(n);
    const choiceList = INDEXED_CHOICES.map(() => new Bitset(n));
    const interned = interner();
    const city: string[] = new Array<string>(n);
    const state: string[] = new Array<string>(n);
    const zip: string[] = new Array<string>(n);
    const operator: (string | null)[] = new Array<string | null>(n);
    const communityType: (string | null)[] = new Array<string | null>(n);
    const lowerText: string[] = new Array<string>(n);
    const tableRows: InsightRow[] = new Array<InsightRow>(n);
    for (let i = 0; i < n; i++) {
      if (stepDue(i)) yield;
      const r = rows[i]!;
      ids[i] = r.id;
      tableRows[i] = toInsightRow(r);
      city[i] = interned(r.city);
      state[i] = interned(r.state);
      zip[i] = interned(r.zip_code);
      operator[i] = interned(r.operator_name);
      communityType[i] = interned(r.community_type);
      // A flat string (a template would leave a cons string to be flattened at its first search).
      lowerText[i] = [r.lower_name, r.lower_city, r.lower_operator ?? ''].join('\u0001');
      for (let k = 0; k < choiceList.length; k++) if (r.choices.charCodeAt(k) === 49 /* '1' */) choiceList[k]!.set(i);
    }
    const choices = new Map(INDEXED_CHOICES.map(({ key, value }, k) => [choiceId(key, value), choiceList[k]!]));
    const tableColumns = yield* InsightRows.build(ids, tableRows, interned);
    yield;
    const sorts = SortOrders.fromRanks(INSIGHT_ORDERS, rows);
    yield;
    const stateSets = setsOf(n, positionsOf(state));
    yield;
    const byCity = positionsOf(city);
    const grams = yield* gramPostings(n, (i) => lowerText[i]!);
    return new InsightsIndex(n, ids, tableColumns, frozenLists(lists), city, zip, operator, communityType, lowerText, sorts, choices, stateSets, byCity, grams, {
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

  /**
   * The communities the filters keep, as a set and its size; null when the SQL must answer (see answers()). The set
   * is the index's scratch (a request runs synchronously from here to its page), or the shared set of all.
   */
  private match(f: InsightFilters): { member: Bitset; count: number } | null {
    if (!this.answers(f)) return null;
    const masks: Bitset[] = [];
    for (const key of CHOICE_KEYS) {
      const value = f[key];
      if (value === undefined || value === null || value === '') continue;
      const mask = this.choices.get(choiceId(key, String(value)));
      // A value outside the fixed lists is refused by the contract; if one came through, the SQL answers it.
      if (!mask) return null;
      masks.push(mask);
    }
    // A state is a set (none: no community has it).
    if (f.state) masks.push(this.stateSets.get(f.state.toUpperCase()) ?? (this.noone ??= new Bitset(this.n)));
    const city = f.city || undefined;
    const operator = f.operatorName || undefined;
    const type = f.communityType || undefined;
    // ZIP: LIKE 'prefix%' after the SQL drops \ % _ from what was typed (case-sensitive).
    const zip = f.zipCode ? f.zipCode.replace(/[\\%_]/g, '') : undefined;
    // Free text: ILIKE '%text%' on name, city or operator name = lower(column) contains lower(text).
    let needle = f.searchQuery ? f.searchQuery.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : undefined;
    // A text's rows: a common text's as a set like a fixed choice, a rarer one's as a list to look at (either exact).
    const text = needle !== undefined && needle.length >= 3 ? (this.texts ??= new TextRows(this.grams, this.lowerText, (p) => textRowsAs(this.n, p))).get(needle) : null;
    if (text instanceof Bitset) {
      masks.push(text);
      needle = undefined;
    }
    const byText = text instanceof Int32Array ? text : null;
    const member = (this.memberScratch ??= new Bitset(this.n));
    // Only sets (or nothing): their intersection is the answer, no test per row.
    if (city === undefined && operator === undefined && type === undefined && zip === undefined && needle === undefined) {
      if (masks.length === 0) return { member: (this.everyone ??= Bitset.full(this.n)), count: this.n };
      Bitset.intersection(masks, member);
      return { member, count: member.count() };
    }
    // A city narrows the rows to look at to its own (each list ascending).
    const byCity = city !== undefined ? (this.byCity.get(city) ?? EMPTY) : null;
    const lists = [byCity, byText].filter((l): l is Int32Array => l !== null);
    const candidates = lists.length ? lists.reduce((a, b) => (b.length < a.length ? b : a)) : null;
    // The text's own rows contain it: no search in them.
    if (candidates !== null && candidates === byText) needle = undefined;
    const keeps = (i: number): boolean => {
      if (city !== undefined && this.city[i] !== city) return false;
      if (operator !== undefined && this.operator[i] !== operator) return false;
      if (type !== undefined && this.communityType[i] !== type) return false;
      if (zip !== undefined && !this.zip[i]!.startsWith(zip)) return false;
      if (needle === undefined) return true;
      return this.lowerText[i]!.includes(needle);
    };
    // No place or text to narrow by: every row, or the sets' intersection, and the rest of the test on each member.
    return { member, count: filterInto(member, masks, candidates, keeps) };
  }

  /** The filtered count and one page's rows in the sort's order; null when the SQL must answer. */
  page(f: InsightFilters, field: InsightSortField, dir: SortDirection, limit: number, offset: number): { total: number; rows: InsightRow[] } | null {
    const kept = this.match(f);
    if (!kept) return null;
    return { total: kept.count, rows: this.sorts.pageOf(kept.member, kept.count, field, dir, offset, limit).map((i) => this.rows.row(i)) };
  }

  /**
   * = page() written as the API's JSON (the rows separated by commas, each kept as bytes: InsightRows.write); returns
   * the filtered count, or null when the SQL must answer.
   */
  writePage(out: JsonBytes, f: InsightFilters, field: InsightSortField, dir: SortDirection, limit: number, offset: number): number | null {
    const kept = this.match(f);
    if (!kept) return null;
    const positions = this.sorts.pageOf(kept.member, kept.count, field, dir, offset, limit);
    for (let k = 0; k < positions.length; k++) {
      if (k > 0) out.ascii(',');
      this.rows.write(out, positions[k]!);
    }
    return kept.count;
  }

  /**
   * The warm-up after a build (LiveIndex): every row's JSON, made in slices between requests (~25 s of work at
   * scale 10). Made on first use, the rows cost the first distinct requests after a start at scale 10 a p99 of
   * 611-760 ms against ~100 once made (ADR 018).
   */
  warmUp(): Slices {
    return (deadline) => this.rows.makeAhead(deadline);
  }

  /** Every matching id in the sort's order (the CSV export); null when the SQL must answer. */
  allIds(f: InsightFilters, field: InsightSortField, dir: SortDirection): number[] | null {
    const kept = this.match(f);
    if (!kept) return null;
    return this.sorts.pageOf(kept.member, kept.count, field, dir, 0, kept.count).map((i) => this.ids[i]!);
  }
}

/** The index kept current by the search index's change notifications (the same triggers: communities, prices, operators). */
export function liveInsightsIndex(pool: pg.Pool, channel: string, options: LiveIndexOptions = {}): LiveIndex<InsightsIndex> {
  return new LiveIndex(pool, {
    name: 'insights index',
    priority: BUILD_PRIORITY.insights,
    channel,
    build: InsightsIndex.build,
    warmUp: (index) => index.warmUp(),
    describe: ({ stats: s }) => `${s.communities} communities in ${Math.round(s.buildMs)} ms`,
    ...options,
  });
}
