// Small pure helpers of the generator's planners: slugs, allocation of a total over weights, a seeded
// shuffle, text lists and templates, and creation dates.
import type { Rng } from './rng';

export const DAY_MS = 86_400_000;

export const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 40);

export const kebab = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Prices are whole tens of dollars. */
export const round10 = (v: number) => Math.round(v / 10) * 10;

/** Splits `total` over weights (floors, then the remainder one by one in index order). */
export function allocate(weights: Float64Array, total: number): Int32Array {
  const out = new Int32Array(weights.length);
  let sum = 0;
  for (const w of weights) sum += w;
  if (sum <= 0 || total <= 0) return out;
  let given = 0;
  for (let i = 0; i < weights.length; i++) {
    const v = Math.floor(((weights[i] as number) * total) / sum);
    out[i] = v;
    given += v;
  }
  for (let i = 0; given < total; i = (i + 1) % weights.length) {
    if ((weights[i] as number) > 0) {
      out[i] = (out[i] as number) + 1;
      given++;
    }
  }
  return out;
}

/** Fisher-Yates with the seeded stream. */
export function shuffle<T>(items: T[], rng: Rng): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    const t = items[i] as T;
    items[i] = items[j] as T;
    items[j] = t;
  }
}

/** "a", "a and b", "a, b and c". */
export const listText = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : items.length === 2 ? `${items[0]} and ${items[1]}` : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** Replaces `{name}` placeholders with `vars[name]` (unknown ones with ''). */
export function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');
}

/** Created within the last three years; the listings of the past week are a separate, small share. */
const CREATED_WITHIN_DAYS = 3 * 365;
const NEW_THIS_WEEK_DAYS = 7;
/** A record "new this week" is created within its first 6.5 days, so that it stays new until the next day. */
const NEW_WINDOW_DAYS = 6.5;

/**
 * Days before `now` a record was created: with probability `newShare` within the past week (the
 * listings a "new this week" figure counts), else between 7 days and 3 years ago.
 */
export function createdDaysAgo(rng: Rng, newShare: number): number {
  return rng.chance(newShare) ? rng.next() * NEW_WINDOW_DAYS : NEW_THIS_WEEK_DAYS + rng.next() * (CREATED_WITHIN_DAYS - NEW_THIS_WEEK_DAYS);
}

/** created_at of a record `daysAgo` days before `nowMs`. */
export const createdAt = (nowMs: number, daysAgo: number) => new Date(nowMs - daysAgo * DAY_MS).toISOString();
