// The database pools of the app and of maintenance and tests: session options, timeouts, error
// reporting that never crashes the process, the query builder over a pool, and long statements for the
// few legitimate long transactions.
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { inTransaction, setLocalStatementTimeout, type Queryable } from './sql';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;

export interface PoolTimeouts {
  /** Giving up on opening a connection (pool connectionTimeoutMillis). */
  connectMs: number;
  /** Client-side: a query without an answer after this long fails (also when the server is frozen). */
  queryMs: number;
  /** Server-side statement_timeout of every session of the pool. */
  statementMs: number;
}

export const DEFAULT_TIMEOUTS: PoolTimeouts = { connectMs: 3_000, queryMs: 6_000, statementMs: 5_000 };

/**
 * Session settings of the application's pool. It serves many short requests at once on few cores: a
 * parallel plan (a leader and up to 2 workers per query) only multiplies the processes competing for
 * them, so each query runs in one process. (On the 45k-row tables the planner rarely chose parallel
 * plans anyway: an A/B of the uncached search and insights endpoints under 50 connections was within
 * noise; it matters for the whole-table review aggregates, which are cached and refreshed in the background.)
 */
export const OLTP_SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0';

export interface PoolOptions {
  /** Session settings sent at connect (e.g. OLTP_SESSION_OPTIONS). */
  options?: string;
  /** Timeouts; none when omitted (maintenance and test pools). */
  timeouts?: PoolTimeouts;
  /** Where errors of idle or broken connections are reported (never thrown). */
  onError?: (err: Error) => void;
}

export function createPool(url: string, max = 20, opts: PoolOptions | string = {}): pg.Pool {
  const o: PoolOptions = typeof opts === 'string' ? { options: opts } : opts;
  const t = o.timeouts;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    ...(o.options ? { options: o.options } : {}),
    ...(t
      ? {
          connectionTimeoutMillis: t.connectMs,
          query_timeout: t.queryMs,
          statement_timeout: t.statementMs,
          // A transaction left open by a crashed request must not hold locks for long.
          idle_in_transaction_session_timeout: Math.max(t.statementMs * 2, 10_000),
        }
      : {}),
  });
  const report = o.onError ?? (() => {});
  // An idle client can be cut off (server restart, embedded shutdown): report, never crash.
  pool.on('error', report);
  // A checked-out client whose connection breaks emits 'error' too; without a listener that is an
  // uncaught exception that takes the whole process down ("second error, exiting").
  pool.on('connect', (client) => {
    client.on('error', report);
  });
  return pool;
}

export function wrapPool(pool: pg.Pool): Db {
  return drizzle(pool, { schema });
}

/**
 * For one checked-out client inside a transaction: lifts the statement timeout (SET LOCAL) and the
 * client-side query timeout for long legitimate work (imports, aggregate refreshes). Returns a function
 * that restores the client-side timeout; call it before releasing the client.
 */
export async function allowLongStatements(client: pg.PoolClient, ms: number): Promise<() => void> {
  await setLocalStatementTimeout(client, ms);
  // And the wait between its statements: the pool's idle-in-transaction limit (10 s) ended index builds at
  // scale 10 whose transaction waited for a busy event loop between two reads (ADR 027).
  await client.query(`SELECT set_config('idle_in_transaction_session_timeout', $1, true)`, [String(ms)]);
  // node-postgres reads the read timeout from the connection parameters at each query.
  const params = (client as unknown as { connectionParameters: { query_timeout?: number | false } }).connectionParameters;
  const before = params.query_timeout;
  if (before) params.query_timeout = ms + 5_000;
  return () => {
    params.query_timeout = before;
  };
}

/** How long a whole-table report or start-up warm-up may run (scale 10: a scan of 16 M reviews takes tens of seconds). */
export const LONG_READ_MS = 120_000;

/**
 * How long a read of an in-memory index's build may run: builds run in the background, never for a visitor,
 * and at scale 10 on a loaded machine their reads outlasted LONG_READ_MS (and were retried for ever).
 */
export const INDEX_BUILD_READ_MS = 600_000;

/**
 * One connection as a Queryable that sends its statements one after another: callers may start several at
 * once (Promise.all), which node-postgres would otherwise queue on the busy connection (deprecated in pg 8,
 * removed in pg 9).
 */
function oneAtATime(client: pg.PoolClient): Queryable {
  let last: Promise<unknown> = Promise.resolve();
  const send = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const query = (...args: unknown[]) => {
    const run = last.then(() => send(...args));
    last = run.catch(() => undefined);
    return run;
  };
  return { query: query as Queryable['query'] };
}

/**
 * The reads an in-memory index builds from: each in turn on one read-only connection that allows the
 * build's long statements (INDEX_BUILD_READ_MS), their rows in the same order as the reads.
 */
export function readIndexRows<T extends readonly unknown[]>(pool: pg.Pool, ...reads: { [K in keyof T]: (db: Queryable) => Promise<T[K]> }): Promise<T> {
  return withLongReads(
    pool,
    async (db) => {
      const rows: unknown[] = [];
      for (const read of reads) rows.push(await read(db));
      return rows as unknown as T;
    },
    INDEX_BUILD_READ_MS,
  );
}

/**
 * Runs read-only `fn` on one connection whose statements may take up to `ms`: whole-table reports and the
 * warm-ups that fill their caches (computed once per TTL, never per visitor request), which outlast the
 * app's 5 s statement timeout on large datasets (ADR 027).
 */
export function withLongReads<T>(pool: pg.Pool, fn: (db: Queryable) => Promise<T>, ms = LONG_READ_MS): Promise<T> {
  return inTransaction(
    pool,
    async (client) => {
      const restore = await allowLongStatements(client, ms);
      try {
        return await fn(oneAtATime(client));
      } finally {
        restore();
      }
    },
    { readOnly: true },
  );
}
