// Runs a guarded warehouse query: read-only transaction, as the warehouse_reader role (SELECT on the two
// review tables only). PostgreSQL's plan of the statement decides what may be read (checkWarehousePlan);
// the work, the time of the whole request, the rows and the bytes of the answer are capped.
// Never runs as the app's own role. See docs/decisions/004-warehouse-endpoint.md.
import type pg from 'pg';
import { WAREHOUSE_ROW_CAP, WAREHOUSE_TABLES } from '../../../contracts/warehouse';
import { rollback } from '../../db/sql';
import { AppError } from '../../lib/errors';
import { checkWarehousePlan } from './sql-guard';

export const WAREHOUSE_ROLE = 'warehouse_reader';
/** The whole request (parse, plan, run, serialise) gets this long; statements get what is left of it. */
export const WAREHOUSE_DEADLINE_MS = 2000;
/** Queries running at once per process; more get a 429 so the pool stays free for the rest of the app. */
export const WAREHOUSE_MAX_CONCURRENT = 3;
/** Queries running at once per client (signed-in user, else IP address). */
export const WAREHOUSE_MAX_PER_CLIENT = 1;
/** The answer's rows, serialised as JSON, may total at most this many bytes (else 413 RESULT_TOO_LARGE). */
export const WAREHOUSE_MAX_RESULT_BYTES = 2 * 1024 * 1024;
/** One row's text form may be at most this long; PostgreSQL checks it before the row leaves the server. */
export const WAREHOUSE_MAX_ROW_BYTES = 64 * 1024;
/** Rows per FETCH: with the row cap, a batch in memory stays under FETCH_BATCH x WAREHOUSE_MAX_ROW_BYTES. */
const FETCH_BATCH = 50;
/** Per-transaction work limits (temp_file_limit only where the app's database user may set it). */
const WORK_MEM = '4MB';
const TEMP_FILE_LIMIT = '64MB';
/** Marker of the row-width error raised inside PostgreSQL by the wrapper below. */
const ROW_TOO_WIDE = 'warehouse_row_too_wide';

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
export interface WarehouseSetup {
  /** The app's user may set temp_file_limit (a superuser, or GRANT SET ON PARAMETER temp_file_limit). */
  canLimitTempFiles: boolean;
}

export async function ensureWarehouseRole(pool: pg.Pool): Promise<WarehouseSetup> {
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
  const temp = await pool
    .query<{ ok: boolean }>(`SELECT has_parameter_privilege('temp_file_limit', 'SET') AS ok`)
    .catch(() => ({ rows: [{ ok: false }] })); // PostgreSQL before 15: only a superuser could, and we cannot tell cheaply
  return { canLimitTempFiles: temp.rows[0]?.ok === true };
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

const tooExpensive = (why: string) => new AppError('QUERY_TOO_EXPENSIVE', `The query was stopped: ${why}`);
const tooSlow = () => tooExpensive(`the request took longer than the ${WAREHOUSE_DEADLINE_MS / 1000} s limit. Narrow it down (WHERE, LIMIT) or aggregate.`);
const tooLarge = (what: string) =>
  new AppError('RESULT_TOO_LARGE', `The answer is too large: ${what}. Select fewer or narrower columns, or fewer rows.`);

/**
 * SQLSTATEs whose primary message only quotes the query's own text or values of the review tables
 * (syntax, unknown column, grouping, types, data exceptions). Every other database error (permission
 * denied, unknown relation, internal errors...) becomes a generic QUERY_FAILED: its text could name
 * other tables or settings, and the caller has no use for it.
 */
function echoable(code: string): boolean {
  return code.startsWith('22') || ['42601', '42703', '42702', '42803', '42804', '42883', '42725', '42P10', '21000'].includes(code);
}

/** Maps a database error of the query to the caller's answer; null when it is not the query's (connection...). */
function describeQueryError(err: unknown): AppError | null {
  const code = pgCode(err);
  if (!code) return null;
  const message = err instanceof Error ? err.message : '';
  if (code === '22P02' && message.includes(ROW_TOO_WIDE)) return tooLarge(`a row is longer than ${WAREHOUSE_MAX_ROW_BYTES / 1024} KB`);
  if (code === '57014') return tooSlow();
  if (code.startsWith('53') || code.startsWith('54')) return tooExpensive('it needed more memory or temporary disk than a warehouse query may use.');
  if (echoable(code)) return new AppError('QUERY_FAILED', `The query failed: ${message}.`);
  return new AppError('QUERY_FAILED', 'The query failed. It may only read customer_reviews and employee_reviews with the allowed functions.');
}

const remaining = (deadline: number) => Math.floor(deadline - Date.now());

const busy = () =>
  new AppError('UNAVAILABLE', 'The data warehouse is busy: no database connection became free in time. Please try again in a moment.');

/**
 * Waits for `pending` until the deadline, then gives up with `late()`. `abandon` receives the value if it
 * arrives after that (a pool client is released).
 */
export async function beforeDeadline<T>(pending: Promise<T>, deadline: number, late: () => Error = busy, abandon?: (value: T) => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), Math.max(0, remaining(deadline)));
  });
  try {
    return await Promise.race([pending, timeout]);
  } catch (err) {
    pending.then((value) => abandon?.(value), () => {});
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** Gives the next statement what is left of the request's time, or stops when nothing is. */
async function budget(client: pg.PoolClient, deadline: number): Promise<void> {
  const ms = remaining(deadline);
  if (ms <= 0) throw tooSlow();
  await client.query(`SET LOCAL statement_timeout = ${ms}`);
}

/**
 * The statement as the cursor runs it: the guarded text as a subquery (OFFSET 0 keeps it from being
 * merged with the check), and a filter that makes PostgreSQL itself stop with an error as soon as one
 * row's text form is longer than WAREHOUSE_MAX_ROW_BYTES, before that row is sent to us. `(w.*)` is the
 * whole row even when the query has a column named w.
 */
function wrapped(sql: string): string {
  return (
    `SELECT w.* FROM (SELECT * FROM (${sql}) AS q OFFSET 0) AS w ` +
    `WHERE CASE WHEN octet_length((w.*)::text) > ${WAREHOUSE_MAX_ROW_BYTES} ` +
    `THEN ('${ROW_TOO_WIDE}:' || octet_length((w.*)::text))::int = 0 ELSE true END`
  );
}

/**
 * Runs one already-guarded SELECT. `sql` must come from guardWarehouseQuery: it is embedded in EXPLAIN and
 * in a DECLARE CURSOR statement, which is the only place in the product where statement text is built
 * from input, and it is safe only because the parser accepted exactly one SELECT of the allowed shape.
 * `deadline` (a Date.now() value) bounds the whole run, waiting for a connection included.
 */
export async function runWarehouseQuery(pool: pg.Pool, sql: string, deadline: number, setup: WarehouseSetup): Promise<WarehouseResult> {
  const client = await beforeDeadline(pool.connect(), deadline, busy, (late) => late.release());
  let broken: Error | undefined;
  try {
    try {
      // temp_file_limit is set before the role switch: the reader may not set it, the app's user may.
      await client.query(
        `BEGIN READ ONLY; SET LOCAL lock_timeout = '500ms'; SET LOCAL idle_in_transaction_session_timeout = '10s'; ` +
          `SET LOCAL search_path = public; SET LOCAL work_mem = '${WORK_MEM}'; SET LOCAL hash_mem_multiplier = 1; ` +
          `SET LOCAL max_parallel_workers_per_gather = 0; SET LOCAL jit = off; ` +
          (setup.canLimitTempFiles ? `SET LOCAL temp_file_limit = '${TEMP_FILE_LIMIT}'; ` : '') +
          `SET LOCAL ROLE ${WAREHOUSE_ROLE}`,
      );
    } catch (err) {
      broken = await rollback(client);
      if (pgCode(err) === '42501' || pgCode(err) === '22023' || pgCode(err) === '42704') {
        throw unavailable(`the database user cannot switch to the role ${WAREHOUSE_ROLE}.`);
      }
      throw err;
    }
    try {
      // What will PostgreSQL read? Its own plan says, after views, CTEs and name resolution.
      await budget(client, deadline);
      const explained = await client.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON, VERBOSE) ${sql}`);
      const refused = checkWarehousePlan(explained.rows[0]?.['QUERY PLAN']);
      if (refused) throw new AppError('QUERY_REFUSED', `Query refused: ${refused}`);

      await budget(client, deadline);
      await client.query(`DECLARE warehouse_cursor NO SCROLL CURSOR FOR ${wrapped(sql)}`);
      const rows: Cell[][] = [];
      let columns: string[] = [];
      let bytes = 0;
      for (;;) {
        await budget(client, deadline);
        const res = await client.query({ text: `FETCH ${FETCH_BATCH} FROM warehouse_cursor`, rowMode: 'array', types: cellTypes });
        columns = res.fields.map((f) => f.name);
        for (const row of res.rows as Cell[][]) {
          if (rows.length === WAREHOUSE_ROW_CAP) return { columns, result: rows, truncated: true };
          bytes += Buffer.byteLength(JSON.stringify(row));
          if (bytes > WAREHOUSE_MAX_RESULT_BYTES) throw tooLarge(`more than ${WAREHOUSE_MAX_RESULT_BYTES / 1024 / 1024} MB`);
          rows.push(row);
        }
        if (res.rows.length < FETCH_BATCH) return { columns, result: rows, truncated: false };
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      const described = describeQueryError(err);
      if (described) throw described;
      throw err;
    } finally {
      broken = await rollback(client);
    }
  } finally {
    client.release(broken);
  }
}
