// Rules of information requests: a stored lead is acknowledged, a rejected one gets a 4xx that says why.
import type pg from 'pg';
import {
  FAMILY_STATUS_LABELS,
  requestTrackUrl,
  WITHDRAWABLE_STATUSES,
  type CreateLeadInput,
  type CreateLeadResponse,
  type RequestStatus,
} from '../../../contracts/leads';
import { ADVISOR_RESPONSE_HOURS } from '../../../contracts/constants';
import { createHash, randomBytes } from 'node:crypto';
import { AppError, notFound } from '../../lib/errors';
import { findLeadByTokenHash, findUserLead, insertLead, listUserLeads, withdrawLead, type IdempotencyKey, type TrackedLeadRow } from './leads.repo';

/** Only the SHA-256 of a status-link token is stored. */
export const hashStatusToken = (token: string) => createHash('sha256').update(token).digest('hex');

const FOREIGN_KEY_VIOLATION = '23503';

function isPgError(err: unknown): err is { code: string; constraint?: string } {
  return typeof err === 'object' && err !== null && typeof (err as { code?: unknown }).code === 'string';
}

/** What identifies "the same request" for an idempotency key: the validated lead and who sent it. */
export function leadFingerprint(input: CreateLeadInput, userId: number | null): string {
  return createHash('sha256').update(JSON.stringify({ input, userId })).digest('hex');
}

export interface CreatedLead {
  response: CreateLeadResponse;
  /** The private status-link token of a newly stored lead (null on a replay); the receipt e-mails it. */
  token: string | null;
  /** The answer repeats the first request with the same idempotency key (nothing new was stored). */
  replayed: boolean;
}

/**
 * Stores an information request. With `idempotencyKey`, a repeat (a retry after a lost answer, a
 * double submit) returns the first request's answer without a second lead; the same key with a
 * different request is a 409.
 */
export async function createLead(pool: pg.Pool, input: CreateLeadInput, userId: number | null, idempotencyKey?: string): Promise<CreatedLead> {
  const idem: IdempotencyKey | null = idempotencyKey ? { key: idempotencyKey, fingerprint: leadFingerprint(input, userId) } : null;
  try {
    const token = randomBytes(32).toString('base64url');
    const row = await insertLead(pool, input, userId, idem, hashStatusToken(token));
    if (row.replayed && row.idempotency_fingerprint !== idem?.fingerprint) {
      throw new AppError('CONFLICT', 'This Idempotency-Key was already used for a different information request. Send a new key for a new request.');
    }
    const response: CreateLeadResponse = {
      id: row.id,
      status: 'received',
      communityId: row.community_id,
      createdAt: row.created_at.toISOString(),
      message: `Thank you! A care advisor will contact you within ${ADVISOR_RESPONSE_HOURS} hours.`,
      statusUrl: row.replayed ? null : requestTrackUrl(token),
    };
    return { response, replayed: row.replayed, token: row.replayed ? null : token };
  } catch (err) {
    // The community was unknown (or removed meanwhile): the foreign key says so atomically.
    if (isPgError(err) && err.code === FOREIGN_KEY_VIOLATION && (err.constraint ?? '').includes('community')) {
      throw notFound('Community');
    }
    throw err;
  }
}

// ---- Following a request (issue 16): through the private link or the owner's session only ----

export function toRequestStatus(r: TrackedLeadRow): RequestStatus {
  return {
    id: r.id,
    status: r.status,
    statusLabel: FAMILY_STATUS_LABELS[r.status],
    community:
      r.community_id !== null && r.community_name !== null
        ? { id: r.community_id, name: r.community_name, city: r.community_city ?? '', state: r.community_state ?? '' }
        : null,
    careNeeds: r.care_needs,
    consentCall: r.consent_call,
    consentText: r.consent_text,
    createdAt: r.created_at.toISOString(),
    dueAt: new Date(r.created_at.getTime() + ADVISOR_RESPONSE_HOURS * 3_600_000).toISOString(),
    respondedAt: r.responded_at?.toISOString() ?? null,
    overdue: r.overdue,
    withdrawnAt: r.withdrawn_at?.toISOString() ?? null,
    canWithdraw: WITHDRAWABLE_STATUSES.includes(r.status),
    history: r.history.map((h) => ({ status: h.status, label: FAMILY_STATUS_LABELS[h.status], at: new Date(h.at).toISOString() })),
  };
}

/** The same answer for an unknown and a malformed token: the link is not valid. */
const invalidLink = () => new AppError('NOT_FOUND', 'This link is not valid. Open the link from your e-mail again.');

export async function requestStatusByToken(pool: pg.Pool, token: string): Promise<RequestStatus> {
  const row = await findLeadByTokenHash(pool, hashStatusToken(token));
  if (!row) throw invalidLink();
  return toRequestStatus(row);
}

export async function myRequests(pool: pg.Pool, userId: number): Promise<RequestStatus[]> {
  return (await listUserLeads(pool, userId)).map(toRequestStatus);
}

async function withdraw(pool: pg.Pool, row: TrackedLeadRow, userId: number | null): Promise<void> {
  if (!WITHDRAWABLE_STATUSES.includes(row.status)) {
    throw new AppError('CONFLICT', row.status === 'withdrawn' ? 'You already withdrew this request.' : 'This request is closed; there is nothing to withdraw.');
  }
  if (!(await withdrawLead(pool, row.id, row.status, userId))) {
    throw new AppError('CONFLICT', 'The advisor desk changed this request a moment ago. Reload it and try again.');
  }
}

export async function withdrawByToken(pool: pg.Pool, token: string): Promise<RequestStatus> {
  const hash = hashStatusToken(token);
  const row = await findLeadByTokenHash(pool, hash);
  if (!row) throw invalidLink();
  await withdraw(pool, row, null);
  return toRequestStatus((await findLeadByTokenHash(pool, hash))!);
}

export async function withdrawMine(pool: pg.Pool, userId: number, id: number): Promise<RequestStatus> {
  const row = await findUserLead(pool, userId, id);
  if (!row) throw notFound('Information request');
  await withdraw(pool, row, userId);
  return toRequestStatus((await findUserLead(pool, userId, id))!);
}
