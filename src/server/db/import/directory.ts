// The writer of the real directory (issue 12, docs/decisions/014-real-directory.md): licence lists and
// the CMS national file become communities, operators and CMS facts, with provenance, in the caller's
// transaction. A list of one agency (one `source`) is matched to what the database already holds from
// that agency by licence number, else by normalized name + address, so a newer list updates instead of
// duplicating; facilities absent from a newer complete list are marked delisted, never deleted.
import type { AsOfPrecision } from '../../../contracts/provenance';
import type pg from 'pg';
import { refreshAggregates } from '../aggregates';
import { assignCounties, loadCountyPopulation } from '../counties';
import type { CommunityFields, Rejection } from './types';
import { chunks, COMMUNITY_BASE_COLS, upsertInBatches, valuesSql } from './write';

type Client = Pick<pg.PoolClient, 'query'>;

export interface CmsFacts {
  ccn: string;
  overallRating: number | null;
  healthRating: number | null;
  staffingRating: number | null;
  qualityRating: number | null;
  certifiedBeds: number | null;
  avgResidents: number | null;
  healthDeficiencies: number | null;
  finesCount: number | null;
  finesTotal: number | null;
  paymentDenials: number | null;
  abuseIcon: boolean | null;
  specialFocus: string | null;
  ownershipType: string | null;
  legalName: string | null;
  chainName: string | null;
  chainId: string | null;
  nurseTurnover: number | null;
  processingDate: string | null;
  addressAsOf: string | null;
}

export interface DirectoryOperator {
  source: string;
  sourceId: string;
  name: string;
  rawNames: string[];
  state: string | null;
  sourceKind: 'cms' | 'state';
  sourceName: string;
  asOf: string | null;
  /** How much of `asOf` the source knows; 'day' when omitted (ADR 025). */
  asOfPrecision?: AsOfPrecision;
}

export interface DirectoryRecord extends CommunityFields {
  /** Line of the file (for duplicate messages). */
  line: number;
  /** The agency's list this row belongs to ('licensed-ca', 'cms'). */
  source: string;
  /** The id this row gets when it is new (licence number, facility id or match key). */
  sourceId: string;
  sourceKind: 'cms' | 'state';
  sourceName: string;
  asOf: string | null;
  /** How much of `asOf` the source knows; 'day' when omitted (ADR 025). */
  asOfPrecision?: AsOfPrecision;
  county: string | null;
  locationApproximate: boolean;
  licenseNumber: string | null;
  licenseType: string | null;
  licensee: string | null;
  matchKey: string;
  /** `${source}\u0000${sourceId}` of the operator, or null. */
  operatorRef: string | null;
  cms: CmsFacts | null;
}

export interface DirectoryBatch {
  communities: DirectoryRecord[];
  operators: DirectoryOperator[];
  /** True when each source's list is complete: facilities of that source not in it get delisted. */
  complete: boolean;
}

export interface DirectoryCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  delisted: number;
  duplicates: Rejection[];
  operators: { inserted: number; updated: number };
  cmsFacts: number;
  changedIds: number[];
}

export const opRef = (source: string, sourceId: string) => `${source}\u0000${sourceId}`;

async function upsertOperators(client: Client, operators: DirectoryOperator[]) {
  const ids = new Map<string, number>();
  const counts = await upsertInBatches<DirectoryOperator, { id: number; source: string; source_id: string; inserted: boolean }>(client, operators, {
    values: (o) => [o.name, [...new Set(o.rawNames)].sort(), o.state, o.source, o.sourceId, o.sourceKind, o.sourceName, o.asOf, o.asOfPrecision ?? 'day'],
    casts: ['text', 'text[]', 'text', 'text', 'text', 'text', 'text', 'date', 'text'],
    // raw_names gathers every spelling ever seen (a union), so a re-import changes nothing.
    sql: (values) =>
      `INSERT INTO operators AS o (name, raw_names, state, source, source_id, source_kind, source_name, source_as_of, source_as_of_precision)
       VALUES ${values}
       ON CONFLICT (source, source_id) DO UPDATE SET
         name = EXCLUDED.name,
         raw_names = ARRAY(SELECT DISTINCT x FROM unnest(o.raw_names || EXCLUDED.raw_names) x ORDER BY x),
         source_kind = EXCLUDED.source_kind, source_name = EXCLUDED.source_name,
         source_as_of = GREATEST(o.source_as_of, EXCLUDED.source_as_of),
         -- the precision goes with the date that wins
         source_as_of_precision = CASE WHEN o.source_as_of IS NULL OR EXCLUDED.source_as_of >= o.source_as_of
                                       THEN EXCLUDED.source_as_of_precision ELSE o.source_as_of_precision END,
         updated_at = now()
       WHERE o.name IS DISTINCT FROM EXCLUDED.name
          OR NOT (o.raw_names @> EXCLUDED.raw_names)
          OR (o.source_kind, o.source_name) IS DISTINCT FROM (EXCLUDED.source_kind, EXCLUDED.source_name)
          OR o.source_as_of IS DISTINCT FROM GREATEST(o.source_as_of, EXCLUDED.source_as_of)
          OR (EXCLUDED.source_as_of IS NOT DISTINCT FROM o.source_as_of AND EXCLUDED.source_as_of_precision <> o.source_as_of_precision)
       RETURNING id, source, source_id, (xmax = 0) AS inserted`,
    // Unchanged rows return nothing: the ids of the whole batch are read back.
    after: async (_rows, batch) => {
      const all = await client.query<{ id: number; source: string; source_id: string }>(
        `SELECT o.id, o.source, o.source_id FROM operators o
           JOIN unnest($1::text[], $2::text[]) AS k(source, source_id) ON k.source = o.source AND k.source_id = o.source_id`,
        [batch.map((o) => o.source), batch.map((o) => o.sourceId)],
      );
      for (const r of all.rows) ids.set(opRef(r.source, r.source_id), r.id);
    },
  });
  return { ...counts, ids };
}

const COLS: [string, string, (c: DirectoryRecord, operatorId: number | null) => unknown][] = [
  ...COMMUNITY_BASE_COLS,
  ['county', 'text', (c) => c.county],
  ['location_approximate', 'bool', (c) => c.locationApproximate],
  ['license_number', 'text', (c) => c.licenseNumber],
  ['license_type', 'text', (c) => c.licenseType],
  ['licensee', 'text', (c) => c.licensee],
  ['match_key', 'text', (c) => c.matchKey],
  ['operator_id', 'int4', (_c, op) => op],
  ['source_kind', 'text', (c) => c.sourceKind],
  ['source_name', 'text', (c) => c.sourceName],
  ['source_as_of', 'date', (c) => c.asOf],
  ['source_as_of_precision', 'text', (c) => c.asOfPrecision ?? 'day'],
  ['listing_status', 'text', () => 'listed'],
  ['delisted_as_of', 'date', () => null],
];

interface Existing {
  id: number;
  source_id: string;
  license_number: string | null;
  match_key: string | null;
}

/**
 * Assigns each record the source_id of the existing row of its agency it is the same facility as: the
 * same source_id, else the same licence number, else the same normalized name + address (each only
 * when it names one row: licence numbers repeat across licence types in some states).
 */
async function matchExisting(client: Client, records: DirectoryRecord[]): Promise<void> {
  const bySource = new Map<string, DirectoryRecord[]>();
  for (const r of records) bySource.set(r.source, [...(bySource.get(r.source) ?? []), r]);
  for (const [source, rows] of bySource) {
    const { rows: existing } = await client.query<Existing>(
      'SELECT id, source_id, license_number, match_key FROM communities WHERE source = $1',
      [source],
    );
    if (existing.length === 0) continue;
    const ids = new Set(existing.map((e) => e.source_id));
    const unique = (key: (e: Existing) => string | null) => {
      const m = new Map<string, Existing | null>();
      for (const e of existing) {
        const k = key(e);
        if (k) m.set(k, m.has(k) ? null : e);
      }
      return m;
    };
    const byLicense = unique((e) => e.license_number);
    const byKey = unique((e) => e.match_key);
    const taken = new Set(rows.filter((r) => ids.has(r.sourceId)).map((r) => r.sourceId));
    for (const r of rows) {
      if (ids.has(r.sourceId)) continue;
      const hit = (r.licenseNumber ? byLicense.get(r.licenseNumber) : undefined) ?? byKey.get(r.matchKey);
      if (hit && !taken.has(hit.source_id)) {
        r.sourceId = hit.source_id;
        // A roster without licence numbers does not erase the one the older list gave.
        r.licenseNumber ??= hit.license_number;
        taken.add(hit.source_id);
      }
    }
  }
}

async function upsertCommunities(client: Client, records: DirectoryRecord[], operatorIds: Map<string, number>) {
  const changedIds: number[] = [];
  const cols = COLS.map(([c]) => c);
  const compared = cols.filter((c) => c !== 'source_as_of');
  const counts = await upsertInBatches<DirectoryRecord, { id: number; inserted: boolean }>(client, records, {
    values: (c) => {
      const op = c.operatorRef ? (operatorIds.get(c.operatorRef) ?? null) : null;
      return [...COLS.map(([, , f]) => f(c, op)), c.source, c.sourceId];
    },
    casts: [...COLS.map(([, cast]) => cast), 'text', 'text'],
    // An older list never overwrites a newer one (source_as_of); equal data changes nothing.
    sql: (values) =>
      `INSERT INTO communities AS c (${cols.join(', ')}, source, source_id) VALUES ${values}
       ON CONFLICT (source, source_id) DO UPDATE SET
         ${cols.map((col) => `${col} = EXCLUDED.${col}`).join(', ')}, updated_at = now()
       WHERE (c.source_as_of IS NULL OR EXCLUDED.source_as_of IS NULL OR c.source_as_of <= EXCLUDED.source_as_of)
         AND (c.delisted_as_of IS NULL OR EXCLUDED.source_as_of IS NULL OR c.delisted_as_of <= EXCLUDED.source_as_of)
         AND ((${compared.map((col) => `c.${col}`).join(', ')}) IS DISTINCT FROM (${compared.map((col) => `EXCLUDED.${col}`).join(', ')})
              OR c.source_as_of IS DISTINCT FROM EXCLUDED.source_as_of)
       RETURNING id, (xmax = 0) AS inserted`,
    after: (rows) => {
      for (const r of rows) changedIds.push(r.id);
    },
  });
  return { ...counts, changedIds };
}

const FACT_COLS: [string, string, (f: CmsFacts) => unknown][] = [
  ['ccn', 'text', (f) => f.ccn],
  ['overall_rating', 'int2', (f) => f.overallRating],
  ['health_rating', 'int2', (f) => f.healthRating],
  ['staffing_rating', 'int2', (f) => f.staffingRating],
  ['quality_rating', 'int2', (f) => f.qualityRating],
  ['certified_beds', 'int4', (f) => f.certifiedBeds],
  ['avg_residents', 'float4', (f) => f.avgResidents],
  ['health_deficiencies', 'int4', (f) => f.healthDeficiencies],
  ['fines_count', 'int4', (f) => f.finesCount],
  ['fines_total', 'float8', (f) => f.finesTotal],
  ['payment_denials', 'int4', (f) => f.paymentDenials],
  ['abuse_icon', 'bool', (f) => f.abuseIcon],
  ['special_focus', 'text', (f) => f.specialFocus],
  ['ownership_type', 'text', (f) => f.ownershipType],
  ['legal_name', 'text', (f) => f.legalName],
  ['chain_name', 'text', (f) => f.chainName],
  ['chain_id', 'text', (f) => f.chainId],
  ['nurse_turnover', 'float4', (f) => f.nurseTurnover],
  ['processing_date', 'date', (f) => f.processingDate],
  ['address_as_of', 'date', (f) => f.addressAsOf],
];

/** Writes the CMS facts of the records that carry them; returns how many rows changed. */
export async function upsertCmsFacts(client: Client, rows: { communityId: number; facts: CmsFacts }[]): Promise<number> {
  let changed = 0;
  const cols = FACT_COLS.map(([c]) => c);
  for (const batch of chunks(rows)) {
    const params: unknown[] = [];
    const values = valuesSql(
      batch.map((r) => [r.communityId, ...FACT_COLS.map(([, , f]) => f(r.facts))]),
      ['int4', ...FACT_COLS.map(([, cast]) => cast)],
      params,
    );
    const res = await client.query(
      `INSERT INTO cms_ratings AS r (community_id, ${cols.join(', ')}) VALUES ${values}
       ON CONFLICT (community_id) DO UPDATE SET ${cols.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}
       WHERE (${cols.map((c) => `r.${c}`).join(', ')}) IS DISTINCT FROM (${cols.map((c) => `EXCLUDED.${c}`).join(', ')})`,
      params,
    );
    changed += res.rowCount ?? 0;
  }
  return changed;
}

/** Drops later rows with the same identity (source_id) as an earlier row of the file. */
export function dedupe(records: DirectoryRecord[]): { kept: DirectoryRecord[]; duplicates: Rejection[] } {
  const seen = new Map<string, number>();
  const kept: DirectoryRecord[] = [];
  const duplicates: Rejection[] = [];
  for (const r of records) {
    const key = `${r.source}\u0000${r.sourceId}`;
    const first = seen.get(key);
    if (first !== undefined) {
      const what = r.sourceId.startsWith('id:') ? `facility id ${r.sourceId.slice(3)}` : r.sourceId.startsWith('lic:') ? `licence ${r.licenseNumber}` : 'name and address';
      duplicates.push({ line: r.line, reason: `same ${what} as line ${first}` });
      continue;
    }
    seen.set(key, r.line);
    kept.push(r);
  }
  return { kept, duplicates };
}

/** Writes one batch inside the caller's transaction. */
export async function writeDirectory(client: Client, batch: DirectoryBatch): Promise<DirectoryCounts> {
  const { kept, duplicates } = dedupe(batch.communities);
  const ops = await upsertOperators(client, batch.operators);
  await matchExisting(client, kept);
  const com = await upsertCommunities(client, kept, ops.ids);

  // Ids of every row of the lists (changed or not).
  const idOf = new Map<string, number>();
  for (const part of chunks(kept, 5000)) {
    const { rows } = await client.query<{ id: number; source: string; source_id: string }>(
      `SELECT c.id, c.source, c.source_id FROM communities c
         JOIN unnest($1::text[], $2::text[]) AS k(source, source_id) ON k.source = c.source AND k.source_id = c.source_id`,
      [part.map((r) => r.source), part.map((r) => r.sourceId)],
    );
    for (const r of rows) idOf.set(`${r.source}\u0000${r.source_id}`, r.id);
  }

  let delisted = 0;
  if (batch.complete) {
    const sources = new Map<string, { ids: number[]; asOf: string | null }>();
    for (const r of kept) {
      const s = sources.get(r.source) ?? { ids: [], asOf: null };
      const id = idOf.get(`${r.source}\u0000${r.sourceId}`);
      if (id !== undefined) s.ids.push(id);
      if (r.asOf && (!s.asOf || r.asOf > s.asOf)) s.asOf = r.asOf;
      sources.set(r.source, s);
    }
    for (const [source, s] of sources) {
      // Only rows the new list is newer than: an older list does not delist what a newer one lists.
      const res = await client.query<{ id: number }>(
        `UPDATE communities SET listing_status = 'delisted', delisted_as_of = $3::date, updated_at = now()
          WHERE source = $1 AND listing_status = 'listed' AND NOT (id = ANY($2::int[]))
            AND (source_as_of IS NULL OR $3::date IS NULL OR source_as_of < $3::date)
          RETURNING id`,
        [source, s.ids, s.asOf],
      );
      delisted += res.rowCount ?? 0;
      com.changedIds.push(...res.rows.map((r) => r.id));
    }
  }

  const facts = kept
    .filter((r) => r.cms)
    .map((r) => ({ communityId: idOf.get(`${r.source}\u0000${r.sourceId}`), facts: r.cms as CmsFacts }))
    .filter((r): r is { communityId: number; facts: CmsFacts } => r.communityId !== undefined);
  const cmsFacts = await upsertCmsFacts(client, facts);

  await refreshAggregates(client, { communityIds: com.changedIds });
  // Their county (issue 15): by the record's county name, else by coordinates.
  await loadCountyPopulation(client, { ifEmpty: true });
  await assignCounties(client, { communityIds: com.changedIds });
  return {
    inserted: com.inserted,
    updated: com.updated,
    unchanged: kept.length - com.inserted - com.updated,
    delisted,
    duplicates,
    operators: { inserted: ops.inserted, updated: ops.updated },
    cmsFacts,
    changedIds: com.changedIds,
  };
}
