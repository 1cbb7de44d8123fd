import { describe, expect, it } from 'vitest';
import { colorFor, quintiles, SCALE_COLORS } from './county-map';

describe('county map colours', () => {
  it('cuts the figures into fifths and colours none, thin and ample supply apart', () => {
    const values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    // Cut points at the 20/40/60/80% ranks of the sorted figures.
    expect(quintiles(values)).toEqual([3, 5, 7, 9]);
    const cuts = quintiles(values);
    expect(colorFor(1, cuts)).toBe(SCALE_COLORS[0]);
    expect(colorFor(5, cuts)).toBe(SCALE_COLORS[2]);
    expect(colorFor(10, cuts)).toBe(SCALE_COLORS[4]);
    expect(colorFor(0, cuts)).not.toBe(SCALE_COLORS[0]);
    expect(colorFor(null, cuts)).not.toBe(colorFor(0, cuts));
    expect(quintiles([])).toEqual([]);
  });
});
