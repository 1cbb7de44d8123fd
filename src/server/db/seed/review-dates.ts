// The days generated reviews are dated on: 2019-01-01 up to the day before `now`, recent years denser.
import { DAY_MS } from './helpers';
import type { Rng } from './rng';

/** The first day of generated reviews. */
export const REVIEWS_FROM = Date.UTC(2019, 0, 1);

/** Review days as YYYY-MM-DD, REVIEWS_FROM .. the day before `nowMs` (the day of `nowMs` when that is earlier). */
export function reviewDays(nowMs: number): string[] {
  const days: string[] = [];
  for (let t = REVIEWS_FROM; t < nowMs - DAY_MS / 2; t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  if (days.length === 0) days.push(new Date(nowMs).toISOString().slice(0, 10));
  return days;
}

/** A day index skewed toward recent years (density grows linearly with time). */
export function dayIndex(rng: Rng, count: number): number {
  return Math.min(count - 1, Math.floor(Math.sqrt(rng.next()) * count));
}
