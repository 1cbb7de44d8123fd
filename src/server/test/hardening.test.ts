// Issue 10 hardening of the app shell: HEAD wherever GET answers, one case-insensitive "/api" rule,
// state-changing requests from another origin refused, TRUST_PROXY limited to known hops.
import { makeClientDir } from './client-dir';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadEnv } from '../env';
import { isApiPath } from '../lib/http';
import { createSignedInUser } from './factories';
import type { App } from '../types';
import { createTestDatabase, testEnv, type TestDatabase } from './db';
import { buildAppWithRoutes, methodsOf } from './route-table';

let tdb: TestDatabase;
let app: App;
let clientDir: string;
let removeClientDir: () => void;
let adminCookie: string;
let communityId: number;
let operatorId: number;
let routes: RouteOptions[];
let ipSeq = 0;
const nextIp = () => `10.9.${(++ipSeq >> 8) & 255}.${ipSeq & 255}`;

beforeAll(async () => {
  tdb = await createTestDatabase();
  ({ dir: clientDir, remove: removeClientDir } = makeClientDir({
    'index.html': '<!doctype html><div id="root"></div><!-- spa -->',
    'assets/app-abc123.js': 'console.log(1)',
  }));
  ({ app, routes } = await buildAppWithRoutes(tdb, { env: testEnv({ CLIENT_DIST_DIR: clientDir }), serveClient: true }));
  adminCookie = (await createSignedInUser(tdb.pool, { email: 'head@example.com', role: 'admin', plan: 'pro', verified: true })).cookie;
  const o = await tdb.pool.query<{ id: number }>("INSERT INTO operators (name, city, state, source_id) VALUES ('Acme Care', 'Austin', 'TX', 'h-op') RETURNING id");
  operatorId = o.rows[0]!.id;
  const c = await tdb.pool.query<{ id: number }>(
    "INSERT INTO communities (name, city, state, zip_code, operator_id, source_id, photos) VALUES ('Maple Grove', 'Austin', 'TX', '78701', $1, 'h1', ARRAY['/media/communities/1/1.svg']) RETURNING id",
    [operatorId],
  );
  communityId = c.rows[0]!.id;
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
  removeClientDir();
});

const fill = (url: string) =>
  url.replace(/:([A-Za-z]+)/g, (_, name: string) => (name === 'file' ? '1.svg' : String(url.startsWith('/api/operators') ? operatorId : communityId)));

describe('HEAD', () => {
  it('answers wherever GET does, with the same status and no body (every GET route, the client routes, static files)', async () => {
    // GET /api/logout signs out (a navigation by spec): it would end the session the sweep uses.
    const gets = routes.filter((r) => methodsOf(r).includes('GET') && !r.url.includes('*') && r.url !== '/api/logout');
    const urls = [...new Set(gets.map((r) => fill(r.url)))];
    urls.push('/', '/search', '/communities/1', '/Admin/Users', '/assets/app-abc123.js');
    expect(urls.length).toBeGreaterThan(35);
    const mismatches: string[] = [];
    let ok = 0;
    for (const url of urls) {
      const remoteAddress = nextIp();
      const get = await app.inject({ method: 'GET', url, headers: { cookie: adminCookie }, remoteAddress });
      const head = await app.inject({ method: 'HEAD', url, headers: { cookie: adminCookie }, remoteAddress: nextIp() });
      if (head.statusCode !== get.statusCode || head.body !== '') mismatches.push(`${url}: GET ${get.statusCode}, HEAD ${head.statusCode}`);
      if (get.statusCode === 200) ok++;
    }
    expect(mismatches).toEqual([]);
    expect(ok).toBeGreaterThan(30);
  });

  it('HEAD / is the client page (200 HTML), not a 404', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('other methods on a client route are still 404 JSON', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/search' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

describe('one "/api" rule, case-insensitive like the router', () => {
  it('isApiPath', () => {
    for (const p of ['/api', '/api/', '/API/admin/users', '/Api/health?x=1', '/api?x']) expect(isApiPath(p), p).toBe(true);
    for (const p of ['/', '/apis', '/apiary/x', '/search?q=/api/', '/x/api/']) expect(isApiPath(p), p).toBe(false);
  });

  it('signs the admin in on /API/admin/users as on /api/admin/users', async () => {
    for (const url of ['/api/admin/users', '/API/admin/users', '/Api/Admin/Users']) {
      const res = await app.inject({ method: 'GET', url, headers: { cookie: adminCookie } });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('answers an unknown /API path with 404 JSON, not the client page', async () => {
    const res = await app.inject({ method: 'GET', url: '/API/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

describe('state-changing requests from another origin', () => {
  const leadBody = JSON.stringify({ name: 'Ann', email: 'ann@example.com' });
  const post = (headers: Record<string, string>, url = '/api/leads', payload: string = leadBody) =>
    app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload, remoteAddress: nextIp() });

  it('refuses Sec-Fetch-Site: cross-site and a foreign Origin with 403 CROSS_ORIGIN', async () => {
    for (const headers of <Array<Record<string, string>>>[
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://localhost:80.evil.example', host: 'localhost:80' },
    ]) {
      const res = await post(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().error.code).toBe('CROSS_ORIGIN');
    }
    const { rows } = await tdb.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM leads WHERE email = 'ann@example.com'");
    expect(rows[0]!.n).toBe(0);
  });

  it('lets same-origin browsers and header-less clients through', async () => {
    expect((await post({ origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
    expect((await post({})).statusCode).toBe(201);
    expect((await post({ 'sec-fetch-site': 'none' })).statusCode).toBe(201);
  });

  it('accepts the PUBLIC_URL origin', async () => {
    const pub = await buildApp({ pool: tdb.pool, db: tdb.db, env: testEnv({ PUBLIC_URL: 'https://seniorscope.example' }), serveClient: false });
    try {
      const ok = await pub.inject({ method: 'POST', url: '/api/leads', headers: { origin: 'https://seniorscope.example', host: 'internal:5000' }, payload: { name: 'Pub', email: 'pub@example.com' } });
      expect(ok.statusCode).toBe(201);
      const bad = await pub.inject({ method: 'POST', url: '/api/leads', headers: { origin: 'https://other.example', host: 'internal:5000' }, payload: { name: 'Pub', email: 'pub@example.com' } });
      expect(bad.statusCode).toBe(403);
    } finally {
      await pub.close();
    }
  });

  it('refuses a cross-site multipart admin import before reading it, and a text/plain notify call', async () => {
    const boundary = '----x';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nfl\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nx\r\n--${boundary}--\r\n`;
    const imp = await app.inject({
      method: 'POST',
      url: '/api/admin/imports',
      headers: { cookie: adminCookie, origin: 'https://evil.example', 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(imp.statusCode).toBe(403);
    expect(imp.json().error.code).toBe('CROSS_ORIGIN');
    const { rows } = await tdb.pool.query<{ id: number }>("INSERT INTO leads (name, email) VALUES ('Cy', 'cy@example.com') RETURNING id");
    const notify = await app.inject({
      method: 'POST',
      url: `/api/admin/leads/${rows[0]!.id}/notify`,
      headers: { cookie: adminCookie, 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(notify.statusCode).toBe(403);
    expect(notify.json().error.code).toBe('CROSS_ORIGIN');
    const n = await tdb.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM imports');
    expect(n.rows[0]!.n).toBe(0);
  });
});

describe('TRUST_PROXY', () => {
  it('refuses true with a clear message and accepts false, a hop count or addresses/CIDRs', () => {
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true would trust any X-Forwarded-For/);
    expect(() => loadEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/not an address: 10\.0\.0\.0\/33/);
    expect(() => loadEnv({ TRUST_PROXY: 'proxy.local' })).toThrow(/TRUST_PROXY/);
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
  });

  it.each(['1', '10.0.0.0/8'])('with TRUST_PROXY=%s, 25 sign-ins with 25 forged X-Forwarded-For addresses hit the limit', async (trust) => {
    const proxied = await buildApp({ pool: tdb.pool, db: tdb.db, env: testEnv({ TRUST_PROXY: trust, AUTH_RATE_LIMIT_MAX: '10' }), serveClient: false });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) {
        // The client forges the first entry; the proxy (10.0.0.1) appends the address it really saw.
        const res = await proxied.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.7` },
          payload: { email: 'nobody@example.com', password: 'wrong-password' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    } finally {
      await proxied.close();
    }
  });
});
