// Browser-test setup: a fresh database on the test PostgreSQL, a client build of this run's own,
// and the real server (src/server/main.ts) on a free port with a small generated dataset.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbedded } from '../src/server/db/client';
import { runImport } from '../src/server/db/import';
import { startOwnServer, warningsAndErrors } from './support/own-server';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = path.resolve(import.meta.dirname, '..');
/** The CMS sample (47 nursing homes, processing date 2026-07-01) imported for the provenance tests. */
export const E2E_IMPORT_FILE = path.resolve(root, '../shared/data/cms/NH_ProviderInfo_Jul2026_sample.csv');

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

  // This run's own client build, so concurrent runs never serve each other's half-written files.
  const clientDir = path.join(root, '.data/e2e', run, 'client');
  mkdirSync(clientDir, { recursive: true });
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', '--outDir', clientDir, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('vite build failed');

  // The server's log goes to a file the tests read (one-time e-mail links are logged without SMTP);
  // warnings and errors are still shown on the console.
  const serverLog = path.join(root, '.data/e2e', run, 'server.log');
  const server = await startOwnServer({
    adminUrl,
    dbPrefix: 'sl_e2e',
    clientDir,
    env: {
      DATASET_SCALE: process.env.E2E_DATASET_SCALE ?? '0.004',
      LOG_LEVEL: 'info',
      ADMIN_EMAILS: 'admin@example.com',
      // Every browser test signs up from 127.0.0.1: the production limit (10 a minute) would trip.
      AUTH_RATE_LIMIT_MAX: '1000',
    },
    logFile: serverLog,
    echo: warningsAndErrors,
    healthTimeoutMs: 120_000,
  });
  const baseUrl = server.url;
  const dbUrl = server.database.url;

  // A small real public file next to the demo dataset, through the real importer, so that the browser
  // tests see an imported record with its agency and as-of date (ADR 008). Before any test runs, so
  // every test sees the same data.
  const importPool = new pg.Pool({ connectionString: dbUrl, max: 2 });
  try {
    await runImport(importPool, { kind: 'cms', fileName: path.basename(E2E_IMPORT_FILE), content: readFileSync(E2E_IMPORT_FILE) });
  } finally {
    await importPool.end();
  }

  project.provide('e2eBaseUrl', baseUrl);
  project.provide('e2eDatabaseUrl', dbUrl);
  // For test files that start a server of their own (public.e2e.ts: DATASET=public).
  project.provide('e2eAdminUrl', adminUrl);
  project.provide('e2eClientDir', clientDir);
  project.provide('e2eServerLog', serverLog);

  return async () => {
    await server.stop();
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
