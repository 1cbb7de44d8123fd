// What every importer's writer shares (issue 11: run.ts and directory.ts each had a copy): batched
// multi-row upserts with bind parameters, the one transaction an import runs in (long statements
// allowed, rolled back whole on failure) and the row each import leaves in `imports`.
import type pg from 'pg';
import { allowLongStatements } from '../pool';
import { rollback } from '../sql';
import { type CommunityFields, ImportError, type Rejection } from './types';

type Client = Pick<pg.PoolClient, 'query'>;

/** Rows per multi-row INSERT (bind parameters stay far below PostgreSQL's 65,535). */
export const BATCH = 500;
/** The imports table keeps at most this many rejections per import. */
export const MAX_STORED_REJECTIONS = 500;
/** Ceiling of one import transaction's statements (the app's own requests stop after a few seconds). */
export const IMPORT_STATEMENT_TIMEOUT_MS = 10 * 60_000;

export function chunks<T>(items: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Builds `($1::text, $2::int, ...), (...)` for rows of values with the given casts, pushing the values onto `params`. */
export function valuesSql(rows: unknown[][], casts: string[], params: unknown[]): string {
  return rows
    .map((row) => `(${row.map((v, i) => {
      params.push(v);
      return `$${params.length}::${casts[i]}`;
    }).join(', ')})`)
    .join(', ');
}

/** The columns every community importer writes, with the record field each comes from. */
export const COMMUNITY_BASE_COLS: [string, string, (c: CommunityFields) => unknown][] = [
  ['name', 'text', (c) => c.name],
  ['address', 'text', (c) => c.address],
  ['city', 'text', (c) => c.city],
  ['state', 'text', (c) => c.state],
  ['zip_code', 'text', (c) => c.zipCode],
  ['lat', 'float8', (c) => c.lat],
  ['lng', 'float8', (c) => c.lng],
  ['phone', 'text', (c) => c.phone],
  ['email', 'text', (c) => c.email],
  ['website', 'text', (c) => c.website],
  ['description', 'text', (c) => c.description],
  ['overview', 'text', (c) => c.overview],
  ['care_types', 'text[]', (c) => c.careTypes],
  ['community_type', 'text', (c) => c.communityType],
  ['owner_type', 'text', (c) => c.ownerType],
  ['score', 'int2', (c) => c.score],
  ['capacity', 'int4', (c) => c.capacity],
  ['healthcare_services', 'text[]', (c) => c.healthcareServices],
];

export interface UpsertSpec<T, R> {
  /** The values of one item, in the order of `casts`. */
  values: (item: T) => unknown[];
  casts: string[];
  /** The INSERT … ON CONFLICT … RETURNING …, (xmax = 0) AS inserted for a VALUES list. */
  sql: (values: string) => string;
  /** Called with each batch and the rows it returned (ids to collect). */
  after?: (rows: R[], batch: T[]) => Promise<void> | void;
}

/**
 * Upserts `items` in batches of BATCH; counts the returned rows as inserted (`xmax = 0`) or updated.
 * Rows an upsert leaves unchanged (its WHERE is false) return nothing and count as neither.
 */
export async function upsertInBatches<T, R extends { inserted: boolean }>(client: Client, items: T[], spec: UpsertSpec<T, R>): Promise<{ inserted: number; updated: number }> {
  let inserted = 0;
  let updated = 0;
  for (const batch of chunks(items)) {
    const params: unknown[] = [];
    const values = valuesSql(batch.map(spec.values), spec.casts, params);
    const res = await client.query<R>(spec.sql(values), params);
    for (const r of res.rows) {
      if (r.inserted) inserted++;
      else updated++;
    }
    await spec.after?.(res.rows, batch);
  }
  return { inserted, updated };
}

/** A file-level failure as an ImportError (anything else the parser threw: NOT_CSV). */
export function asImportError(e: unknown): ImportError {
  return e instanceof ImportError ? e : new ImportError('NOT_CSV', e instanceof Error ? e.message : String(e));
}

export interface ImportRecord {
  kind: string;
  fileName: string;
  status: 'ok' | 'failed';
  rowsRead?: number;
  inserted?: number;
  updated?: number;
  rejected?: number;
  rejections?: Rejection[];
  error?: string | null;
  startedAt: Date;
  /** When the import finished; now() of the database when omitted. */
  finishedAt?: Date;
}

/** Records an import in `imports` (rejections capped at MAX_STORED_REJECTIONS); returns its id. */
export async function recordImport(db: Client, r: ImportRecord): Promise<number> {
  const res = await db.query<{ id: number }>(
    `INSERT INTO imports (kind, file_name, status, rows_read, inserted, updated, rejected, rejections, error, started_at, finished_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, coalesce($11::timestamptz, now())) RETURNING id`,
    [
      r.kind,
      r.fileName,
      r.status,
      r.rowsRead ?? 0,
      r.inserted ?? 0,
      r.updated ?? 0,
      r.rejected ?? 0,
      JSON.stringify((r.rejections ?? []).slice(0, MAX_STORED_REJECTIONS)),
      r.error ?? null,
      r.startedAt,
      r.finishedAt ?? null,
    ],
  );
  return res.rows[0]!.id;
}

/** Records a failed import when the database lets it; null when it does not (the failure may be the database). */
export const recordFailedImport = (pool: pg.Pool, r: Omit<ImportRecord, 'status'> & { error: string }): Promise<number | null> =>
  recordImport(pool, { ...r, status: 'failed' }).catch(() => null);

/**
 * Runs `work` in ONE transaction on a client of `pool` whose statements may run for up to
 * IMPORT_STATEMENT_TIMEOUT_MS (from the admin upload this is the app's pool, whose statements stop after
 * a few seconds). On any failure it rolls back, so nothing of the file is in the database, and throws
 * ImportError 'DATABASE' with the id `recordFailure` returns for the message.
 */
export async function inImportTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  recordFailure: (message: string) => Promise<number | null>,
): Promise<T> {
  const client = await pool.connect();
  let restoreTimeout = () => {};
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    restoreTimeout = await allowLongStatements(client, IMPORT_STATEMENT_TIMEOUT_MS);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (e) {
    broken = await rollback(client);
    const message = `Import failed and was rolled back: ${e instanceof Error ? e.message : String(e)}`;
    throw new ImportError('DATABASE', message, await recordFailure(message));
  } finally {
    restoreTimeout();
    client.release(broken);
  }
}
