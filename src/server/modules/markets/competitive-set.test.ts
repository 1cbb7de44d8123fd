// The competitive set's figures taken one competitor at a time (SetFigures): the same whatever the order of the
// competitors (the market index reads a radius in its own layout's order, SQL nearest first), and each figure
// as a direct computation over the whole set gives it. The exact sum behind the weighted rating and sentiment is
// compared with an exact rational sum (BigInt) of the same doubles.
import { describe, expect, it } from 'vitest';
import type * as repo from './markets.repo';
import { competitiveSetAnswer, pricePositionsOf, SetFigures, type SentimentFigures } from './competitive-set';
import { ExactSum, mid, percentileCont, percentRank } from './markets.figures';
import { rng } from '../../test/random';

function shuffled<T>(xs: readonly T[], random: () => number): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A double as an exact fraction m × 2^e (m a BigInt). */
function exact(x: number): { m: bigint; e: number } {
  if (x === 0) return { m: 0n, e: 0 };
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const sign = bits >> 63n ? -1n : 1n;
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const m = biased === 0 ? fraction : fraction | (1n << 52n);
  return { m: sign * m, e: (biased === 0 ? 1 : biased) - 1075 };
}

/** The exact sum of doubles rounded to the nearest double (ties to even), by BigInt arithmetic. */
function exactSum(xs: readonly number[]): number {
  const parts = xs.map(exact);
  const e = Math.min(0, ...parts.map((p) => p.e));
  let total = 0n;
  for (const p of parts) total += p.m << BigInt(p.e - e);
  if (total === 0n) return 0;
  const negative = total < 0n;
  let mag = negative ? -total : total;
  // Keep 53 significant bits, rounding half to even.
  const shift = mag.toString(2).length - 53;
  let exp = e;
  if (shift > 0) {
    const rest = mag & ((1n << BigInt(shift)) - 1n);
    const half = 1n << BigInt(shift - 1);
    mag >>= BigInt(shift);
    if (rest > half || (rest === half && (mag & 1n) === 1n)) mag += 1n;
    exp += shift;
  }
  const value = Number(mag) * 2 ** exp;
  return negative ? -value : value;
}

const sumOf = (xs: readonly number[]) => {
  const s = new ExactSum();
  for (const x of xs) s.add(x);
  return s.value();
};

describe('ExactSum', () => {
  it('gives the exactly rounded sum, whatever the order', () => {
    expect(sumOf([])).toBe(0);
    expect(sumOf([1e100, 1, -1e100])).toBe(1);
    expect(sumOf(Array.from({ length: 10 }, () => 0.1))).toBe(1);
    // 0.1 added ten times one after another is not 1: the exact sum's rounding is what keeps the order out.
    expect(Array.from({ length: 10 }, () => 0.1).reduce((a, b) => a + b, 0)).not.toBe(1);
    const random = rng(7);
    for (let round = 0; round < 300; round++) {
      const n = 1 + Math.floor(random() * 400);
      // Products of a rating (a float4) and a review count, sentiments times counts, and some of every size and sign.
      const xs = Array.from({ length: n }, () => {
        const kind = random();
        if (kind < 0.4) return Math.fround(1 + random() * 4) * Math.floor(random() * 300);
        if (kind < 0.8) return (random() * 2 - 1) * Math.floor(1 + random() * 50);
        return (random() - 0.5) * 10 ** Math.floor(random() * 30 - 15);
      });
      const want = exactSum(xs);
      expect(sumOf(xs)).toBe(want);
      expect(sumOf(shuffled(xs, random))).toBe(want);
      expect(sumOf([...xs].reverse())).toBe(want);
    }
  });
});

const CARE = ['assisted_living', 'independent_living', 'memory_care', 'skilled_nursing'];
const AMENITIES = ['Pet Friendly', 'Fitness Center', 'Swimming Pool', 'Transportation', 'Housekeeping'];

function community(random: () => number, id: number, lists: readonly string[][]): repo.CommunityRow {
  const careTypes = CARE.filter(() => random() < 0.5);
  const prices = careTypes.filter(() => random() < 0.7).map((careType) => {
    const minPrice = 1000 + 250 * Math.floor(random() * 30);
    return { careType, minPrice, maxPrice: minPrice + 250 * Math.floor(random() * 8) };
  });
  return {
    id,
    name: `Community ${id}`,
    city: 'Springfield',
    state: 'IL',
    lat: 40,
    lng: -89,
    care_types: careTypes,
    // Shared lists (as the index interns them), some repeating an amenity, and empty ones.
    amenities: lists[Math.floor(random() * lists.length)]!,
    rating: Math.fround(1 + random() * 4),
    review_count: Math.floor(random() * 200),
    location_approximate: false,
    listing_status: 'listed',
    source_kind: random() < 0.05 ? 'demo' : 'state',
    source_name: 'Test register',
    source_as_of: '2026-01-01',
    prices,
  } as repo.CommunityRow;
}

describe('SetFigures', () => {
  it('gives the same competitive set answer in any order of the competitors, and each figure as the whole set gives it', () => {
    const random = rng(11);
    const lists: string[][] = [[], [], ['Pet Friendly'], ['Pet Friendly', 'Fitness Center', 'Pet Friendly'], AMENITIES, ['Housekeeping', 'Transportation']];
    for (let round = 0; round < 60; round++) {
      const c = community(random, 1, lists);
      const set = Array.from({ length: 1 + Math.floor(random() * 300) }, (_, k) => community(random, k + 2, lists));
      const scored = new Map(set.filter(() => random() < 0.7).map((s) => [s.id, { sentiment: random() * 2 - 1, n: 1 + Math.floor(random() * 40) }]));
      const sentiment: SentimentFigures = { has: (id) => scored.has(id), sentiment: (id) => scored.get(id)!.sentiment, reviews: (id) => scored.get(id)!.n };
      const answer = (order: repo.CommunityRow[]) =>
        competitiveSetAnswer({ figures: SetFigures.of(c, order, sentiment), shown: [], withinRadius: set.length, radius: 10, themes: null });
      const a = answer(set);
      expect(answer(shuffled(set, random))).toEqual(a);
      expect(answer([...set].reverse())).toEqual(a);

      // Each figure computed over the whole set directly.
      const careTypes = [...new Set([...c.care_types, ...c.prices.map((p) => p.careType)])].sort();
      expect(a.pricePosition.map((p) => p.careType)).toEqual(careTypes);
      for (const p of a.pricePosition) {
        const others = set.flatMap((s) => s.prices.filter((q) => q.careType === p.careType).map(mid)).sort((x, y) => x - y);
        expect(p.competitorsPriced).toBe(others.length);
        expect(p.median).toBe(others.length ? Math.round(percentileCont(others, 0.5)!) : null);
        expect(p.min).toBe(others[0] ?? null);
        expect(p.max).toBe(others.at(-1) ?? null);
        const own = c.prices.find((q) => q.careType === p.careType);
        expect(p.percentile).toBe(own ? percentRank(mid(own), others) : null);
      }
      const withAmenities = set.filter((s) => s.amenities.length > 0);
      expect(a.amenityGap.competitorsWithAmenities).toBe(withAmenities.length);
      const share = (x: string) => Math.round((withAmenities.filter((s) => s.amenities.includes(x)).length / withAmenities.length) * 1000) / 1000;
      for (const m of a.amenityGap.missing) expect(m.share).toBe(share(m.amenity));
      const reviews = set.reduce((n, s) => n + s.review_count, 0);
      const rating = reviews ? exactSum(set.map((s) => s.rating * s.review_count)) / reviews : null;
      expect(a.reputation.competitorsRating).toBe(rating === null ? null : Math.round(rating * 100) / 100);
      expect(a.demo).toBe(c.source_kind === 'demo' || set.some((s) => s.source_kind === 'demo'));
    }
  });

  it('gives a portfolio the same price positions from its prices alone', () => {
    const random = rng(5);
    const lists: string[][] = [[], AMENITIES];
    const c = community(random, 1, lists);
    const set = Array.from({ length: 200 }, (_, k) => community(random, k + 2, lists));
    const sentiment: SentimentFigures = { has: () => false, sentiment: () => 0, reviews: () => 0 };
    expect(pricePositionsOf(c, SetFigures.pricesOf(c, shuffled(set, random)))).toEqual(pricePositionsOf(c, SetFigures.of(c, set, sentiment)));
  });
});
