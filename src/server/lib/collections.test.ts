import { describe, expect, it } from 'vitest';
import { rng } from '../test/random';
import { Bitset, filterInto, setOf } from './collections';

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
