// Rules of the markets module (issue 15, docs/decisions/020-markets.md). The county and state supply of
// the whole country is computed in one pass and cached (5 minutes); a county's market and a competitive
// set read only their own rows (county_fips and lat/lng indexes), or the market index once built (ADR 029).
import type { PortfolioPricePosition } from '../../../contracts/themes';
import { compareThemes, themeCaching, themesOfTotals, type ThemeService } from '../themes/themes.service';
import type { LiveIndex } from '../../lib/live-index';
import { TOP_OPERATORS, type MarketIndex, type Neighbour } from './market-index';
import type pg from 'pg';
import { US_STATES } from '../../../contracts/constants';
import {
  MIN_CAPACITY_SHARE,
  marketsOverviewSchema,
  POPULATION_SOURCE,
  type MarketSources,
  type CompetitiveSet,
  type CountyFigure,
  type CountyMarket,
  type MarketsOverview,
  type StateFigure,
  type StateMarket,
  type StatesSummary,
  type SupplyFigures,
  type Underserved,
} from '../../../contracts/markets';
import type { ThemeVersus } from '../../../contracts/themes';
import { toSourceKind } from '../../../contracts/provenance';
import { AppError, notFound } from '../../lib/errors';
import { TtlCache } from '../../lib/ttl-cache';
import { serializeAnswer, type SerializedAnswer } from '../../lib/serialized';
import * as repo from './markets.repo';
import { bedsPer1000, round } from './markets.figures';
import { competitiveSetAnswer, competitorSearches, portfolioPricePosition, PORTFOLIO_RADIUS_MILES, SetFigures, sentimentFiguresOf, type Competitors } from './competitive-set';

const MAX_AGE_MS = 5 * 60_000;
const UNDERSERVED_LIST = 25;
/** Competitors listed in an answer (the figures count every competitor in the set). */
const LISTED_COMPETITORS = 60;

function figures(s: repo.SupplyRow | undefined, population65: number | null): SupplyFigures {
  const capacity = s?.capacity ?? 0;
  return {
    communities: s?.communities ?? 0,
    capacity,
    communitiesWithCapacity: s?.with_capacity ?? 0,
    population65,
    bedsPer1000: bedsPer1000(capacity, population65),
  };
}

function sources(rows: repo.SourceRow[], countedAt: string): MarketSources {
  return {
    capacity: rows.map((r) => ({ kind: toSourceKind(r.source_kind), name: r.source_name, asOf: r.as_of, asOfLatest: r.as_of_latest, communities: r.communities })),
    population: POPULATION_SOURCE,
    countedAt,
  };
}

interface Overview {
  us: SupplyFigures;
  states: StateFigure[];
  counties: CountyFigure[];
  byFips: Map<string, CountyFigure>;
  byState: Map<string, StateFigure>;
  sources: repo.SourceRow[];
  /** When its communities were counted (SupplyReads.readAt). */
  countedAt: string;
  /** Each state's publishers (what stateMarket lists), read with the overview. */
  sourcesByState: Map<string, repo.SourceRow[]>;
}

export type MarketsService = ReturnType<typeof createMarketsService>;

/** Where the competitive set reads its communities, neighbours, sentiment and themes: SQL, or the market index. */
interface SetReader {
  communityById(id: number): Promise<repo.CommunityRow | null>;
  /** c's competitive set at `radius` (competitorSearches): every competitor's row, nearest first, and the first `shown` with their distances. */
  competitors(c: repo.CommunityRow, radius: number, shown: number): Promise<Competitors<repo.CommunityRow> & { shown: Neighbour[] }>;
  /** c's competitive set at `radius` as its figures (with the sentiment of c and its competitors), and the first `shown` with their distances. */
  competitiveSet(c: repo.CommunityRow, radius: number, shown: number): Promise<{ figures: SetFigures; withinRadius: number; shown: Neighbour[] }>;
  versus(id: number, competitorIds: number[]): Promise<ThemeVersus[] | null>;
}

export interface MarketsServiceOptions {
  caching?: boolean;
  themes?: Pick<ThemeService, 'versus'>;
  /** The in-memory market index (ADR 029): the competitive set and price positions answer from it once built. */
  index?: LiveIndex<MarketIndex> | null;
}

/** How old an overview may be to answer while a new one cannot be read (stale-if-error). */
export const OVERVIEW_STALE_IF_ERROR_MS = 30 * 60_000;

export function createMarketsService(pool: pg.Pool, options: MarketsServiceOptions = {}) {
  const on = options.caching ?? true;
  const fresh = on ? { ttlMs: (MAX_AGE_MS * 4) / 5, staleMs: MAX_AGE_MS / 5 } : { ttlMs: 0 };
  const cache = new TtlCache<Overview>({ ...fresh, maxEntries: 1 });
  // Answers per county and per community and radius: at most 5 minutes old, like the overview they embed.
  const countyCache = new TtlCache<CountyMarket>({ ...fresh, maxEntries: 4000 });
  const setCache = new TtlCache<CompetitiveSet>({ ...fresh, maxEntries: 3000 });
  const positionCache = new TtlCache<PortfolioPricePosition | null>({ ...fresh, maxEntries: 20_000 });

  const sqlReader: SetReader = {
    communityById: (id) => repo.communityById(pool, id),
    competitors: async (c, radius, shown) => {
      const searches = competitorSearches(radius);
      for (let step = searches.next(); ; ) {
        if (step.done) return { ...step.value, shown: step.value.set.slice(0, shown) };
        step = searches.next((await repo.neighbours(pool, c.id, c.lat!, c.lng!, step.value.miles)).slice(0, step.value.limit));
      }
    },
    async competitiveSet(c, radius, shown) {
      const { set, withinRadius, shown: first } = await this.competitors(c, radius, shown);
      const sentiment = sentimentFiguresOf(await repo.sentimentOf(pool, [c.id, ...set.map((s) => s.id)]));
      return { figures: SetFigures.of(c, set, sentiment), withinRadius, shown: first };
    },
    versus: async (id, ids) => (options.themes ? options.themes.versus(id, ids) : null),
  };
  /** The index's answers; a community it does not hold (not listed) is read from SQL, with its neighbours from the index. */
  const indexReader = (ix: MarketIndex): SetReader => ({
    communityById: async (id) => ix.community(id) ?? repo.communityById(pool, id),
    competitors: async (c, radius, shown) => ix.competitorRows(c, radius, shown),
    competitiveSet: async (c, radius, shown) => ix.competitorFigures(c, radius, shown),
    versus: async (id, ids) => (options.themes && ids.length > 0 ? compareThemes(themesOfTotals(ix.themeTotals([id])), themesOfTotals(ix.themeTotals(ids))) : null),
  });
  const reader = (): SetReader => {
    const ix = options.index?.current;
    return ix ? indexReader(ix) : sqlReader;
  };

  /**
   * With the caches off, the overview (which a county's and a state's answers and the underserved list embed) is
   * still computed once per build of the market index, which follows the same tables' notifications: per request,
   * its whole-table statements answered at 0-2 req/s under the distinct-request bench (p99 8 s). The index hears
   * communities, prices and operators, not an ACS import (county_population): with the caches off, an import while
   * the app runs shows in the overview at the next change of a community.
   */
  const perBuild = new TtlCache<Overview>({ ttlMs: Number.MAX_SAFE_INTEGER / 2, maxEntries: 1 });
  function overview(): Promise<Overview> {
    const live = options.index;
    // With the caches on, a new build of the index is a new key: its overview answers at once, not within 5 minutes.
    const read = !on && live?.current ? perBuild.get(`build ${live.version}`, computeOverview) : cache.get(live?.current ? `build ${live.version}` : 'sql', computeOverview);
    return read.catch((err: unknown) => {
      if (lastGood && Date.now() - lastGood.at <= OVERVIEW_STALE_IF_ERROR_MS) return lastGood.overview;
      throw err;
    });
  }

  /**
   * The last overview read, which answers (if it is at most OVERVIEW_STALE_IF_ERROR_MS old; its sources keep their
   * as-of dates) when reading a new one fails. The caches keep only overviews read: a failed read is not remembered,
   * so the next request reads again (kept in the per-build cache, a fallback would have answered for the whole build).
   * Read from SQL (before the market index is built, or without one), its whole-table statements take 1.4 s each on a
   * warm scale-10 database and ran past the 5 s statement timeout beside a distinct-request load: every request for
   * the markets screen then answered 503 (2026-11-28, scale 10). From the index only the population is read.
   */
  let lastGood: { overview: Overview; at: number } | null = null;

  async function computeOverview(): Promise<Overview> {
    // The supply from the market index once built (read in its snapshot, ADR 029), else its four statements; the
    // counties' population (one small table, not followed by the index's notifications) is read each time.
    const ix = options.index?.current;
    const [{ readAt, byCounty, byState: byStateRows, sources: src, sourcesByState }, pops] = await Promise.all([ix ? ix.supply : repo.readSupply(pool), repo.populations(pool)]);
    const supply = new Map(byCounty.map((r) => [r.key, r]));
    const counties = pops.map((p) => ({ fips: p.fips, county: p.county, state: p.state, percent85: p.percent_85, ...figures(supply.get(p.fips), p.population_65) }));
    const statePop = new Map<string, number>();
    for (const p of pops) if (p.population_65 !== null) statePop.set(p.state, (statePop.get(p.state) ?? 0) + p.population_65);
    const states = byStateRows
      .filter((r) => US_STATES[r.key])
      .map((r) => ({
        state: r.key,
        name: US_STATES[r.key]!,
        capacityShare: r.communities ? Math.round((r.with_capacity / r.communities) * 1000) / 1000 : 0,
        ...figures(r, statePop.get(r.key) ?? null),
      }))
      .sort((a, b) => a.state.localeCompare(b.state));
    const total = byStateRows.reduce(
      (t, r) => ({ key: 'US', communities: t.communities + r.communities, capacity: t.capacity + r.capacity, with_capacity: t.with_capacity + r.with_capacity }),
      { key: 'US', communities: 0, capacity: 0, with_capacity: 0 },
    );
    // The US figure covers the states the data hold (a DATASET_STATES load is not the whole country).
    const usPop = states.reduce((a, s) => a + (s.population65 ?? 0), 0);
    const overview: Overview = {
      us: figures(total, usPop || null),
      states,
      counties,
      byFips: new Map(counties.map((c) => [c.fips, c])),
      byState: new Map(states.map((s) => [s.state, s])),
      sources: src,
      countedAt: readAt,
      sourcesByState,
    };
    lastGood = { overview, at: Date.now() };
    return overview;
  }

  const isDemo = (rows: repo.SourceRow[]) => rows.some((r) => toSourceKind(r.source_kind) === 'demo');

  function underservedOf(o: Overview, minPopulation: number): Underserved {
    const ranked = o.counties.filter(
      (c) => c.population65 !== null && c.population65 >= minPopulation && c.bedsPer1000 !== null && (o.byState.get(c.state)?.capacityShare ?? 0) >= MIN_CAPACITY_SHARE,
    );
    ranked.sort((a, b) => a.bedsPer1000! - b.bedsPer1000! || b.population65! - a.population65! || a.fips.localeCompare(b.fips));
    return { underserved: ranked.slice(0, UNDERSERVED_LIST), minPopulation, sources: sources(o.sources, o.countedAt), demo: isDemo(o.sources) };
  }

  async function markets(minPopulation: number): Promise<MarketsOverview> {
    const o = await overview();
    return { us: o.us, states: o.states, counties: o.counties, ...underservedOf(o, minPopulation) };
  }

  async function underserved(minPopulation: number): Promise<Underserved> {
    return underservedOf(await overview(), minPopulation);
  }

  // The overview's answer, serialized and gzipped once per computed overview (and threshold): a new
  // overview (every 5 minutes at most) is a new key of the WeakMap, so an old body is never served with it.
  const bodies = new WeakMap<Overview, Map<number, Promise<SerializedAnswer>>>();
  async function marketsBody(minPopulation: number): Promise<SerializedAnswer> {
    const o = await overview();
    let byThreshold = bodies.get(o);
    if (!byThreshold) bodies.set(o, (byThreshold = new Map()));
    let body = byThreshold.get(minPopulation);
    if (!body) {
      // Checked against the answer's schema once, as the route's serializer would on every request.
      body = markets(minPopulation).then((answer) => serializeAnswer(marketsOverviewSchema.parse(answer), { brotli: true }));
      // A few thresholds per overview (the screens ask for the default one); the oldest goes first.
      if (byThreshold.size >= 8) byThreshold.delete(byThreshold.keys().next().value!);
      byThreshold.set(minPopulation, body);
      body.catch(() => byThreshold.delete(minPopulation));
    }
    return body;
  }

  async function states(): Promise<StatesSummary> {
    const o = await overview();
    return { us: o.us, states: o.states, sources: sources(o.sources, o.countedAt), demo: isDemo(o.sources) };
  }

  async function stateMarket(state: string): Promise<StateMarket> {
    const o = await overview();
    const figures = o.byState.get(state);
    if (!figures) throw notFound('Market');
    const src = o.sourcesByState.get(state) ?? [];
    return {
      state,
      name: figures.name,
      figures,
      us: o.us,
      counties: o.counties.filter((c) => c.state === state).sort((a, b) => a.county.localeCompare(b.county)),
      sources: sources(src, o.countedAt),
      demo: isDemo(src),
    };
  }

  function countyMarket(state: string, fips: string): Promise<CountyMarket> {
    return countyCache.get(`${state}:${fips}`, () => computeCountyMarket(state, fips));
  }

  async function computeCountyMarket(state: string, fips: string): Promise<CountyMarket> {
    const o = await overview();
    const figures = o.byFips.get(fips);
    if (!figures || figures.state !== state) throw notFound('County');
    // From the market index once built (every county's rows, read at its build), else this county's statements.
    const ix = options.index?.current;
    const { care, prices, reputation: rep, operators: ops, sources: src } = ix ? ix.countyRows(fips) : await repo.countyRows(pool, fips, TOP_OPERATORS);
    const stateFigures = o.byState.get(state);
    return {
      fips,
      county: figures.county,
      state,
      stateName: US_STATES[state] ?? state,
      figures,
      stateFigures: stateFigures ?? { communities: 0, capacity: 0, communitiesWithCapacity: 0, population65: null, bedsPer1000: null },
      us: o.us,
      byCareType: care.map((r) => ({ careType: r.care_type, communities: r.communities, capacity: r.capacity })),
      prices: prices.map((r) => ({
        careType: r.care_type,
        offering: r.offering,
        priced: r.priced,
        p25: r.priced ? round(r.q?.[0] ?? null) : null,
        median: r.priced ? round(r.q?.[1] ?? null) : null,
        p75: r.priced ? round(r.q?.[2] ?? null) : null,
      })),
      rating: { average: round(rep.average, 2), reviews: rep.reviews, ratedCommunities: rep.rated, sentiment: round(rep.sentiment, 3) },
      topOperators: ops,
      // The overview's count time: the county's rows come from the same build of the index, or were read since.
      sources: sources(src, o.countedAt),
      demo: isDemo(src),
    };
  }

  /**
   * From the market index once built, not cached (as the theme service's index answers): computing one costs
   * less than keeping it, since every kept answer outlives young-generation collections and is promoted, and
   * the old generation's growth brought mark-compact pauses of 30-70 ms into the distinct requests' tail.
   * From SQL (before the first build, SEARCH_INDEX off), cached.
   */
  function competitiveSet(id: number, radius: number): Promise<CompetitiveSet> {
    if (options.index?.current) return computeCompetitiveSet(id, radius);
    return setCache.get(`${id}:${radius}`, () => computeCompetitiveSet(id, radius));
  }

  /**
   * The price position of each community against its competitive set at `radius` (an operator's portfolio,
   * issue 15): the same set and figures as the competitive set; null for a community without a location.
   */
  async function pricePositions(ids: readonly number[], radius: number): Promise<Map<number, PortfolioPricePosition | null>> {
    const ix = options.index?.current;
    // The market index computes a listed community's position at the portfolio's radius on first demand and keeps it.
    const indexed = ix && radius === PORTFOLIO_RADIUS_MILES ? await ix.pricePositions(ids) : null;
    const one = (id: number) =>
      positionCache.get(`${id}:${radius}`, async () => {
        const r = reader();
        const c = await r.communityById(id);
        if (!c || c.lat === null || c.lng === null) return null;
        return portfolioPricePosition(c, radius, await r.competitors(c, radius, 0));
      });
    const rest = indexed ? ids.filter((id) => !indexed.has(id)) : ids;
    const computed = new Map<number, PortfolioPricePosition | null>();
    // A few at a time: a large portfolio must not take every connection of the pool.
    for (let i = 0; i < rest.length; i += 4) {
      const batch = rest.slice(i, i + 4);
      const results = await Promise.all(batch.map(one));
      batch.forEach((id, k) => computed.set(id, results[k] ?? null));
    }
    const out = new Map<number, PortfolioPricePosition | null>();
    for (const id of ids) out.set(id, indexed?.get(id) ?? computed.get(id) ?? null);
    return out;
  }

  async function computeCompetitiveSet(id: number, radius: number): Promise<CompetitiveSet> {
    const r = reader();
    const c = await r.communityById(id);
    if (!c) throw notFound('Community');
    if (c.lat === null || c.lng === null) throw new AppError('UNPROCESSABLE', 'This community has no location, so it has no competitive set.');
    const { figures, shown, withinRadius } = await r.competitiveSet(c, radius, LISTED_COMPETITORS);
    const themes = await r.versus(id, shown.map((s) => s.id));
    return competitiveSetAnswer({ figures, shown, withinRadius, radius, themes });
  }

  /** The portfolio's rows from the index once built (null: the theme service reads them from SQL). */
  const portfolioSource = () => options.index?.current?.portfolio ?? null;

  return { markets, marketsBody, underserved, states, stateMarket, countyMarket, competitiveSet, pricePositions, portfolioSource };
}

export { PORTFOLIO_RADIUS_MILES } from './competitive-set';

/**
 * The app's one markets service (made in app.ts; the markets and portfolio routes share its caches). The
 * competitive set's reputation compares review themes (ADR 021) through the app's theme service.
 */
export function createAppMarketsService(
  pool: pg.Pool,
  env: { NODE_ENV: string; APP_CACHES: boolean },
  index: LiveIndex<MarketIndex> | null,
  themes: ThemeService,
): MarketsService {
  return createMarketsService(pool, { caching: themeCaching(env), themes, index });
}
