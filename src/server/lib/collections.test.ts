import { describe, expect, it } from 'vitest';
import { rng } from '../test/random';
import { Bitset, filterInto, setOf, TextColumn } from './collections';

describe('filterInto (the rows a filter keeps, as a set)', () => {
  it('equals a test of every row against the sets, the candidates and the test, for any size (the last word partly used)', () => {
    const random = rng(5);
    for (let t = 0; t < 400; t++) {
      const n = 1 + Math.floor(random() * 300);
      const sets = Array.from({ length: Math.floor(random() * 3) }, () => setOf(n, Array.from({ length: n }, (_, i) => i).filter(() => random() < 0.6)));
      const candidates = random() < 0.5 ? Int32Array.from({ length: n }, (_, i) => i).filter(() => random() < 0.3) : null;
      const odd = random() < 0.5;
      const keeps = random() < 0.5 ? (i: number) => (i % 2 === 1) === odd : null;
      // A scratch set holding stale bits: they must not leak into the answer.
      const out = Bitset.full(n);
      const count = filterInto(out, sets, candidates, keeps);
      const expected = Array.from({ length: n }, (_, i) => i).filter(
        (i) => sets.every((s) => s.has(i)) && (candidates === null || candidates.includes(i)) && (keeps === null || keeps(i)),
      );
      expect(out.positions()).toEqual(expected);
      expect(count).toBe(expected.length);
    }
  });
});

describe('TextColumn', () => {
  it('gives back every string as given: nulls, empty strings, ASCII and other letters, emoji, newlines', () => {
    const values = ['Sunrise of Tampa', null, '', 'Résidence Élan — 3 étages', '高齢者住宅', 'a 🏡 b', 'line 1\nline 2\u0000x', null, 'z'];
    const column = TextColumn.of(values.length, (i) => values[i]!);
    expect(column.length).toBe(values.length);
    expect(Array.from({ length: values.length }, (_, i) => column.at(i))).toEqual(values);
  });

  it('keeps many strings of random lengths apart (each one ends where the next begins)', () => {
    const values = Array.from({ length: 5_000 }, (_, i) => (i % 7 === 0 ? null : 'ab\u00e9\u4e2d'.repeat(i % 13) + String(i)));
    const column = TextColumn.of(values.length, (i) => values[i]!);
    for (let i = 0; i < values.length; i++) expect(column.at(i)).toBe(values[i]);
  });

  it('an ASCII column, and columns where one value among ASCII ones is not (Latin-1, other letters, an emoji)', () => {
    const ascii = Array.from({ length: 300 }, (_, i) => (i % 11 === 0 ? null : `${i} Main St, Suite ~${i % 7}`));
    const column = TextColumn.of(ascii.length, (i) => ascii[i]!);
    for (let i = 0; i < ascii.length; i++) expect(column.at(i)).toBe(ascii[i]);
    for (const odd of ['Caf\u00e9', '\u00ff', '\u4e2d', '\u{1f3e1}', 'x\u0080']) {
      const values = Array.from({ length: 50 }, (_, i) => (i === 37 ? odd : `row ${i}`));
      const mixed = TextColumn.of(values.length, (i) => values[i]!);
      for (let i = 0; i < values.length; i++) expect(mixed.at(i)).toBe(values[i]);
    }
  });

  it('a column without nulls and one of none at all', () => {
    expect(TextColumn.of(0, () => 'x').length).toBe(0);
    const column = TextColumn.of(3, (i) => ['x', 'yy', 'zzz'][i]!);
    expect([column.at(0), column.at(1), column.at(2)]).toEqual(['x', 'yy', 'zzz']);
  });
});
