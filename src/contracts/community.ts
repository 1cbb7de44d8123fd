// The Community entity (SPEC section 3) and the detail page's calls:
// GET /api/communities/:id and GET /api/reviews/:id.
import { z } from 'zod';
import { pageFields, pageQueryFields } from './paging';
import { safeText } from './text';
import { sourceSchema } from './provenance';

/** A positive 32-bit id as it arrives in a path or query string ("12"); rejects 0, negatives, "1e3", "abc". */
export const idParamSchema = safeText()
  .regex(/^[1-9][0-9]{0,9}$/, 'must be a positive whole number')
  .transform(Number)
  .pipe(z.number().int().positive().max(2_147_483_647, 'is too large'));

export const communityIdParamsSchema = z.object({ id: idParamSchema });

export const pricingEntrySchema = z.object({
  careType: z.string(),
  minPrice: z.number().int(),
  maxPrice: z.number().int(),
});
export type PricingEntry = z.infer<typeof pricingEntrySchema>;

export const coordinatesSchema = z.object({ lat: z.number(), lng: z.number() });

/** How a directory record is reached (the community entity, a saved list's row for the CRM): null where the record gives none. */
export const contactFields = {
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
};

/** The community entity of SPEC section 3 (search cards and the detail page). */
export const communitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  ...contactFields,
  description: z.string().nullable(),
  rating: z.number(),
  reviewCount: z.number().int(),
  careTypes: z.array(z.string()),
  amenities: z.array(z.string()),
  /** Image URLs (app-generated illustrations under /media). */
  photos: z.array(z.string()),
  /** Ordered by price (lowest minPrice first). */
  pricing: z.array(pricingEntrySchema),
  /** Where the record comes from: demo data or an agency with its as-of date (ADR 008). */
  source: sourceSchema,
});
export type Community = z.infer<typeof communitySchema>;

/** GET /api/communities/:id: the entity plus the extra facts shown on the detail page. */
export const communityDetailSchema = communitySchema.extend({
  coordinates: coordinatesSchema.nullable(),
  operatorId: z.number().int().nullable(),
  operatorName: z.string().nullable(),
  communityType: z.string().nullable(),
  ownerType: z.string().nullable(),
  /** Community score 1-5. */
  score: z.number().int().nullable(),
  capacity: z.number().int().nullable(),
  roomTypes: z.array(z.string()),
  diningServices: z.array(z.string()),
  healthcareServices: z.array(z.string()),
  roomAmenities: z.array(z.string()),
  communityAmenities: z.array(z.string()),
});
export type CommunityDetail = z.infer<typeof communityDetailSchema>;

export const REVIEWS_DEFAULT_PAGE_SIZE = 10;
export const REVIEWS_MAX_PAGE_SIZE = 100;

export const reviewsQuerySchema = z.object({
  ...pageQueryFields({ maxPageSize: REVIEWS_MAX_PAGE_SIZE, defaultPageSize: REVIEWS_DEFAULT_PAGE_SIZE, maxPage: 1_000_000 }),
});
export type ReviewsQuery = z.input<typeof reviewsQuerySchema>;

export const reviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int().min(1).max(5),
  author: z.string(),
  /** Review date, YYYY-MM-DD. */
  date: z.string(),
  /** The publisher in words ('via {source}'): 'Demo' for demo reviews, 'This site' for reviews written here. */
  source: z.string(),
  /** True only for a review written on this site by a signed-in user related to the community (ADR 008). */
  verified: z.boolean(),
  /** Provenance (ADR 008); named so because `source` is the spec's publisher text. */
  provenance: sourceSchema,
  title: z.string().nullable(),
  content: z.string(),
  /** Text-derived sentiment score in [0,1]. */
  sentiment: z.number(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewSummarySchema = z.object({
  /** Average over all of the community's reviews, two decimals; 0 when there are none. */
  averageRating: z.number(),
  totalReviews: z.number().int(),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

/** GET /api/reviews/:id (id = community id): one page of reviews, newest first, and the summary over all. */
export const reviewsResponseSchema = z.object({
  reviews: z.array(reviewSchema),
  summary: reviewSummarySchema,
  ...pageFields,
  totalPages: z.number().int(),
});
export type ReviewsResponse = z.infer<typeof reviewsResponseSchema>;
