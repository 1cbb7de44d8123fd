// The shape of the generated dataset's plan (what buildPlan returns and the loaders and reports read),
// the product's scale and the target counts at a scale. Types and pure arithmetic only.
import type { CareType } from '../../../contracts/constants';

/** Scale 1: the product's claimed scale (SPEC; docs/data-calibration.md). */
export const FULL_SCALE = { communities: 45_247, operators: 7_341, customerReviews: 1_620_000, employeeReviews: 104_000 } as const;

/** The least of each kind at any scale, so that a tiny test dataset still has a bit of everything. */
export const MIN_COUNTS = { communities: 60, operators: 10, customerReviews: 200, employeeReviews: 20 } as const;

export interface Counts {
  communities: number;
  operators: number;
  customerReviews: number;
  employeeReviews: number;
}

export function targetCounts(scale: number): Counts {
  return {
    communities: Math.max(MIN_COUNTS.communities, Math.round(FULL_SCALE.communities * scale)),
    operators: Math.max(MIN_COUNTS.operators, Math.round(FULL_SCALE.operators * scale)),
    customerReviews: Math.max(MIN_COUNTS.customerReviews, Math.round(FULL_SCALE.customerReviews * scale)),
    employeeReviews: Math.max(MIN_COUNTS.employeeReviews, Math.round(FULL_SCALE.employeeReviews * scale)),
  };
}

export type IdBase = Record<'operators' | 'communities' | 'pricing' | 'customerReviews' | 'employeeReviews', number>;

export interface GenerateOptions {
  scale: number;
  seed: number;
  /** Reference time: created_at values and review dates lie before it. */
  now: Date;
  /** First id - 1 of the generated operators / communities / pricing / reviews. */
  idBase?: Partial<IdBase>;
}

export type Tier = 'national' | 'regional' | 'mid' | 'small' | 'single';

export interface OperatorRow {
  id: number;
  name: string;
  city: string;
  state: string;
  postalCode: string;
  webpage: string | null;
  revenue: number | null;
  employees: number | null;
  phone: string;
  email: string | null;
  indeedUrl: string | null;
  glassdoorUrl: string | null;
  communityCount: number;
  sourceId: string;
  createdAt: string;
  /** Index range of its communities in `communitiesByOperator`. */
  tier: Tier;
  homeState: string;
  domain: string;
  brand: string;
  quality: number;
}

export interface PricingRow {
  careType: CareType;
  minPrice: number;
  maxPrice: number;
}

export interface CommunityRow {
  id: number;
  name: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  lat: number;
  lng: number;
  phone: string;
  email: string;
  website: string;
  description: string;
  overview: string;
  rating: number;
  reviewCount: number;
  careTypes: CareType[];
  amenities: string[];
  photos: string[];
  communityType: string;
  ownerType: string;
  score: number;
  capacity: number;
  roomTypes: string[];
  diningServices: string[];
  healthcareServices: string[];
  roomAmenities: string[];
  communityAmenities: string[];
  operatorId: number | null;
  minPrice: number | null;
  maxPrice: number | null;
  pricing: PricingRow[];
  sourceId: string;
  createdAt: string;
  /** First index of its reviews in `ratings`. */
  reviewStart: number;
  quality: number;
}

export interface Plan {
  counts: Counts;
  operators: OperatorRow[];
  communities: CommunityRow[];
  /** Customer review ratings, grouped by community (community i owns [reviewStart, reviewStart + reviewCount)). */
  ratings: Uint8Array;
  /** Employee review count per operator (same order as `operators`). */
  employeeReviewCounts: Int32Array;
  /** Community indexes per operator index. */
  communitiesByOperator: number[][];
  pricingCount: number;
  days: string[];
  seed: number;
  idBase: IdBase;
}
