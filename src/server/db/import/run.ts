// One code path for the CLI (`npm run import`) and the admin upload: parse, map, validate, then
// upsert communities and operators on (source, source_id) in ONE transaction.
import type pg from 'pg';
import { refreshAggregates } from '../aggregates';
import { assignCounties, loadCountyPopulation } from '../counties';
import { decodeText, headerKey, makeYielder, parseCsvStream } from './csv';
import { upsertCmsFacts } from './directory';
import { mapperForHeaders } from './layouts';
import { asOfFromFileName, isoDate } from './sources/common';
import { asImportError, COMMUNITY_BASE_COLS, inImportTransaction, recordFailedImport, recordImport, upsertInBatches } from './write';
import {
  ImportError,
  IMPORT_KINDS,
  type CommunityRecord,
  type ImportKind,
  type ImportSummary,
  type OperatorRecord,
  type Rejection,
} from './types';

export interface RunImportOptions {
  /** Expected kind; 'auto' (or omitted) detects it from the header. */
  kind?: ImportKind | 'auto';
  fileName: string;
  content: Buffer | string;
  /** Progress lines (optional). */
  log?: (msg: string) => void;
  /**
   * The date the file's data describes (YYYY-MM-DD) for rows whose file does not say it (ADR 008);
   * when omitted, the date in the file name, else none. A row's own date (CMS 'Processing Date') wins.
   */
  asOf?: string;
}

export { IMPORT_STATEMENT_TIMEOUT_MS, MAX_STORED_REJECTIONS } from './write';

type Client = Pick<pg.PoolClient, 'query'>;

interface Prepared {
  summaryBase: Pick<ImportSummary, 'kind' | 'layout' | 'rowsRead' | 'rejected' | 'rejections'>;
  /** Provenance of every row (ADR 008). */
  sourceKind: 'cms' | 'state';
  sourceName: string;
  communities: CommunityRecord[];
  operators: OperatorRecord[];
}

export function isImportKind(value: string): value is ImportKind {
  return (IMPORT_KINDS as readonly string[]).includes(value);
}

/**
 * Parses and maps a file without touching the database; file-level problems throw ImportError. Yields to
 * the event loop every few milliseconds (stream parser, mapping loop), so the app keeps answering.
 */
export async function prepareImport(content: Buffer | string, expected: ImportKind | 'auto' = 'auto', fallbackAsOf: string | null = null): Promise<Prepared> {
  const text = decodeText(content);
  const { headers, records } = await parseCsvStream(text);
  const mapper = mapperForHeaders(headers);
  if (!mapper) {
    const shown = headers.slice(0, 4).map((h) => `"${h}"`).join(', ');
    throw new ImportError(
      'UNKNOWN_LAYOUT',
      `Unrecognised file layout: the header (${shown}${headers.length > 4 ? ', ...' : ''}) is not a CMS Provider Information, Florida AHCA or Texas HHSC assisted-living file.`,
    );
  }
  if (expected !== 'auto' && mapper.kind !== expected) {
    throw new ImportError('KIND_MISMATCH', `This is a '${mapper.kind}' file (${mapper.layout}), not '${expected}'.`);
  }
  const index = new Map<string, number>();
  headers.forEach((h, i) => {
    const k = headerKey(h);
    if (!index.has(k)) index.set(k, i);
  });
  const missing = mapper.requiredColumns.filter((c) => !index.has(c));
  if (missing.length) throw new ImportError('MISSING_COLUMNS', `The ${mapper.layout} file lacks required columns: ${missing.join(', ')}.`);
  if (records.length === 0) throw new ImportError('NO_ROWS', 'The file has a header but no data rows.');

  const rejections: Rejection[] = [];
  const communities: CommunityRecord[] = [];
  const operators = new Map<string, OperatorRecord>();
  const seen = new Map<string, number>();
  const pause = makeYielder();
  for (const rec of records) {
    await pause();
    if (rec.fields.length !== headers.length) {
      rejections.push({ line: rec.line, reason: `expected ${headers.length} fields, found ${rec.fields.length}` });
      continue;
    }
    const get = (column: string) => {
      const i = index.get(column);
      return i === undefined ? '' : (rec.fields[i] ?? '');
    };
    const result = mapper.mapRow(get);
    if (!result.ok) {
      rejections.push({ line: rec.line, reason: result.reason });
      continue;
    }
    const { community, operator } = result.value;
    const firstLine = seen.get(community.sourceId);
    if (firstLine !== undefined) {
      rejections.push({ line: rec.line, reason: `duplicate id ${community.sourceId} (first on line ${firstLine})` });
      continue;
    }
    seen.set(community.sourceId, rec.line);
    const asOf = community.asOf ?? fallbackAsOf;
    communities.push({ ...community, asOf });
    if (operator && !operators.has(operator.sourceId)) operators.set(operator.sourceId, { ...operator, asOf });
  }
  return {
    summaryBase: { kind: mapper.kind, layout: mapper.layout, rowsRead: records.length, rejected: rejections.length, rejections },
    sourceKind: mapper.sourceKind,
    sourceName: mapper.sourceName,
    communities,
    operators: [...operators.values()],
  };
}

// source_kind, source_name and source_as_of are compared too: a re-import of a newer file updates them.
const OPERATOR_COLS = ['name', 'city', 'state', 'postal_code', 'phone', 'source_kind', 'source_name', 'source_as_of', 'source_as_of_precision'];

export interface Provenance {
  kind: 'cms' | 'state';
  name: string;
}

async function upsertOperators(client: Client, source: string, provenance: Provenance, operators: OperatorRecord[]) {
  const ids = new Map<string, number>();
  const counts = await upsertInBatches<OperatorRecord, { id: number; source_id: string; inserted: boolean }>(client, operators, {
    values: (o) => [o.name, o.city, o.state, o.postalCode, o.phone, provenance.kind, provenance.name, o.asOf ?? null, 'day', source, o.sourceId],
    casts: ['text', 'text', 'text', 'text', 'text', 'text', 'text', 'date', 'text', 'text', 'text'],
    sql: (values) =>
      `INSERT INTO operators (${OPERATOR_COLS.join(', ')}, source, source_id) VALUES ${values}
       ON CONFLICT (source, source_id) DO UPDATE SET
         ${OPERATOR_COLS.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}, updated_at = now()
       WHERE (${OPERATOR_COLS.map((c) => `operators.${c}`).join(', ')}) IS DISTINCT FROM (${OPERATOR_COLS.map((c) => `EXCLUDED.${c}`).join(', ')})
       RETURNING id, source_id, (xmax = 0) AS inserted`,
    // Unchanged rows return nothing: the ids of the whole batch are read back.
    after: async (_rows, batch) => {
      const all = await client.query<{ id: number; source_id: string }>(
        'SELECT id, source_id FROM operators WHERE source = $1 AND source_id = ANY($2::text[])',
        [source, batch.map((o) => o.sourceId)],
      );
      for (const r of all.rows) ids.set(r.source_id, r.id);
    },
  });
  return { ...counts, ids };
}

const COMMUNITY_COLS: [string, string, (c: CommunityRecord, operatorId: number | null) => unknown][] = [
  ...COMMUNITY_BASE_COLS,
  ['operator_id', 'int4', (_c, op) => op],
  ['source_as_of', 'date', (c) => c.asOf],
  // These layouts' dates (a processing date, --as-of, a dated file name) are days (ADR 025).
  ['source_as_of_precision', 'text', () => 'day'],
];

async function upsertCommunities(
  client: Client,
  source: string,
  provenance: Provenance,
  communities: CommunityRecord[],
  operatorIds: Map<string, number>,
) {
  const changedIds: number[] = [];
  const cols = [...COMMUNITY_COLS.map(([c]) => c), 'source_kind', 'source_name'];
  const counts = await upsertInBatches<CommunityRecord, { id: number; inserted: boolean }>(client, communities, {
    values: (c) => {
      const op = c.operatorKey ? (operatorIds.get(c.operatorKey) ?? null) : null;
      return [...COMMUNITY_COLS.map(([, , f]) => f(c, op)), provenance.kind, provenance.name, source, c.sourceId];
    },
    casts: [...COMMUNITY_COLS.map(([, cast]) => cast), 'text', 'text', 'text', 'text'],
    sql: (values) =>
      `INSERT INTO communities (${cols.join(', ')}, source, source_id) VALUES ${values}
       ON CONFLICT (source, source_id) DO UPDATE SET
         ${cols.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}, updated_at = now()
       WHERE (${cols.map((c) => `communities.${c}`).join(', ')}) IS DISTINCT FROM (${cols.map((c) => `EXCLUDED.${c}`).join(', ')})
       RETURNING id, (xmax = 0) AS inserted`,
    after: (rows) => {
      for (const r of rows) changedIds.push(r.id);
    },
  });
  return { ...counts, changedIds };
}

/** The structured CMS fields of the imported nursing homes (table cms_ratings; ADR 014). */
async function writeCmsFacts(client: Client, source: string, communities: CommunityRecord[]) {
  const withFacts = communities.filter((c) => c.cms);
  if (withFacts.length === 0) return;
  const { rows } = await client.query<{ id: number; source_id: string }>(
    'SELECT id, source_id FROM communities WHERE source = $1 AND source_id = ANY($2::text[])',
    [source, withFacts.map((c) => c.sourceId)],
  );
  const ids = new Map(rows.map((r) => [r.source_id, r.id]));
  await upsertCmsFacts(
    client,
    withFacts.flatMap((c) => (c.cms && ids.has(c.sourceId) ? [{ communityId: ids.get(c.sourceId) as number, facts: c.cms }] : [])),
  );
}

/**
 * Imports one file. Resolves with the summary; rejects with ImportError (file-level problem or a
 * database failure) after rolling back: nothing of the file is then in the database, and a 'failed'
 * row is recorded in `imports` when possible.
 */
export async function runImport(pool: pg.Pool, options: RunImportOptions): Promise<ImportSummary> {
  const startedAt = new Date();
  const expected = options.kind ?? 'auto';
  const log = options.log ?? (() => {});
  let prepared: Prepared;
  try {
    let fallbackAsOf: string | null;
    if (options.asOf !== undefined) {
      fallbackAsOf = isoDate(options.asOf);
      if (!fallbackAsOf) throw new ImportError('BAD_AS_OF', `The as-of date '${options.asOf}' is not a date in the form YYYY-MM-DD.`);
    } else {
      fallbackAsOf = asOfFromFileName(options.fileName);
    }
    prepared = await prepareImport(options.content, expected, fallbackAsOf);
  } catch (e) {
    const err = asImportError(e);
    err.importId = await recordFailedImport(pool, { kind: expected, fileName: options.fileName, startedAt, error: err.message });
    throw err;
  }
  const { summaryBase, communities, operators } = prepared;
  const provenance: Provenance = { kind: prepared.sourceKind, name: prepared.sourceName };
  log(`${summaryBase.layout}: ${summaryBase.rowsRead} rows read, ${communities.length} valid, ${summaryBase.rejected} rejected`);

  // A whole state file with its aggregate refresh may take longer than a request's statement timeout:
  // the transaction allows long statements.
  return inImportTransaction(
    pool,
    async (client) => {
      const ops = await upsertOperators(client, summaryBase.kind, provenance, operators);
      const com = await upsertCommunities(client, summaryBase.kind, provenance, communities, ops.ids);
      await writeCmsFacts(client, summaryBase.kind, communities);
      await refreshAggregates(client, { communityIds: com.changedIds });
      await loadCountyPopulation(client, { ifEmpty: true });
      await assignCounties(client, { communityIds: com.changedIds });
      const finishedAt = new Date();
      const importId = await recordImport(client, {
        kind: summaryBase.kind,
        fileName: options.fileName,
        status: 'ok',
        rowsRead: summaryBase.rowsRead,
        inserted: com.inserted,
        updated: com.updated,
        rejected: summaryBase.rejected,
        rejections: summaryBase.rejections,
        startedAt,
        finishedAt,
      });
      return {
        importId,
        ...summaryBase,
        fileName: options.fileName,
        status: 'ok' as const,
        inserted: com.inserted,
        updated: com.updated,
        unchanged: communities.length - com.inserted - com.updated,
        operators: { inserted: ops.inserted, updated: ops.updated },
        startedAt,
        finishedAt,
      };
    },
    (message) => recordFailedImport(pool, { kind: summaryBase.kind, fileName: options.fileName, startedAt, error: message, rowsRead: summaryBase.rowsRead }),
  );
}

/** Human-readable summary lines, as printed by the CLI. */
export function formatSummary(s: ImportSummary): string[] {
  const lines = [
    `Imported ${s.fileName} as ${s.kind} (${s.layout} layout)${s.importId !== null ? `, import #${s.importId}` : ''}`,
    `  rows read: ${s.rowsRead}`,
    `  inserted:  ${s.inserted}`,
    `  updated:   ${s.updated}`,
    `  unchanged: ${s.unchanged}`,
    `  rejected:  ${s.rejected}`,
    `  operators: ${s.operators.inserted} inserted, ${s.operators.updated} updated`,
  ];
  for (const r of s.rejections) lines.push(`  line ${r.line}: ${r.reason}`);
  return lines;
}

