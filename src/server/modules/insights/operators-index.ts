// The in-memory index of Operator Intelligence (ADR 027, on the pattern of insights-index.ts): which operators
// a filter keeps, how many, their mean revenue and size, and their rows in the order of every sort, without a
// round trip (the CSV export reads its rows by primary key, in the index's order). What it holds comes from
// PostgreSQL with the SQL path's own clauses (operators.repo.ts: loadOperatorIndexRows): every row as the page
// query selects it (live counts of listed communities and employee reviews included), every sort's rank from
// the page query's ORDER BY, every revenue and size range from the filter's WHERE, lower(search_text) for the
// text search. The means are computed as PostgreSQL's numeric avg() and round() compute them (pgRoundedMean).
// PostgreSQL stays the source of truth and the reference: the service answers from SQL until the first build,
// with SEARCH_INDEX off and for search text beyond printable ASCII (lower-casing beyond ASCII is the
// database's). The live wrapper (lib/live-index.ts) rebuilds it on the search index's notifications
// (operators, communities) and on the employee-review count's (migration 0025);
// operators-index-equivalence.test.ts compares it with the SQL path.
import type pg from 'pg';
import type { OperatorFilters, OperatorRow, OperatorSortField, SortDirection } from '../../../contracts/insights';
import { BUILD_PRIORITY, LiveIndex, type LiveIndexOptions } from '../../lib/live-index';
import { OPERATOR_CHOICES, OPERATOR_ORDERS, loadOperatorIndexRows, type OperatorOptionLists } from './operators.repo';
import { frozenLists } from './insights.repo';
import { toOperatorRow } from './insights.rows';
import { gramPostings, SortOrders, TextRows } from '../../lib/grams';
import { paced } from '../../lib/pace';
import { Bitset, filterInto, positionsOf, setsOf, textRowsAs } from '../../lib/collections';

/** The channel of migration 0025's employee-review trigger (the operator's review count). */
export const OPERATORS_INDEX_CHANNEL = 'operators_index';

/** Search text the index compares as the database does: lower-casing printable ASCII is the same everywhere it checked. */
const ASCII = /^[\x20-\x7e]*$/;
const EMPTY = new Int32Array(0);
const choiceId = (key: string, value: string) => `${key}\u0000${value}`;

export interface OperatorIndexStats {
  operators: number;
  buildMs: number;
  builtAt: Date;
}

export interface OperatorFigures {
  n: number;
  avg_revenue: number | null;
  avg_communities: number | null;
}

export class OperatorsIndex {
  /** Every position and none (shared, never changed), and match()'s scratch (a request runs synchronously from its match to its page). */
  private everyone: Bitset | null = null;
  private noone: Bitset | null = null;
  private memberScratch: Bitset | null = null;
  /** The figures of every operator (no filter), computed once per index. */
  private everyoneFigures: OperatorFigures | null = null;
  /** Each recent search text's rows: a common text's as a set, a rarer one's as a list (TextRows). */
  private texts: TextRows<Bitset | Int32Array> | null = null;

  private constructor(
    readonly n: number,
    private readonly ids: Int32Array,
    /** The page's row of each operator (the same toOperatorRow as the SQL path). */
    private readonly rows: OperatorRow[],
    /** The screen's filter options, as the SQL path reads them (frozen, as insights.service.ts's options$). */
    readonly lists: OperatorOptionLists,
    private readonly city: (string | null)[],
    /** lower(search_text) from the database. */
    private readonly lowerSearch: string[],
    /** The revenue (exact: a safe integer) or NaN when unknown; the stored community_count. */
    private readonly revenue: Float64Array,
    /** Revenues too large for double sums to stay exact over every row (then summed as bigint). */
    private readonly revenueBig: (bigint | null)[] | null,
    private readonly communityCount: Int32Array,
    /** The positions in the order of each sort, and their ranks in it. */
    private readonly sorts: SortOrders,
    /** The rows each revenue and size range keeps (the SQL's WHERE), and each state's rows, as sets. */
    private readonly choices: Map<string, Bitset>,
    private readonly stateSets: Map<string, Bitset>,
    private readonly byCity: Map<string, Int32Array>,
    /** Every 3-character substring of lower(search_text) -> positions having it, ascending. */
    private readonly grams: Map<string, Int32Array>,
    /** lower() folds A–Z as JavaScript does; otherwise free text is left to SQL. */
    private readonly asciiLower: boolean,
    readonly stats: OperatorIndexStats,
  ) {}

  static async build(pool: pg.Pool): Promise<OperatorsIndex> {
    const started = performance.now();
    const { rows, asciiLower, lists } = await loadOperatorIndexRows(pool);
    const n = rows.length;
    const ids = new Int32Array(n);
    const choiceList = OPERATOR_CHOICES.map(() => new Bitset(n));
    const tableRows = new Array<OperatorRow>(n);
    const state = new Array<string | null>(n);
    const city = new Array<string | null>(n);
    const lowerSearch = new Array<string>(n);
    const revenue = new Float64Array(n);
    const revenueBig = new Array<bigint | null>(n);
    let maxRevenue = 0n;
    const communityCount = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const r = rows[i]!;
      ids[i] = r.id;
      tableRows[i] = toOperatorRow(r);
      state[i] = r.state;
      city[i] = r.city;
      lowerSearch[i] = r.lower_search;
      const big = r.revenue_digits === null ? null : BigInt(r.revenue_digits);
      revenueBig[i] = big;
      revenue[i] = big === null ? NaN : Number(big);
      if (big !== null && (big < 0n ? -big : big) > maxRevenue) maxRevenue = big < 0n ? -big : big;
      communityCount[i] = r.community_count;
      for (let k = 0; k < choiceList.length; k++) if (r.choices.charCodeAt(k) === 49 /* '1' */) choiceList[k]!.set(i);
    }
    const choices = new Map(OPERATOR_CHOICES.map(({ key, value }, k) => [choiceId(key, value), choiceList[k]!]));
    // In slices between requests (lib/pace.ts).
    const grams = await paced(gramPostings(n, (i) => lowerSearch[i]!));
    return new OperatorsIndex(
      n,
      ids,
      tableRows,
      frozenLists(lists),
      city,
      lowerSearch,
      revenue,
      // Every partial sum of up to n revenues stays a safe integer: double additions are exact.
      maxRevenue * BigInt(Math.max(n, 1)) <= BigInt(Number.MAX_SAFE_INTEGER) ? null : revenueBig,
      communityCount,
      SortOrders.fromRanks(OPERATOR_ORDERS, rows),
      choices,
      setsOf(n, positionsOf(state)),
      positionsOf(city),
      grams,
      asciiLower,
      { operators: n, buildMs: performance.now() - started, builtAt: new Date() },
    );
  }

  /** Can the index answer these filters exactly? (No: search text beyond printable ASCII, or a database whose lower() is not ASCII's.) */
  answers(f: OperatorFilters): boolean {
    if (f.searchQuery && (!this.asciiLower || !ASCII.test(f.searchQuery))) return false;
    return true;
  }

  /**
   * The operators the filters keep, as a set and its size; null when the SQL must answer (see answers()). The set is
   * the index's scratch, or the shared set of all.
   */
  private match(f: OperatorFilters): { member: Bitset; count: number } | null {
    if (!this.answers(f)) return null;
    const masks: Bitset[] = [];
    for (const key of ['operatorRevenue', 'operatorTotalCommunities'] as const) {
      const value = f[key];
      if (!value) continue;
      const mask = this.choices.get(choiceId(key, value));
      // A value outside the fixed lists is refused by the contract (and ignored by the SQL's allow-list).
      if (!mask) return null;
      masks.push(mask);
    }
    // As operatorWhere: o.state = upper(typed state) (a set; none: no operator has it), o.city = typed city (equality; NULL never equal).
    if (f.operatorState) masks.push(this.stateSets.get(f.operatorState.toUpperCase()) ?? (this.noone ??= new Bitset(this.n)));
    const city = f.operatorCity || undefined;
    // search_text ILIKE '%text%' = lower(search_text) contains lower(text) (ASCII letters only, checked above).
    let needle = f.searchQuery ? f.searchQuery.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : undefined;
    // A text of 3 characters or more: its rows, found once per index build for the recent texts (TextRows), a common
    // text's as a set like a fixed choice, a rarer one's as a list to look at.
    const text = needle !== undefined && needle.length >= 3 ? (this.texts ??= new TextRows(this.grams, this.lowerSearch, (p) => textRowsAs(this.n, p))).get(needle) : null;
    if (text instanceof Bitset) {
      masks.push(text);
      needle = undefined;
    }
    const byText = text instanceof Int32Array ? text : null;
    if (city === undefined && needle === undefined && masks.length === 0) return { member: (this.everyone ??= Bitset.full(this.n)), count: this.n };
    const byCity = city !== undefined ? (this.byCity.get(city) ?? EMPTY) : null;
    const lists = [byCity, byText].filter((l): l is Int32Array => l !== null);
    const candidates = lists.length ? lists.reduce((a, b) => (b.length < a.length ? b : a)) : null;
    // The text's own rows contain it: no search in them.
    if (candidates !== null && candidates === byText) needle = undefined;
    const keeps =
      city === undefined && needle === undefined
        ? null
        : (i: number): boolean => (city === undefined || this.city[i] === city) && (needle === undefined || this.lowerSearch[i]!.includes(needle));
    const member = (this.memberScratch ??= new Bitset(this.n));
    return { member, count: filterInto(member, masks, candidates, keeps) };
  }

  /** The filtered figures (operatorStats) and one page's rows in the sort's order; null when the SQL must answer. */
  page(
    f: OperatorFilters,
    field: OperatorSortField,
    dir: SortDirection,
    limit: number,
    offset: number,
  ): { figures: OperatorFigures; rows: OperatorRow[] } | null {
    const kept = this.match(f);
    if (!kept) return null;
    return { figures: this.figures(kept.member, kept.count), rows: this.sorts.pageOf(kept.member, kept.count, field, dir, offset, limit).map((i) => this.rows[i]!) };
  }

  /** Every matching id in the sort's order (the CSV export); null when the SQL must answer. */
  allIds(f: OperatorFilters, field: OperatorSortField, dir: SortDirection): number[] | null {
    const kept = this.match(f);
    if (!kept) return null;
    return this.sorts.pageOf(kept.member, kept.count, field, dir, 0, kept.count).map((i) => this.ids[i]!);
  }

  /** count(*), round(avg(revenue)), round(avg(community_count), 1) over the kept rows, as PostgreSQL computes them. */
  private figures(member: Bitset, count: number): OperatorFigures {
    if (count === this.n) return (this.everyoneFigures ??= this.figuresOf(member, count));
    return this.figuresOf(member, count);
  }

  private figuresOf(member: Bitset, count: number): OperatorFigures {
    let revenueSum = 0;
    let revenueCount = 0;
    let sizeSum = 0;
    let exactSum = 0n;
    const words = member.words;
    for (let w = 0; w < words.length; w++) {
      let word = words[w]!;
      while (word !== 0) {
        const low = word & -word;
        const i = (w << 5) + 31 - Math.clz32(low);
        word ^= low;
        const r = this.revenue[i]!;
        if (r === r) {
          revenueSum += r;
          revenueCount++;
          if (this.revenueBig) exactSum += this.revenueBig[i]!;
        }
        sizeSum += this.communityCount[i]!;
      }
    }
    return {
      n: count,
      avg_revenue: pgRoundedMean(this.revenueBig ? exactSum : BigInt(revenueSum), BigInt(revenueCount), 0),
      avg_communities: pgRoundedMean(BigInt(sizeSum), BigInt(count), 1),
    };
  }
}

/**
 * `round(avg(x), scale)::float8` of integers as PostgreSQL computes it: avg() of int4/int8 is numeric_div(sum,
 * count), which rounds the quotient (half away from zero) to the scale select_div_scale() picks (16 significant
 * digits, no fewer than 0 decimals); round() then rounds that half away from zero; ::float8 reads its decimal text.
 * Null when there is nothing to average.
 */
export function pgRoundedMean(sum: bigint, count: bigint, scale: number): number | null {
  if (count === 0n) return null;
  const negative = sum < 0n;
  const abs = negative ? -sum : sum;
  const lead = (x: bigint): { weight: number; first: bigint } => {
    if (x === 0n) return { weight: 0, first: 0n };
    let weight = 0;
    let first = x;
    while (first >= 10000n) {
      first /= 10000n;
      weight++;
    }
    return { weight, first };
  };
  const a = lead(abs);
  const b = lead(count);
  let qweight = a.weight - b.weight;
  if (a.first <= b.first) qweight--;
  const rscale = Math.min(Math.max(16 - qweight * 4, 0), 1000);
  const roundDiv = (x: bigint, y: bigint) => (x * 2n + y) / (y * 2n); // x, y ≥ 0: half away from zero
  // The quotient at rscale decimals, then at `scale` decimals.
  const quotient = roundDiv(abs * 10n ** BigInt(rscale), count);
  const scaled = rscale >= scale ? roundDiv(quotient, 10n ** BigInt(rscale - scale)) : quotient * 10n ** BigInt(scale - rscale);
  const digits = scaled.toString().padStart(scale + 1, '0');
  const text = scale > 0 ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  const value = Number(text);
  return negative && value !== 0 ? -value : value;
}

/** The index kept current by the search index's notifications (operators, communities) and the employee reviews'. */
export function liveOperatorsIndex(pool: pg.Pool, channels: readonly string[], options: LiveIndexOptions = {}): LiveIndex<OperatorsIndex> {
  return new LiveIndex(pool, {
    name: 'operators index',
    priority: BUILD_PRIORITY.operators,
    channel: channels,
    build: OperatorsIndex.build,
    describe: ({ stats: s }) => `${s.operators} operators in ${Math.round(s.buildMs)} ms`,
    ...options,
  });
}
