// `npm run import -- licensed <file>` (and the CMS national file of the public dataset): parse (gzip'd or
// plain CSV), map, then write in ONE transaction and record the import, like the other importers.
import { gunzipSync } from 'node:zlib';
import type pg from 'pg';
import { allowLongStatements } from '../client';
import { IMPORT_STATEMENT_TIMEOUT_MS } from './run';
import { decodeText, parseCsv } from './csv';
import { writeDirectory, type DirectoryCounts, type DirectoryOperator, type DirectoryRecord } from './directory';
import { mapCmsNationalRows } from './sources/cms-national';
import { isoDate } from './sources/common';
import { mapLicensedHeader, mapLicensedRows, type LicensedOptions } from './sources/licensed';
import { ImportError, type Rejection } from './types';

export type DirectoryKind = 'licensed' | 'cms-national';

export interface PreparedDirectory {
  kind: DirectoryKind;
  rowsRead: number;
  mapped: string[];
  communities: DirectoryRecord[];
  operators: DirectoryOperator[];
  rejections: Rejection[];
}

export interface DirectorySummary extends Omit<DirectoryCounts, 'changedIds' | 'duplicates'> {
  importId: number | null;
  kind: DirectoryKind;
  fileName: string;
  rowsRead: number;
  rejected: number;
  rejections: Rejection[];
  mapped: string[];
}

/** Text of a plain or gzip'd file. */
export function fileText(content: Buffer | string): string {
  if (typeof content !== 'string' && content[0] === 0x1f && content[1] === 0x8b) {
    try {
      return decodeText(gunzipSync(content));
    } catch (e) {
      throw new ImportError('NOT_CSV', `The gzip file cannot be read: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return decodeText(content);
}

export function prepareDirectory(kind: DirectoryKind, content: Buffer | string, opts: LicensedOptions & { states?: string[] } = {}): PreparedDirectory {
  const { headers, records } = parseCsv(fileText(content));
  if (records.length === 0) throw new ImportError('NO_ROWS', 'The file has a header but no data rows.');
  if (kind === 'cms-national') {
    const m = mapCmsNationalRows(headers, records, opts.states);
    return { kind, rowsRead: opts.states?.length ? m.communities.length + m.rejections.length : records.length, mapped: headers, ...m };
  }
  const asOf = opts.asOf === undefined ? undefined : isoDate(opts.asOf);
  if (asOf === null) throw new ImportError('BAD_AS_OF', `The as-of date '${opts.asOf}' is not a date in the form YYYY-MM-DD.`);
  const { columns, mapped } = mapLicensedHeader(headers);
  const m = mapLicensedRows(columns, records, { ...opts, asOf });
  return { kind, rowsRead: records.length, mapped, ...m };
}

export interface RunDirectoryOptions extends LicensedOptions {
  kind: DirectoryKind;
  fileName: string;
  content: Buffer | string;
  /** False for a partial list: nothing absent from it is delisted. Default true. */
  complete?: boolean;
}

async function recordImport(client: Pick<pg.PoolClient, 'query'>, s: Omit<DirectorySummary, 'importId'>, startedAt: Date, status: 'ok' | 'failed', error?: string) {
  const res = await client.query<{ id: number }>(
    `INSERT INTO imports (kind, file_name, status, rows_read, inserted, updated, rejected, rejections, error, started_at, finished_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, now()) RETURNING id`,
    [s.kind, s.fileName, status, s.rowsRead, s.inserted, s.updated, s.rejected, JSON.stringify(s.rejections.slice(0, 500)), error ?? null, startedAt],
  );
  return res.rows[0].id;
}

export async function runDirectoryImport(pool: pg.Pool, opts: RunDirectoryOptions): Promise<DirectorySummary> {
  const startedAt = new Date();
  const empty = { inserted: 0, updated: 0, unchanged: 0, delisted: 0, operators: { inserted: 0, updated: 0 }, cmsFacts: 0 };
  let prepared: PreparedDirectory;
  try {
    prepared = prepareDirectory(opts.kind, opts.content, opts);
  } catch (e) {
    const err = e instanceof ImportError ? e : new ImportError('NOT_CSV', e instanceof Error ? e.message : String(e));
    err.importId = await recordImport(pool, { kind: opts.kind, fileName: opts.fileName, rowsRead: 0, rejected: 0, rejections: [], mapped: [], ...empty }, startedAt, 'failed', err.message).catch(() => null);
    throw err;
  }
  const client = await pool.connect();
  let restoreTimeout = () => {};
  try {
    await client.query('BEGIN');
    // From the admin upload this runs on the app's pool, whose statements stop after a few seconds.
    restoreTimeout = await allowLongStatements(client, IMPORT_STATEMENT_TIMEOUT_MS);
    const counts = await writeDirectory(client, { communities: prepared.communities, operators: prepared.operators, complete: opts.complete ?? true });
    const rejections = [...prepared.rejections, ...counts.duplicates].sort((a, b) => a.line - b.line);
    const { changedIds: _ids, duplicates: _dups, ...rest } = counts;
    const summary = { kind: opts.kind, fileName: opts.fileName, rowsRead: prepared.rowsRead, rejected: rejections.length, rejections, mapped: prepared.mapped, ...rest };
    const importId = await recordImport(client, summary, startedAt, 'ok');
    await client.query('COMMIT');
    return { importId, ...summary };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    const message = `Import failed and was rolled back: ${e instanceof Error ? e.message : String(e)}`;
    const err = new ImportError('DATABASE', message);
    err.importId = await recordImport(pool, { kind: opts.kind, fileName: opts.fileName, rowsRead: prepared.rowsRead, rejected: 0, rejections: [], mapped: [], ...empty }, startedAt, 'failed', message).catch(() => null);
    throw err;
  } finally {
    restoreTimeout();
    client.release();
  }
}

/** The summary lines of the CLI (same lines as the other importers, plus mapped columns and delisted). */
export function formatDirectorySummary(s: DirectorySummary): string[] {
  const lines = [
    `Imported ${s.fileName} as ${s.kind}${s.importId !== null ? `, import #${s.importId}` : ''}`,
    `  columns:   ${s.mapped.join(', ')}`,
    `  rows read: ${s.rowsRead}`,
    `  inserted:  ${s.inserted}`,
    `  updated:   ${s.updated}`,
    `  unchanged: ${s.unchanged}`,
    `  rejected:  ${s.rejected}`,
    `  delisted:  ${s.delisted} (absent from this newer list; kept, marked no longer listed)`,
    `  operators: ${s.operators.inserted} inserted, ${s.operators.updated} updated`,
  ];
  if (s.kind === 'cms-national') lines.push(`  CMS facts: ${s.cmsFacts} written`);
  for (const r of s.rejections) lines.push(`  line ${r.line}: ${r.reason}`);
  return lines;
}
