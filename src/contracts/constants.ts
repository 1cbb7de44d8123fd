// Domain constants of SPEC.md section 9, shared by client and server.

export const CARE_TYPES = ['Independent Living', 'Assisted Living', 'Memory Care', 'Skilled Nursing'] as const;
export type CareType = (typeof CARE_TYPES)[number];

/** URL / API keys of the care types (footer links, pricing analytics). */
export const CARE_TYPE_KEYS = {
  independent: 'Independent Living',
  assisted: 'Assisted Living',
  memory: 'Memory Care',
  skilled: 'Skilled Nursing',
} as const satisfies Record<string, CareType>;
export type CareTypeKey = keyof typeof CARE_TYPE_KEYS;

/** 'assisted', 'Assisted Living', 'assisted living' -> 'Assisted Living'; anything else -> undefined. */
export function careTypeFromParam(value: string): CareType | undefined {
  const v = value.trim().toLowerCase();
  if (v in CARE_TYPE_KEYS) return CARE_TYPE_KEYS[v as CareTypeKey];
  return CARE_TYPES.find((label) => label.toLowerCase() === v);
}

/** The value of a filter parameter that means "no filter" (besides an empty or absent one). */
export const ALL_FILTER_VALUE = 'all';

/**
 * Review-count-aware rating (ADR 010): a Bayesian average that starts every community at
 * RATING_PRIOR_MEAN as if it had RATING_PRIOR_WEIGHT reviews of that rating, so a 5.0 from 7 reviews
 * (4.29) ranks below a 4.7 from 80 (4.61). The database keeps it as communities.rating_score.
 */
export const RATING_PRIOR_MEAN = 3.8;
export const RATING_PRIOR_WEIGHT = 10;
export function ratingScore(rating: number, reviewCount: number): number {
  return (RATING_PRIOR_WEIGHT * RATING_PRIOR_MEAN + rating * reviewCount) / (RATING_PRIOR_WEIGHT + reviewCount);
}

export const AMENITY_OPTIONS = [
  'Pet Friendly',
  'Fitness Center',
  'Swimming Pool',
  'Transportation',
  'Dining Services',
  'Housekeeping',
  'Laundry Services',
  '24/7 Care',
] as const;

/** Amenities that have their own icon on the detail page (others get a default icon). */
export const AMENITIES_WITH_ICONS = [
  'Fine Dining Restaurant',
  'Dining Services',
  'Fitness Center',
  'Swimming Pool',
  'Transportation',
  'Transportation Services',
  'Pet Friendly',
  'Garden Areas',
  'Housekeeping',
  '24/7 Care',
  'Social Activities',
] as const;

export const CARE_NEEDS_OPTIONS = [
  'Independent Living',
  'Assisted Living',
  'Memory Care',
  'Skilled Nursing',
  'Respite Care',
  'Physical Therapy',
  'Medication Management',
  'Social Activities',
] as const;

export const PRICE_SLIDER = { min: 1000, max: 10000, step: 250, defaultMin: 2000, defaultMax: 8000 } as const;

export const SEARCH_SORTS = ['relevance', 'price_low', 'price_high', 'rating', 'name'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_BUTTONS = 5;
export const SENTIMENT_PAGE_SIZE = 1000;
export const DEFAULT_CSAT = 4.2;
export const FOCUS_HIGHLIGHT_MS = 5000;

export const INSIGHT_PRICING_OPTIONS = [
  { value: '0-2000', label: '$0 - $2,000' },
  { value: '2000-4000', label: '$2,000 - $4,000' },
  { value: '4000-6000', label: '$4,000 - $6,000' },
  { value: '6000+', label: '$6,000+' },
] as const;
export const INSIGHT_SCORE_OPTIONS = [
  { value: '1-2', label: '1-2 Stars' },
  { value: '3-4', label: '3-4 Stars' },
  { value: '5', label: '5 Stars' },
] as const;
export const OWNER_OPTIONS = ['Private', 'Non-Profit', 'Public'] as const;
export const ROOM_TYPE_OPTIONS = ['Studio', 'One Bedroom', 'Two Bedroom'] as const;
export const HEALTHCARE_OPTIONS = ['24/7 Nursing', 'Physical Therapy', 'Memory Care'] as const;
export const DINING_OPTIONS = ['Restaurant Style', 'Casual Dining', 'Fine Dining'] as const;
export const ROOM_AMENITY_OPTIONS = ['Private Bathroom', 'Kitchenette', 'Balcony'] as const;
export const COMMUNITY_AMENITY_OPTIONS = ['Fitness Center', 'Pool', 'Library'] as const;
export const OPERATOR_OPTIONS_CAP = 100;

export const OPERATOR_REVENUE_LABELS = {
  under_10m: 'Under $10M',
  '10m_100m': '$10M - $100M',
  over_100m: 'Over $100M',
} as const satisfies Record<string, string>;
export const OPERATOR_COMMUNITY_LABELS = {
  '1_5': '1-5 Communities',
  '6_20': '6-20 Communities',
  '21_50': '21-50 Communities',
  over_50: '50+ Communities',
} as const satisfies Record<string, string>;

/** Pricing analytics price ranges (monthly USD). */
export const PRICE_RANGES = {
  budget: { label: 'Budget (under $3,000)', min: 0, max: 3000 },
  mid: { label: 'Mid ($3,000-$6,000)', min: 3000, max: 6000 },
  premium: { label: 'Premium ($6,000+)', min: 6000, max: null },
} as const;
export const TOP_STATES_CHART = 25;
export const TOP_OPERATORS_CHART = 15;

/** Sentiment classification (SPEC section 4): > 0.6 positive, 0.4-0.6 neutral, < 0.4 negative. */
export const SENTIMENT_POSITIVE_ABOVE = 0.6;
export const SENTIMENT_NEUTRAL_FROM = 0.4;
export type SentimentClass = 'Positive' | 'Neutral' | 'Negative';
export function classifySentiment(score: number): SentimentClass {
  if (score > SENTIMENT_POSITIVE_ABOVE) return 'Positive';
  if (score >= SENTIMENT_NEUTRAL_FROM) return 'Neutral';
  return 'Negative';
}

/** 'withdrawn': the family withdrew the request (issue 16); only the family makes that move. */
export const LEAD_STATUSES = ['new', 'contacted', 'tour_scheduled', 'closed', 'withdrawn'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const PLANS = { basic: { price: 0 }, pro: { price: 49 } } as const;
export const TRIAL_DAYS = 14;
export const ADVISOR_RESPONSE_HOURS = 24;

export const US_STATES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado',
  CT: 'Connecticut', DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia',
  HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas',
  KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts',
  MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico',
  NY: 'New York', NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma',
  OR: 'Oregon', PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina',
  SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VT: 'Vermont',
  VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
};

/** At most this many communities in one comparison (the browser and the server both enforce it). */
export const COMPARE_LIMIT = 4;
export const COMPARE_LIMIT_MESSAGE = `You can compare up to ${COMPARE_LIMIT} communities at a time. Remove one to add another.`;
