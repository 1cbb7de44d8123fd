// Review themes (issue 15): the themes every review is scored on, in a fixed order (the order of the
// bits of theme_mask and of the entries of theme_sentiment in the review tables).
import { z } from 'zod';
import { communityRefFields } from './community-ref';
import { pricePositionSchema } from './prices';
import { safeText } from './text';

export const CUSTOMER_THEMES = [
  'staff',
  'care',
  'food',
  'cleanliness',
  'activities',
  'cost',
  'management',
  'communication',
  'safety',
] as const;
export const EMPLOYEE_THEMES = ['pay', 'hours', 'management', 'staffing', 'training', 'culture'] as const;

export type CustomerTheme = (typeof CUSTOMER_THEMES)[number];
export type EmployeeTheme = (typeof EMPLOYEE_THEMES)[number];
export type ThemeKind = 'customer' | 'employee';

export const THEMES: Record<ThemeKind, readonly string[]> = { customer: CUSTOMER_THEMES, employee: EMPLOYEE_THEMES };

export const THEME_LABELS: Record<string, string> = {
  staff: 'Staff',
  care: 'Care',
  food: 'Food',
  cleanliness: 'Cleanliness',
  activities: 'Activities',
  cost: 'Cost and value',
  management: 'Management',
  communication: 'Communication',
  safety: 'Safety',
  pay: 'Pay',
  hours: 'Hours and scheduling',
  staffing: 'Staffing levels',
  training: 'Training',
  culture: 'Culture',
};

export const themeKindSchema = z.enum(['customer', 'employee']);

/** The reviews a theme report is computed from. */
export const themeScopeSchema = z.object({
  type: z.enum(['all', 'community', 'operator', 'market']),
  /** Community or operator id. */
  id: z.number().int().nullable(),
  /** Community or operator name, or the market's name ("Austin, TX", "Texas"). */
  name: z.string(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  county: z.string().nullable(),
});

export const themeExampleSchema = z.object({
  reviewId: z.number().int(),
  /** The sentence of the review that mentions the theme, as written. */
  snippet: z.string(),
  /** The theme's sentiment in this review, [0,1]. */
  sentiment: z.number(),
  rating: z.number().int(),
  date: z.string(),
});

export const themeQuarterSchema = z.object({
  /** '2026-Q3'. */
  quarter: z.string(),
  mentions: z.number().int(),
  averageSentiment: z.number(),
});

/** A theme and how its reviews speak of it (a theme report's figure, a community against its competitors). */
const themeShareFields = {
  theme: z.string(),
  label: z.string(),
  /** Reviews that mention the theme. */
  mentions: z.number().int(),
  /** mentions / reviews of the scope. */
  share: z.number(),
  /** Mean of the theme's sentiment over the reviews that mention it, [0,1]. */
  averageSentiment: z.number(),
};

export const themeFigureSchema = z.object({
  ...themeShareFields,
  positive: z.number().int(),
  neutral: z.number().int(),
  negative: z.number().int(),
  /** Oldest quarter first, only quarters with mentions. */
  quarters: z.array(themeQuarterSchema),
  /** Up to two: the most positive and the most negative mention (one when all mentions agree). */
  examples: z.array(themeExampleSchema),
});
export type ThemeFigure = z.infer<typeof themeFigureSchema>;

export const themeReportSchema = z.object({
  scope: themeScopeSchema,
  kind: themeKindSchema,
  /** Reviews of this kind in the scope (scored for themes). */
  reviews: z.number().int(),
  /** Review dates of the scope, ISO; null without reviews. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** True when any of the reviews is generated demo data (ADR 008). */
  demo: z.boolean(),
  /** In words: what the figures were computed from. */
  computedFrom: z.string(),
  /** Every theme of the kind, most mentioned first. */
  themes: z.array(themeFigureSchema),
  /** Themes with more positive than negative mentions, most positive mentions first. */
  praise: z.array(z.string()),
  /** Themes with more negative than positive mentions, most negative mentions first. */
  complaints: z.array(z.string()),
});
export type ThemeReport = z.infer<typeof themeReportSchema>;

/** One theme of a community's customer reviews against its competitors' (the competitive set's reputation). */
export const themeVersusSchema = z.object({
  ...themeShareFields,
  competitorsMentions: z.number().int(),
  competitorsShare: z.number(),
  competitorsAverageSentiment: z.number(),
  /** Mean sentiment more than 0.05 above the competitors' ('better'), below ('worse'), else 'similar'. */
  verdict: z.enum(['better', 'worse', 'similar']),
});
export type ThemeVersus = z.infer<typeof themeVersusSchema>;

export const themeKindQuerySchema = z.object({ kind: themeKindSchema.default('customer') });

export const themeIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const themeMarketParamsSchema = z.object({
  state: safeText()
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, 'state must be a two-letter US state code')),
});

export const themeMarketQuerySchema = z.object({
  kind: themeKindSchema.default('customer'),
  city: safeText().trim().min(1).max(100).optional(),
  county: safeText().trim().min(1).max(100).optional(),
});

/** A portfolio community's price per care type against its competitive set (the competitive set's figures, ADR 020). */
export const portfolioPricePositionSchema = z.object({
  radiusMiles: z.number().int(),
  /** Competitors in the set: those within the radius, else the nearest 10. */
  competitors: z.number().int(),
  withinRadius: z.number().int(),
  positions: z.array(pricePositionSchema),
});
export type PortfolioPricePosition = z.infer<typeof portfolioPricePositionSchema>;

/** An operator's portfolio (issue 15): its listed communities with their review sentiment, and the trend. */
export const portfolioSchema = z.object({
  operator: z.object({ id: z.number().int(), name: z.string(), city: z.string().nullable(), state: z.string().nullable() }),
  communities: z.array(
    z.object({
      ...communityRefFields,
      rating: z.number(),
      reviewCount: z.number().int(),
      /** Mean sentiment of the community's customer reviews; null without reviews. */
      averageSentiment: z.number().nullable(),
      minPrice: z.number().nullable(),
      maxPrice: z.number().nullable(),
      /** Price position against the competitive set; null without a location. */
      pricePosition: portfolioPricePositionSchema.nullable(),
    }),
  ),
  /** Mean sentiment per quarter of the portfolio's customer reviews and of the operator's employee reviews. */
  trend: z.array(
    z.object({
      quarter: z.string(),
      customerReviews: z.number().int(),
      customerSentiment: z.number().nullable(),
      employeeReviews: z.number().int(),
      employeeSentiment: z.number().nullable(),
    }),
  ),
  computedFrom: z.string(),
});
export type Portfolio = z.infer<typeof portfolioSchema>;
