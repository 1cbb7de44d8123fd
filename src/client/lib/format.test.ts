import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDate, formatNumber, formatOrdinal, formatRating } from './format';

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
  it('writes percentiles as English ordinals', () => {
    expect([0, 1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 100, 101, 111].map(formatOrdinal)).toEqual([
      '0th', '1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '100th', '101st', '111th',
    ]);
    expect(formatOrdinal(91.9)).toBe('91.9th');
  });
});
