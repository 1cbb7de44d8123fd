// Information requests (leads): the fetcher used by the shared LeadForm and the root query key of
// the lead list. Every lead list query (e.g. the admin screen's GET /api/leads) must start its key
// with LEADS_QUERY_KEY so that a new lead refreshes it (SPEC section 7).
import type { CreateLeadRequest, CreateLeadResponse } from '../../contracts/leads';
import { ApiError, apiRequest } from './api';

export const LEADS_URL = '/api/leads';
export const LEADS_QUERY_KEY = [LEADS_URL] as const;

/** Pause before the one automatic retry of a submit that met a network error or a 503. */
export const LEAD_RETRY_DELAY_MS = 1_000;

/** A fresh key for one submit attempt (the server answers a repeat of it with the first answer). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

const retryable = (err: unknown) => err instanceof TypeError || (err instanceof ApiError && err.status === 503);

/**
 * Sends one information request. When the answer is lost (network error) or the database is briefly
 * unavailable (503), it retries once with the same Idempotency-Key, so a request that was in fact
 * stored is not stored twice.
 */
export async function createLead(lead: CreateLeadRequest, idempotencyKey: string = newIdempotencyKey()): Promise<CreateLeadResponse> {
  const send = async () => (await (await apiRequest('POST', LEADS_URL, lead, { 'Idempotency-Key': idempotencyKey })).json()) as CreateLeadResponse;
  try {
    return await send();
  } catch (err) {
    if (!retryable(err)) throw err;
    await new Promise((r) => setTimeout(r, LEAD_RETRY_DELAY_MS));
    return send();
  }
}
