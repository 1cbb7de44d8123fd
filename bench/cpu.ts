// `npx tsx bench/cpu.ts`: the app's CPU time per distinct request (issue 13), from a separate process.
// Wall-clock benchmarks on a shared machine move 2-3x with other people's load; the CPU time the app's process
// spends per answer does not (much), so this is the figure to compare two versions by. Sends each workload's
// distinct URLs (bench/distinct.ts, and map points of every state and view) over HTTP with gzip, a few at a time,
// and reads the app's utime + stime from /proc/<pid>/stat before and after. It also prints a digest of the
// decoded answers per workload: two versions that give the same digests gave the same answers, byte for byte.
// BENCH_URL (default http://localhost:5472), APP_PID (default: the process listening on BENCH_URL's port),
// CPU_N (requests per workload, default 3000), CPU_CONCURRENCY (default 8), CPU_ONLY (a regexp of workload names),
// CPU_REPEAT (measured runs of the same URLs, default 1). Over HTTP it also sends the distinct rows of the market
// intelligence endpoints (bench/market-rows.ts: competitive sets, counties, theme reports, portfolios) as the
// signed-in Pro bench user.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { marketRows, prepareMarketRows, signIn } from './market-rows';
import { distinctBandSearchPaths, distinctCommunityInsightPaths, distinctOperatorInsightPaths, distinctSearchPaths, distinctMapPointPaths, US_MAP_POINT_PATHS } from './distinct';

const url = new URL(process.env.BENCH_URL ?? 'http://localhost:5472');
const N = Number(process.env.CPU_N ?? 3000);
const CONCURRENCY = Number(process.env.CPU_CONCURRENCY ?? 8);
/** Measured runs per workload (the same URLs again: with caches on, the repeats are cache hits). */
const REPEAT = Number(process.env.CPU_REPEAT ?? 1);
const ONLY = process.env.CPU_ONLY ? new RegExp(process.env.CPU_ONLY, 'i') : null;
/**
 * CPU_INPROCESS=1: no server; the app is built in this process on the worktree's database (DATA_DIR and
 * EMBEDDED_PG_PORT as for `npm start`, APP_CACHES as set), requests go through app.inject() once every index has
 * been built, and the CPU time is this process's (process.cpuUsage): no index build or other work in between.
 */
const INPROCESS = process.env.CPU_INPROCESS === '1';

interface Answer {
  status: number;
  wire: number;
  /** As received (gzipped when `gzipped`): decoded after the measurement, so the client's gunzip is not counted in process. */
  raw: Buffer;
  gzipped: boolean;
}

function overHttp() {
  const pid = Number(process.env.APP_PID ?? execSync(`ss -ltnpH 'sport = :${url.port}' | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2`).toString().trim());
  if (!pid) throw new Error('APP_PID not given and no process found listening on the port');
  const TICK_MS = 1000 / Number(execSync('getconf CLK_TCK').toString().trim());
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  return {
    pid,
    /** utime + stime of the app's process (ms). */
    cpuMs(): number {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    },
    get(path: string, cookie?: string): Promise<Answer> {
      return new Promise((resolve, reject) => {
        const headers: Record<string, string> = { 'accept-encoding': 'gzip', ...(cookie ? { cookie } : {}) };
        const req = http.get({ host: url.hostname, port: url.port, path, agent, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            resolve({ status: res.statusCode ?? 0, wire: raw.length, raw, gzipped: res.headers['content-encoding'] === 'gzip' });
          });
          res.on('error', reject);
        });
        req.on('error', reject);
      });
    },
    close: async () => agent.destroy(),
  };
}

async function inProcess() {
  const { loadEnv } = await import('../src/server/env');
  const { openDatabase } = await import('../src/server/db/client');
  const { buildApp } = await import('../src/server/app');
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, embeddedPort: env.EMBEDDED_PG_PORT, poolMax: 30, log: () => {}, logError: (m) => console.error(m) });
  const app = await buildApp({ pool: database.pool, db: database.db, env, logger: { level: env.LOG_LEVEL } });
  await app.ready();
  // Every index built before the first request: a build running beside the measurement would be counted.
  await Promise.all([app.searchService.index?.ready(), app.insightsIndex?.ready(), app.operatorsIndex?.ready(), app.marketIndex?.ready(), app.marketThemesIndex?.ready()]);
  return {
    pid: process.pid,
    cpuMs(): number {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    },
    async get(path: string, cookie?: string): Promise<Answer> {
      const res = await app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'gzip', ...(cookie ? { cookie } : {}) } });
      const raw = res.rawPayload;
      return { status: res.statusCode, wire: raw.length, raw, gzipped: res.headers['content-encoding'] === 'gzip' };
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

const { get, cpuMs, close, pid } = INPROCESS ? await inProcess() : overHttp();

const decode = (a: Answer): Buffer => (a.gzipped ? gunzipSync(a.raw) : a.raw);

async function json<T>(path: string): Promise<T> {
  return JSON.parse(decode(await get(path)).toString('utf8')) as T;
}

/** Real (city, state) pairs, as bench/run.ts samples them. */
async function cities(): Promise<Array<{ city: string; state: string }>> {
  const out = new Map<string, { city: string; state: string }>();
  for (const state of ['CA', 'TX', 'FL', 'NY', 'PA', 'IL', 'OH', 'GA', 'NC', 'MI', 'WA', 'AZ']) {
    for (const page of [1, 5]) {
      const r = await json<{ communities?: Array<{ city: string; state: string }> }>(`/api/communities/search?location=${state}&sort=name&pageSize=100&page=${page}`);
      for (const c of r.communities ?? []) out.set(`${c.state}|${c.city}`, { city: c.city, state: c.state });
    }
  }
  return [...out.values()];
}

async function measure(name: string, paths: string[], cookie?: string) {
  // Warm-up (JIT) on other URLs of the same kind where there are enough, then the measured ones.
  const warm = paths.length > 2 * N ? paths.slice(N, N + Math.min(500, N)) : paths.slice(0, Math.min(200, paths.length));
  const measured = paths.slice(0, N);
  const run = async (list: string[]) => {
    let next = 0;
    let wire = 0;
    let maxWire = 0;
    const answers: Answer[] = new Array(list.length);
    const statuses = new Map<number, number>();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < list.length) {
          const k = next++;
          const r = await get(list[k]!, cookie);
          answers[k] = r;
          wire += r.wire;
          maxWire = Math.max(maxWire, r.wire);
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        }
      }),
    );
    return { wire, maxWire, statuses, answers };
  };
  await run(warm);
  for (let r = 0; r < REPEAT; r++) await once(name, measured, run);
}

async function once(name: string, measured: string[], run: (list: string[]) => Promise<{ wire: number; maxWire: number; statuses: Map<number, number>; answers: Answer[] }>) {
  const before = cpuMs();
  const t0 = performance.now();
  const { wire, maxWire, statuses, answers } = await run(measured);
  const wall = performance.now() - t0;
  const cpu = cpuMs() - before;
  const digest = createHash('sha256');
  answers.forEach((a, k) => digest.update(measured[k]!).update('\n').update(decode(a)).update('\n'));
  console.log(
    `${name.padEnd(28)} n=${measured.length} cpu/req ${(cpu / measured.length).toFixed(3)} ms  wall ${(wall / 1000).toFixed(1)} s  ` +
      `wire avg ${(wire / measured.length / 1024).toFixed(1)} kB max ${(maxWire / 1024).toFixed(1)} kB  statuses ${JSON.stringify(Object.fromEntries(statuses))}  digest ${digest.digest('hex').slice(0, 16)}`,
  );
}

/** The kind of location of a search path: none, a state, a ZIP, a city or "city, ST". */
function searchKind(path: string): string {
  const location = new URL(path, 'http://x').searchParams.get('location');
  if (!location) return 'none';
  if (/^[A-Z]{2}$/.test(location)) return 'state';
  if (/^\d{5}$/.test(location)) return 'zip';
  return location.includes(',') ? 'city, state' : 'city';
}

const places = await cities();
// The market-intelligence rows with a parameter (each URL new), as the bench sends them (signed in as Pro; over HTTP only).
const marketWorkloads = async (): Promise<Array<[string, () => string[], string]>> => {
  if (INPROCESS || (ONLY && !/markets|themes|portfolio/i.test(ONLY.source))) return [];
  const cookie = await signIn(url.origin);
  if (!cookie) return [];
  await prepareMarketRows(url.origin, cookie, places);
  return marketRows()
    .filter((r) => r.distinct)
    .map((r) => [r.name.replace(/ \(Pro, distinct.*$/, ''), () => r.paths, cookie]);
};
const workloads: Array<[string, () => string[], string?]> = [
  ['search distinct', () => distinctSearchPaths(places, 3 * N)],
  // The same workload split by the kind of location (CPU_ONLY='search by'): where a search's cost comes from.
  ...(['none', 'state', 'zip', 'city', 'city, state'] as const).map((kind): [string, () => string[]] => [
    `search by ${kind}`,
    () => distinctSearchPaths(places, 12 * N).filter((p) => searchKind(p) === kind),
  ]),
  // No location but a price band, without and with care types (bench/distinct.ts has more bounds than the mix above).
  ['search by none, a band', () => distinctBandSearchPaths(3 * N, false)],
  ['search by none, band + care', () => distinctBandSearchPaths(3 * N, true)],
  ['community insights distinct', () => distinctCommunityInsightPaths(places, 3 * N)],
  ['operator insights distinct', () => distinctOperatorInsightPaths(3 * N)],
  ['map points state distinct', () => distinctMapPointPaths(places, N)],
  // The bench's five whole-US views, repeated (they are few: with caches on, all but the first are cache hits).
  ['map points US', () => Array.from({ length: Math.min(N, 500) }, (_, k) => US_MAP_POINT_PATHS[k % US_MAP_POINT_PATHS.length]!)],
  ...(await marketWorkloads()),
];
// CPU_PATHS: one workload per path (comma-free paths separated by spaces), each sent CPU_N times.
if (process.env.CPU_PATHS) {
  workloads.length = 0;
  for (const path of process.env.CPU_PATHS.split(' ').filter(Boolean)) workloads.push([path, () => Array.from({ length: N }, () => path)]);
}
console.log(`app pid ${pid}, load average ${execSync('cat /proc/loadavg').toString().trim()}, ${N} requests per workload, ${CONCURRENCY} at a time`);
for (const [name, make, cookie] of workloads) if (!ONLY || ONLY.test(name)) await measure(name, make(), cookie);
await close();
process.exit(0);
