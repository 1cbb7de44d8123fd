// Browser-test setup: a fresh database on the test PostgreSQL, a client build of this run's own,
// and the real server (src/server/main.ts) on a free port with a small generated dataset.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbedded } from '../src/server/db/client';
import { runImport } from '../src/server/db/import';
import { freePort } from '../src/server/test/ports';

export { freePort };

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = path.resolve(import.meta.dirname, '..');
/** The CMS sample (47 nursing homes, processing date 2026-07-01) imported for the provenance tests. */
export const E2E_IMPORT_FILE = path.resolve(root, '../shared/data/cms/NH_ProviderInfo_Jul2026_sample.csv');

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

export default async function setup(project: TestProject) {
  const haveBrowser = existsSync(CHROMIUM);
  if (!haveBrowser) {
    if (process.env.CI) throw new Error(`${CHROMIUM} is missing: browser tests are required in CI (install Debian's chromium).`);
    console.warn(`[e2e] ${CHROMIUM} not found: browser tests are skipped (they are required in CI).`);
    project.provide('e2eBaseUrl', '');
    project.provide('e2eDatabaseUrl', '');
    project.provide('e2eAdminUrl', '');
    project.provide('e2eClientDir', '');
    project.provide('e2eServerLog', '');
    return;
  }

  let adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!adminUrl) {
    const port = Number(process.env.TEST_PG_PORT ?? 54339);
    const handle = await startEmbedded(path.join(root, '.data/test-pg'), port, () => {}, { detached: true });
    adminUrl = handle.superuserUrl('postgres');
  }
  const run = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const dbName = `sl_e2e_${run}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  await admin.end();
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;

  // This run's own client build, so concurrent runs never serve each other's half-written files.
  const clientDir = path.join(root, '.data/e2e', run, 'client');
  mkdirSync(clientDir, { recursive: true });
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', '--outDir', clientDir, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('vite build failed');

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // The server's log goes to a file the tests read (one-time e-mail links are logged without SMTP);
  // warnings and errors are still shown on the console.
  const serverLog = path.join(root, '.data/e2e', run, 'server.log');
  const logFile = createWriteStream(serverLog);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: dbUrl.toString(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATASET_SCALE: process.env.E2E_DATASET_SCALE ?? '0.004',
      CLIENT_DIST_DIR: clientDir,
      LOG_LEVEL: 'info',
      ADMIN_EMAILS: 'admin@example.com',
      // Every browser test signs up from 127.0.0.1: the production limit (10 a minute) would trip.
      AUTH_RATE_LIMIT_MAX: '1000',
      OIDC_ISSUER: '',
      LLM_BASE_URL: '',
      SMTP_URL: '',
      MAP_TILE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    logFile.write(chunk);
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const level = /"level":(\d+)/.exec(line)?.[1];
      if (!level || Number(level) >= 40) process.stdout.write(`${line}\n`);
    }
  });
  await waitForHealth(baseUrl, child, 120_000);

  // A small real public file next to the demo dataset, through the real importer, so that the browser
  // tests see an imported record with its agency and as-of date (ADR 008). Before any test runs, so
  // every test sees the same data.
  const importPool = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });
  try {
    await runImport(importPool, { kind: 'cms', fileName: path.basename(E2E_IMPORT_FILE), content: readFileSync(E2E_IMPORT_FILE) });
  } finally {
    await importPool.end();
  }

  project.provide('e2eBaseUrl', baseUrl);
  project.provide('e2eDatabaseUrl', dbUrl.toString());
  // For test files that start a server of their own (public.e2e.ts: DATASET=public).
  project.provide('e2eAdminUrl', adminUrl);
  project.provide('e2eClientDir', clientDir);
  project.provide('e2eServerLog', serverLog);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    logFile.end();
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await c.end();
    rmSync(path.join(root, '.data/e2e', run), { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2eDatabaseUrl: string;
    e2eAdminUrl: string;
    e2eClientDir: string;
    /** The app's log (JSON lines), where one-time e-mail links are written without SMTP. */
    e2eServerLog: string;
  }
}
