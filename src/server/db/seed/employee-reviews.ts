// Employee review rows of a plan, streamed as COPY text: per operator its planned count, each with a
// quality-led rating, a job title, current or former, text from the sentence bank and a location among
// the operator's communities (its headquarters when it has none).
import { DEMO_REVIEW_SOURCE } from '../../../contracts/provenance';
import { sentimentFromCounts } from '../../lib/sentiment';
import { copyThemeColumns, ThemeScorer } from '../../lib/themes';
import { clamp } from './helpers';
import type { CommunityRow, OperatorRow, Plan } from './plan-types';
import { dayIndex } from './review-dates';
import { Rng, WeightedTable } from './rng';
import { employeeReviewText, JOB_TITLES } from './text';

/** The source of every generated review: fictional reviews claim no real platform and are never "Verified". */
export { DEMO_REVIEW_SOURCE };

/** Relative frequency of job titles among reviewers (care staff most; the generator's choice); 1 for one not listed. */
const JOB_WEIGHTS: Record<string, number> = {
  CNA: 25, Caregiver: 20, LPN: 10, RN: 8, 'Med Tech': 7, 'Dietary Aide': 7, Cook: 4, Housekeeper: 5,
  'Activities Director': 2, 'Activities Assistant': 2, Receptionist: 3, 'Maintenance Technician': 2, 'Sales Director': 1,
  'Business Office Manager': 1, 'Wellness Director': 1, 'Director of Nursing': 1, 'Executive Director': 1,
};
const jobTable = new WeightedTable(JOB_TITLES.map((j) => [j, JOB_WEIGHTS[j] ?? 1] as const));
/** Angry (1-2 star) reviews: 13% minus 6 points per unit of the operator's quality, within [3%, 40%]; 60% of them 1 star. */
const ANGRY = { base: 0.13, perQuality: 0.06, min: 0.03, max: 0.4, oneStar: 0.6 } as const;
/** Other reviews: 3.75 + 0.45 quality + 1.0 noise, rounded into 1-5. */
const RATING = { mean: 3.75, quality: 0.45, noise: 1.0 } as const;
/** Reviewers who still work there. */
const CURRENT_EMPLOYEE_SHARE = 0.45;

/** Employee review rows as COPY text (id, operator_id, rating, title, content, review_date, job_title, employment_status, location, source, source_kind, sentiment, theme_mask, theme_sentiment). */
export function* employeeReviewLines(plan: Plan, batchChars = 1 << 19): Generator<string> {
  const rng = new Rng(plan.seed, 'employee-reviews');
  const days = plan.days;
  let id = plan.idBase.employeeReviews;
  let batch = '';
  const themes = new ThemeScorer('employee');
  for (let oi = 0; oi < plan.operators.length; oi++) {
    const op = plan.operators[oi] as OperatorRow;
    const k = plan.employeeReviewCounts[oi] as number;
    const list = plan.communitiesByOperator[oi] as number[];
    for (let j = 0; j < k; j++) {
      const pAngry = clamp(ANGRY.base - ANGRY.perQuality * op.quality, ANGRY.min, ANGRY.max);
      const rating = rng.chance(pAngry) ? (rng.chance(ANGRY.oneStar) ? 1 : 2) : clamp(Math.round(RATING.mean + RATING.quality * op.quality + RATING.noise * rng.normal()), 1, 5);
      const job = jobTable.pick(rng);
      const current = rng.chance(CURRENT_EMPLOYEE_SHARE);
      const t = employeeReviewText(rating, job, current, rng);
      const where = list.length ? (plan.communities[rng.pick(list)] as CommunityRow) : null;
      const location = where ? `${where.city}, ${where.state}` : `${op.city}, ${op.state}`;
      const sentiment = sentimentFromCounts(t.score, t.tokens);
      batch += `${++id}\t${op.id}\t${rating}\t${t.title ?? '\\N'}\t${t.content}\t${days[dayIndex(rng, days.length)]}\t${job}\t${current ? 'current' : 'former'}\t${location}\t${DEMO_REVIEW_SOURCE}\tdemo\t${sentiment}\t${copyThemeColumns(themes.counts(t.content))}\n`;
      if (batch.length >= batchChars) {
        yield batch;
        batch = '';
      }
    }
  }
  if (batch) yield batch;
}
