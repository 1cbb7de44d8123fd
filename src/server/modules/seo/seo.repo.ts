// SQL of the crawler-facing pages: community ids for the sitemap files and the reviews written by users.
import type { Queryable } from '../../db/sql';

export async function countCommunities(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM communities');
  return rows[0]?.n ?? 0;
}

/** One sitemap file's communities, in id order (primary-key index). */
export async function communityPage(db: Queryable, limit: number, offset: number): Promise<{ id: number; updated: string }[]> {
  const { rows } = await db.query<{ id: number; updated: string }>(
    `SELECT id, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS updated
       FROM communities ORDER BY id LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  return rows;
}

/** Reviews written on this site by users (never the demo or imported ones): the only basis of aggregateRating. */
export async function userReviewSummary(db: Queryable, communityId: number): Promise<{ count: number; average: number | null }> {
  const { rows } = await db.query<{ n: number; avg: number | null }>(
    `SELECT count(*)::int AS n, avg(rating)::float8 AS avg
       FROM customer_reviews WHERE community_id = $1 AND source_kind = 'user'`,
    [communityId],
  );
  return { count: rows[0]?.n ?? 0, average: rows[0]?.avg ?? null };
}
