// Review dates: from 2019-01-01 to the day before now, skewed toward recent days.
import { describe, expect, it } from 'vitest';
import { dayIndex, reviewDays } from './review-dates';
import { Rng } from './rng';

describe('review dates', () => {
  it('lists every day from 2019-01-01 to the day before now', () => {
    const days = reviewDays(Date.UTC(2019, 0, 11, 12));
    expect(days[0]).toBe('2019-01-01');
    expect(days[days.length - 1]).toBe('2019-01-10');
    expect(days).toHaveLength(10);
    expect(reviewDays(Date.UTC(2018, 5, 1))).toEqual(['2018-06-01']);
  });

  it('picks later days more often (density grows linearly)', () => {
    const rng = new Rng(1, 'days');
    const picks = Array.from({ length: 20_000 }, () => dayIndex(rng, 100));
    expect(picks.every((d) => d >= 0 && d < 100)).toBe(true);
    const late = picks.filter((d) => d >= 50).length / picks.length;
    expect(late).toBeGreaterThan(0.72); // 1 - 0.5^2 = 0.75
    expect(late).toBeLessThan(0.78);
  });
});
