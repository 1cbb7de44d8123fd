import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testEnv, useTestApp } from '../../test/db';
import { createCommunity, createOperator, createSignedInUser, createUser } from '../../test/factories';

const t = useTestApp();

describe('GET /api/health', () => {
  it('tells anyone only whether the app and its database are up', async () => {
    await createUser(t.tdb.pool, { email: 'someone@example.com' });
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('does not show the counts to a signed-in member who is not an admin', async () => {
    const { cookie } = await createSignedInUser(t.tdb.pool, { email: 'member@example.com' });
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { cookie } });
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('shows an admin the counts of every table it names', async () => {
    await createOperator(t.tdb.pool, { name: 'Op', sourceId: 'o1' });
    await createCommunity(t.tdb.pool, { name: 'A', sourceId: 'c1' });
    await createCommunity(t.tdb.pool, { name: 'B', city: 'Dallas', sourceId: 'c2' });
    const { cookie } = await createSignedInUser(t.tdb.pool, { email: 'boss@example.com', role: 'admin' });
    const users = (await t.tdb.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]!.n;
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: 'up',
      counts: { communities: 2, operators: 1, customerReviews: 0, employeeReviews: 0, users, leads: 0 },
    });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No route for GET /api/does-not-exist' } });
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('baseline probes', () => {
  it('answers liveness without the database and a primary-key probe through the pool', async () => {
    expect((await t.app.inject({ url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    const { rows } = await t.tdb.pool.query<{ id: number }>('SELECT min(id)::int AS id FROM communities');
    expect((await t.app.inject({ url: `/api/health/probe?id=${rows[0].id}` })).json()).toEqual({ id: rows[0].id });
    expect((await t.app.inject({ url: '/api/health/probe?id=999999' })).json()).toEqual({ id: null });
    const bad = await t.app.inject({ url: '/api/health/probe?id=abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('the access log', () => {
  it('writes one line per request: method, URL, client address, status and time (not the request as it came in)', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
    const app = await buildApp({ pool: t.tdb.pool, db: t.tdb.db, env: testEnv(), serveClient: false, logger: { level: 'info', stream } });
    try {
      await app.ready();
      lines.length = 0;
      await app.inject({ method: 'GET', url: '/api/health/live?x=1' });
      await app.inject({ method: 'GET', url: '/api/does-not-exist' });
      const requests = lines.filter((l) => l.msg === 'request');
      expect(requests).toEqual([
        expect.objectContaining({ method: 'GET', url: '/api/health/live?x=1', ip: '127.0.0.1', statusCode: 200, responseTime: expect.any(Number), reqId: expect.any(String) }),
        expect.objectContaining({ method: 'GET', url: '/api/does-not-exist', statusCode: 404 }),
      ]);
      // Nothing else per request: Fastify's own "incoming request" / "request completed" lines are off.
      expect(lines.filter((l) => l.reqId !== undefined && l.msg !== 'request')).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
