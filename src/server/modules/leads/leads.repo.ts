// SQL of information requests (leads).
import type pg from 'pg';
import type { CreateLeadInput } from '../../../contracts/leads';

export interface InsertedLead {
  id: number;
  community_id: number | null;
  created_at: Date;
}

/**
 * Stores the lead and its first history event in one transaction. Resolves only after COMMIT,
 * so an acknowledged lead is durable. Throws the pg error (e.g. 23503 for an unknown community).
 */
export async function insertLead(pool: pg.Pool, lead: CreateLeadInput, userId: number | null): Promise<InsertedLead> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<InsertedLead>(
      `INSERT INTO leads (community_id, user_id, name, email, phone, care_needs, notes, source)
       VALUES ($1, $2, $3, $4, $5, $6::text[], $7, $8)
       RETURNING id, community_id, created_at`,
      [lead.communityId ?? null, userId, lead.name, lead.email, lead.phone ?? null, lead.careNeeds, lead.notes ?? null, lead.source],
    );
    const row = rows[0];
    if (!row) throw new Error('INSERT INTO leads returned no row');
    await client.query(
      `INSERT INTO lead_events (lead_id, from_status, to_status, changed_by, note)
       VALUES ($1, NULL, 'new', $2, 'Information request received')`,
      [row.id, userId],
    );
    await client.query('COMMIT');
    return row;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
