// What an in-memory index keeps for its life: its own columns, not its build's rows (ADR 018, 2026-11-29, forenoon).
// At scale 10 two closures made in constructors that also had the build's rows in scope (V8 keeps one scope object for
// all of a function's closures) kept 452,470 rows twice: 1.4 GB and 24 million objects of the old generation, which
// every scavenge walked and every major collection marked. Each index is built from a seeded database; every row
// object its reads returned is watched through a WeakRef (and the rows InsightRows is made from, which are made from
// them); after a full collection, with the index still held, none may be alive.
import v8 from 'node:v8';
import vm from 'node:vm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InsightRow } from '../contracts/insights';
import { SearchIndex } from './modules/communities/search-index';
import { InsightRows, InsightsIndex } from './modules/insights/insights-index';
import { OperatorsIndex } from './modules/insights/operators-index';
import { MarketIndex } from './modules/markets/market-index';
import { MarketThemesIndex } from './modules/themes/market-themes-index';
import { runAll } from './lib/pace';
import { createTestDatabase, type TestDatabase } from './test/db';
import { addPricing, createCommunity, createOperator } from './test/factories';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

let tdb: TestDatabase;
const N = 40;
/** A read returning at least this many rows is one per community or operator (26 operators). */
const MIN_ROWS = 20;

beforeAll(async () => {
  tdb = await createTestDatabase();
  for (let i = 0; i < N; i++) {
    const operator = i % 3 ? await createOperator(tdb.pool, { name: `Memory Test Operator ${i}` }) : null;
    const id = await createCommunity(tdb.pool, {
      name: `Kept Rows ${i}`,
      city: i % 2 ? 'Austin' : 'Dallas',
      state: 'TX',
      zipCode: i % 2 ? '78701' : '75201',
      operatorId: operator,
      description: `A description of community ${i}`,
      careTypes: ['Assisted Living'],
      amenities: ['Pet Friendly'],
      rating: 3 + (i % 3) / 2,
      reviewCount: i,
      lat: 30 + i / 100,
      lng: -97 - i / 100,
    });
    await addPricing(tdb.pool, id, 'Assisted Living', 3000 + i * 10, 4000 + i * 10);
  }
});

afterAll(async () => {
  await tdb?.drop();
});

/**
 * Watches (weakly) every row, and the list of rows, of each result of at least `min` rows that a query on `pool` or its
 * clients returns until stop(): the reads per community or operator. (An index may keep a summary's few rows: a total,
 * one per state or per source.)
 */
function watchRows(pool: pg.Pool, min: number): { refs: WeakRef<object>[]; stop(): void } {
  const refs: WeakRef<object>[] = [];
  const watch = (result: unknown) => {
    for (const r of Array.isArray(result) ? result : [result]) {
      const rows = (r as { rows?: unknown } | null)?.rows;
      if (!Array.isArray(rows) || rows.length < min) continue;
      refs.push(new WeakRef(rows));
      for (const row of rows) if (typeof row === 'object' && row !== null) refs.push(new WeakRef(row));
    }
    return result;
  };
  const wrapQuery = (target: { query: (...args: unknown[]) => unknown }) => {
    const query = target.query;
    target.query = function (this: unknown, ...args: unknown[]) {
      const out = query.apply(this, args);
      return out instanceof Promise ? out.then(watch) : out;
    };
    return () => {
      target.query = query;
    };
  };
  const restores = [wrapQuery(pool as never)];
  const connect = pool.connect;
  const wrapped = new WeakSet<object>();
  pool.connect = (async () => {
    const client = await (connect as () => Promise<pg.PoolClient>).call(pool);
    if (!wrapped.has(client)) {
      wrapped.add(client);
      restores.push(wrapQuery(client as never));
    }
    return client;
  }) as unknown as typeof pool.connect;
  return {
    refs,
    stop() {
      pool.connect = connect;
      for (const restore of restores) restore();
    },
  };
}

/** How many of `refs` are alive after a full collection (in a later turn: a WeakRef keeps its target for the turn). */
async function aliveAfterCollection(refs: WeakRef<object>[]): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  gc();
  return refs.filter((r) => r.deref() !== undefined).length;
}

describe('an in-memory index does not keep its build rows', () => {
  const builds: [string, (pool: pg.Pool) => Promise<{ stats: unknown }>][] = [
    ['search', (pool) => SearchIndex.build(pool)],
    ['Community Insights', (pool) => InsightsIndex.build(pool)],
    ['operators', (pool) => OperatorsIndex.build(pool)],
    ['markets', (pool) => MarketIndex.build(pool)],
    ['market themes', (pool) => MarketThemesIndex.build(pool)],
  ];
  for (const [name, build] of builds) {
    it(`${name}: no row its reads returned is alive once it is built`, async () => {
      const watched = watchRows(tdb.pool, MIN_ROWS);
      let index: { stats: unknown };
      try {
        index = await build(tdb.pool);
      } finally {
        watched.stop();
      }
      // The check would pass trivially if nothing was watched.
      expect(watched.refs.length).toBeGreaterThan(MIN_ROWS);
      expect(await aliveAfterCollection(watched.refs)).toBe(0);
      expect(index.stats).toBeTruthy();
    });
  }

  it('Community Insights: the table rows its columns are made from are not kept', async () => {
    const refs: WeakRef<object>[] = [];
    const make = () => {
      const rows: InsightRow[] = Array.from({ length: N }, (_, i) => ({
        id: i + 1,
        name: `Row ${i}`,
        pricing: `$${3000 + i}`,
        phoneNumber: '',
        address: `${i} Test Street, Austin, TX 78701`,
        communityType: 'Assisted Living',
        overview: `Overview ${i}`,
        communityAmenities: 'Pet Friendly',
        communityScore: i % 2 ? 4.5 : null,
        roomTypes: '',
        operatorName: '',
        diningServices: '',
        source: { kind: 'demo', name: 'Test', asOf: '2026-11-01' } as InsightRow['source'],
      }));
      refs.push(new WeakRef(rows), ...rows.map((r) => new WeakRef(r)));
      return runAll(InsightRows.build(Int32Array.from(rows, (r) => r.id), rows, (s) => s));
    };
    const kept = make();
    expect(await aliveAfterCollection(refs)).toBe(0);
    expect(kept.row(3).name).toBe('Row 3');
  });
});
