// Request/response schemas of Community Insights and Operator Intelligence (SPEC sections 2, 3, 7, 9).
import { z } from 'zod';
import { communityRefFields } from './community-ref';
import { safeText } from './text';
import { licenceFilterShape } from './licence-filters';
import { sourceSchema } from './provenance';
import {
  COMMUNITY_AMENITY_OPTIONS,
  DEFAULT_PAGE_SIZE,
  DINING_OPTIONS,
  HEALTHCARE_OPTIONS,
  INSIGHT_PRICING_OPTIONS,
  INSIGHT_SCORE_OPTIONS,
  OPERATOR_COMMUNITY_LABELS,
  OPERATOR_REVENUE_LABELS,
  OWNER_OPTIONS,
  PAGE_SIZES,
  ROOM_AMENITY_OPTIONS,
  ROOM_TYPE_OPTIONS,
} from './constants';

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** Sortable fields of the community insight table (server allow-list). */
export const INSIGHT_SORT_FIELDS = [
  'name',
  'city',
  'state',
  'communityType',
  'communityScore',
  'pricing',
  'rating',
  'operatorName',
] as const;
export type InsightSortField = (typeof INSIGHT_SORT_FIELDS)[number];

export const OPERATOR_SORT_FIELDS = ['operatorName', 'revenue', 'communities', 'employees', 'city', 'state'] as const;
export type OperatorSortField = (typeof OPERATOR_SORT_FIELDS)[number];

// The filter bands as literal types: the server's band maps are keyed by them, so a changed option
// fails the typecheck instead of silently dropping a filter.
export type PricingRange = (typeof INSIGHT_PRICING_OPTIONS)[number]['value'];
export type ScoreRange = (typeof INSIGHT_SCORE_OPTIONS)[number]['value'];
export type OperatorRevenueRange = keyof typeof OPERATOR_REVENUE_LABELS;
export type OperatorCommunityRange = keyof typeof OPERATOR_COMMUNITY_LABELS;
export const PRICING_RANGE_VALUES = INSIGHT_PRICING_OPTIONS.map((o) => o.value) as [PricingRange, ...PricingRange[]];
export const SCORE_RANGE_VALUES = INSIGHT_SCORE_OPTIONS.map((o) => o.value) as [ScoreRange, ...ScoreRange[]];
export const OPERATOR_REVENUE_VALUES = Object.keys(OPERATOR_REVENUE_LABELS) as [OperatorRevenueRange, ...OperatorRevenueRange[]];
export const OPERATOR_COMMUNITY_VALUES = Object.keys(OPERATOR_COMMUNITY_LABELS) as [OperatorCommunityRange, ...OperatorCommunityRange[]];

/** 'all', '' and an absent parameter all mean "no filter". */
const isUnset = (v: unknown) => v === undefined || v === null || v === '' || v === 'all';

const freeText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    safeText().max(max).optional(),
  ).transform((v) => (isUnset(v) ? undefined : v));

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .preprocess((v) => (isUnset(v) ? undefined : v), z.enum(values).optional())
    .optional();

const pageParam = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSizeParam = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: `must be one of ${PAGE_SIZES.join(', ')}` })
  .default(DEFAULT_PAGE_SIZE);

// ---------------------------------------------------------------- Community Insights

/** The filters whose values are a fixed list (SPEC section 9), each with its list: what the query accepts (and what the in-memory index keeps a membership column of). */
export const INSIGHT_FIXED_FILTERS = {
  pricingRange: PRICING_RANGE_VALUES,
  communityScore: SCORE_RANGE_VALUES,
  owner: OWNER_OPTIONS,
  roomTypes: ROOM_TYPE_OPTIONS,
  healthCareServices: HEALTHCARE_OPTIONS,
  diningServices: DINING_OPTIONS,
  roomAmenities: ROOM_AMENITY_OPTIONS,
  communityAmenities: COMMUNITY_AMENITY_OPTIONS,
} as const;

export const insightFilterSchema = z.object({
  searchQuery: freeText(200),
  zipCode: freeText(10),
  state: freeText(40),
  city: freeText(100),
  operatorName: freeText(200),
  owner: oneOf(INSIGHT_FIXED_FILTERS.owner),
  reviewTopic: freeText(100),
  communityType: freeText(100),
  roomAmenities: oneOf(INSIGHT_FIXED_FILTERS.roomAmenities),
  communityAmenities: oneOf(INSIGHT_FIXED_FILTERS.communityAmenities),
  healthCareServices: oneOf(INSIGHT_FIXED_FILTERS.healthCareServices),
  diningServices: oneOf(INSIGHT_FIXED_FILTERS.diningServices),
  pricingRange: oneOf(INSIGHT_FIXED_FILTERS.pricingRange),
  roomTypes: oneOf(INSIGHT_FIXED_FILTERS.roomTypes),
  communityScore: oneOf(INSIGHT_FIXED_FILTERS.communityScore),
  /** Real-directory filters (issue 12): licence type and licensed-capacity band (unknown capacity is in no band). */
  ...licenceFilterShape,
});
export type InsightFilters = z.infer<typeof insightFilterSchema>;

/** The filter keys of SPEC section 3 ("Community insight filters"), in that order. */
export const INSIGHT_FILTER_KEYS = [
  'zipCode',
  'state',
  'city',
  'operatorName',
  'owner',
  'reviewTopic',
  'communityType',
  'roomAmenities',
  'communityAmenities',
  'healthCareServices',
  'diningServices',
  'pricingRange',
  'roomTypes',
  'communityScore',
] as const;
export type InsightFilterKey = (typeof INSIGHT_FILTER_KEYS)[number];

const insightSortSchema = z.object({
  sortField: z.enum(INSIGHT_SORT_FIELDS).default('name'),
  sortDirection: z.enum(SORT_DIRECTIONS).default('asc'),
});

export const insightExportQuerySchema = insightFilterSchema.extend(insightSortSchema.shape);
export type InsightExportQuery = z.infer<typeof insightExportQuerySchema>;

export const insightQuerySchema = insightExportQuerySchema.extend({
  page: pageParam,
  pageSize: pageSizeParam,
  /** Narrows filterOptions.operators (the operator dropdown is searchable). */
  operatorSearch: freeText(100),
});
export type InsightQuery = z.infer<typeof insightQuerySchema>;

export const insightRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** e.g. '$3,200 - $5,800/month' or 'Contact for pricing'. */
  pricing: z.string(),
  phoneNumber: z.string(),
  /** Street, city, state and ZIP in one line. */
  address: z.string(),
  communityType: z.string(),
  overview: z.string(),
  communityAmenities: z.string(),
  communityScore: z.number().nullable(),
  roomTypes: z.string(),
  operatorName: z.string(),
  diningServices: z.string(),
  /** Provenance (ADR 008). */
  source: sourceSchema,
});
export type InsightRow = z.infer<typeof insightRowSchema>;

export const insightFilterOptionsSchema = z.object({
  states: z.array(z.string()),
  cities: z.array(z.string()),
  communityTypes: z.array(z.string()),
  operators: z.array(z.string()),
});
export type InsightFilterOptions = z.infer<typeof insightFilterOptionsSchema>;

export const insightResponseSchema = z.object({
  communities: z.array(insightRowSchema),
  total: z.number().int(),
  filteredTotal: z.number().int(),
  /** Average customer review rating over all communities (one decimal); null without reviews. */
  csatScore: z.number().nullable(),
  filterOptions: insightFilterOptionsSchema,
});
export type InsightResponse = z.infer<typeof insightResponseSchema>;

// ---------------------------------------------------------------- Operator Intelligence

export const operatorFilterSchema = z.object({
  searchQuery: freeText(200),
  operatorState: freeText(40),
  operatorCity: freeText(100),
  operatorRevenue: oneOf(OPERATOR_REVENUE_VALUES),
  operatorTotalCommunities: oneOf(OPERATOR_COMMUNITY_VALUES),
});
export type OperatorFilters = z.infer<typeof operatorFilterSchema>;
export const OPERATOR_FILTER_KEYS = ['operatorState', 'operatorCity', 'operatorRevenue', 'operatorTotalCommunities'] as const;
export type OperatorFilterKey = (typeof OPERATOR_FILTER_KEYS)[number];

/** The operator row's own field names are accepted as sort fields too. */
export const OPERATOR_SORT_ALIASES: Record<string, OperatorSortField> = {
  operatorRevenue: 'revenue',
  operatorTotalCommunities: 'communities',
  operatorTotalEmployees: 'employees',
  operatorCity: 'city',
  operatorState: 'state',
};

const operatorSortField = z
  .enum([...OPERATOR_SORT_FIELDS, ...(Object.keys(OPERATOR_SORT_ALIASES) as [string, ...string[]])])
  .transform((v): OperatorSortField => OPERATOR_SORT_ALIASES[v] ?? (v as OperatorSortField));

export const operatorExportQuerySchema = operatorFilterSchema.extend({
  sortField: operatorSortField.default('operatorName'),
  sortDirection: z.enum(SORT_DIRECTIONS).default('asc'),
});
export type OperatorExportQuery = z.infer<typeof operatorExportQuerySchema>;

export const operatorQuerySchema = operatorExportQuerySchema.extend({
  page: pageParam,
  pageSize: pageSizeParam,
});
export type OperatorQuery = z.infer<typeof operatorQuerySchema>;

export const operatorRowSchema = z.object({
  id: z.number().int(),
  operatorName: z.string(),
  operatorCity: z.string(),
  operatorState: z.string(),
  operatorPostalcode: z.string(),
  operatorWebpage: z.string(),
  /** e.g. '$25.3M'; '' when unknown. */
  operatorRevenue: z.string(),
  operatorTotalCommunities: z.number().int(),
  operatorTotalEmployees: z.number().int().nullable(),
  operatorPhone: z.string(),
  operatorEmail: z.string(),
  /** Employer-review links; '' (the product links no third-party site for its records, ADR 008). */
  operatorIndeed: z.string(),
  operatorGlassdoor: z.string(),
  /** Employee reviews of the operator in the database. */
  employeeReviewCount: z.number().int(),
  /** Provenance (ADR 008). */
  source: sourceSchema,
});
export type OperatorRow = z.infer<typeof operatorRowSchema>;

export const operatorResponseSchema = z.object({
  operators: z.array(operatorRowSchema),
  total: z.number().int(),
  filteredTotal: z.number().int(),
  /** Average annual revenue in USD over the filtered operators with a known revenue; null when none. */
  avgRevenue: z.number().nullable(),
  /** Average communities per operator over the filtered operators (one decimal); null when none. */
  avgCommunities: z.number().nullable(),
  filterOptions: z.object({
    states: z.array(z.string()),
    cities: z.array(z.string()),
    revenueRanges: z.array(z.string()),
    communityRanges: z.array(z.string()),
  }),
});
export type OperatorResponse = z.infer<typeof operatorResponseSchema>;

export const operatorIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const operatorCommunitySchema = z.object({
  ...communityRefFields,
  address: z.string(),
});
export type OperatorCommunity = z.infer<typeof operatorCommunitySchema>;
export const operatorCommunitiesResponseSchema = z.array(operatorCommunitySchema);

// ---------------------------------------------------------------- Formatting shared by server and client

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** '$3,200 - $5,800/month', '$3,200/month' or 'Contact for pricing'. */
export function formatMonthlyPricing(min: number | null, max: number | null): string {
  if (min === null && max === null) return 'Contact for pricing';
  const lo = min ?? max!;
  const hi = max ?? min!;
  if (lo === hi) return `${usd.format(lo)}/month`;
  return `${usd.format(lo)} - ${usd.format(hi)}/month`;
}

/** Annual revenue as '$25.3M', '$1.2B', '$850.0K'; '' when unknown. */
export function formatRevenue(revenue: number | null | undefined): string {
  if (revenue === null || revenue === undefined || !Number.isFinite(revenue)) return '';
  const abs = Math.abs(revenue);
  if (abs >= 1e9) return `$${(revenue / 1e9).toFixed(1)}B`;
  if (abs >= 1e6) return `$${(revenue / 1e6).toFixed(1)}M`;
  if (abs >= 1e3) return `$${(revenue / 1e3).toFixed(1)}K`;
  return `$${Math.round(revenue)}`;
}
