// The deterministic plan of the generated dataset: operators, communities, pricing and review ratings
// (held in memory), plus streaming generators of the review rows. Same seed, scale and `now` ->
// identical output (generate.test.ts pins a hash of a small plan and its rows). No database access here.
//
// buildPlan runs the planners in a fixed order, each on its own seeded stream:
//   'operators'        operators.ts       tiers, sizes, community slots, identities
//   'communities'      locations.ts       the state of each slot
//                      communities.ts     each community (prices.ts, options.ts, stars.ts, prose.ts)
//   'review-ratings'   review-ratings.ts  review counts per community and each rating
//   'operator-figures' operator-figures.ts revenue, head count, employee review counts
// and the rows streamed later: customer-reviews.ts ('review-text'), employee-reviews.ts ('employee-reviews').
import { planCommunities } from './communities';
import { placesByState } from './geo';
import { planStates } from './locations';
import { planEmployeeReviewCounts, planOperatorFigures } from './operator-figures';
import { planOperators } from './operators';
import { targetCounts, type GenerateOptions, type Plan } from './plan-types';
import { reviewDays } from './review-dates';
import { planReviewRatings } from './review-ratings';
import { Rng } from './rng';

export { customerReviewChunks } from './customer-reviews';
export { DEMO_REVIEW_SOURCE, employeeReviewLines } from './employee-reviews';
export { AMENITY_EQUIVALENTS } from './options';
export { FULL_SCALE, targetCounts, type CommunityRow, type Counts, type GenerateOptions, type OperatorRow, type Plan, type PricingRow } from './plan-types';
export { withArticle } from './prose';
export { SUPPLY_GROUPS } from './supply';

export function buildPlan(opts: GenerateOptions): Plan {
  const counts = targetCounts(opts.scale);
  const seed = opts.seed;
  const idBase = { operators: 0, communities: 0, pricing: 0, customerReviews: 0, employeeReviews: 0, ...opts.idBase };
  const nowMs = opts.now.getTime();
  const places = placesByState();

  const { operators, regionSets, slots } = planOperators(counts, new Rng(seed, 'operators'), places, idBase, nowMs);
  const rCom = new Rng(seed, 'communities');
  const states = planStates(slots, operators, regionSets, rCom);
  const { communities, communitiesByOperator, pricingCount } = planCommunities({ operators, slots, states, places, idBase, nowMs }, rCom);
  const ratings = planReviewRatings(communities, counts.customerReviews, new Rng(seed, 'review-ratings'));
  const rFig = new Rng(seed, 'operator-figures');
  planOperatorFigures(operators, communities, communitiesByOperator, rFig);
  const employeeReviewCounts = planEmployeeReviewCounts(operators, counts.employeeReviews, rFig);
  const days = reviewDays(nowMs);

  return { counts, operators, communities, ratings, employeeReviewCounts, communitiesByOperator, pricingCount, days, seed, idBase };
}
