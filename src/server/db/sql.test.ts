// The shared query helpers (issue 11, ADR 024) on a real PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db';
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

  it('refuses writes when read-only (SQLSTATE 25006)', async () => {
    const err = await inTransaction(tdb.pool, (c) => c.query("INSERT INTO sql_helpers (name) VALUES ('no')"), { readOnly: true }).catch((e: unknown) => e);
    expect((err as { code?: string }).code).toBe('25006');
  });
});
