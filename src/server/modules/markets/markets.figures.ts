// Figures of the markets module computed in JavaScript (ADR 020): beds per 1,000, percentiles as PostgreSQL
// computes them, percent ranks; the server tests compare each with a hand computation.

/** capacity per 1,000 people aged 65+, one decimal. */
export function bedsPer1000(capacity: number, population65: number | null): number | null {
  if (!population65) return null;
  return Math.round((capacity / population65) * 10_000) / 10;
}

/** PostgreSQL's percentile_cont: linear interpolation at position p * (n - 1) of the sorted values. */
export function percentileCont(sorted: ArrayLike<number>, p: number): number | null {
  if (!sorted.length) return null;
  const pos = p * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** Percent of `others` below `value`, ties counted half (mid-rank), one decimal. */
export function percentRank(value: number, others: ArrayLike<number>): number | null {
  if (!others.length) return null;
  let below = 0;
  let equal = 0;
  for (let k = 0; k < others.length; k++) {
    if (others[k]! < value) below++;
    else if (others[k] === value) equal++;
  }
  return Math.round(((below + equal / 2) / others.length) * 1000) / 10;
}

export const round = (n: number | null, digits = 0) => (n === null ? null : Math.round(n * 10 ** digits) / 10 ** digits);
export const mid = (p: { minPrice: number; maxPrice: number }) => (p.minPrice + p.maxPrice) / 2;
