import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Db } from './db/client';
import type { Env } from './env';
import type { SearchService } from './modules/communities/search.service';
import type { InsightsIndex } from './modules/insights/insights-index';
import type { InsightService } from './modules/insights/insights.service';
import type { OperatorsIndex } from './modules/insights/operators-index';
import type { LiveIndex } from './lib/live-index';
import type { MarketIndex } from './modules/markets/market-index';
import type { MarketThemesIndex } from './modules/themes/market-themes-index';

/** The Fastify instance with zod schemas as its type provider. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression<RawServerDefault>,
  RawReplyDefaultExpression<RawServerDefault>,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every module gets: the pool (raw parameterized SQL), drizzle and the configuration. */
export interface AppDeps {
  pool: pg.Pool;
  db: Db;
  env: Env;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's search service (its index's state is read by tests). */
    searchService: SearchService;
    /** The Community Insights index (null when SEARCH_INDEX is off; its state is read by tests). */
    insightsIndex: LiveIndex<InsightsIndex> | null;
    /** The market index (null when SEARCH_INDEX is off; its state is read by tests). */
    marketIndex: LiveIndex<MarketIndex> | null;
    /** The market themes index (null when SEARCH_INDEX is off; its state is read by tests). */
    marketThemesIndex: LiveIndex<MarketThemesIndex> | null;
    /** The Operator Intelligence index (null when SEARCH_INDEX is off; its state is read by tests). */
    operatorsIndex: LiveIndex<OperatorsIndex> | null;
  }
}

/** The app's services made once in buildApp (the composition root) and handed to every module. */
export interface AppServices extends AppDeps {
  /** The one community search of the app (search, map, assistant, SEO pages, compare; ADR 026). */
  search: SearchService;
  /** The one insight service (Community Insights, Operator Intelligence; its answer caches), shared by its routes and the pre-rendered page. */
  insights: InsightService;
  /** The in-memory index of the competitive set and price positions (ADR 029); null when SEARCH_INDEX is off. */
  marketIndex: LiveIndex<MarketIndex> | null;
  /** The in-memory index of market theme reports (ADR 029); null when SEARCH_INDEX is off. */
  marketThemesIndex: LiveIndex<MarketThemesIndex> | null;
}

/** A module registers its routes under /api. */
export type RouteModule = (app: App, deps: AppServices) => Promise<void> | void;
