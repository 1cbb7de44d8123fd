// Pricing analytics and dashboard contracts.
import { z } from 'zod';
import { safeText } from './text';
import { ALL_FILTER_VALUE, CARE_TYPE_KEYS, CARE_TYPES, PRICE_RANGES, careTypeFromParam } from './constants';

type CareTypeKeyName = keyof typeof CARE_TYPE_KEYS;
const KEY_OF_LABEL = new Map(Object.entries(CARE_TYPE_KEYS).map(([key, label]) => [label as string, key as CareTypeKeyName]));

/** '', whitespace and 'all' (any case) mean "no filter". */
const unsetToUndefined = (v: unknown) =>
  typeof v === 'string' && (v.trim() === '' || v.trim().toLowerCase() === ALL_FILTER_VALUE) ? undefined : v;

/** A care type by key ('assisted') or label ('Assisted Living'), any case -> its key. */
const careTypeKey = safeText()
  .transform((v, ctx) => {
    const label = careTypeFromParam(v);
    if (!label) {
      ctx.addIssue({
        code: 'custom',
        message: `careType must be one of ${Object.keys(CARE_TYPE_KEYS).join(', ')} or ${CARE_TYPES.join(', ')}`,
      });
      return z.NEVER;
    }
    return KEY_OF_LABEL.get(label)!;
  });
const priceRangeKey = z.enum(Object.keys(PRICE_RANGES) as [keyof typeof PRICE_RANGES, ...(keyof typeof PRICE_RANGES)[]]);

export const pricingAnalyticsQuerySchema = z.object({
  state: z.preprocess(
    unsetToUndefined,
    safeText()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'state must be a two-letter code')
      .transform((s) => s.toUpperCase())
      .optional(),
  ),
  careType: z.preprocess(unsetToUndefined, careTypeKey.optional()),
  priceRange: z.preprocess(unsetToUndefined, priceRangeKey.optional()),
});
export type PricingAnalyticsQuery = z.infer<typeof pricingAnalyticsQuerySchema>;

export const pricingAnalyticsResponseSchema = z.object({
  csatScore: z.number(),
  /** Average monthly price per care type over the filtered price points; null when none. */
  avgPricing: z.object({
    independent: z.number().nullable(),
    assisted: z.number().nullable(),
    memory: z.number().nullable(),
    skilled: z.number().nullable(),
  }),
  pricingByState: z.array(z.object({ state: z.string(), avgPrice: z.number() })),
  pricingByOperator: z.array(z.object({ operatorName: z.string(), avgPrice: z.number() })),
  marketSegmentation: z.array(z.object({ segment: z.string(), percentage: z.number(), color: z.string() })),
  /** Every state with its average price (for the State filter), independent of the filters. */
  stateOptions: z.array(z.object({ state: z.string(), avgPrice: z.number() })),
  /** How many price points (community x care type) the figures describe. */
  pricePoints: z.number().int(),
});
export type PricingAnalyticsResponse = z.infer<typeof pricingAnalyticsResponseSchema>;

export const marketMetricsSchema = z.object({
  communitiesTracked: z.number().int(),
  communitiesNewThisWeek: z.number().int(),
  operatorsMonitored: z.number().int(),
  operatorsNewThisWeek: z.number().int(),
  /** Average monthly rate over all price points. */
  avgMarketRate: z.number().nullable(),
  /** Average rate of communities listed in the last 30 days compared with the whole market, in percent. */
  newListingsRateChangePct: z.number().nullable(),
  marketSentiment: z.number().nullable(),
  reviewCount: z.number().int(),
  /** Reviews written in the last 30 days, and the change of the average rating against the 30 days before. */
  reviewsLast30Days: z.number().int(),
  ratingChangeLast30Days: z.number().nullable(),
});
export type MarketMetrics = z.infer<typeof marketMetricsSchema>;

export const topOperatorsSchema = z.object({
  operators: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      communities: z.number().int(),
      states: z.number().int(),
      averageRating: z.number().nullable(),
    }),
  ),
});
export type TopOperators = z.infer<typeof topOperatorsSchema>;

export const insightItemSchema = z.object({
  title: z.string(),
  detail: z.string(),
  tone: z.enum(['positive', 'neutral', 'negative']),
});
export const recentInsightsSchema = z.object({
  market: z.array(insightItemSchema),
  /** Licensed capacity of the three largest states (the data has no occupancy figures). */
  regionalCapacity: z.array(z.object({ state: z.string(), communities: z.number().int(), capacity: z.number().int() })),
  /** Present for Pro users only. */
  sentiment: z.array(insightItemSchema).optional(),
});
export type RecentInsights = z.infer<typeof recentInsightsSchema>;
