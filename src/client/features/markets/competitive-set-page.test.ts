import { describe, expect, it } from 'vitest';
import { radiusOf } from './competitive-set-page';

describe('the competitive set radius in the address', () => {
  it('reads one of the offered radii and falls back to 10 miles for anything else', () => {
    expect(radiusOf('?radius=5')).toBe(5);
    expect(radiusOf('radius=25')).toBe(25);
    expect(radiusOf('?radius=10')).toBe(10);
    for (const bad of ['', '?radius=', '?radius=7', '?radius=25.5', '?radius=abc', '?radius=-5', '?radius=1e1x']) expect(radiusOf(bad)).toBe(10);
  });
});
