import { describe, expect, it } from 'vitest';
import { rng } from '../test/random';
import { Bitset } from './collections';
import { gramCandidates, gramPostings, keptInOrder, SortOrders, TextRows } from './grams';
import { runAll } from './pace';

/** A sort order of 1-700 positions and each position's rank in it. */
function randomOrder(random: () => number, size?: number) {
  const n = size ?? 1 + Math.floor(random() * 700);
  const order = Int32Array.from({ length: n }, (_, i) => i).sort(() => random() - 0.5);
  const rank = new Int32Array(n);
  order.forEach((p, r) => (rank[p] = r));
  return { n, order, rank };
}

describe('keptInOrder (a page of kept positions in a sort order)', () => {
  it('equals a full sort by rank for every share kept (few, many, all), any offset and limit, and leaves its scratch clear', () => {
    const random = rng(21);
    for (let t = 0; t < 600; t++) {
      const { n, order, rank } = randomOrder(random);
      // From none to every position kept, in no particular order (each once).
      const share = [0, 0.01, 0.05, 0.2, 0.7, 1][t % 6]!;
      const kept = Int32Array.from({ length: n }, (_, i) => i).filter(() => share === 1 || random() < share).sort(() => random() - 0.5);
      const offset = Math.floor(random() * (kept.length + 3));
      const limit = Math.floor(random() * 40);
      const marks = new Bitset(n);
      const expected = Array.from(kept)
        .sort((a, b) => rank[a]! - rank[b]!)
        .slice(offset, offset + limit);
      expect(keptInOrder(n, kept, order, rank, offset, limit, marks), `${kept.length} of ${n} from ${offset}, ${limit}`).toEqual(expected);
      expect(marks.words.every((w) => w === 0)).toBe(true);
    }
  });
});

describe('SortOrders.pageOf (a page of a set of positions in a sort order)', () => {
  it('equals a full sort by rank for every share kept (few, many, all), any offset and limit, again and again on one scratch', () => {
    const random = rng(23);
    for (let t = 0; t < 300; t++) {
      const { n, rank } = randomOrder(random);
      const sorts = SortOrders.fromRanks([{ field: 'f', dir: 'asc' }], Array.from({ length: n }, (_, i) => ({ ranks: [rank[i]!] })));
      for (let q = 0; q < 4; q++) {
        const share = [0, 0.01, 0.05, 0.2, 0.7, 1][(t + q) % 6]!;
        const member = new Bitset(n);
        const kept: number[] = [];
        for (let i = 0; i < n; i++) {
          if (share === 1 || random() < share) {
            member.set(i);
            kept.push(i);
          }
        }
        const offset = Math.floor(random() * (kept.length + 3));
        const limit = Math.floor(random() * 40);
        const expected = kept.sort((a, b) => rank[a]! - rank[b]!).slice(offset, offset + limit);
        expect(sorts.pageOf(member, kept.length, 'f', 'asc', offset, limit), `${kept.length} of ${n} from ${offset}, ${limit}`).toEqual(expected);
        expect(member.count()).toBe(kept.length);
      }
    }
  });
});

describe('SortOrders.pageOf on a large index: first pages of mid-size results by walking the order, within a budget', () => {
  it('equals a full sort by rank whether the members are spread through the order or gathered in one part of it', () => {
    const random = rng(29);
    const n = 60_000;
    const { rank } = randomOrder(random, n);
    const sorts = SortOrders.fromRanks([{ field: 'f', dir: 'asc' }], Array.from({ length: n }, (_, i) => ({ ranks: [rank[i]!] })));
    const byRank = new Int32Array(n);
    for (let i = 0; i < n; i++) byRank[rank[i]!] = i;
    let checked = 0;
    for (let t = 0; t < 120; t++) {
      const share = [0.002, 0.01, 0.03, 0.06][t % 4]!;
      const member = new Bitset(n);
      const kept: number[] = [];
      if (t % 3 === 2) {
        // Gathered: the members are the positions of one run of ranks (late in the order, or anywhere).
        const size = Math.floor(share * n);
        const from = t % 2 ? n - size : Math.floor(random() * (n - size));
        for (let r = from; r < from + size; r++) kept.push(byRank[r]!);
      } else {
        for (let i = 0; i < n; i++) if (random() < share) kept.push(i);
      }
      for (const i of kept) member.set(i);
      const offset = [0, 0, 1, 25, 100][t % 5]!;
      const limit = [1, 10, 25, 50][t % 4]!;
      const expected = [...kept].sort((a, b) => rank[a]! - rank[b]!).slice(offset, offset + limit);
      expect(sorts.pageOf(member, kept.length, 'f', 'asc', offset, limit), `${kept.length} of ${n} from ${offset}, ${limit}, gathered ${t % 3 === 2}`).toEqual(expected);
      checked += expected.length;
    }
    expect(checked).toBeGreaterThan(2000);
  });
});

describe('gramCandidates', () => {
  it('narrows by further trigrams while the candidates are many', () => {
    // Each pair of 'abcde''s trigrams (abc, bcd, cde) is together in 100 texts without the needle; 5 texts hold it.
    const texts = [...Array.from({ length: 100 }, () => 'abcdx'), ...Array.from({ length: 100 }, () => 'xbcde'), ...Array.from({ length: 100 }, () => 'abcycde'), ...Array.from({ length: 5 }, () => 'abcde')];
    const grams = runAll(gramPostings(texts.length, (i) => texts[i]!));
    expect([...gramCandidates(grams, 'abcde')]).toEqual([300, 301, 302, 303, 304]);
  });
  it('holds every position whose text contains the needle', () => {
    const random = rng(22);
    const letters = 'abcde';
    const texts = Array.from({ length: 300 }, () => Array.from({ length: 4 + Math.floor(random() * 12) }, () => letters[Math.floor(random() * 5)]).join(''));
    const grams = runAll(gramPostings(texts.length, (i) => texts[i]!));
    for (let t = 0; t < 200; t++) {
      const needle = Array.from({ length: 3 + Math.floor(random() * 3) }, () => letters[Math.floor(random() * 5)]).join('');
      const candidates = new Set(gramCandidates(grams, needle));
      texts.forEach((text, i) => {
        if (text.includes(needle)) expect(candidates.has(i), `${needle} in ${text}`).toBe(true);
      });
    }
  });
});

describe('TextRows (the rows containing recent search texts)', () => {
  // 'aaa' is in 6 texts, 'bbb' in 6, 'ccc' in 2; each entry is counted by the calls to make (a miss makes it).
  const texts = [...Array.from({ length: 6 }, (_, k) => `aaa${k}`), ...Array.from({ length: 6 }, (_, k) => `bbb${k}`), 'ccc0', 'ccc1'];
  const grams = runAll(gramPostings(texts.length, (i) => texts[i]!));
  const counting = (kept: number, keptPositions?: number) => {
    const made: string[] = [];
    const rows = new TextRows(grams, texts, (p) => {
      made.push(Array.from(p, (i) => texts[i]).join());
      return p;
    }, kept, keptPositions);
    return { rows, made };
  };

  it('gives the positions containing the text, ascending, and keeps the recent ones', () => {
    const { rows, made } = counting(8);
    expect([...rows.get('aaa')]).toEqual([0, 1, 2, 3, 4, 5]);
    expect([...rows.get('ccc')]).toEqual([12, 13]);
    expect([...rows.get('aaa')]).toEqual([0, 1, 2, 3, 4, 5]);
    expect(made).toHaveLength(2);
  });

  it('keeps at most `kept` texts, the least recently used leaving first', () => {
    const { rows, made } = counting(2);
    rows.get('aaa');
    rows.get('bbb');
    rows.get('aaa');
    rows.get('ccc'); // bbb leaves
    rows.get('aaa');
    expect(made).toHaveLength(3);
    rows.get('bbb');
    expect(made).toHaveLength(4);
  });

  it('keeps as many texts as hold at most `keptPositions` positions between them, the newest whatever its size', () => {
    const { rows, made } = counting(64, 10);
    rows.get('aaa');
    rows.get('ccc');
    rows.get('bbb'); // 6 + 2 + 6 > 10: aaa leaves, ccc stays (2 + 6)
    rows.get('ccc');
    expect(made).toHaveLength(3);
    rows.get('aaa'); // made again; bbb (older than ccc's use) leaves
    expect(made).toHaveLength(4);
    rows.get('ccc');
    expect(made).toHaveLength(4);
    rows.get('bbb');
    expect(made).toHaveLength(5);
    const big = counting(64, 3);
    expect([...big.rows.get('aaa')]).toEqual([0, 1, 2, 3, 4, 5]);
    big.rows.get('aaa');
    expect(big.made).toHaveLength(1);
  });

  it('finds texts ahead of use in slices, keeps them outside the recent ones, and reuses a recent entry', () => {
    const { rows, made } = counting(1, 2);
    rows.get('ccc'); // a recent entry, reused by findAhead
    const ahead = rows.findAhead(['ccc', 'aaa', 'ab', 'bbb', 'aaa']);
    // A past deadline: one text found per slice, 'ccc' from its recent entry ('ab' is too short to search: skipped).
    expect(ahead(0)).toBe(false);
    expect(made).toEqual(['ccc0,ccc1']);
    expect(ahead(0)).toBe(false);
    expect(made).toEqual(['ccc0,ccc1', 'aaa0,aaa1,aaa2,aaa3,aaa4,aaa5']);
    expect(ahead(Infinity)).toBe(true);
    expect(made).toHaveLength(3);
    // Found ahead: answered whatever the recent ones' count and budget (1 text, 2 positions), never made again.
    for (const text of ['aaa', 'bbb', 'ccc', 'aaa']) rows.get(text);
    expect([...rows.get('bbb')]).toEqual([6, 7, 8, 9, 10, 11]);
    expect(made).toHaveLength(3);
    // Other texts are still searched and kept as recent ones.
    expect([...rows.get('aa1')]).toEqual([1]);
    expect([...rows.get('bb2')]).toEqual([8]);
    expect(made).toHaveLength(5);
  });
});
