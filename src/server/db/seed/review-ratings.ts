// Planner of the customer reviews' numbers: how many each community gets (by capacity, with a long tail
// and a few without any) and each review's 1-5 rating (quality-led, with a share of angry ones), and the
// community's average rating as refreshAggregates would compute it.
import { allocate, clamp } from './helpers';
import type { CommunityRow } from './plan-types';
import type { Rng } from './rng';

/** Communities without any review. */
export const UNREVIEWED_SHARE = 0.03;
/** A community's review weight: lognormal(0, 0.8) x (capacity / 100)^0.35. */
const WEIGHT_SIGMA = 0.8;
const CAPACITY_POWER = 0.35;
/** Angry (1-2 star) reviews: 6.5% minus 5 points per unit of quality, within [1%, 40%]; 62% of them 1 star. */
const ANGRY = { base: 0.065, perQuality: 0.05, min: 0.01, max: 0.4, oneStar: 0.62 } as const;
/** Other reviews: 4.5 + 0.35 quality + 0.85 noise, rounded into 2-5. */
const RATING = { mean: 4.5, quality: 0.35, noise: 0.85 } as const;

/**
 * Gives every community its review count, its `reviewStart` in the returned ratings and its average
 * `rating`; returns the ratings of all `total` reviews, grouped by community in plan order.
 */
export function planReviewRatings(communities: CommunityRow[], total: number, rng: Rng): Uint8Array {
  const weights = new Float64Array(communities.length);
  communities.forEach((c, i) => {
    weights[i] = rng.chance(UNREVIEWED_SHARE) ? 0 : Math.exp(WEIGHT_SIGMA * rng.normal()) * Math.pow(c.capacity / 100, CAPACITY_POWER);
  });
  const reviewCounts = allocate(weights, total);
  const ratings = new Uint8Array(total);
  let pos = 0;
  communities.forEach((c, i) => {
    const k = reviewCounts[i] as number;
    c.reviewStart = pos;
    c.reviewCount = k;
    const pAngry = clamp(ANGRY.base - ANGRY.perQuality * c.quality, ANGRY.min, ANGRY.max);
    let sum = 0;
    for (let j = 0; j < k; j++) {
      let r: number;
      if (rng.chance(pAngry)) r = rng.chance(ANGRY.oneStar) ? 1 : 2;
      else r = clamp(Math.round(RATING.mean + RATING.quality * c.quality + RATING.noise * rng.normal()), 2, 5);
      ratings[pos++] = r;
      sum += r;
    }
    c.rating = averageRating(sum, k);
  });
  return ratings;
}

/** Same as round(avg(rating)::numeric, 2)::real in refreshAggregates (half away from zero); 0 without reviews. */
export const averageRating = (sum: number, k: number) => (k ? Math.floor((200 * sum + k) / (2 * k)) / 100 : 0);
