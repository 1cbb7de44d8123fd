// Markets and the competitive set (issue 15, docs/decisions/020-markets.md): county supply against
// ACS demand, price distributions, and one community's nearest competitors.
import { themeVersusSchema } from './themes';
import { z } from 'zod';
import { communityRefFields } from './community-ref';
import { pricePositionSchema, priceQuartileFields } from './prices';
import { sourceSchema } from './provenance';
import { safeText } from './text';

/** Where the people-per-county figures come from (data/public/county-2019.csv.gz). */
export const POPULATION_SOURCE = 'US Census Bureau, American Community Survey 2015–2019';
/** Underserved markets: counties with at least this many people aged 65+ by default. */
export const UNDERSERVED_MIN_POPULATION = 10_000;
/** Counties of a state are ranked only when the state's sources give the capacity of this share of its communities. */
export const MIN_CAPACITY_SHARE = 0.8;
export const COMPETITOR_RADII = [5, 10, 25] as const;
/** The radius of a competitive set asked for without one (miles). */
export const DEFAULT_COMPETITOR_RADIUS = 10;
/** The competitive set holds at least this many competitors (beyond the radius when it has fewer). */
export const MIN_COMPETITORS = 10;

/** A source of licensed capacity in a market: its publisher, the dates of its lists and how many communities it gave. */
export const capacitySourceSchema = sourceSchema.extend({
  /** Latest as-of date when the lists of one publisher have several (asOf is then the earliest). */
  asOfLatest: z.string().nullable(),
  communities: z.number().int(),
});
export type CapacitySource = z.infer<typeof capacitySourceSchema>;

export const marketSourcesSchema = z.object({
  capacity: z.array(capacitySourceSchema),
  population: z.string(),
  /**
   * When the communities were counted (ISO 8601 date and time): the market index's build, or the overview's own
   * statements. The overview is kept up to 5 minutes, and answers up to 30 minutes old while a new count cannot be
   * read: the screens say how old the counts are.
   */
  countedAt: z.string(),
});
export type MarketSources = z.infer<typeof marketSourcesSchema>;

export const supplyFiguresSchema = z.object({
  communities: z.number().int(),
  /** Sum of the licensed capacity (beds) of the communities whose source gives one. */
  capacity: z.number().int(),
  communitiesWithCapacity: z.number().int(),
  /** People aged 65+ (ACS); null when unknown. */
  population65: z.number().int().nullable(),
  /** capacity / population65 * 1000, one decimal; null without population. */
  bedsPer1000: z.number().nullable(),
});
export type SupplyFigures = z.infer<typeof supplyFiguresSchema>;

export const countyFigureSchema = supplyFiguresSchema.extend({
  fips: z.string(),
  county: z.string(),
  state: z.string(),
  /** Percent of all people aged 85+ (ACS). */
  percent85: z.number().nullable(),
});
export type CountyFigure = z.infer<typeof countyFigureSchema>;

export const stateFigureSchema = supplyFiguresSchema.extend({
  state: z.string(),
  name: z.string(),
  /** Share of the state's communities whose source gives a capacity (0..1). */
  capacityShare: z.number(),
});
export type StateFigure = z.infer<typeof stateFigureSchema>;

export const marketsQuerySchema = z.object({
  minPopulation: z.coerce.number().int().min(0).max(10_000_000).default(UNDERSERVED_MIN_POPULATION),
});

/** The underserved counties alone (`GET /api/markets/underserved`): the overview's list for another population threshold. */
export const underservedSchema = z.object({
  /** Least supplied counties (beds per 1,000 aged 65+, ascending) with at least minPopulation people aged 65+, in states that report capacity. */
  underserved: z.array(countyFigureSchema),
  minPopulation: z.number().int(),
  sources: marketSourcesSchema,
  /** True while any counted community is demo data (its capacity is generated). */
  demo: z.boolean(),
});
export type Underserved = z.infer<typeof underservedSchema>;

/** The markets overview (`GET /api/markets`): the country, its states and counties, and the underserved answer's fields. */
export const marketsOverviewSchema = z.object({
  us: supplyFiguresSchema,
  states: z.array(stateFigureSchema),
  /** Every county of the ACS file, with or without communities. */
  counties: z.array(countyFigureSchema),
  ...underservedSchema.shape,
});
export type MarketsOverview = z.infer<typeof marketsOverviewSchema>;

export const statesSummarySchema = z.object({
  us: supplyFiguresSchema,
  states: z.array(stateFigureSchema),
  sources: marketSourcesSchema,
  demo: z.boolean(),
});
export type StatesSummary = z.infer<typeof statesSummarySchema>;

const stateParam = safeText()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'state must be a two-letter code')
  .transform((s) => s.toUpperCase());
export const marketStateParamsSchema = z.object({ state: stateParam });
export const marketCountyParamsSchema = z.object({
  state: stateParam,
  county: safeText().regex(/^\d{5}$/, 'county must be a five-digit FIPS code'),
});

export const stateMarketSchema = z.object({
  state: z.string(),
  name: z.string(),
  figures: stateFigureSchema,
  us: supplyFiguresSchema,
  counties: z.array(countyFigureSchema),
  sources: marketSourcesSchema,
  demo: z.boolean(),
});
export type StateMarket = z.infer<typeof stateMarketSchema>;

export const priceDistributionSchema = z.object({
  careType: z.string(),
  /** Listed communities offering the care type with a price (the middle of its monthly range). */
  priced: z.number().int(),
  /** Listed communities offering the care type. */
  offering: z.number().int(),
  ...priceQuartileFields,
});
export type PriceDistribution = z.infer<typeof priceDistributionSchema>;

export const countyMarketSchema = z.object({
  fips: z.string(),
  county: z.string(),
  state: z.string(),
  stateName: z.string(),
  figures: countyFigureSchema,
  stateFigures: supplyFiguresSchema,
  us: supplyFiguresSchema,
  byCareType: z.array(z.object({ careType: z.string(), communities: z.number().int(), capacity: z.number().int() })),
  prices: z.array(priceDistributionSchema),
  rating: z.object({
    /** Review-weighted average of the communities' ratings; null without reviews. */
    average: z.number().nullable(),
    reviews: z.number().int(),
    ratedCommunities: z.number().int(),
    /** Average text sentiment (0..1) of the customer reviews; null without reviews. */
    sentiment: z.number().nullable(),
  }),
  topOperators: z.array(z.object({ id: z.number().int(), name: z.string(), communities: z.number().int(), capacity: z.number().int() })),
  sources: marketSourcesSchema,
  demo: z.boolean(),
});
export type CountyMarket = z.infer<typeof countyMarketSchema>;

// --- competitive set ---------------------------------------------------------------------------

export const competitiveSetParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const competitiveSetQuerySchema = z.object({
  radius: z.coerce
    .number()
    .refine((r) => (COMPETITOR_RADII as readonly number[]).includes(r), { message: `radius must be one of ${COMPETITOR_RADII.join(', ')}` })
    .default(DEFAULT_COMPETITOR_RADIUS),
});

const careTypePrice = z.object({ careType: z.string(), minPrice: z.number().int(), maxPrice: z.number().int() });

export const competitorSchema = z.object({
  ...communityRefFields,
  distanceMiles: z.number(),
  /** Beyond the chosen radius: included to reach the nearest 10. */
  beyondRadius: z.boolean(),
  careTypes: z.array(z.string()),
  prices: z.array(careTypePrice),
  rating: z.number(),
  reviewCount: z.number().int(),
  sentiment: z.number().nullable(),
  source: sourceSchema,
});
export type Competitor = z.infer<typeof competitorSchema>;

export { pricePositionSchema, type PricePosition } from './prices';

export const competitiveSetSchema = z.object({
  community: z.object({
    ...communityRefFields,
    careTypes: z.array(z.string()),
    prices: z.array(careTypePrice),
    rating: z.number(),
    reviewCount: z.number().int(),
    sentiment: z.number().nullable(),
    amenities: z.array(z.string()),
    locationApproximate: z.boolean(),
    source: sourceSchema,
  }),
  radiusMiles: z.number(),
  /** Competitors within the radius (the list may hold more: the nearest 10 at least). */
  withinRadius: z.number().int(),
  competitors: z.array(competitorSchema),
  pricePosition: z.array(pricePositionSchema),
  reputation: z.object({
    rating: z.number().nullable(),
    competitorsRating: z.number().nullable(),
    sentiment: z.number().nullable(),
    competitorsSentiment: z.number().nullable(),
    /** Each review theme against the competitors' (ADR 021); null when either side has no scored reviews. */
    themes: z.array(themeVersusSchema).nullable(),
  }),
  amenityGap: z.object({
    competitorsWithAmenities: z.number().int(),
    /** Amenities at least half of the competitors offer and this community lacks, with the share that offers each. */
    missing: z.array(z.object({ amenity: z.string(), share: z.number() })),
    /** Amenities this community offers that fewer than half of the competitors do. */
    distinctive: z.array(z.object({ amenity: z.string(), share: z.number() })),
  }),
  demo: z.boolean(),
});
export type CompetitiveSet = z.infer<typeof competitiveSetSchema>;
