// OpenID Connect against a tiny fake provider on 127.0.0.1: discovery, JWKS and a token endpoint that
// checks PKCE and issues an RS256-signed ID token.
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../../test/db';
import type { App } from '../../types';

const CLIENT_ID = 'senior-app';
const CLIENT_SECRET = 'shh-secret';
const PUBLIC_URL = 'http://app.test';

interface Grant {
  challenge: string;
  nonce: string;
  redirectUri: string;
  claims: Record<string, unknown>;
}

const b64u = (v: Buffer | string) => Buffer.from(v).toString('base64url');

class FakeProvider {
  server = http.createServer((req, res) => void this.handle(req, res));
  issuer = '';
  private keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private grants = new Map<string, Grant>();
  tokenRequests = 0;

  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.issuer = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  stop() {
    return new Promise((r) => this.server.close(r));
  }

  /** What the provider's login screen would do: remember the request, hand back a code. */
  approve(authorizeUrl: URL, claims: Record<string, unknown>): string {
    const code = `code-${this.grants.size + 1}`;
    this.grants.set(code, {
      challenge: authorizeUrl.searchParams.get('code_challenge') ?? '',
      nonce: authorizeUrl.searchParams.get('nonce') ?? '',
      redirectUri: authorizeUrl.searchParams.get('redirect_uri') ?? '',
      claims,
    });
    return code;
  }

  private idToken(grant: Grant): string {
    const now = Math.floor(Date.now() / 1000);
    const header = { alg: 'RS256', typ: 'JWT', kid: 'k1' };
    const payload = { iss: this.issuer, aud: CLIENT_ID, iat: now, exp: now + 300, nonce: grant.nonce, ...grant.claims };
    const input = `${b64u(JSON.stringify(header))}.${b64u(JSON.stringify(payload))}`;
    return `${input}.${b64u(sign('sha256', Buffer.from(input), this.keys.privateKey as KeyObject))}`;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', this.issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: this.issuer,
        authorization_endpoint: `${this.issuer}/authorize`,
        token_endpoint: `${this.issuer}/token`,
        jwks_uri: `${this.issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post'],
      });
    }
    if (url.pathname === '/jwks') {
      const jwk = this.keys.publicKey.export({ format: 'jwk' });
      return json(200, { keys: [{ ...jwk, kid: 'k1', alg: 'RS256', use: 'sig' }] });
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      this.tokenRequests++;
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const form = new URLSearchParams(raw);
      const grant = this.grants.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const ok =
        grant &&
        form.get('grant_type') === 'authorization_code' &&
        form.get('client_id') === CLIENT_ID &&
        form.get('client_secret') === CLIENT_SECRET &&
        form.get('redirect_uri') === grant.redirectUri &&
        createHash('sha256').update(verifier).digest('base64url') === grant.challenge;
      if (!ok || !grant) return json(400, { error: 'invalid_grant' });
      this.grants.delete(form.get('code') ?? '');
      return json(200, { access_token: 'at', token_type: 'Bearer', expires_in: 300, id_token: this.idToken(grant) });
    }
    res.writeHead(404).end();
  }
}

let tdb: TestDatabase;
let app: App;
const provider = new FakeProvider();

beforeAll(async () => {
  await provider.start();
  tdb = await createTestDatabase();
  app = await buildTestApp(tdb, {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
    PUBLIC_URL,
    ADMIN_EMAILS: 'chief@example.org',
  });
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
  await provider.stop();
});

async function start(returnTo = '/saved') {
  const res = await app.inject({ method: 'GET', url: `/api/login?sso=1&returnTo=${encodeURIComponent(returnTo)}` });
  expect(res.statusCode).toBe(302);
  const tx = res.cookies.find((c) => c.name === 'oidc_tx');
  return { res, authorizeUrl: new URL(res.headers.location as string), tx: tx! };
}

async function callback(query: string, txValue: string | undefined) {
  return app.inject({ method: 'GET', url: `/api/login/callback?${query}`, cookies: txValue ? { oidc_tx: txValue } : {} });
}

const sidOf = (res: { cookies: Array<{ name: string; value: string }> }) => res.cookies.find((c) => c.name === 'sid' && c.value)?.value;
const me = async (sid: string | undefined) => (await app.inject({ method: 'GET', url: '/api/auth/user', cookies: sid ? { sid } : {} })).json();

describe('OpenID Connect sign-in', () => {
  it('offers single sign-on when configured', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/config' })).json()).toEqual({ oidc: true });
  });

  it('redirects to the provider with the code flow, PKCE S256, state and nonce in a short-lived HttpOnly cookie', async () => {
    const { authorizeUrl, tx } = await start();
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${provider.issuer}/authorize`);
    const q = authorizeUrl.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(CLIENT_ID);
    expect(q.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/login/callback`);
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toBeTruthy();
    expect(q.get('nonce')).toBeTruthy();
    expect(tx).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/login', maxAge: 600 });
  });

  it('creates the account on the way back, signs it in and returns to returnTo', async () => {
    const { authorizeUrl, tx } = await start('/saved');
    const code = provider.approve(authorizeUrl, { sub: 'sub-1', email: 'Chief@Example.org', email_verified: true, given_name: 'Robin', family_name: 'Lee' });
    const res = await callback(`code=${code}&state=${authorizeUrl.searchParams.get('state')}`, tx.value);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/saved');
    const user = await me(sidOf(res));
    expect(user).toMatchObject({ email: 'chief@example.org', firstName: 'Robin', lastName: 'Lee', role: 'admin', isPro: true });
    // The transaction cookie is spent.
    expect(res.cookies.find((c) => c.name === 'oidc_tx')?.value).toBe('');

    // Next time the same subject finds the same account.
    const again = await start('/');
    const code2 = provider.approve(again.authorizeUrl, { sub: 'sub-1', email: 'chief@example.org', email_verified: true });
    const res2 = await callback(`code=${code2}&state=${again.authorizeUrl.searchParams.get('state')}`, again.tx.value);
    expect(res2.headers.location).toBe('/');
    expect((await me(sidOf(res2))).id).toBe(user.id);
  });

  it('never links a verified identity to a local account whose e-mail is unverified', async () => {
    const local = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'squat@example.org', password: 'password-123' } });
    const localId = local.json().id;
    const a = await start();
    const code = provider.approve(a.authorizeUrl, { sub: 'sub-squat', email: 'squat@example.org', email_verified: true });
    const res = await callback(`code=${code}&state=${a.authorizeUrl.searchParams.get('state')}`, a.tx.value);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/api/login?error=sso_unverified');
    expect(sidOf(res)).toBeUndefined();
    const { rows } = await tdb.pool.query('SELECT oidc_subject FROM users WHERE id = $1', [localId]);
    expect(rows[0].oidc_subject).toBeNull();
    expect((await tdb.pool.query("SELECT 1 FROM users WHERE oidc_subject = 'sub-squat'")).rowCount).toBe(0);
  });

  it('links an existing local account only through a verified e-mail', async () => {
    const local = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'pat@example.org', password: 'password-123' } });
    const localId = local.json().id;
    // The local account proved its address (the one-time link).
    await tdb.pool.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [localId]);

    const a = await start();
    const unverified = provider.approve(a.authorizeUrl, { sub: 'sub-unverified', email: 'pat@example.org', email_verified: false });
    const resA = await callback(`code=${unverified}&state=${a.authorizeUrl.searchParams.get('state')}`, a.tx.value);
    const userA = await me(sidOf(resA));
    expect(userA.id).not.toBe(localId);
    expect(userA.email).not.toBe('pat@example.org');

    const b = await start();
    const verified = provider.approve(b.authorizeUrl, { sub: 'sub-pat', email: 'pat@example.org', email_verified: true, picture: 'https://example.org/p.png' });
    const resB = await callback(`code=${verified}&state=${b.authorizeUrl.searchParams.get('state')}`, b.tx.value);
    const userB = await me(sidOf(resB));
    expect(userB).toMatchObject({ id: localId, profileImageUrl: 'https://example.org/p.png' });
  });

  it('refuses a wrong state, a missing cookie and a reused code, going back to the page', async () => {
    const { authorizeUrl, tx } = await start();
    const code = provider.approve(authorizeUrl, { sub: 'sub-x', email: 'x@example.org', email_verified: true });
    const badState = await callback(`code=${code}&state=forged`, tx.value);
    expect(badState.statusCode).toBe(303);
    expect(badState.headers.location).toBe('/api/login?error=sso_failed');
    expect(sidOf(badState)).toBeUndefined();

    const noCookie = await callback(`code=${code}&state=${authorizeUrl.searchParams.get('state')}`, undefined);
    expect(noCookie.headers.location).toBe('/api/login?error=sso_failed');

    const tampered = Buffer.from(JSON.stringify({ verifier: 'x'.repeat(43), state: authorizeUrl.searchParams.get('state'), nonce: 'n', returnTo: '/' })).toString('base64url');
    const badVerifier = await callback(`code=${code}&state=${authorizeUrl.searchParams.get('state')}`, tampered);
    expect(badVerifier.headers.location).toBe('/api/login?error=sso_failed');
    expect(sidOf(badVerifier)).toBeUndefined();
  });

  it('never sends the user off-site after signing in', async () => {
    const { authorizeUrl, tx } = await start('//evil.example.com/x');
    const code = provider.approve(authorizeUrl, { sub: 'sub-y', email: 'y@example.org', email_verified: true });
    const res = await callback(`code=${code}&state=${authorizeUrl.searchParams.get('state')}`, tx.value);
    expect(res.headers.location).toBe('/');
  });
});
