// The communities planner: references, names unique per city, care types of the kind, prices and
// options consistent with the row, fictional contacts, deterministic for a seed.
import { describe, expect, it } from 'vitest';
import { planCommunities, uniqueName } from './communities';
import { isFictionalPhone, isReservedEmail, isReservedWebsite } from './contact';
import { placesByState } from './geo';
import { planStates } from './locations';
import { planOperators } from './operators';
import { targetCounts } from './plan-types';
import { Rng } from './rng';
import { KIND, KINDS } from './supply';

const NOW = Date.UTC(2026, 10, 20, 12);
const idBase = { operators: 0, communities: 500, pricing: 0, customerReviews: 0, employeeReviews: 0 };

function communitiesAt(scale: number, seed: number) {
  const places = placesByState();
  const ops = planOperators(targetCounts(scale), new Rng(seed, 'operators'), places, idBase, NOW);
  const rng = new Rng(seed, 'communities');
  const states = planStates(ops.slots, ops.operators, ops.regionSets, rng);
  return { ...ops, states, ...planCommunities({ operators: ops.operators, slots: ops.slots, states, places, idBase, nowMs: NOW }, rng) };
}

const { operators, slots, states, communities, communitiesByOperator, pricingCount } = communitiesAt(0.02, 11);

describe('planCommunities', () => {
  it('plans one community per slot, numbered after the id base, in its slot state and with its slot operator', () => {
    expect(communities).toHaveLength(slots.length);
    communities.forEach((c, i) => {
      expect(c.id).toBe(idBase.communities + i + 1);
      expect(c.state).toBe(states[i]);
      expect(c.operatorId).toBe(slots[i] === -1 ? null : operators[slots[i] as number]!.id);
    });
    communitiesByOperator.forEach((list, oi) => {
      for (const ci of list) expect(slots[ci]).toBe(oi);
    });
    expect(communitiesByOperator.flat().length).toBe(slots.filter((s) => s >= 0).length);
  });

  it('names communities uniquely within their city', () => {
    const keys = communities.map((c) => `${c.state}|${c.city}|${c.name.toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("gives each community its kind's care types, capacity and price bands for exactly its care types", () => {
    const byType = new Map(KINDS.map((k) => [k.communityType, k]));
    let priced = 0;
    for (const c of communities) {
      const kind = byType.get(c.communityType)!;
      for (const ct of kind.base) expect(c.careTypes).toContain(ct);
      expect(c.capacity).toBeGreaterThanOrEqual(kind.capacity[0]);
      expect(c.capacity).toBeLessThanOrEqual(kind.capacity[1]);
      if (c.pricing.length) {
        priced += c.pricing.length;
        expect(c.pricing.map((p) => p.careType)).toEqual(c.careTypes);
        expect(c.minPrice).toBe(Math.min(...c.pricing.map((p) => p.minPrice)));
        expect(c.maxPrice).toBe(Math.max(...c.pricing.map((p) => p.maxPrice)));
      } else {
        expect([c.minPrice, c.maxPrice]).toEqual([null, null]);
      }
      expect(c.score).toBeGreaterThanOrEqual(1);
      expect(c.score).toBeLessThanOrEqual(5);
      expect(c.photos).toEqual(Array.from({ length: c.photos.length }, (_, k) => `/media/communities/${c.id}/${k + 1}.svg`));
      expect(c.photos.length).toBeLessThanOrEqual(5);
    }
    expect(pricingCount).toBe(priced);
  });

  it('gives fictional contacts only, on the chain domain for chain communities', () => {
    for (const c of communities) {
      expect([c.phone, isFictionalPhone(c.phone, c.state)]).toEqual([c.phone, true]);
      expect([c.email, isReservedEmail(c.email)]).toEqual([c.email, true]);
      expect([c.website, isReservedWebsite(c.website)]).toEqual([c.website, true]);
      const op = c.operatorId === null ? null : operators.find((o) => o.id === c.operatorId)!;
      if (op && op.tier !== 'small' && op.tier !== 'single') expect(c.website).toContain(op.domain);
      expect(Date.parse(c.createdAt)).toBeLessThan(NOW);
    }
  });

  it('is the same for the same seed', () => {
    expect(communitiesAt(0.005, 3).communities).toEqual(communitiesAt(0.005, 3).communities);
  });
});

describe('uniqueName', () => {
  it('tells two homes of the same city apart by their street once names run out', () => {
    const used = new Set<string>();
    const slot = { op: null, state: 'TX', place: { zip: '78701', city: 'Austin', state: 'TX', lat: 30.27, lng: -97.74 }, kind: KIND.rch };
    const names = Array.from({ length: 400 }, () => uniqueName(new Rng(1, 'same'), slot, used));
    expect(new Set(names).size).toBe(400);
    expect(names.some((n) => / on /.test(n))).toBe(true);
  });
});
