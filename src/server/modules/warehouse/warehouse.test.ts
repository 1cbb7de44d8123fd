import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { wrapPool } from '../../db/client';
import { buildTestApp, createTestDatabase, testEnv, type TestDatabase } from '../../test/db';
import type { App } from '../../types';
import { guardWarehouseQuery } from './sql-guard';
import { WAREHOUSE_ROLE } from './warehouse.service';

let tdb: TestDatabase;
let app: App;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildTestApp(tdb);
  await tdb.pool.query(`
    INSERT INTO operators (id, name, source_id) VALUES (1, 'Op One', 'o1');
    INSERT INTO communities (id, name, city, state, source_id, operator_id) VALUES (1, 'Maple Court', 'Austin', 'TX', 'c1', 1);
    INSERT INTO customer_reviews (community_id, rating, author, content, review_date, source, sentiment)
      SELECT 1, 1 + (g % 5), 'A' || g, 'Review ' || g, DATE '2024-01-01' + g, 'Google', (g % 10) / 10.0
      FROM generate_series(1, 1500) g;
    INSERT INTO employee_reviews (operator_id, rating, content, review_date, job_title, employment_status, source, sentiment)
      VALUES (1, 4, 'Good place', '2024-02-01', 'Nurse', 'current', 'Indeed', 0.8);
    INSERT INTO users (email, password_hash) VALUES ('secret@example.com', 'hash');
    INSERT INTO leads (name, email) VALUES ('Lead', 'lead@example.com');
  `);
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const query = (q: string) => app.inject({ method: 'POST', url: '/api/warehouse/query', payload: { query: q } });

describe('POST /api/warehouse/query: the queries the review screens make', () => {
  it('counts the rows of each review table (first cell read as an integer)', async () => {
    const c = await query('SELECT COUNT(*) FROM customer_reviews');
    expect(c.statusCode).toBe(200);
    expect(c.json()).toEqual({ result: [[1500]], columns: ['count'], truncated: false });
    const e = await query('select count(*) from employee_reviews;');
    expect(e.json().result).toEqual([[1]]);
  });

  it('returns a page of 1000 rows with a limit and an offset, as arrays in column order', async () => {
    const res = await query('SELECT id, rating, content, review_date FROM customer_reviews ORDER BY id LIMIT 1000 OFFSET 1000');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.columns).toEqual(['id', 'rating', 'content', 'review_date']);
    expect(body.result).toHaveLength(500);
    expect(body.result[0]).toEqual([1001, 2, 'Review 1001', '2026-09-28']);
  });

  it('caps the result at 1000 rows and says so', async () => {
    const res = await query('SELECT * FROM customer_reviews');
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toHaveLength(1000);
    expect(res.json().truncated).toBe(true);
  });

  it('accepts joins of the two tables, subqueries, CTEs, aggregates, casts and allowed functions', async () => {
    const res = await query(`
      WITH recent AS (SELECT * FROM public.customer_reviews WHERE review_date >= DATE '2024-01-01')
      SELECT r.rating, count(*)::int AS n, round(avg(r.sentiment)::numeric, 2) AS s, lower('ABC') AS t
      FROM recent r
      WHERE r.id IN (SELECT id FROM customer_reviews WHERE rating BETWEEN 1 AND 5)
        AND EXISTS (SELECT 1 FROM employee_reviews e WHERE e.rating >= 1)
      GROUP BY r.rating ORDER BY r.rating`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toHaveLength(5);
    expect(res.json().result[0]).toEqual([1, 300, 0.25, 'abc']);
  });

  it('runs as a role that can read the two review tables and nothing else', async () => {
    const { rows } = await tdb.pool.query<{ t: string; ok: boolean }>(
      `SELECT c.relname AS t, has_table_privilege($1, c.oid, 'SELECT') AS ok
       FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' ORDER BY 1`,
      [WAREHOUSE_ROLE],
    );
    const readable = rows.filter((r) => r.ok).map((r) => r.t);
    expect(readable).toEqual(['customer_reviews', 'employee_reviews']);
    const role = await tdb.pool.query(`SELECT rolcanlogin, rolsuper FROM pg_roles WHERE rolname = $1`, [WAREHOUSE_ROLE]);
    expect(role.rows[0]).toEqual({ rolcanlogin: false, rolsuper: false });
  });

  it('reports errors of the query itself as a 400 that says why', async () => {
    const res = await query('SELECT no_such_column FROM customer_reviews');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('no_such_column');
    const div = await query('SELECT 1 / 0 FROM employee_reviews');
    expect(div.statusCode).toBe(400);
    expect(div.json().error.message).toContain('division by zero');
  });

  it('cancels a query that runs past the statement timeout with a 400', async () => {
    const started = Date.now();
    const res = await query('SELECT count(*) FROM customer_reviews a, customer_reviews b, customer_reviews c');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('longer than');
    expect(Date.now() - started).toBeLessThan(4000);
  });
});

const REFUSED: Array<[string, string]> = [
  // DDL and DML
  ['DROP TABLE customer_reviews', 'Only SELECT'],
  ['CREATE TABLE x (a int)', 'Only SELECT'],
  ['ALTER TABLE customer_reviews ADD COLUMN x int', 'Only SELECT'],
  ['TRUNCATE customer_reviews', 'Only SELECT'],
  ['DELETE FROM customer_reviews', 'Only SELECT'],
  ['UPDATE customer_reviews SET rating = 5', 'Only SELECT'],
  ["INSERT INTO customer_reviews (rating) VALUES (5)", 'Only SELECT'],
  ['GRANT SELECT ON users TO public', 'Only SELECT'],
  ['SET ROLE postgres', 'Only SELECT'],
  ['SELECT * INTO copy_of_reviews FROM customer_reviews', 'SELECT INTO'],
  ['SELECT * FROM customer_reviews FOR UPDATE', 'Locking'],
  ['WITH d AS (DELETE FROM customer_reviews RETURNING *) SELECT * FROM d', 'WITH may only contain SELECT'],
  // Other tables
  ['SELECT * FROM users', 'Table users is not allowed'],
  ['SELECT * FROM sessions', 'Table sessions is not allowed'],
  ['SELECT * FROM leads', 'Table leads is not allowed'],
  ['SELECT * FROM customer_reviews r JOIN users u ON u.id = r.id', 'Table users'],
  ['SELECT (SELECT email FROM users LIMIT 1) FROM customer_reviews', 'Table users'],
  ['SELECT * FROM customer_reviews WHERE EXISTS (SELECT 1 FROM leads)', 'Table leads'],
  ['SELECT * FROM customer_reviews UNION ALL SELECT * FROM sessions', 'Table sessions'],
  ['SELECT * FROM "USERS"', 'not allowed'],
  ['SELECT * FROM other_schema.customer_reviews', 'not allowed'],
  ['SELECT * FROM otherdb.public.customer_reviews', 'Database-qualified'],
  // CTE names do not leak outside their scope
  ['SELECT * FROM (WITH users AS (SELECT 1) SELECT * FROM users) a, users', 'Table users'],
  // System catalogs and columns
  ['SELECT * FROM pg_catalog.pg_authid', 'not allowed'],
  ['SELECT * FROM pg_user', 'Table pg_user'],
  ['SELECT * FROM information_schema.tables', 'not allowed'],
  ['SELECT ctid, xmin FROM customer_reviews', 'System column'],
  ["SELECT 'users'::regclass FROM customer_reviews", 'Casting to type'],
  ['SELECT current_user', 'SQL value functions'],
  ["SELECT CAST('pg_authid' AS regclass)", 'Casting to type'],
  ["SELECT '1'::pg_catalog.regproc", 'Casting to type'],
  ["SELECT * FROM customer_reviews WHERE id = ANY('{1}'::oid[])", 'Casting to type'],
  ['SELECT pg_catalog.current_setting(\'data_directory\')', 'Function'],
  // Multiple statements
  ['SELECT 1; SELECT 2', 'Only one statement'],
  ['SELECT 1; DROP TABLE customer_reviews', 'Only one statement'],
  ['', 'query'],
  [';;', 'Enter one SELECT'],
  // Functions: sleeping, files, settings, set-returning tricks
  ['SELECT pg_sleep(10)', 'Function pg_sleep'],
  ['SELECT pg_catalog.pg_sleep(10) FROM customer_reviews', 'Function pg_catalog.pg_sleep'],
  ["SELECT pg_read_file('/etc/passwd')", 'Function pg_read_file'],
  ["SELECT set_config('role', 'postgres', true)", 'Function set_config'],
  ['SELECT * FROM generate_series(1, 100000000)', 'RangeFunction'],
  ['SELECT generate_series(1, 100000000) FROM customer_reviews', 'Function generate_series'],
  ['SELECT unnest(ARRAY[1,2,3])', 'not allowed'],
  ['SELECT * FROM customer_reviews, LATERAL json_each(\'{}\')', 'RangeFunction'],
  ['SELECT * FROM ROWS FROM (generate_series(1,3))', 'RangeFunction'],
  ["SELECT * FROM customer_reviews TABLESAMPLE SYSTEM (10)", 'RangeTableSample'],
  ["SELECT dblink('x', 'y')", 'Function dblink'],
  ['SELECT lo_import(\'/etc/passwd\')', 'Function lo_import'],
  ['SELECT 1 OPERATOR(pg_catalog.+) 1', 'Schema-qualified operators'],
  ['SELECT $1', 'Parameters'],
  // COPY
  ["COPY customer_reviews TO '/tmp/x'", 'Only SELECT'],
  ["COPY (SELECT * FROM customer_reviews) TO PROGRAM 'id'", 'Only SELECT'],
  // Comments
  ['SELECT 1 -- comment', 'Comments'],
  ['SELECT /* hidden */ 1', 'Comments'],
  ['SELECT 1 /* nested /* comment */ */', 'Comments'],
  // Unicode and escape tricks
  ["SELECT * FROM U&\"\\0075sers\"", 'Unicode escapes'],
  ["SELECT U&'\\0041' FROM customer_reviews", 'Unicode escapes'],
  ["SELECT E'\\x41' FROM customer_reviews", 'Escape strings'],
  ['SELECT $$x$$ FROM customer_reviews', 'dollar quoting'],
  ['SELECT * FROM сustomer_reviews', 'Non-ASCII'], // Cyrillic "с"
  ['SELECT * FROM customer_reviews\u200b', 'Invisible'],
  ['SELECT * FROM customer_reviews WHERE content = \'a\u202eb\'', 'Invisible'],
  ['SELECT\u00a0* FROM customer_reviews', 'Non-ASCII'],
  // Too big or too deep to check cheaply
  ['SELECT ' + '('.repeat(40) + '1' + ')'.repeat(40) + ' FROM customer_reviews', 'nested too deeply'],
  ['SELECT ' + Array(1000).fill('1').join('+') + ' FROM customer_reviews', 'too long'],
  ['SELECT ' + 'NOT '.repeat(1400) + 'true', 'nested too deeply'],
  // Garbage
  ['SELEC * FROM customer_reviews', 'Syntax error'],
  ['EXPLAIN ANALYZE SELECT * FROM customer_reviews', 'Only SELECT'],
  ['DO $$ BEGIN PERFORM 1; END $$', 'dollar quoting'],
  ['PREPARE p AS SELECT 1', 'Only SELECT'],
  ['LISTEN x', 'Only SELECT'],
];

describe('POST /api/warehouse/query: everything else is refused with a 4xx that says why, quickly', () => {
  it.each(REFUSED)('refuses %j', async (q, why) => {
    const started = performance.now();
    const res = await query(q);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error.message).toContain(why);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses a body over 10 KB with 413', async () => {
    const res = await query(`SELECT ${'1 + '.repeat(4000)}1 FROM customer_reviews`);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a missing or non-string query with 400', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/warehouse/query', payload: { query: 42 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('left every table as it was', async () => {
    const { rows } = await tdb.pool.query('SELECT (SELECT count(*)::int FROM customer_reviews) AS c, (SELECT count(*)::int FROM users) AS u');
    expect(rows[0]).toEqual({ c: 1500, u: 1 });
  });
});

describe('guardWarehouseQuery', () => {
  it('keeps the statement text and drops trailing semicolons', () => {
    expect(guardWarehouseQuery('  SELECT 1 FROM customer_reviews ;; \n')).toEqual({ ok: true, sql: 'SELECT 1 FROM customer_reviews' });
  });
  it('allows non-ASCII text inside plain string literals', () => {
    expect(guardWarehouseQuery("SELECT count(*) FROM customer_reviews WHERE content ILIKE '%café%'").ok).toBe(true);
  });
});

describe('POST /api/warehouse/query with a database user that cannot create or assume the role', () => {
  it('refuses with a clear 503 instead of running as the application user', async () => {
    const user = `sl_wh_limited_${randomBytes(4).toString('hex')}`;
    await tdb.pool.query(`CREATE ROLE ${user} LOGIN PASSWORD 'pw' NOSUPERUSER NOCREATEROLE`);
    await tdb.pool.query(`GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${user}`);
    // Rate limits are counted in the database: every app user writes its counters.
    await tdb.pool.query(`GRANT INSERT, UPDATE, DELETE ON rate_limits TO ${user}`);
    const url = new URL(tdb.url);
    url.username = user;
    url.password = 'pw';
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    const limited = await buildApp({ pool, db: wrapPool(pool), env: testEnv(), serveClient: false });
    try {
      const res = await limited.inject({ method: 'POST', url: '/api/warehouse/query', payload: { query: 'SELECT count(*) FROM customer_reviews' } });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('UNAVAILABLE');
      expect(res.json().error.message).toContain('warehouse_reader');
      // Refusals of the guard still come first, as 400s.
      const bad = await limited.inject({ method: 'POST', url: '/api/warehouse/query', payload: { query: 'SELECT * FROM users' } });
      expect(bad.statusCode).toBe(400);
    } finally {
      await limited.close();
      await pool.end();
      await tdb.pool.query(`REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${user}`);
      await tdb.pool.query(`DROP ROLE ${user}`);
    }
  });
});
