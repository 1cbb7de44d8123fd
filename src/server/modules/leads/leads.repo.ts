// SQL of information requests (leads).
import type pg from 'pg';
import type { CreateLeadInput } from '../../../contracts/leads';
import { isDatabaseUnavailable } from '../../lib/errors';

export interface InsertedLead {
  id: number;
  community_id: number | null;
  created_at: Date;
  /** True when the idempotency key was already used: this is the lead stored by the first request. */
  replayed: boolean;
  /** Fingerprint of the first request with this key (null without a key). */
  idempotency_fingerprint: string | null;
}

export interface IdempotencyKey {
  key: string;
  fingerprint: string;
}

/**
 * Stores the lead and its first history event in one transaction. Resolves only after COMMIT,
 * so an acknowledged lead is durable. Throws the pg error (e.g. 23503 for an unknown community).
 * With an idempotency key already used, nothing is written and the first lead is returned (a
 * concurrent first request with the same key is waited for by the unique index).
 */
export async function insertLead(pool: pg.Pool, lead: CreateLeadInput, userId: number | null, idem: IdempotencyKey | null = null): Promise<InsertedLead> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<Omit<InsertedLead, 'replayed'>>(
      `INSERT INTO leads (community_id, user_id, name, email, phone, care_needs, notes, source, idempotency_key, idempotency_fingerprint)
       VALUES ($1, $2, $3, $4, $5, $6::text[], $7, $8, $9, $10)
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING id, community_id, created_at, idempotency_fingerprint`,
      [
        lead.communityId ?? null,
        userId,
        lead.name,
        lead.email,
        lead.phone ?? null,
        lead.careNeeds,
        lead.notes ?? null,
        lead.source,
        idem?.key ?? null,
        idem?.fingerprint ?? null,
      ],
    );
    const row = rows[0];
    if (!row) {
      if (!idem) throw new Error('INSERT INTO leads returned no row');
      await client.query('ROLLBACK');
      const first = await client.query<Omit<InsertedLead, 'replayed'>>(
        'SELECT id, community_id, created_at, idempotency_fingerprint FROM leads WHERE idempotency_key = $1',
        [idem.key],
      );
      if (!first.rows[0]) throw new Error('the lead of an idempotency key vanished');
      return { ...first.rows[0], replayed: true };
    }
    await client.query(
      `INSERT INTO lead_events (lead_id, from_status, to_status, changed_by, note)
       VALUES ($1, NULL, 'new', $2, 'Information request received')`,
      [row.id, userId],
    );
    await client.query('COMMIT');
    return { ...row, replayed: false };
  } catch (err) {
    // A connection that broke or timed out is not given back to the pool.
    if (isDatabaseUnavailable(err)) broken = err as Error;
    else await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release(broken);
  }
}
