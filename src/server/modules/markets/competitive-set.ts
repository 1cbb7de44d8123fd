// The competitive set's figures (issue 15, docs/decisions/020-markets.md), computed in JavaScript from the
// rows the markets service read (from SQL or the market index): where a community's prices sit among its
// competitors', the amenity gap and the reputation against them, and the answer they make.
import { MIN_COMPETITORS, type CompetitiveSet, type PricePosition } from '../../../contracts/markets';
import { toSourceKind } from '../../../contracts/provenance';
import { Codes } from '../../lib/collections';
import { runAll, stepDue, type Steps } from '../../lib/pace';
import type { PortfolioPricePosition, ThemeVersus } from '../../../contracts/themes';
import type { Neighbour } from './market-index';
import { ExactSum, mid, percentileCont, percentRank, round } from './markets.figures';
import type * as repo from './markets.repo';

/** The competitive set looks this far at most for its nearest 10. */
const SEARCH_STEPS_MILES = [50, 150, 500];
/** Radius of the competitive set an operator's portfolio compares each community's prices with (miles). */
export const PORTFOLIO_RADIUS_MILES = 10;

/** One neighbour search of the competitive set: the listed communities within `miles`, nearest first (the first `limit`). */
export interface NeighbourSearch {
  miles: number;
  limit?: number;
}
/** The competitive set: every competitor in it, nearest first, and how many lie within the radius. */
export interface Competitors<T = Neighbour> {
  set: T[];
  withinRadius: number;
}

/**
 * The sentiment figures of a community and its competitors: whether one has any (scored reviews), its mean sentiment
 * and the reviews it is over. Read per id, not as one object per competitor (sets of thousands at scale 10).
 */
export interface SentimentFigures {
  has(id: number): boolean;
  sentiment(id: number): number;
  reviews(id: number): number;
}

/** SentimentFigures of repo.sentimentOf's rows. */
export function sentimentFiguresOf(rows: Map<number, { sentiment: number; n: number }>): SentimentFigures {
  return { has: (id) => rows.has(id), sentiment: (id) => rows.get(id)!.sentiment, reviews: (id) => rows.get(id)!.n };
}

/**
 * The competitive set's searches at `radius`: the listed communities within the radius, else its nearest 10
 * within 500 miles. Yields each neighbour search and takes its answer, so that the markets service runs it on
 * SQL or the index (awaiting each answer) and the market index runs it at its build (ADR 029).
 */
export function* competitorSearches<T = Neighbour>(radius: number): Generator<NeighbourSearch, Competitors<T>, T[]> {
  let near = yield { miles: radius };
  const withinRadius = near.length;
  for (const step of SEARCH_STEPS_MILES) {
    if (near.length >= MIN_COMPETITORS || step <= radius) continue;
    // Only its nearest MIN_COMPETITORS can be kept (and they tell whether there are that many).
    near = yield { miles: step, limit: MIN_COMPETITORS };
  }
  const set = withinRadius >= MIN_COMPETITORS ? near.slice(0, withinRadius) : near.slice(0, MIN_COMPETITORS);
  return { set, withinRadius };
}

/** A portfolio's price position of community c against its competitive set at `radius`. */
export function portfolioPricePosition(c: repo.CommunityRow, radius: number, { set, withinRadius }: Competitors<repo.CommunityRow>): PortfolioPricePosition {
  return { radiusMiles: radius, competitors: set.length, withinRadius, positions: pricePositionsOf(c, SetFigures.pricesOf(c, set)) };
}

/** The care types c's price positions are given for: those it offers and those it prices, in code order. */
export const careTypesOf = (c: repo.CommunityRow) => [...new Set([...c.care_types, ...c.prices.map((p) => p.careType)])].sort();

/**
 * What the competitive set's figures read of each competitor, as columns by position: its prices (care type code and
 * mid price), its amenities (codes, each once), its reviews and rating × reviews, its scored reviews and mean
 * sentiment × those reviews, and whether it is demo data. The market index keeps one for every located community
 * (about 20 MB at scale 10): a set of thousands of competitors is summed from these arrays, not from each row's
 * objects (which were most of a competitive set's time at scale 10). The SQL path makes one of its set's rows.
 */
export class CompetitorColumns {
  private readonly careCode = new Codes<string>();
  /** Each amenity by its code. */
  amenities: string[] = [];
  readonly priceStart: Int32Array;
  readonly priceCare: Int32Array;
  readonly priceMid: Float64Array;
  readonly amenityStart: Int32Array;
  readonly amenityOf: Int32Array;
  readonly reviews: Int32Array;
  readonly ratingWeight: Float64Array;
  readonly scored: Int32Array;
  readonly sentimentWeight: Float64Array;
  readonly demo: Uint8Array;

  private constructor(n: number, prices: number, amenities: number) {
    this.priceStart = new Int32Array(n + 1);
    this.priceCare = new Int32Array(prices);
    this.priceMid = new Float64Array(prices);
    this.amenityStart = new Int32Array(n + 1);
    this.amenityOf = new Int32Array(amenities);
    this.reviews = new Int32Array(n);
    this.ratingWeight = new Float64Array(n);
    this.scored = new Int32Array(n);
    this.sentimentWeight = new Float64Array(n);
    this.demo = new Uint8Array(n);
  }

  /** The columns of `rows` (by position). */
  static of(rows: readonly repo.CommunityRow[], sentiment: SentimentFigures): CompetitorColumns {
    return runAll(CompetitorColumns.build(rows, sentiment));
  }

  /** = of(), as steps (lib/pace.ts). */
  static *build(rows: readonly repo.CommunityRow[], sentiment: SentimentFigures): Steps<CompetitorColumns> {
    const n = rows.length;
    let prices = 0;
    let amenities = 0;
    for (const r of rows) {
      prices += r.prices.length;
      amenities += r.amenities.length;
    }
    const c = new CompetitorColumns(n, prices, amenities);
    const amenityCode = new Codes<string>();
    let at = 0;
    let am = 0;
    for (let k = 0; k < n; k++) {
      if (stepDue(k)) yield;
      const r = rows[k]!;
      for (const p of r.prices) {
        c.priceCare[at] = c.careCode.code(p.careType);
        c.priceMid[at++] = mid(p);
      }
      c.priceStart[k + 1] = at;
      // A list may repeat an amenity: each kept once.
      for (const [j, a] of r.amenities.entries()) if (r.amenities.indexOf(a) === j) c.amenityOf[am++] = amenityCode.code(a);
      c.amenityStart[k + 1] = am;
      c.reviews[k] = r.review_count;
      c.ratingWeight[k] = r.rating * r.review_count;
      if (sentiment.has(r.id)) {
        c.scored[k] = sentiment.reviews(r.id);
        c.sentimentWeight[k] = sentiment.sentiment(r.id) * c.scored[k]!;
      }
      c.demo[k] = toSourceKind(r.source_kind) === 'demo' ? 1 : 0;
    }
    c.amenities = amenityCode.values;
    return c;
  }

  /** How many care types the competitors price (their codes are 0 .. careTypeCount - 1). */
  get careTypeCount(): number {
    return this.careCode.size;
  }

  /** The code of a care type (-1: no competitor prices it). */
  careCodeOf(careType: string): number {
    return this.careCode.codeOf(careType);
  }
}

/**
 * The competitive set's figures, taken one competitor (a position of CompetitorColumns) at a time and in any order:
 * every figure is a count, a sorted list or an exact sum. The market index adds the competitors within a radius in
 * the order of its own layout without sorting thousands of them by distance (scale 10), SQL in distance order,
 * and both give the same figures.
 */
export class SetFigures {
  /** Competitors whose record lists any amenity (public records list none). */
  withAmenities = 0;
  /** Their reviews, and the sum of rating × reviews. */
  reviews = 0;
  private readonly ratingSum = new ExactSum();
  /** Reviews with a sentiment score, and the sum of mean sentiment × those reviews. */
  private sentimentReviews = 0;
  private readonly sentimentSum = new ExactSum();
  /** Whether any competitor is demo data. */
  demo = false;
  /** By amenity code: how many competitors list it. */
  private readonly amenityCounts: Int32Array;
  /** By care type code: the slot in `prices` of one of c's care types, or -1. */
  private readonly slotOf: Int32Array;
  /** The competitors' mid prices of each of c's care types (careTypes order). */
  private readonly careTypes: string[];
  private readonly prices: number[][];

  constructor(
    readonly community: repo.CommunityRow,
    /** The sentiment of c and the competitors it lists (read by add(), not by addPrices()). */
    readonly sentiment: SentimentFigures,
    private readonly columns: CompetitorColumns,
  ) {
    this.careTypes = careTypesOf(community);
    this.prices = this.careTypes.map(() => []);
    this.slotOf = new Int32Array(columns.careTypeCount).fill(-1);
    this.careTypes.forEach((t, slot) => {
      const code = columns.careCodeOf(t);
      if (code >= 0) this.slotOf[code] = slot;
    });
    this.amenityCounts = new Int32Array(columns.amenities.length);
  }

  /** The figures of a set of competitor rows. */
  static of(c: repo.CommunityRow, set: readonly repo.CommunityRow[], sentiment: SentimentFigures): SetFigures {
    const f = new SetFigures(c, sentiment, CompetitorColumns.of(set, sentiment));
    for (let k = 0; k < set.length; k++) f.add(k);
    return f;
  }

  /** The price figures only of a set of competitor rows. */
  static pricesOf(c: repo.CommunityRow, set: readonly repo.CommunityRow[]): SetFigures {
    const f = new SetFigures(c, NO_SENTIMENT, CompetitorColumns.of(set, NO_SENTIMENT));
    for (let k = 0; k < set.length; k++) f.addPrices(k);
    return f;
  }

  /** Competitor k's prices of c's care types. */
  addPrices(k: number): void {
    const { priceStart, priceCare, priceMid } = this.columns;
    for (let j = priceStart[k]!; j < priceStart[k + 1]!; j++) {
      const slot = this.slotOf[priceCare[j]!]!;
      if (slot >= 0) this.prices[slot]!.push(priceMid[j]!);
    }
  }

  /** Competitor k: its prices, amenities, reputation and whether it is demo data. */
  add(k: number): void {
    this.addPrices(k);
    const col = this.columns;
    const from = col.amenityStart[k]!;
    const to = col.amenityStart[k + 1]!;
    if (to > from) {
      this.withAmenities++;
      for (let j = from; j < to; j++) this.amenityCounts[col.amenityOf[j]!]!++;
    }
    this.reviews += col.reviews[k]!;
    this.ratingSum.add(col.ratingWeight[k]!);
    const scored = col.scored[k]!;
    if (scored > 0) {
      this.sentimentReviews += scored;
      this.sentimentSum.add(col.sentimentWeight[k]!);
    }
    if (col.demo[k] === 1) this.demo = true;
  }

  /** Each of c's care types with the competitors' mid prices of it, ascending. */
  sortedPrices(): Array<[string, Float64Array]> {
    // A numeric sort without a comparator (the same order for finite prices; thousands of them at scale 10).
    return this.careTypes.map((careType, slot) => [careType, Float64Array.from(this.prices[slot]!).sort()]);
  }

  /** How many of the competitors with amenities list each amenity (each competitor counted once per amenity). */
  amenityShares(): Map<string, number> {
    const share = new Map<string, number>();
    this.amenityCounts.forEach((n, code) => {
      if (n > 0) share.set(this.columns.amenities[code]!, n);
    });
    return share;
  }

  /** The review-weighted rating of the competitors (null without reviews). */
  rating(): number | null {
    return this.reviews ? this.ratingSum.value() / this.reviews : null;
  }

  /** The review-weighted sentiment of the competitors with scored reviews (null without). */
  meanSentiment(): number | null {
    return this.sentimentReviews ? this.sentimentSum.value() / this.sentimentReviews : null;
  }
}

const NO_SENTIMENT: SentimentFigures = { has: () => false, sentiment: () => 0, reviews: () => 0 };

/** Where c's price for each of its care types sits among the competitors' prices for it. */
export function pricePositionsOf(c: repo.CommunityRow, figures: SetFigures): PricePosition[] {
  return figures.sortedPrices().map(([careType, others]) => {
    const own = c.prices.find((p) => p.careType === careType);
    const price = own ? mid(own) : null;
    return {
      careType,
      price,
      competitorsPriced: others.length,
      p25: round(percentileCont(others, 0.25)),
      median: round(percentileCont(others, 0.5)),
      p75: round(percentileCont(others, 0.75)),
      min: others[0] ?? null,
      max: others.at(-1) ?? null,
      percentile: price === null ? null : percentRank(price, others),
    };
  });
}

/** What the competitive set's answer is made of: the community, its competitors' figures and the ones it lists. */
export interface SetRows {
  /** The figures of every competitor in the set (their community is the set's own). */
  figures: SetFigures;
  /** The competitors the answer lists (the nearest of the set). */
  shown: Neighbour[];
  withinRadius: number;
  radius: number;
  themes: ThemeVersus[] | null;
}

/** The competitive set of a community with its competitors: price position, reputation and amenity gap. */
export function competitiveSetAnswer({ figures, shown, withinRadius, radius, themes }: SetRows): CompetitiveSet {
  const c = figures.community;
  const sentiment = figures.sentiment;
  const id = c.id;
  const pricePosition = pricePositionsOf(c, figures);

  // Amenities: over the competitors whose record lists any (public records list none).
  const withAmenities = figures.withAmenities;
  const share = figures.amenityShares();
  const frac = (a: string) => (withAmenities ? Math.round(((share.get(a) ?? 0) / withAmenities) * 1000) / 1000 : 0);
  const own = new Set(c.amenities);
  const missing = [...share.keys()].filter((a) => !own.has(a) && frac(a) >= 0.5).map((amenity) => ({ amenity, share: frac(amenity) }));
  const distinctive = withAmenities ? [...own].filter((a) => frac(a) < 0.5).map((amenity) => ({ amenity, share: frac(amenity) })) : [];
  const byShare = (x: { amenity: string; share: number }, y: { amenity: string; share: number }) => y.share - x.share || x.amenity.localeCompare(y.amenity);
  missing.sort(byShare);
  distinctive.sort((x, y) => x.share - y.share || x.amenity.localeCompare(y.amenity));

  // Reputation: review-weighted rating and review-weighted sentiment of the competitors.
  const sentimentOf = (id: number) => (sentiment.has(id) ? sentiment.sentiment(id) : null);
  const ownSent = sentimentOf(id);
  const source = (r: repo.CommunityRow) => ({ kind: toSourceKind(r.source_kind), name: r.source_name, asOf: r.source_as_of });
  return {
    community: {
      id: c.id,
      name: c.name,
      city: c.city,
      state: c.state,
      careTypes: c.care_types,
      prices: c.prices,
      rating: c.rating,
      reviewCount: c.review_count,
      sentiment: round(ownSent, 3),
      amenities: c.amenities,
      locationApproximate: c.location_approximate,
      source: source(c),
    },
    radiusMiles: radius,
    withinRadius,
    competitors: shown.map((s) => ({
      id: s.id,
      name: s.name,
      city: s.city,
      state: s.state,
      distanceMiles: Math.round(s.miles * 100) / 100,
      beyondRadius: s.miles > radius,
      careTypes: s.care_types,
      prices: s.prices,
      rating: s.rating,
      reviewCount: s.review_count,
      sentiment: round(sentimentOf(s.id), 3),
      source: source(s),
    })),
    pricePosition,
    reputation: {
      rating: c.review_count ? c.rating : null,
      competitorsRating: round(figures.rating(), 2),
      sentiment: round(ownSent, 3),
      competitorsSentiment: round(figures.meanSentiment(), 3),
      themes,
    },
    amenityGap: { competitorsWithAmenities: withAmenities, missing, distinctive },
    demo: toSourceKind(c.source_kind) === 'demo' || figures.demo,
  };
}
