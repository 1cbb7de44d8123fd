// The review-ratings planner: every review given to a community, contiguous ranges, ratings in 1-5,
// averages rounded as the database rounds them.
import { describe, expect, it } from 'vitest';
import { buildPlan } from './generate';
import { averageRating, planReviewRatings } from './review-ratings';
import { Rng } from './rng';

const plan = buildPlan({ scale: 0.005, seed: 17, now: new Date('2026-11-20T12:00:00Z') });

describe('planReviewRatings', () => {
  it('hands out exactly the total, in contiguous ranges in plan order', () => {
    const { communities, ratings, counts } = plan;
    expect(ratings.length).toBe(counts.customerReviews);
    expect(communities.reduce((s, c) => s + c.reviewCount, 0)).toBe(counts.customerReviews);
    let pos = 0;
    for (const c of communities) {
      expect(c.reviewStart).toBe(pos);
      pos += c.reviewCount;
    }
    expect(communities.some((c) => c.reviewCount === 0)).toBe(true);
  });

  it("rates in 1-5 and sets each community's average from its own ratings", () => {
    expect(plan.ratings.every((r) => r >= 1 && r <= 5)).toBe(true);
    for (const c of plan.communities) {
      const own = plan.ratings.subarray(c.reviewStart, c.reviewStart + c.reviewCount);
      const sum = own.reduce((s, r) => s + r, 0);
      expect(c.rating).toBe(averageRating(sum, c.reviewCount));
      if (c.reviewCount) expect(Math.abs(c.rating - sum / c.reviewCount)).toBeLessThanOrEqual(0.005 + 1e-9);
    }
  });

  it('rounds averages half away from zero to two decimals (as round(avg(rating)::numeric, 2))', () => {
    expect(averageRating(33, 8)).toBe(4.13); // 4.125
    expect(averageRating(13, 3)).toBe(4.33);
    expect(averageRating(0, 0)).toBe(0);
  });

  it('is the same for the same stream', () => {
    const copy = () => plan.communities.map((c) => ({ ...c }));
    const a = copy();
    const b = copy();
    expect(planReviewRatings(a, 500, new Rng(1, 'r'))).toEqual(planReviewRatings(b, 500, new Rng(1, 'r')));
    expect(a).toEqual(b);
  });
});
