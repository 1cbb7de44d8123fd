// The committed migrations build the whole schema on an empty database, and running them again is a no-op.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPool, wrapPool } from './client';
import { runMigrations } from './migrate';

const name = `sl_test_${process.pid}_migrations`;
let pool: pg.Pool;

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${name}"`); // empty, not cloned from the migrated template
  const u = new URL(inject('pgAdminUrl'));
  u.pathname = `/${name}`;
  pool = createPool(u.toString(), 2);
});
afterAll(async () => {
  await pool.end();
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

describe('migrations', () => {
  it('create every table, the trigram extension and the indexes on an empty database', async () => {
    await runMigrations(wrapPool(pool));
    const { rows: tables } = await pool.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
    );
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining([
        'app_meta', 'communities', 'community_pricing', 'customer_reviews', 'employee_reviews', 'favorites', 'imports',
        'lead_events', 'leads', 'operators', 'sessions', 'users',
      ]),
    );
    const { rows: ext } = await pool.query("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'");
    expect(ext).toHaveLength(1);
    const { rows: idx } = await pool.query<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE tablename = 'communities'");
    expect(idx.map((i) => i.indexname)).toEqual(expect.arrayContaining(['communities_source_uq', 'communities_name_trgm_idx', 'communities_care_types_idx']));
  });

  it('are idempotent: a second run applies nothing and keeps the data', async () => {
    await pool.query("INSERT INTO operators (name, source_id) VALUES ('Keep Me', 'k1')");
    const before = await pool.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    await runMigrations(wrapPool(pool));
    const after = await pool.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    expect(after.rows[0].n).toBe(before.rows[0].n);
    const { rows } = await pool.query("SELECT name FROM operators WHERE source_id = 'k1'");
    expect(rows).toEqual([{ name: 'Keep Me' }]);
  });
});
