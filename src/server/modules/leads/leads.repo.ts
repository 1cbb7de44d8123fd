// SQL of information requests (leads).
import type pg from 'pg';
import { ADVISOR_RESPONSE_HOURS, type LeadStatus } from '../../../contracts/constants';
import type { CreateLeadInput } from '../../../contracts/leads';
import { inTransaction, rollback, type Queryable } from '../../db/sql';
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
export async function insertLead(
  pool: pg.Pool,
  lead: CreateLeadInput,
  userId: number | null,
  idem: IdempotencyKey | null = null,
  statusTokenHash: string | null = null,
): Promise<InsertedLead> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<Omit<InsertedLead, 'replayed'>>(
      `INSERT INTO leads (community_id, user_id, name, email, phone, care_needs, notes, source, idempotency_key, idempotency_fingerprint,
                          consent_call, consent_text, status_token_hash)
       VALUES ($1, $2, $3, $4, $5, $6::text[], $7, $8, $9, $10, $11, $12, $13)
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
        lead.consentCall,
        lead.consentText,
        statusTokenHash,
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
    else broken = await rollback(client);
    throw err;
  } finally {
    client.release(broken);
  }
}

// ---- What the family sees of its requests (issue 16) ----

export interface TrackedLeadRow {
  id: number;
  user_id: number | null;
  status: LeadStatus;
  community_id: number | null;
  community_name: string | null;
  community_city: string | null;
  community_state: string | null;
  care_needs: string[];
  consent_call: boolean;
  consent_text: boolean;
  created_at: Date;
  withdrawn_at: Date | null;
  responded_at: Date | null;
  overdue: boolean;
  history: Array<{ status: LeadStatus; at: string }>;
}


/**
 * $1 is ADVISOR_RESPONSE_HOURS. The history lists status changes only (never the desk's notes or names);
 * responded_at is the desk's first move out of 'new' (the family's own withdrawal is no answer).
 */
const TRACKED_SELECT = `
  SELECT l.id, l.user_id, l.status, l.community_id, c.name AS community_name, c.city AS community_city, c.state AS community_state,
         l.care_needs, l.consent_call, l.consent_text, l.created_at, l.withdrawn_at,
         (SELECT min(e.created_at) FROM lead_events e WHERE e.lead_id = l.id AND e.from_status = 'new' AND e.to_status <> 'withdrawn') AS responded_at,
         (l.status = 'new' AND l.created_at < now() - make_interval(hours => $1::int)) AS overdue,
         coalesce((SELECT json_agg(json_build_object('status', e.to_status, 'at', e.created_at) ORDER BY e.created_at, e.id)
                     FROM lead_events e WHERE e.lead_id = l.id), '[]'::json) AS history
    FROM leads l
    LEFT JOIN communities c ON c.id = l.community_id`;

export async function findLeadByTokenHash(db: Queryable, hash: string): Promise<TrackedLeadRow | null> {
  const { rows } = await db.query<TrackedLeadRow>(`${TRACKED_SELECT} WHERE l.status_token_hash = $2`, [ADVISOR_RESPONSE_HOURS, hash]);
  return rows[0] ?? null;
}

export async function findUserLead(db: Queryable, userId: number, id: number): Promise<TrackedLeadRow | null> {
  const { rows } = await db.query<TrackedLeadRow>(`${TRACKED_SELECT} WHERE l.id = $2 AND l.user_id = $3`, [ADVISOR_RESPONSE_HOURS, id, userId]);
  return rows[0] ?? null;
}

export async function listUserLeads(db: Queryable, userId: number): Promise<TrackedLeadRow[]> {
  const { rows } = await db.query<TrackedLeadRow>(`${TRACKED_SELECT} WHERE l.user_id = $2 ORDER BY l.created_at DESC, l.id DESC LIMIT 200`, [
    ADVISOR_RESPONSE_HOURS,
    userId,
  ]);
  return rows;
}

/**
 * The family withdraws a request: only from a status it may still leave, and only if the desk did not
 * move it meanwhile (WHERE status = $from). False when nothing was changed.
 */
export async function withdrawLead(pool: pg.Pool, id: number, from: LeadStatus, userId: number | null): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    const res = await client.query(
      `UPDATE leads SET status = 'withdrawn', withdrawn_at = now(), status_changed_at = now(), status_changed_by = $3
        WHERE id = $1 AND status = $2`,
      [id, from, userId],
    );
    if (res.rowCount !== 1) return false; // nothing changed, so the commit writes nothing
    await client.query(
      `INSERT INTO lead_events (lead_id, from_status, to_status, changed_by, note) VALUES ($1, $2, 'withdrawn', $3, 'Withdrawn by the family')`,
      [id, from, userId],
    );
    return true;
  });
}
