import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/db';
import { registerOverHttp } from '../../test/factories';

const t = useTestApp();
let c1: number;
let c2: number;
let c3: number;
let owner: string;
let sister: string;
let stranger: string;
let ownerId: number;
let sisterId: number;

const signUp = (email: string) => registerOverHttp(t.app, email);

beforeAll(async () => {
  const { rows } = await t.tdb.pool.query<{ id: number }>(
    `INSERT INTO communities (name, city, state, zip_code, source_id) VALUES ('Oak Grove', 'Austin', 'TX', '78701', 's1'),
            ('Maple Court', 'Dallas', 'TX', '75201', 's2'), ('Pine Ridge', 'Tampa', 'FL', '33601', 's3') RETURNING id`,
  );
  [c1, c2, c3] = rows.map((r) => r.id) as [number, number, number];
  owner = await signUp('owner@family.test');
  sister = await signUp('sister@family.test');
  stranger = await signUp('stranger@family.test');
  const ids = await t.tdb.pool.query<{ id: number; email: string }>('SELECT id, email FROM users');
  ownerId = ids.rows.find((r) => r.email === 'owner@family.test')!.id;
  sisterId = ids.rows.find((r) => r.email === 'sister@family.test')!.id;
  await t.tdb.pool.query("UPDATE users SET first_name = 'Maria' WHERE id = $1", [ownerId]);
  for (const c of [c1, c2]) {
    expect((await t.app.inject({ method: 'POST', url: '/api/favorites', payload: { communityId: c }, cookies: { sid: owner } })).statusCode).toBe(200);
  }
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, sid?: string, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), cookies: sid ? { sid } : {} });
const note = (sid: string | undefined, owner: number, community: number, text: unknown) =>
  call('PUT', `/api/shortlists/${owner}/notes/${community}`, sid, { note: text } as object);
const createShare = async (body: object) => {
  const res = await call('POST', '/api/shortlists/mine/shares', owner, body);
  expect(res.statusCode).toBe(200);
  return res.json() as { share: { id: number; status: string }; token: string; path: string };
};

describe('shortlist notes', () => {
  it('the owner writes, reads and clears a note per community', async () => {
    const saved = await note(owner, ownerId, c1, '  visited Tuesday, lovely garden, waitlist ');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ communityId: c1, note: 'visited Tuesday, lovely garden, waitlist' });
    const list = (await call('GET', `/api/shortlists/${ownerId}`, owner)).json();
    expect(list).toMatchObject({ ownerId, ownerName: 'Maria', isOwner: true, comments: [] });
    const item = list.items.find((i: { communityId: number }) => i.communityId === c1);
    expect(item).toMatchObject({ note: 'visited Tuesday, lovely garden, waitlist', noteUpdatedBy: 'Maria' });
    expect(item.community.name).toBe('Oak Grove');
    expect((await note(owner, ownerId, c2, 'temp')).statusCode).toBe(200);
    expect((await note(owner, ownerId, c2, '')).json()).toMatchObject({ note: null, noteUpdatedAt: null });
  });

  it('a note for a community not on the list is 404; bad input is 400', async () => {
    expect((await note(owner, ownerId, c3, 'x')).statusCode).toBe(404);
    expect((await note(owner, ownerId, c1, 'x'.repeat(2001))).statusCode).toBe(400);
    expect((await note(owner, ownerId, c1, 'bell\u0007')).json().error.code).toBe('VALIDATION_ERROR');
    expect((await note(owner, ownerId, c1, 42)).statusCode).toBe(400);
    expect((await note(undefined, ownerId, c1, 'x')).statusCode).toBe(401);
  });

  it('another user cannot read or edit the list: 404, and nothing changes', async () => {
    expect((await call('GET', `/api/shortlists/${ownerId}`, stranger)).statusCode).toBe(404);
    expect((await note(stranger, ownerId, c1, 'hijacked')).statusCode).toBe(404);
    const { rows } = await t.tdb.pool.query('SELECT note FROM favorites WHERE user_id = $1 AND community_id = $2', [ownerId, c1]);
    expect(rows[0].note).toBe('visited Tuesday, lovely garden, waitlist');
  });
});

describe('collaborators', () => {
  it('only an existing account can be added; not oneself', async () => {
    const none = await call('POST', '/api/shortlists/mine/collaborators', owner, { email: 'nobody@family.test' });
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toContain('No account uses nobody@family.test');
    expect((await call('POST', '/api/shortlists/mine/collaborators', owner, { email: 'owner@family.test' })).statusCode).toBe(400);
    expect((await call('POST', '/api/shortlists/mine/collaborators', owner, { email: 'not an email' })).statusCode).toBe(400);
  });

  it('a collaborator sees the list and edits notes, but manages nothing of the owner', async () => {
    const added = await call('POST', '/api/shortlists/mine/collaborators', owner, { email: ' Sister@Family.test ' });
    expect(added.statusCode).toBe(200);
    expect(added.json().collaborators).toEqual([expect.objectContaining({ userId: sisterId, email: 'sister@family.test' })]);

    const lists = (await call('GET', '/api/shortlists', sister)).json().shortlists;
    expect(lists).toEqual([
      { ownerId: sisterId, ownerName: 'sister@family.test', isOwner: true, count: 0 },
      { ownerId, ownerName: 'Maria', isOwner: false, count: 2 },
    ]);
    expect((await call('GET', `/api/shortlists/${ownerId}`, sister)).json().isOwner).toBe(false);
    expect((await note(sister, ownerId, c2, 'called them: no waitlist')).statusCode).toBe(200);
    const item = (await call('GET', `/api/shortlists/${ownerId}`, owner)).json().items.find((i: { communityId: number }) => i.communityId === c2);
    expect(item).toMatchObject({ note: 'called them: no waitlist', noteUpdatedBy: 'sister@family.test' });

    // "mine" is always the caller's own list: the sister's shares and collaborators are hers, not the owner's.
    expect((await call('GET', '/api/shortlists/mine/shares', sister)).json()).toEqual({ shares: [] });
    expect((await call('GET', '/api/shortlists/mine/collaborators', sister)).json()).toEqual({ collaborators: [] });
  });

  it('removing a collaborator takes the access away', async () => {
    expect((await call('DELETE', `/api/shortlists/mine/collaborators/${sisterId}`, owner)).json()).toEqual({ collaborators: [] });
    expect((await call('GET', `/api/shortlists/${ownerId}`, sister)).statusCode).toBe(404);
    expect((await note(sister, ownerId, c2, 'again')).statusCode).toBe(404);
  });
});

describe('share links', () => {
  it('a read-only link shows the list and notes signed out, without e-mail addresses, and refuses comments', async () => {
    const { token, path, share } = await createShare({ access: 'read' });
    expect(share.status).toBe('active');
    expect(path).toBe(`/shared/${token}`);
    // Only a hash is stored: the token's secret is not in the database.
    const { rows } = await t.tdb.pool.query('SELECT lookup, secret_hash FROM shortlist_shares WHERE id = $1', [share.id]);
    expect(token.startsWith(`${rows[0].lookup}.`)).toBe(true);
    expect(rows[0].secret_hash).not.toContain(token.split('.')[1]);

    const res = await call('GET', `/api/shared/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ access: 'read', ownerName: 'Maria', expiresAt: null, comments: [] });
    expect(body.items.map((i: { communityId: number }) => i.communityId).sort()).toEqual([c1, c2].sort());
    expect(JSON.stringify(body)).not.toContain('@family.test');

    const comment = await call('POST', `/api/shared/${token}/comments`, undefined, { name: 'Uncle Joe', body: 'Looks good' });
    expect(comment.statusCode).toBe(403);
    expect(comment.json().error.code).toBe('FORBIDDEN');
  });

  it('a comment link takes a named comment that the owner sees', async () => {
    const { token } = await createShare({ access: 'comment' });
    const res = await call('POST', `/api/shared/${token}/comments`, undefined, { name: ' Uncle Joe ', body: 'The garden one!', communityId: c1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ authorName: 'Uncle Joe', body: 'The garden one!', communityId: c1 });
    const mine = (await call('GET', `/api/shortlists/${ownerId}`, owner)).json();
    expect(mine.comments).toEqual([expect.objectContaining({ authorName: 'Uncle Joe', body: 'The garden one!' })]);
    expect((await call('GET', `/api/shared/${token}`)).json().comments).toHaveLength(1);

    for (const bad of [{ name: '', body: 'x' }, { name: 'A', body: '   ' }, { name: 'A', body: 'x'.repeat(2001) }, { name: 'A\u0000', body: 'x' }]) {
      expect((await call('POST', `/api/shared/${token}/comments`, undefined, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await call('POST', `/api/shared/${token}/comments`, undefined, { name: 'A', body: 'x', communityId: c3 })).statusCode).toBe(404);
  });

  it('a revoked link stops working at once and stays listed as revoked', async () => {
    const { token, share } = await createShare({ access: 'comment' });
    expect((await call('GET', `/api/shared/${token}`)).statusCode).toBe(200);
    const revoked = await call('DELETE', `/api/shortlists/mine/shares/${share.id}`, owner);
    expect(revoked.json()).toMatchObject({ id: share.id, status: 'revoked' });
    const res = await call('GET', `/api/shared/${token}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toContain('turned off');
    expect((await call('POST', `/api/shared/${token}/comments`, undefined, { name: 'A', body: 'x' })).statusCode).toBe(404);
    const shares = (await call('GET', '/api/shortlists/mine/shares', owner)).json().shares;
    expect(shares.find((s: { id: number }) => s.id === share.id).status).toBe('revoked');
  });

  it('only the owner revokes: another user gets 404 and the link keeps working', async () => {
    const { token, share } = await createShare({ access: 'read' });
    expect((await call('DELETE', `/api/shortlists/mine/shares/${share.id}`, stranger)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/shortlists/mine/shares/${share.id}`)).statusCode).toBe(401);
    expect((await call('GET', `/api/shared/${token}`)).statusCode).toBe(200);
  });

  it('a link with an expiry date works through that day and not after', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const { token, share } = await createShare({ access: 'read', expiresOn: tomorrow });
    const open = (await call('GET', `/api/shared/${token}`)).json();
    expect(open.expiresAt).toBe(new Date(Date.parse(`${tomorrow}T00:00:00Z`) + 86_400_000).toISOString());
    // Move the end of the chosen day into the past.
    await t.tdb.pool.query("UPDATE shortlist_shares SET expires_at = now() - interval '1 second' WHERE id = $1", [share.id]);
    const res = await call('GET', `/api/shared/${token}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toContain('expired on');
    const listed = (await call('GET', '/api/shortlists/mine/shares', owner)).json().shares;
    expect(listed.find((s: { id: number }) => s.id === share.id).status).toBe('expired');
  });

  it('refuses a past or impossible expiry date and an unknown access', async () => {
    for (const body of [{ access: 'read', expiresOn: '2020-01-01' }, { access: 'read', expiresOn: '2030-02-30' }, { access: 'write' }, {}]) {
      const res = await call('POST', '/api/shortlists/mine/shares', owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('POST', '/api/shortlists/mine/shares', undefined, { access: 'read' })).statusCode).toBe(401);
  });

  it('a wrong secret, an unknown lookup or a malformed token opens nothing', async () => {
    const { token } = await createShare({ access: 'read' });
    const [lookup, secret] = token.split('.') as [string, string];
    const wrongSecret = `${lookup}.${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    const wrongLookup = `${lookup.slice(0, -1)}${lookup.endsWith('A') ? 'B' : 'A'}.${secret}`;
    for (const t of [wrongSecret, wrongLookup, lookup, 'abc', `${token}x`]) {
      const res = await call('GET', `/api/shared/${encodeURIComponent(t)}`);
      expect(res.statusCode, t).toBe(404);
      expect(res.json().error.message).toContain('does not exist');
    }
  });
});
