// The session cache (ADR 031) on two app nodes over one database, each with its own pool and its own cache: a signed-in
// request is answered from memory, and whatever changes a session or its user (signing out, an admin's plan change,
// SQL run by hand, a lost listening connection, the session's expiry) is never answered from an older copy.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoNodes } from '../../test/db';
import { createSignedInUser, createUser } from '../../test/factories';
import { waitFor } from '../../test/wait';
import type { App } from '../../types';
import { createSession, hashToken } from './session';
import { changesSessions } from './session-cache';

const t = useTwoNodes({ SESSION_CACHE: 'true' });

beforeAll(async () => {
  await waitFor(() => t.nodeA.sessionCache!.active && t.nodeB.sessionCache!.active, 5_000);
});

const get = (node: App, url: string, cookie: string) => node.inject({ method: 'GET', url, headers: { cookie } });
/** A Pro-only answer: 200 for a Pro user, 403 for a signed-in basic one, 401 for no session. */
const lists = (node: App, cookie: string) => get(node, '/api/lists', cookie).then((r) => r.statusCode);
const pastTrial = new Date(Date.now() - 86_400_000);

describe('the session cache', () => {
  it('answers a signed-in request from memory after the first lookup', async () => {
    const { cookie } = await createSignedInUser(t.tdb.pool, { email: 'cached@example.com', plan: 'pro' });
    const cache = t.nodeA.sessionCache!;
    const before = { ...cache.stats };
    expect(await lists(t.nodeA, cookie)).toBe(200);
    expect(await lists(t.nodeA, cookie)).toBe(200);
    expect(await lists(t.nodeA, cookie)).toBe(200);
    expect(cache.stats.misses - before.misses).toBe(1);
    expect(cache.stats.hits - before.hits).toBe(2);
  });

  it('depends on the change notifications: without the trigger a removed session would still be served', async () => {
    const { id, cookie } = await createSignedInUser(t.tdb.pool, { email: 'trigger@example.com', plan: 'pro' });
    expect(await lists(t.nodeA, cookie)).toBe(200);
    await t.tdb.pool.query('ALTER TABLE sessions DISABLE TRIGGER sessions_session_users');
    try {
      await t.tdb.pool.query('DELETE FROM sessions WHERE user_id = $1', [id]);
      // Nothing told node A: its copy answers (which is why every change must notify).
      expect(await lists(t.nodeA, cookie)).toBe(200);
      // Node B never cached it: PostgreSQL says there is no such session.
      expect(await lists(t.nodeB, cookie)).toBe(401);
    } finally {
      await t.tdb.pool.query('ALTER TABLE sessions ENABLE TRIGGER sessions_session_users');
      t.nodeA.sessionCache!.clear();
    }
  });

  it('ends a session signed out on one node on that node at once and on the other once notified', async () => {
    const { cookie } = await createSignedInUser(t.tdb.pool, { email: 'bye@example.com', plan: 'pro' });
    expect(await lists(t.nodeA, cookie)).toBe(200);
    expect(await lists(t.nodeB, cookie)).toBe(200);
    const out = await t.nodeA.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(await lists(t.nodeA, cookie)).toBe(401);
    await waitFor(async () => (await lists(t.nodeB, cookie)) === 401, 5_000);
  });

  it('sees an admin plan change at once on the admin node, and on the other node once notified', async () => {
    const user = await createSignedInUser(t.tdb.pool, { email: 'upgrade@example.com', plan: 'basic', trialEndsAt: pastTrial });
    const admin = await createSignedInUser(t.tdb.pool, { email: 'boss@example.com', role: 'admin', verified: true });
    expect(await lists(t.nodeA, user.cookie)).toBe(403);
    expect(await lists(t.nodeB, user.cookie)).toBe(403);
    const patch = await t.nodeA.inject({ method: 'PATCH', url: `/api/admin/users/${user.id}`, headers: { cookie: admin.cookie }, payload: { plan: 'pro' } });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(await lists(t.nodeA, user.cookie)).toBe(200);
    await waitFor(async () => (await lists(t.nodeB, user.cookie)) === 200, 5_000);
  });

  it('forgets a user changed by SQL from elsewhere on every node', async () => {
    const { id, cookie } = await createSignedInUser(t.tdb.pool, { email: 'downgrade@example.com', plan: 'pro' });
    expect(await lists(t.nodeA, cookie)).toBe(200);
    expect(await lists(t.nodeB, cookie)).toBe(200);
    await t.poolB.query("UPDATE users SET plan = 'basic', trial_ends_at = NULL WHERE id = $1", [id]);
    await waitFor(async () => (await lists(t.nodeA, cookie)) === 403 && (await lists(t.nodeB, cookie)) === 403, 5_000);
    await t.tdb.pool.query('TRUNCATE sessions');
    await waitFor(async () => (await lists(t.nodeA, cookie)) === 401 && (await lists(t.nodeB, cookie)) === 401, 5_000);
  });

  it('does not store what a lookup read before a change was heard', async () => {
    const id = await createUser(t.tdb.pool, { email: 'race@example.com', plan: 'pro' });
    const { token } = await createSession(t.tdb.pool, id);
    const cache = t.nodeA.sessionCache!;
    cache.clear();
    const lookup = cache.lookup(token);
    // A change heard while the statement is under way.
    cache.forgetUser(id);
    expect((await lookup)?.id).toBe(id);
    expect(cache.size).toBe(0);
    await cache.lookup(token);
    expect(cache.size).toBe(1);
  });

  it('is not used while its listening connection is lost, and starts empty when it listens again', async () => {
    const { id, cookie } = await createSignedInUser(t.tdb.pool, { email: 'lost@example.com', plan: 'pro' });
    expect(await lists(t.nodeA, cookie)).toBe(200);
    expect(t.nodeA.sessionCache!.size).toBeGreaterThan(0);
    await t.tdb.pool.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN session_users' AND datname = current_database()");
    await waitFor(() => !t.nodeA.sessionCache!.active && !t.nodeB.sessionCache!.active, 5_000);
    expect(t.nodeA.sessionCache!.size).toBe(0);
    // Deleted while nobody listens: the notification is lost, and the request still sees PostgreSQL.
    await t.tdb.pool.query('DELETE FROM sessions WHERE user_id = $1', [id]);
    expect(await lists(t.nodeA, cookie)).toBe(401);
    expect(t.nodeA.sessionCache!.size).toBe(0);
    await waitFor(() => t.nodeA.sessionCache!.active && t.nodeB.sessionCache!.active, 10_000);
    const again = await createSignedInUser(t.tdb.pool, { email: 'back@example.com', plan: 'pro' });
    expect(await lists(t.nodeA, again.cookie)).toBe(200);
    expect(t.nodeA.sessionCache!.size).toBe(1);
  });

  it('never serves a session past its expiry', async () => {
    const id = await createUser(t.tdb.pool, { email: 'short@example.com', plan: 'pro' });
    const token = 'short-lived-session-token';
    await t.tdb.pool.query("INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1.5 seconds')", [hashToken(token), id]);
    expect(await lists(t.nodeA, `sid=${token}`)).toBe(200);
    expect(await lists(t.nodeA, `sid=${token}`)).toBe(200);
    await new Promise((r) => setTimeout(r, 1_600));
    expect(await lists(t.nodeA, `sid=${token}`)).toBe(401);
  });
});

describe('changesSessions', () => {
  it('names the requests that may change users or sessions, and no others', () => {
    for (const [method, url] of [
      ['POST', '/api/auth/login'],
      ['POST', '/api/auth/logout'],
      ['POST', '/api/auth/reset-password'],
      ['PATCH', '/api/admin/users/7'],
      ['GET', '/api/logout'],
      ['GET', '/api/login/callback?code=x&state=y'],
    ]) expect(changesSessions(method!, url!), `${method} ${url}`).toBe(true);
    for (const [method, url] of [
      ['GET', '/api/auth/user'],
      ['GET', '/api/lists'],
      ['HEAD', '/api/auth/user'],
      ['POST', '/api/lists'],
      ['GET', '/api/logouts'],
      ['GET', '/api/admin/users'],
    ]) expect(changesSessions(method!, url!), `${method} ${url}`).toBe(false);
  });
});
