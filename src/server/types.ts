import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Db } from './db/client';
import type { Env } from './env';

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

/** A module registers its routes under /api. */
export type RouteModule = (app: App, deps: AppDeps) => Promise<void> | void;
