import { describe, expect, it } from 'vitest';
import { rng } from '../test/random';
import { TextColumn } from './collections';
import { gramPostings } from './grams';
import { mapSteps, paced, runAll, STEP_ROWS, type Steps } from './pace';
import { priceOrders } from '../modules/communities/search-index.columns';

function* counted(log: string[]): Steps<number> {
  log.push('first');
  yield;
  log.push('second');
  yield;
  log.push('third');
  return 42;
}

/** How many times the steps yield before they end, and their result. */
function yieldsOf<T>(steps: Steps<T>): { yields: number; value: T } {
  let yields = 0;
  for (;;) {
    const r = steps.next();
    if (r.done) return { yields, value: r.value };
    yields++;
  }
}

describe('paced (a long build gives the event loop turns)', () => {
  it('returns what runAll returns', async () => {
    expect(runAll(counted([]))).toBe(42);
    expect(await paced(counted([]))).toBe(42);
  });

  it('lets waiting callbacks run between its steps once its slice is used up, and not before', async () => {
    const eager: string[] = [];
    setImmediate(() => eager.push('turn'));
    // A slice of 0 ms is used up at every yield.
    await paced(counted(eager), 0);
    expect(eager).toEqual(['first', 'turn', 'second', 'third']);

    const patient: string[] = [];
    setImmediate(() => patient.push('turn'));
    const done = paced(counted(patient), 60_000);
    // The whole work ran in the first slice, before any waiting callback.
    expect(patient).toEqual(['first', 'second', 'third']);
    await done;
    await new Promise((resolve) => setImmediate(resolve));
    expect(patient).toEqual(['first', 'second', 'third', 'turn']);
  });

  it('is given steps by the builds\' loops: a yield every STEP_ROWS rows, the same result as at once', () => {
    const random = rng(7);
    const n = 5 * STEP_ROWS + 3;
    const texts = Array.from({ length: n }, () => Math.floor(random() * 1e9).toString(36));
    const grams = yieldsOf(gramPostings(n, (i) => texts[i]!));
    expect(grams.yields).toBeGreaterThanOrEqual(5);
    expect(grams.value.get(texts[0]!.slice(0, 3))).toContain(0);
    const mapped = yieldsOf(mapSteps(texts, (t) => t.length));
    expect(mapped.yields).toBeGreaterThanOrEqual(5);
    expect(mapped.value).toEqual(texts.map((t) => t.length));
    const column = yieldsOf(TextColumn.steps(n, (i) => texts[i]!));
    expect(column.yields).toBeGreaterThanOrEqual(10);
    expect(Array.from({ length: n }, (_, i) => column.value.at(i))).toEqual(texts);
  });
});

describe('priceOrders (the price sorts without care types)', () => {
  /** The orders as the comparator sort made them (ORDER BY min_price ASC/DESC NULLS LAST, id the same way). */
  const reference = (minPrice: Float64Array, dir: 1 | -1) =>
    Array.from({ length: minPrice.length }, (_, i) => i).sort((a, b) => {
      const pa = minPrice[a]!;
      const pb = minPrice[b]!;
      const na = Number.isNaN(pa);
      const nb = Number.isNaN(pb);
      if (na !== nb) return na ? 1 : -1;
      if (!na && pa !== pb) return dir * (pa - pb);
      return dir * (a - b);
    });

  it.each([
    ['whole prices with ties and no price', (r: () => number) => (r() < 0.2 ? NaN : Math.floor(r() * 20) * 250)],
    ['fractional and negative prices (sorted by the comparator)', (r: () => number) => (r() < 0.2 ? NaN : Math.round((r() - 0.3) * 4000) / 4)],
    ['no price at all', () => NaN],
  ])('equal the comparator sort both ways: %s', (_, price) => {
    const random = rng(11);
    for (const n of [0, 1, 2, 37, 2_000]) {
      const minPrice = Float64Array.from({ length: n }, () => price(random));
      const { low, high } = priceOrders(minPrice);
      expect(Array.from(low)).toEqual(reference(minPrice, 1));
      expect(Array.from(high)).toEqual(reference(minPrice, -1));
    }
  });
});
