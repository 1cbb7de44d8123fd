// Test helpers: a fresh migrated database per test file (cloned from the template) and an app on it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app';
import { createPool, wrapPool, type Db } from '../db/client';
import { loadEnv, type Env } from '../env';
import type { App } from '../types';

export interface TestDatabase {
  pool: pg.Pool;
  db: Db;
  url: string;
  name: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplate');
  const name = `sl_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const pool = createPool(url, 10);
  return {
    pool,
    db: wrapPool(pool),
    url,
    name,
    async drop() {
      await pool.end();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', GENERATE_DATASET: 'false', ...overrides });
}

/** A real app (real routes, real database) for `app.inject()`. */
export async function buildTestApp(tdb: TestDatabase, envOverrides: Record<string, string> = {}): Promise<App> {
  const app = await buildApp({ pool: tdb.pool, db: tdb.db, env: testEnv(envOverrides), serveClient: false });
  await app.ready();
  return app;
}

export interface TestAppContext {
  /** The file's database (set in beforeAll). */
  tdb: TestDatabase;
  /** The app on it (set in beforeAll). */
  app: App;
}

/**
 * For a test file's top level: a fresh database and a real app on it before the file's tests (hooks
 * registered after this one see them), closed and dropped after. Read them as `t.app` and `t.tdb`. `seed`, when
 * given, fills the database before the app is built (an app reads some figures once at start).
 */
export function useTestApp(envOverrides: Record<string, string> = {}, seed?: (tdb: TestDatabase) => Promise<void>): TestAppContext {
  const t = {} as TestAppContext;
  beforeAll(async () => {
    t.tdb = await createTestDatabase();
    await seed?.(t.tdb);
    t.app = await buildTestApp(t.tdb, envOverrides);
  });
  afterAll(async () => {
    await t.app?.close();
    await t.tdb?.drop();
  });
  return t;
}

export interface TwoNodes {
  tdb: TestDatabase;
  /** Node A, on the file's pool. */
  nodeA: App;
  /** Node B, on a pool of its own (as a second node behind a load balancer). */
  nodeB: App;
  poolB: pg.Pool;
}

/**
 * For a test file's top level: a fresh database and two app nodes on it, each with its own pool, built before the
 * file's tests and closed after. Read them as `t.nodeA`, `t.nodeB`, `t.tdb`, `t.poolB`.
 */
export function useTwoNodes(envOverrides: Record<string, string> = {}): TwoNodes {
  const t = {} as TwoNodes;
  beforeAll(async () => {
    t.tdb = await createTestDatabase();
    t.poolB = createPool(t.tdb.url, 5);
    t.nodeA = await buildApp({ pool: t.tdb.pool, db: t.tdb.db, env: testEnv(envOverrides), serveClient: false });
    t.nodeB = await buildApp({ pool: t.poolB, db: wrapPool(t.poolB), env: testEnv(envOverrides), serveClient: false });
    await Promise.all([t.nodeA.ready(), t.nodeB.ready()]);
  });
  afterAll(async () => {
    await t.nodeA?.close();
    await t.nodeB?.close();
    await t.poolB?.end();
    await t.tdb?.drop();
  });
  return t;
}
