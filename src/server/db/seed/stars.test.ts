// Star ratings: the normal CDF, the CMS cut points and the score of a community.
import { describe, expect, it } from 'vitest';
import { NH_STAR_SHARES } from './calibration';
import { Rng } from './rng';
import { communityScore, normalCdf, starAt } from './stars';

describe('stars', () => {
  it('computes the standard normal CDF to 1e-6', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 6);
  });

  it('maps quantiles to stars at the cumulative CMS shares', () => {
    const cut1 = NH_STAR_SHARES[0] as number;
    expect(starAt(0)).toBe(1);
    expect(starAt(cut1 - 1e-9)).toBe(1);
    expect(starAt(cut1)).toBe(2);
    expect(starAt(0.999999)).toBe(5);
  });

  it('spreads nursing scores like CMS and keeps every score in 1-5', () => {
    const rng = new Rng(5, 'stars');
    const counts = [0, 0, 0, 0, 0];
    for (let i = 0; i < 20_000; i++) {
      const s = communityScore(rng, true, rng.normal() * 0.6 + rng.normal() * 0.8, true);
      counts[s - 1]! += 1;
    }
    counts.forEach((n, i) => expect(Math.abs(n / 20_000 - (NH_STAR_SHARES[i] as number))).toBeLessThan(0.03));
    for (let i = 0; i < 1000; i++) {
      const s = communityScore(rng, false, rng.normal(), false);
      expect(s >= 1 && s <= 5 && Number.isInteger(s)).toBe(true);
    }
  });
});
