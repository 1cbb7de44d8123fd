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

  it('lets its transaction wait between statements as long as a statement may run (a busy event loop), then restores the limit', async () => {
    const setting = async (db: { query: typeof pool.query }) =>
      (await db.query<{ t: string }>("SELECT current_setting('idle_in_transaction_session_timeout') AS t")).rows[0]!.t;
    expect(await setting(pool)).toBe('10s');
    expect(await withLongReads(pool, (db) => setting(db as typeof pool), 600_000)).toBe('10min');
    expect(await setting(pool)).toBe('10s');
  });

  it('sends statements started together one after another (no queueing on the busy connection)', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      const [a, b] = await withLongReads(pool, (db) =>
        Promise.all([db.query<{ a: number }>('SELECT 1 AS a FROM pg_sleep(0.2)'), db.query<{ b: number }>('SELECT 2 AS b')]),
      );
      expect([a.rows, b.rows]).toEqual([[{ a: 1 }], [{ b: 2 }]]);
      // After a failing statement the next one still runs (and reports the aborted transaction) instead of waiting forever.
      const results = await withLongReads(pool, (db) => Promise.allSettled([db.query('SELECT 1/0'), db.query('SELECT 3 AS c')]));
      expect(results.map((r) => (r.status === 'rejected' ? (r.reason as { code?: string }).code : 'ok'))).toEqual(['22012', '25P02']);
      await new Promise((r) => setImmediate(r));
      expect(warnings.filter((m) => m.includes('already executing'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('is read-only and still stops at its own limit', async () => {
    await expect(withLongReads(pool, (db) => db.query('CREATE TABLE nope (id int)'))).rejects.toMatchObject({ code: '25006' });
    await expect(withLongReads(pool, (db) => db.query('SELECT pg_sleep(1)'), 400)).rejects.toMatchObject({ code: '57014' });
  });
});
