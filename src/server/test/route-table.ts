// The app's route table for the tests that walk every route (the OpenAPI document, bad input, HEAD):
// the app built with a route collector, and the readers of a route's zod request schemas.
import type { RouteOptions } from 'fastify';
import { buildApp, type BuildOptions } from '../app';
import type { App } from '../types';
import { testEnv, type TestDatabase } from './db';

/** The app on a test database, ready, with every route it declared (in declaration order). */
export async function buildAppWithRoutes(
  tdb: TestDatabase,
  options: Partial<Pick<BuildOptions, 'env' | 'serveClient'>> = {},
): Promise<{ app: App; routes: RouteOptions[] }> {
  const routes: RouteOptions[] = [];
  const app = await buildApp({
    pool: tdb.pool,
    db: tdb.db,
    env: options.env ?? testEnv(),
    serveClient: options.serveClient ?? false,
    onRoute: (r) => routes.push(r),
  });
  await app.ready();
  return { app, routes };
}

/** A route's methods as declared (upper case, HEAD included where Fastify added it). */
export const methodsOf = (route: RouteOptions): string[] => (Array.isArray(route.method) ? route.method : [route.method]);

export type Def = { type: string; [k: string]: unknown };
/** The definition of a zod 4 schema (its type and parts). */
export const defOf = (s: unknown): Def => (s as { _zod: { def: Def } })._zod.def;

/** The top-level field names of a zod request schema (unwrapping optional/pipe/default). */
export function fieldsOf(schema: unknown): string[] {
  if (!schema) return [];
  const def = defOf(schema);
  if (def.type === 'object') return Object.keys(def.shape as object);
  if (def.type === 'pipe') return fieldsOf(def.in).length ? fieldsOf(def.in) : fieldsOf(def.out);
  if (def.innerType) return fieldsOf(def.innerType);
  return [];
}
