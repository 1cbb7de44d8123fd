// Rules of information requests: a stored lead is acknowledged, a rejected one gets a 4xx that says why.
import type pg from 'pg';
import type { CreateLeadInput, CreateLeadResponse } from '../../../contracts/leads';
import { ADVISOR_RESPONSE_HOURS } from '../../../contracts/constants';
import { notFound } from '../../lib/errors';
import { insertLead } from './leads.repo';

const FOREIGN_KEY_VIOLATION = '23503';

function isPgError(err: unknown): err is { code: string; constraint?: string } {
  return typeof err === 'object' && err !== null && typeof (err as { code?: unknown }).code === 'string';
}

export async function createLead(pool: pg.Pool, input: CreateLeadInput, userId: number | null): Promise<CreateLeadResponse> {
  try {
    const row = await insertLead(pool, input, userId);
    return {
      id: row.id,
      status: 'received',
      communityId: row.community_id,
      createdAt: row.created_at.toISOString(),
      message: `Thank you! A care advisor will contact you within ${ADVISOR_RESPONSE_HOURS} hours.`,
    };
  } catch (err) {
    // The community was unknown (or removed meanwhile): the foreign key says so atomically.
    if (isPgError(err) && err.code === FOREIGN_KEY_VIOLATION && (err.constraint ?? '').includes('community')) {
      throw notFound('Community');
    }
    throw err;
  }
}
