// Reviews of customers and employees, their per-community summaries and theme quarters (ADR 021, 029), and reviews written by families (ADR 023).
import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, type ExtraConfigColumn, index, integer, pgTable, primaryKey, real, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant, looseRef, ownedBy, reviewThemes, updatedAt } from './columns';
import { users } from './accounts';
import { communities, operators } from './directory';

/**
 * The indexes of both review tables: a subject's reviews by date (`${table}_${subject}_date_idx`); all reviews
 * by (review_date, id), on which the Sentiment screen pages newest first with index-only scans and keysets; the
 * rows not yet scored for themes (the start-up backfill's work list; empty once it has run).
 */
function reviewIndexes(table: string, subject: string, subjectColumn: ExtraConfigColumn, t: { id: ExtraConfigColumn; reviewDate: ExtraConfigColumn }) {
  return [
    index(`${table}_${subject}_date_idx`).on(subjectColumn, t.reviewDate, t.id),
    index(`${table}_date_idx`).on(t.reviewDate, t.id),
    index(`${table}_unscored_idx`).on(t.id).where(sql`theme_mask IS NULL`),
  ];
}

export const customerReviews = pgTable(
  'customer_reviews',
  {
    id: serial('id').primaryKey(),
    communityId: ownedBy('community_id', () => communities.id),
    rating: smallint('rating').notNull(),
    author: text('author').notNull(),
    title: text('title'),
    content: text('content').notNull(),
    reviewDate: date('review_date', { mode: 'string' }).notNull(),
    /** Who published it, in words: 'Demo' for generated reviews, 'This site' for reviews written here. */
    source: text('source').notNull(),
    /** 'demo' | 'user' (written on this site) | an agency kind; see provenance in columns.ts. */
    sourceKind: text('source_kind').notNull().default('demo'),
    /** Only a review written here by a signed-in user with a relationship to the community (ADR 008). */
    verified: boolean('verified').notNull().default(false),
    /** Text-derived sentiment in [0,1] (src/server/modules/sentiment). Never random. */
    sentiment: real('sentiment').notNull(),
    /** Review themes over CUSTOMER_THEMES (see reviewThemes in columns.ts). */
    ...reviewThemes,
  },
  (t) => reviewIndexes('customer_reviews', 'community', t.communityId, t),
);

export const employeeReviews = pgTable(
  'employee_reviews',
  {
    id: serial('id').primaryKey(),
    operatorId: ownedBy('operator_id', () => operators.id),
    rating: smallint('rating').notNull(),
    title: text('title'),
    content: text('content').notNull(),
    reviewDate: date('review_date', { mode: 'string' }).notNull(),
    jobTitle: text('job_title').notNull(),
    /** 'current' | 'former'. */
    employmentStatus: text('employment_status').notNull(),
    location: text('location'),
    /** Who published it, in words: 'Demo' for generated reviews. */
    source: text('source').notNull(),
    /** 'demo' | 'user' | an agency kind; see provenance in columns.ts. */
    sourceKind: text('source_kind').notNull().default('demo'),
    sentiment: real('sentiment').notNull(),
    /** Review themes over EMPLOYEE_THEMES (see reviewThemes in columns.ts). */
    ...reviewThemes,
  },
  (t) => reviewIndexes('employee_reviews', 'operator', t.operatorId, t),
);

// Per-community summaries of the customer reviews (ADR 029): what the theme reports, the competitive set and
// the portfolio read instead of scanning the reviews. Kept by refreshReviewFigures (src/server/db/aggregates.ts)
// wherever reviews are written: the dataset load, imports, a published or withdrawn review, the theme backfill.

/** Review count and sentiment sum of a community; the scored (theme_mask set) reviews' count, dates and demo flag. */
export const communityReviewSummary = pgTable('community_review_summary', {
  communityId: integer('community_id')
    .primaryKey()
    .references(() => communities.id, { onDelete: 'cascade' }),
  reviews: integer('reviews').notNull(),
  sentimentSum: doublePrecision('sentiment_sum').notNull(),
  scored: integer('scored').notNull(),
  firstDate: date('first_date', { mode: 'string' }),
  lastDate: date('last_date', { mode: 'string' }),
  demo: boolean('demo').notNull(),
});

/** Mentions of customer theme `theme` (index into CUSTOMER_THEMES) in a community's reviews of one quarter ('2025-Q1'). */
export const communityThemeQuarters = pgTable(
  'community_theme_quarters',
  {
    communityId: ownedBy('community_id', () => communities.id),
    theme: smallint('theme').notNull(),
    quarter: text('quarter').notNull(),
    mentions: integer('mentions').notNull(),
    sentimentSum: doublePrecision('sentiment_sum').notNull(),
    positive: integer('positive').notNull(),
    negative: integer('negative').notNull(),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.theme, t.quarter] })],
);

/**
 * A community's most positive and most negative mention of each theme (newest, then highest id, among equals),
 * each with its review's rating and the sentence a report shows (snippetFor; NULL when no sentence names the
 * theme). The rating is NULL only on rows written before migration 0029 and not yet filled (ensureReviewSummaries).
 */
export const communityThemeExamples = pgTable(
  'community_theme_examples',
  {
    communityId: ownedBy('community_id', () => communities.id),
    theme: smallint('theme').notNull(),
    bestReviewId: integer('best_review_id').notNull(),
    bestS: real('best_s'),
    bestDate: date('best_date', { mode: 'string' }).notNull(),
    bestRating: smallint('best_rating'),
    bestSnippet: text('best_snippet'),
    worstReviewId: integer('worst_review_id').notNull(),
    worstS: real('worst_s'),
    worstDate: date('worst_date', { mode: 'string' }).notNull(),
    worstRating: smallint('worst_rating'),
    worstSnippet: text('worst_snippet'),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.theme] })],
);

/**
 * Reviews written on this site by signed-in families (issue 16, ADR 023). One per user and community
 * (an edit replaces the text and re-enters moderation). Only an approved review is published: it is
 * then copied into customer_reviews (source_kind 'user', `customerReviewId`), where ratings, review
 * counts and sentiment count it like every other review; leaving 'approved' deletes that copy.
 */
export const familyReviews = pgTable(
  'family_reviews',
  {
    id: serial('id').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    communityId: ownedBy('community_id', () => communities.id),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** 'resident' | 'family_member' | 'visitor'. */
    relationship: text('relationship').notNull(),
    stayFrom: date('stay_from', { mode: 'string' }),
    stayTo: date('stay_to', { mode: 'string' }),
    /** Text-derived sentiment in [0,1], scored on every write (src/server/modules/reviews/scoring.ts). */
    sentiment: real('sentiment').notNull(),
    /** 'pending' | 'approved' | 'rejected' | 'flagged' (personal data: the author must edit it out). */
    status: text('status').notNull().default('pending'),
    /** Why it was rejected or flagged, shown to the author. */
    moderationReason: text('moderation_reason'),
    moderatedBy: looseRef('moderated_by', () => users.id),
    moderatedAt: instant('moderated_at'),
    /** The published copy while approved; null otherwise. */
    customerReviewId: looseRef('customer_review_id', () => customerReviews.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('family_reviews_user_community_uq').on(t.userId, t.communityId),
    index('family_reviews_status_idx').on(t.status, t.updatedAt),
    index('family_reviews_community_idx').on(t.communityId),
  ],
);
