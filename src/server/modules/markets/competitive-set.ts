// The competitive set's figures (issue 15, docs/decisions/020-markets.md), computed in JavaScript from the
// rows the markets service read (from SQL or the market index): where a community's prices sit among its
// competitors', the amenity gap and the reputation against them, and the answer they make.
import { MIN_COMPETITORS, type CompetitiveSet, type PricePosition } from '../../../contracts/markets';
import { toSourceKind } from '../../../contracts/provenance';
import type { PortfolioPricePosition, ThemeVersus } from '../../../contracts/themes';
import type { Neighbour } from './market-index';
import { mid, percentileCont, percentRank, round } from './markets.figures';
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
  return { radiusMiles: radius, competitors: set.length, withinRadius, positions: pricePositionsOf(c, set) };
}

/** Where c's price for each of its care types sits among the competitors' prices for it. */
export function pricePositionsOf(c: repo.CommunityRow, set: repo.CommunityRow[]): PricePosition[] {
  const careTypes = [...new Set([...c.care_types, ...c.prices.map((p) => p.careType)])].sort();
  // The competitors' prices of each of these care types, read in one pass over the set (a portfolio of
  // hundreds of communities filtered each competitor's prices once per care type).
  const byCareType = new Map<string, number[]>(careTypes.map((t) => [t, []]));
  for (const s of set) for (const p of s.prices) byCareType.get(p.careType)?.push(mid(p));
  return careTypes.map((careType) => {
    const own = c.prices.find((p) => p.careType === careType);
    const price = own ? mid(own) : null;
    // A numeric sort without a comparator (the same order for finite prices; hundreds to thousands of them at scale 10).
    const others = Float64Array.from(byCareType.get(careType)!).sort();
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

/** What the competitive set's answer is made of: the community, its competitors and what was read of them. */
export interface SetRows {
  community: repo.CommunityRow;
  /** Every competitor in the set, nearest first (the figures count them all; only `shown` need their distances). */
  set: repo.CommunityRow[];
  /** The competitors the answer lists (the first of `set`). */
  shown: Neighbour[];
  withinRadius: number;
  radius: number;
  sentiment: SentimentFigures;
  themes: ThemeVersus[] | null;
}

/** The competitive set of a community with its competitors: price position, reputation and amenity gap. */
export function competitiveSetAnswer({ community: c, set, shown, withinRadius, radius, sentiment, themes }: SetRows): CompetitiveSet {
  const id = c.id;
  const pricePosition = pricePositionsOf(c, set);

  // Amenities: over the competitors whose record lists any (public records list none).
  const withAmenities = set.filter((s) => s.amenities.length > 0);
  const share = new Map<string, number>();
  // Each competitor's amenity counted once (a list may repeat one), without a set per competitor.
  const countedFor = new Map<string, number>();
  withAmenities.forEach((s, k) => {
    for (const a of s.amenities) {
      if (countedFor.get(a) === k) continue;
      countedFor.set(a, k);
      share.set(a, (share.get(a) ?? 0) + 1);
    }
  });
  const frac = (a: string) => (withAmenities.length ? Math.round(((share.get(a) ?? 0) / withAmenities.length) * 1000) / 1000 : 0);
  const own = new Set(c.amenities);
  const missing = [...share.keys()].filter((a) => !own.has(a) && frac(a) >= 0.5).map((amenity) => ({ amenity, share: frac(amenity) }));
  const distinctive = withAmenities.length ? [...own].filter((a) => frac(a) < 0.5).map((amenity) => ({ amenity, share: frac(amenity) })) : [];
  const byShare = (x: { amenity: string; share: number }, y: { amenity: string; share: number }) => y.share - x.share || x.amenity.localeCompare(y.amenity);
  missing.sort(byShare);
  distinctive.sort((x, y) => x.share - y.share || x.amenity.localeCompare(y.amenity));

  // Reputation: review-weighted rating and review-weighted sentiment of the competitors.
  const reviews = set.reduce((n, s) => n + s.review_count, 0);
  const competitorsRating = reviews ? set.reduce((t, s) => t + s.rating * s.review_count, 0) / reviews : null;
  let sentN = 0;
  let sentSum = 0;
  for (const s of set) {
    if (sentiment.has(s.id)) {
      const n = sentiment.reviews(s.id);
      sentN += n;
      sentSum += sentiment.sentiment(s.id) * n;
    }
  }
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
      competitorsRating: round(competitorsRating, 2),
      sentiment: round(ownSent, 3),
      competitorsSentiment: round(sentN ? sentSum / sentN : null, 3),
      themes,
    },
    amenityGap: { competitorsWithAmenities: withAmenities.length, missing, distinctive },
    demo: toSourceKind(c.source_kind) === 'demo' || set.some((s) => toSourceKind(s.source_kind) === 'demo'),
  };
}
