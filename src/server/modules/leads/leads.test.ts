import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/db';
import { createCommunity, createSignedInUser, nextTestAddress } from '../../test/factories';

const t = useTestApp();
let communityId: number;
/** Each test posts from its own address so the per-client rate limit only bites where it is tested. */
let ip = '10.0.0.1';

beforeAll(async () => {
  communityId = await createCommunity(t.tdb.pool, { name: 'Maple Grove', sourceId: 'c1' });
});
beforeEach(() => {
  ip = nextTestAddress(0);
});

const valid = () => ({
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '(512) 555-0101',
  communityId,
  careNeeds: ['Assisted Living', 'Memory Care'],
  notes: 'Mom needs help with medication.',
  source: 'website',
});

function post(payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/leads',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

async function leadCount(): Promise<number> {
  const { rows } = await t.tdb.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM leads');
  return rows[0]!.n;
}

describe('POST /api/leads', () => {
  it('stores a valid request and acknowledges it with 201 after commit', async () => {
    const res = await post(valid());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ id: expect.any(Number), status: 'received', communityId });
    const { rows } = await t.tdb.pool.query('SELECT * FROM leads WHERE id = $1', [body.id]);
    expect(rows[0]).toMatchObject({
      community_id: communityId,
      user_id: null,
      name: 'Jane Doe',
      email: 'jane@example.com',
      phone: '(512) 555-0101',
      care_needs: ['Assisted Living', 'Memory Care'],
      notes: 'Mom needs help with medication.',
      source: 'website',
      status: 'new',
    });
    expect(rows[0].created_at).toBeInstanceOf(Date);
    const events = await t.tdb.pool.query('SELECT to_status FROM lead_events WHERE lead_id = $1', [body.id]);
    expect(events.rows).toEqual([{ to_status: 'new' }]);
  });

  it('accepts the minimum (name and email), trims, and defaults source to website', async () => {
    const res = await post({ name: '  Sam  ', email: ' sam@example.com ' });
    expect(res.statusCode).toBe(201);
    const { rows } = await t.tdb.pool.query('SELECT * FROM leads WHERE id = $1', [res.json().id]);
    expect(rows[0]).toMatchObject({ name: 'Sam', email: 'sam@example.com', phone: null, community_id: null, care_needs: [], notes: null, source: 'website' });
  });

  it('accepts a phone number written the way people write them', async () => {
    const res = await post({ ...valid(), phone: '+1 (512) 555-0100 ext. 12' });
    expect(res.statusCode).toBe(201);
  });

  it('treats empty optional fields as absent', async () => {
    const res = await post({ name: 'Sam', email: 'sam@example.com', phone: '', notes: '   ', communityId: null, careNeeds: [] });
    expect(res.statusCode).toBe(201);
    const { rows } = await t.tdb.pool.query('SELECT phone, notes FROM leads WHERE id = $1', [res.json().id]);
    expect(rows[0]).toEqual({ phone: null, notes: null });
  });

  it('stores the signed-in user with the lead', async () => {
    const { id: userId, cookie } = await createSignedInUser(t.tdb.pool, { email: 'member@example.com' });
    const res = await post(valid(), { cookie });
    expect(res.statusCode).toBe(201);
    const { rows } = await t.tdb.pool.query('SELECT user_id FROM leads WHERE id = $1', [res.json().id]);
    expect(rows[0].user_id).toBe(userId);
  });

  const rejections: Array<[string, unknown, number, string]> = [
    ['missing name', { ...valid(), name: undefined }, 400, 'name'],
    ['blank name', { ...valid(), name: '   ' }, 400, 'Name is required'],
    ['missing email', { ...valid(), email: undefined }, 400, 'email'],
    ['bad email', { ...valid(), email: 'not-an-email' }, 400, 'valid email'],
    ['unknown care need', { ...valid(), careNeeds: ['Space Travel'] }, 400, 'Care needs'],
    ['care needs not a list', { ...valid(), careNeeds: 'Memory Care' }, 400, 'careNeeds'],
    ['too long name', { ...valid(), name: 'x'.repeat(121) }, 400, 'Name must be at most'],
    ['too long email', { ...valid(), email: `${'a'.repeat(250)}@example.com` }, 400, 'Email must be at most'],
    ['too long phone', { ...valid(), phone: '1'.repeat(41) }, 400, 'Phone must be at most'],
    ['phone with letters', { ...valid(), phone: 'call me maybe' }, 400, 'Phone'],
    ['phone with too few digits', { ...valid(), phone: '555-12' }, 400, 'at least 7 digits'],
    ['phone with markup', { ...valid(), phone: '<b>5125550100</b>' }, 400, 'not allowed'],
    ['too long notes', { ...valid(), notes: 'n'.repeat(4001) }, 400, 'Notes must be at most'],
    ['bad source', { ...valid(), source: '<script>' }, 400, 'Source'],
    ['non-numeric community', { ...valid(), communityId: 'abc' }, 400, 'communityId'],
    ['negative community', { ...valid(), communityId: -3 }, 400, 'communityId'],
    ['huge community', { ...valid(), communityId: 1e12 }, 400, 'communityId'],
    ['unknown community', { ...valid(), communityId: 987654 }, 404, 'Community not found'],
    ['array body', [valid()], 400, ''],
    ['null body', 'null', 400, ''],
  ];

  it.each(rejections)('rejects %s with a JSON 4xx and stores nothing', async (_label, payload, status, text) => {
    const before = await leadCount();
    const res = await post(payload);
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(body.error.code).toEqual(expect.any(String));
    expect(body.error.message).toContain(text);
    expect(await leadCount()).toBe(before);
  });

  it('rejects malformed JSON with 400 INVALID_JSON', async () => {
    const before = await leadCount();
    const res = await post('{"name": "Jane", ');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_JSON');
    expect(await leadCount()).toBe(before);
  });

  it('rejects an empty JSON body', async () => {
    const res = await post('');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toEqual(expect.any(String));
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/xml'])('rejects content type %s with 415', async (type) => {
    const before = await leadCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      remoteAddress: ip,
      headers: { 'content-type': type },
      payload: type === 'text/plain' ? JSON.stringify(valid()) : 'name=Jane&email=jane@example.com',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await leadCount()).toBe(before);
  });

  it('rejects an oversized body with 413', async () => {
    const before = await leadCount();
    const res = await post({ ...valid(), notes: 'n'.repeat(40_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await leadCount()).toBe(before);
  });

  it('limits each client to 5 requests a minute and answers the 6th with 429 JSON', async () => {
    for (let i = 0; i < 5; i++) {
      const ok = await post(valid());
      expect(ok.statusCode).toBe(201);
    }
    const before = await leadCount();
    const limited = await post(valid());
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(await leadCount()).toBe(before);
    // Another client is not affected.
    ip = '10.9.9.9';
    expect((await post(valid())).statusCode).toBe(201);
  });
});

describe('POST /api/leads with an Idempotency-Key', () => {
  const key = () => `k-${Math.random().toString(36).slice(2)}-${Date.now()}`;

  it('answers a repeat with the first answer and stores one lead', async () => {
    const k = key();
    const before = await leadCount();
    const first = await post(valid(), { 'idempotency-key': k });
    expect(first.statusCode).toBe(201);
    const again = await post(valid(), { 'idempotency-key': k });
    expect(again.statusCode).toBe(201);
    // The same answer, except the status link: only its hash is stored, so a replay cannot repeat it.
    expect(first.json().statusUrl).toMatch(/^\/requests\/track#[A-Za-z0-9_-]{43}$/);
    expect(again.json()).toEqual({ ...first.json(), statusUrl: null });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await leadCount()).toBe(before + 1);
    const { rows } = await t.tdb.pool.query('SELECT count(*)::int AS n FROM lead_events WHERE lead_id = $1', [first.json().id]);
    expect(rows[0].n).toBe(1);
  });

  it('stores one lead when the same key arrives twice at the same moment', async () => {
    const k = key();
    const before = await leadCount();
    const [a, b] = await Promise.all([post(valid(), { 'idempotency-key': k }), post(valid(), { 'idempotency-key': k })]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).toBe(b.json().id);
    expect(await leadCount()).toBe(before + 1);
  });

  it('stores separate leads for separate keys and for requests without a key', async () => {
    const before = await leadCount();
    expect((await post(valid(), { 'idempotency-key': key() })).statusCode).toBe(201);
    expect((await post(valid(), { 'idempotency-key': key() })).statusCode).toBe(201);
    expect((await post(valid())).statusCode).toBe(201);
    expect(await leadCount()).toBe(before + 3);
  });

  it('rejects the same key with a different request with 409 and stores nothing', async () => {
    const k = key();
    expect((await post(valid(), { 'idempotency-key': k })).statusCode).toBe(201);
    const before = await leadCount();
    const other = await post({ ...valid(), name: 'Someone Else' }, { 'idempotency-key': k });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('CONFLICT');
    expect(await leadCount()).toBe(before);
  });

  it.each(['short', 'has spaces in it', 'x'.repeat(101), 'semi;colon-key'])('rejects the malformed key %j with 400', async (bad) => {
    const before = await leadCount();
    const res = await post(valid(), { 'idempotency-key': bad });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('Idempotency-Key');
    expect(await leadCount()).toBe(before);
  });

  it('does not let an unknown community reserve the key: the corrected retry is stored', async () => {
    const k = key();
    const bad = await post({ ...valid(), communityId: 987654 }, { 'idempotency-key': k });
    expect(bad.statusCode).toBe(404);
    const ok = await post(valid(), { 'idempotency-key': k });
    expect(ok.statusCode).toBe(201);
    expect(ok.headers['idempotent-replayed']).toBeUndefined();
  });
});
