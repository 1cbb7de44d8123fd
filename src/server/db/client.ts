// Opens the database: the server named by DATABASE_URL, or the embedded PostgreSQL under DATA_DIR.
//
// The embedded server (docs/decisions/011-durability-and-failure.md):
// - durable commits (synchronous_commit stays on; only the dataset loader turns it off for its own
//   transaction);
// - a random superuser password and a random password of the app's own non-superuser role, generated
//   per data directory and kept in `<data dir>/seniorscope-credentials.json` (mode 0600); a data
//   directory of an earlier version (superuser password 'postgres') is converted on its next start;
// - TCP on 127.0.0.1 only, no Unix-domain socket;
// - supervised: when the postmaster dies it is restarted (logged at error level) while the app answers
//   503 DATABASE_UNAVAILABLE.
//
// The pieces by concern: embedded.ts (start or reuse the cluster, provision the app's role and database),
// embedded-process.ts (initdb, the supervised or detached postmaster, probes), embedded-credentials.ts
// (role and database names, the credentials file), pool.ts (pools, timeouts, the query builder).
import path from 'node:path';
import type pg from 'pg';
import { APP_DATABASE } from './embedded-credentials';
import type { EmbeddedServer } from './embedded-process';
import { provisionAppDatabase, startEmbedded } from './embedded';
import { createPool, DEFAULT_TIMEOUTS, OLTP_SESSION_OPTIONS, wrapPool, type Db, type PoolTimeouts } from './pool';

// The pieces live in files of their own (issue 11); callers keep importing them from here.
export { APP_DATABASE, APP_ROLE, CREDENTIALS_FILE, readCredentials, type EmbeddedCredentials } from './embedded-credentials';
export type { EmbeddedServer } from './embedded-process';
export { provisionAppDatabase, startEmbedded, type EmbeddedHandle } from './embedded';
export { allowLongStatements, createPool, DEFAULT_TIMEOUTS, INDEX_BUILD_READ_MS, LONG_READ_MS, OLTP_SESSION_OPTIONS, readIndexRows, withLongReads, wrapPool, type Db, type PoolOptions, type PoolTimeouts } from './pool';

export interface Database {
  pool: pg.Pool;
  db: Db;
  url: string;
  /**
   * Where bulk maintenance (dataset generation) connects: the embedded superuser, or DATABASE_URL.
   * It is never used to serve requests.
   */
  maintenanceUrl: string;
  embedded: boolean;
  /** The embedded server this process started and supervises (null for DATABASE_URL or a reused one). */
  server: EmbeddedServer | null;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  embeddedPort: number;
  poolMax?: number;
  timeouts?: PoolTimeouts;
  log?: (msg: string) => void;
  /** Loud failures (the embedded server died, a restart failed). Default: console.error. */
  logError?: (msg: string) => void;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const log = opts.log ?? (() => {});
  const logError = opts.logError ?? ((m: string) => console.error(`[db] ERROR ${m}`));
  let url: string;
  let maintenanceUrl: string;
  let server: EmbeddedServer | null = null;
  if (opts.databaseUrl) {
    url = opts.databaseUrl;
    maintenanceUrl = opts.databaseUrl;
  } else {
    const handle = await startEmbedded(path.join(opts.dataDir, 'pg'), opts.embeddedPort, log, { logError });
    server = handle.server;
    await provisionAppDatabase(handle);
    url = handle.appUrl();
    maintenanceUrl = handle.superuserUrl(APP_DATABASE);
  }
  // The application's pool: no parallel plans (see OLTP_SESSION_OPTIONS), bounded waits.
  const pool = createPool(url, opts.poolMax ?? 20, {
    options: OLTP_SESSION_OPTIONS,
    timeouts: opts.timeouts ?? DEFAULT_TIMEOUTS,
    onError: (err) => log(`database connection lost: ${err.message}`),
  });
  return {
    pool,
    db: wrapPool(pool),
    url,
    maintenanceUrl,
    embedded: !opts.databaseUrl,
    server,
    async close() {
      // The embedded server is stopped beside the pool's end, not after it: its fast shutdown ends the connections
      // still checked out (an index build under way, LiveIndex.close), for which pool.end() would otherwise wait.
      await Promise.all([pool.end(), server?.stop()]);
    },
  };
}
