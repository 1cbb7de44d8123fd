// The prices planner: bands per care type, whole tens, above the floor, around the state's level.
import { describe, expect, it } from 'vitest';
import { PRICE_FACTORS } from './calibration';
import { planPricing, PRICE_CENTER, PRICE_FLOOR, UNPRICED_SHARE } from './prices';
import { Rng } from './rng';
import { KIND } from './supply';

describe('planPricing', () => {
  const rng = new Rng(21, 'prices');
  const runs = Array.from({ length: 3000 }, () => planPricing(rng, ['Assisted Living', 'Memory Care'], KIND.al, 0, 'TX'));

  it('gives a band for each care type in order, or none for the unpriced share', () => {
    const unpriced = runs.filter((r) => r.length === 0).length / runs.length;
    expect(Math.abs(unpriced - UNPRICED_SHARE)).toBeLessThan(0.02);
    for (const r of runs.filter((x) => x.length)) expect(r.map((p) => p.careType)).toEqual(['Assisted Living', 'Memory Care']);
  });

  it('makes bands of whole tens above the floor, as wide as the care type allows', () => {
    for (const p of runs.flat()) {
      expect(p.minPrice % 10).toBe(0);
      expect(p.maxPrice % 10).toBe(0);
      expect(p.minPrice).toBeGreaterThanOrEqual(PRICE_FLOOR);
      const [lo, hi] = PRICE_CENTER[p.careType].width;
      expect(p.maxPrice - p.minPrice).toBeGreaterThanOrEqual(Math.round(lo / 10) * 10);
      expect(p.maxPrice - p.minPrice).toBeLessThanOrEqual(Math.round(hi / 10) * 10);
    }
  });

  it("centers a care type's mid prices near the national center times the state's level", () => {
    const mids = runs.flat().filter((p) => p.careType === 'Assisted Living').map((p) => (p.minPrice + p.maxPrice) / 2).sort((a, b) => a - b);
    const median = mids[Math.floor(mids.length / 2)] as number;
    const expected = PRICE_CENTER['Assisted Living'].center * (PRICE_FACTORS['Assisted Living'].TX ?? 1);
    expect(Math.abs(median / expected - 1)).toBeLessThan(0.05);
  });

  it('is the same for the same stream', () => {
    expect(planPricing(new Rng(4, 'p'), ['Skilled Nursing'], KIND.snf, 0.3, 'CA')).toEqual(planPricing(new Rng(4, 'p'), ['Skilled Nursing'], KIND.snf, 0.3, 'CA'));
  });
});
