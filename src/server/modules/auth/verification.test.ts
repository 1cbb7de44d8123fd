// E-mail ownership (issue 10): sign-up sends a one-time verification link (logged without SMTP_URL),
// ADMIN_EMAILS applies only to a verified address, and a forgotten password is reset through a
// one-time link that ends every other session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../contracts/auth';
import { buildApp } from '../../app';
import { createTestDatabase, testEnv, type TestDatabase } from '../../test/db';
import type { App } from '../../types';

let tdb: TestDatabase;
let app: App;
const logLines: string[] = [];

let ipSeq = 0;
const nextIp = () => `10.7.${(++ipSeq >> 8) & 255}.${ipSeq & 255}`;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildApp({
    pool: tdb.pool,
    db: tdb.db,
    env: testEnv({ ADMIN_EMAILS: 'chief@example.com', AUTH_RATE_LIMIT_MAX: '5' }),
    serveClient: false,
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const post = (url: string, payload: object, sid?: string, remoteAddress = nextIp()) =>
  app.inject({ method: 'POST', url, payload, remoteAddress, cookies: sid ? { sid } : {} });
const sidOf = (res: { cookies: Array<{ name: string; value: string }> }) => res.cookies.find((c) => c.name === 'sid')?.value;
const me = async (sid: string) => (await app.inject({ method: 'GET', url: '/api/auth/user', cookies: { sid } })).json();

/** The last one-time link of this purpose written to the log (polls briefly: reset links are sent in the background). */
async function loggedLink(purpose: 'verify' | 'reset', after: number): Promise<{ url: URL; line: string }> {
  for (let i = 0; i < 100; i++) {
    const line = logLines.slice(after).reverse().find((l) => l.includes(`one-time ${purpose} link`));
    if (line) return { url: new URL(JSON.parse(line).link as string), line };
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no ${purpose} link logged`);
}

describe('e-mail verification', () => {
  it('logs a verification link at sign-up (the link only, no personal data); opening it verifies the address', async () => {
    const mark = logLines.length;
    const res = await post('/api/auth/register', { email: 'vera@example.com', password: 'password-1', firstName: 'Vera' });
    expect(res.statusCode).toBe(201);
    expect(res.json().emailVerified).toBe(false);
    const { url, line } = await loggedLink('verify', mark);
    expect(url.pathname).toBe('/verify-email');
    expect(line).not.toContain('vera@example.com');
    expect(line).not.toContain('Vera');
    const token = url.searchParams.get('token')!;
    const stored = await tdb.pool.query<{ id: string }>('SELECT id FROM email_tokens');
    expect(stored.rows.map((r) => r.id)).not.toContain(token);

    const ok = await post('/api/auth/verify-email', { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().emailVerified).toBe(true);
    expect((await me(sidOf(res)!)).emailVerified).toBe(true);
    // Once only.
    const again = await post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(AUTH_MESSAGES.linkInvalid);
  });

  it('refuses an unknown, expired or wrong-purpose token', async () => {
    const mark = logLines.length;
    const res = await post('/api/auth/register', { email: 'exp@example.com', password: 'password-1' });
    const token = (await loggedLink('verify', mark)).url.searchParams.get('token')!;
    expect((await post('/api/auth/verify-email', { token: 'x'.repeat(43) })).statusCode).toBe(400);
    expect((await post('/api/auth/reset-password', { token, password: 'new-password-1' })).statusCode).toBe(400);
    await tdb.pool.query("UPDATE email_tokens SET expires_at = now() - interval '1 second'");
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(400);
    expect((await me(sidOf(res)!)).emailVerified).toBe(false);
  });

  it('grants ADMIN_EMAILS admin only once the address is verified (not at sign-up or sign-in)', async () => {
    const mark = logLines.length;
    const res = await post('/api/auth/register', { email: 'chief@example.com', password: 'password-1' });
    expect(res.json().role).toBe('user');
    const sid = sidOf(res)!;
    expect((await app.inject({ method: 'GET', url: '/api/admin/users', cookies: { sid } })).statusCode).toBe(403);
    const login = await post('/api/auth/login', { email: 'chief@example.com', password: 'password-1' });
    expect(login.json().role).toBe('user');

    const token = (await loggedLink('verify', mark)).url.searchParams.get('token')!;
    const verified = await post('/api/auth/verify-email', { token });
    expect(verified.json().role).toBe('admin');
    expect((await app.inject({ method: 'GET', url: '/api/admin/users', cookies: { sid: sidOf(login)! } })).statusCode).toBe(200);
  });

  it('resends a verification link to a signed-in user', async () => {
    const res = await post('/api/auth/register', { email: 'resend@example.com', password: 'password-1' });
    const mark = logLines.length;
    const again = await post('/api/auth/verify-email/resend', {}, sidOf(res));
    expect(again.statusCode).toBe(202);
    const token = (await loggedLink('verify', mark)).url.searchParams.get('token')!;
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    expect((await post('/api/auth/verify-email/resend', {})).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown e-mails, and only a known one gets a link', async () => {
    await post('/api/auth/register', { email: 'rita@example.com', password: 'password-1' });
    const mark = logLines.length;
    const known = await post('/api/auth/password-reset', { email: 'rita@example.com' });
    const unknown = await post('/api/auth/password-reset', { email: 'nobody-here@example.com' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.json().message).toBe(AUTH_MESSAGES.resetSent);
    await loggedLink('reset', mark);
    await new Promise((r) => setTimeout(r, 100));
    expect(logLines.slice(mark).filter((l) => l.includes('one-time reset link'))).toHaveLength(1);
  });

  it('sets the new password with the link, once, ends the other sessions and signs this browser in', async () => {
    const first = await post('/api/auth/register', { email: 'rob@example.com', password: 'old-password-1' });
    const otherSid = sidOf(first)!;
    const mark = logLines.length;
    await post('/api/auth/password-reset', { email: 'ROB@example.com ' });
    const token = (await loggedLink('reset', mark)).url.searchParams.get('token')!;

    const tooShort = await post('/api/auth/reset-password', { token, password: 'short' });
    expect(tooShort.statusCode).toBe(400);
    const reset = await post('/api/auth/reset-password', { token, password: 'new-password-1' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ email: 'rob@example.com', emailVerified: true });
    const newSid = sidOf(reset)!;
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', cookies: { sid: otherSid } })).statusCode).toBe(401);
    expect((await me(newSid)).email).toBe('rob@example.com');

    expect((await post('/api/auth/login', { email: 'rob@example.com', password: 'old-password-1' })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: 'rob@example.com', password: 'new-password-1' })).statusCode).toBe(200);
    expect((await post('/api/auth/reset-password', { token, password: 'third-password-1' })).statusCode).toBe(400);
  });

  it('is rate limited per client address', async () => {
    const ip = '10.8.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await post('/api/auth/password-reset', { email: `x${i}@example.com` }, undefined, ip)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([202, 202, 202, 202, 202]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
