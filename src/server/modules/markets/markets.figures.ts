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

/**
 * A sum of doubles rounded once, at the end (Shewchuk's exact partials, as Python's math.fsum): the same double
 * whatever the order of the terms. A competitive set's weighted rating and sentiment are sums over thousands of
 * competitors, which the market index reads in the order of its own layout and SQL in distance order.
 */
export class ExactSum {
  /** Non-overlapping partial sums, smallest magnitude first: the first `n` are in use. */
  private readonly partials: number[] = [];
  private n = 0;

  add(value: number): void {
    const p = this.partials;
    let x = value;
    let kept = 0;
    for (let j = 0; j < this.n; j++) {
      let y = p[j]!;
      if (Math.abs(x) < Math.abs(y)) {
        const t = x;
        x = y;
        y = t;
      }
      const hi = x + y;
      const lo = y - (hi - x);
      if (lo !== 0) p[kept++] = lo;
      x = hi;
    }
    p[kept] = x;
    this.n = kept + 1;
  }

  /** The exact sum of the terms added, rounded to the nearest double (ties to even). */
  value(): number {
    const p = this.partials;
    let n = this.n;
    if (n === 0) return 0;
    let hi = p[--n]!;
    let lo = 0;
    while (n > 0) {
      const x = hi;
      const y = p[--n]!;
      hi = x + y;
      lo = y - (hi - x);
      if (lo !== 0) break;
    }
    // Half-way between two doubles: the partials below decide the direction.
    if (n > 0 && ((lo < 0 && p[n - 1]! < 0) || (lo > 0 && p[n - 1]! > 0))) {
      const y = lo * 2;
      const x = hi + y;
      if (y === x - hi) hi = x;
    }
    return hi;
  }
}
