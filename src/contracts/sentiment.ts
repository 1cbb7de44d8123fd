// Sentiment Analysis screen (SPEC section 2): whole-table summaries and pages of 1000 reviews.
import { z } from 'zod';
import { SENTIMENT_PAGE_SIZE } from './constants';
import { sourceSchema } from './provenance';

export const REVIEW_KINDS = ['customer', 'employee'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

export const sentimentClassSchema = z.enum(['Positive', 'Neutral', 'Negative']);

/** Aggregates over the WHOLE review table (not one page), from the stored text-derived scores. */
export const sentimentSummarySchema = z.object({
  totalReviews: z.number().int(),
  /** Mean star rating 1-5; 0 when there are no reviews. */
  averageRating: z.number(),
  /** Mean sentiment score in [0,1]; 0 when there are no reviews. */
  averageSentiment: z.number(),
  positive: z.number().int(),
  neutral: z.number().int(),
  negative: z.number().int(),
  /** Always five entries, stars 1 to 5. */
  byStars: z.array(z.object({ stars: z.number().int().min(1).max(5), count: z.number().int() })),
});
export type SentimentSummary = z.infer<typeof sentimentSummarySchema>;

export const reviewPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
});
export type ReviewPageQuery = z.infer<typeof reviewPageQuerySchema>;

const reviewBase = {
  id: z.number().int(),
  rating: z.number().int(),
  content: z.string(),
  /** ISO date, YYYY-MM-DD. */
  date: z.string(),
  sentiment: z.number(),
  classification: sentimentClassSchema,
  /** Provenance (ADR 008): 'demo' for generated reviews. */
  source: sourceSchema,
};

export const customerReviewRowSchema = z.object({ ...reviewBase, communityName: z.string() });
export type CustomerReviewRow = z.infer<typeof customerReviewRowSchema>;

export const employeeReviewRowSchema = z.object({
  ...reviewBase,
  operatorName: z.string(),
  jobTitle: z.string(),
  employmentStatus: z.string(),
  location: z.string().nullable(),
});
export type EmployeeReviewRow = z.infer<typeof employeeReviewRowSchema>;

const pageMeta = {
  page: z.number().int(),
  pageSize: z.literal(SENTIMENT_PAGE_SIZE),
  total: z.number().int(),
  /** ceil(total / 1000), at least 1. */
  totalPages: z.number().int(),
};

export const customerReviewPageSchema = z.object({ reviews: z.array(customerReviewRowSchema), ...pageMeta });
export type CustomerReviewPage = z.infer<typeof customerReviewPageSchema>;
export const employeeReviewPageSchema = z.object({ reviews: z.array(employeeReviewRowSchema), ...pageMeta });
export type EmployeeReviewPage = z.infer<typeof employeeReviewPageSchema>;

/** Fixed on screen for customer reviews (SPEC section 3). */
export const CUSTOMER_REVIEWER_TYPE = 'family_member';
export const CUSTOMER_REVIEW_LOCATION = 'Various Locations';

/** Sentiment by month over the review dates (the whole table): mean sentiment and review count per month. */
export const sentimentTrendSchema = z.object({
  months: z.array(z.object({ month: z.string(), reviews: z.number().int(), averageSentiment: z.number() })),
  /** In words: what the figures were computed from. */
  computedFrom: z.string(),
});
export type SentimentTrend = z.infer<typeof sentimentTrendSchema>;
