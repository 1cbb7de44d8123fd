// The query helpers every repository uses (issue 11): one definition each of the queryable type, the
// bind-parameter builder, LIKE escaping, transactions (read-only or not) and the statement timeout.
// SQL stays hand-written and parameterized (ADR 024); these helpers only carry values and connections.
import type pg from 'pg';

/** What a repository function needs: a pool or a checked-out client (e.g. inside a transaction). */
export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/** Collects bind parameters; `add(v)` returns its placeholder ($1, $2 ...). */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Escapes the LIKE wildcards (and the escape character) so user text matches literally (`ESCAPE '\'`, the default). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (m) => `\\${m}`);
}

/** `%text%` for (I)LIKE with the user's wildcards escaped. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

/** Sets the server-side statement timeout of the current transaction (SET LOCAL; SQLSTATE 57014 when exceeded). */
export async function setLocalStatementTimeout(client: Queryable, ms: number): Promise<void> {
  await client.query(`SELECT set_config('statement_timeout', $1, true)`, [String(ms)]);
}

export interface TransactionOptions {
  /** BEGIN READ ONLY: the work cannot write. */
  readOnly?: boolean;
  /** A statement timeout for this transaction only. */
  statementTimeoutMs?: number;
}

/**
 * ROLLBACK after a failed transaction; returns the error to release the client with when the ROLLBACK failed too
 * (`client.release(err)` closes the connection instead of giving it back). A client given back inside its open or
 * aborted transaction runs the next borrower's statements in it: they fail ("current transaction is aborted"), or
 * a write they acknowledge is lost when that transaction ends. A ROLLBACK fails when the connection broke, or when
 * node-postgres' read timeout (counted from when a query is queued) ends it while a statement that timed out on
 * the client's side still runs on the server: the ROLLBACK is then never sent.
 */
export async function rollback(client: Queryable): Promise<Error | undefined> {
  try {
    await client.query('ROLLBACK');
    return undefined;
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

/** Runs `fn` on one connection inside a transaction: COMMIT when it resolves, ROLLBACK when it throws. */
export async function inTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(options.readOnly ? 'BEGIN READ ONLY' : 'BEGIN');
    if (options.statementTimeoutMs !== undefined) await setLocalStatementTimeout(client, options.statementTimeoutMs);
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    broken = await rollback(client);
    throw err;
  } finally {
    client.release(broken);
  }
}

/** Runs read-only `fn` on one connection whose statements stop after `ms` (SQLSTATE 57014). */
export function withStatementTimeout<T>(pool: pg.Pool, ms: number, fn: (db: Queryable) => Promise<T>): Promise<T> {
  return inTransaction(pool, fn, { readOnly: true, statementTimeoutMs: ms });
}

/** 'zipCode' -> 'zip_code': the column name of a Drizzle property (names in schema.ts follow this rule). */
type SnakeCase<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${SnakeCase<T>}`
  : S;

/**
 * The row a raw `SELECT col, …` returns for a table, derived from its Drizzle type (e.g.
 * `RowOf<typeof communities.$inferSelect>`): snake_case keys, the schema's value types. Pick the
 * selected columns from it instead of writing the row by hand, so a changed column type reaches every query.
 */
export type RowOf<T> = { [K in keyof T & string as SnakeCase<K>]: T[K] };

/** Whether the database's lower() changes only ASCII letters (LC_CTYPE C, as the embedded server is made). */
export async function lowerChangesOnlyAscii(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ ascii: boolean }>(`SELECT lower('ÀB') = 'Àb' AS ascii`);
  return rows[0]?.ascii ?? true;
}
