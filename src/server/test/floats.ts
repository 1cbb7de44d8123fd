// Comparing figures that two paths compute as float8 sums in another order (per-community or per-key sums
// added up against one sum over the rows): equal to 1e-9, the rest exact.
import type { ThemeReport } from '../../contracts/themes';

export const round9 = (n: number): number => Math.round(n * 1e9) / 1e9;

/** A theme report with its means rounded to 1e-9. */
export function comparableReport(r: ThemeReport) {
  return {
    ...r,
    themes: r.themes.map((t) => ({
      ...t,
      averageSentiment: round9(t.averageSentiment),
      quarters: t.quarters.map((q) => ({ ...q, averageSentiment: round9(q.averageSentiment) })),
    })),
  };
}
