// US formatting helpers used by every screen.
//
// Whole dollars and counts are written here in plain JavaScript rather than by Intl.NumberFormat: the first
// Intl formatter a page builds loads ICU's number data, a long task on a slow phone while the search page
// hydrates (ADR 028). The output is Intl's en-US output character for character (format.test.ts compares the
// two on thousands of values: rounding half away from zero, "-0" for small negatives, shortest digits past 1e21).
let compactCurrency: Intl.NumberFormat | undefined;

/** The digits of a non-negative whole number as Intl writes them (no exponent), with thousands separators. */
function groupedDigits(whole: number): string {
  let digits = String(whole);
  const exp = /^(\d)(?:\.(\d+))?e\+(\d+)$/.exec(digits);
  if (exp) {
    const fraction = exp[2] ?? '';
    digits = exp[1] + fraction + '0'.repeat(Number(exp[3]) - fraction.length);
  }
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** en-US, no decimals: "-" for negatives (and negative zero, as Intl), then `prefix`, then the grouped digits. */
function wholeEnUs(n: number, prefix: string): string {
  const negative = n < 0 || Object.is(n, -0);
  return `${negative ? '-' : ''}${prefix}${groupedDigits(Math.round(Math.abs(n)))}`;
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const toNum = (v: number | string | null | undefined): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return isNum(n) ? n : null;
};

/** $4,280 (no decimals). Returns the fallback for null/undefined/NaN. */
export function formatCurrency(value: number | string | null | undefined, fallback = 'N/A'): string {
  const n = toNum(value);
  return n === null ? fallback : wholeEnUs(n, '$');
}

/** $1.2M, $350K: for large amounts such as annual revenue. */
export function formatCompactCurrency(value: number | string | null | undefined, fallback = 'N/A'): string {
  const n = toNum(value);
  if (n === null) return fallback;
  compactCurrency ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });
  return compactCurrency.format(n);
}

/** 45,247 */
export function formatNumber(value: number | string | null | undefined, fallback = 'N/A'): string {
  const n = toNum(value);
  return n === null ? fallback : wholeEnUs(n, '');
}

/** 4.2 (one decimal). */
export function formatRating(value: number | string | null | undefined, fallback = 'N/A'): string {
  const n = toNum(value);
  return n === null ? fallback : n.toFixed(1);
}

/** 42% from 0.42 (fraction) */
export function formatPercent(fraction: number | null | undefined, digits = 0, fallback = 'N/A'): string {
  return isNum(fraction) ? `${(fraction * 100).toFixed(digits)}%` : fallback;
}

/** Nov 20, 2026 */
/** A percentile as an English ordinal: 1st, 2nd, 3rd, 11th, 23rd, 91.9th (a decimal reads "th"). */
export function formatOrdinal(value: number): string {
  if (!Number.isInteger(value)) return `${value}th`;
  const tens = Math.abs(value) % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[tens % 10] ?? 'th';
  return `${value}${suffix}`;
}

export function formatDate(value: string | number | Date | null | undefined, fallback = ''): string {
  if (value === null || value === undefined || value === '') return fallback;
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return fallback;
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** 'Nov 23, 2026, 5:15 PM' (en-US, the viewer's time zone); '' when there is no value. */
export function formatDateTime(value: string | null): string {
  if (!value) return '';
  const d = new Date(value);
  return d.toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}
