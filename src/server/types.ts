import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Db } from './db/client';
import type { Env } from './env';
import type { SearchService } from './modules/communities/search.service';

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
  }
}

/** The app's services made once in buildApp (the composition root) and handed to every module. */
export interface AppServices extends AppDeps {
  /** The one community search of the app (search, map, assistant, SEO pages, compare; ADR 026). */
  search: SearchService;
}

/** A module registers its routes under /api. */
export type RouteModule = (app: App, deps: AppServices) => Promise<void> | void;
