// The operators planner: tiers, sizes (the largest chain scaled from the largest US operator), slots
// and identities, deterministic for a seed.
import { describe, expect, it } from 'vitest';
import { LARGEST_OPERATOR } from './calibration';
import { isFictionalPhone, isReservedEmail, isReservedWebsite } from './contact';
import { placesByState } from './geo';
import { communitySlots, nationalChainSizes, OWNED_SHARE, operatorSizes, operatorTiers, planOperators, TIER_SHARES } from './operators';
import { FULL_SCALE, targetCounts } from './plan-types';
import { Rng } from './rng';

const NOW = Date.UTC(2026, 10, 20, 12);
const idBase = { operators: 100, communities: 0, pricing: 0, customerReviews: 0, employeeReviews: 0 };
const plan = (seed: number, scale = 0.05) => planOperators(targetCounts(scale), new Rng(seed, 'operators'), placesByState(), idBase, NOW);

describe('operator tiers and sizes', () => {
  it('orders the tiers national, regional, mid, small, single with their shares', () => {
    const tiers = operatorTiers(FULL_SCALE.operators);
    const n = (t: string) => tiers.filter((x) => x === t).length;
    expect(n('national')).toBe(Math.round(FULL_SCALE.operators * TIER_SHARES.national));
    expect(n('mid')).toBe(Math.round(FULL_SCALE.operators * TIER_SHARES.mid));
    expect(tiers.indexOf('regional')).toBe(n('national'));
    expect(tiers[tiers.length - 1]).toBe('single');
    expect(tiers.length).toBe(FULL_SCALE.operators);
  });

  it('sizes each tier in its range and gives the largest chain its share of the communities', () => {
    const tiers = operatorTiers(FULL_SCALE.operators);
    const sizes = operatorSizes(tiers, FULL_SCALE.communities, new Rng(1, 'operators'));
    tiers.forEach((t, i) => {
      const s = sizes[i] as number;
      if (t === 'single') expect(s).toBe(1);
      if (t === 'small') expect([t, s >= 2 && s <= 5]).toEqual([t, true]);
      if (t === 'mid') expect([t, s >= 6 && s <= 20]).toEqual([t, true]);
      if (t === 'regional') expect([t, s >= 6 && s <= 171]).toEqual([t, true]);
    });
    expect(Math.abs((sizes[0] as number) - LARGEST_OPERATOR)).toBeLessThanOrEqual(5);
    const total = Array.from(sizes).reduce((a, b) => a + b, 0);
    expect(Math.abs(total / Math.round(FULL_SCALE.communities * OWNED_SHARE) - 1)).toBeLessThan(0.01);
  });

  it('makes national chains shrink with rank and share the pool exactly', () => {
    const sizes = Array.from(nationalChainSizes(29, 10_000, 680));
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(10_000);
    expect(Math.abs((sizes[0] as number) - 680)).toBeLessThanOrEqual(1);
    for (let k = 1; k < sizes.length; k++) expect(sizes[k] as number).toBeLessThanOrEqual(sizes[k - 1] as number);
  });

  it('fills exactly the community slots, independents marked -1', () => {
    const slots = communitySlots(Int32Array.from([3, 2, 1]), 8, new Rng(2, 'operators'));
    expect(slots).toHaveLength(8);
    expect([...slots].sort((a, b) => a - b)).toEqual([-1, -1, 0, 0, 0, 1, 1, 2]);
    expect(communitySlots(Int32Array.from([5, 5]), 4, new Rng(2, 'operators'))).toHaveLength(4);
  });
});

describe('planOperators', () => {
  it('is the same for the same seed and differs for another', () => {
    expect(plan(7)).toEqual(plan(7));
    expect(plan(8).operators.map((o) => o.name)).not.toEqual(plan(7).operators.map((o) => o.name));
  });

  it('numbers operators after the id base, with unique brands and fictional contacts', () => {
    const { operators, regionSets, slots } = plan(7);
    const counts = targetCounts(0.05);
    expect(operators.map((o) => o.id)).toEqual(Array.from({ length: counts.operators }, (_, i) => idBase.operators + i + 1));
    expect(new Set(operators.map((o) => o.brand)).size).toBe(operators.length);
    for (const o of operators) {
      expect([o.name, isFictionalPhone(o.phone, o.state)]).toEqual([o.name, true]);
      if (o.email) expect(isReservedEmail(o.email)).toBe(true);
      if (o.webpage) expect(isReservedWebsite(o.webpage)).toBe(true);
      expect(Date.parse(o.createdAt)).toBeLessThan(NOW);
      expect(o.revenue).toBeNull();
    }
    expect(regionSets.map((r) => r[0])).toEqual(operators.map((o) => o.homeState));
    expect(slots).toHaveLength(counts.communities);
    expect(slots.every((s) => s >= -1 && s < operators.length)).toBe(true);
  });
});
