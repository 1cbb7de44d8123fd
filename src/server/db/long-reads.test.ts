// withLongReads (ADR 027): a whole-table report or warm-up may outlast the request timeouts of the app's pool
// on one read-only connection, and that connection goes back to the pool with the short timeouts again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db';
import { createPool, withLongReads } from './client';

let tdb: TestDatabase;
let pool: ReturnType<typeof createPool>;

beforeAll(async () => {
  tdb = await createTestDatabase();
  // One connection, so the connection withLongReads used is the one the next query gets.
  pool = createPool(tdb.url, 1, { timeouts: { connectMs: 5_000, queryMs: 1_500, statementMs: 300 } });
});

afterAll(async () => {
  await pool?.end();
  await tdb?.drop();
});

describe('withLongReads', () => {
  it('lets one read-only connection run past the pool statement timeout, then restores it', async () => {
    await expect(pool.query('SELECT pg_sleep(0.6)')).rejects.toMatchObject({ code: '57014' });
    const { rows } = await withLongReads(pool, (db) => db.query<{ ok: number }>('SELECT 1 AS ok FROM pg_sleep(0.6)'), 5_000);
    expect(rows).toEqual([{ ok: 1 }]);
    // Beyond the client-side query timeout (1.5 s) too.
    await withLongReads(pool, (db) => db.query('SELECT pg_sleep(2)'), 5_000);
    await expect(pool.query('SELECT pg_sleep(0.6)')).rejects.toMatchObject({ code: '57014' });
  });

  it('is read-only and still stops at its own limit', async () => {
    await expect(withLongReads(pool, (db) => db.query('CREATE TABLE nope (id int)'))).rejects.toMatchObject({ code: '25006' });
    await expect(withLongReads(pool, (db) => db.query('SELECT pg_sleep(1)'), 400)).rejects.toMatchObject({ code: '57014' });
  });
});
