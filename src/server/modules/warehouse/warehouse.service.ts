// Runs a guarded warehouse query: read-only transaction, as the warehouse_reader role (SELECT on the two
// review tables only), with a statement timeout and a row cap. Never runs as the app's own role.
import type pg from 'pg';
import { WAREHOUSE_ROW_CAP, WAREHOUSE_TABLES } from '../../../contracts/warehouse';
import { AppError } from '../../lib/errors';

export const WAREHOUSE_ROLE = 'warehouse_reader';
export const WAREHOUSE_STATEMENT_TIMEOUT = '2s';
/** Queries running at once per process; more get a 429 so the pool stays free for the rest of the app. */
export const WAREHOUSE_MAX_CONCURRENT = 3;

type Cell = string | number | boolean | null;
export interface WarehouseResult {
  columns: string[];
  result: Cell[][];
  truncated: boolean;
}

// Role names and table names below are constants of this file, never request input.
const CREATE_ROLE_SQL = `
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${WAREHOUSE_ROLE}') THEN
    BEGIN
      CREATE ROLE ${WAREHOUSE_ROLE} NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOBYPASSRLS NOREPLICATION;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL; -- another database of the same cluster created it at the same moment
    END;
  END IF;
  IF NOT pg_has_role(current_user, '${WAREHOUSE_ROLE}', 'MEMBER') THEN
    EXECUTE format('GRANT ${WAREHOUSE_ROLE} TO %I', current_user);
  END IF;
END $$`;

const GRANT_SQL = [
  `GRANT USAGE ON SCHEMA public TO ${WAREHOUSE_ROLE}`,
  `GRANT SELECT ON ${WAREHOUSE_TABLES.map((t) => `public.${t}`).join(', ')} TO ${WAREHOUSE_ROLE}`,
];

/** Relations outside the system schemas that the role can read but must not. */
const LEAK_CHECK_SQL = `
SELECT n.nspname || '.' || c.relname AS name
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind IN ('r', 'v', 'm', 'p', 'f')
  AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%'
  AND has_table_privilege($1, c.oid, 'SELECT')
  AND NOT (n.nspname = 'public' AND c.relname = ANY($2::text[]))
ORDER BY 1 LIMIT 5`;

function pgCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : undefined;
}

const unavailable = (why: string) =>
  new AppError(
    'UNAVAILABLE',
    `The data warehouse is unavailable: ${why} Queries never run as the application's own database user; ask an administrator to create the NOLOGIN role ${WAREHOUSE_ROLE} with SELECT on ${WAREHOUSE_TABLES.join(' and ')} only and grant it to the application's user.`,
  );

/**
 * Creates the role if needed (idempotent, safe when several databases of one cluster race), grants it
 * the two tables in this database and checks that it can read nothing else.
 */
export async function ensureWarehouseRole(pool: pg.Pool): Promise<void> {
  try {
    await pool.query(CREATE_ROLE_SQL);
  } catch (err) {
    if (pgCode(err) !== '42501') throw err;
    // No CREATEROLE: acceptable only when an administrator created the role and granted it to us.
    const { rows } = await pool.query<{ ok: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1) AND pg_has_role(current_user, $1, 'MEMBER') AS ok`,
      [WAREHOUSE_ROLE],
    );
    if (!rows[0]?.ok) throw unavailable(`the database user cannot create or assume the role ${WAREHOUSE_ROLE}.`);
  }
  for (const sql of GRANT_SQL) {
    try {
      await pool.query(sql);
    } catch (err) {
      if (pgCode(err) === '42501') throw unavailable(`the database user cannot grant ${WAREHOUSE_ROLE} read access to the review tables.`);
      throw err;
    }
  }
  const leaks = await pool.query<{ name: string }>(LEAK_CHECK_SQL, [WAREHOUSE_ROLE, [...WAREHOUSE_TABLES]]);
  if (leaks.rows.length > 0) {
    throw unavailable(`the role ${WAREHOUSE_ROLE} can also read ${leaks.rows.map((r) => r.name).join(', ')}.`);
  }
}

// Values come back as JSON-friendly cells: numbers for integer and floating types, text otherwise.
const NUMERIC_OIDS = new Set([20, 21, 23, 26, 700, 701, 1700]);
const BOOL_OID = 16;
const cellTypes = {
  getTypeParser(oid: number) {
    if (oid === BOOL_OID) return (v: string) => v === 't';
    if (NUMERIC_OIDS.has(oid)) {
      return (v: string) => {
        const n = Number(v);
        return Number.isFinite(n) && (oid !== 20 || Number.isSafeInteger(n)) ? n : v;
      };
    }
    return (v: string) => v;
  },
} as unknown as pg.CustomTypesConfig;

/** Errors of the query itself (unknown column, bad cast, timeout...) are the caller's: a 400 that says why. */
function describeQueryError(err: unknown): AppError | null {
  const code = pgCode(err);
  if (!code) return null;
  const message = err instanceof Error ? err.message : 'the query failed';
  if (code === '57014') return new AppError('BAD_REQUEST', `The query was cancelled: it ran longer than the ${WAREHOUSE_STATEMENT_TIMEOUT} limit.`);
  if (code === '42501') return new AppError('FORBIDDEN', `Permission denied: ${message}.`);
  if (code === '54001' || code === '53200' || code === '53100') return new AppError('BAD_REQUEST', `The query needs too many resources: ${message}.`);
  // Syntax/access rule (42), data exceptions (22), cardinality (21), invalid cursor/transaction state are the query's fault.
  if (/^(42|22|21|2F|0A|25)/.test(code)) return new AppError('BAD_REQUEST', `The query failed: ${message}.`);
  return null;
}

/**
 * Runs one already-guarded SELECT. `sql` must come from guardWarehouseQuery: it is embedded in a
 * DECLARE CURSOR statement, which is the only place in the product where statement text is built from
 * input, and it is safe only because the parser accepted exactly one SELECT of the allowed shape.
 */
export async function runWarehouseQuery(pool: pg.Pool, sql: string): Promise<WarehouseResult> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    try {
      await client.query(
        `BEGIN READ ONLY; SET LOCAL ROLE ${WAREHOUSE_ROLE}; SET LOCAL statement_timeout = '${WAREHOUSE_STATEMENT_TIMEOUT}'; ` +
          `SET LOCAL lock_timeout = '500ms'; SET LOCAL idle_in_transaction_session_timeout = '10s'; SET LOCAL search_path = public; ` +
          `SET LOCAL work_mem = '16MB'`,
      );
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      if (pgCode(err) === '42501' || pgCode(err) === '22023' || pgCode(err) === '42704') {
        throw unavailable(`the database user cannot switch to the role ${WAREHOUSE_ROLE}.`);
      }
      throw err;
    }
    try {
      await client.query(`DECLARE warehouse_cursor NO SCROLL CURSOR FOR ${sql}`);
      const res = await client.query({ text: `FETCH ${WAREHOUSE_ROW_CAP + 1} FROM warehouse_cursor`, rowMode: 'array', types: cellTypes });
      const rows = res.rows as Cell[][];
      const truncated = rows.length > WAREHOUSE_ROW_CAP;
      return { columns: res.fields.map((f) => f.name), result: truncated ? rows.slice(0, WAREHOUSE_ROW_CAP) : rows, truncated };
    } catch (err) {
      const described = describeQueryError(err);
      if (described) throw described;
      throw err;
    } finally {
      await client.query('ROLLBACK').catch((err: Error) => {
        broken = err;
      });
    }
  } finally {
    client.release(broken);
  }
}
