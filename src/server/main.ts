// Entry point: configuration, database (embedded or DATABASE_URL), migrations, dataset, listen, graceful shutdown.
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { buildApp } from './app';
import { createPool, openDatabase, wrapPool } from './db/client';
import { ensureMarketData } from './db/counties';
import { ensureReviewSummaries, fillMissingExampleSnippets } from './db/review-summary';
import { runMigrations } from './db/migrate';
import { ensurePublicDataset } from './db/public-dataset/load';
import { ensureDataset } from './db/seed/dataset';
import { backfillReviewThemes } from './modules/sentiment/backfill';
import { loadEnv } from './env';
import type { App } from './types';

const started = performance.now();
const env = loadEnv();
// Start-up messages on stdout; once the app exists, database messages go to its log.
let app: App | null = null;
const say = (msg: string) => {
  if (app) app.log.info({ module: 'db' }, msg);
  else if (env.LOG_LEVEL !== 'silent') console.log(`[start] ${msg}`);
};
// Failures of the database (the embedded server died, a restart failed) are errors in the app's log
// once it exists; before that on stderr.
const alarm = (msg: string) => {
  if (app) app.log.error({ module: 'db' }, msg);
  else if (env.LOG_LEVEL !== 'silent') console.error(`[db] ERROR ${msg}`);
};

const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  embeddedPort: env.EMBEDDED_PG_PORT,
  poolMax: 30,
  timeouts: { connectMs: env.DB_CONNECT_TIMEOUT_MS, queryMs: env.DB_QUERY_TIMEOUT_MS, statementMs: env.DB_STATEMENT_TIMEOUT_MS },
  log: say,
  logError: alarm,
});
say(database.embedded ? `embedded PostgreSQL on port ${env.EMBEDDED_PG_PORT} (data in ${env.DATA_DIR}/pg)` : 'PostgreSQL from DATABASE_URL');
// Migrations (as the app's role, which owns the schema) and the bulk load run on their own connections
// without the request timeouts; the load connects as the embedded superuser (so it may skip per-row
// foreign-key triggers) or through DATABASE_URL.
{
  const migrator = createPool(database.url, 2);
  try {
    await runMigrations(wrapPool(migrator));
  } finally {
    await migrator.end();
  }
}
if (env.GENERATE_DATASET) {
  const maintenance = createPool(database.maintenanceUrl, 2);
  try {
    if (env.DATASET === 'public') {
      const result = await ensurePublicDataset(maintenance, { states: env.DATASET_STATES, log: say });
      if (result.loaded) say(`public dataset loaded in ${(result.ms / 1000).toFixed(1)} s`);
    } else {
      const result = await ensureDataset(maintenance, { scale: env.DATASET_SCALE, seed: env.DATASET_SEED, log: say });
      if (result.generated) say(`dataset generated in ${(result.ms / 1000).toFixed(1)} s`);
    }
  } finally {
    await maintenance.end();
  }
}
// Review themes of rows stored before migration 0015 (or by a writer that did not score them); nothing
// to do on a database that has them (ADR 021).
{
  const maintenance = createPool(database.maintenanceUrl, 2);
  try {
    const scored = await backfillReviewThemes(maintenance, say);
    // The per-community review summaries (ADR 029): built once for a database loaded before migration 0021.
    await ensureReviewSummaries(maintenance, scored.customer > 0, say);
  } finally {
    await maintenance.end();
  }
}

// County population (ACS) and the county of every community that has none yet (issue 15): idempotent.
{
  const maintenance = createPool(database.maintenanceUrl, 2);
  try {
    await ensureMarketData(maintenance, say);
  } finally {
    await maintenance.end();
  }
}

// The log goes to stdout without blocking: a line is buffered while the previous write is in flight, so under
// load many lines leave in one write (one synchronous write per access line was about a tenth of the app's CPU on
// a theme report, ADR 029). Pino flushes what is buffered when the process exits, after an error too.
const logStream = pino.destination({ dest: 1, sync: false });
app = await buildApp({ pool: database.pool, db: database.db, env, logger: { level: env.LOG_LEVEL, stream: logStream } });
const running = app;

closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) running.log.error({ err }, 'shutting down after an error');
  else running.log.info({ signal }, 'shutting down');
  await running.close();
  // Stops the embedded server unless it has already exited (then there is nothing to wait for).
  await database.close();
});

await running.listen({ port: env.PORT, host: env.HOST });
say(`ready on http://localhost:${env.PORT} in ${((performance.now() - started) / 1000).toFixed(2)} s`);
// Theme examples of a database older than migration 0029 get their snippets in the background (ADR 029).
fillMissingExampleSnippets(database.pool, say).catch((err: unknown) => running.log.error({ err }, 'theme example snippets not written'));
