// The generator's pure helpers: allocation, seeded shuffle, text lists, templates and creation dates.
import { describe, expect, it } from 'vitest';
import { allocate, clamp, createdDaysAgo, fill, kebab, listText, round10, shuffle, slug } from './helpers';
import { Rng } from './rng';

describe('allocate', () => {
  it('splits a total over weights exactly, in proportion, nothing to a zero weight', () => {
    const out = allocate(Float64Array.from([1, 0, 3, 2]), 601);
    expect(Array.from(out).reduce((s, n) => s + n, 0)).toBe(601);
    expect(out[1]).toBe(0);
    // Floors are 100, 0, 300, 200; the remainder goes one by one in index order.
    expect(Array.from(out)).toEqual([101, 0, 300, 200]);
  });

  it('gives nothing without weight or total', () => {
    expect(Array.from(allocate(Float64Array.from([0, 0]), 10))).toEqual([0, 0]);
    expect(Array.from(allocate(Float64Array.from([1, 2]), 0))).toEqual([0, 0]);
  });
});

describe('shuffle', () => {
  it('permutes the items, the same way for the same stream', () => {
    const a = Array.from({ length: 50 }, (_, i) => i);
    const b = [...a];
    shuffle(a, new Rng(1, 'x'));
    shuffle(b, new Rng(1, 'x'));
    expect(a).toEqual(b);
    expect(a).not.toEqual([...a].sort((x, y) => x - y));
    expect([...a].sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
});

describe('text helpers', () => {
  it('lists, fills templates, slugs and rounds', () => {
    expect(listText([])).toBe('');
    expect(listText(['a'])).toBe('a');
    expect(listText(['a', 'b'])).toBe('a and b');
    expect(listText(['a', 'b', 'c'])).toBe('a, b and c');
    expect(fill('{name} in {city}{none}', { name: 'Oak', city: 'Austin' })).toBe('Oak in Austin');
    expect(slug('Oak & Pine Living!')).toBe('oakandpineliving');
    expect(kebab(' St. Paul & Co ')).toBe('st-paul-and-co');
    expect(round10(5354)).toBe(5350);
    expect(clamp(9, 1, 5)).toBe(5);
  });
});

describe('createdDaysAgo', () => {
  it('lies within the past week for the new share and between 7 days and 3 years otherwise', () => {
    const rng = new Rng(3, 'created');
    const all = Array.from({ length: 2000 }, () => createdDaysAgo(rng, 0.1));
    const recent = all.filter((d) => d < 7);
    expect(all.every((d) => d >= 0 && d < 3 * 365)).toBe(true);
    expect(recent.every((d) => d < 6.5)).toBe(true);
    expect(recent.length / all.length).toBeGreaterThan(0.07);
    expect(recent.length / all.length).toBeLessThan(0.13);
  });
});
