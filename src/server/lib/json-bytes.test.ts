import { describe, expect, it } from 'vitest';
import { rng } from '../test/random';
import { JsonBytes } from './json-bytes';

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

  it('gives exactly the bytes written, whether the buffer is mostly full or mostly empty', () => {
    const full = new JsonBytes(64).ascii('x'.repeat(40)).done();
    const roomy = new JsonBytes(4096).ascii('{"points":[]}').done();
    expect(full.toString()).toBe('x'.repeat(40));
    expect(roomy.toString()).toBe('{"points":[]}');
  });
});
