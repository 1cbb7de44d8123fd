// A real server (src/server/main.ts) on a database of its own, for the browser tests: the shared one of
// the run (global-setup.ts) and those of test files whose data must not meet the others' (public.e2e.ts
// on DATASET=public, family-reviews.e2e.ts whose approved review changes whole-table figures; ADR 023).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../src/server/test/ports';

const root = path.resolve(import.meta.dirname, '../..');

export interface E2eDatabase {
  name: string;
  url: string;
  /** Drops the database (and whatever still connects to it). */
  drop(): Promise<void>;
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** An empty database `${prefix}_${pid}_${random}` on the test PostgreSQL of `adminUrl`. */
export async function createE2eDatabase(adminUrl: string, prefix: string): Promise<E2eDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

export async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the app did not become healthy within ${timeoutMs} ms`);
}

export interface OwnServerOptions {
  /** The superuser URL of the test PostgreSQL (inject('e2eAdminUrl') in a test file). */
  adminUrl: string;
  /** Prefix of the database's name. */
  dbPrefix: string;
  /** The client build the server serves. */
  clientDir: string;
  /** Settings beside the common ones (DATASET, DATASET_SCALE, LOG_LEVEL, ADMIN_EMAILS, …). */
  env: Record<string, string>;
  /**
   * Where the server's standard output goes: a file (one-time e-mail links are logged there without
   * SMTP), with `echo` deciding which of its lines are also shown; without a file, the console.
   */
  logFile?: string;
  echo?: (line: string) => boolean;
  /** How long the app may take to answer /api/health (it generates or imports its dataset first). */
  healthTimeoutMs?: number;
}

export interface OwnServer {
  url: string;
  database: E2eDatabase;
  child: ChildProcess;
  /** Stops the server, closes its log and drops its database. */
  stop(): Promise<void>;
}

/** Creates the database and starts the server on a free port in production mode; resolves when it is healthy. */
export async function startOwnServer(o: OwnServerOptions): Promise<OwnServer> {
  const database = await createE2eDatabase(o.adminUrl, o.dbPrefix);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      CLIENT_DIST_DIR: o.clientDir,
      // No outside services in browser tests.
      OIDC_ISSUER: '',
      LLM_BASE_URL: '',
      SMTP_URL: '',
      MAP_TILE_URL: '',
      ...o.env,
    },
    stdio: ['ignore', o.logFile ? 'pipe' : 'inherit', 'inherit'],
  });
  let log: WriteStream | null = null;
  if (o.logFile) {
    const file = createWriteStream(o.logFile);
    log = file;
    let pending = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      file.write(chunk);
      if (!o.echo) return;
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (o.echo(line)) process.stdout.write(`${line}\n`);
    });
  }
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    if (log) await new Promise((r) => log.end(r));
    await database.drop();
  };
  try {
    await waitForHealth(url, child, o.healthTimeoutMs ?? 150_000);
  } catch (err) {
    await stop().catch(() => {});
    throw err;
  }
  return { url, database, child, stop };
}

/** Shows warnings and errors of the app's JSON log lines (pino level 40 and above) and lines that are not JSON. */
export const warningsAndErrors = (line: string) => {
  const level = /"level":(\d+)/.exec(line)?.[1];
  return !level || Number(level) >= 40;
};
