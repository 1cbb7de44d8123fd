// Rules of the community detail page: shape the entity, page the reviews.
import type pg from 'pg';
import type { CommunityDetail, ReviewsResponse } from '../../../contracts/community';
import { isVerifiedReview, reviewProvenance, reviewSourceName } from '../../../contracts/provenance';
import { notFound } from '../../lib/errors';
import { toSource } from '../../lib/provenance';
import { findCommunity, findPricing, reviewPage, reviewSummary } from './detail.repo';
import { communityAddress } from '../../lib/community-address';

const orNull = (v: string | null) => (v && v.trim() ? v : null);

export async function getCommunityDetail(pool: pg.Pool, id: number): Promise<CommunityDetail> {
  const [row, pricing] = await Promise.all([findCommunity(pool, id), findPricing(pool, id)]);
  if (!row) throw notFound('Community');
  return {
    ...communityAddress(row),
    phone: orNull(row.phone),
    email: orNull(row.email),
    website: orNull(row.website),
    description: orNull(row.description) ?? orNull(row.overview),
    rating: Math.round(Number(row.rating) * 100) / 100,
    reviewCount: row.review_count,
    careTypes: row.care_types,
    amenities: row.amenities,
    photos: row.photos,
    pricing: pricing.map((p) => ({ careType: p.care_type, minPrice: p.min_price, maxPrice: p.max_price })),
    coordinates: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    operatorId: row.operator_id,
    operatorName: row.operator_name,
    communityType: row.community_type,
    ownerType: row.owner_type,
    score: row.score,
    capacity: row.capacity,
    roomTypes: row.room_types,
    diningServices: row.dining_services,
    healthcareServices: row.healthcare_services,
    roomAmenities: row.room_amenities,
    communityAmenities: row.community_amenities,
    source: toSource(row),
  };
}

export async function getCommunityReviews(pool: pg.Pool, communityId: number, page: number, pageSize: number): Promise<ReviewsResponse> {
  // The summary (which also says whether the community exists) and the page, at the same time.
  const offset = (page - 1) * pageSize;
  const [summary, rows] = await Promise.all([reviewSummary(pool, communityId), reviewPage(pool, communityId, pageSize, offset)]);
  if (!summary) throw notFound('Community');
  const totalPages = Math.ceil(summary.total / pageSize);
  return {
    reviews: rows.map((r) => ({
      id: r.id,
      rating: r.rating,
      author: r.author,
      date: r.review_date,
      // Demo reviews read 'Demo' and are never Verified, whatever the stored row says (ADR 008).
      source: reviewSourceName(r.source_kind, r.source),
      verified: isVerifiedReview(r.source_kind, r.verified),
      provenance: reviewProvenance(r.source_kind, r.source),
      title: orNull(r.title),
      content: r.content,
      sentiment: Math.round(r.sentiment * 1000) / 1000,
    })),
    summary: { averageRating: summary.average, totalReviews: summary.total },
    page,
    pageSize,
    totalPages,
  };
}
