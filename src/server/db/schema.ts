// The one schema of the product. Migrations in drizzle/ are generated from this file
// (`npm run db:generate`) and committed; they run on every start.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const textArray = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/**
 * Where a row came from (issue 9, docs/decisions/008-provenance.md).
 * - `source`: the loader that wrote it and the key of `sourceId`: 'generated' (the demo dataset) or an
 *   importer ('cms', 'fl', 'tx', ...). Unique with `sourceId`.
 * - `sourceKind`: what a person is told: 'demo' (fictional), 'cms' (Centers for Medicare & Medicaid
 *   Services), 'state' (a state licensing agency) or 'user' (written on this site).
 * - `sourceName`: the agency (or 'Demo data') in words, shown as "Source: {name}, as of {date}".
 * - `sourceAsOf`: the date the source's data describes (a file's processing date); null when unknown.
 * - `sourceAsOfPrecision`: how much of that date the source knows: 'day', 'month' or 'year' (the CMS
 *   2025 ratings file knows only its year: stored as 2025-01-01 for ordering, shown as "2025"; ADR 025).
 */
const provenance = {
  source: text('source').notNull().default('generated'),
  sourceId: text('source_id').notNull(),
  sourceKind: text('source_kind').notNull().default('demo'),
  sourceName: text('source_name').notNull().default('Demo data'),
  sourceAsOf: date('source_as_of', { mode: 'string' }),
  sourceAsOfPrecision: text('source_as_of_precision').notNull().default('day'),
};

export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    city: text('city'),
    state: text('state'),
    postalCode: text('postal_code'),
    webpage: text('webpage'),
    /** Annual revenue in US dollars; null when unknown. */
    revenue: bigint('revenue', { mode: 'number' }),
    employees: integer('employees'),
    phone: text('phone'),
    email: text('email'),
    indeedUrl: text('indeed_url'),
    glassdoorUrl: text('glassdoor_url'),
    /** Denormalized count of communities that reference this operator (kept by refreshAggregates). */
    communityCount: integer('community_count').notNull().default(0),
    /** Every spelling of the operator's name seen in the sources it was formed from (issue 12). */
    rawNames: textArray('raw_names'),
    /**
     * Every field the Operator Intelligence text search looks in (name, city, state, revenue digits and the
     * revenue as formatRevenue() writes it), separated by U+001F; trigram-indexed (migration 0019, ADR 027).
     */
    searchText: text('search_text').generatedAlwaysAs(sql`operator_search_text(name, city, state, revenue)`),
    ...provenance,
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('operators_source_uq').on(t.source, t.sourceId),
    index('operators_name_idx').on(t.name, t.id),
    index('operators_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('operators_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('operators_state_city_idx').on(t.state, t.city),
    index('operators_revenue_idx').on(t.revenue),
    index('operators_community_count_idx').on(t.communityCount),
  ],
);

export const communities = pgTable(
  'communities',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    city: text('city').notNull(),
    /** Two-letter USPS code. */
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull().default(''),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    description: text('description'),
    /** Average customer review rating (0 when no reviews); kept by refreshAggregates. */
    rating: real('rating').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    /**
     * Review-count-aware rating (ADR 010): Bayesian average with the prior of RATING_PRIOR_MEAN (3.8)
     * weighted as RATING_PRIOR_WEIGHT (10) reviews; the "Highest Rated" and relevance sorts use it.
     * Computed by PostgreSQL from rating and review_count, so every writer keeps it right.
     */
    ratingScore: real('rating_score').generatedAlwaysAs(sql`((10 * 3.8 + rating * review_count) / (10 + review_count))::real`),
    /** Labels from CARE_TYPES in src/contracts/constants.ts. */
    careTypes: textArray('care_types'),
    amenities: textArray('amenities'),
    photos: textArray('photos'),
    communityType: text('community_type'),
    /** 'Private' | 'Non-Profit' | 'Public'. */
    ownerType: text('owner_type'),
    /** Community score 1-5 (CMS overall rating for imported nursing homes). */
    score: smallint('score'),
    capacity: integer('capacity'),
    roomTypes: textArray('room_types'),
    diningServices: textArray('dining_services'),
    healthcareServices: textArray('healthcare_services'),
    roomAmenities: textArray('room_amenities'),
    communityAmenities: textArray('community_amenities'),
    overview: text('overview'),
    operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    /** Lowest minPrice and highest maxPrice across community_pricing; kept by refreshAggregates. */
    minPrice: integer('min_price'),
    maxPrice: integer('max_price'),
    // Licence-list facts (issue 12, docs/decisions/014-real-directory.md); null for demo rows.
    county: text('county'),
    /**
     * County FIPS code (issue 15, ADR 020): from the record's county name where it matches the ACS county
     * list of its state, else the us-atlas county shape that contains lat/lng. Set at load/import time
     * (src/server/db/counties.ts), never per request.
     */
    countyFips: text('county_fips'),
    licenseNumber: text('license_number'),
    /** The licence category in the state's own words ("RCFE-CONTINUING CARE RETIREMENT COMMUNITY"). */
    licenseType: text('license_type'),
    /** The licensee as the source spells it. */
    licensee: text('licensee'),
    /** 'listed' | 'delisted' (absent from a newer complete list of the same agency; never deleted). */
    listingStatus: text('listing_status').notNull().default('listed'),
    delistedAsOf: date('delisted_as_of', { mode: 'string' }),
    /** lat/lng is the ZIP (or city) centre, not the building. */
    locationApproximate: boolean('location_approximate').notNull().default(false),
    /** Normalized name + address: matches one facility across lists of one agency without a licence number. */
    matchKey: text('match_key'),
    ...provenance,
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('communities_source_uq').on(t.source, t.sourceId),
    index('communities_name_idx').on(t.name, t.id),
    index('communities_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('communities_city_trgm_idx').using('gin', sql`${t.city} gin_trgm_ops`),
    index('communities_state_city_idx').on(t.state, t.city),
    index('communities_zip_idx').on(t.zipCode),
    index('communities_operator_idx').on(t.operatorId),
    // Operator Intelligence counts each operator's listed communities from this index alone (ADR 027).
    index('communities_operator_listed_idx').on(t.operatorId).where(sql`listing_status = 'listed'`),
    index('communities_rating_idx').on(t.rating, t.reviewCount, t.id),
    index('communities_rating_score_idx').on(t.ratingScore, t.reviewCount, t.id),
    index('communities_min_price_idx').on(t.minPrice, t.id),
    index('communities_max_price_idx').on(t.maxPrice, t.id),
    index('communities_care_types_idx').using('gin', t.careTypes),
    index('communities_amenities_idx').using('gin', t.amenities),
    index('communities_lat_lng_idx').on(t.lat, t.lng),
    index('communities_created_idx').on(t.createdAt),
    index('communities_community_type_idx').on(t.communityType),
    // Single filters of Community Insights that otherwise scan the whole (wide) table.
    index('communities_owner_type_idx').on(t.ownerType),
    index('communities_score_idx').on(t.score),
    // Both prices in one index: the price-band overlap (coalesce of the two) is then an index-only scan.
    index('communities_prices_idx').on(t.minPrice, t.maxPrice),
    index('communities_source_license_idx').on(t.source, t.licenseNumber),
    index('communities_source_match_idx').on(t.source, t.matchKey),
    index('communities_county_fips_idx').on(t.countyFips),
  ],
);

/**
 * People per county (issue 15): US Census Bureau ACS 2015-2019 (data/public/county-2019.csv.gz), loaded
 * at start and by the seed, idempotently (src/server/db/counties.ts).
 */
export const countyPopulation = pgTable(
  'county_population',
  {
    /** Five-digit county FIPS code. */
    fips: text('fips').primaryKey(),
    county: text('county').notNull(),
    state: text('state').notNull(),
    /** People aged 65 or older, ACS 2015-2019; null where the file says N/A. */
    population65: integer('population_65'),
    /** Percent of all people aged 85 or older, ACS 2015-2019. */
    percent85: real('percent_85'),
    population2010: integer('population_2010'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
  },
  (t) => [index('county_population_state_idx').on(t.state)],
);

/** CMS facts of a nursing home (one row per community imported from CMS), as structured fields. */
export const cmsRatings = pgTable('cms_ratings', {
  communityId: integer('community_id')
    .primaryKey()
    .references(() => communities.id, { onDelete: 'cascade' }),
  ccn: text('ccn').notNull(),
  overallRating: smallint('overall_rating'),
  healthRating: smallint('health_rating'),
  staffingRating: smallint('staffing_rating'),
  qualityRating: smallint('quality_rating'),
  certifiedBeds: integer('certified_beds'),
  avgResidents: real('avg_residents'),
  healthDeficiencies: integer('health_deficiencies'),
  finesCount: integer('fines_count'),
  /** Total amount of fines in US dollars. */
  finesTotal: doublePrecision('fines_total'),
  paymentDenials: integer('payment_denials'),
  abuseIcon: boolean('abuse_icon'),
  /** 'SFF' | 'SFF Candidate' | null. */
  specialFocus: text('special_focus'),
  ownershipType: text('ownership_type'),
  legalName: text('legal_name'),
  chainName: text('chain_name'),
  chainId: text('chain_id'),
  /** Staff turnover of registered nurses, percent. */
  nurseTurnover: real('nurse_turnover'),
  /** The CMS processing date of the data (ratings); null when the file does not say. */
  processingDate: date('processing_date', { mode: 'string' }),
  /** As-of date of the address (2021 for the national directory's address file). */
  addressAsOf: date('address_as_of', { mode: 'string' }),
});

export const communityPricing = pgTable(
  'community_pricing',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    careType: text('care_type').notNull(),
    minPrice: integer('min_price').notNull(),
    maxPrice: integer('max_price').notNull(),
  },
  (t) => [
    index('community_pricing_community_idx').on(t.communityId),
    index('community_pricing_care_type_idx').on(t.careType, t.minPrice),
  ],
);

export const customerReviews = pgTable(
  'customer_reviews',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    author: text('author').notNull(),
    title: text('title'),
    content: text('content').notNull(),
    reviewDate: date('review_date', { mode: 'string' }).notNull(),
    /** Who published it, in words: 'Demo' for generated reviews, 'This site' for reviews written here. */
    source: text('source').notNull(),
    /** 'demo' | 'user' (written on this site) | an agency kind; see provenance above. */
    sourceKind: text('source_kind').notNull().default('demo'),
    /** Only a review written here by a signed-in user with a relationship to the community (ADR 008). */
    verified: boolean('verified').notNull().default(false),
    /** Text-derived sentiment in [0,1] (src/server/modules/sentiment). Never random. */
    sentiment: real('sentiment').notNull(),
    /**
     * Review themes (ADR 021, src/server/modules/sentiment/themes.ts): bit i set = CUSTOMER_THEMES[i] is
     * mentioned; theme_sentiment[i + 1] its sentiment in [0,1] (NULL when not mentioned). NULL mask = not
     * scored yet (the start-up backfill scores it).
     */
    themeMask: smallint('theme_mask'),
    themeSentiment: real('theme_sentiment').array(),
  },
  (t) => [
    index('customer_reviews_community_date_idx').on(t.communityId, t.reviewDate, t.id),
    // (review_date, id): the Sentiment screen pages newest first with index-only scans and keysets.
    index('customer_reviews_date_idx').on(t.reviewDate, t.id),
    // Rows not yet scored for themes (the start-up backfill's work list; empty once it has run).
    index('customer_reviews_unscored_idx').on(t.id).where(sql`theme_mask IS NULL`),
  ],
);

export const employeeReviews = pgTable(
  'employee_reviews',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
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
    /** 'demo' | 'user' | an agency kind; see provenance above. */
    sourceKind: text('source_kind').notNull().default('demo'),
    sentiment: real('sentiment').notNull(),
    /** Review themes over EMPLOYEE_THEMES, as on customer_reviews. */
    themeMask: smallint('theme_mask'),
    themeSentiment: real('theme_sentiment').array(),
  },
  (t) => [
    index('employee_reviews_operator_date_idx').on(t.operatorId, t.reviewDate, t.id),
    index('employee_reviews_date_idx').on(t.reviewDate, t.id),
    index('employee_reviews_unscored_idx').on(t.id).where(sql`theme_mask IS NULL`),
  ],
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
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    theme: smallint('theme').notNull(),
    quarter: text('quarter').notNull(),
    mentions: integer('mentions').notNull(),
    sentimentSum: doublePrecision('sentiment_sum').notNull(),
    positive: integer('positive').notNull(),
    negative: integer('negative').notNull(),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.theme, t.quarter] })],
);

/** A community's most positive and most negative mention of each theme (newest, then highest id, among equals). */
export const communityThemeExamples = pgTable(
  'community_theme_examples',
  {
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    theme: smallint('theme').notNull(),
    bestReviewId: integer('best_review_id').notNull(),
    bestS: real('best_s'),
    bestDate: date('best_date', { mode: 'string' }).notNull(),
    worstReviewId: integer('worst_review_id').notNull(),
    worstS: real('worst_s'),
    worstDate: date('worst_date', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.theme] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    role: text('role').$type<'user' | 'admin'>().notNull().default('user'),
    /** A trial is plan 'basic' with trialEndsAt in the future. */
    plan: text('plan').$type<'basic' | 'pro'>().notNull().default('basic'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    oidcSubject: text('oidc_subject'),
    /** When the owner of `email` proved it (a one-time link, or a verified single sign-on claim). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_oidc_subject_uq').on(t.oidcSubject),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token; the token itself is never stored. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** One-time links sent by e-mail (verify the address, reset the password). Only the SHA-256 is stored. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'verify' | 'reset'. */
    purpose: text('purpose').notNull(),
    /** The address the link was sent to (a verification proves this address, not a later one). */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The shortlist note of this community ("visited Tuesday, lovely garden"), by the owner or a collaborator (issue 16). */
    note: text('note'),
    noteUpdatedAt: timestamp('note_updated_at', { withTimezone: true }),
    noteUpdatedBy: integer('note_updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.communityId] })],
);

// Issue 16 (ADR 022): compare and the shortlist that travels. The shortlist is the owner's favorites.

/** The communities a signed-in user compares (at most COMPARE_LIMIT, enforced by the compare service). */
export const compareItems = pgTable(
  'compare_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.communityId] })],
);

/** Signed-in family members who may read an owner's shortlist and edit its notes. */
export const shortlistCollaborators = pgTable(
  'shortlist_collaborators',
  {
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.userId] }), index('shortlist_collaborators_user_idx').on(t.userId)],
);

/**
 * Share links of a shortlist. The link carries `lookup` and a secret; only the SHA-256 of the secret is
 * stored and compared in constant time. Revoked links are kept (revokedAt) so the owner sees them.
 */
export const shortlistShares = pgTable(
  'shortlist_shares',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Public half of the token: finds the row. */
    lookup: text('lookup').notNull(),
    /** SHA-256 (hex) of the secret half. */
    secretHash: text('secret_hash').notNull(),
    /** 'read' | 'comment'. */
    access: text('access').notNull(),
    /** The link stops working at this instant (the end of the owner's chosen day, UTC); null = no expiry. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shortlist_shares_lookup_uq').on(t.lookup), index('shortlist_shares_owner_idx').on(t.ownerId)],
);

/** Comments left through a comment link (by a visitor who gives a name) on an owner's shortlist. */
export const shortlistComments = pgTable(
  'shortlist_comments',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shareId: integer('share_id')
      .notNull()
      .references(() => shortlistShares.id, { onDelete: 'cascade' }),
    /** The community the comment is about; null for the whole list. */
    communityId: integer('community_id').references(() => communities.id, { onDelete: 'cascade' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shortlist_comments_owner_idx').on(t.ownerId, t.createdAt)],
);

/** A Pro user's named prospect list (issue 15): communities and operators saved from the insights screens. */
export const prospectLists = pgTable(
  'prospect_lists',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('prospect_lists_user_name_idx').on(t.userId, sql`lower(${t.name})`)],
);

/** One saved community or operator of a prospect list; item_type is 'community' | 'operator'. */
export const prospectListItems = pgTable(
  'prospect_list_items',
  {
    listId: integer('list_id')
      .notNull()
      .references(() => prospectLists.id, { onDelete: 'cascade' }),
    itemType: text('item_type').notNull(),
    itemId: integer('item_id').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.itemType, t.itemId] })],
);

export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id').references(() => communities.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    careNeeds: textArray('care_needs'),
    notes: text('notes'),
    source: text('source').notNull().default('website'),
    /** 'new' | 'contacted' | 'tour_scheduled' | 'closed' | 'withdrawn' (by the family). */
    status: text('status').notNull().default('new'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    statusChangedBy: integer('status_changed_by').references(() => users.id, { onDelete: 'set null' }),
    /** 'pending' | 'sending' | 'sent' | 'logged' | 'failed'. */
    notificationStatus: text('notification_status').notNull().default('pending'),
    notificationAttempts: integer('notification_attempts').notNull().default(0),
    notificationError: text('notification_error'),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The client's Idempotency-Key of the submit that created this lead (a repeat returns this lead). */
    idempotencyKey: text('idempotency_key'),
    /** sha256 of the request the key was first used with (the same key with another request is a 409). */
    idempotencyFingerprint: text('idempotency_fingerprint'),
    /** The requester's explicit consent to be called / texted, as ticked on the form (issue 16). */
    consentCall: boolean('consent_call').notNull().default(false),
    consentText: boolean('consent_text').notNull().default(false),
    /** SHA-256 of the private status-link token e-mailed to the requester (the token is never stored). */
    statusTokenHash: text('status_token_hash'),
    /** When the family withdrew the request (status 'withdrawn'). */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('leads_idempotency_key_idx').on(t.idempotencyKey),
    uniqueIndex('leads_status_token_idx').on(t.statusTokenHash),
    index('leads_user_idx').on(t.userId, t.createdAt),
    index('leads_status_created_idx').on(t.status, t.createdAt),
    index('leads_community_idx').on(t.communityId),
    index('leads_created_idx').on(t.createdAt),
  ],
);

export const leadEvents = pgTable(
  'lead_events',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_events_lead_idx').on(t.leadId, t.createdAt)],
);

export const imports = pgTable('imports', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  fileName: text('file_name').notNull(),
  /** 'ok' | 'failed'. */
  status: text('status').notNull(),
  rowsRead: integer('rows_read').notNull().default(0),
  inserted: integer('inserted').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  rejected: integer('rejected').notNull().default(0),
  /** [{ line, reason }] for each rejected row (capped). */
  rejections: jsonb('rejections').notNull().default(sql`'[]'::jsonb`),
  error: text('error'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** Small key/value facts about the database, e.g. which dataset was generated. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Rate-limit counters shared by every app node (src/server/lib/rate-limit-store.ts). UNLOGGED in the
 * migration: counters of the current minute are worth nothing after a crash, and skipping the WAL keeps
 * each counted request cheap (docs/decisions/011).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
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
    moderatedBy: integer('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    /** The published copy while approved; null otherwise. */
    customerReviewId: integer('customer_review_id').references(() => customerReviews.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('family_reviews_user_community_uq').on(t.userId, t.communityId),
    index('family_reviews_status_idx').on(t.status, t.updatedAt),
    index('family_reviews_community_idx').on(t.communityId),
  ],
);
