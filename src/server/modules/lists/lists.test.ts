// Saved prospect lists on a real database: create, save communities and operators, export the CRM CSV
// (through the formula guard), and every rule about ownership, Pro and bad input.
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/db';
import { createSignedInUser } from '../../test/factories';

const t = useTestApp();
let pro = '';
let other = '';
let basic = '';
const ids: Record<string, number> = {};

const userCookie = async (email: string, plan: 'basic' | 'pro') => (await createSignedInUser(t.tdb.pool, { email, plan })).cookie;

beforeAll(async () => {
  const one = async (sql: string, params: unknown[]) => (await t.tdb.pool.query<{ id: number }>(sql, params)).rows[0]!.id;
  ids.op = await one(
    `INSERT INTO operators (name, city, state, phone, email, webpage, source_id) VALUES ('=Evil Ops', 'Austin', 'TX', '+1 (512) 555-0101', 'ops@example.com', 'https://ops.example', 'o1') RETURNING id`,
    [],
  );
  ids.c1 = await one(
    `INSERT INTO communities (name, city, state, phone, email, website, operator_id, source_id) VALUES ('Maple, Court', 'Austin', 'TX', '512-555-0102', 'maple@example.com', 'https://maple.example', $1, 'c1') RETURNING id`,
    [ids.op],
  );
  ids.c2 = await one(`INSERT INTO communities (name, city, state, operator_id, source_id) VALUES ('Oak Hill', 'Dallas', 'TX', $1, 'c2') RETURNING id`, [ids.op]);
  await one(`INSERT INTO communities (name, city, state, operator_id, source_id, listing_status) VALUES ('Gone', 'Dallas', 'TX', $1, 'c3', 'delisted') RETURNING id`, [ids.op]);
  pro = await userCookie('pro@example.com', 'pro');
  other = await userCookie('other@example.com', 'pro');
  basic = await userCookie('basic@example.com', 'basic');
});


const req = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie = pro, payload?: Record<string, unknown>) =>
  t.app.inject(payload !== undefined ? { method, url, headers: { cookie }, payload } : { method, url, headers: { cookie } });

describe('saved lists', () => {
  it('creates a list, saves a community and an operator, and exports CRM columns', async () => {
    const created = await req('POST', '/api/lists', pro, { name: 'Texas prospects' });
    expect(created.statusCode, created.body).toBe(201);
    const listId = created.json().id as number;
    expect((await req('POST', `/api/lists/${listId}/items`, pro, { type: 'community', id: ids.c1 })).json()).toMatchObject({ saved: true });
    expect((await req('POST', `/api/lists/${listId}/items`, pro, { type: 'operator', id: ids.op })).statusCode).toBe(200);
    // Saving twice keeps one row.
    expect((await req('POST', `/api/lists/${listId}/items`, pro, { type: 'community', id: ids.c1 })).statusCode).toBe(200);

    const lists = (await req('GET', '/api/lists')).json().lists;
    expect(lists).toEqual([expect.objectContaining({ id: listId, name: 'Texas prospects', communities: 1, operators: 1 })]);
    const detail = (await req('GET', `/api/lists/${listId}`)).json();
    expect(detail.items.map((i: { type: string; name: string; communities: number }) => [i.type, i.name, i.communities])).toEqual([
      ['community', 'Maple, Court', 1],
      ['operator', '=Evil Ops', 2], // two listed communities; the delisted one is not counted
    ]);

    const csv = await req('GET', `/api/lists/${listId}/export.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="list-texas-prospects-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(csv.body) as string[][];
    expect(rows).toEqual([
      ['company', 'phone', 'e-mail', 'website', 'city', 'state', 'communities'],
      ['Maple, Court', '512-555-0102', 'maple@example.com', 'https://maple.example', 'Austin', 'TX', '1'],
      ["'=Evil Ops", '+1 (512) 555-0101', 'ops@example.com', 'https://ops.example', 'Austin', 'TX', '2'], // formula guarded, phone kept
    ]);

    // Removing an item, then the list.
    expect((await req('DELETE', `/api/lists/${listId}/items/community/${ids.c1}`)).json()).toMatchObject({ saved: false });
    expect((await req('GET', `/api/lists/${listId}`)).json().items).toHaveLength(1);
    expect((await req('DELETE', `/api/lists/${listId}`)).statusCode).toBe(200);
    expect((await req('GET', `/api/lists/${listId}`)).statusCode).toBe(404);
  });

  it("another user's list is not found; names are unique per user, case-insensitively", async () => {
    const mine = (await req('POST', '/api/lists', pro, { name: 'Vendors' })).json().id as number;
    expect((await req('POST', '/api/lists', pro, { name: 'vendors' })).statusCode).toBe(409);
    expect((await req('POST', '/api/lists', other, { name: 'Vendors' })).statusCode).toBe(201);
    for (const [method, url, payload] of [
      ['GET', `/api/lists/${mine}`, undefined],
      ['GET', `/api/lists/${mine}/export.csv`, undefined],
      ['POST', `/api/lists/${mine}/items`, { type: 'community', id: ids.c2 }],
      ['DELETE', `/api/lists/${mine}`, undefined],
    ] as const) {
      const res = await req(method, url, other, payload);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    expect((await req('GET', '/api/lists', other)).json().lists.map((l: { name: string }) => l.name)).toEqual(['Vendors']);
  });

  it('bad input is a 4xx with a message; Basic users get 403, signed-out 401', async () => {
    const id = (await req('POST', '/api/lists', pro, { name: 'Checks' })).json().id as number;
    for (const [payload, status] of [
      [{ name: '' }, 400],
      [{ name: 'a\u0000b' }, 400],
      [{ name: 'x'.repeat(101) }, 400],
    ] as const) {
      const res = await req('POST', '/api/lists', pro, payload);
      expect(res.statusCode).toBe(status);
      expect(res.json().error.message).toBeTruthy();
    }
    expect((await req('POST', `/api/lists/${id}/items`, pro, { type: 'vendor', id: 1 })).statusCode).toBe(400);
    expect((await req('POST', `/api/lists/${id}/items`, pro, { type: 'community', id: 99999999 })).statusCode).toBe(404);
    expect((await req('GET', '/api/lists/abc')).statusCode).toBe(400);
    const gated = await req('GET', '/api/lists', basic);
    expect(gated.statusCode).toBe(403);
    expect(gated.json().error.code).toBe('PRO_REQUIRED');
    expect((await t.app.inject({ method: 'GET', url: '/api/lists' })).statusCode).toBe(401);
  });
});
