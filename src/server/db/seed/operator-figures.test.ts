// The operator-figures planner: counts from the communities, revenue and head count when known, and
// employee reviews only for operators with communities.
import { describe, expect, it } from 'vitest';
import { buildPlan } from './generate';
import { OCCUPANCY, planEmployeeReviewCounts } from './operator-figures';
import { Rng } from './rng';

const plan = buildPlan({ scale: 0.01, seed: 23, now: new Date('2026-11-20T12:00:00Z') });

describe('planOperatorFigures', () => {
  it("counts each operator's communities and derives revenue and head count from them", () => {
    plan.operators.forEach((op, i) => {
      const list = plan.communitiesByOperator[i]!;
      expect(op.communityCount).toBe(list.length);
      const capacity = list.reduce((s, ci) => s + plan.communities[ci]!.capacity, 0);
      if (op.revenue !== null) {
        expect(op.revenue % 1000).toBe(0);
        // Beds x occupancy x 12 months x a price of the communities' own bands, give or take the noise.
        const prices = list.flatMap((ci) => plan.communities[ci]!.pricing.flatMap((p) => [p.minPrice, p.maxPrice]));
        if (prices.length) expect(op.revenue).toBeLessThan(capacity * OCCUPANCY * 12 * Math.max(...prices) * 1.6);
      }
      if (op.employees !== null) expect(op.employees).toBeGreaterThanOrEqual(3);
      if (capacity === 0) expect([op.revenue, op.employees]).toEqual([null, null]);
    });
    expect(plan.operators.filter((o) => o.revenue !== null).length).toBeGreaterThan(plan.operators.length / 2);
  });

  it('gives employee reviews, the total in all, only to operators with communities', () => {
    expect(Array.from(plan.employeeReviewCounts).reduce((a, b) => a + b, 0)).toBe(plan.counts.employeeReviews);
    plan.operators.forEach((op, i) => {
      if (op.communityCount === 0) expect(plan.employeeReviewCounts[i]).toBe(0);
    });
    const again = planEmployeeReviewCounts(plan.operators, 1000, new Rng(1, 'x'));
    expect(Array.from(again)).toEqual(Array.from(planEmployeeReviewCounts(plan.operators, 1000, new Rng(1, 'x'))));
  });
});
