// The in-memory index of market and operator theme reports (issue 15, ADR 029): per state, county and operator
// (customer reviews, from the per-community summaries), per state suffix, location and operator (employee reviews), and
// the whole table of each kind (the themes screen's "All reviews", ALL_KEYS): the totals, the quarter rows (typed
// arrays) and the most positive and most negative mention of each theme, each the scope's own SQL aggregate grouped by
// the key as well (themes.repo.ts: marketQuarterRows, marketTotalRows, marketExampleRows). A report adds up one key (a
// state, a county, a city's employees, an operator) or several (a county's employees: the locations of the cities that
// belong to it, cityCounties); only the examples' texts are read per request, by primary key. A large city's customer
// reports (at least LARGE_CITY_MIN listed communities: thousands of summaries read in SQL at scale 10) are keys too; a
// small city's (1.9 M more quarter rows at scale 1 for all of them, each cheap in SQL), a county asked by name and
// non-ASCII text stay on SQL (lower-casing beyond ASCII is the database's). Rebuilt on notifications from communities
// (customer summaries change with a community's rating and review count, which notify; a community's place, operator
// and listing), employee reviews and operators (their names), not on those from prices (MARKET_THEMES_TABLES); the
// theme service answers from SQL until the first build and when SEARCH_INDEX is off. market-themes-equivalence.test.ts
// compares it with the SQL path.
import type pg from 'pg';
import { THEMES, type ThemeKind } from '../../../contracts/themes';
import { snippetFor } from '../../lib/themes';
import { readIndexRows } from '../../db/client';
import type { Queryable } from '../../db/sql';
import { BUILD_PRIORITY, LiveIndex, type LiveIndexOptions } from '../../lib/live-index';
import * as repo from './themes.repo';
import { Codes, interner, pushTo, TextColumn } from '../../lib/collections';
import { mapSteps, paced, stepDue, type Steps } from '../../lib/pace';

const ASCII = /^[\x20-\x7e]*$/;
const FIPS = /^\d{5}$/;

/**
 * A city's customer reports are answered from the index when it has at least this many listed communities (52
 * cities of 258 at most at scale 1; about ten times as many communities each at scale 10, where a big city's
 * report read in SQL took seconds under load and ran past the statement timeout while the index was built).
 */
export const LARGE_CITY_MIN = 50;

export interface MarketThemesBuildOptions {
  /** The fewest listed communities of a city whose customer reports the index answers (default LARGE_CITY_MIN). */
  largeCityMin?: number;
}

/** What one report reads: the rows the SQL path's three reads return. */
export type MarketReportRows = repo.ReportRows;

export interface MarketThemesStats {
  keys: number;
  quarterRows: number;
  buildMs: number;
}

export class MarketThemesIndex {
  private constructor(
    private readonly quarterNames: string[],
    private readonly spans: Map<string, { from: number; to: number }>,
    private readonly theme: Uint8Array,
    private readonly quarter: Uint16Array,
    private readonly mentions: Int32Array,
    private readonly sums: Float64Array,
    private readonly positive: Int32Array,
    private readonly negative: Int32Array,
    private readonly totals: Map<string, repo.TotalsRow>,
    private readonly examples: ExampleColumns,
    /** 'state:fips' -> the 'L:' keys of the cities that belong to the county (employee county scope). */
    private readonly countyLocations: Map<string, string[]>,
    private readonly digitCountyNames: boolean,
    /** 'state:fips' -> the county's ACS name (selectCountyName). */
    private readonly countyNames: Map<string, string>,
    /** Operator id -> its name (selectOperatorName). */
    private readonly operatorNames: Map<number, string>,
    /** The customer city keys the index holds (repo.customerCityKey of each large city). */
    private readonly largeCities: Set<string>,
    readonly stats: MarketThemesStats,
  ) {}

  static async build(pool: pg.Pool, options: MarketThemesBuildOptions = {}): Promise<MarketThemesIndex> {
    const started = performance.now();
    const cityMin = options.largeCityMin ?? LARGE_CITY_MIN;
    // The quarter rows (1.9 M at scale 1) go into typed arrays batch by batch, never all held as objects.
    const q = new QuarterColumns();
    const reads = [
      (db: Queryable) => repo.marketQuarterRows(db, cityMin, (rows) => q.add(rows)),
      (db: Queryable) => repo.marketTotalRows(db, cityMin),
      (db: Queryable) => repo.marketExampleRows(db, cityMin),
      (db: Queryable) => repo.largeCityKeys(db, cityMin),
      repo.cityCounties,
      repo.digitCountyNames,
      repo.countyNames,
      repo.operatorNames,
    ] as const;
    const [, totalRows, exampleRows, largeCities, cities, digitNames, countyNames, operators] = await readIndexRows(pool, ...reads);
    // What follows the reads in slices between requests (lib/pace.ts): at scale 10 made in one call each part held
    // the event loop 5-8 s.
    const { quarterNames, spans, theme, quarter, mentions, sums, positive, negative } = await paced(q.done());
    const examples = await paced(ExampleColumns.build(await withSnippets(pool, exampleRows)));
    const countyLocations = new Map<string, string[]>();
    for (const c of cities) {
      pushTo(countyLocations, `${c.state}:${c.county_fips}`, `L:${c.city}, ${c.state.toLowerCase()}`);
    }
    return new MarketThemesIndex(
      quarterNames,
      spans,
      theme,
      quarter,
      mentions,
      sums,
      positive,
      negative,
      new Map(totalRows.map(({ key, ...t }) => [key, t])),
      examples,
      countyLocations,
      digitNames,
      new Map(countyNames.map((c) => [`${c.state}:${c.fips}`, c.county])),
      new Map(operators.map((o) => [o.id, o.name])),
      new Set(largeCities),
      { keys: new Set([...spans.keys(), ...totalRows.map((t) => t.key)]).size, quarterRows: theme.length, buildMs: performance.now() - started },
    );
  }

  /** selectCountyName: the ACS name of the state's county with this FIPS code; undefined when the list has none (ask SQL). */
  countyName(state: string, fips: string): string | undefined {
    return this.countyNames.get(`${state}:${fips}`);
  }

  /** The operator's name (selectOperatorName); undefined when there is no such operator. */
  operatorName(id: number): string | undefined {
    return this.operatorNames.get(id);
  }

  /** The index's keys of an operator's report (scopeOperator): its listed communities' summaries, or its employee reviews. */
  operatorKeys(kind: ThemeKind, id: number): string[] {
    return [repo.operatorKey(kind, id)];
  }

  /** The index's keys of a market scope (scopeMarket's rules), or null when the SQL path must answer. */
  keysFor(kind: ThemeKind, state: string, city: string | null, county: string | null): string[] | null {
    if (kind === 'customer') {
      if (city !== null) {
        const key = repo.customerCityKey(state, city);
        return ASCII.test(city) && this.largeCities.has(key) ? [key] : null;
      }
      if (county === null) return [`S:${state}`];
      return FIPS.test(county) && !this.digitCountyNames ? [`F:${state}:${county}`] : null;
    }
    if (city !== null) {
      const location = `${city}, ${state}`;
      return ASCII.test(location) ? [`L:${location.toLowerCase()}`] : null;
    }
    if (county === null) return [`E:, ${state}`];
    return FIPS.test(county) && !this.digitCountyNames ? (this.countyLocations.get(`${state}:${county}`) ?? []) : null;
  }

  /** The rows of a report over these keys (the examples with their snippets, made at the build). */
  rows(keys: readonly string[], withExamples: boolean): MarketReportRows {
    return {
      totals: this.totalsOf(keys),
      quarters: this.quartersOf(keys),
      examples: withExamples ? this.examplesOf(keys) : [],
    };
  }

  private totalsOf(keys: readonly string[]): repo.TotalsRow {
    const out: repo.TotalsRow = { reviews: 0, from: null, to: null, demo: false };
    for (const key of keys) {
      const t = this.totals.get(key);
      if (!t) continue;
      out.reviews += t.reviews;
      if (t.from !== null && (out.from === null || t.from < out.from)) out.from = t.from;
      if (t.to !== null && (out.to === null || t.to > out.to)) out.to = t.to;
      out.demo ||= t.demo;
    }
    return out;
  }

  private quartersOf(keys: readonly string[]): repo.QuarterRow[] {
    const row = (k: number): repo.QuarterRow => ({
      i: this.theme[k]!,
      quarter: this.quarterNames[this.quarter[k]!]!,
      mentions: this.mentions[k]!,
      sum: this.sums[k]!,
      positive: this.positive[k]!,
      negative: this.negative[k]!,
    });
    if (keys.length === 1) {
      const span = this.spans.get(keys[0]!);
      const out: repo.QuarterRow[] = [];
      if (span) for (let k = span.from; k < span.to; k++) out.push(row(k));
      return out;
    }
    // Several keys: summed per theme and quarter, in the SQL's ORDER BY i, quarter.
    const acc = new Map<number, repo.QuarterRow>();
    for (const key of keys) {
      const span = this.spans.get(key);
      if (!span) continue;
      for (let k = span.from; k < span.to; k++) {
        const at = this.theme[k]! * 65536 + this.quarter[k]!;
        const hit = acc.get(at);
        if (!hit) acc.set(at, row(k));
        else {
          hit.mentions += this.mentions[k]!;
          hit.sum += this.sums[k]!;
          hit.positive += this.positive[k]!;
          hit.negative += this.negative[k]!;
        }
      }
    }
    return [...acc.entries()].sort((a, b) => a[0] - b[0]).map(([, q]) => q);
  }

  private examplesOf(keys: readonly string[]): repo.ExampleRow[] {
    // Per theme, the best of the keys' best mentions and the worst of their worst (the SQL's total orders).
    const best = new Map<number, Example>();
    const worst = new Map<number, Example>();
    for (const key of keys) {
      for (const e of this.examples.of(key)) {
        const side = e.k === 0 ? best : worst;
        const hit = side.get(e.i);
        if (!hit || (e.k === 0 ? moreExtreme(e, hit, -1) : moreExtreme(e, hit, 1))) side.set(e.i, e);
      }
    }
    // A review deleted before the build read its text is left out (as the SQL path's join leaves it out).
    const chosen = [...best.values(), ...worst.values()].filter((e) => e.snippet !== undefined);
    // The SQL's ORDER BY i, s DESC (then best before worst).
    chosen.sort((a, b) => a.i - b.i || compareS(a.s, b.s, -1) || a.k - b.k);
    return chosen.map((e) => ({ i: e.i, id: e.id, s: e.s, rating: e.rating, date: e.date, snippet: e.snippet }));
  }
}

/** An example mention with what a report shows of its review: rating, date and snippet (undefined: the review is gone). */
type Example = Omit<repo.MarketExampleRow, 'rating' | 'snippet'> & { rating: number; snippet?: string | null };

/**
 * The examples as columns, each key's together in the order they were read (ADR 018, 2026-11-28 morning): at scale 10
 * they were about two million objects, each with its sentiment as a number object (and a date string of its own), in the old generation for the few dozen a report reads. of(key) makes that key's examples again.
 */
class ExampleColumns {
  /** Key -> its group g: its examples are at start[g] .. start[g + 1] - 1. */
  private readonly groups = new Map<string, number>();
  private readonly start: Int32Array;
  private readonly theme: Uint8Array;
  private readonly side: Uint8Array;
  private readonly id: Int32Array;
  /** NaN: null. */
  private readonly s: Float64Array;
  private readonly rating: Float64Array;
  /** Index into `days`. */
  private readonly day: Int32Array;
  private readonly days = new Codes<string>();
  /** 1: the review is gone (its snippet undefined). */
  private readonly gone: Uint8Array;
  private snippet!: TextColumn;

  private constructor(n: number, groups: number) {
    this.start = new Int32Array(groups + 1);
    this.theme = new Uint8Array(n);
    this.side = new Uint8Array(n);
    this.id = new Int32Array(n);
    this.s = new Float64Array(n);
    this.rating = new Float64Array(n);
    this.day = new Int32Array(n);
    this.gone = new Uint8Array(n);
  }

  /** The examples grouped by key (each group in the order read), as steps (lib/pace.ts). */
  static *build(examples: readonly Example[]): Steps<ExampleColumns> {
    const n = examples.length;
    const byKey = new Map<string, number[]>();
    for (let x = 0; x < n; x++) {
      if (stepDue(x)) yield;
      pushTo(byKey, examples[x]!.key, x);
    }
    const c = new ExampleColumns(n, byKey.size);
    const order = new Int32Array(n);
    let at = 0;
    for (const [key, xs] of byKey) {
      if (stepDue(c.groups.size)) yield;
      c.groups.set(key, c.groups.size);
      for (const x of xs) order[at++] = x;
      c.start[c.groups.size] = at;
    }
    for (let p = 0; p < n; p++) {
      if (stepDue(p)) yield;
      const e = examples[order[p]!]!;
      c.theme[p] = e.i;
      c.side[p] = e.k;
      c.id[p] = e.id;
      c.s[p] = e.s ?? NaN;
      c.rating[p] = e.rating;
      c.day[p] = c.days.code(e.date);
      c.gone[p] = e.snippet === undefined ? 1 : 0;
    }
    c.snippet = yield* TextColumn.steps(n, (p) => examples[order[p]!]!.snippet ?? null);
    return c;
  }

  /** The key's examples, in the order they were read (none: an empty list). */
  of(key: string): Example[] {
    const g = this.groups.get(key);
    if (g === undefined) return [];
    const out: Example[] = [];
    for (let p = this.start[g]!; p < this.start[g + 1]!; p++) {
      const s = this.s[p]!;
      out.push({
        key,
        i: this.theme[p]!,
        k: this.side[p]!,
        id: this.id[p]!,
        s: Number.isNaN(s) ? null : s,
        date: this.days.values[this.day[p]!]!,
        rating: this.rating[p]!,
        snippet: this.gone[p] === 1 ? undefined : this.snippet.at(p),
      });
    }
    return out;
  }
}

/**
 * Customer keys: states (S:), counties (F:), large cities (C:), operators (O:) and the whole table (A:); employee keys:
 * E:, L:, W: and the whole table (V:) (themes.repo.ts).
 */
const kindOfKey = (key: string): ThemeKind => (key[0] === 'E' || key[0] === 'L' || key[0] === 'W' || key === repo.ALL_KEYS.employee ? 'employee' : 'customer');

/** Review texts read per statement at the build. */
const TEXT_BATCH = 5_000;

/**
 * Each example's snippet (the sentence a report shows, snippetFor), rating and date, at the build: a report then
 * reads nothing per request (reading the texts by id was a round trip and a tenth of a market report's CPU,
 * 2026-11-26). A customer example has them stored with the summaries (migration 0029); the others are cut from
 * their review's text. Reviews' texts never change once written; equal sentences are kept once.
 */
async function withSnippets(db: Queryable, rows: repo.MarketExampleRow[]): Promise<Example[]> {
  // Objects of one shape made here (the driver's rows were about 200 bytes each; growing them by a key, far more).
  const sharedKey = interner();
  // Equal sentences once, each a fresh copy (a sentence cut from a review's text could keep the whole text alive).
  const keep = interner({ copy: true });
  // snippet undefined: to be cut from the review's text below. In slices between requests (lib/pace.ts).
  const examples = await paced(
    mapSteps(
      rows,
      ({ key, i, k, id, s, date, rating, snippet }): Example => ({ key: sharedKey(key), i, k, id, s, date, rating: rating ?? 0, snippet: rating !== null ? keep(snippet) : undefined }),
    ),
  );
  for (const kind of ['customer', 'employee'] as const) {
    const byReview = await paced(
      (function* (): Steps<Map<number, Example[]>> {
        const out = new Map<number, Example[]>();
        for (let x = 0; x < examples.length; x++) {
          if (stepDue(x)) yield;
          const e = examples[x]!;
          if (e.snippet === undefined && kindOfKey(e.key) === kind) pushTo(out, e.id, e);
        }
        return out;
      })(),
    );
    const ids = [...byReview.keys()];
    for (let k = 0; k < ids.length; k += TEXT_BATCH) {
      for (const [id, c] of await repo.exampleContents(db, kind, ids.slice(k, k + TEXT_BATCH))) {
        for (const e of byReview.get(id)!) {
          e.rating = c.rating;
          e.date = c.date;
          e.snippet = keep(snippetFor(c.content, THEMES[kind][e.i]!, kind));
        }
      }
    }
  }
  return examples;
}

/** Growable typed arrays. */
type Column = Uint8Array | Uint16Array | Int32Array | Float64Array;
function grown<A extends Column>(a: A, size: number): A {
  if (size <= a.length) return a;
  const b = new (a.constructor as new (n: number) => A)(Math.max(size, a.length * 2));
  b.set(a);
  return b;
}

/**
 * The quarter rows as columns, filled batch by batch from rows in key, theme and quarter order (each key's rows
 * one span, in the reports' ORDER BY i, quarter). Quarters are numbered as they come and renumbered in their
 * sorted order at the end.
 */
class QuarterColumns {
  private n = 0;
  private theme = new Uint8Array(1 << 16);
  private quarter = new Uint16Array(1 << 16);
  private mentions = new Int32Array(1 << 16);
  private sums = new Float64Array(1 << 16);
  private positive = new Int32Array(1 << 16);
  private negative = new Int32Array(1 << 16);
  private readonly spans = new Map<string, { from: number; to: number }>();
  private readonly quarterIds = new Codes<string>();
  private last: { key: string; span: { from: number; to: number } } | null = null;

  add(rows: repo.MarketQuarterRow[]): void {
    const size = this.n + rows.length;
    this.theme = grown(this.theme, size);
    this.quarter = grown(this.quarter, size);
    this.mentions = grown(this.mentions, size);
    this.sums = grown(this.sums, size);
    this.positive = grown(this.positive, size);
    this.negative = grown(this.negative, size);
    for (const [key, i, quarterName, mentions, sum, positive, negative] of rows) {
      const k = this.n++;
      this.theme[k] = i;
      this.quarter[k] = this.quarterIds.code(quarterName);
      this.mentions[k] = mentions;
      this.sums[k] = sum;
      this.positive[k] = positive;
      this.negative[k] = negative;
      if (this.last?.key === key) this.last.span.to = k + 1;
      else {
        if (this.spans.has(key)) throw new Error(`market themes index: the rows of ${key} are not together`);
        const span = { from: k, to: k + 1 };
        this.spans.set(key, span);
        this.last = { key, span };
      }
    }
  }

  /** The columns, as steps (lib/pace.ts). */
  *done() {
    const n = this.n;
    const quarterNames = [...this.quarterIds.values].sort();
    const renumber = new Uint16Array(this.quarterIds.size);
    quarterNames.forEach((name, k) => (renumber[this.quarterIds.codeOf(name)] = k));
    const quarter = this.quarter.slice(0, n);
    for (let k = 0; k < n; k++) {
      if (stepDue(k)) yield;
      quarter[k] = renumber[quarter[k]!]!;
    }
    yield;
    return {
      quarterNames,
      spans: this.spans,
      theme: this.theme.slice(0, n),
      quarter,
      mentions: this.mentions.slice(0, n),
      sums: this.sums.slice(0, n),
      positive: this.positive.slice(0, n),
      negative: this.negative.slice(0, n),
    };
  }
}

/**
 * PostgreSQL's order of sentiments: ascending puts NULL last, descending (dir -1) first. Returns < 0 when a
 * comes before b in that order.
 */
function compareS(a: number | null, b: number | null, dir: 1 | -1): number {
  if (a === b) return 0;
  if (a === null) return dir === 1 ? 1 : -1;
  if (b === null) return dir === 1 ? -1 : 1;
  return dir === 1 ? a - b : b - a;
}

/** Whether e comes before hit in "s (dir), date DESC, id DESC": the most positive (dir -1) or most negative (dir 1) first. */
function moreExtreme(e: Pick<Example, 's' | 'date' | 'id'>, hit: Pick<Example, 's' | 'date' | 'id'>, dir: 1 | -1): boolean {
  const bySentiment = compareS(e.s, hit.s, dir);
  if (bySentiment !== 0) return bySentiment < 0;
  if (e.date !== hit.date) return e.date > hit.date;
  return e.id > hit.id;
}

/**
 * The tables whose notifications change the index: communities (a community's place, listing and operator,
 * and its rating and review count, which refreshReviewFigures updates in the transaction that rewrites its
 * review summaries), employee reviews (the employee reports) and operators (an operator report's name, and
 * whether the operator exists). The search index's channel also carries prices, which no theme report reads:
 * they used to rebuild it (40 s of a core at scale 1) too.
 */
export const MARKET_THEMES_TABLES = ['communities', 'employee_reviews', 'operators'] as const;

/** The index kept current by change notifications of the tables it reads (MARKET_THEMES_TABLES) on these channels. */
export function liveMarketThemesIndex(pool: pg.Pool, channel: string | readonly string[], options: LiveIndexOptions = {}): LiveIndex<MarketThemesIndex> {
  return new LiveIndex(pool, {
    name: 'market themes index',
    priority: BUILD_PRIORITY.themes,
    channel,
    payloads: MARKET_THEMES_TABLES,
    build: MarketThemesIndex.build,
    describe: ({ stats: s }) => `${s.keys} markets, ${s.quarterRows} quarter rows in ${Math.round(s.buildMs)} ms`,
    ...options,
  });
}
