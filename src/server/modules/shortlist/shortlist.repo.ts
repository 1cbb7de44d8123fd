// SQL of the shortlist that travels (issue 16, ADR 022). The shortlist is the owner's favorites; every
// statement names the owner, and who may reach an owner is decided by shortlist.service.ts.
import type pg from 'pg';
import type { Collaborator, ShortlistComment, ShortlistItem } from '../../../contracts/shortlist';
import { withCommunityCards } from '../communities/cards.service';

export interface OwnerRow {
  id: number;
  email: string;
  first_name: string | null;
}

export async function findUser(pool: pg.Pool, id: number): Promise<OwnerRow | null> {
  const { rows } = await pool.query<OwnerRow>('SELECT id, email, first_name FROM users WHERE id = $1', [id]);
  return rows[0] ?? null;
}

export async function findUserIdByEmail(pool: pg.Pool, email: string): Promise<number | null> {
  const { rows } = await pool.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email.toLowerCase()]);
  return rows[0]?.id ?? null;
}

export async function isCollaborator(pool: pg.Pool, ownerId: number, userId: number): Promise<boolean> {
  const { rowCount } = await pool.query('SELECT 1 FROM shortlist_collaborators WHERE owner_id = $1 AND user_id = $2', [ownerId, userId]);
  return (rowCount ?? 0) > 0;
}

/** The user's own list first, then the lists they collaborate on (by owner). */
export async function listShortlists(pool: pg.Pool, userId: number) {
  const { rows } = await pool.query<{ owner_id: number; email: string; first_name: string | null; count: number }>(
    `SELECT u.id AS owner_id, u.email, u.first_name,
            (SELECT count(*)::int FROM favorites f WHERE f.user_id = u.id) AS count
       FROM users u
      WHERE u.id = $1 OR u.id IN (SELECT owner_id FROM shortlist_collaborators WHERE user_id = $1)
      ORDER BY (u.id = $1) DESC, u.id`,
    [userId],
  );
  return rows;
}

/** The owner's favorites with notes, newest first, each with the search card fields. */
export async function listItems(pool: pg.Pool, ownerId: number): Promise<ShortlistItem[]> {
  const { rows } = await pool.query<{
    community_id: number;
    created_at: Date;
    note: string | null;
    note_updated_at: Date | null;
    note_by: string | null;
  }>(
    `SELECT f.community_id, f.created_at, f.note, f.note_updated_at, coalesce(nullif(u.first_name, ''), u.email) AS note_by
       FROM favorites f LEFT JOIN users u ON u.id = f.note_updated_by
      WHERE f.user_id = $1
      ORDER BY f.created_at DESC, f.community_id DESC
      LIMIT 1000`,
    [ownerId],
  );
  return withCommunityCards(pool, rows, (r, community) => ({
    communityId: r.community_id,
    createdAt: r.created_at.toISOString(),
    note: r.note,
    noteUpdatedAt: r.note_updated_at?.toISOString() ?? null,
    noteUpdatedBy: r.note === null ? null : r.note_by,
    community,
  }));
}

/** Sets (or with null clears) the note; null when the community is not on the owner's list. */
export async function setNote(
  pool: pg.Pool,
  ownerId: number,
  communityId: number,
  note: string | null,
  byUserId: number,
): Promise<{ note: string | null; note_updated_at: Date | null } | null> {
  const { rows } = await pool.query<{ note: string | null; note_updated_at: Date | null }>(
    `UPDATE favorites SET note = $3, note_updated_at = CASE WHEN $3::text IS NULL THEN NULL ELSE now() END,
            note_updated_by = CASE WHEN $3::text IS NULL THEN NULL ELSE $4::int END
      WHERE user_id = $1 AND community_id = $2
      RETURNING note, note_updated_at`,
    [ownerId, communityId, note, byUserId],
  );
  return rows[0] ?? null;
}

export async function listComments(pool: pg.Pool, ownerId: number): Promise<ShortlistComment[]> {
  const { rows } = await pool.query<{ id: number; community_id: number | null; author_name: string; body: string; created_at: Date }>(
    `SELECT id, community_id, author_name, body, created_at FROM shortlist_comments
      WHERE owner_id = $1 ORDER BY created_at, id LIMIT 500`,
    [ownerId],
  );
  return rows.map((r) => ({ id: r.id, communityId: r.community_id, authorName: r.author_name, body: r.body, createdAt: r.created_at.toISOString() }));
}

export async function insertComment(
  pool: pg.Pool,
  c: { ownerId: number; shareId: number; communityId: number | null; authorName: string; body: string },
): Promise<ShortlistComment> {
  const { rows } = await pool.query<{ id: number; created_at: Date }>(
    `INSERT INTO shortlist_comments (owner_id, share_id, community_id, author_name, body)
     VALUES ($1, $2, $3, $4, $5) RETURNING id, created_at`,
    [c.ownerId, c.shareId, c.communityId, c.authorName, c.body],
  );
  const r = rows[0]!;
  return { id: r.id, communityId: c.communityId, authorName: c.authorName, body: c.body, createdAt: r.created_at.toISOString() };
}

export async function isOnList(pool: pg.Pool, ownerId: number, communityId: number): Promise<boolean> {
  const { rowCount } = await pool.query('SELECT 1 FROM favorites WHERE user_id = $1 AND community_id = $2', [ownerId, communityId]);
  return (rowCount ?? 0) > 0;
}

export async function listCollaborators(pool: pg.Pool, ownerId: number): Promise<Collaborator[]> {
  const { rows } = await pool.query<{ user_id: number; email: string; first_name: string | null; created_at: Date }>(
    `SELECT s.user_id, u.email, u.first_name, s.created_at
       FROM shortlist_collaborators s JOIN users u ON u.id = s.user_id
      WHERE s.owner_id = $1 ORDER BY s.created_at, s.user_id`,
    [ownerId],
  );
  return rows.map((r) => ({ userId: r.user_id, email: r.email, name: r.first_name, addedAt: r.created_at.toISOString() }));
}

export async function addCollaborator(pool: pg.Pool, ownerId: number, userId: number): Promise<void> {
  await pool.query('INSERT INTO shortlist_collaborators (owner_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [ownerId, userId]);
}

export async function removeCollaborator(pool: pg.Pool, ownerId: number, userId: number): Promise<void> {
  await pool.query('DELETE FROM shortlist_collaborators WHERE owner_id = $1 AND user_id = $2', [ownerId, userId]);
}

export interface ShareRow {
  id: number;
  owner_id: number;
  lookup: string;
  secret_hash: string;
  access: 'read' | 'comment';
  expires_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
}

const SHARE_COLUMNS = 'id, owner_id, lookup, secret_hash, access, expires_at, revoked_at, created_at';

export async function insertShare(
  pool: pg.Pool,
  s: { ownerId: number; lookup: string; secretHash: string; access: 'read' | 'comment'; expiresAt: Date | null },
): Promise<ShareRow> {
  const { rows } = await pool.query<ShareRow>(
    `INSERT INTO shortlist_shares (owner_id, lookup, secret_hash, access, expires_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${SHARE_COLUMNS}`,
    [s.ownerId, s.lookup, s.secretHash, s.access, s.expiresAt],
  );
  return rows[0]!;
}

export async function listShares(pool: pg.Pool, ownerId: number): Promise<ShareRow[]> {
  const { rows } = await pool.query<ShareRow>(`SELECT ${SHARE_COLUMNS} FROM shortlist_shares WHERE owner_id = $1 ORDER BY created_at DESC, id DESC`, [
    ownerId,
  ]);
  return rows;
}

export async function findShareByLookup(pool: pg.Pool, lookup: string): Promise<ShareRow | null> {
  const { rows } = await pool.query<ShareRow>(`SELECT ${SHARE_COLUMNS} FROM shortlist_shares WHERE lookup = $1`, [lookup]);
  return rows[0] ?? null;
}

/** Revokes the owner's share (once; the first revocation time stays). Null when it is not the owner's. */
export async function revokeShare(pool: pg.Pool, ownerId: number, shareId: number): Promise<ShareRow | null> {
  const { rows } = await pool.query<ShareRow>(
    `UPDATE shortlist_shares SET revoked_at = coalesce(revoked_at, now())
      WHERE id = $1 AND owner_id = $2 RETURNING ${SHARE_COLUMNS}`,
    [shareId, ownerId],
  );
  return rows[0] ?? null;
}
