// The shared query helpers (issue 11, ADR 024) on a real PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db';
import { createPool } from './pool';
import { Params, containsPattern, escapeLike, inTransaction } from './sql';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
  await tdb.pool.query('CREATE TABLE sql_helpers (id serial PRIMARY KEY, name text NOT NULL)');
  await tdb.pool.query("INSERT INTO sql_helpers (name) VALUES ('50% off'), ('500 off'), ('a_b'), ('axb'), ('back\\slash'), ('backslash')");
});
afterAll(async () => {
  await tdb?.drop();
});

describe('Params', () => {
  it('numbers the placeholders in the order the values are added', () => {
    const p = new Params();
    expect([p.add('x'), p.add(2), p.add(null)]).toEqual(['$1', '$2', '$3']);
    expect(p.values).toEqual(['x', 2, null]);
  });
});

describe('LIKE escaping', () => {
  const matches = async (text: string) =>
    (await tdb.pool.query<{ name: string }>('SELECT name FROM sql_helpers WHERE name ILIKE $1 ORDER BY name', [containsPattern(text)])).rows.map((r) => r.name);

  it('matches the user text literally: % _ and \\ are not wildcards', async () => {
    expect(escapeLike('50%_\\')).toBe('50\\%\\_\\\\');
    expect(await matches('0%')).toEqual(['50% off']);
    expect(await matches('a_b')).toEqual(['a_b']);
    expect(await matches('k\\s')).toEqual(['back\\slash']);
  });
});

describe('inTransaction', () => {
  it('commits what resolves and rolls back what throws', async () => {
    await inTransaction(tdb.pool, (c) => c.query("INSERT INTO sql_helpers (name) VALUES ('kept')"));
    const err = await inTransaction(tdb.pool, async (c) => {
      await c.query("INSERT INTO sql_helpers (name) VALUES ('dropped')");
      throw new Error('changed my mind');
    }).catch((e: unknown) => e);
    expect((err as Error).message).toBe('changed my mind');
    const { rows } = await tdb.pool.query<{ name: string }>("SELECT name FROM sql_helpers WHERE name IN ('kept', 'dropped')");
    expect(rows.map((r) => r.name)).toEqual(['kept']);
  });

  it('never gives the pool back a connection still inside its transaction when the ROLLBACK fails', async () => {
    // One connection, a client-side read timeout of 300 ms: a statement of 1.2 s times out on the client while the
    // server still runs it, and the ROLLBACK queued behind it times out too (node-postgres then never sends it).
    const pool = createPool(tdb.url, 1, { timeouts: { connectMs: 3_000, queryMs: 300, statementMs: 10_000 } });
    try {
      const err = await inTransaction(pool, async (c) => {
        await c.query("INSERT INTO sql_helpers (name) VALUES ('left open')");
        await c.query('SELECT pg_sleep(1.2)');
      }).catch((e: unknown) => e);
      expect((err as Error).message).toBe('Query read timeout');
      // The next borrower: a write of its own, acknowledged, must be committed, and its session outside any old transaction.
      await new Promise((r) => setTimeout(r, 1_300));
      const { rows } = await pool.query<{ old: boolean }>(
        `WITH w AS (INSERT INTO sql_helpers (name) VALUES ('next borrower') RETURNING id)
         SELECT xact_start < query_start AS old FROM pg_stat_activity, w WHERE pid = pg_backend_pid()`,
      );
      expect(rows).toEqual([{ old: false }]);
    } finally {
      await pool.end();
    }
    const { rows } = await tdb.pool.query<{ name: string }>("SELECT name FROM sql_helpers WHERE name IN ('left open', 'next borrower') ORDER BY name");
    expect(rows.map((r) => r.name)).toEqual(['next borrower']);
  });

  it('refuses writes when read-only (SQLSTATE 25006)', async () => {
    const err = await inTransaction(tdb.pool, (c) => c.query("INSERT INTO sql_helpers (name) VALUES ('no')"), { readOnly: true }).catch((e: unknown) => e);
    expect((err as { code?: string }).code).toBe('25006');
  });
});
