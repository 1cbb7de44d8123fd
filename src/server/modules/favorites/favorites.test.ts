import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/db';
import { addPricing, createCommunity, registerOverHttp } from '../../test/factories';

const t = useTestApp();
let c1: number;
let c2: number;
let c3: number;
let alice: string;
let bob: string;

beforeAll(async () => {
  c1 = await createCommunity(t.tdb.pool, {
    name: 'Oak Grove',
    sourceId: 'f1',
    careTypes: ['Assisted Living', 'Memory Care'],
    amenities: ['Fitness Center'],
    photos: ['/media/communities/1/1.svg'],
    description: 'Shady oaks',
    rating: 4.5,
    reviewCount: 12,
  });
  c2 = await createCommunity(t.tdb.pool, { name: 'Maple Court', city: 'Dallas', zipCode: '75201', sourceId: 'f2' });
  c3 = await createCommunity(t.tdb.pool, { name: 'Pine Ridge', city: 'Tampa', state: 'FL', zipCode: '33601', sourceId: 'f3', careTypes: ['Independent Living'], rating: 3.9, reviewCount: 4 });
  await addPricing(t.tdb.pool, c1, 'Memory Care', 7200, 8100);
  await addPricing(t.tdb.pool, c1, 'Assisted Living', 5100, 6000);
  alice = await registerOverHttp(t.app, 'alice@example.com');
  bob = await registerOverHttp(t.app, 'bob@example.com');
});

const as = (sid: string | undefined) => ({ cookies: sid ? { sid } : ({} as Record<string, string>) });
const list = (sid?: string) => t.app.inject({ method: 'GET', url: '/api/favorites', ...as(sid) });
const add = (sid: string | undefined, communityId: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/favorites', payload: { communityId } as object, ...as(sid) });
const remove = (sid: string | undefined, id: unknown) => t.app.inject({ method: 'DELETE', url: `/api/favorites/${id}`, ...as(sid) });
const check = (sid: string | undefined, id: unknown) => t.app.inject({ method: 'GET', url: `/api/favorites/${id}/check`, ...as(sid) });

describe('favorites', () => {
  it('answers 401 on all four calls when signed out, even with bad input', async () => {
    for (const res of [await list(), await add(undefined, c1), await add(undefined, 'zzz'), await remove(undefined, c1), await check(undefined, c1)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
    expect((await list('not-a-session')).statusCode).toBe(401);
  });

  it('adds, checks, lists (newest first, with card fields) and removes', async () => {
    expect((await list(alice)).json()).toEqual({ favorites: [] });
    expect((await check(alice, c1)).json()).toEqual({ isFavorite: false });

    const added = await add(alice, c1);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ communityId: c1, isFavorite: true });
    await t.tdb.pool.query("UPDATE favorites SET created_at = now() - interval '1 hour'");
    expect((await add(alice, String(c3))).statusCode).toBe(200);

    expect((await check(alice, c1)).json()).toEqual({ isFavorite: true });
    const body = (await list(alice)).json();
    expect(body.favorites.map((f: { communityId: number }) => f.communityId)).toEqual([c3, c1]);
    expect(body.favorites[1].community).toEqual({
      id: c1,
      name: 'Oak Grove',
      address: '',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      phone: null,
      email: null,
      website: null,
      description: 'Shady oaks',
      rating: 4.5,
      reviewCount: 12,
      careTypes: ['Assisted Living', 'Memory Care'],
      amenities: ['Fitness Center'],
      photos: ['/media/communities/1/1.svg'],
      pricing: [
        { careType: 'Assisted Living', minPrice: 5100, maxPrice: 6000 },
        { careType: 'Memory Care', minPrice: 7200, maxPrice: 8100 },
      ],
      source: { kind: 'demo', name: 'Demo data', asOf: null },
    });
    expect(body.favorites[0].community.pricing).toEqual([]);

    const removed = await remove(alice, c3);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ communityId: c3, isFavorite: false });
    expect((await check(alice, c3)).json()).toEqual({ isFavorite: false });
    expect((await list(alice)).json().favorites).toHaveLength(1);
    // Removing what is not there is harmless.
    expect((await remove(alice, c3)).statusCode).toBe(200);
  });

  it('adding twice keeps one row', async () => {
    expect((await add(alice, c2)).statusCode).toBe(200);
    expect((await add(alice, c2)).statusCode).toBe(200);
    const { rows } = await t.tdb.pool.query('SELECT count(*)::int AS n FROM favorites WHERE community_id = $1', [c2]);
    expect(rows[0].n).toBe(1);
  });

  it('answers 404 for an unknown community and stores nothing', async () => {
    const res = await add(alice, 999_999);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
    const { rows } = await t.tdb.pool.query('SELECT count(*)::int AS n FROM favorites WHERE community_id = 999999');
    expect(rows[0].n).toBe(0);
  });

  it('keeps users apart: no one sees or deletes another user’s favorites', async () => {
    expect((await list(bob)).json()).toEqual({ favorites: [] });
    expect((await check(bob, c1)).json()).toEqual({ isFavorite: false });
    expect((await remove(bob, c1)).statusCode).toBe(200);
    expect((await check(alice, c1)).json()).toEqual({ isFavorite: true });
    await add(bob, c1);
    await remove(bob, c1);
    expect((await check(alice, c1)).json()).toEqual({ isFavorite: true });
  });

  it('answers 400 for bad ids and malformed bodies', async () => {
    for (const id of ['abc', 0, -1, 1.5, '1e3', '99999999999', null, true, '', ' 12']) {
      const res = await add(alice, id);
      expect(res.statusCode, String(id)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await remove(alice, id)).statusCode, id).toBe(400);
      expect((await check(alice, id)).statusCode, id).toBe(400);
    }
    const noBody = await t.app.inject({ method: 'POST', url: '/api/favorites', ...as(alice) });
    expect(noBody.statusCode).toBe(400);
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/favorites',
      headers: { 'content-type': 'application/json' },
      payload: '{"communityId": ',
      ...as(alice),
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error.code).toBe('INVALID_JSON');
  });

  it('removes favorites with the community and with the user', async () => {
    const carol = await registerOverHttp(t.app, 'carol@example.com');
    await add(carol, c3);
    await t.tdb.pool.query('DELETE FROM communities WHERE id = $1', [c3]);
    expect((await list(carol)).json()).toEqual({ favorites: [] });
  });
});
