// The in-memory market themes index (market-themes-index.ts, ADR 029) against the SQL path it stands in for,
// on a generated dataset: every state's and every county's customer and employee report, employee reports of
// cities, customer reports of large cities, every operator's customer and employee report, the scopes the index leaves to SQL, then over HTTP an
// app on the index against an app on SQL, and changes followed once the index has been rebuilt (a community
// moved to another county, a community moved to another operator, an operator renamed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThemeKind, ThemeReport } from '../../../contracts/themes';
import { createPool } from '../../db/client';
import { ensureMarketData } from '../../db/counties';
import { ensureDataset } from '../../db/seed/dataset';
import type { LiveIndex } from '../../lib/live-index';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { useIndexAndSqlApps } from '../../test/index-apps';
import { MarketThemesIndex } from './market-themes-index';
import { ThemeService } from './themes.service';
import { waitFor } from '../../test/wait';
import { comparableReport } from '../../test/floats';

let tdb: TestDatabase;
let index: MarketThemesIndex;
let onSql: ThemeService;
let onIndex: ThemeService;
let states: string[];
let counties: { state: string; fips: string }[];
let cities: { state: string; city: string }[];
let operators: number[];

beforeAll(async () => {
  tdb = await createTestDatabase();
  await ensureDataset(tdb.pool, { scale: 0.01, seed: 4141, now: new Date('2026-11-20T12:00:00Z') });
  // County of every community and the ACS counties, as every start does.
  await ensureMarketData(tdb.pool);
  index = await MarketThemesIndex.build(tdb.pool);
  onSql = new ThemeService(tdb.pool, 0);
  onIndex = new ThemeService(tdb.pool, 0, { index: { current: index } as LiveIndex<MarketThemesIndex> });
  const q = async <T,>(sql: string) => (await tdb.pool.query<T & Record<string, unknown>>(sql)).rows;
  states = (await q<{ state: string }>(`SELECT DISTINCT state FROM communities WHERE listing_status = 'listed' ORDER BY 1`)).map((r) => r.state);
  counties = await q<{ state: string; fips: string }>(
    `SELECT DISTINCT state, county_fips AS fips FROM communities WHERE listing_status = 'listed' AND county_fips IS NOT NULL ORDER BY 1, 2`,
  );
  cities = await q<{ state: string; city: string }>(`SELECT DISTINCT state, city FROM communities WHERE listing_status = 'listed' ORDER BY 1, 2 LIMIT 150`);
  operators = (await q<{ id: number }>('SELECT id FROM operators ORDER BY id')).map((r) => r.id);
}, 180_000);

afterAll(async () => {
  await tdb?.drop();
});


async function same(kind: ThemeKind, state: string, city: string | null, county: string | null): Promise<ThemeReport> {
  const [a, b] = await Promise.all([onIndex.market(kind, state, city, county), onSql.market(kind, state, city, county)]);
  expect(comparableReport(a), `${kind} ${state} ${city ?? ''} ${county ?? ''}`).toEqual(comparableReport(b));
  return a;
}

describe('the market themes index against the SQL path', () => {
  it('answers every state, customer and employee', async () => {
    expect(states.length).toBeGreaterThan(20);
    let withExamples = 0;
    for (const state of states) {
      for (const kind of ['customer', 'employee'] as const) {
        expect(index.keysFor(kind, state, null, null)).not.toBeNull();
        const r = await same(kind, state, null, null);
        if (r.themes.some((t) => t.examples.length === 2)) withExamples++;
      }
    }
    expect(withExamples).toBeGreaterThan(20);
  }, 120_000);

  it('answers the whole-table reports, customer (every community, a delisted one included) and employee', async () => {
    // A delisted community's reviews count in "All reviews" and in no state's report: the most reviewed one delisted
    // for this test, an index built over that, then listed again.
    const { rows } = await tdb.pool.query<{ id: number }>(
      `SELECT s.community_id AS id FROM community_review_summary s JOIN communities c ON c.id = s.community_id
        WHERE c.listing_status = 'listed' ORDER BY s.scored DESC, s.community_id LIMIT 1`,
    );
    const id = rows[0]!.id;
    await tdb.pool.query(`UPDATE communities SET listing_status = 'delisted', delisted_as_of = DATE '2026-11-01' WHERE id = $1`, [id]);
    try {
      const delisted = await MarketThemesIndex.build(tdb.pool);
      const onDelisted = new ThemeService(tdb.pool, 0, { index: { current: delisted } as LiveIndex<MarketThemesIndex> });
      let statesReviews = 0;
      for (const state of states) statesReviews += (await onDelisted.market('customer', state, null, null)).reviews;
      for (const kind of ['customer', 'employee'] as const) {
        const [a, b] = await Promise.all([onDelisted.all(kind), onSql.all(kind)]);
        expect(comparableReport(a), kind).toEqual(comparableReport(b));
        expect(a.reviews).toBeGreaterThan(0);
        expect(a.themes.filter((t) => t.examples.length === 2).length, kind).toBeGreaterThan(3);
        if (kind === 'customer') expect(a.reviews).toBeGreaterThan(statesReviews);
      }
    } finally {
      await tdb.pool.query(`UPDATE communities SET listing_status = 'listed', delisted_as_of = NULL WHERE id = $1`, [id]);
    }
    // And over the data as the other tests see it.
    for (const kind of ['customer', 'employee'] as const) {
      const [a, b] = await Promise.all([onIndex.all(kind), onSql.all(kind)]);
      expect(comparableReport(a), kind).toEqual(comparableReport(b));
    }
  }, 120_000);

  it('answers every county by its FIPS code, customer and employee (a county of several cities included)', async () => {
    expect(counties.length).toBeGreaterThan(100);
    let employees = 0;
    for (const { state, fips } of counties) {
      for (const kind of ['customer', 'employee'] as const) {
        expect(index.keysFor(kind, state, null, fips)).not.toBeNull();
        const r = await same(kind, state, null, fips);
        if (kind === 'employee' && r.reviews > 0) employees++;
      }
    }
    expect(employees).toBeGreaterThan(20);
    // A FIPS code of another state's county, or of none, is not found on either path (the county's name comes from the index).
    const other = counties.find((c) => c.state !== counties[0]!.state)!;
    for (const fips of [other.fips, '99999']) {
      expect(index.countyName(counties[0]!.state, fips)).toBeUndefined();
      await expect(onIndex.market('customer', counties[0]!.state, null, fips)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(onSql.market('customer', counties[0]!.state, null, fips)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
  }, 180_000);

  it("answers cities' employee reports, in any case", async () => {
    let withReviews = 0;
    for (const { state, city } of cities) {
      const r = await same('employee', state, city, null);
      await same('employee', state, city.toUpperCase(), null);
      if (r.reviews > 0) withReviews++;
    }
    expect(withReviews).toBeGreaterThan(5);
  }, 120_000);

  it("answers every operator's customer and employee report, and an unknown operator is not found on either path", async () => {
    expect(operators.length).toBeGreaterThan(20);
    const seen = { customer: 0, employee: 0, examples: 0, empty: 0 };
    for (const id of operators) {
      for (const kind of ['customer', 'employee'] as const) {
        const [a, b] = await Promise.all([onIndex.operator(id, kind), onSql.operator(id, kind)]);
        expect(comparableReport(a), `operator ${id} ${kind}`).toEqual(comparableReport(b));
        if (a.reviews > 0) seen[kind]++;
        else seen.empty++;
        if (a.themes.some((t) => t.examples.length === 2)) seen.examples++;
      }
    }
    // Most operators have reviews of both kinds, some have none of a kind (an empty report), most have examples.
    expect(seen.customer).toBeGreaterThan(20);
    expect(seen.employee).toBeGreaterThan(20);
    expect(seen.empty).toBeGreaterThan(0);
    expect(seen.examples).toBeGreaterThan(40);
    const unknown = operators.at(-1)! + 1000;
    expect(index.operatorName(unknown)).toBeUndefined();
    for (const kind of ['customer', 'employee'] as const) {
      await expect(onIndex.operator(unknown, kind)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(onSql.operator(unknown, kind)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
  }, 180_000);

  it("answers cities' customer reports when every city is a large one (largeCityMin 1), in any case", async () => {
    const all = await MarketThemesIndex.build(tdb.pool, { largeCityMin: 1 });
    const onAll = new ThemeService(tdb.pool, 0, { index: { current: all } as LiveIndex<MarketThemesIndex> });
    let withReviews = 0;
    for (const { state, city } of cities) {
      for (const asked of [city, city.toUpperCase()]) {
        expect(all.keysFor('customer', state, asked, null), `${asked}, ${state}`).toEqual([`C:${state}:${city.toLowerCase()}`]);
        const [a, b] = await Promise.all([onAll.market('customer', state, asked, null), onSql.market('customer', state, asked, null)]);
        expect(comparableReport(a), `customer ${asked}, ${state}`).toEqual(comparableReport(b));
        if (a.reviews > 0 && a.themes.some((t) => t.examples.length > 0)) withReviews++;
      }
    }
    expect(withReviews).toBeGreaterThan(100);
    // A city of another state, or none, is not a key: SQL answers it (an empty report).
    expect(all.keysFor('customer', cities[0]!.state === 'TX' ? 'CA' : 'TX', 'Nowhere At All', null)).toBeNull();
  }, 180_000);

  it('holds the customer reports of the cities with at least largeCityMin listed communities, and no other city', async () => {
    const { rows } = await tdb.pool.query<{ state: string; city: string; n: number }>(
      `SELECT state, min(city) AS city, count(*)::int AS n FROM communities WHERE listing_status = 'listed' GROUP BY state, lower(city)`,
    );
    const min = 3;
    expect(rows.filter((r) => r.n >= min).length).toBeGreaterThan(3);
    expect(rows.filter((r) => r.n === min - 1).length).toBeGreaterThan(3);
    const some = await MarketThemesIndex.build(tdb.pool, { largeCityMin: min });
    for (const r of rows) expect(some.keysFor('customer', r.state, r.city, null) !== null, `${r.city}, ${r.state}: ${r.n}`).toBe(r.n >= min);
  }, 60_000);

  it("reads a city's and an operator's customer report on the long-read lane while the index is being built, on the pool once built", async () => {
    // The summaries locked until the pool has given up (statement timeout 300 ms): only the long-read lane waits.
    const short = createPool(tdb.url, 4, { timeouts: { connectMs: 5_000, queryMs: 5_000, statementMs: 300 } });
    const lock = await tdb.pool.connect();
    try {
      const { state, city } = cities[0]!;
      const operator = operators[0]!;
      const building = new ThemeService(short, 0, { index: { current: null } as unknown as LiveIndex<MarketThemesIndex> });
      const built = new ThemeService(short, 0, { index: { current: index } as LiveIndex<MarketThemesIndex> });
      const expected = await Promise.all([onSql.market('customer', state, city, null), onSql.operator(operator, 'customer')]);
      await lock.query('BEGIN');
      await lock.query('LOCK TABLE community_review_summary IN ACCESS EXCLUSIVE MODE');
      const settled = <T,>(p: Promise<T>) =>
        p.then(
          (report) => ({ report }),
          (error: unknown) => ({ error }),
        );
      const whileBuilding = [settled(building.market('customer', state, city, null)), settled(building.operator(operator, 'customer'))];
      // A small city once the index is built: on the pool, which gives up at its statement timeout (the lock held).
      await expect(built.market('customer', state, city, null)).rejects.toMatchObject({ code: '57014' });
      await lock.query('COMMIT');
      const answers = await Promise.all(whileBuilding);
      answers.forEach((answer, i) => {
        expect('report' in answer, String((answer as { error?: unknown }).error)).toBe(true);
        expect(comparableReport((answer as { report: ThemeReport }).report)).toEqual(comparableReport(expected[i]!));
      });
    } finally {
      lock.release();
      await short.end();
    }
  }, 30_000);

  it('leaves to SQL what it cannot answer as the database would: a small customer city, a county by name, non-ASCII text', async () => {
    const { state, city } = cities[0]!;
    expect(index.keysFor('customer', state, city, null)).toBeNull();
    expect(index.keysFor('customer', 'TX', null, 'Travis')).toBeNull();
    expect(index.keysFor('employee', 'TX', 'Señora', null)).toBeNull();
    await same('customer', state, city, null);
  });
});

describe('market themes over HTTP on the index', () => {
  const http = useIndexAndSqlApps(() => tdb, { email: 'market-themes@example.com', debounceMs: 50, ready: (onIndex) => onIndex.marketThemesIndex!.ready() });

  it('answers as the SQL path does, and follows a community moved to another county', async () => {
    const { state, fips } = counties[0]!;
    const urls = [
      `/api/themes/market/${state}?kind=customer`,
      `/api/themes/market/${state}?kind=employee`,
      `/api/themes/market/${state}?kind=customer&county=${fips}`,
      `/api/themes/market/${state}?kind=employee&county=${fips}`,
      `/api/themes/market/${cities[0]!.state}?kind=employee&city=${encodeURIComponent(cities[0]!.city)}`,
    ];
    for (const url of urls) {
      const [a, b] = await http.both(url, { cookie: http.cookie });
      expect(a.statusCode, a.body).toBe(200);
      expect(comparableReport(a.json()), url).toEqual(comparableReport(b.json()));
    }
    // The county's most reviewed community moves to another county of the state: both reports follow.
    const { rows } = await tdb.pool.query<{ id: number; other: string }>(
      `SELECT c.id, (SELECT p.fips FROM county_population p WHERE p.state = c.state AND p.fips <> c.county_fips ORDER BY p.fips LIMIT 1) AS other
         FROM communities c WHERE c.state = $1 AND c.county_fips = $2 AND c.listing_status = 'listed' ORDER BY c.review_count DESC, c.id LIMIT 1`,
      [state, fips],
    );
    const live = http.onIndex.marketThemesIndex!;
    const version = live.version;
    await tdb.pool.query('UPDATE communities SET county_fips = $2 WHERE id = $1', [rows[0]!.id, rows[0]!.other]);
    await waitFor(async () => live.version > version);
    for (const url of [urls[2]!, `/api/themes/market/${state}?kind=customer&county=${rows[0]!.other}`]) {
      const [a, b] = await http.both(url, { cookie: http.cookie });
      expect(a.statusCode, a.body).toBe(200);
      expect(comparableReport(a.json()), url).toEqual(comparableReport(b.json()));
    }
  }, 60_000);

  it("answers operators as the SQL path does, and follows a community moved to another operator and an operator's new name", async () => {
    const both = async (url: string, status = 200) => {
      const [a, b] = await http.both(url, { cookie: http.cookie });
      expect(a.statusCode, a.body).toBe(status);
      expect(b.statusCode, b.body).toBe(status);
      if (status === 200) expect(comparableReport(a.json()), url).toEqual(comparableReport(b.json()));
      return a.json() as ThemeReport;
    };
    // The two operators with the most listed communities; the first gives its most reviewed community to the second.
    const { rows } = await tdb.pool.query<{ operator_id: number }>(
      `SELECT operator_id FROM communities WHERE listing_status = 'listed' AND operator_id IS NOT NULL
        GROUP BY operator_id ORDER BY count(*) DESC, operator_id LIMIT 2`,
    );
    const [from, to] = rows.map((r) => r.operator_id) as [number, number];
    const urls = [from, to].flatMap((id) => [`/api/themes/operator/${id}?kind=customer`, `/api/themes/operator/${id}?kind=employee`]);
    const before = [];
    for (const url of urls) before.push(await both(url));
    await both(`/api/themes/operator/${operators.at(-1)! + 1000}?kind=customer`, 404);
    const live = http.onIndex.marketThemesIndex!;
    let version = live.version;
    await tdb.pool.query(
      `UPDATE communities SET operator_id = $2 WHERE id = (SELECT id FROM communities WHERE operator_id = $1 AND listing_status = 'listed' ORDER BY review_count DESC, id LIMIT 1)`,
      [from, to],
    );
    await waitFor(async () => live.version > version);
    const moved = [];
    for (const url of urls) moved.push(await both(url));
    expect(moved[0]!.reviews).toBeLessThan(before[0]!.reviews);
    expect(moved[2]!.reviews).toBeGreaterThan(before[2]!.reviews);
    version = live.version;
    await tdb.pool.query(`UPDATE operators SET name = name || ' Renamed' WHERE id = $1`, [to]);
    await waitFor(async () => live.version > version);
    expect((await both(urls[2]!)).scope.name).toBe(`${before[2]!.scope.name} Renamed`);
  }, 60_000);
});
