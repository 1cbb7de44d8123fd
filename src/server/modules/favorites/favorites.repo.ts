// SQL of favorites. Every statement is scoped to the signed-in user's id.
import type pg from 'pg';
import type { Favorite } from '../../../contracts/favorites';

interface FavoriteRow {
  community_id: number;
  created_at: Date;
  name: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  phone: string | null;
  email: string | null;
  website: string | null;
  description: string | null;
  rating: number;
  review_count: number;
  care_types: string[];
  amenities: string[];
  photos: string[];
  pricing: Array<{ careType: string; minPrice: number; maxPrice: number }>;
}

/** The user's favorites with the card fields of each community, newest first. */
export async function listFavorites(pool: pg.Pool, userId: number): Promise<Favorite[]> {
  const { rows } = await pool.query<FavoriteRow>(
    `SELECT f.community_id, f.created_at,
            c.name, c.address, c.city, c.state, c.zip_code, c.phone, c.email, c.website, c.description,
            c.rating, c.review_count, c.care_types, c.amenities, c.photos,
            COALESCE(
              (SELECT json_agg(json_build_object('careType', p.care_type, 'minPrice', p.min_price, 'maxPrice', p.max_price)
                               ORDER BY p.min_price, p.id)
                 FROM community_pricing p WHERE p.community_id = c.id),
              '[]'::json) AS pricing
       FROM favorites f
       JOIN communities c ON c.id = f.community_id
      WHERE f.user_id = $1
      ORDER BY f.created_at DESC, f.community_id DESC
      LIMIT 1000`,
    [userId],
  );
  return rows.map((r) => ({
    communityId: r.community_id,
    createdAt: r.created_at.toISOString(),
    community: {
      id: r.community_id,
      name: r.name,
      address: r.address,
      city: r.city,
      state: r.state,
      zipCode: r.zip_code,
      phone: r.phone,
      email: r.email,
      website: r.website,
      description: r.description,
      rating: Number(r.rating),
      reviewCount: r.review_count,
      careTypes: r.care_types,
      amenities: r.amenities,
      photos: r.photos,
      pricing: r.pricing,
    },
  }));
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

export async function removeFavorite(pool: pg.Pool, userId: number, communityId: number): Promise<void> {
  await pool.query('DELETE FROM favorites WHERE user_id = $1 AND community_id = $2', [userId, communityId]);
}

export async function isFavorite(pool: pg.Pool, userId: number, communityId: number): Promise<boolean> {
  const { rowCount } = await pool.query('SELECT 1 FROM favorites WHERE user_id = $1 AND community_id = $2', [userId, communityId]);
  return (rowCount ?? 0) > 0;
}
