// The generator's plan at the product scale (no database): calibration to published and real figures
// (docs/data-calibration.md), unique names per city, one amenity vocabulary and correct articles.
import { beforeAll, describe, expect, it } from 'vitest';
import { LARGEST_OPERATOR, NH_STAR_SHARES, NURSING_HOMES, PRICE_FACTORS, ALF_SMALL_SHARE } from './calibration';
import { AMENITY_EQUIVALENTS, buildPlan, withArticle, type Plan } from './generate';
import { STATES } from './geo';
import { measurePlan, type PlanFigures } from './report';
import { populationShare } from './calibration';
import derived from './calibration.json' with { type: 'json' };

const NOW = new Date('2026-11-20T12:00:00Z');
let plan: Plan;
let f: PlanFigures;

beforeAll(() => {
  plan = buildPlan({ scale: 1, seed: 20261120, now: NOW });
  f = measurePlan(plan);
}, 120_000);

const rank = (values: Record<string, number | null>, st: string) =>
  Object.values(values).filter((v) => v !== null && v > (values[st] as number)).length;

describe('calibration at scale 1', () => {
  it('gives the largest operator about as many communities as the largest US operator (650-700)', () => {
    expect(f.largestOperators[0]).toBeGreaterThanOrEqual(650);
    expect(f.largestOperators[0]).toBeLessThanOrEqual(700);
    expect(Math.abs((f.largestOperators[0] as number) - LARGEST_OPERATOR)).toBeLessThanOrEqual(5);
    expect(f.largestOperators[1]).toBeLessThan(f.largestOperators[0] as number);
  });

  it('spreads nursing-home star ratings like CMS (each star within 2 points)', () => {
    const rated = f.stars.reduce((s, n) => s + n, 0);
    expect(rated).toBeGreaterThan(10_000);
    f.stars.forEach((n, i) => expect([i + 1, Math.abs(n / rated - (NH_STAR_SHARES[i] as number)) < 0.02]).toEqual([i + 1, true]));
  });

  it('prices Texas nursing homes among the cheapest while its assisted living stays near the median', () => {
    expect(PRICE_FACTORS['Skilled Nursing'].TX).toBeLessThan(1);
    const nh = f.nursingHomeMedian;
    expect(nh.TX as number).toBeLessThan(f.national.nursingHome as number);
    expect(rank(nh, 'TX')).toBeGreaterThanOrEqual(STATES.length - 5);
    expect(Math.abs((f.assistedLivingMedian.TX as number) / (f.national.assistedLiving as number) - 1)).toBeLessThan(0.12);
  });

  it('puts Hawaii, Maine and Vermont assisted living in the top decile of states', () => {
    for (const st of ['HI', 'ME', 'VT']) expect([st, rank(f.assistedLivingMedian, st) < Math.ceil(STATES.length / 10)]).toEqual([st, true]);
  });

  it('keeps national medians near the published ones (within 8%)', () => {
    expect(Math.abs((f.national.assistedLiving as number) / 5350 - 1)).toBeLessThan(0.08);
    expect(Math.abs((f.national.nursingHome as number) / 9733 - 1)).toBeLessThan(0.08);
  });

  it('gives Michigan and Wisconsin several times the assisted-living supply their population suggests', () => {
    const total = Object.values(f.assistedByState).reduce((s, n) => s + n, 0);
    for (const st of ['MI', 'WI']) {
      const ratio = (f.assistedByState[st] as number) / total / populationShare(st);
      expect([st, ratio > 2.5]).toEqual([st, true]);
    }
    // ... and a populous state with few licensed homes less than its population share.
    expect((f.assistedByState.NY as number) / total / populationShare('NY')).toBeLessThan(0.5);
  });

  it('mixes small residential care homes per state as the licensing lists do (within 8 points where known)', () => {
    const known = STATES.filter((st) => (derived.alf.byState as Record<string, { smallShare: number | null }>)[st]?.smallShare != null);
    for (const st of known) {
      const n = f.assistedByState[st] as number;
      if (n < 300) continue;
      const share = (f.smallByState[st] as number) / n;
      expect([st, Math.abs(share - (ALF_SMALL_SHARE[st] as number)) < 0.08]).toEqual([st, true]);
    }
    expect(f.smallByState.NJ as number).toBeLessThan((f.assistedByState.NJ as number) * 0.05);
    expect(f.smallByState.CA as number).toBeGreaterThan((f.assistedByState.CA as number) * 0.7);
  });

  it('has about as many nursing homes as CMS certifies (within 5%)', () => {
    const cms = STATES.reduce((s, st) => s + (NURSING_HOMES[st] ?? 0), 0);
    expect(Math.abs(f.nursingHomes / cms - 1)).toBeLessThan(0.05);
  });

  it('keeps the product scale', () => {
    expect(f.totals.communities).toBeGreaterThanOrEqual(45_000);
    expect(f.totals.operators).toBeGreaterThanOrEqual(7_000);
    expect(f.totals.customerReviews).toBeGreaterThanOrEqual(1_600_000);
    expect(f.totals.employeeReviews).toBeGreaterThanOrEqual(100_000);
  });
});

describe('coherent communities at scale 1', () => {
  it('names every community uniquely within its city', () => {
    const seen = new Set<string>();
    const dupes = plan.communities.filter((c) => {
      const key = `${c.state}|${c.city}|${c.name.toLowerCase()}`;
      const dupe = seen.has(key);
      seen.add(key);
      return dupe;
    });
    expect(dupes.map((c) => `${c.name}, ${c.city}`)).toEqual([]);
  });

  it('derives the Community Insights amenity lists from the search amenities for every community', () => {
    const bad = plan.communities.filter((c) =>
      AMENITY_EQUIVALENTS.some((e) => c.amenities.includes(e.amenity) !== c[e.list].includes(e.value)) ||
      (c.healthcareServices.includes('24/7 Nursing') && !c.amenities.includes('24/7 Care')) ||
      (c.diningServices.length > 0) !== c.amenities.includes('Dining Services'),
    );
    expect(bad.slice(0, 3).map((c) => c.id)).toEqual([]);
    // The equivalences are exercised both ways.
    for (const e of AMENITY_EQUIVALENTS) {
      expect(plan.communities.some((c) => c.amenities.includes(e.amenity))).toBe(true);
      expect(plan.communities.some((c) => !c.amenities.includes(e.amenity))).toBe(true);
    }
  });

  it('uses the right article before community types in descriptions', () => {
    expect(withArticle('assisted living community')).toBe('an assisted living community');
    expect(withArticle('independent living community')).toBe('an independent living community');
    expect(withArticle('nursing home')).toBe('a nursing home');
    const bad = plan.communities.filter((c) => /\b[Aa] [aeioAEIO]/.test(c.description) || /\ban [^aeiou]/.test(c.description));
    expect(bad.slice(0, 3).map((c) => c.description)).toEqual([]);
    expect(plan.communities.some((c) => c.description.includes('is an assisted living community'))).toBe(true);
  });
});
