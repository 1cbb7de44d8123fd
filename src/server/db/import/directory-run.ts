// `npm run import -- licensed <file>` (and the CMS national file of the public dataset): parse (gzip'd or
// plain CSV), map, then write in ONE transaction and record the import, like the other importers.
import { gunzipSync } from 'node:zlib';
import type pg from 'pg';
import { decodeText, parseCsv } from './csv';
import { writeDirectory, type DirectoryCounts, type DirectoryOperator, type DirectoryRecord } from './directory';
import { mapCmsNationalRows } from './sources/cms-national';
import { isoDate } from './sources/common';
import { mapLicensedHeader, mapLicensedRows, type LicensedOptions } from './sources/licensed';
import { ImportError, type Rejection } from './types';
import { asImportError, inImportTransaction, recordFailedImport, recordImport } from './write';

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

export async function runDirectoryImport(pool: pg.Pool, opts: RunDirectoryOptions): Promise<DirectorySummary> {
  const startedAt = new Date();
  let prepared: PreparedDirectory;
  try {
    prepared = prepareDirectory(opts.kind, opts.content, opts);
  } catch (e) {
    const err = asImportError(e);
    err.importId = await recordFailedImport(pool, { kind: opts.kind, fileName: opts.fileName, startedAt, error: err.message });
    throw err;
  }
  return inImportTransaction(
    pool,
    async (client) => {
      const counts = await writeDirectory(client, { communities: prepared.communities, operators: prepared.operators, complete: opts.complete ?? true });
      const rejections = [...prepared.rejections, ...counts.duplicates].sort((a, b) => a.line - b.line);
      const { changedIds: _ids, duplicates: _dups, ...rest } = counts;
      const summary = { kind: opts.kind, fileName: opts.fileName, rowsRead: prepared.rowsRead, rejected: rejections.length, rejections, mapped: prepared.mapped, ...rest };
      const importId = await recordImport(client, { ...summary, status: 'ok', startedAt });
      return { importId, ...summary };
    },
    (message) => recordFailedImport(pool, { kind: opts.kind, fileName: opts.fileName, startedAt, error: message, rowsRead: prepared.rowsRead }),
  );
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
