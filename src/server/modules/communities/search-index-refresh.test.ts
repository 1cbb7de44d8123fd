// The in-memory search index follows PostgreSQL (ADR 026): a changed price, new review figures, a
// delisted community or a new one reach the search answer through NOTIFY (migration 0013) and a rebuild,
// within a bounded wait; a lost listening connection is opened again and the index rebuilt.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommunity } from '../../test/factories';
import type { InsightFilters } from '../../../contracts/insights';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../../test/db';
import type { App } from '../../types';
import { waitFor } from '../../test/wait';
import { createSearchService } from './search.service';
import { searchQuerySchema, mapPointsQuerySchema } from '../../../contracts/search';

let tdb: TestDatabase;
let app: App;
const ids: number[] = [];

interface Answer {
  total: number;
  communities: { id: number; name: string; shownPrice: { minPrice: number } | null }[];
  /** Operator Intelligence's answers. */
  operators: { employeeReviewCount: number }[];
}

/** Polls the search (or an insights list) until `accept` holds for its answer; fails after `ms` (a bound, not a timing assertion). */
async function eventually(url: string, accept: (body: Answer) => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  let last: unknown;
  while (Date.now() < deadline) {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    last = res.json();
    if (accept(res.json())) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no such answer within ${ms} ms from ${url}: ${JSON.stringify(last)}`);
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  for (const [i, name] of ['Refresh Alpha', 'Refresh Beta', 'Refresh Gamma'].entries()) {
    const id = await createCommunity(tdb.pool, { name, city: 'Testville', state: 'OH' });
    await tdb.pool.query(`INSERT INTO community_pricing (community_id, care_type, min_price, max_price) VALUES ($1, 'Assisted Living', $2, $3)`, [id, 3000 + i * 1000, 4000 + i * 1000]);
    await tdb.pool.query(
      `UPDATE communities SET care_types = '{Assisted Living}', rating = 4, review_count = $4, min_price = $2, max_price = $3 WHERE id = $1`,
      [id, 3000 + i * 1000, 4000 + i * 1000, 10 + i],
    );
    ids.push(id);
  }
  app = await buildTestApp(tdb, { SEARCH_INDEX: 'true', SEARCH_INDEX_DEBOUNCE_MS: '20' });
  await app.searchService.index!.ready();
}, 60_000);
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

const names = (b: { communities: { name: string }[] }) => b.communities.map((c) => c.name);

describe('search index refresh (ADR 026)', () => {
  it('answers from the index once built', async () => {
    const res = await app.inject({ url: '/api/communities/search?location=Testville&sort=price_low' });
    expect(names(res.json())).toEqual(['Refresh Alpha', 'Refresh Beta', 'Refresh Gamma']);
    expect(app.searchService.index!.current?.n).toBe(3);
  });

  it('a changed price moves the community in the price sort and into a price band', async () => {
    const url = '/api/communities/search?location=Testville&careTypes=assisted&priceMax=2600&sort=price_low';
    expect((await app.inject({ url })).json().total).toBe(0);
    const version = app.searchService.index!.version;
    await tdb.pool.query(`UPDATE community_pricing SET min_price = 2500 WHERE community_id = $1`, [ids[2]]);
    await eventually(url, (b) => b.total === 1 && b.communities[0]!.id === ids[2] && b.communities[0]!.shownPrice?.minPrice === 2500);
    expect(app.searchService.index!.version).toBeGreaterThan(version);
  });

  it('new review figures (what publishing a review writes) reorder "Highest Rated"', async () => {
    const url = '/api/communities/search?location=Testville&sort=rating';
    await eventually(url, (b) => b.communities[0]!.id !== ids[0]);
    await tdb.pool.query(`UPDATE communities SET rating = 5, review_count = 80 WHERE id = $1`, [ids[0]]);
    await eventually(url, (b) => b.communities[0]!.id === ids[0]);
  });

  it('a delisted community leaves the answer; a new one joins it', async () => {
    const url = '/api/communities/search?location=Testville&sort=name';
    await tdb.pool.query(`UPDATE communities SET listing_status = 'delisted' WHERE id = $1`, [ids[1]]);
    await eventually(url, (b) => b.total === 2 && !names(b).includes('Refresh Beta'));
    await createCommunity(tdb.pool, { name: 'Refresh Delta', city: 'Testville', state: 'OH' });
    await eventually(url, (b) => b.total === 3 && names(b).includes('Refresh Delta'));
  });

  it('after the listening connection is lost it listens again and rebuilds', async () => {
    const { rowCount } = await tdb.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN search_index%' AND pid <> pg_backend_pid()`,
    );
    // The search index's listener, Community Insights' (ADR 026), the market index's and the market themes index's (ADR 029).
    expect(rowCount).toBe(4);
    const marketVersion = app.marketIndex!.version;
    const themesVersion = app.marketThemesIndex!.version;
    // The operators index's (ADR 027): it listens on search_index, then operators_index (its last statement).
    const operatorsVersion = app.operatorsIndex!.version;
    const killed = await tdb.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN operators_index%' AND pid <> pg_backend_pid()`,
    );
    expect(killed.rowCount).toBe(1);
    const insightsVersion = app.insightsIndex!.version;
    await tdb.pool.query(`UPDATE communities SET name = 'Refresh Epsilon' WHERE name = 'Refresh Delta'`);
    await eventually('/api/communities/search?location=Testville&sort=name', (b) => names(b).includes('Refresh Epsilon'), 30_000);
    // It listens again: a later change arrives by notification too.
    await tdb.pool.query(`UPDATE communities SET name = 'Refresh Zeta' WHERE name = 'Refresh Epsilon'`);
    await eventually('/api/communities/search?location=Testville&sort=name', (b) => names(b).includes('Refresh Zeta'));
    await eventually('/api/community-insights?searchQuery=refresh%20zeta', (b) => b.communities.map((c) => c.name).join() === 'Refresh Zeta');
    expect(app.insightsIndex!.version).toBeGreaterThan(insightsVersion);
    expect(app.insightsIndex!.current!.page({ searchQuery: 'refresh zeta' } as InsightFilters, 'name', 'asc', 25, 0)!.total).toBe(1);
    // The market indexes listen again too: the renames reached them.
    await waitFor(() => app.marketIndex!.version > marketVersion && app.marketThemesIndex!.version > themesVersion, 30_000);
    expect(app.marketIndex!.current!.community(ids[2]!)).toBeDefined();
    // The operators index listens again on both its channels: a new operator (search_index), then its first employee review (operators_index).
    const { rows } = await tdb.pool.query<{ id: number }>(`INSERT INTO operators (name, source_id) VALUES ('Refresh Operator Eta', 'refresh-op') RETURNING id`);
    const opUrl = '/api/operator-insights?searchQuery=refresh%20operator%20eta';
    await eventually(opUrl, (b) => b.operators.length === 1 && b.operators[0]!.employeeReviewCount === 0);
    await tdb.pool.query(
      `INSERT INTO employee_reviews (operator_id, rating, title, content, review_date, job_title, employment_status, source, sentiment)
       VALUES ($1, 4, 'Fine', 'A fine place to work.', DATE '2026-01-01', 'Aide', 'Current', 'Demo', 0.5)`,
      [rows[0]!.id],
    );
    await eventually(opUrl, (b) => b.operators[0]?.employeeReviewCount === 1);
    expect(app.operatorsIndex!.version).toBeGreaterThan(operatorsVersion);
  }, 60_000);
});

describe('what the search service keeps once the index answers (caches on)', () => {
  it('computes every search and filtered map again, and keeps only the unfiltered whole map', async () => {
    const service = createSearchService(tdb.pool, { cacheTtlMs: 60_000, index: app.searchService.index });
    const search = searchQuerySchema.parse({ location: 'Testville', sort: 'price_low' });
    const [a, b] = [await service.search(search), await service.search(search)];
    expect(b).toEqual(a);
    expect(b).not.toBe(a);
    const filtered = mapPointsQuerySchema.parse({ location: 'Testville' });
    expect(await service.mapPoints(filtered)).not.toBe(await service.mapPoints(filtered));
    const whole = mapPointsQuerySchema.parse({});
    expect(await service.mapPoints(whole)).toBe(await service.mapPoints(whole));
  });
});

describe('the city list once the index answers', () => {
  it('is taken from the index: a database that refuses the GROUP BY of cities still finds a typed city', async () => {
    const refused: string[] = [];
    const db = {
      query: (text: string, values?: unknown[]) => {
        if (/GROUP BY state, city/.test(text)) {
          refused.push(text);
          return Promise.reject(new Error('the city list must come from the index'));
        }
        return tdb.pool.query(text, values);
      },
    } as unknown as typeof tdb.pool;
    const query = searchQuerySchema.parse({ location: 'testvile' });
    const answer = await createSearchService(db, { cacheTtlMs: 0, index: app.searchService.index }).search(query);
    expect(answer.total).toBeGreaterThan(0);
    expect(answer).toEqual(await createSearchService(tdb.pool, { cacheTtlMs: 0, index: app.searchService.index }).search(query));
    expect(refused).toEqual([]);
  });
});

describe('the whole map without filters, per build of the index (caches off; ADR 018, 2026-11-26 evening)', () => {
  it('is computed once per build and zoom cell size, and again by the next build', async () => {
    const live = app.searchService.index!;
    const points = createSearchService(tdb.pool, { cacheTtlMs: 0, index: live });
    // mapPointsMax 1: the whole map is then grid cells (from the index's kept grid), not its points.
    const cells = createSearchService(tdb.pool, { cacheTtlMs: 0, index: live, mapPointsMax: 1 });
    const located = async (lat: number, id: number) => {
      const version = live.version;
      await tdb.pool.query(`UPDATE communities SET lat = $2, lng = -83 WHERE id = $1`, [id, lat]);
      await waitFor(() => live.version > version);
    };
    await located(40, ids[0]!);
    const whole = mapPointsQuerySchema.parse({});
    const first = await points.mapPoints(whole);
    expect(JSON.parse(first.body.toString()).points.map((p: { id: number }) => p.id)).toContain(ids[0]);
    expect(await points.mapPoints(whole)).toBe(first);
    // Zoom levels 4 and 5 have the same cell size without a view (the world's area sets it): one answer.
    expect(await cells.mapPoints(mapPointsQuerySchema.parse({ zoom: '5' }))).toBe(await cells.mapPoints(mapPointsQuerySchema.parse({ zoom: '4' })));
    const clusteredBefore = JSON.parse((await cells.mapPoints(whole)).body.toString());
    // A filtered map is computed per request.
    const filtered = mapPointsQuerySchema.parse({ location: 'Testville' });
    expect(await points.mapPoints(filtered)).not.toBe(await points.mapPoints(filtered));

    // The next build: a second community placed on the map appears in both answers (a memo kept across builds
    // would still give the first ones).
    await located(30, ids[2]!); // ids[1] is delisted above
    const second = await points.mapPoints(whole);
    expect(second).not.toBe(first);
    expect(JSON.parse(second.body.toString()).points.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([ids[0], ids[2]]));
    const clusteredAfter = JSON.parse((await cells.mapPoints(whole)).body.toString());
    expect(clusteredAfter.clustered).toBe(true);
    expect(clusteredAfter.total).toBe(clusteredBefore.total + 1);
    expect(clusteredAfter.points.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([ids[0], ids[2]]));
  }, 60_000);
});
