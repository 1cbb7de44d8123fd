// Rules of Community Insights and Operator Intelligence: row shapes and fallbacks, caching of the
// expensive figures (counts, totals, filter options) and the streamed CSV exports (columns: insights.csv.ts).
import { OPERATOR_OPTIONS_CAP } from '../../../contracts/constants';
import {
  INSIGHT_FILTER_KEYS,
  insightFilterOptionsSchema,
  OPERATOR_COMMUNITY_VALUES,
  OPERATOR_FILTER_KEYS,
  OPERATOR_REVENUE_VALUES,
  type InsightExportQuery,
  type InsightFilterOptions,
  type InsightFilters,
  type InsightQuery,
  type InsightResponse,
  type InsightRow,
  type OperatorCommunity,
  type OperatorExportQuery,
  type OperatorFilters,
  type OperatorQuery,
  type OperatorResponse,
  type OperatorRow,
} from '../../../contracts/insights';
import type pg from 'pg';
import type { Env } from '../../env';
import { withLongReads } from '../../db/client';
import { withStatementTimeout, type Queryable } from '../../db/sql';
import { AppError, notFound } from '../../lib/errors';
import * as repo from './insights.repo';
import * as operatorRepo from './operators.repo';
import { COMMUNITY_CSV_HEADER, OPERATOR_CSV_HEADER, communityCsvValues, operatorCsvValues, streamByIds } from './insights.csv';
import { toInsightRow, toOperatorRow } from './insights.rows';
import { TtlCache } from '../../lib/ttl-cache';
import { paced, stepDue } from '../../lib/pace';
import { JsonBytes } from '../../lib/json-bytes';
import { compileJsonWriter } from '../../lib/json-serializer';
import type { LiveIndex } from '../../lib/live-index';
import { FIXED_CHOICES, type InsightsIndex } from './insights-index';
import type { OperatorsIndex } from './operators-index';

/** Review-text filtering scans the reviews: bounded so one request cannot hold the database. */
const REVIEW_TOPIC_TIMEOUT_MS = 5_000;

export interface InsightServiceOptions {
  /** How long counts and filter options are fresh (0 disables caching, e.g. in tests). */
  figuresTtlMs: number;
  /** How long a whole page answer is fresh. */
  pageTtlMs: number;
  /**
   * How long the whole-table figures (totals, CSAT, filter option lists) are fresh; defaults to
   * figuresTtlMs. Kept on when the answer caches are off (APP_CACHES=false) to measure the uncached path.
   */
  listsTtlMs?: number;
  /** How long past freshness a cached answer is still served while it is refreshed in the background. */
  staleMs: number;
  /**
   * The in-memory index (ADR 026): once built, counts, pages and export ids come from it and the rows of a
   * page by primary key; SQL answers before the first build and what the index leaves to it (a review topic).
   */
  index?: LiveIndex<InsightsIndex> | null;
  /**
   * The in-memory operators index (ADR 027): once built, Operator Intelligence's figures, pages, total and export
   * ids come from it; SQL answers before the first build and for search text the index leaves to it.
   */
  operatorIndex?: LiveIndex<OperatorsIndex> | null;
}



function filterKey(f: Record<string, unknown>, keys: readonly string[]): string {
  return JSON.stringify(keys.map((k) => f[k] ?? null));
}

// The spec's filters plus the real directory's licence type and capacity band (issue 12).
const INSIGHT_KEYS = ['searchQuery', ...INSIGHT_FILTER_KEYS, 'licenceType', 'capacity'] as const;
const OPERATOR_KEYS = ['searchQuery', ...OPERATOR_FILTER_KEYS] as const;

function pickInsightFilters(q: InsightExportQuery): InsightFilters {
  const out: Record<string, unknown> = {};
  for (const k of INSIGHT_KEYS) out[k] = q[k];
  // State codes are upper case in the data: one cache key per state however it was typed.
  if (q.state) out.state = q.state.toUpperCase();
  return out as InsightFilters;
}

function pickOperatorFilters(q: OperatorExportQuery): OperatorFilters {
  const out: Record<string, unknown> = {};
  for (const k of OPERATOR_KEYS) out[k] = q[k];
  if (q.operatorState) out.operatorState = q.operatorState.toUpperCase();
  return out as OperatorFilters;
}

const frozen = (list: string[]): string[] => Object.freeze(list) as string[];
const NO_OPTIONS = frozen([]);

/** A row's bytes in an answer, about (what an answer's buffer starts with per row of its page). */
const ROW_BYTES_GUESS = 800;
/** The API's serializer of an option list; a frozen list's JSON is written once (as the route's serializer does). */
const writeList = compileJsonWriter(insightFilterOptionsSchema.shape.states);
const listJson = new WeakMap<readonly string[], string>();

/** Writes an option list as the route's serializer writes it. */
function writeOptionList(out: JsonBytes, list: string[]): void {
  let json = listJson.get(list);
  if (json === undefined) {
    json = writeList?.(list);
    if (json === undefined) throw new Error('an option list the schema refuses');
    if (Object.isFrozen(list)) listJson.set(list, json);
  }
  out.text(json);
}

function timeoutAsUnavailable(err: unknown): never {
  if ((err as { code?: string }).code === '57014') {
    throw new AppError('UNAVAILABLE', 'Searching the review texts took too long. Try a more specific topic or add filters.');
  }
  throw err;
}

export function createInsightService(pool: pg.Pool, options: InsightServiceOptions) {
  const figures = { ttlMs: options.figuresTtlMs, staleMs: options.staleMs };
  const pages = { ttlMs: options.pageTtlMs, staleMs: options.staleMs, maxEntries: 500 };
  const counts = new TtlCache<number>({ ...figures, maxEntries: 50_000 });
  const lists = { ttlMs: options.listsTtlMs ?? options.figuresTtlMs, staleMs: options.staleMs };
  const totals = new TtlCache<{ total: number; csat: number | null }>({ ...lists, maxEntries: 4 });
  const optionLists = new TtlCache<string[]>({ ...lists, maxEntries: 2_000 });
  // The option lists are frozen: the same list goes into many answers, and the response serializer writes a frozen
  // list's text once (lib/json-serializer.ts).
  const options$ = {
    get: (key: string, load: () => Promise<string[]>) => optionLists.get(key, () => load().then(frozen)),
    set: (key: string, list: string[]) => optionLists.set(key, frozen(list)),
  };
  const insightPages = new TtlCache<InsightResponse>(pages);
  const operatorPages = new TtlCache<OperatorResponse>(pages);
  const operatorFigures = new TtlCache<{ n: number; avg_revenue: number | null; avg_communities: number | null }>({
    ...figures,
    maxEntries: 2_000,
  });
  const countKey = (filters: InsightFilters) => `c:${filterKey(filters, INSIGHT_KEYS)}`;
  const single = (key: keyof InsightFilters, value: string) => ({ [key]: value }) as InsightFilters;

  async function insightFilterOptions(q: InsightQuery): Promise<InsightFilterOptions> {
    const state = q.state?.toUpperCase();
    // From the index once built (read with its rows); only an operator search is asked of SQL.
    const lists = options.index?.current?.lists;
    if (lists) {
      return {
        states: lists.states,
        cities: state ? (lists.citiesByState.get(state) ?? NO_OPTIONS) : lists.cities,
        communityTypes: lists.types,
        operators: q.operatorSearch ? await options$.get(`operators:${q.operatorSearch}`, () => repo.communityOperatorNames(pool, q.operatorSearch, OPERATOR_OPTIONS_CAP)) : lists.operators,
      };
    }
    const [states, cities, communityTypes, operators] = await Promise.all([
      options$.get('states', () => repo.communityStates(pool)),
      options$.get(`cities:${state ?? ''}`, () => repo.communityCities(pool, state, repo.CITY_OPTIONS_CAP)),
      options$.get('types', () => repo.communityTypes(pool)),
      options$.get(`operators:${q.operatorSearch ?? ''}`, () =>
        repo.communityOperatorNames(pool, q.operatorSearch, OPERATOR_OPTIONS_CAP),
      ),
    ]);
    return { states, cities, communityTypes, operators };
  }

  /** Page and count; with a review topic both run under a statement timeout (503 when it trips). */
  async function pageAndCount(q: InsightQuery, filters: InsightFilters): Promise<[InsightRow[], number]> {
    const offset = (q.page - 1) * q.pageSize;
    const hit = options.index?.current?.page(filters, q.sortField, q.sortDirection, q.pageSize, offset);
    if (hit) return [hit.rows, hit.total];
    if (!filters.reviewTopic) {
      const [rows, n] = await Promise.all([
        repo.findCommunityPage(pool, filters, q.sortField, q.sortDirection, q.pageSize, offset),
        counts.get(countKey(filters), () => repo.countCommunities(pool, filters)),
      ]);
      return [rows.map(toInsightRow), n];
    }
    try {
      // Not through the counts cache: a background refresh must never reuse this transaction's connection.
      return await withTimeout(async (db) => {
        const rows = await repo.findCommunityPage(db, filters, q.sortField, q.sortDirection, q.pageSize, offset);
        const n = await repo.countCommunities(db, filters);
        return [rows.map(toInsightRow), n] as [InsightRow[], number];
      });
    } catch (err) {
      return timeoutAsUnavailable(err);
    }
  }
  const withTimeout = <T>(fn: (db: Queryable) => Promise<T>) =>
    withStatementTimeout(pool, REVIEW_TOPIC_TIMEOUT_MS, fn);

  async function computeCommunityInsights(q: InsightQuery): Promise<InsightResponse> {
    const filters = pickInsightFilters(q);
    const [[rows, filteredTotal], figures, filterOptions] = await Promise.all([
      pageAndCount(q, filters),
      options.index?.current?.lists.totals ?? totals.get('communities', () => repo.communityTotals(pool)),
      insightFilterOptions(q),
    ]);
    return {
      communities: rows,
      total: figures.total,
      filteredTotal,
      csatScore: figures.csat,
      filterOptions,
    };
  }

  /** The page's rows, the filtered figures and the number of operators: from the index once built, else from SQL. */
  async function operatorPageAndFigures(
    q: OperatorQuery,
    filters: OperatorFilters,
  ): Promise<[OperatorRow[], { n: number; avg_revenue: number | null; avg_communities: number | null }, number]> {
    const offset = (q.page - 1) * q.pageSize;
    const index = options.operatorIndex?.current;
    const hit = index?.page(filters, q.sortField, q.sortDirection, q.pageSize, offset);
    if (index && hit) return [hit.rows, hit.figures, index.n];
    const [rows, stats, total] = await Promise.all([
      operatorRepo.findOperatorPage(pool, filters, q.sortField, q.sortDirection, q.pageSize, offset),
      operatorFigures.get(filterKey(filters, OPERATOR_KEYS), () => operatorRepo.operatorStats(pool, filters)),
      counts.get('operators:all', () => operatorRepo.countAllOperators(pool)),
    ]);
    return [rows.map(toOperatorRow), stats, total];
  }

  async function computeOperatorInsights(q: OperatorQuery): Promise<OperatorResponse> {
    const filters = pickOperatorFilters(q);
    const state = q.operatorState?.toUpperCase();
    // The option lists from the index once built (read with its rows).
    const lists = options.operatorIndex?.current?.lists;
    const [[rows, stats, total], states, cities] = await Promise.all([
      operatorPageAndFigures(q, filters),
      lists?.states ?? options$.get('op-states', () => operatorRepo.operatorStates(pool)),
      lists ? (state ? (lists.citiesByState.get(state) ?? NO_OPTIONS) : lists.cities) :
      options$.get(`op-cities:${state ?? ''}`, () => operatorRepo.operatorCities(pool, state, repo.CITY_OPTIONS_CAP)),
    ]);
    return {
      operators: rows,
      total,
      filteredTotal: stats.n,
      avgRevenue: stats.avg_revenue,
      avgCommunities: stats.avg_communities,
      filterOptions: {
        states,
        cities,
        revenueRanges: [...OPERATOR_REVENUE_VALUES],
        communityRanges: [...OPERATOR_COMMUNITY_VALUES],
      },
    };
  }

  // A page the index answers is not cached (as the competitive set and the theme service's index answers): it
  // costs less to compute than to keep, since a kept answer is promoted to the old generation, whose collections
  // at scale 10 (a heap of 2-3 GB) were the distinct requests' tail. From SQL, cached.
  function getCommunityInsights(q: InsightQuery): Promise<InsightResponse> {
    if (options.index?.current?.answers(q)) return computeCommunityInsights(q);
    return insightPages.get(JSON.stringify(q), () => computeCommunityInsights(q));
  }

  return {
    /**
     * Fills the caches with the figures every first screen needs: totals, the option lists and the
     * count of every single filter choice (a few whole-table passes instead of one per choice).
     */
    async warm(): Promise<{ communities: boolean; operators: boolean }> {
      const warmed = { communities: false, operators: false };
      if (!counts.enabled) return warmed;
      // Whole-table passes (452,470 communities at scale 10) outlast the 5 s request timeout: one read-only
      // connection allowed LONG_READ_MS (ADR 027). Statements one after another: one connection runs one at a time.
      await withLongReads(pool, async (db) => {
        // Once the Community Insights index answers, its pages count their own results and its lists are the options:
        // the SQL path's counts and lists would not be read. Filling them every 5 minutes cost the scale-10 app about
        // 3 s of its one thread (count keys of 30,000 cities and 70,000 operators) and PostgreSQL its whole-table
        // passes. The same for the operators' index and its lists.
        if (!options.index?.current) {
          warmed.communities = true;
          const total = await repo.communityTotals(db);
          totals.set('communities', total);
          counts.set(countKey({} as InsightFilters), total.total);
          const bulk = await repo.singleFilterCounts(db, FIXED_CHOICES);
          FIXED_CHOICES.forEach(({ key, value }, i) => counts.set(countKey(single(key, value)), bulk.fixed[i] ?? 0));
          // In slices between requests (lib/pace.ts): at scale 10, 30,000 cities and 70,000 operators held the event
          // loop about 1.5 s in one go.
          await paced(
            (function* () {
              let k = 0;
              for (const [state, n] of bulk.byState) counts.set(countKey(single('state', state)), n);
              for (const [city, n] of bulk.byCity) {
                if (stepDue(k++)) yield;
                counts.set(countKey(single('city', city)), n);
              }
              for (const [type, n] of bulk.byType) counts.set(countKey(single('communityType', type)), n);
              for (const [name, n] of bulk.byOperator) {
                if (stepDue(k++)) yield;
                counts.set(countKey(single('operatorName', name)), n);
              }
            })(),
          );
          options$.set('states', await repo.communityStates(db));
          options$.set('cities:', await repo.communityCities(db, undefined, repo.CITY_OPTIONS_CAP));
          options$.set('types', await repo.communityTypes(db));
          options$.set('operators:', await repo.communityOperatorNames(db, undefined, OPERATOR_OPTIONS_CAP));
        }
        if (!options.operatorIndex?.current) {
          warmed.operators = true;
          counts.set('operators:all', await operatorRepo.countAllOperators(db));
          options$.set('op-states', await operatorRepo.operatorStates(db));
          options$.set('op-cities:', await operatorRepo.operatorCities(db, undefined, repo.CITY_OPTIONS_CAP));
        }
      });
      return warmed;
    },

    getCommunityInsights,

    /**
     * Community Insights as the API sends it: from the index, the answer's JSON bytes with each row's kept JSON
     * (InsightsIndex.writePage; the bytes the route's serializer writes for getCommunityInsights' answer), else
     * getCommunityInsights' answer for the route to serialize.
     */
    async communityInsightsBody(q: InsightQuery): Promise<Buffer | InsightResponse> {
      const index = options.index?.current;
      if (!index?.answers(q)) return getCommunityInsights(q);
      const filterOptions = await insightFilterOptions(q);
      const out = new JsonBytes(q.pageSize * ROW_BYTES_GUESS + 1024);
      out.ascii('{"communities":[');
      const filteredTotal = index.writePage(out, pickInsightFilters(q), q.sortField, q.sortDirection, q.pageSize, (q.page - 1) * q.pageSize);
      if (filteredTotal === null) return getCommunityInsights(q);
      // insightResponseSchema's keys in its order, then insightFilterOptionsSchema's.
      const { total, csat } = index.lists.totals;
      out.ascii('],"total":').number(total).ascii(',"filteredTotal":').number(filteredTotal).ascii(',"csatScore":');
      if (csat === null) out.ascii('null');
      else out.number(csat);
      out.ascii(',"filterOptions":{"states":');
      writeOptionList(out, filterOptions.states);
      out.ascii(',"cities":');
      writeOptionList(out, filterOptions.cities);
      out.ascii(',"communityTypes":');
      writeOptionList(out, filterOptions.communityTypes);
      out.ascii(',"operators":');
      writeOptionList(out, filterOptions.operators);
      out.ascii('}}');
      return out.done();
    },

    getOperatorInsights(q: OperatorQuery): Promise<OperatorResponse> {
      if (options.operatorIndex?.current?.answers(q)) return computeOperatorInsights(q);
      return operatorPages.get(JSON.stringify(q), () => computeOperatorInsights(q));
    },

    async getOperatorCommunities(operatorId: number): Promise<OperatorCommunity[]> {
      const rows = await operatorRepo.findOperatorCommunities(pool, operatorId);
      if (rows === null) throw notFound('Operator');
      return rows;
    },

    async communityCsv(q: InsightExportQuery): Promise<AsyncGenerator<string>> {
      const filters = pickInsightFilters(q);
      const ids =
        options.index?.current?.allIds(filters, q.sortField, q.sortDirection) ??
        (filters.reviewTopic
        ? await withTimeout((db) => repo.findCommunityIds(db, filters, q.sortField, q.sortDirection)).catch(timeoutAsUnavailable)
        : await repo.findCommunityIds(pool, filters, q.sortField, q.sortDirection));
      return streamByIds(ids, (batch) => repo.findCommunitiesByIds(pool, batch), COMMUNITY_CSV_HEADER, communityCsvValues);
    },

    async operatorCsv(q: OperatorExportQuery): Promise<AsyncGenerator<string>> {
      const filters = pickOperatorFilters(q);
      const ids =
        options.operatorIndex?.current?.allIds(filters, q.sortField, q.sortDirection) ??
        (await operatorRepo.findOperatorIds(pool, filters, q.sortField, q.sortDirection));
      return streamByIds(ids, (batch) => operatorRepo.findOperatorsByIds(pool, batch), OPERATOR_CSV_HEADER, operatorCsvValues);
    },
  };
}

export type InsightService = ReturnType<typeof createInsightService>;

export interface AppInsightServiceOptions {
  env: Pick<Env, 'NODE_ENV' | 'APP_CACHES'>;
  index: LiveIndex<InsightsIndex> | null;
  operatorIndex: LiveIndex<OperatorsIndex> | null;
  /** Where a failed warm-up is reported. */
  warn: (err: unknown, msg: string) => void;
}

/**
 * The app's one insight service (src/server/app.ts), shared by the insights routes and the pre-rendered
 * Community Insights page, with its caching policy. Counting ~45k rows under arbitrary filters on every
 * request would not stay fast: figures are cached for a minute, page answers for 15 s, and both are served
 * stale (while refreshed) for up to 10 minutes. Tests run without caching so every answer reflects the rows
 * they just wrote. APP_CACHES=false turns off the answer caches (pages, filtered counts) but not the
 * whole-table lists. With caching on, the caches are warmed shortly after start (the dataset may still be
 * loading on a first start) and then every 5 minutes, until `close`.
 */
export function createAppInsightService(pool: pg.Pool, { env, index, operatorIndex, warn }: AppInsightServiceOptions) {
  const caching = env.NODE_ENV !== 'test' && env.APP_CACHES;
  const service = createInsightService(pool, {
    index,
    operatorIndex,
    figuresTtlMs: caching ? 60_000 : 0,
    pageTtlMs: caching ? 15_000 : 0,
    listsTtlMs: env.NODE_ENV !== 'test' ? 60_000 : 0,
    staleMs: 10 * 60_000,
  });
  const timers: NodeJS.Timeout[] = [];
  if (caching) {
    const warm = () => service.warm().catch((err: unknown) => warn(err, 'insights: warming the caches failed'));
    timers.push(setTimeout(warm, 3_000), setInterval(warm, 5 * 60_000));
    for (const t of timers) t.unref();
  }
  return Object.assign(service, {
    close: () => {
      for (const t of timers) clearTimeout(t);
    },
  });
}
