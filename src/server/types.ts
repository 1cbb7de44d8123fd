import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Db } from './db/client';
import type { Env } from './env';
import type { SearchService } from './modules/communities/search.service';
import type { SessionUser } from './modules/auth/session';
import type { SessionCache } from './modules/auth/session-cache';
import type { InsightsIndex } from './modules/insights/insights-index';
import type { InsightService } from './modules/insights/insights.service';
import type { OperatorsIndex } from './modules/insights/operators-index';
import type { LiveIndex } from './lib/live-index';
import type { MarketIndex } from './modules/markets/market-index';
import type { MarketsService } from './modules/markets/markets.service';
import type { MarketThemesIndex } from './modules/themes/market-themes-index';
import type { ThemeService } from './modules/themes/themes.service';

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
    /** The session cache (null when SESSION_CACHE is off; its state is read by tests). */
    sessionCache: SessionCache | null;
    /** The signed-in user of a request's session cookie (the session cache's, or PostgreSQL's), null when signed out. */
    sessionUserOf(request: FastifyRequest): Promise<SessionUser | null>;
  }
}

/** The app's services made once in buildApp (the composition root) and handed to every module. */
export interface AppServices extends AppDeps {
  /** The one community search of the app (search, map, assistant, SEO pages, compare; ADR 026). */
  search: SearchService;
  /** The one insight service (Community Insights, Operator Intelligence; its answer caches), shared by its routes and the pre-rendered page. */
  insights: InsightService;
  /** The one theme service (review themes, portfolios; its report caches), on the market themes index when there is one (ADR 029). */
  themes: ThemeService;
  /** The one markets service (markets, competitive sets, price positions), on the market index when there is one (ADR 029). */
  markets: MarketsService;
}

/** A module registers its routes under /api. */
export type RouteModule = (app: App, deps: AppServices) => Promise<void> | void;
