// `node --expose-gc --import tsx bench/heap.ts`: what each in-memory index holds (issue 13, scale 10). Builds the five
// indexes one after another, as the app does, in this process on DATABASE_URL (or the embedded database of DATA_DIR /
// EMBEDDED_PG_PORT, which must be running: start the app with SEARCH_INDEX=false), keeping each, and prints after each
// build the time, the heap used after a full collection, the growth of that figure (what the index keeps), the time
// of a full collection (what marking the heap costs: a major collection of the app marks every object the indexes
// keep) and the process's peak RSS so far. HEAP_ONLY: a regexp of the index names to build.
import v8 from 'node:v8';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createPool } from '../src/server/db/client';
import { SearchIndex } from '../src/server/modules/communities/search-index';
import { InsightsIndex } from '../src/server/modules/insights/insights-index';
import { OperatorsIndex } from '../src/server/modules/insights/operators-index';
import { MarketIndex } from '../src/server/modules/markets/market-index';
import { MarketThemesIndex } from '../src/server/modules/themes/market-themes-index';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

function databaseUrl(): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
  const port = process.env.EMBEDDED_PG_PORT ?? '54329';
  const { app } = JSON.parse(readFileSync(path.join(dataDir, 'pg', 'seniorscope-credentials.json'), 'utf8')) as { app: string };
  return `postgres://seniorscope_app:${app}@127.0.0.1:${port}/senior_living`;
}

const mb = (n: number) => `${Math.round(n / 2 ** 20)} MB`;
const peakRss = () => {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
};
function heapUsed(): number {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed;
}

/**
 * The median time of three full collections: what marking the heap's objects costs (a major collection of the app
 * marks them all; typed arrays' contents are not marked, objects, strings and arrays of them are).
 */
function fullCollectionMs(): number {
  const times = [0, 1, 2].map(() => {
    const started = performance.now();
    gc!();
    return performance.now() - started;
  });
  return times.sort((a, b) => a - b)[1]!;
}

const builds: [string, (pool: ReturnType<typeof createPool>) => Promise<unknown>][] = [
  ['search', SearchIndex.build],
  ['insights', InsightsIndex.build],
  ['market', MarketIndex.build],
  ['market themes', MarketThemesIndex.build],
  ['operators', OperatorsIndex.build],
];

const only = process.env.HEAP_ONLY ? new RegExp(process.env.HEAP_ONLY) : null;
const pool = createPool(databaseUrl(), 4);
const kept: unknown[] = [];
console.log(
  `heap limit ${mb(v8.getHeapStatistics().heap_size_limit)}; before any index: heap ${mb(heapUsed())}, rss ${mb(process.memoryUsage().rss)}, full collection ${fullCollectionMs().toFixed(0)} ms`,
);
for (const [name, build] of builds) {
  if (only && !only.test(name)) continue;
  const before = heapUsed();
  const started = performance.now();
  kept.push(await build(pool));
  const ms = performance.now() - started;
  const after = heapUsed();
  console.log(
    `${name}: built in ${(ms / 1000).toFixed(1)} s; heap ${mb(after)} (+${mb(after - before)}), rss ${mb(process.memoryUsage().rss)}, peak rss so far ${mb(peakRss())}, full collection ${fullCollectionMs().toFixed(0)} ms`,
  );
}
await pool.end();
