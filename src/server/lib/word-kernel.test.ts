// The 64-bit word kernel (word-kernel.ts) against the 32-bit JavaScript it replaces, on random sets of every length
// from none to a few hundred words and one of a scale-10 directory's size, at several densities.
import { describe, expect, it } from 'vitest';
import { rng } from '../test/random';
import { Bitset } from './collections';
import { andWords, bandWords, countWords, intersectWords, orWords } from './word-kernel';

/** The set bits of a 32-bit word, as the JavaScript loops the kernel replaced counted them. */
function bitCount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

const random = rng(7);
/** `count` random words, each bit set with probability `p`. */
function words(count: number, p: number): Uint32Array {
  const w = new Uint32Array(count);
  for (let k = 0; k < count; k++) {
    if (p >= 1) w[k] = 0xffffffff;
    else for (let b = 0; b < 32; b++) if (random() < p) w[k]! |= 1 << b;
  }
  return w;
}
const jsCount = (w: Uint32Array) => w.reduce((n, x) => n + bitCount(x), 0);
const LENGTHS = [0, 1, 2, 3, 4, 5, 7, 8, 31, 32, 33, 63, 64, 65, 127, 200, 14_140];
const DENSITIES = [0, 0.01, 0.3, 0.5, 1];

describe('word kernel', () => {
  it('ANDs, ORs and counts as 32-bit word loops do', () => {
    for (const length of LENGTHS) {
      for (const p of DENSITIES) {
        const a = words(length, p);
        const b = words(length, 0.5);
        const bBefore = b.slice();
        const and = a.map((x, k) => x & b[k]!);
        const or = a.map((x, k) => x | b[k]!);
        const d1 = a.slice();
        andWords(d1, b);
        expect(d1, `and ${length} ${p}`).toEqual(and);
        const d2 = a.slice();
        orWords(d2, b);
        expect(d2, `or ${length} ${p}`).toEqual(or);
        expect(countWords(a), `count ${length} ${p}`).toBe(jsCount(a));
        // The operands are copied in: the source is unchanged.
        expect(b).toEqual(bBefore);
      }
    }
  });

  it('intersects one to four sets and counts the result', () => {
    for (const length of LENGTHS) {
      for (let sets = 1; sets <= 4; sets++) {
        const list = Array.from({ length: sets }, (_, k) => words(length, [1, 0.9, 0.7, 0.5][k]!));
        const expected = list[0]!.map((x, w) => list.reduce((acc, s) => acc & s[w]!, x));
        const out = new Uint32Array(length).fill(0xdeadbeef);
        const count = intersectWords(
          out,
          list.map((w) => ({ words: w })),
        );
        expect(out, `${length} × ${sets}`).toEqual(expected);
        expect(count).toBe(jsCount(expected));
      }
    }
  });

  it("keeps a band's members and counts the unpriced as PriceBands.match's word loop does", () => {
    for (const length of LENGTHS) {
      for (const size of [length * 32, Math.max(0, length * 32 - 5), Math.max(0, length * 32 - 31)]) {
        if (Math.ceil(size / 32) !== length) continue;
        for (const withCandidates of [false, true]) {
          for (const keepUnpriced of [false, true]) {
            const candidates = withCandidates ? words(length, 0.6) : null;
            const priced = words(length, 0.7);
            const inBand = words(length, 0.4).map((x, k) => x & priced[k]!);
            const tail = size & 31 ? (1 << (size & 31)) - 1 : 0xffffffff;
            const expected = new Uint32Array(length);
            let total = 0;
            let unpriced = 0;
            for (let w = 0; w < length; w++) {
              const can = candidates ? candidates[w]! : w < length - 1 ? 0xffffffff : tail;
              const none = can & ~priced[w]!;
              unpriced += bitCount(none);
              const kept = (can & inBand[w]!) | (keepUnpriced ? none : 0);
              total += bitCount(kept);
              expected[w] = kept;
            }
            const out = new Uint32Array(length).fill(0x12345678);
            // Without candidates, every position below `size` (PriceBands passes such a set).
            const got = bandWords(out, candidates ?? Bitset.full(size).words, priced, inBand, keepUnpriced);
            expect(out, `${length} ${size} ${withCandidates} ${keepUnpriced}`).toEqual(expected);
            expect(got).toEqual({ total, unpriced });
          }
        }
      }
    }
  });

  it('works again after its memory grew for a larger set', () => {
    const small = words(10, 0.5);
    const large = words(40_000, 0.5);
    expect(countWords(small)).toBe(jsCount(small));
    expect(countWords(large)).toBe(jsCount(large));
    expect(countWords(small)).toBe(jsCount(small));
  });
});
