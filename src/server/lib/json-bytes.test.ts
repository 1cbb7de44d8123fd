import { describe, expect, it } from 'vitest';
import { rng } from '../test/random';
import { JsonBytes, KeptPieces } from './json-bytes';

describe('JsonBytes (an answer written as UTF-8 bytes)', () => {
  it('writes numbers as JSON.stringify does', () => {
    const random = rng(11);
    const numbers = [0, -0, 1, 9, 10, 99, 100, 3270, 10_650, 123_456_789, Number.MAX_SAFE_INTEGER, 2 ** 53, 1e21, 1e-7, -1, -3270, 0.5, 3270.25, 41.82481, -87.70983];
    for (let k = 0; k < 2000; k++) numbers.push(Math.floor(random() * 10 ** Math.floor(random() * 16)), (random() - 0.5) * 10 ** Math.floor(random() * 10));
    const out = new JsonBytes(64);
    numbers.forEach((n, k) => {
      if (k > 0) out.ascii(',');
      out.number(n);
    });
    expect(out.done().toString()).toBe(numbers.map((n) => JSON.stringify(n)).join(','));
  });

  it('writes any text as UTF-8 and copies bytes as they are, growing from a small buffer', () => {
    const texts = ['plain', 'Café Émile', 'Señora Müller', '東京の家', 'emoji 🏡 home', '\u0080', JSON.stringify('a "quoted"\nline \ud800 alone'), ''];
    const piece = Buffer.from('{"id":1,"name":"Ñandú"}');
    const out = new JsonBytes(8);
    let expected = '';
    for (let round = 0; round < 50; round++) {
      for (const t of texts) {
        out.text(t);
        expected += t;
      }
      out.bytes(piece, 0, piece.length).ascii(',');
      expected += `${piece.toString()},`;
      out.bytes(piece, 8, 13);
      expected += piece.subarray(8, 13).toString();
    }
    const bytes = out.done();
    expect(bytes.length).toBe(out.length);
    expect(bytes.equals(Buffer.from(expected))).toBe(true);
  });

  it('writes ASCII texts and copies of every length (short ones by a loop, long ones natively) across growths', () => {
    const random = rng(23);
    const src = Buffer.from(Array.from({ length: 600 }, (_, k) => String.fromCharCode(32 + ((k * 31) % 95))).join(''));
    const view = new Uint8Array(src.buffer, src.byteOffset, src.length);
    const out = new JsonBytes(8);
    const expected: Buffer[] = [];
    for (let k = 0; k < 400; k++) {
      const n = k % 2 === 0 ? k % 70 : Math.floor(random() * 300);
      const from = Math.floor(random() * (src.length - n));
      if (k % 3 === 0) {
        const text = src.toString('latin1', from, from + n);
        out.ascii(text);
        expected.push(Buffer.from(text, 'latin1'));
      } else {
        out.bytes(k % 3 === 1 ? view : src, from, from + n);
        expected.push(src.subarray(from, from + n));
      }
    }
    expect(out.done().equals(Buffer.concat(expected))).toBe(true);
  });

  it('gives exactly the bytes written, whether the buffer is mostly full or mostly empty', () => {
    const full = new JsonBytes(64).ascii('x'.repeat(40)).done();
    const roomy = new JsonBytes(4096).ascii('{"points":[]}').done();
    expect(full.toString()).toBe('x'.repeat(40));
    expect(roomy.toString()).toBe('{"points":[]}');
  });
});

describe('KeptPieces (JSON pieces per position kept as bytes)', () => {
  const texts = ['{"id":1,"name":', 'Café Émile', '東京の家 🏡', '', '"a \\"quoted\\" line"', 'x'.repeat(3000)];
  const piecesOf = (i: number) => [`${texts[i % texts.length]}${i}`, `,"k":${i},`, texts[(i * 7) % texts.length]!];

  for (const [label, options] of [
    ['kept in small chunks, a position larger than a chunk in its own', { chunkBytes: 256 }],
    ['over maxBytes: made again on each use, the same bytes', { chunkBytes: 256, maxBytes: 2048 }],
    ['nothing kept (maxBytes 0)', { maxBytes: 0 }],
  ] as const) {
    it(`writes each piece as made, in any order: ${label}`, () => {
      const n = 200;
      let made = 0;
      const kept = new KeptPieces(n, 3, (i) => (made++, piecesOf(i)), options);
      const random = rng(5);
      const out = new JsonBytes(16);
      let expected = '';
      for (let k = 0; k < 3000; k++) {
        const i = Math.floor(random() * n);
        const piece = Math.floor(random() * 3);
        kept.write(out, i, piece);
        expected += piecesOf(i)[piece];
      }
      expect(out.done().toString()).toBe(expected);
      const max = 'maxBytes' in options ? options.maxBytes : Number.POSITIVE_INFINITY;
      expect(kept.bytesHeld).toBeLessThanOrEqual(max);
      // Kept: each position made once; over the limit, made again (but not for the pieces of one position in a row).
      if (max === Number.POSITIVE_INFINITY) expect(made).toBeLessThanOrEqual(n);
      else expect(made).toBeGreaterThan(n);
    });
  }

  it('makes ahead in slices every position not yet made, once, and the answers copy those bytes', () => {
    const n = 1000;
    const made: number[] = [];
    const kept = new KeptPieces(n, 3, (i) => (made.push(i), piecesOf(i)), { chunkBytes: 256 });
    // Some positions made on first use before the warm-up.
    const out = new JsonBytes(16);
    for (const i of [3, 500, 999]) kept.write(out, i, 1);
    // A deadline already past: one round of positions, not the whole index.
    expect(kept.makeAhead(0)).toBe(false);
    const afterOne = made.length;
    expect(afterOne).toBeGreaterThan(3);
    expect(afterOne).toBeLessThan(n / 2);
    let slices = 1;
    while (!kept.makeAhead(0)) slices++;
    expect(slices).toBeGreaterThan(10);
    // Each position made once, those made before not again; done stays done.
    expect(made.length).toBe(n);
    expect(new Set(made).size).toBe(n);
    expect(kept.makeAhead(Number.POSITIVE_INFINITY)).toBe(true);
    expect(made.length).toBe(n);
    // Every piece written afterwards is the bytes made, and nothing is made again.
    const after = new JsonBytes(16);
    let expected = '';
    for (let i = 0; i < n; i++) {
      for (let k = 0; k < 3; k++) kept.write(after, i, k);
      expected += piecesOf(i).join('');
    }
    expect(after.done().toString()).toBe(expected);
    expect(made.length).toBe(n);
  });

  it('makes ahead in the order given: those positions only, laid out one after another, the same bytes', () => {
    const n = 300;
    const made: number[] = [];
    const kept = new KeptPieces(n, 3, (i) => (made.push(i), piecesOf(i)), { chunkBytes: 64 * 1024 });
    // Every third position, from the last down (as the map lays its points out by state).
    const order = Int32Array.from({ length: 100 }, (_, k) => n - 1 - 3 * k);
    kept.write(new JsonBytes(16), order[40]!, 0);
    let slices = 0;
    while (!kept.makeAhead(0, order)) slices++;
    expect(slices).toBeGreaterThan(1);
    expect(made[0]).toBe(order[40]);
    expect(made.slice(1)).toEqual([...order].filter((_, k) => k !== 40));
    // The pieces of consecutive positions of the order come one after another (by chunk, then offset in the chunk).
    const where = kept as unknown as { at: Int32Array; chunkOf: Int32Array };
    const offsets = [...order.subarray(41)].map((i) => where.chunkOf[i]! * 2 ** 32 + where.at[i]!);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    const out = new JsonBytes(16);
    for (const i of order) for (let k = 0; k < 3; k++) kept.write(out, i, k);
    expect(out.done().toString()).toBe([...order].map((i) => piecesOf(i).join('')).join(''));
    expect(made.length).toBe(order.length);
  });

  it('stops making ahead at maxBytes: the rest is made on each use, the same bytes', () => {
    const n = 400;
    let made = 0;
    const kept = new KeptPieces(n, 3, (i) => (made++, piecesOf(i)), { chunkBytes: 256, maxBytes: 4096 });
    expect(kept.makeAhead(Number.POSITIVE_INFINITY)).toBe(true);
    expect(kept.bytesHeld).toBeLessThanOrEqual(4096);
    expect(made).toBeLessThan(n);
    const before = made;
    expect(kept.makeAhead(Number.POSITIVE_INFINITY)).toBe(true);
    expect(made).toBe(before);
    const out = new JsonBytes(16);
    let expected = '';
    for (let i = n - 1; i >= 0; i--) {
      kept.write(out, i, 2);
      expected += piecesOf(i)[2];
    }
    expect(out.done().toString()).toBe(expected);
  });
});
