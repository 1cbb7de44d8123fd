// SQL of favorites. Every statement is scoped to the signed-in user's id.
import { and, eq } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../../db/client';
import { favorites } from '../../db/schema';
import type { Favorite } from '../../../contracts/favorites';
import { withCommunityCards } from '../communities/cards.service';

/** The user's favorites with the card fields of each community (the search's card loader), newest first. */
export async function listFavorites(pool: pg.Pool, userId: number): Promise<Favorite[]> {
  const { rows } = await pool.query<{ community_id: number; created_at: Date }>(
    `SELECT community_id, created_at FROM favorites
      WHERE user_id = $1
      ORDER BY created_at DESC, community_id DESC
      LIMIT 1000`,
    [userId],
  );
  return withCommunityCards(pool, rows, (r, community) => ({ communityId: r.community_id, createdAt: r.created_at.toISOString(), community }));
}

export async function communityExists(pool: pg.Pool, communityId: number): Promise<boolean> {
  const { rowCount } = await pool.query('SELECT 1 FROM communities WHERE id = $1', [communityId]);
  return (rowCount ?? 0) > 0;
}

/** Saves the favorite; saving it again changes nothing. False when the community does not exist. */
export async function addFavorite(pool: pg.Pool, userId: number, communityId: number): Promise<boolean> {
  const { rowCount } = await pool.query(
    `INSERT INTO favorites (user_id, community_id)
     SELECT $1, c.id FROM communities c WHERE c.id = $2
     ON CONFLICT (user_id, community_id) DO NOTHING`,
    [userId, communityId],
  );
  if ((rowCount ?? 0) > 0) return true;
  return communityExists(pool, communityId);
}

// Single-table statements through the query builder (AppDeps.db, ADR 024).
const ownFavorite = (userId: number, communityId: number) => and(eq(favorites.userId, userId), eq(favorites.communityId, communityId));

export async function removeFavorite(db: Db, userId: number, communityId: number): Promise<void> {
  await db.delete(favorites).where(ownFavorite(userId, communityId));
}

export async function isFavorite(db: Db, userId: number, communityId: number): Promise<boolean> {
  const rows = await db.select({ communityId: favorites.communityId }).from(favorites).where(ownFavorite(userId, communityId)).limit(1);
  return rows.length > 0;
}
