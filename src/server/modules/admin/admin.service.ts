// Rules of the care-advisor desk: allowed status moves with history, the last-admin rule, the CSV export
// and the import upload.
import type pg from 'pg';
import {
  LEAD_STATUS_LABELS,
  LEAD_TRANSITIONS,
  type AdminUser,
  type ImportSummaryResponse,
  type LeadDetailResponse,
  type LeadFilters,
} from '../../../contracts/admin';
import type { LeadStatus } from '../../../contracts/constants';
import { ImportError, runImport, type ImportKind } from '../../db/import';
import { runDirectoryImport } from '../../db/import/directory-run';
import { inTransaction } from '../../db/sql';
import { AppError, notFound } from '../../lib/errors';
import { findLead, findUser, leadBatches, leadEvents, lockAdmins, moveLead, toAdminLead, toAdminUser, updateUser, type LeadRow } from './admin.repo';
import { csvLine } from '../../lib/csv';

export async function getLeadDetail(pool: pg.Pool, id: number): Promise<LeadDetailResponse> {
  const row = await findLead(pool, id);
  if (!row) throw notFound('Information request');
  return { ...toAdminLead(row), events: await leadEvents(pool, id) };
}

export function canMove(from: LeadStatus, to: LeadStatus): boolean {
  return LEAD_TRANSITIONS[from].includes(to);
}

/** Moves a request to `to`, writing its history event in the same transaction. */
export async function changeLeadStatus(pool: pg.Pool, id: number, to: LeadStatus, userId: number, note: string | undefined): Promise<LeadDetailResponse> {
  await inTransaction(pool, async (client) => {
    const current = await findLead(client, id);
    if (!current) throw notFound('Information request');
    const from = current.status;
    if (from === to) throw new AppError('CONFLICT', `This request is already "${LEAD_STATUS_LABELS[to]}".`);
    if (!canMove(from, to)) {
      const allowed = LEAD_TRANSITIONS[from].map((s) => `"${LEAD_STATUS_LABELS[s]}"`);
      throw new AppError(
        'CONFLICT',
        `A request that is "${LEAD_STATUS_LABELS[from]}" cannot move to "${LEAD_STATUS_LABELS[to]}"` +
          (allowed.length
            ? `; it can move to ${allowed.join(' or ')}.`
            : from === 'withdrawn'
              ? '; the family withdrew it.'
              : '; closed requests are final.'),
      );
    }
    if (!(await moveLead(client, id, from, to, userId, note ?? null))) {
      throw new AppError('CONFLICT', 'Someone changed this request meanwhile. Reload it and try again.');
    }
  });
  return getLeadDetail(pool, id);
}

export const LAST_ADMIN_MESSAGE = 'You cannot remove the last admin. Make another user an admin first.';

/** Changes role / plan / trial end. Refuses to demote the only remaining admin (admin rows are locked). */
export async function patchUser(
  pool: pg.Pool,
  id: number,
  patch: { role?: 'user' | 'admin'; plan?: 'basic' | 'pro'; trialEndsAt?: string | null },
): Promise<AdminUser> {
  let trialEndsAt: Date | null | undefined;
  if (patch.trialEndsAt !== undefined) {
    trialEndsAt = patch.trialEndsAt === null ? null : new Date(patch.trialEndsAt.length === 10 ? `${patch.trialEndsAt}T23:59:59Z` : patch.trialEndsAt);
    if (trialEndsAt && Number.isNaN(trialEndsAt.getTime())) throw new AppError('VALIDATION_ERROR', 'trialEndsAt is not a valid date');
  }
  return inTransaction(pool, async (client) => {
    if (patch.role === 'user') {
      const admins = await lockAdmins(client);
      if (admins.includes(id) && admins.length <= 1) throw new AppError('CONFLICT', LAST_ADMIN_MESSAGE);
    }
    const row = await updateUser(client, id, { role: patch.role, plan: patch.plan, trialEndsAt });
    if (!row) throw notFound('User');
    return toAdminUser(row);
  });
}

export async function getUser(pool: pg.Pool, id: number): Promise<AdminUser> {
  const row = await findUser(pool, id);
  if (!row) throw notFound('User');
  return toAdminUser(row);
}

// ---- CSV export (RFC 4180: CRLF line ends, fields with , " CR LF quoted, quotes doubled) ----

// The formula guard and quoting live in src/server/lib/csv.ts (one rule for every export).
export { csvField } from '../../lib/csv';

export const LEAD_CSV_HEADER = [
  'id',
  'arrived_at',
  'status',
  'overdue',
  'name',
  'email',
  'phone',
  'community_id',
  'community',
  'city',
  'state',
  'care_needs',
  'notes',
  'source',
  'status_changed_at',
  'status_changed_by',
  'notification_status',
  'notification_error',
];

function leadCsvFields(r: LeadRow): unknown[] {
  return [
    r.id,
    r.created_at,
    r.status,
    r.overdue ? 'yes' : 'no',
    r.name,
    r.email,
    r.phone,
    r.community_id,
    r.community_name,
    r.community_city,
    r.community_state,
    r.care_needs.join('; '),
    r.notes,
    r.source,
    r.status_changed_at,
    r.changed_by_email,
    r.notification_status,
    r.notification_error,
  ];
}

/** The export as chunks of CSV text, read from the database in batches. */
export async function* leadCsv(pool: pg.Pool, filters: LeadFilters): AsyncGenerator<string> {
  yield csvLine(LEAD_CSV_HEADER);
  for await (const rows of leadBatches(pool, filters)) {
    yield rows.map((r) => csvLine(leadCsvFields(r))).join('');
  }
}

// ---- Import upload ----

/** What both import uploads answer of an importer's summary (the first 50 rejections). */
function importSummary(s: {
  importId: number | null;
  kind: string;
  fileName: string;
  rowsRead: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  rejections: ImportSummaryResponse['rejections'];
  operators: ImportSummaryResponse['operators'];
}): Omit<ImportSummaryResponse, 'layout'> {
  return {
    importId: s.importId,
    kind: s.kind,
    fileName: s.fileName,
    rowsRead: s.rowsRead,
    inserted: s.inserted,
    updated: s.updated,
    unchanged: s.unchanged,
    rejected: s.rejected,
    rejections: s.rejections.slice(0, 50),
    operators: s.operators,
  };
}

export async function importUpload(
  pool: pg.Pool,
  kind: ImportKind | 'auto',
  fileName: string,
  content: Buffer,
  asOf?: string,
): Promise<ImportSummaryResponse> {
  try {
    const s = await runImport(pool, { kind, fileName, content, ...(asOf !== undefined ? { asOf } : {}) });
    return { ...importSummary(s), layout: s.layout };
  } catch (err) {
    if (err instanceof ImportError) {
      throw new AppError('UNPROCESSABLE', `${err.message} Nothing was imported.`);
    }
    throw err;
  }
}

/**
 * The admin upload of a licence list: the same importer as `npm run import -- licensed` (runDirectoryImport),
 * as a complete list (facilities of the agency absent from a newer list are marked no longer listed).
 */
export async function importLicensedUpload(
  pool: pg.Pool,
  fileName: string,
  content: Buffer,
  opts: { asOf?: string | undefined; state?: string | undefined; sourceName?: string | undefined },
): Promise<ImportSummaryResponse> {
  try {
    const s = await runDirectoryImport(pool, {
      kind: 'licensed',
      fileName,
      content,
      ...(opts.asOf !== undefined ? { asOf: opts.asOf } : {}),
      ...(opts.state !== undefined ? { state: opts.state } : {}),
      ...(opts.sourceName !== undefined ? { sourceName: opts.sourceName } : {}),
    });
    return { ...importSummary(s), layout: 'licence list', delisted: s.delisted, mapped: s.mapped };
  } catch (err) {
    if (err instanceof ImportError) throw new AppError('UNPROCESSABLE', `${err.message} Nothing was imported.`);
    throw err;
  }
}
