// Review-theme reports (issue 15, ADR 021): what the reviews of a community, an operator, a market or the
// whole table praise and complain about, per theme: share of mentions, sentiment, trend by quarter and two
// example sentences, all from the themes stored per review (src/server/modules/sentiment/themes.ts).
import type pg from 'pg';
import { US_STATES } from '../../../contracts/constants';
import { type Portfolio, type PortfolioPricePosition, THEME_LABELS, THEMES, type ThemeFigure, type ThemeKind, type ThemeReport, type ThemeVersus } from '../../../contracts/themes';
import { AppError, notFound } from '../../lib/errors';
import { TtlCache } from '../../lib/ttl-cache';
import { withLongReads } from '../../db/client';
import type { Queryable } from '../../db/sql';
import { snippetFor } from '../../lib/themes';
import type { LiveIndex } from '../../lib/live-index';
import type { MarketReportRows, MarketThemesIndex } from './market-themes-index';
import {
  ALL_KEYS,
  type ExampleRow,
  type QuarterRow,
  type ScopeFilter,
  scopeAll,
  scopeCommunities,
  scopeCommunity,
  scopeMarket,
  scopeOperator,
  COMMUNITY_NAME_SQL,
  OPERATOR_NAME_SQL,
  selectCountyName,
  selectOperatorName,
  selectOperatorPlace,
  selectPortfolioCommunities,
  selectPortfolioTrend,
  selectReportRows,
  type ReportRows,
  type PortfolioCommunityRow,
  type PortfolioTrendRow,
  type OperatorPlace,
} from './themes.repo';

export type { OperatorPlace, PortfolioCommunityRow, PortfolioTrendRow };

/** Where a portfolio's rows come from when not from SQL (the market index): null means ask SQL. */
export interface PortfolioSource {
  communities(operatorId: number): PortfolioCommunityRow[];
  trend(operatorId: number): PortfolioTrendRow[];
  /** The operator's name and place; null when there is no such operator. */
  operator(operatorId: number): OperatorPlace | null;
}

type Scope = ThemeReport['scope'];

/** A theme is 'better' or 'worse' than the competitors' when its mean sentiment differs by more than this (on [0,1]). */
export const THEME_SENTIMENT_MARGIN = 0.05;

/** Statement timeout of whole-table and market reports (ms); everything else keeps the app's 5 s. */
export const WIDE_REPORT_TIMEOUT_MS = 120_000;

export function buildThemes(kind: ThemeKind, reviews: number, quarters: QuarterRow[], examples: ExampleRow[]): ThemeFigure[] {
  const figures = THEMES[kind].map((theme, i): ThemeFigure => {
    const qs = quarters.filter((q) => q.i === i);
    const mentions = qs.reduce((a, q) => a + q.mentions, 0);
    const sum = qs.reduce((a, q) => a + q.sum, 0);
    const positive = qs.reduce((a, q) => a + q.positive, 0);
    const negative = qs.reduce((a, q) => a + q.negative, 0);
    const seen = new Set<number>();
    const ex: ThemeFigure['examples'] = [];
    for (const e of examples.filter((x) => x.i === i)) {
      if (seen.has(e.id)) continue;
      seen.add(e.id);
      const snippet = e.content != null ? snippetFor(e.content, theme, kind) : (e.snippet ?? null);
      // An example whose stored sentiment is null (a review's mention without a score) has no sentiment to show.
      if (snippet && e.s !== null) ex.push({ reviewId: e.id, snippet, sentiment: e.s, rating: e.rating, date: e.date });
    }
    return {
      theme,
      label: THEME_LABELS[theme] ?? theme,
      mentions,
      share: reviews > 0 ? mentions / reviews : 0,
      averageSentiment: mentions > 0 ? sum / mentions : 0,
      positive,
      neutral: mentions - positive - negative,
      negative,
      quarters: qs.map((q) => ({ quarter: q.quarter, mentions: q.mentions, averageSentiment: q.sum / q.mentions })),
      examples: ex.slice(0, 2),
    };
  });
  return figures.sort((a, b) => b.mentions - a.mentions || a.theme.localeCompare(b.theme));
}

/** Customer review themes of some communities summed over all quarters (what a report adds up; the market index holds them). */
export interface ThemeTotals {
  /** Theme-scored reviews. */
  reviews: number;
  /** Per theme (THEMES.customer order): mentions and the sum of their sentiment. */
  mentions: number[];
  sums: number[];
}

/** A customer report's reviews and themes from totals, figured as buildThemes figures them (no quarters, no examples). */
export function themesOfTotals(t: ThemeTotals): Pick<ThemeReport, 'reviews' | 'themes'> {
  const quarters = t.mentions.flatMap((mentions, i) => (mentions > 0 ? [{ i, quarter: '', mentions, sum: t.sums[i]!, positive: 0, negative: 0 }] : []));
  return { reviews: t.reviews, themes: buildThemes('customer', t.reviews, quarters, []) };
}

/** Each theme of one side against the same theme of the other: better/worse/similar by mean sentiment; null when either side has no scored reviews. */
export function compareThemes(own: Pick<ThemeReport, 'reviews' | 'themes'>, others: Pick<ThemeReport, 'reviews' | 'themes'>): ThemeVersus[] | null {
  if (own.reviews === 0 || others.reviews === 0) return null;
  const theirs = new Map(others.themes.map((t) => [t.theme, t]));
  return own.themes.flatMap((t) => {
    const c = theirs.get(t.theme);
    if (!c || t.mentions === 0 || c.mentions === 0) return [];
    const diff = t.averageSentiment - c.averageSentiment;
    const verdict = diff > THEME_SENTIMENT_MARGIN ? 'better' : diff < -THEME_SENTIMENT_MARGIN ? 'worse' : 'similar';
    return [
      {
        theme: t.theme,
        label: t.label,
        mentions: t.mentions,
        share: t.share,
        averageSentiment: t.averageSentiment,
        competitorsMentions: c.mentions,
        competitorsShare: c.share,
        competitorsAverageSentiment: c.averageSentiment,
        verdict,
      } satisfies ThemeVersus,
    ];
  });
}

/** What an operator's report is computed from (its `computedFrom`). */
const operatorWhat = (kind: ThemeKind, name: string) => (kind === 'customer' ? `the listed communities of ${name}` : name);

/** A report from the rows its three reads return (SQL or the market themes index). */
function composeReport(kind: ThemeKind, scope: Scope, what: string, rows: MarketReportRows): ThemeReport {
  const { totals, quarters, examples: exampleRows } = rows;
  const themes = buildThemes(kind, totals.reviews, quarters, exampleRows);
  const praise = themes
    .filter((t) => t.positive > t.negative)
    .sort((a, b) => b.positive - a.positive)
    .map((t) => t.theme);
  const complaints = themes
    .filter((t) => t.negative > t.positive)
    .sort((a, b) => b.negative - a.negative)
    .map((t) => t.theme);
  const range = totals.from && totals.to ? `, ${totals.from} to ${totals.to}` : '';
  return {
    scope,
    kind,
    reviews: totals.reviews,
    from: totals.from,
    to: totals.to,
    demo: totals.demo,
    computedFrom: `${totals.reviews.toLocaleString('en-US')} ${kind} reviews of ${what}${range}${totals.demo ? ' (Demo data)' : ''}; themes scored per sentence from the review text`,
    themes,
    praise,
    complaints,
  };
}

export class ThemeService {
  private readonly cache: TtlCache<ThemeReport>;

  /**
   * `fromSummaries` (default true): customer reports add up the per-community review summaries (ADR 029)
   * instead of reading the reviews; false reads the reviews (the tests compare both).
   */
  constructor(
    private readonly pool: pg.Pool,
    ttlMs: number,
    private readonly options: { fromSummaries?: boolean; index?: LiveIndex<MarketThemesIndex> | null } = {},
  ) {
    // Whole-table and market reports read up to 1.6M reviews: computed at most once per TTL, served stale while refreshed.
    this.cache = new TtlCache({ ttlMs, staleMs: 10 * 60_000, maxEntries: 200 });
  }

  /**
   * `wide`: a report over the whole table or a market (up to 1.6M reviews on the full dataset) outlasts the
   * app's 5 s statement timeout; it runs read-only on one connection allowed WIDE_REPORT_TIMEOUT_MS and is
   * cached (computed at most once per TTL, warmed at start, served stale while refreshed).
   */
  private async report(kind: ThemeKind, scope: Scope, filter: ScopeFilter, what: string, wide = false, examples = true): Promise<ThemeReport> {
    return composeReport(kind, scope, what, await this.rows(kind, filter, wide, examples));
  }

  /** A report's rows: one statement (selectReportRows), on one read-only connection allowed WIDE_REPORT_TIMEOUT_MS when `wide`. */
  private rows(kind: ThemeKind, filter: ScopeFilter, wide = false, examples = true): Promise<ReportRows> {
    return this.onLane(wide, (db) => selectReportRows(db, kind, filter, this.summaries(kind), examples));
  }

  /** A report's rows and, in the same statement, what it is about (`subjectSql` over the scope's $1); on the long-read lane when `wide`. */
  private rowsAbout<S>(kind: ThemeKind, filter: ScopeFilter, subjectSql: string, wide = false) {
    return this.onLane(wide, (db) => selectReportRows<S>(db, kind, filter, this.summaries(kind), true, subjectSql));
  }

  /** Whether a report of this kind adds up the per-community review summaries (customer reports, unless turned off). */
  private summaries(kind: ThemeKind): boolean {
    return kind === 'customer' && this.options.fromSummaries !== false;
  }

  /** A read on the pool, or when `wide` on one read-only connection allowed WIDE_REPORT_TIMEOUT_MS (the long-read lane). */
  private onLane<T>(wide: boolean, read: (db: Queryable) => Promise<T>): Promise<T> {
    return wide ? withLongReads(this.pool, read, WIDE_REPORT_TIMEOUT_MS) : read(this.pool);
  }

  /** The market themes index when it answers: built, and customer reports are read from the summaries (which it adds up). */
  private marketIndex(): MarketThemesIndex | null {
    return this.options.fromSummaries !== false ? (this.options.index?.current ?? null) : null;
  }

  /**
   * Whether the market themes index would answer but is not built yet (minutes after a start at scale 10, with
   * PostgreSQL busy building it): every report it will answer then comes to SQL, the large ones (a big operator,
   * a large city) past the pool's statement timeout; they read on the long-read lane meanwhile.
   */
  private indexBuilding(): boolean {
    return this.options.index != null && this.options.fromSummaries !== false && this.options.index.current == null;
  }

  all(kind: ThemeKind): Promise<ThemeReport> {
    const scope: Scope = { type: 'all', id: null, name: 'All reviews', state: null, city: null, county: null };
    // From the market themes index once built (its whole-table keys, ALL_KEYS), else SQL on the long-read lane (cached).
    const index = this.marketIndex();
    if (index) return Promise.resolve(composeReport(kind, scope, 'all communities', index.rows([ALL_KEYS[kind]], true)));
    return this.cache.get(`all:${kind}`, () => this.report(kind, scope, scopeAll, 'all communities', true));
  }

  async community(id: number): Promise<ThemeReport> {
    // The name and the report's rows in one statement (the rows of an unknown id are empty and dropped).
    const { subject: c, ...rows } = await this.rowsAbout<{ name: string; city: string; state: string }>('customer', scopeCommunity(id), COMMUNITY_NAME_SQL);
    if (!c) throw notFound('Community');
    const scope: Scope = { type: 'community', id, name: c.name, state: c.state, city: c.city, county: null };
    return composeReport('customer', scope, c.name, rows);
  }

  /**
   * Each theme of a community's customer reviews against the same theme over its competitors' reviews
   * (the competitive set, ADR 020/021): null when either side has no scored reviews.
   */
  async versus(id: number, competitorIds: readonly number[]): Promise<ThemeVersus[] | null> {
    if (competitorIds.length === 0) return null;
    const scope: Scope = { type: 'community', id, name: 'competitors', state: null, city: null, county: null };
    const [own, others] = await Promise.all([
      this.report('customer', scope, scopeCommunity(id), 'the community', false, false),
      this.report('customer', scope, scopeCommunities(competitorIds), 'its competitors', false, false),
    ]);
    return compareThemes(own, others);
  }

  async operator(id: number, kind: ThemeKind): Promise<ThemeReport> {
    // From the market themes index once built (its name, and the rows of the operator's key; ADR 029), else SQL.
    // Not cached: an answer from the index costs less than keeping it (a cached answer outlives two young-generation
    // collections and is promoted, then dropped from the old generation).
    const index = this.marketIndex();
    if (index) {
      const name = index.operatorName(id);
      if (name === undefined) throw notFound('Operator');
      const scope: Scope = { type: 'operator', id, name, state: null, city: null, county: null };
      return composeReport(kind, scope, operatorWhat(kind, name), index.rows(index.operatorKeys(kind, id), true));
    }
    // The operator must exist on every request (one that is gone is not found): on a cache miss its name is
    // read in the report's statement; on a hit, a shared computation or a stale answer, by itself. While the index
    // is being built, on the long-read lane (the largest operator at scale 10 has about 6,800 communities).
    let found = false;
    const wide = this.indexBuilding();
    const report = await this.cache.get(`operator:${id}:${kind}`, async () => {
      const { subject: o, ...rows } = await this.rowsAbout<{ name: string }>(kind, scopeOperator(kind, id), OPERATOR_NAME_SQL, wide);
      if (!o) throw notFound('Operator');
      found = true;
      const scope: Scope = { type: 'operator', id, name: o.name, state: null, city: null, county: null };
      return composeReport(kind, scope, operatorWhat(kind, o.name), rows);
    });
    if (!found && !(await selectOperatorName(this.pool, id))) throw notFound('Operator');
    return report;
  }

  async market(kind: ThemeKind, state: string, city: string | null, county: string | null): Promise<ThemeReport> {
    const stateName = US_STATES[state];
    if (!stateName) throw new AppError('BAD_REQUEST', `state must be a two-letter US state code (got ${state})`);
    // A county by its FIPS code is named from the ACS list (and must be one of the state's): the market themes
    // index holds the list once built.
    const index = this.marketIndex();
    const countyName = county && /^\d{5}$/.test(county) ? (index?.countyName(state, county) ?? (await selectCountyName(this.pool, state, county))) : county;
    if (county && !countyName) throw notFound('County');
    const name = city ? `${city}, ${state}` : countyName ? `${countyName.replace(/\s+(county|parish)$/i, '')} County, ${state}` : stateName;
    const scope: Scope = { type: 'market', id: null, name, state, city, county };
    const what =
      kind === 'customer'
        ? `the listed communities in ${name}`
        : county
          ? `employees located in the cities of ${name} (each city in the county of most of its listed communities)`
          : `employees located in ${name}`;
    // From the market themes index once built (the same rows, added up in memory; ADR 029; not cached, as an
    // operator's), else SQL (cached).
    const keys = index?.keysFor(kind, state, city, county);
    if (index && keys) return composeReport(kind, scope, what, index.rows(keys, true));
    // A city's customer reports read its communities' summaries: within the app's statement timeout, on the pool
    // (one round trip; the long-read lane's transaction took five, and made them the tail of the market reports).
    // Once the index is built only small cities (and names beyond ASCII) come here. While it is being built a large
    // city's report reads thousands of summaries, and ran past the statement timeout: on the long-read lane then.
    const wide = !(kind === 'customer' && city !== null) || this.indexBuilding();
    return this.cache.get(`market:${kind}:${state}:${city ?? ''}:${county ?? ''}`.toLowerCase(), () =>
      this.report(kind, scope, scopeMarket(kind, state, city, county), what, wide),
    );
  }

  /** The operator's portfolio: listed communities with sentiment and the quarterly trend of both review kinds. */
  async portfolio(
    id: number,
    pricePositions: (ids: number[]) => Promise<Map<number, PortfolioPricePosition | null>>,
    source: PortfolioSource | null = null,
  ): Promise<Portfolio> {
    const o = source ? source.operator(id) : await selectOperatorPlace(this.pool, id);
    if (!o) throw notFound('Operator');
    const [communities, trend] = source
      ? [source.communities(id), source.trend(id)]
      : await Promise.all([selectPortfolioCommunities(this.pool, id), selectPortfolioTrend(this.pool, id)]);
    const positions = await pricePositions(communities.map((c) => c.id));
    const quarters = [...new Set(trend.map((t) => t.quarter))].sort();
    const find = (q: string, kind: ThemeKind) => trend.find((t) => t.quarter === q && t.kind === kind);
    const reviews = communities.reduce((a, c) => a + c.review_count, 0);
    const employee = trend.filter((t) => t.kind === 'employee').reduce((a, t) => a + t.reviews, 0);
    return {
      operator: { id, name: o.name, city: o.city, state: o.state },
      communities: communities.map((c) => ({
        id: c.id,
        name: c.name,
        city: c.city,
        state: c.state,
        rating: c.rating,
        reviewCount: c.review_count,
        averageSentiment: c.avg,
        minPrice: c.min_price,
        maxPrice: c.max_price,
        pricePosition: positions.get(c.id) ?? null,
      })),
      trend: quarters.map((q) => ({
        quarter: q,
        customerReviews: find(q, 'customer')?.reviews ?? 0,
        customerSentiment: find(q, 'customer')?.avg ?? null,
        employeeReviews: find(q, 'employee')?.reviews ?? 0,
        employeeSentiment: find(q, 'employee')?.avg ?? null,
      })),
      computedFrom: `${communities.length} listed communities of ${o.name} with ${reviews.toLocaleString('en-US')} customer reviews, and ${employee.toLocaleString('en-US')} employee reviews of ${o.name}; sentiment derived from the review text`,
    };
  }

  async warm(): Promise<void> {
    await this.all('customer');
    await this.all('employee');
  }
}

/** Whether the app's answer caches are on (off in tests and with APP_CACHES=false). */
export const themeCaching = (env: { NODE_ENV: string; APP_CACHES: boolean }) => env.NODE_ENV !== 'test' && env.APP_CACHES;

/**
 * The app's one theme service (made in app.ts): the themes, markets and compare routes share it and its cache of
 * whole-table, operator and market reports. One per app, not per pool: two apps over one pool (the equivalence
 * tests' app on the index and app on SQL) each answer from their own.
 */
export function createAppThemeService(pool: pg.Pool, env: { NODE_ENV: string; APP_CACHES: boolean }, index: LiveIndex<MarketThemesIndex> | null): ThemeService {
  return new ThemeService(pool, themeCaching(env) ? 5 * 60_000 : 0, { index });
}
