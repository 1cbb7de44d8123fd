// SQL of the community detail page: one community with its operator and pricing, and its reviews.
import type pg from 'pg';
import type { CommunityColumns } from '../../db/rows';
import { sourceColumns, type SourceColumns } from '../../lib/provenance';

export interface CommunityRow
  extends SourceColumns,
    Pick<
      CommunityColumns,
      | 'id' | 'name' | 'address' | 'city' | 'state' | 'zip_code' | 'lat' | 'lng' | 'phone' | 'email' | 'website'
      | 'description' | 'rating' | 'review_count' | 'care_types' | 'amenities' | 'photos' | 'community_type'
      | 'owner_type' | 'score' | 'capacity' | 'room_types' | 'dining_services' | 'healthcare_services'
      | 'room_amenities' | 'community_amenities' | 'overview' | 'operator_id'
    > {
  operator_name: string | null;
}

export interface PricingRow {
  care_type: string;
  min_price: number;
  max_price: number;
}

export interface ReviewRow {
  id: number;
  rating: number;
  author: string;
  review_date: string;
  source: string;
  verified: boolean;
  source_kind: string;
  title: string | null;
  content: string;
  sentiment: number;
}

export async function findCommunity(pool: pg.Pool, id: number): Promise<CommunityRow | null> {
  const { rows } = await pool.query<CommunityRow>(
    `SELECT c.id, c.name, c.address, c.city, c.state, c.zip_code, c.lat, c.lng, c.phone, c.email, c.website,
            c.description, c.rating, c.review_count, c.care_types, c.amenities, c.photos, c.community_type,
            c.owner_type, c.score, c.capacity, c.room_types, c.dining_services, c.healthcare_services,
            c.room_amenities, c.community_amenities, c.overview, c.operator_id, o.name AS operator_name, ${sourceColumns('c')}
       FROM communities c
       LEFT JOIN operators o ON o.id = c.operator_id
      WHERE c.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** Pricing entries ordered by price: lowest minPrice first, then maxPrice, then care type. */
export async function findPricing(pool: pg.Pool, communityId: number): Promise<PricingRow[]> {
  const { rows } = await pool.query<PricingRow>(
    `SELECT care_type, min_price, max_price
       FROM community_pricing
      WHERE community_id = $1
      ORDER BY min_price, max_price, care_type, id`,
    [communityId],
  );
  return rows;
}

/**
 * Count and average over ALL reviews of the community (not just one page), or null when there is no
 * such community: one round trip.
 */
export async function reviewSummary(pool: pg.Pool, communityId: number): Promise<{ total: number; average: number } | null> {
  const { rows } = await pool.query<{ total: number; average: number | null }>(
    `SELECT s.total, s.average
       FROM communities c,
            LATERAL (SELECT count(*)::int AS total, round(avg(r.rating)::numeric, 2)::float8 AS average
                       FROM customer_reviews r WHERE r.community_id = c.id) s
      WHERE c.id = $1`,
    [communityId],
  );
  const row = rows[0];
  return row ? { total: row.total, average: row.average ?? 0 } : null;
}

/** One page of reviews, newest first (ties broken by id, newest row first). */
export async function reviewPage(pool: pg.Pool, communityId: number, limit: number, offset: number): Promise<ReviewRow[]> {
  const { rows } = await pool.query<ReviewRow>(
    `SELECT id, rating, author, to_char(review_date, 'YYYY-MM-DD') AS review_date, source, verified, source_kind, title, content, sentiment
       FROM customer_reviews
      WHERE community_id = $1
      ORDER BY review_date DESC, id DESC
      LIMIT $2 OFFSET $3`,
    [communityId, limit, offset],
  );
  return rows;
}
