import { makeClientDir } from '../../test/client-dir';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { buildTestApp, createTestDatabase, testEnv, type TestDatabase } from '../../test/db';
import type { App } from '../../types';

let tdb: TestDatabase;
let app: App;

// Each request comes from its own address so that the per-IP sign-in limit only bites where a test wants it.
let ipSeq = 0;
const nextIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildTestApp(tdb, { ADMIN_EMAILS: 'Boss@Example.com, other@example.com' });
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const register = (body: unknown, remoteAddress = nextIp()) =>
  app.inject({ method: 'POST', url: '/api/auth/register', payload: body as object, remoteAddress });
const login = (body: unknown, remoteAddress = nextIp()) => app.inject({ method: 'POST', url: '/api/auth/login', payload: body as object, remoteAddress });
const sidOf = (res: { cookies: Array<{ name: string; value: string }> }) => res.cookies.find((c) => c.name === 'sid')?.value;
const me = (sid: string | undefined) => app.inject({ method: 'GET', url: '/api/auth/user', cookies: sid ? { sid } : {} });

describe('POST /api/auth/register', () => {
  it('creates the account, signs it in with a safe cookie and starts the 14-day trial', async () => {
    const res = await register({ email: '  Jane.Doe@Example.COM ', password: 'correct horse', firstName: ' Jane ' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ email: 'jane.doe@example.com', firstName: 'Jane', lastName: null, role: 'user', plan: 'basic', isPro: true });
    const trialDays = (new Date(body.trialEndsAt).getTime() - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(13.9);
    expect(trialDays).toBeLessThanOrEqual(14);

    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(res.headers['set-cookie']).toMatch(/HttpOnly/);

    const user = await me(cookie?.value);
    expect(user.statusCode).toBe(200);
    expect(user.json()).toEqual(body);

    const { rows } = await tdb.pool.query('SELECT email, password_hash FROM users WHERE id = $1', [body.id]);
    expect(rows[0].email).toBe('jane.doe@example.com');
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    // The token itself is never stored.
    const sessions = await tdb.pool.query('SELECT id FROM sessions WHERE user_id = $1', [body.id]);
    expect(sessions.rows.map((r) => r.id)).not.toContain(cookie?.value);
  });

  it('refuses a second account with the same e-mail (any case) with 409', async () => {
    await register({ email: 'dup@example.com', password: 'password-1' });
    const res = await register({ email: 'DUP@example.com', password: 'password-2' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'CONFLICT', message: 'An account with this e-mail already exists.' } });
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('checks the e-mail and the password length with readable messages', async () => {
    const cases: Array<[unknown, string]> = [
      [{ email: 'not-an-email', password: 'long enough' }, 'Please enter a valid e-mail address.'],
      [{ email: '', password: 'long enough' }, 'Please enter your e-mail address.'],
      [{ email: 'short@example.com', password: 'seven77' }, 'Your password needs at least 8 characters.'],
      [{ email: 'long@example.com', password: 'x'.repeat(129) }, 'Your password can have at most 128 characters.'],
      [{ password: 'long enough' }, 'Please enter your e-mail address.'],
      [{ email: 'x@example.com', password: 12345678 }, 'Please choose a password.'],
    ];
    for (const [body, message] of cases) {
      const res = await register(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message } });
    }
    const { rows } = await tdb.pool.query("SELECT count(*)::int AS n FROM users WHERE email IN ('short@example.com', 'long@example.com')");
    expect(rows[0].n).toBe(0);
  });

  it('answers malformed JSON and a missing body with 400', async () => {
    const bad = await app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json' }, payload: '{"email":', remoteAddress: nextIp() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('INVALID_JSON');
    const none = await app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: nextIp() });
    expect(none.statusCode).toBe(400);
  });

  it('does not make an e-mail listed in ADMIN_EMAILS an admin at sign-up (only once verified)', async () => {
    const res = await register({ email: 'boss@example.com', password: 'password-1' });
    expect(res.json()).toMatchObject({ role: 'user', emailVerified: false });
  });
});

describe('POST /api/auth/login', () => {
  beforeAll(async () => {
    await register({ email: 'sam@example.com', password: 'sam-password', firstName: 'Sam' });
  });

  it('signs in with the right password (e-mail in any case) and gives a new session each time', async () => {
    const a = await login({ email: 'SAM@example.com', password: 'sam-password' });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ email: 'sam@example.com', firstName: 'Sam', isPro: true });
    const b = await login({ email: 'sam@example.com', password: 'sam-password' });
    expect(sidOf(b)).toBeTruthy();
    expect(sidOf(b)).not.toBe(sidOf(a));
    expect((await me(sidOf(a))).statusCode).toBe(200);
    expect((await me(sidOf(b))).statusCode).toBe(200);
  });

  it('gives the same 401 answer for an unknown e-mail and a wrong password', async () => {
    const wrong = await login({ email: 'sam@example.com', password: 'not-the-password' });
    const unknown = await login({ email: 'nobody@example.com', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Incorrect e-mail or password.' } });
    expect(wrong.cookies).toEqual([]);
    expect(unknown.cookies).toEqual([]);
  });

  it('spends argon2 time on unknown e-mails too', async () => {
    const time = async (email: string) => {
      const t = performance.now();
      await login({ email, password: 'not-the-password' });
      return performance.now() - t;
    };
    await time('warmup@example.com');
    const unknown = Math.min(await time('nobody1@example.com'), await time('nobody2@example.com'));
    const wrong = Math.min(await time('sam@example.com'), await time('sam@example.com'));
    // Both verify an argon2id hash: within a factor of the other (a missing verify would be ~100x faster).
    expect(unknown).toBeGreaterThan(wrong / 4);
  });

  it('promotes an existing verified account listed in ADMIN_EMAILS at sign-in, and never an unverified one', async () => {
    await tdb.pool.query(
      "INSERT INTO users (email, password_hash, role) SELECT 'other@example.com', password_hash, 'user' FROM users WHERE email = 'sam@example.com'",
    );
    const unverified = await login({ email: 'other@example.com', password: 'sam-password' });
    expect(unverified.statusCode).toBe(200);
    expect(unverified.json().role).toBe('user');
    await tdb.pool.query("UPDATE users SET email_verified_at = now() WHERE email = 'other@example.com'");
    const res = await login({ email: 'other@example.com', password: 'sam-password' });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('admin');
  });

  it('limits sign-in attempts per address (429 after 10 a minute)', async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < 10; i++) {
      const res = await login({ email: 'sam@example.com', password: 'guess-' + i }, ip);
      expect(res.statusCode).toBe(401);
    }
    const limited = await login({ email: 'sam@example.com', password: 'sam-password' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    // Another address is not affected.
    expect((await login({ email: 'sam@example.com', password: 'sam-password' })).statusCode).toBe(200);
  });

  it('limits sign-up attempts per address too', async () => {
    const ip = '10.99.0.2';
    for (let i = 0; i < 10; i++) await register({ email: 'bad', password: 'x' }, ip);
    expect((await register({ email: 'fine@example.com', password: 'long enough' }, ip)).statusCode).toBe(429);
  });
});

describe('GET /api/auth/user, sessions and signing out', () => {
  it('answers 401 JSON when signed out or with an unknown token', async () => {
    for (const sid of [undefined, 'made-up-token', 'x'.repeat(500)]) {
      const res = await me(sid);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('treats an expired session as signed out', async () => {
    const res = await register({ email: 'expired@example.com', password: 'password-1' });
    const sid = sidOf(res);
    expect((await me(sid)).statusCode).toBe(200);
    await tdb.pool.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1", [res.json().id]);
    expect((await me(sid)).statusCode).toBe(401);
  });

  it('reports isPro false once the trial has ended, and true on the Pro plan', async () => {
    const res = await register({ email: 'trial@example.com', password: 'password-1' });
    const sid = sidOf(res);
    await tdb.pool.query("UPDATE users SET trial_ends_at = now() - interval '1 day' WHERE id = $1", [res.json().id]);
    expect((await me(sid)).json()).toMatchObject({ plan: 'basic', isPro: false });
    await tdb.pool.query("UPDATE users SET plan = 'pro' WHERE id = $1", [res.json().id]);
    expect((await me(sid)).json()).toMatchObject({ plan: 'pro', isPro: true });
  });

  it('GET /api/logout ends the session, clears the cookie and goes home', async () => {
    const sid = sidOf(await register({ email: 'bye@example.com', password: 'password-1' }));
    const res = await app.inject({ method: 'GET', url: '/api/logout', cookies: { sid: sid! } });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    const cleared = res.cookies.find((c) => c.name === 'sid');
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/');
    expect((await me(sid)).statusCode).toBe(401);
    // Signing out while signed out is harmless.
    expect((await app.inject({ method: 'GET', url: '/api/logout' })).statusCode).toBe(303);
  });

  it('POST /api/auth/logout ends the session too', async () => {
    const sid = sidOf(await register({ email: 'bye2@example.com', password: 'password-1' }));
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { sid: sid! } });
    expect(res.statusCode).toBe(204);
    expect((await me(sid)).statusCode).toBe(401);
  });
});

describe('GET /api/login', () => {
  it('is a page (HTML) when the client is not built', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/login?returnTo=/saved' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Sign in');
  });

  it('serves the client (index.html) when it is built, for the client router to render the page', async () => {
    const { dir, remove } = makeClientDir({ 'index.html': '<!doctype html><div id="root"></div><!-- spa -->' });
    const withClient = await buildApp({ pool: tdb.pool, db: tdb.db, env: testEnv({ CLIENT_DIST_DIR: dir }), serveClient: true });
    try {
      const res = await withClient.inject({ method: 'GET', url: '/api/login?returnTo=%2Fsaved' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<!-- spa -->');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect((await withClient.inject({ method: 'GET', url: '/API/Login' })).body).toContain('<!-- spa -->');
    } finally {
      await withClient.close();
      remove();
    }
  });

  it('sends a signed-in user on to returnTo, never off-site', async () => {
    const sid = sidOf(await register({ email: 'nav@example.com', password: 'password-1' }))!;
    const to = async (returnTo: string) =>
      (await app.inject({ method: 'GET', url: `/api/login?returnTo=${encodeURIComponent(returnTo)}`, cookies: { sid } })).headers.location;
    expect(await to('/saved')).toBe('/saved');
    expect(await to('//evil.example.com')).toBe('/');
    expect(await to('https://evil.example.com/')).toBe('/');
    expect(await to('/\\evil.example.com')).toBe('/');
  });

  it('percent-encodes returnTo and keeps it same-origin (unicode, //, /\\, absolute URLs, CRLF)', async () => {
    const sid = sidOf(await register({ email: 'nav2@example.com', password: 'password-1' }))!;
    const go = (rawQuery: string) => app.inject({ method: 'GET', url: `/api/login?returnTo=${rawQuery}`, cookies: { sid } });
    const cases: Array<[string, string]> = [
      ['/%E4%BD%A0', '/%E4%BD%A0'],
      ['/%E4%BD%A0%20x?q=%C3%A9', '/%E4%BD%A0%20x?q=%C3%A9'],
      ['//evil.com', '/'],
      ['/%5Cevil.com', '/'],
      ['https://evil.com', '/'],
      ['https%3A%2F%2Fevil.com', '/'],
      ['/%0D%0ASet-Cookie:%20x=1', '/'],
      ['/%09/evil.com', '/'],
      ['/a%00b', '/'],
    ];
    for (const [raw, location] of cases) {
      const res = await go(raw);
      expect(res.statusCode, raw).toBe(303);
      expect(res.headers.location, raw).toBe(location);
      expect(res.headers['set-cookie'] ?? '', raw).not.toContain('x=1');
    }
  });

  it('reports that single sign-on is not configured, and ?sso=1 goes back to the page with an error', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/config' })).json()).toEqual({ oidc: false });
    const res = await app.inject({ method: 'GET', url: '/api/login?sso=1&returnTo=/saved' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/api/login?error=sso_unavailable&returnTo=%2Fsaved');
  });

  it('the callback without a sign-in in progress goes back to the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/login/callback?code=x&state=y' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/api\/login\?error=sso_/);
  });
});
