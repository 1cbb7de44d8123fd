// The in-memory market index (market-index.ts, ADR 029) against the SQL path it stands in for, on a generated
// dataset with added clusters (communities on the very same point, so that the id decides among equal
// distances; a delisted one; one without a location): the competitive set of every community at every
// radius, the portfolio's price positions, a delisted community's set, then through the HTTP API an app on
// the index against an app on SQL, and a change followed once the index has been rebuilt.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompetitiveSet } from '../../../contracts/markets';
import type { Portfolio } from '../../../contracts/themes';
import { refreshAggregates } from '../../db/aggregates';
import { ensureDataset } from '../../db/seed/dataset';
import { ensureMarketData } from '../../db/counties';
import type { LiveIndex } from '../../lib/live-index';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { useIndexAndSqlApps } from '../../test/index-apps';
import { addPricing, createCommunity } from '../../test/factories';
import type { App } from '../../types';
import { ThemeService } from '../themes/themes.service';
import { MarketIndex } from './market-index';
import { createMarketsService, type MarketsService } from './markets.service';
import * as repo from './markets.repo';
import { waitFor } from '../../test/wait';
import { round9 } from '../../test/floats';
import { uncounted } from '../../test/counted';

let tdb: TestDatabase;
let index: MarketIndex;
let onSql: MarketsService;
let onIndex: MarketsService;
let ids: number[];
let delisted: number;
const RADII = [5, 10, 25] as const;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await ensureDataset(tdb.pool, { scale: 0.01, seed: 3131, now: new Date('2026-11-20T12:00:00Z') });
  // A cluster on one point (equal distances: the id decides), its priced members, a delisted member, and
  // one community without a location.
  const cluster: number[] = [];
  for (let k = 0; k < 6; k++) {
    const id = await createCommunity(tdb.pool, { name: `Cluster ${k}`, city: 'Austin', state: 'TX', lat: 30.2672, lng: -97.7431 });
    cluster.push(id);
    await addPricing(tdb.pool, id, 'assisted_living', 3000 + k * 250, 4000 + k * 250);
  }
  delisted = await createCommunity(tdb.pool, { name: 'Cluster closed', city: 'Austin', state: 'TX', lat: 30.2672, lng: -97.7431 });
  await tdb.pool.query(`UPDATE communities SET listing_status = 'delisted' WHERE id = $1`, [delisted]);
  await createCommunity(tdb.pool, { name: 'Nowhere', city: 'Austin', state: 'TX', lat: null, lng: null });
  await refreshAggregates(tdb.pool);
  // The county of every community and the ACS counties (a county's market), as every start does.
  await ensureMarketData(tdb.pool);
  // Positions on demand only here (a warmed index is compared on its own below).
  index = await MarketIndex.build(tdb.pool, { positionsWarmed: 0 });
  const themes = new ThemeService(tdb.pool, 0);
  onSql = createMarketsService(tdb.pool, { caching: false, themes });
  onIndex = createMarketsService(tdb.pool, { caching: false, themes, index: { current: index } as LiveIndex<MarketIndex> });
  const { rows } = await tdb.pool.query<{ id: number }>(`SELECT id FROM communities WHERE listing_status = 'listed' AND lat IS NOT NULL ORDER BY id`);
  ids = rows.map((r) => r.id);
}, 180_000);

afterAll(async () => {
  await tdb?.drop();
});

/** The theme comparison's means are sums of per-community sums on the index (one sum per quarter on SQL): equal to 1e-9. */
function comparable(set: CompetitiveSet) {
  const round = round9;
  return {
    ...set,
    reputation: {
      ...set.reputation,
      themes:
        set.reputation.themes?.map((t) => ({
          ...t,
          share: round(t.share),
          averageSentiment: round(t.averageSentiment),
          competitorsShare: round(t.competitorsShare),
          competitorsAverageSentiment: round(t.competitorsAverageSentiment),
        })) ?? null,
    },
  };
}

describe('the market index against the SQL path', () => {
  it('holds the listed communities and sends a location-less one to the same answer', async () => {
    expect(index.stats.communities).toBeGreaterThan(400);
    expect(index.community(delisted)).toBeUndefined();
    const nowhere = (await tdb.pool.query<{ id: number }>(`SELECT id FROM communities WHERE name = 'Nowhere'`)).rows[0]!.id;
    await expect(onIndex.competitiveSet(nowhere, 10)).rejects.toMatchObject({ code: 'UNPROCESSABLE' });
    await expect(onSql.competitiveSet(nowhere, 10)).rejects.toMatchObject({ code: 'UNPROCESSABLE' });
  });

  it('gives every community the same competitive set at every radius', async () => {
    let themed = 0;
    let beyond = 0;
    for (const id of ids) {
      for (const radius of RADII) {
        const [a, b] = await Promise.all([onIndex.competitiveSet(id, radius), onSql.competitiveSet(id, radius)]);
        expect(comparable(a), `${id} at ${radius} miles`).toEqual(comparable(b));
        if (a.reputation.themes?.length) themed++;
        if (a.competitors.some((c) => c.beyondRadius)) beyond++;
      }
    }
    // The comparison covered sets with themes and sets that reached beyond the radius for their nearest 10.
    expect(themed).toBeGreaterThan(100);
    expect(beyond).toBeGreaterThan(100);
  }, 300_000);

  it('finds the nearest 10 of every step (50, 150, 500 miles) as the SQL does, searched within a growing distance', async () => {
    // The steps' nearest-k search widens from radius / 8; each of its stages must give the SQL's first 10.
    let short = 0;
    for (const id of ids) {
      const c = index.community(id)!;
      for (const miles of [3, 50, 150, 500]) {
        const sql = (await repo.neighbours(tdb.pool, id, c.lat!, c.lng!, miles)).slice(0, 10);
        const got = index.neighbours(id, c.lat!, c.lng!, miles, 10);
        // Distances in JavaScript and PostgreSQL may differ in the last bit (the answers round them to 0.01).
        expect(got.map((n) => [n.id, round9(n.miles)]), `${id} at ${miles} miles`).toEqual(sql.map((n) => [n.id, round9(n.miles)]));
        if (sql.length < 10) short++;
      }
    }
    // Some searches found fewer than 10 even at their full distance (the last stage answers them).
    expect(short).toBeGreaterThan(0);
  }, 300_000);

  it('gives the same set to a delisted community (its row from SQL, its neighbours from the index)', async () => {
    expect(comparable(await onIndex.competitiveSet(delisted, 5))).toEqual(comparable(await onSql.competitiveSet(delisted, 5)));
  });

  it('gives the portfolio the same price positions, computed after the build or on first demand, and kept', async () => {
    const all = [...ids, delisted];
    const sql = await onSql.pricePositions(all, 10);
    expect(sql.size).toBe(all.length);
    // The first visit computes them (the delisted one on the service's own path), the second reads the kept ones.
    expect(await onIndex.pricePositions(all, 10)).toEqual(sql);
    expect(index.positionsHeld).toBe(ids.length);
    expect(await onIndex.pricePositions(all, 10)).toEqual(sql);
    // An index that computes 100 after its build (the largest portfolios' communities first), the rest on demand.
    const warm = await MarketIndex.build(tdb.pool, { positionsWarmed: 100 });
    await warm.warming;
    expect(warm.positionsHeld).toBe(100);
    expect(warm.stats.warmMs).toBeGreaterThanOrEqual(0);
    const onWarm = createMarketsService(tdb.pool, { caching: false, themes: new ThemeService(tdb.pool, 0), index: { current: warm } as LiveIndex<MarketIndex> });
    expect(await onWarm.pricePositions(all, 10)).toEqual(sql);
    expect(await onWarm.pricePositions([...all].reverse(), 10)).toEqual(new Map([...sql].reverse()));
    expect(warm.positionsHeld).toBe(ids.length);
    // By default every portfolio community's is computed after the build: a portfolio then computes none.
    const full = await MarketIndex.build(tdb.pool);
    await full.warming;
    const { rows } = await tdb.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM communities WHERE listing_status = 'listed' AND operator_id IS NOT NULL",
    );
    expect(full.positionsHeld).toBe(rows[0]!.n);
    const onFull = createMarketsService(tdb.pool, { caching: false, themes: new ThemeService(tdb.pool, 0), index: { current: full } as LiveIndex<MarketIndex> });
    expect(await onFull.pricePositions(all, 10)).toEqual(sql);
  }, 120_000);

  it('gives every operator the same portfolio (communities in order, quarterly trend)', async () => {
    const themes = new ThemeService(tdb.pool, 0);
    const { rows } = await tdb.pool.query<{ id: number }>('SELECT id FROM operators ORDER BY id');
    expect(rows.length).toBeGreaterThan(20);
    let withTrend = 0;
    for (const { id } of [...rows, { id: 999_999 }]) {
      const positions = (list: number[]) => onSql.pricePositions(list, 10);
      const [a, b] = await Promise.allSettled([themes.portfolio(id, positions, index.portfolio), themes.portfolio(id, positions)]);
      expect(a.status, String(id)).toBe(b.status);
      if (a.status === 'rejected' || b.status === 'rejected') continue;
      expect(comparablePortfolio(a.value), String(id)).toEqual(comparablePortfolio(b.value));
      if (a.value.trend.some((t) => t.customerReviews > 0) && a.value.trend.some((t) => t.employeeReviews > 0)) withTrend++;
    }
    expect(withTrend).toBeGreaterThan(5);
  }, 120_000);
});

describe('the markets overview on the index', () => {
  it('gives the same overview, underserved lists, state summary and state markets as the statements, without running them', async () => {
    // A service on the index whose database refuses the supply statements: only the population is read from SQL.
    const refusing = {
      query: (text: string, values?: unknown[]) =>
        /GROUP BY c\.(county_fips|state|source_kind)/.test(text) ? Promise.reject(new Error(`not on the index path: ${text.slice(0, 60)}`)) : tdb.pool.query(text, values),
    } as unknown as typeof tdb.pool;
    const onIndexOnly = createMarketsService(refusing, { caching: false, index: { current: index } as LiveIndex<MarketIndex> });
    for (const min of [0, 5_000, 50_000]) expect(uncounted(await onIndexOnly.markets(min)), String(min)).toEqual(uncounted(await onSql.markets(min)));
    // Counted when the index read them, which the answers say.
    expect((await onIndexOnly.markets(0)).sources.countedAt).toBe(index.supply.readAt);
    const sql = await onSql.markets(0);
    // Figures, not only empty lists: the overview counted communities, capacity and publishers.
    expect(sql.us.communities).toBe(index.stats.communities);
    expect(sql.us.capacity).toBeGreaterThan(0);
    expect(sql.sources.capacity.length).toBeGreaterThan(0);
    expect(uncounted(await onIndexOnly.states())).toEqual(uncounted(await onSql.states()));
    const states = [...new Set(sql.counties.filter((c) => c.communities > 0).map((c) => c.state))];
    expect(states.length).toBeGreaterThan(3);
    for (const state of states) expect(uncounted(await onIndexOnly.stateMarket(state)), state).toEqual(uncounted(await onSql.stateMarket(state)));
  });
});

describe("a county's market on the index", () => {
  it('gives every county with listed communities, and some without, the same market as its own statements', async () => {
    const { rows } = await tdb.pool.query<{ state: string; fips: string; n: number }>(
      `SELECT p.state, p.fips, count(c.id)::int AS n FROM county_population p
         LEFT JOIN communities c ON c.county_fips = p.fips AND c.listing_status = 'listed'
        GROUP BY 1, 2 ORDER BY 3 DESC, 2`,
    );
    const counties = [...rows.filter((r) => r.n > 0), ...rows.filter((r) => r.n === 0).slice(0, 20)];
    expect(counties.length).toBeGreaterThan(150);
    let priced = 0;
    let operated = 0;
    for (const { state, fips } of counties) {
      const [a, b] = await Promise.all([onIndex.countyMarket(state, fips), onSql.countyMarket(state, fips)]);
      expect(uncounted(a), `${state} ${fips}`).toEqual(uncounted(b));
      if (a.prices.some((p) => p.priced > 1)) priced++;
      if (a.topOperators.length > 1 && a.rating.sentiment !== null) operated++;
    }
    // Counties with several priced communities, several operators and reviews were compared.
    expect(priced).toBeGreaterThan(20);
    expect(operated).toBeGreaterThan(20);
  }, 120_000);
});

/** Quarterly means are one avg() per operator on SQL and per operator in one grouped statement on the index: equal to 1e-9. */
function comparablePortfolio(p: Portfolio) {
  const round = (n: number | null) => (n === null ? null : round9(n));
  return { ...p, trend: p.trend.map((t) => ({ ...t, customerSentiment: round(t.customerSentiment), employeeSentiment: round(t.employeeSentiment) })) };
}

describe('the competitive set over HTTP on the index', () => {
  const http = useIndexAndSqlApps(() => tdb, { email: 'market-index@example.com', debounceMs: 50, ready: readyIndex });

  it('answers as the SQL path does, and follows a community that moves', async () => {
    const target = ids[0]!;
    const get = (app: App, id: number) => app.inject({ method: 'GET', url: `/api/community-insights/${id}/market?radius=25`, headers: { cookie: http.cookie } });
    for (const id of ids.slice(0, 20)) {
      const [a, b] = await Promise.all([get(http.onIndex, id), get(http.onSql, id)]);
      expect(a.statusCode, a.body).toBe(200);
      expect(comparable(a.json()), String(id)).toEqual(comparable(b.json()));
    }
    const { rows: ops } = await tdb.pool.query<{ id: number }>(`SELECT operator_id AS id FROM communities WHERE operator_id IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 5`);
    for (const { id } of ops) {
      const url = `/api/portfolio/${id}`;
      const [a, b] = await http.both(url, { cookie: http.cookie });
      expect(a.statusCode, a.body).toBe(200);
      expect(comparablePortfolio(a.json()), url).toEqual(comparablePortfolio(b.json()));
    }
    // Move the target onto the Austin cluster: its nearest competitors become the cluster's members.
    const live = marketIndexOf(http.onIndex);
    const version = live.version;
    await tdb.pool.query('UPDATE communities SET lat = 30.2672, lng = -97.7431 WHERE id = $1', [target]);
    await waitFor(async () => live.version > version);
    const moved = (await get(http.onIndex, target)).json() as CompetitiveSet;
    expect(moved.competitors[0]!.name).toBe('Cluster 0');
    expect(moved.competitors[0]!.distanceMiles).toBe(0);
    expect(comparable(moved)).toEqual(comparable((await get(http.onSql, target)).json()));
  }, 60_000);
});

/** The app's market index (decorated for tests through the services the routes share). */
function marketIndexOf(app: App): LiveIndex<MarketIndex> {
  const live = app.marketIndex;
  if (!live) throw new Error('the app has no market index');
  return live;
}

async function readyIndex(app: App): Promise<void> {
  await marketIndexOf(app).ready();
}
