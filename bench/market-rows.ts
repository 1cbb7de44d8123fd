// Benchmark rows of the market-intelligence endpoints (issue 15, ADR 029), added to `npm run bench` by
// bench/run.ts: the competitive set, the markets overview, a state, a county, the underserved list, theme
// reports per community / operator / market, the sentiment trend, portfolios and saved lists. All Pro: the
// bench user signs in (a new account has the Pro trial; signIn below). Where an endpoint has a
// parameter, the row is distinct-request: every URL is new in the run (one counter shared by all
// connections, kept across the warm-up; bench/distinct.ts), so the answer caches never serve a repeat.
// The overview, the sentiment trend and the lists are one answer per data version (or per user): they
// are measured repeated and say so in their names.

/** The shape of a bench row that run.ts measures (its Target). */
export interface MarketRow {
  name: string;
  paths: string[];
  auth?: boolean;
  distinct?: { next: number };
}

interface Sampled {
  communityIds: number[];
  operatorIds: number[];
  counties: Array<{ state: string; fips: string }>;
  states: string[];
  cities: Array<{ city: string; state: string }>;
}

let sampled: Sampled | undefined;
let rows: MarketRow[] | undefined;

/** Deterministic shuffle (mulberry32), so two runs send the same sequence. */
function shuffled<T>(xs: T[], seed: number): T[] {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

async function json<T>(url: string, cookie?: string): Promise<T> {
  const res = await fetch(url, { headers: cookie ? { cookie } : {} });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

/** Registers (or signs in) the bench user; a new account has the Pro trial. Returns its cookie header. */
export async function signIn(url: string): Promise<string | undefined> {
  const body = JSON.stringify({ email: 'bench-user@example.com', password: 'bench-password-123', firstName: 'Bench' });
  const headers = { 'content-type': 'application/json' };
  let res = await fetch(`${url}/api/auth/register`, { method: 'POST', headers, body });
  if (res.status === 409) res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers, body });
  if (!res.ok) {
    console.log(`could not sign the bench user in (${res.status}); Pro endpoints are skipped`);
    return undefined;
  }
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  return sid?.split(';')[0];
}

/** Real ids from the running app: communities and operators of the insight tables, counties and states of the overview. */
export async function prepareMarketRows(url: string, cookie: string | undefined, cities: Array<{ city: string; state: string }>): Promise<void> {
  const communityIds = new Set<number>();
  // Enough ids that a run at over 1,000 req/s does not run out of distinct URLs (it did with 4,000, and with
  // 11,000 at 1,200 req/s): every listed community, up to 46,000 (a scale-10 dataset is sampled by its first pages).
  for (let page = 1; page <= 460; page++) {
    const r = await json<{ communities?: Array<{ id: number }> }>(`${url}/api/community-insights?page=${page}&pageSize=100&sortField=name&sortDirection=asc`).catch(
      () => ({ communities: [] }),
    );
    if (!r.communities?.length) break;
    for (const c of r.communities) communityIds.add(c.id);
  }
  const operatorIds = new Set<number>();
  for (let page = 1; page <= 80; page++) {
    const r = await json<{ operators?: Array<{ id: number }> }>(`${url}/api/operator-insights?page=${page}&pageSize=100&sortField=operatorName&sortDirection=asc`).catch(
      () => ({ operators: [] }),
    );
    for (const o of r.operators ?? []) operatorIds.add(o.id);
  }
  const overview = cookie
    ? await json<{ counties: Array<{ state: string; fips: string; communities: number }>; states: Array<{ state: string }> }>(`${url}/api/markets`, cookie).catch((err: Error) => {
        // At scale 10 on a cold database its whole-table statements can run past the statement timeout.
        console.log(`warning: ${url}/api/markets failed (${err.message}): the rows of counties and states are skipped`);
        return null;
      })
    : null;
  sampled = {
    communityIds: shuffled([...communityIds], 15),
    operatorIds: shuffled([...operatorIds], 16),
    counties: shuffled((overview?.counties ?? []).filter((c) => c.communities > 0).map(({ state, fips }) => ({ state, fips })), 17),
    states: (overview?.states ?? []).map((s) => s.state),
    cities: shuffled(cities, 18),
  };
}

/** The rows (built once per run: their counters must survive between the warm-up and the measured run). */
export function marketRows(): MarketRow[] {
  if (!sampled) return [];
  if (rows) return rows;
  const s = sampled;
  const distinct = (name: string, paths: string[]): MarketRow => ({ name: `${name} (Pro, distinct requests: ${paths.length.toLocaleString('en-US')} URLs)`, paths, auth: true, distinct: { next: 0 } });
  const q = encodeURIComponent;
  const marketScopes = [
    ...s.states.map((state) => `/api/themes/market/${state}?kind=customer`),
    ...s.cities.map((c) => `/api/themes/market/${c.state}?kind=customer&city=${q(c.city)}`),
    ...s.counties.map((c) => `/api/themes/market/${c.state}?kind=customer&county=${c.fips}`),
    ...s.cities.map((c) => `/api/themes/market/${c.state}?kind=employee&city=${q(c.city)}`),
    ...s.counties.map((c) => `/api/themes/market/${c.state}?kind=employee&county=${c.fips}`),
  ];
  rows = [
    distinct('markets: competitive set per community × radius', shuffled(s.communityIds.flatMap((id) => [5, 10, 25].map((r) => `/api/community-insights/${id}/market?radius=${r}`)), 20)),
    { name: 'markets: overview (Pro; one answer per data version, repeated)', paths: ['/api/markets'], auth: true },
    distinct('markets: a state', s.states.map((st) => `/api/markets/${st}`)),
    distinct('markets: a county', s.counties.map((c) => `/api/markets/${c.state}/${c.fips}`)),
    distinct('markets: underserved list by population threshold', Array.from({ length: 20_000 }, (_, i) => `/api/markets/underserved?minPopulation=${(i * 7919) % 200_000}`)),
    distinct('themes: per community', s.communityIds.map((id) => `/api/themes/community/${id}`)),
    distinct('themes: per operator (customer / employee)', s.operatorIds.flatMap((id, i) => [`/api/themes/operator/${id}?kind=${i % 2 ? 'employee' : 'customer'}`])),
    distinct('themes: per market (state, city, county; customer / employee)', shuffled(marketScopes, 19)),
    { name: 'sentiment: trend by month (customer / employee; one answer per data version, repeated)', paths: ['/api/sentiment/customer/trend', '/api/sentiment/employee/trend'] },
    distinct('portfolio per operator', s.operatorIds.map((id) => `/api/portfolio/${id}`)),
    { name: "saved lists: the user's lists (Pro; one answer per user, repeated)", paths: ['/api/lists'], auth: true },
  ];
  return rows;
}
