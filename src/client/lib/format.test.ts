import { describe, expect, it } from 'vitest';
import { formatCompactCurrency, formatCurrency, formatDate, formatNumber, formatOrdinal, formatRating } from './format';

describe('format', () => {
  it('formats US currency without decimals', () => {
    expect(formatCurrency(4280)).toBe('$4,280');
    expect(formatCurrency(4280.6)).toBe('$4,281');
    expect(formatCurrency(null)).toBe('N/A');
    expect(formatCurrency('5350')).toBe('$5,350');
  });
  it('formats numbers, ratings and dates', () => {
    expect(formatNumber(45247)).toBe('45,247');
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(4.25)).toBe('4.3');
    expect(formatDate('2026-11-20T12:00:00Z')).toBe('Nov 20, 2026');
    expect(formatDate('nope', '-')).toBe('-');
  });
  it('writes whole dollars and counts exactly as Intl.NumberFormat en-US does', () => {
    const intlNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    const intlCurrency = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const values = [0, -0, 0.5, -0.5, 1.5, 2.5, -2.5, 999.5, 1000, -0.4, 1e-7, -1e-7, 0.49999999999999994, 2 ** 53, 2 ** 60, 1e21, 1.5e300, 123456789012345680000, Number.MAX_VALUE, -Number.MAX_VALUE];
    for (let i = 0; i < 20_000; i++) {
      const magnitude = 10 ** Math.floor(random() * 26 - 3);
      const v = (random() - 0.3) * magnitude;
      values.push(v, Math.trunc(v) + 0.5, Math.round(v));
    }
    for (const v of values) {
      expect(formatNumber(v), String(v)).toBe(intlNumber.format(v));
      expect(formatCurrency(v), String(v)).toBe(intlCurrency.format(v));
    }
    expect(formatNumber(-1234.5)).toBe('-1,235');
    expect(formatCurrency(-0.4)).toBe('-$0');
    expect(formatCompactCurrency(1_250_000)).toBe('$1.3M');
  });
  it('writes percentiles as English ordinals', () => {
    expect([0, 1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 100, 101, 111].map(formatOrdinal)).toEqual([
      '0th', '1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '100th', '101st', '111th',
    ]);
    expect(formatOrdinal(91.9)).toBe('91.9th');
  });
});
