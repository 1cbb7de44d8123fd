// Figures of a generated plan to set beside the published / real figures it is calibrated to
// (scripts/calibration-report.ts writes them into docs/data-calibration.md; tests check them).
import {
  ALF_FACILITIES,
  ALF_SMALL_SHARE,
  ASSISTED_LIVING_MEDIAN,
  LARGEST_NH_CHAIN,
  LARGEST_OPERATOR,
  NATIONAL_MEDIAN,
  NH_STAR_SHARES,
  NURSING_HOMES,
  populationShare,
  NURSING_HOME_MEDIAN,
} from './calibration';
import type { CommunityRow, Plan } from './generate';
import { STATES } from './geo';

/** Community types of the assisted-living supply (licensed as assisted living / residential care by the states). */
export const ASSISTED_TYPES = new Set(['Assisted Living Community', 'Memory Care Community', 'Residential Care Home']);

export interface PlanFigures {
  totals: { communities: number; operators: number; customerReviews: number; employeeReviews: number };
  nursingHomes: number;
  assistedByState: Record<string, number>;
  smallByState: Record<string, number>;
  /** Median of the mid prices ((min + max) / 2) of the care type's pricing rows, per state and national. */
  assistedLivingMedian: Record<string, number | null>;
  nursingHomeMedian: Record<string, number | null>;
  national: { assistedLiving: number | null; nursingHome: number | null };
  largestOperators: number[];
  /** Communities with skilled nursing per star rating 1..5. */
  stars: number[];
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const v = [...values].sort((a, b) => a - b);
  const m = v.length >> 1;
  return v.length % 2 ? (v[m] as number) : ((v[m - 1] as number) + (v[m] as number)) / 2;
}

function medians(communities: CommunityRow[], careType: string): { byState: Record<string, number | null>; national: number | null } {
  const byState = new Map<string, number[]>();
  const all: number[] = [];
  for (const c of communities) {
    for (const p of c.pricing) {
      if (p.careType !== careType) continue;
      const mid = (p.minPrice + p.maxPrice) / 2;
      all.push(mid);
      const list = byState.get(c.state) ?? [];
      list.push(mid);
      byState.set(c.state, list);
    }
  }
  return { byState: Object.fromEntries(STATES.map((st) => [st, median(byState.get(st) ?? [])])), national: median(all) };
}

export function measurePlan(plan: Plan): PlanFigures {
  const assistedByState: Record<string, number> = Object.fromEntries(STATES.map((s) => [s, 0]));
  const smallByState: Record<string, number> = Object.fromEntries(STATES.map((s) => [s, 0]));
  let nursingHomes = 0;
  const stars = [0, 0, 0, 0, 0];
  for (const c of plan.communities) {
    if (ASSISTED_TYPES.has(c.communityType)) {
      assistedByState[c.state] = (assistedByState[c.state] ?? 0) + 1;
      if (c.communityType === 'Residential Care Home') smallByState[c.state] = (smallByState[c.state] ?? 0) + 1;
    }
    if (c.communityType === 'Nursing Home') nursingHomes++;
    if (c.careTypes.includes('Skilled Nursing')) stars[c.score - 1]! += 1;
  }
  const al = medians(plan.communities, 'Assisted Living');
  const nh = medians(plan.communities, 'Skilled Nursing');
  return {
    totals: {
      communities: plan.communities.length,
      operators: plan.operators.length,
      customerReviews: plan.ratings.length,
      employeeReviews: plan.employeeReviewCounts.reduce((s, n) => s + n, 0),
    },
    nursingHomes,
    assistedByState,
    smallByState,
    assistedLivingMedian: al.byState,
    nursingHomeMedian: nh.byState,
    national: { assistedLiving: al.national, nursingHome: nh.national },
    largestOperators: plan.operators.map((o) => o.communityCount).sort((a, b) => b - a).slice(0, 5),
    stars,
  };
}

const int = (n: number | null) => (n === null ? '–' : Math.round(n).toLocaleString('en-US'));
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
const usd = (n: number | null) => (n === null ? '–' : `$${int(n)}`);

/** The calibration tables as Markdown: one row per figure, published / real beside generated. */
export function calibrationMarkdown(f: PlanFigures, scale: number, seed: number): string {
  const out: string[] = [];
  const alfTotal = STATES.reduce((s, st) => s + (ALF_FACILITIES[st] ?? 0), 0);
  const assistedTotal = STATES.reduce((s, st) => s + (f.assistedByState[st] ?? 0), 0);
  const nhTotal = STATES.reduce((s, st) => s + (NURSING_HOMES[st] ?? 0), 0);
  const rated = f.stars.reduce((s, n) => s + n, 0);
  out.push(`Generated figures: plan at scale ${scale}, seed ${seed} (\`npx tsx scripts/calibration-report.ts --write\`).`, '');
  out.push('### National figures', '');
  out.push('| figure | published / real | source, year | generated |', '|---|---|---|---|');
  out.push(`| assisted living, monthly median | $${int(NATIONAL_MEDIAN.assistedLiving)} | Genworth Cost of Care Survey 2023 | ${usd(f.national.assistedLiving)} |`);
  out.push(`| nursing home private room, monthly median | $${int(NATIONAL_MEDIAN.nursingHomePrivate)} | Genworth Cost of Care Survey 2023 | ${usd(f.national.nursingHome)} |`);
  out.push(`| nursing homes (CMS-certified) | ${int(nhTotal)} (50 states + DC) | CMS Provider Information 2025 (\`cms-national\`) | ${int(f.nursingHomes)} |`);
  out.push(`| assisted-living supply (facilities) | ${int(alfTotal)} | state licensing lists 2021 (One Fact, \`public/alf-2021\`) | ${int(assistedTotal)} (the generated total stays ~45,000 communities; shares by state are calibrated, not counts) |`);
  out.push(`| largest operator, communities | ~650–700 (Brookdale Senior Living) | Brookdale annual reports 2022–2024 | ${int(f.largestOperators[0] ?? 0)} (target ${LARGEST_OPERATOR}); next: ${f.largestOperators.slice(1).map((n) => int(n)).join(', ')} |`);
  out.push(`| largest nursing-home chain | ${int(LARGEST_NH_CHAIN.homes)} homes (${LARGEST_NH_CHAIN.name.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase())}) | CMS 2025 affiliate_name | – (chains are not split by care type) |`);
  for (let s = 0; s < 5; s++) {
    out.push(`| nursing homes with ${s + 1}★ overall | ${pct(NH_STAR_SHARES[s] ?? 0)} | CMS Provider Information 2025 | ${pct(rated ? (f.stars[s] ?? 0) / rated : 0)} (of ${int(rated)} communities with skilled nursing) |`);
  }
  out.push(`| communities / operators / customer reviews / employee reviews | ~45,000 / ~7,300 / ~1.6M / ~100k | product claim (SPEC) | ${int(f.totals.communities)} / ${int(f.totals.operators)} / ${int(f.totals.customerReviews)} / ${int(f.totals.employeeReviews)} |`);
  out.push('');
  out.push('### Per state', '');
  out.push('AL = assisted living; supply share = the state\'s share of all US assisted-living facilities (real: licensed facilities; generated: assisted living, memory care and residential care home communities); ×pop = supply share / population share; small = share of facilities with ≤16 beds (real: among facilities with a capacity in the list; "–": the list has no capacity, the generator assumes 10%); prices are monthly medians (published: Genworth 2023, see the note on precision; generated: median of the communities\' mid prices for that care type).', '');
  out.push('| state | AL supply share real | generated | ×pop real | ×pop generated | small real | small generated | AL median published | generated | nursing home published | generated |');
  out.push('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const st of STATES) {
    const realShare = (ALF_FACILITIES[st] ?? 0) / alfTotal;
    const genShare = assistedTotal ? (f.assistedByState[st] ?? 0) / assistedTotal : 0;
    const pop = populationShare(st);
    const hasCapacity = ALF_SMALL_SHARE[st] !== undefined && hasCapacityData(st);
    const genSmall = f.assistedByState[st] ? (f.smallByState[st] ?? 0) / (f.assistedByState[st] as number) : 0;
    out.push(
      `| ${st} | ${pct(realShare)} | ${pct(genShare)} | ${(realShare / pop).toFixed(2)} | ${(genShare / pop).toFixed(2)} | ${hasCapacity ? pct(ALF_SMALL_SHARE[st] as number) : '–'} | ${pct(genSmall)} | ${usd(ASSISTED_LIVING_MEDIAN[st] ?? null)} | ${usd(f.assistedLivingMedian[st] ?? null)} | ${usd(NURSING_HOME_MEDIAN[st] ?? null)} | ${usd(f.nursingHomeMedian[st] ?? null)} |`,
    );
  }
  return out.join('\n');
}

import derived from './calibration.json' with { type: 'json' };
function hasCapacityData(st: string): boolean {
  return (derived.alf.byState as Record<string, { smallShare: number | null }>)[st]?.smallShare != null;
}
