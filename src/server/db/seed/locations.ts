// Planner of where the generated communities are: the state of each community slot (chains near their
// home state, independents and national chains anywhere the supply is), then every state and DC present.
import { STATES } from './geo';
import type { OperatorRow } from './plan-types';
import type { Rng } from './rng';
import { stateTable } from './supply';

/** Share of a regional chain's communities in its home state (the rest in its other states). */
export const REGIONAL_HOME_SHARE = 0.6;
/** Share of a mid-size operator's communities in its home state. */
export const MID_HOME_SHARE = 0.85;

/** The state of each community slot (`slots[i]`: operator index or -1). */
export function planStates(slots: number[], operators: OperatorRow[], regionSets: string[][], rng: Rng): string[] {
  const states: string[] = slots.map((opIdx) => {
    if (opIdx < 0) return stateTable.pick(rng);
    const op = operators[opIdx] as OperatorRow;
    const region = regionSets[opIdx] as string[];
    switch (op.tier) {
      case 'national':
        return stateTable.pick(rng);
      case 'regional':
        return rng.chance(REGIONAL_HOME_SHARE) ? op.homeState : rng.pick(region);
      case 'mid':
        return rng.chance(MID_HOME_SHARE) ? op.homeState : rng.pick(region);
      default:
        return op.homeState;
    }
  });
  coverEveryState(states, slots, operators);
  return states;
}

/**
 * Every state and DC present: a missing state takes a community from a state with several, first an
 * independent or national chain's, at tiny scales any. Changes `states` in place.
 */
function coverEveryState(states: string[], slots: number[], operators: OperatorRow[]): void {
  const perState = new Map<string, number>();
  for (const st of states) perState.set(st, (perState.get(st) ?? 0) + 1);
  for (const anyOperator of [false, true]) {
    let cursor = states.length - 1;
    const movable = (i: number) =>
      (anyOperator || (slots[i] as number) < 0 || operators[slots[i] as number]?.tier === 'national') &&
      (perState.get(states[i] as string) ?? 0) > 1;
    for (const st of STATES) {
      if (perState.has(st)) continue;
      while (cursor >= 0 && !movable(cursor)) cursor--;
      if (cursor < 0) break;
      perState.set(states[cursor] as string, (perState.get(states[cursor] as string) ?? 0) - 1);
      perState.set(st, 1);
      states[cursor] = st;
      cursor--;
    }
  }
}
