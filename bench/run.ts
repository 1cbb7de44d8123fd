// `npm run bench`: load the running app with autocannon and print each endpoint's req/s and p50/p99 beside
// two baselines measured in the same run: a bare route (no database) and a bare indexed query (one
// primary-key lookup through the same pool). Targets BENCH_URL, or starts the app (full dataset) itself.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;

interface Target {
  name: string;
  method?: 'GET' | 'POST';
  /** Paths are rotated through, so caches see varied requests. */
  paths: string[];
  body?: unknown;
  baseline?: 'route' | 'query';
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

async function startApp(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error('the app exited before it was ready');
    try {
      if ((await fetch(`${url}/api/health/live`)).ok) return { url, child };
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the app did not start within 10 minutes');
}

async function json<T>(url: string): Promise<T> {
  const res = await fetch(url);
  return (await res.json()) as T;
}

async function sample(url: string) {
  // Real ids and names from the data, so every request hits existing rows.
  const search = await json<{ communities?: Array<{ id: number; city: string; state: string; zipCode: string }> }>(
    `${url}/api/communities/search?location=Texas&sort=rating`,
  ).catch(() => ({ communities: [] }));
  const communities = search.communities ?? [];
  const ids = communities.length ? communities.map((c) => c.id) : [1, 2, 3, 4, 5];
  const ops = await json<{ operators?: Array<{ id: number }> }>(`${url}/api/operator-insights?page=1&pageSize=25&sortField=operatorTotalCommunities&sortDirection=desc`).catch(() => ({ operators: [] }));
  const operatorIds = (ops.operators ?? []).map((o) => o.id).slice(0, 10);
  return { ids, operatorIds: operatorIds.length ? operatorIds : [1, 2, 3] };
}

function targets(ids: number[], operatorIds: number[]): Target[] {
  const q = (s: string) => encodeURI(s);
  return [
    { name: 'baseline: bare route (GET /api/health/live)', paths: ['/api/health/live'], baseline: 'route' },
    { name: 'baseline: bare indexed query (GET /api/health/probe)', paths: ids.slice(0, 20).map((id) => `/api/health/probe?id=${id}`), baseline: 'query' },
    { name: 'GET /api/health (6 table counts)', paths: ['/api/health'] },
    { name: 'search: city', paths: ['/api/communities/search?location=Chicago', '/api/communities/search?location=Houston, TX', '/api/communities/search?location=Phoenix'].map(q) },
    { name: 'search: ZIP radius', paths: ['/api/communities/search?location=60540', '/api/communities/search?location=10001', '/api/communities/search?location=94110'] },
    { name: 'search: state + care type + price', paths: ['/api/communities/search?location=CA&careTypes=Assisted Living&priceMin=3000&priceMax=6000', '/api/communities/search?location=Florida&careTypes=Memory Care'].map(q) },
    { name: 'search: misspelled city', paths: ['/api/communities/search?location=Sacremento', '/api/communities/search?location=Pittsburg'] },
    { name: 'search: no location, sort price_low, page 5', paths: ['/api/communities/search?sort=price_low&page=5', '/api/communities/search?sort=rating&page=2', '/api/communities/search?sort=name&page=9'] },
    { name: 'search: amenities', paths: ['/api/communities/search?amenities=Pet Friendly,Swimming Pool', '/api/communities/search?location=TX&amenities=Fitness Center'].map(q) },
    { name: 'search: map points (state)', paths: ['/api/communities/search/points?location=TX', '/api/communities/search/points?location=Ohio'] },
    { name: 'community detail', paths: ids.slice(0, 20).map((id) => `/api/communities/${id}`) },
    { name: 'community reviews', paths: ids.slice(0, 20).map((id) => `/api/reviews/${id}`) },
    { name: 'community insights: default', paths: ['/api/community-insights?page=1&pageSize=25&sortField=name&sortDirection=asc'] },
    { name: 'community insights: one filter', paths: ['/api/community-insights?page=1&pageSize=25&sortField=name&sortDirection=asc&state=CA', '/api/community-insights?page=2&pageSize=50&sortField=name&sortDirection=desc&pricingRange=4000-6000', '/api/community-insights?page=1&pageSize=25&sortField=name&sortDirection=asc&searchQuery=sunrise'] },
    { name: 'operator insights: default', paths: ['/api/operator-insights?page=1&pageSize=25&sortField=operatorName&sortDirection=asc'] },
    { name: 'operator insights: one filter', paths: ['/api/operator-insights?page=1&pageSize=25&sortField=operatorName&sortDirection=asc&operatorState=TX', '/api/operator-insights?page=1&pageSize=25&sortField=operatorName&sortDirection=asc&operatorRevenue=over_100m', '/api/operator-insights?page=1&pageSize=25&sortField=operatorName&sortDirection=asc&searchQuery=care'] },
    { name: 'operator communities', paths: operatorIds.map((id) => `/api/operators/${id}/communities`) },
    { name: 'pricing analytics', paths: ['/api/pricing-analytics', '/api/pricing-analytics?state=CA', '/api/pricing-analytics?careType=memory&priceRange=premium'] },
    { name: 'sentiment: customer summary', paths: ['/api/sentiment/customer/summary'] },
    { name: 'sentiment: employee summary', paths: ['/api/sentiment/employee/summary'] },
    { name: 'sentiment: customer reviews page', paths: ['/api/sentiment/customer/reviews?page=1', '/api/sentiment/customer/reviews?page=50', '/api/sentiment/customer/reviews?page=900'] },
    { name: 'warehouse: count query', method: 'POST', paths: ['/api/warehouse/query'], body: { query: 'SELECT COUNT(*) FROM customer_reviews' } },
    { name: 'dashboard: market metrics', paths: ['/api/market/metrics'] },
    { name: 'dashboard: top operators', paths: ['/api/operators/top'] },
    { name: 'dashboard: recent insights', paths: ['/api/insights/recent'] },
  ];
}

interface Row {
  name: string;
  reqs: number;
  p50: number;
  p99: number;
  non2xx: number;
  baseline?: 'route' | 'query';
}

async function measure(url: string, t: Target): Promise<Row> {
  let i = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        method: t.method ?? 'GET',
        headers: t.body ? { 'content-type': 'application/json' } : undefined,
        body: t.body ? JSON.stringify(t.body) : undefined,
        setupRequest: (req) => ({ ...req, path: t.paths[i++ % t.paths.length] }),
      },
    ],
  });
  return { name: t.name, reqs: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, baseline: t.baseline };
}

const external = process.env.BENCH_URL;
const app = external ? null : await startApp();
const url = external ?? app!.url;
try {
  const { ids, operatorIds } = await sample(url);
  const rows: Row[] = [];
  for (const t of targets(ids, operatorIds)) {
    if (ONLY && !t.baseline && !ONLY.test(t.name)) continue;
    const probe = await fetch(url + t.paths[0], { method: t.method ?? 'GET', headers: t.body ? { 'content-type': 'application/json' } : {}, body: t.body ? JSON.stringify(t.body) : undefined });
    if (probe.status === 404 && (await probe.text()).includes('No route')) {
      console.log(`skip (no such endpoint yet): ${t.name}`);
      continue;
    }
    process.stdout.write(`measuring ${t.name} ... `);
    const row = await measure(url, t);
    console.log(`${Math.round(row.reqs)} req/s`);
    rows.push(row);
  }
  const route = rows.find((r) => r.baseline === 'route');
  const query = rows.find((r) => r.baseline === 'query');
  const ratio = (r: Row, b?: Row) => (b ? `${((r.reqs / b.reqs) * 100).toFixed(0)}%` : '-');
  const lines = [
    `Benchmark: ${CONNECTIONS} connections, ${DURATION} s per endpoint, ${new Date().toISOString()}, target ${url}`,
    '',
    '| endpoint | req/s | p50 ms | p99 ms | non-2xx | vs bare route | vs bare query |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.name} | ${Math.round(r.reqs)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${ratio(r, route)} | ${ratio(r, query)} |`),
  ];
  console.log(`\n${lines.join('\n')}`);
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/latest.md'), `${lines.join('\n')}\n`);
  writeFileSync(path.join(root, 'bench/results/latest.json'), JSON.stringify(rows, null, 2));
} finally {
  if (app) {
    app.child.kill('SIGTERM');
    await new Promise((r) => app.child.once('exit', r));
  }
}
