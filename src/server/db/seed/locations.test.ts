// The locations planner: every state and DC present, small operators at home, deterministic.
import { describe, expect, it } from 'vitest';
import { placesByState, STATES } from './geo';
import { planStates } from './locations';
import { planOperators } from './operators';
import { targetCounts } from './plan-types';
import { Rng } from './rng';

const idBase = { operators: 0, communities: 0, pricing: 0, customerReviews: 0, employeeReviews: 0 };
const NOW = Date.UTC(2026, 10, 20, 12);

function statesAt(scale: number, seed: number) {
  const ops = planOperators(targetCounts(scale), new Rng(seed, 'operators'), placesByState(), idBase, NOW);
  return { ...ops, states: planStates(ops.slots, ops.operators, ops.regionSets, new Rng(seed, 'communities')) };
}

describe('planStates', () => {
  it('puts a community in every state and DC even at the smallest scale', () => {
    for (const scale of [0.0001, 0.01]) {
      const { states, slots } = statesAt(scale, 5);
      expect(states).toHaveLength(slots.length);
      expect(STATES.filter((st) => !states.includes(st))).toEqual([]);
    }
  });

  it("keeps single and small operators' communities in their home state and regional ones in their region", () => {
    const { states, slots, operators, regionSets } = statesAt(0.02, 5);
    const perState = new Map<string, number>();
    for (const st of states) perState.set(st, (perState.get(st) ?? 0) + 1);
    slots.forEach((opIdx, i) => {
      const op = operators[opIdx];
      if (!op || perState.get(states[i] as string) === 1) return; // moved to cover a missing state
      if (op.tier === 'single' || op.tier === 'small') expect(states[i]).toBe(op.homeState);
      if (op.tier === 'regional' || op.tier === 'mid') expect(regionSets[opIdx]).toContain(states[i]);
    });
  });

  it('is the same for the same seed', () => {
    expect(statesAt(0.01, 9).states).toEqual(statesAt(0.01, 9).states);
  });
});
