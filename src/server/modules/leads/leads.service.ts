// Rules of information requests: a stored lead is acknowledged, a rejected one gets a 4xx that says why.
import type pg from 'pg';
import type { CreateLeadInput, CreateLeadResponse } from '../../../contracts/leads';
import { ADVISOR_RESPONSE_HOURS } from '../../../contracts/constants';
import { createHash } from 'node:crypto';
import { AppError, notFound } from '../../lib/errors';
import { insertLead, type IdempotencyKey } from './leads.repo';

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
    const row = await insertLead(pool, input, userId, idem);
    if (row.replayed && row.idempotency_fingerprint !== idem?.fingerprint) {
      throw new AppError('CONFLICT', 'This Idempotency-Key was already used for a different information request. Send a new key for a new request.');
    }
    const response: CreateLeadResponse = {
      id: row.id,
      status: 'received',
      communityId: row.community_id,
      createdAt: row.created_at.toISOString(),
      message: `Thank you! A care advisor will contact you within ${ADVISOR_RESPONSE_HOURS} hours.`,
    };
    return { response, replayed: row.replayed };
  } catch (err) {
    // The community was unknown (or removed meanwhile): the foreign key says so atomically.
    if (isPgError(err) && err.code === FOREIGN_KEY_VIOLATION && (err.constraint ?? '').includes('community')) {
      throw notFound('Community');
    }
    throw err;
  }
}
