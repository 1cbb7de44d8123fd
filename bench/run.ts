// `npm run bench`: load the running app with autocannon and print each endpoint's req/s and p50/p99 beside
// two baselines measured in the same run: a bare route (no database) and a bare indexed query (one
// primary-key lookup through the same pool). Targets BENCH_URL, or starts the app (full dataset) itself.
// `--dataset public` (or BENCH_DATASET=public) starts it on the real directory (DATASET=public, in its own
// DATA_DIR so a demo database is never measured by mistake; DATASET_STATES for a small load) and labels the rows.
// `--scale 10` (BENCH_SCALE) starts it on the generated dataset at that scale, in a DATA_DIR of its own per
// scale (generated on its first start), and labels the rows with the scale. `--caches off` (BENCH_CACHES)
// starts it with APP_CACHES=false; `--caches on,off` measures both, one app after the other, in one table.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { distinctCommunityInsightPaths, distinctMapPointPaths, distinctOperatorInsightPaths, distinctSearchPaths } from './distinct';
import { marketRows, prepareMarketRows, signIn } from './market-rows';

const root = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
/** Unmeasured seconds before each endpoint (JIT, pool connections, caches reach their steady state). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
/** Which dataset the started app loads: 'demo' (default, generated) or 'public' (the real directory, ADR 014). */
function datasetArg(argv: string[]): 'demo' | 'public' {
  const i = argv.indexOf('--dataset');
  const value = i >= 0 ? argv[i + 1] : (argv.find((a) => a.startsWith('--dataset='))?.slice('--dataset='.length) ?? process.env.BENCH_DATASET ?? 'demo');
  if (value !== 'demo' && value !== 'public') throw new Error(`--dataset must be demo or public, not '${value}'`);
  return value;
}
/** The value of `--name value`, `--name=value` or the environment variable. */
function option(argv: string[], name: string, envName: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  if (i >= 0) return argv[i + 1];
  return argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? process.env[envName];
}
const ARGS = process.argv.slice(2);
const DATASET = datasetArg(ARGS);
const STATES = DATASET === 'public' ? (process.env.DATASET_STATES ?? '') : '';
/** Scale of the generated dataset the started app loads (DATASET_SCALE); undefined = the app's default (1). */
const SCALE = ((): number | undefined => {
  const value = option(ARGS, 'scale', 'BENCH_SCALE');
  if (value === undefined) return undefined;
  const n = Number(value);
  if (DATASET === 'public') throw new Error('--scale applies to the generated dataset, not to --dataset public');
  if (!(n > 0 && n <= 10)) throw new Error(`--scale must be in (0, 10], not '${value}'`);
  return n;
})();
/** Which answer-cache settings to measure: 'on' (default), 'off' (APP_CACHES=false) or both in turn. */
const CACHES_GIVEN = option(ARGS, 'caches', 'BENCH_CACHES');
const CACHES = ((): boolean[] => {
  const value = CACHES_GIVEN ?? 'on';
  const list = value.split(',').map((v) => v.trim());
  if (list.length === 0 || list.some((v) => v !== 'on' && v !== 'off')) throw new Error(`--caches must be on, off or on,off, not '${value}'`);
  return [...new Set(list)].map((v) => v === 'on');
})();
/**
 * What every table heading and JSON row says the figures were measured on. A BENCH_URL app's scale cannot be seen
 * from here: without --scale its rows say "scale unknown" (they said scale 1 for an app at scale 10).
 */
const DATASET_LABEL =
  DATASET === 'public'
    ? `DATASET=public${STATES ? ` (states ${STATES})` : ' (all 51 jurisdictions)'}`
    : `DATASET=demo, scale ${SCALE ?? (process.env.BENCH_URL ? 'unknown (a BENCH_URL app; --scale says it)' : 1)}`;
/** A free-text label for the run (e.g. 'quiet machine'), printed in the table's heading. */
const LABEL = [DATASET_LABEL, process.env.BENCH_LABEL].filter(Boolean).join(', ');
/** Results go to bench/results/<OUT>.md and .json ('latest-public' for the public dataset, 'latest-scale-N' at another scale). */
const OUT = process.env.BENCH_OUT ?? (DATASET === 'public' ? 'latest-public' : SCALE !== undefined && SCALE !== 1 ? `latest-scale-${SCALE}` : 'latest');
/**
 * Seconds of the bare-query baseline measured again right before each endpoint (0 = off): on a shared
 * machine the load changes within a run, so each endpoint is compared with a baseline taken next to it.
 */
const ADJACENT = Number(process.env.BENCH_ADJACENT_BASELINE ?? 3);
/** How many distinct URLs each distinct-request workload prepares (more than a run can send). */
const DISTINCT = Number(process.env.BENCH_DISTINCT ?? 60_000);
/**
 * A distinct row that sent every URL of its set and then sent them again: part of its answers were repeats. Only a set
 * cut at BENCH_DISTINCT can be made larger; the others hold every URL there is (51 states, every county, operator...).
 */
const ranOut = (n: number) =>
  n >= DISTINCT ? `sent all ${n.toLocaleString('en-US')} distinct URLs and then repeats; raise BENCH_DISTINCT` : `sent its whole set of ${n.toLocaleString('en-US')} URLs, then repeats of them`;

interface Target {
  name: string;
  method?: 'GET' | 'POST';
  /** Paths are rotated through, so caches see varied requests. */
  paths: string[];
  body?: unknown;
  baseline?: 'route' | 'query';
  /** Sends the signed-in (trial = Pro) bench user's session cookie. */
  auth?: boolean;
  /**
   * A route with a per-client rate limit: measured with a fixed number of requests that stays under it
   * (req/s is then not a throughput figure and is not compared with the baselines).
   */
  limited?: { requests: number; connections: number; note: string };
  /**
   * Distinct requests: `paths` are all different and are handed out once each, in order, by one counter
   * shared by every connection and kept across the warm-up and the measured run (never rotated).
   */
  distinct?: { next: number };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** The started app's own database: the public dataset and each scale in a DATA_DIR of their own (never the demo's .data). */
function ownDatabase(): Record<string, string> {
  if (process.env.DATABASE_URL) return {};
  if (DATASET === 'public') {
    return { DATA_DIR: process.env.BENCH_DATA_DIR ?? path.join(root, '.data-bench-public'), EMBEDDED_PG_PORT: process.env.EMBEDDED_PG_PORT ?? '54339' };
  }
  if (SCALE !== undefined) {
    return {
      DATASET_SCALE: String(SCALE),
      DATA_DIR: process.env.BENCH_DATA_DIR ?? path.join(root, `.data-bench-scale-${SCALE}`),
      EMBEDDED_PG_PORT: process.env.EMBEDDED_PG_PORT ?? '54340',
    };
  }
  return {};
}

async function startApp(caches: boolean): Promise<{ url: string; child: ChildProcess }> {
  // BENCH_PORT pins the started app's port (e.g. on a machine where ports are shared out); a free one otherwise.
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATASET,
      APP_CACHES: caches ? 'true' : 'false',
      // A public or scaled run gets its own embedded database: one that holds the demo dataset is kept as it is (ADR 014).
      ...ownDatabase(),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // A first start at a large scale generates the dataset (scale 10: tens of minutes on 2 cores).
  const minutes = 10 * Math.max(1, SCALE ?? 1);
  for (let i = 0; i < minutes * 120; i++) {
    if (child.exitCode !== null) throw new Error('the app exited before it was ready');
    try {
      if ((await fetch(`${url}/api/health/live`)).ok) return { url, child };
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the app did not start within ${minutes} minutes`);
}

async function json<T>(url: string): Promise<T> {
  const res = await fetch(url);
  return (await res.json()) as T;
}

async function sample(url: string) {
  // Real ids from the data, so every request hits existing rows: communities of a state search (ordinary
  // review counts), and operators of every size (the largest lists 800+ communities, most a handful).
  const search = await json<{ communities?: Array<{ id: number }> }>(`${url}/api/communities/search?location=Texas&sort=rating`).catch(
    () => ({ communities: [] }),
  );
  // The public dataset may hold only a few states (DATASET_STATES): then any communities, by name.
  const fallback = search.communities?.length
    ? search
    : await json<{ communities?: Array<{ id: number }> }>(`${url}/api/communities/search?sort=name&pageSize=50`).catch(() => ({ communities: [] }));
  const communities = fallback.communities ?? [];
  const ids = communities.length ? communities.map((c) => c.id) : [1, 2, 3, 4, 5];
  const opList = (sort: string, dir: string, page = 1) =>
    json<{ operators?: Array<{ id: number }> }>(`${url}/api/operator-insights?page=${page}&pageSize=25&sortField=${sort}&sortDirection=${dir}`)
      .then((r) => (r.operators ?? []).map((o) => o.id))
      .catch(() => [] as number[]);
  const operatorIds = [...(await opList('operatorTotalCommunities', 'desc')).slice(0, 2), ...(await opList('operatorName', 'asc', 7)).slice(0, 8)];
  // Real (city, state) pairs for the distinct-request workloads, from a few state searches.
  const cities = new Map<string, { city: string; state: string }>();
  for (const state of ['CA', 'TX', 'FL', 'NY', 'PA', 'IL', 'OH', 'GA', 'NC', 'MI', 'WA', 'AZ']) {
    for (const page of [1, 5]) {
      const r = await json<{ communities?: Array<{ city: string; state: string }> }>(
        `${url}/api/communities/search?location=${state}&sort=name&pageSize=100&page=${page}`,
      ).catch(() => ({ communities: [] }));
      for (const c of r.communities ?? []) cities.set(`${c.state}|${c.city}`, { city: c.city, state: c.state });
    }
  }
  return { ids, operatorIds: operatorIds.length ? operatorIds : [1, 2, 3], cities: [...cities.values()] };
}

interface Sample {
  ids: number[];
  operatorIds: number[];
  cities: Array<{ city: string; state: string }>;
}

/** Built once per run: their counters must survive between the warm-up and the measured run. */
let distinctTargets: Target[] | undefined;
function distinct(cities: Sample['cities']): Target[] {
  distinctTargets ??= [
    { name: 'search: distinct requests (city × care type × price × amenities × sort × page)', paths: distinctSearchPaths(cities, DISTINCT), distinct: { next: 0 } },
    { name: 'community insights: distinct requests (filters × sort × page)', paths: distinctCommunityInsightPaths(cities, DISTINCT), distinct: { next: 0 } },
    { name: 'operator insights: distinct requests (filters × sort × page)', paths: distinctOperatorInsightPaths(DISTINCT), distinct: { next: 0 } },
    // State, city, ZIP or none × care types × price band × amenities × view (bench/cpu.ts's map workload; ADR 018).
    { name: 'search: map points, distinct requests (place × filters × view, gzip)', paths: distinctMapPointPaths(cities, DISTINCT), distinct: { next: 0 } },
  ];
  return distinctTargets;
}

function targets({ ids, operatorIds, cities }: Sample): Target[] {
  const q = (s: string) => encodeURI(s);
  return [
    { name: 'baseline: bare route (GET /api/health/live)', paths: ['/api/health/live'], baseline: 'route' },
    { name: 'baseline: bare indexed query (GET /api/health/probe)', paths: ids.slice(0, 20).map((id) => `/api/health/probe?id=${id}`), baseline: 'query' },
    {
      name: 'search: city',
      paths: ['Chicago', 'Houston, TX', 'Phoenix', 'Naperville, IL', 'Columbus', 'Portland, OR', 'Springfield', 'Austin', 'Denver', 'Miami, FL', 'Seattle', 'Boston'].map((c) =>
        q(`/api/communities/search?location=${c}`),
      ),
    },
    { name: 'search: ZIP radius', paths: ['60540', '10001', '94110', '77002', '33101', '85004', '98101', '30303'].map((z) => `/api/communities/search?location=${z}`) },
    { name: 'search: state + care type + price', paths: ['/api/communities/search?location=CA&careTypes=Assisted Living&priceMin=3000&priceMax=6000', '/api/communities/search?location=Florida&careTypes=Memory Care'].map(q) },
    { name: 'search: misspelled city', paths: ['/api/communities/search?location=Sacremento', '/api/communities/search?location=Pittsburg'] },
    {
      name: 'search: no location, sorts, pages 1-40',
      paths: Array.from({ length: 40 }, (_, i) => `/api/communities/search?sort=${['price_low', 'rating', 'name', 'price_high'][i % 4]}&page=${i + 1}`),
    },
    { name: 'search: amenities', paths: ['/api/communities/search?amenities=Pet Friendly,Swimming Pool', '/api/communities/search?location=TX&amenities=Fitness Center'].map(q) },
    ...distinct(cities),
    { name: 'search: map points (state, gzip)', paths: ['/api/communities/search/points?location=TX', '/api/communities/search/points?location=Ohio'] },
    {
      // Above 2,000 communities the server clusters by zoom level and view (ADR 018).
      name: 'search: map points (whole US, views at zoom 3-9, gzip)',
      paths: [
        '/api/communities/search/points',
        '/api/communities/search/points?careTypes=assisted',
        '/api/communities/search/points?zoom=5&bbox=-107.69,27.87,-69.5,47.97',
        '/api/communities/search/points?zoom=7&bbox=-98.67,36.52,-89.05,41.53',
        '/api/communities/search/points?zoom=9&bbox=-88.5,41.5,-87.5,42.2',
      ],
    },
    { name: 'community detail', paths: ids.slice(0, 20).map((id) => `/api/communities/${id}`) },
    { name: 'community records (licence, CMS)', paths: ids.slice(0, 20).map((id) => `/api/communities/${id}/records`) },
    {
      name: 'search: licence type + capacity band',
      paths: ['/api/communities/search?licenceType=memory_care', '/api/communities/search?capacity=26_50&sort=name', '/api/communities/search?licenceType=nursing_home&capacity=51_100'],
    },
    { name: 'community reviews', paths: ids.slice(0, 20).map((id) => `/api/reviews/${id}`) },
    { name: 'operator communities (2 largest, 8 typical)', paths: operatorIds.map((id) => `/api/operators/${id}/communities`) },
    { name: 'community insights: default', paths: ['/api/community-insights?page=1&pageSize=25&sortField=name&sortDirection=asc'] },
    { name: 'community insights: one filter', paths: ['/api/community-insights?page=1&pageSize=25&sortField=name&sortDirection=asc&state=CA', '/api/community-insights?page=2&pageSize=50&sortField=name&sortDirection=desc&pricingRange=4000-6000', '/api/community-insights?page=1&pageSize=25&sortField=name&sortDirection=asc&searchQuery=sunrise'] },
    { name: 'operator insights: default', paths: ['/api/operator-insights?page=1&pageSize=25&sortField=operatorName&sortDirection=asc'] },
    { name: 'operator insights: one filter', paths: ['/api/operator-insights?page=1&pageSize=25&sortField=operatorName&sortDirection=asc&operatorState=TX', '/api/operator-insights?page=1&pageSize=25&sortField=operatorName&sortDirection=asc&operatorRevenue=over_100m', '/api/operator-insights?page=1&pageSize=25&sortField=operatorName&sortDirection=asc&searchQuery=care'] },
    { name: 'pricing analytics', paths: ['/api/pricing-analytics', '/api/pricing-analytics?state=CA', '/api/pricing-analytics?careType=memory&priceRange=premium'] },
    { name: 'sentiment: customer summary', paths: ['/api/sentiment/customer/summary'] },
    { name: 'sentiment: employee summary', paths: ['/api/sentiment/employee/summary'] },
    {
      name: 'sentiment: customer reviews page',
      // The public directory carries no reviews: only page 1 exists there.
      paths: DATASET === 'public' ? ['/api/sentiment/customer/reviews?page=1'] : ['/api/sentiment/customer/reviews?page=1', '/api/sentiment/customer/reviews?page=50', '/api/sentiment/customer/reviews?page=900'],
    },
    {
      name: 'warehouse: count query',
      method: 'POST',
      paths: ['/api/warehouse/query'],
      body: { query: 'SELECT COUNT(*) FROM customer_reviews' },
      limited: { requests: 40, connections: 1, note: 'rate limited to 120/min per client and one query at a time per client by design: 40 requests on 1 connection, latency only' },
    },
    { name: 'dashboard: market metrics', paths: ['/api/market/metrics'] },
    { name: 'dashboard: top operators (Pro)', paths: ['/api/operators/top'], auth: true },
    { name: 'dashboard: recent insights', paths: ['/api/insights/recent'] },
    // Markets (issue 15, Pro): the overview (cached whole-country figures), the public state summary,
    // large counties' markets and competitive sets of sampled communities at the three radii.
    { name: 'markets: overview (Pro)', paths: ['/api/markets', '/api/markets?minPopulation=50000'], auth: true },
    { name: 'markets: state summary', paths: ['/api/markets/states'] },
    {
      name: 'markets: county (Pro)',
      paths: ['CA/06037', 'TX/48201', 'IL/17031', 'FL/12086', 'AZ/04013', 'NY/36061', 'RI/44007', 'OH/39049', 'WA/53033', 'PA/42101'].map((c) => `/api/markets/${c}`),
      auth: true,
    },
    { name: 'markets: competitive set (Pro)', paths: ids.slice(0, 20).flatMap((id) => [5, 10, 25].map((r) => `/api/community-insights/${id}/market?radius=${r}`)), auth: true },
    ...marketRows(),
    // Last: six exact counts (1.6M review rows) per request saturate the database for seconds after the run.
    { name: 'GET /api/health (public: status only)', paths: ['/api/health'] },
  ];
}

interface Row {
  name: string;
  reqs: number;
  p50: number;
  p99: number;
  non2xx: number;
  baseline?: 'route' | 'query';
  note?: string;
  /** The bare-query baseline measured right before this endpoint. */
  adjacent?: { reqs: number; p99: number };
  /** The app's answer caches during the measurement (APP_CACHES). */
  caches?: CacheLabel;
}

/** Waits (up to 30 s) until a bare indexed query answers within 50 ms: the previous endpoint's backlog is gone. */
async function settle(url: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const t = performance.now();
    const ok = await fetch(`${url}/api/health/probe?id=1`, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && performance.now() - t < 50) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function measure(url: string, t: Target, cookie: string | undefined, seconds: number): Promise<Row> {
  let i = 0;
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' }; // as browsers send
  if (t.body) headers['content-type'] = 'application/json';
  if (t.auth && cookie) headers.cookie = cookie;
  const result = await autocannon({
    url,
    connections: t.limited?.connections ?? CONNECTIONS,
    ...(t.limited ? { amount: t.limited.requests } : { duration: seconds }),
    requests: [
      {
        method: t.method ?? 'GET',
        headers,
        body: t.body ? JSON.stringify(t.body) : undefined,
        setupRequest: (req) => ({ ...req, path: t.distinct ? t.paths[t.distinct.next++ % t.paths.length] : t.paths[i++ % t.paths.length] }),
      },
    ],
  });
  return {
    name: t.name,
    reqs: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    baseline: t.baseline,
    note: t.limited?.note ?? (t.distinct && t.distinct.next > t.paths.length ? ranOut(t.paths.length) : undefined),
  };
}

/** Measures every target against the app at `url`; rows carry the cache setting they were measured with. */
/** What a row says of the answer caches: 'unknown' for a BENCH_URL app when --caches did not say how it was started. */
type CacheLabel = 'on' | 'off' | 'unknown';

async function measureAll(url: string, caches: CacheLabel): Promise<Row[]> {
  // The rows must be of the dataset they are labelled with: the public directory has no demo data.
  const site = await json<{ demoData?: boolean }>(`${url}/api/site`).catch(() => ({}) as { demoData?: boolean });
  if (DATASET === 'public' && site.demoData !== false) {
    throw new Error(`${url} serves demo data: the public rows need a database that holds only DATASET=public (BENCH_DATA_DIR or a fresh DATABASE_URL)`);
  }
  if (DATASET === 'demo' && site.demoData === false) console.log(`warning: ${url} serves no demo data; add --dataset public to label the rows right`);
  // New counters per app: each run sends the same distinct URLs from the first.
  distinctTargets = undefined;
  const sampled = await sample(url);
  const cookie = await signIn(url);
  await prepareMarketRows(url, cookie, sampled.cities);
  const rows: Row[] = [];
  for (const t of targets(sampled)) {
    if (ONLY && !t.baseline && !ONLY.test(t.name)) continue;
    if (t.auth && !cookie) continue;
    const headers: Record<string, string> = t.body ? { 'content-type': 'application/json' } : {};
    if (t.auth && cookie) headers.cookie = cookie;
    if (t.paths.length === 0) {
      console.log(`skip (no URLs sampled): ${t.name}`);
      continue;
    }
    const first = t.distinct ? t.paths[t.distinct.next++]! : t.paths[0]!;
    const probe = await fetch(url + first, { method: t.method ?? 'GET', headers, body: t.body ? JSON.stringify(t.body) : undefined });
    const probeText = await probe.text();
    if (probe.status === 404 && probeText.includes('No route')) {
      console.log(`skip (no such endpoint yet): ${t.name}`);
      continue;
    }
    if (!probe.ok && probe.status !== 429) console.log(`warning: ${t.name}: ${first} answers ${probe.status} ${probeText.slice(0, 200)}`);
    await settle(url);
    process.stdout.write(`measuring ${t.name} (caches ${caches}) ... `);
    if (WARMUP > 0 && !t.limited) await measure(url, t, cookie, WARMUP);
    const baselineQuery = targets(sampled).find((b) => b.baseline === 'query');
    const adjacent = ADJACENT > 0 && !t.baseline && !t.limited && baselineQuery ? await measure(url, baselineQuery, cookie, ADJACENT) : undefined;
    const row = await measure(url, t, cookie, DURATION);
    if (adjacent) row.adjacent = { reqs: adjacent.reqs, p99: adjacent.p99 };
    row.caches = caches;
    console.log(`${Math.round(row.reqs)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms${row.non2xx ? `, ${row.non2xx} non-2xx` : ''}`);
    rows.push(row);
  }
  return rows;
}

const external = process.env.BENCH_URL;
/** A running app's cache setting cannot be seen from here: its rows say "unknown" unless --caches said it. */
const cachesUnknown = external !== undefined && CACHES_GIVEN === undefined;
if (external && (SCALE !== undefined || !CACHES[0] || CACHES.length > 1)) {
  if (CACHES.length > 1) throw new Error('--caches on,off starts the app twice: leave BENCH_URL unset');
  console.log(`warning: BENCH_URL is measured as it runs; the labels (scale, caches) are not checked against it`);
}
const rows: Row[] = [];
const targetsMeasured: string[] = [];
const load = () => os.loadavg().map((n) => n.toFixed(2)).join(', ');
const loadBefore = load();
for (const caches of CACHES) {
  const app = external ? null : await startApp(caches);
  const url = external ?? app!.url;
  targetsMeasured.push(url);
  try {
    rows.push(...(await measureAll(url, cachesUnknown ? 'unknown' : caches ? 'on' : 'off')));
  } finally {
    if (app) {
      app.child.kill('SIGTERM');
      await new Promise((r) => app.child.once('exit', r));
    }
  }
}
// Each row is compared with the baselines measured on the same app (same cache setting).
const baseline = (r: Row, kind: 'route' | 'query') => rows.find((b) => b.baseline === kind && b.caches === r.caches);
const ratio = (r: Row, b?: Row) => (b && b.reqs > 0 && !r.note ? `${((r.reqs / b.reqs) * 100).toFixed(0)}%` : '-');
const notes = rows.filter((r) => r.note);
const lines = [
  `Benchmark${LABEL ? ` (${LABEL})` : ''}: ${CONNECTIONS} connections, ${DURATION} s per endpoint after ${WARMUP} s warm-up, ${new Date().toISOString()}, target ${targetsMeasured.join(' then ')}`,
  `Load average (1, 5, 15 min) on ${os.cpus().length} cores: ${loadBefore} before, ${load()} after.`,
  cachesUnknown
    ? 'Answer caches: as the app at BENCH_URL was started (say --caches on or off to label the rows).'
    : `Answer caches: ${CACHES.map((c) => (c ? 'on' : 'off (APP_CACHES=false)')).join(', then ')}; each row says which.`,
  '',
  ...(ADJACENT > 0
    ? [`The last two columns: the bare indexed query measured for ${ADJACENT} s right before each endpoint (req/s, p99 ms), and the endpoint's req/s as a share of it.`, '']
    : []),
  '| endpoint | caches | req/s | p50 ms | p99 ms | non-2xx | vs bare route | vs bare query | adjacent bare query | vs adjacent |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.name}${r.note ? ' *' : ''} | ${r.caches} | ${Math.round(r.reqs)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${ratio(r, baseline(r, 'route'))} | ${ratio(r, baseline(r, 'query'))} | ${
        r.adjacent ? `${Math.round(r.adjacent.reqs)}, ${r.adjacent.p99}` : '-'
      } | ${r.adjacent && r.adjacent.reqs > 0 && !r.note ? `${((r.reqs / r.adjacent.reqs) * 100).toFixed(0)}%` : '-'} |`,
  ),
  ...(notes.length ? ['', ...notes.map((r) => `\\* ${r.name}: ${r.note}.`)] : []),
];
console.log(`\n${lines.join('\n')}`);
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, `bench/results/${OUT}.md`), `${lines.join('\n')}\n`);
writeFileSync(path.join(root, `bench/results/${OUT}.json`), JSON.stringify(rows.map((r) => ({ dataset: DATASET_LABEL, ...r })), null, 2));
