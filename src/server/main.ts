// Entry point: configuration, database (embedded or DATABASE_URL), migrations, dataset, listen, graceful shutdown.
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { ensurePublicDataset } from './db/public-dataset/load';
import { ensureDataset } from './db/seed/dataset';
import { loadEnv } from './env';

const started = performance.now();
const env = loadEnv();
const say = (msg: string) => {
  if (env.LOG_LEVEL !== 'silent') console.log(`[start] ${msg}`);
};

const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  embeddedPort: env.EMBEDDED_PG_PORT,
  poolMax: 30,
  log: say,
});
say(database.embedded ? `embedded PostgreSQL on port ${env.EMBEDDED_PG_PORT} (data in ${env.DATA_DIR}/pg)` : 'PostgreSQL from DATABASE_URL');
await runMigrations(database.db);
if (env.GENERATE_DATASET && env.DATASET === 'public') {
  const result = await ensurePublicDataset(database.pool, { states: env.DATASET_STATES, log: say });
  if (result.loaded) say(`public dataset loaded in ${(result.ms / 1000).toFixed(1)} s`);
} else if (env.GENERATE_DATASET) {
  const result = await ensureDataset(database.pool, { scale: env.DATASET_SCALE, seed: env.DATASET_SEED, log: say });
  if (result.generated) say(`dataset generated in ${(result.ms / 1000).toFixed(1)} s`);
}

const app = await buildApp({ pool: database.pool, db: database.db, env, logger: { level: env.LOG_LEVEL } });

closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
});

await app.listen({ port: env.PORT, host: env.HOST });
say(`ready on http://localhost:${env.PORT} in ${((performance.now() - started) / 1000).toFixed(2)} s`);
