// Operators and communities (the directory), prices per care type, CMS ratings and county population (ADR 008, 014, 020).
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, doublePrecision, index, integer, pgTable, real, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, looseRef, ownedBy, provenance, textArray, updatedAt } from './columns';

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    operatorId: looseRef('operator_id', () => operators.id),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    // A city's customer theme report (scopeMarket: state and lower(city) of the listed communities; ADR 029).
    index('communities_state_lower_city_listed_idx').on(t.state, sql`lower(${t.city})`).where(sql`listing_status = 'listed'`),
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
    communityId: ownedBy('community_id', () => communities.id),
    careType: text('care_type').notNull(),
    minPrice: integer('min_price').notNull(),
    maxPrice: integer('max_price').notNull(),
  },
  (t) => [
    index('community_pricing_community_idx').on(t.communityId),
    index('community_pricing_care_type_idx').on(t.careType, t.minPrice),
  ],
);
