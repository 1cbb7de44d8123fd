// Planner of the operators' figures from their communities: community count, yearly revenue (beds x
// occupancy x price) and head count, each sometimes unknown; and how many employee reviews each gets.
import { PRICE_FACTORS } from './calibration';
import { allocate } from './helpers';
import type { CommunityRow, OperatorRow } from './plan-types';
import type { Rng } from './rng';

/** Occupancy of the beds that earn revenue (the generator's choice). */
export const OCCUPANCY = 0.86;
/** Monthly price of a community without prices: $5,000 at the state's assisted-living level. */
const UNPRICED_MONTHLY = 5000;
/** Operators with at least this many communities publish their figures more often. */
const BIG_OPERATOR = 6;
/** Revenue unknown for 8% of big operators and 30% of others; head count for 5% and 25%. */
const REVENUE_UNKNOWN = { big: 0.08, other: 0.3 } as const;
const EMPLOYEES_UNKNOWN = { big: 0.05, other: 0.25 } as const;
/** Revenue noise (log scale); revenue is rounded to thousands. */
const REVENUE_SIGMA = 0.12;
/** Employees per bed: 0.55 to 0.95, at least 3. */
const STAFF_PER_BED = { min: 0.55, spread: 0.4, floor: 3 } as const;
/** Single-community operators without employee reviews; the others' share grows as communities^0.9. */
const SINGLE_UNREVIEWED = 0.4;
const EMPLOYEE_REVIEW_POWER = 0.9;

/** Sets communityCount, revenue and employees of every operator. */
export function planOperatorFigures(operators: OperatorRow[], communities: CommunityRow[], communitiesByOperator: number[][], rng: Rng): void {
  operators.forEach((op, i) => {
    const list = communitiesByOperator[i] as number[];
    op.communityCount = list.length;
    let capacity = 0;
    let revenue = 0;
    for (const ci of list) {
      const c = communities[ci] as CommunityRow;
      capacity += c.capacity;
      const avg = c.pricing.length ? c.pricing.reduce((s, p) => s + (p.minPrice + p.maxPrice) / 2, 0) / c.pricing.length : UNPRICED_MONTHLY * (PRICE_FACTORS['Assisted Living'][c.state] ?? 1);
      revenue += c.capacity * OCCUPANCY * avg * 12;
    }
    const big = list.length >= BIG_OPERATOR;
    op.revenue = revenue > 0 && !rng.chance(big ? REVENUE_UNKNOWN.big : REVENUE_UNKNOWN.other) ? Math.round((revenue * Math.exp(REVENUE_SIGMA * rng.normal())) / 1000) * 1000 : null;
    op.employees = capacity > 0 && !rng.chance(big ? EMPLOYEES_UNKNOWN.big : EMPLOYEES_UNKNOWN.other) ? Math.max(STAFF_PER_BED.floor, Math.round(capacity * (STAFF_PER_BED.min + STAFF_PER_BED.spread * rng.next()))) : null;
    // Fictional operators have no employer pages on real job sites: indeedUrl / glassdoorUrl stay null.
  });
}

/** Employee reviews per operator (same order), `total` in all; operators without communities get none. */
export function planEmployeeReviewCounts(operators: OperatorRow[], total: number, rng: Rng): Int32Array {
  const weights = new Float64Array(operators.length);
  operators.forEach((op, i) => {
    weights[i] = op.communityCount === 0 ? 0 : op.communityCount === 1 && rng.chance(SINGLE_UNREVIEWED) ? 0 : Math.pow(op.communityCount, EMPLOYEE_REVIEW_POWER);
  });
  return allocate(weights, total);
}
