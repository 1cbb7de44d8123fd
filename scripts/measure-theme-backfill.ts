// Measures the start-up backfill of review themes (ADR 021) on a generated dataset of the given scale:
// loads it into a fresh database, clears the themes (as on a database loaded before migration 0015) and
// times backfillReviewThemes. Usage: DATABASE_URL=postgres://superuser@host/postgres npx tsx scripts/measure-theme-backfill.ts [scale]
import pg from 'pg';
import { createPool, wrapPool } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { ensureDataset } from '../src/server/db/seed/dataset';
import { backfillReviewThemes } from '../src/server/modules/sentiment/backfill';

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('DATABASE_URL (a server on which this may create a database) is required');
const scale = Number(process.argv[2] ?? '0.1');
const name = `theme_backfill_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${name}"`);
const u = new URL(adminUrl);
u.pathname = `/${name}`;
const pool = createPool(u.toString(), 4);
try {
  await runMigrations(wrapPool(pool));
  const load = await ensureDataset(pool, { scale, seed: 20261120, log: (m) => console.log(m) });
  console.log(`dataset (scale ${scale}) loaded in ${(load.ms / 1000).toFixed(1)} s, themes included`);
  await pool.query('UPDATE customer_reviews SET theme_mask = NULL, theme_sentiment = NULL');
  await pool.query('UPDATE employee_reviews SET theme_mask = NULL, theme_sentiment = NULL');
  await pool.query('VACUUM ANALYZE customer_reviews');
  await pool.query('VACUUM ANALYZE employee_reviews');
  const r = await backfillReviewThemes(pool, (m) => console.log(m));
  const n = r.customer + r.employee;
  console.log(`backfill: ${n} reviews in ${(r.ms / 1000).toFixed(1)} s = ${Math.round(n / (r.ms / 1000))} reviews/s`);
  const again = await backfillReviewThemes(pool);
  console.log(`second run: ${again.customer + again.employee} reviews in ${again.ms.toFixed(0)} ms`);
} finally {
  await pool.end();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}
