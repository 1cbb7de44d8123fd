import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../db/import/csv';
import { createSignedInUser } from '../../test/factories';
import { useTestApp } from '../../test/db';
import { csvField, LAST_ADMIN_MESSAGE } from './admin.service';

const DATA = path.resolve(import.meta.dirname, '../../../../../shared/data');
const ROSTER = path.resolve(import.meta.dirname, '../../db/import/fixtures/ri-roster-2026.csv');

const t = useTestApp();
let adminCookie: string;
let userCookie: string;
let adminId: number;
let userId: number;
let austinId: number;
let miamiId: number;

const makeUser = (email: string, role: 'user' | 'admin') => createSignedInUser(t.tdb.pool, { email, role });

async function insertLead(fields: { name: string; email?: string; communityId?: number | null; hoursAgo?: number; status?: string; notes?: string }) {
  const { rows } = await t.tdb.pool.query<{ id: number }>(
    `INSERT INTO leads (name, email, community_id, care_needs, notes, status, created_at)
     VALUES ($1, $2, $3, ARRAY['Assisted Living'], $4, $5, now() - make_interval(hours => $6::int)) RETURNING id`,
    [fields.name, fields.email ?? `${fields.name.toLowerCase().replace(/\W+/g, '.')}@example.com`, fields.communityId ?? null, fields.notes ?? null, fields.status ?? 'new', fields.hoursAgo ?? 0],
  );
  const id = rows[0]!.id;
  await t.tdb.pool.query(`INSERT INTO lead_events (lead_id, from_status, to_status, note) VALUES ($1, NULL, 'new', 'Information request received')`, [id]);
  return id;
}

function multipart(fields: Record<string, string>, file?: { name: string; content: Buffer | string }) {
  const boundary = '----sltest' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`));
    chunks.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Runs `requests` while the test holds the row locks taken by `lockSql`, and lets go only once `waiters`
 * connections of this database are queued behind them. Both requests have then read the old state and
 * truly overlap, however loaded the machine is: without this, two injected requests may simply run one
 * after the other (seen under load) and the race under test never happens. If the code under test took no
 * lock, nothing would queue and this fails instead of passing by luck.
 */
async function overlapping<T>(lockSql: string, params: unknown[], waiters: number, requests: () => Promise<T>): Promise<T> {
  const blocker = await t.tdb.pool.connect();
  try {
    await blocker.query('BEGIN');
    await blocker.query(lockSql, params);
    const pending = requests();
    for (let i = 0; ; i++) {
      const { rows } = await blocker.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
      );
      if (rows[0]!.n >= waiters) break;
      if (i >= 400) {
        await blocker.query('ROLLBACK');
        await pending.catch(() => undefined);
        throw new Error(`expected ${waiters} requests to wait for the row locks, saw ${rows[0]!.n}`);
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    await blocker.query('ROLLBACK');
    return await pending;
  } finally {
    blocker.release();
  }
}

async function counts() {
  const { rows } = await t.tdb.pool.query<{ c: number; o: number; i: number }>(
    'SELECT (SELECT count(*) FROM communities)::int AS c, (SELECT count(*) FROM operators)::int AS o, (SELECT count(*) FROM imports)::int AS i',
  );
  return rows[0]!;
}

beforeAll(async () => {
  ({ id: adminId, cookie: adminCookie } = await makeUser('boss@example.com', 'admin'));
  ({ id: userId, cookie: userCookie } = await makeUser('member@example.com', 'user'));
  const c = await t.tdb.pool.query<{ id: number }>(
    `INSERT INTO communities (name, city, state, source_id, email) VALUES ('Maple Grove', 'Austin', 'TX', 'c1', 'hello@maple.example'), ('Sea Breeze', 'Miami', 'FL', 'c2', NULL) RETURNING id`,
  );
  austinId = c.rows[0]!.id;
  miamiId = c.rows[1]!.id;
});

describe('role enforcement', () => {
  const endpoints: Array<[string, string, unknown?]> = [
    ['GET', '/api/leads'],
    ['GET', '/api/admin/leads/1'],
    ['POST', '/api/admin/leads/1/status', { status: 'contacted' }],
    ['POST', '/api/admin/leads/1/notify'],
    ['GET', '/api/admin/leads/export.csv'],
    ['GET', '/api/admin/users'],
    ['PATCH', `/api/admin/users/1`, { role: 'admin' }],
    ['GET', '/api/admin/data'],
    ['POST', '/api/admin/imports'],
  ];
  it.each(endpoints)('%s %s: 401 signed out, 403 as a user, never changes anything', async (method, url, payload) => {
    const before = await t.tdb.pool.query("SELECT (SELECT count(*) FROM lead_events)::int AS e, (SELECT count(*) FROM users WHERE role = 'admin')::int AS a");
    const send = (cookie?: string) =>
      t.app.inject({ method: method as 'GET', url, payload: payload as object | undefined, headers: cookie ? { cookie } : {} });
    const out = await send();
    expect(out.statusCode).toBe(401);
    expect(out.json().error.code).toBe('UNAUTHENTICATED');
    const forbidden = await send(userCookie);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error).toEqual({ code: 'FORBIDDEN', message: 'This area is for care advisors (admins) only.' });
    const after = await t.tdb.pool.query("SELECT (SELECT count(*) FROM lead_events)::int AS e, (SELECT count(*) FROM users WHERE role = 'admin')::int AS a");
    expect(after.rows).toEqual(before.rows);
  });

  it('refuses an upload from a non-admin before reading it', async () => {
    const form = multipart({ kind: 'fl' }, { name: 'fl.csv', content: readFileSync(path.join(DATA, 'states/fl_ahca_alf_sample.csv')) });
    const before = await counts();
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/imports', ...form, headers: { ...form.headers, cookie: userCookie } });
    expect(res.statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe('requests inbox', () => {
  let overdueId: number;
  let freshId: number;
  let tourId: number;

  beforeAll(async () => {
    await t.tdb.pool.query('DELETE FROM leads');
    overdueId = await insertLead({ name: 'Olive Overdue', communityId: austinId, hoursAgo: 30 });
    freshId = await insertLead({ name: 'Fred Fresh', email: 'fred@example.com', communityId: miamiId, hoursAgo: 2, notes: 'Call after 5pm, please' });
    tourId = await insertLead({ name: 'Tina Tour', communityId: austinId, hoursAgo: 50, status: 'tour_scheduled' });
    await insertLead({ name: 'Nina Nocommunity', hoursAgo: 1 });
  });

  it('lists every request with its community, clock and notification; overdue first, then newest', async () => {
    const res = await t.app.inject({ url: '/api/leads', headers: { cookie: adminCookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(4);
    expect(body.overdueCount).toBe(1);
    expect(body.leads.map((l: { name: string }) => l.name)).toEqual(['Olive Overdue', 'Nina Nocommunity', 'Fred Fresh', 'Tina Tour']);
    const olive = body.leads[0];
    expect(olive).toMatchObject({
      id: overdueId,
      status: 'new',
      overdue: true,
      ageHours: 30,
      careNeeds: ['Assisted Living'],
      community: { id: austinId, name: 'Maple Grove', city: 'Austin', state: 'TX' },
      nextStatuses: ['contacted', 'closed'],
      notification: { status: 'pending', attempts: 0, error: null, at: null },
    });
    expect(new Date(olive.dueAt).getTime() - new Date(olive.createdAt).getTime()).toBe(24 * 3_600_000);
    const tina = body.leads.find((l: { id: number }) => l.id === tourId);
    expect(tina).toMatchObject({ overdue: false, nextStatuses: ['closed'] });
    expect(body.facets.states).toEqual(['FL', 'TX']);
    expect(body.facets.communities.map((c: { name: string }) => c.name)).toEqual(['Maple Grove', 'Sea Breeze']);
  });

  it('filters by status, state, community and searches the requester', async () => {
    const names = async (qs: string) =>
      (await t.app.inject({ url: `/api/leads?${qs}`, headers: { cookie: adminCookie } })).json().leads.map((l: { name: string }) => l.name);
    expect(await names('status=tour_scheduled')).toEqual(['Tina Tour']);
    expect(await names('status=overdue')).toEqual(['Olive Overdue']);
    expect(await names('state=fl')).toEqual(['Fred Fresh']);
    expect(await names(`communityId=${austinId}`)).toEqual(['Olive Overdue', 'Tina Tour']);
    // 'all' means no filter, as on every list filter.
    expect(await names('status=all&state=all&communityId=all')).toEqual(await names(''));
    expect((await names('communityId=all')).length).toBeGreaterThan(2);
    expect(await names('q=FRED@')).toEqual(['Fred Fresh']);
    expect(await names('q=tina')).toEqual(['Tina Tour']);
    expect(await names('q=%25')).toEqual([]);
    expect(await names('pageSize=2&page=2')).toEqual(['Fred Fresh', 'Tina Tour']);
  });

  it.each([
    ['status=bogus', 'status'],
    ['state=Texas', 'state'],
    ['communityId=abc', 'communityId'],
    ['pageSize=1000', 'pageSize'],
  ])('rejects %s with 400', async (qs, field) => {
    const res = await t.app.inject({ url: `/api/leads?${qs}`, headers: { cookie: adminCookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(field);
  });

  it('moves new -> contacted -> tour scheduled -> closed, recording who and when', async () => {
    const move = (status: string, note?: string) =>
      t.app.inject({ method: 'POST', url: `/api/admin/leads/${freshId}/status`, headers: { cookie: adminCookie }, payload: { status, note } });
    const a = await move('contacted', 'Called, left a voicemail');
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ status: 'contacted', statusChangedBy: 'boss@example.com', nextStatuses: ['tour_scheduled', 'closed'] });
    expect((await move('tour_scheduled')).json().status).toBe('tour_scheduled');
    const c = await move('closed', 'Moved in');
    expect(c.json().status).toBe('closed');
    expect(c.json().nextStatuses).toEqual([]);
    const detail = (await t.app.inject({ url: `/api/admin/leads/${freshId}`, headers: { cookie: adminCookie } })).json();
    expect(detail.events.map((e: { fromStatus: string | null; toStatus: string; changedBy: string | null; note: string | null }) => [e.fromStatus, e.toStatus, e.changedBy, e.note])).toEqual([
      [null, 'new', null, 'Information request received'],
      ['new', 'contacted', 'boss@example.com', 'Called, left a voicemail'],
      ['contacted', 'tour_scheduled', 'boss@example.com', null],
      ['tour_scheduled', 'closed', 'boss@example.com', 'Moved in'],
    ]);
    const row = await t.tdb.pool.query('SELECT status, status_changed_by, status_changed_at FROM leads WHERE id = $1', [freshId]);
    expect(row.rows[0]).toMatchObject({ status: 'closed', status_changed_by: adminId });
    expect(row.rows[0].status_changed_at).toBeInstanceOf(Date);
  });

  it('refuses invalid jumps with 409 and a clear message, keeping the request and its history as they were', async () => {
    const id = await insertLead({ name: 'Jumpy', hoursAgo: 1 });
    const cases: Array<[string, string, string]> = [
      ['tour_scheduled', 'new', 'cannot move to "Tour scheduled"; it can move to "Contacted" or "Closed"'],
      ['new', 'new', 'already "New"'],
    ];
    for (const [to, , text] of cases) {
      const res = await t.app.inject({ method: 'POST', url: `/api/admin/leads/${id}/status`, headers: { cookie: adminCookie }, payload: { status: to } });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toContain(text);
    }
    // closed is final
    await t.tdb.pool.query("UPDATE leads SET status = 'closed' WHERE id = $1", [id]);
    const back = await t.app.inject({ method: 'POST', url: `/api/admin/leads/${id}/status`, headers: { cookie: adminCookie }, payload: { status: 'contacted' } });
    expect(back.statusCode).toBe(409);
    expect(back.json().error.message).toContain('closed requests are final');
    const events = await t.tdb.pool.query('SELECT count(*)::int AS n FROM lead_events WHERE lead_id = $1', [id]);
    expect(events.rows[0].n).toBe(1);
  });

  it('allows new -> closed (spam, duplicates) with a note', async () => {
    const id = await insertLead({ name: 'Spammy', hoursAgo: 1 });
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/leads/${id}/status`, headers: { cookie: adminCookie }, payload: { status: 'closed', note: 'Spam' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().events.at(-1)).toMatchObject({ fromStatus: 'new', toStatus: 'closed', note: 'Spam' });
  });

  it('answers bad input with 400 and unknown requests with 404', async () => {
    const bad = await t.app.inject({ method: 'POST', url: `/api/admin/leads/${overdueId}/status`, headers: { cookie: adminCookie }, payload: { status: 'won' } });
    expect(bad.statusCode).toBe(400);
    const long = await t.app.inject({ method: 'POST', url: `/api/admin/leads/${overdueId}/status`, headers: { cookie: adminCookie }, payload: { status: 'contacted', note: 'x'.repeat(1001) } });
    expect(long.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/admin/leads/999999', headers: { cookie: adminCookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/admin/leads/abc', headers: { cookie: adminCookie } })).statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'POST', url: '/api/admin/leads/999999/status', headers: { cookie: adminCookie }, payload: { status: 'contacted' } });
    expect(missing.statusCode).toBe(404);
    expect((await t.tdb.pool.query('SELECT status FROM leads WHERE id = $1', [overdueId])).rows[0].status).toBe('new');
  });

  it('lets exactly one of two simultaneous moves win (UPDATE ... WHERE status = from)', async () => {
    const id = await insertLead({ name: 'Racy', hoursAgo: 1 });
    // new -> contacted and new -> closed. One after the other both would be allowed (contacted -> closed
    // is a valid move), so both requests must have read "new" before either writes: the test holds the
    // lead's row lock until both wait at their UPDATE.
    const [a, b] = await overlapping('SELECT 1 FROM leads WHERE id = $1 FOR UPDATE', [id], 2, () =>
      Promise.all(
        ['contacted', 'closed'].map((status) =>
          t.app.inject({ method: 'POST', url: `/api/admin/leads/${id}/status`, headers: { cookie: adminCookie }, payload: { status } }),
        ),
      ),
    );
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    expect([a!, b!].find((r) => r.statusCode === 409)!.json().error.message).toBe('Someone changed this request meanwhile. Reload it and try again.');
    const events = await t.tdb.pool.query('SELECT from_status FROM lead_events WHERE lead_id = $1 ORDER BY id', [id]);
    expect(events.rows.map((r) => r.from_status)).toEqual([null, 'new']);
  });

  it('exports the filtered requests as RFC 4180 CSV', async () => {
    await insertLead({ name: 'Quote "Q" Person, Jr.', email: 'q@example.com', communityId: austinId, notes: 'line one\nline two', hoursAgo: 3 });
    await insertLead({ name: '=HYPERLINK("x")', email: 'evil@example.com', hoursAgo: 3 });
    const res = await t.app.inject({ url: '/api/admin/leads/export.csv', headers: { cookie: adminCookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="information-requests-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = res.body;
    expect(text.startsWith('id,arrived_at,status,overdue,name,email,phone,community_id,community,city,state,care_needs,notes')).toBe(true);
    expect(text).toContain('"Quote ""Q"" Person, Jr.",q@example.com,,');
    expect(text).toContain('"line one\nline two"');
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(text.split('\r\n').filter(Boolean).length).toBeGreaterThan(5);
    const filtered = await t.app.inject({ url: '/api/admin/leads/export.csv?q=q%40example', headers: { cookie: adminCookie } });
    expect(filtered.body.split('\r\n').filter(Boolean)).toHaveLength(2);
  });

  it('quotes fields per RFC 4180 and keeps phone numbers', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
    expect(csvField('+1 (512) 555-0101')).toBe('+1 (512) 555-0101');
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(null)).toBe('');
  });
});

describe('users', () => {
  it('lists and searches users with role, plan and trial', async () => {
    const res = await t.app.inject({ url: '/api/admin/users?q=MEMBER', headers: { cookie: adminCookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 1, adminCount: 1, users: [{ id: userId, email: 'member@example.com', role: 'user', plan: 'basic', isPro: false }] });
    expect(JSON.stringify(res.json())).not.toContain('password');
  });

  it('changes plan, trial end and role', async () => {
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: `/api/admin/users/${userId}`, headers: { cookie: adminCookie }, payload });
    expect((await patch({ plan: 'pro' })).json()).toMatchObject({ plan: 'pro', isPro: true });
    const trial = await patch({ plan: 'basic', trialEndsAt: '2099-01-31' });
    expect(trial.json()).toMatchObject({ plan: 'basic', isPro: true, trialEndsAt: '2099-01-31T23:59:59.000Z' });
    expect((await patch({ trialEndsAt: null })).json()).toMatchObject({ trialEndsAt: null, isPro: false });
    expect((await patch({ role: 'admin' })).json()).toMatchObject({ role: 'admin' });
    // The promoted user's session is an admin session now.
    expect((await t.app.inject({ url: '/api/admin/data', headers: { cookie: userCookie } })).statusCode).toBe(200);
    expect((await patch({ role: 'user' })).json()).toMatchObject({ role: 'user' });
    expect((await t.app.inject({ url: '/api/admin/data', headers: { cookie: userCookie } })).statusCode).toBe(403);
  });

  it.each([[{}], [{ role: 'owner' }], [{ plan: 'gold' }], [{ trialEndsAt: 'soon' }]])('rejects %j with 400', async (payload) => {
    const res = await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${userId}`, headers: { cookie: adminCookie }, payload });
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/admin/users/999999', headers: { cookie: adminCookie }, payload: { plan: 'pro' } });
    expect(res.statusCode).toBe(404);
  });

  it('never removes the last admin, even with two demotions at once', async () => {
    const self = await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${adminId}`, headers: { cookie: adminCookie }, payload: { role: 'user' } });
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe(LAST_ADMIN_MESSAGE);
    // A second admin: now each may be demoted, but not both. Each demotes the other; one after the other
    // the second request would be refused as 403 (its sender is no admin any more), so both must be past
    // the sign-in check and waiting at the admin rows' locks before either goes on.
    const second = await makeUser('second@example.com', 'admin');
    try {
      const results = await overlapping("SELECT id FROM users WHERE role = 'admin' FOR UPDATE", [], 2, () =>
        Promise.all(
          [adminId, second.id].map((id) =>
            t.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}`, headers: { cookie: id === adminId ? second.cookie : adminCookie }, payload: { role: 'user' } }),
          ),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().error.message).toBe(LAST_ADMIN_MESSAGE);
      const admins = await t.tdb.pool.query("SELECT count(*)::int AS n FROM users WHERE role = 'admin'");
      expect(admins.rows[0].n).toBe(1);
    } finally {
      // Restore even when an expectation failed: the boss is the admin again for the remaining tests.
      await t.tdb.pool.query("UPDATE users SET role = 'admin' WHERE id = $1", [adminId]);
      await t.tdb.pool.query("UPDATE users SET role = 'user' WHERE id = $1", [second.id]);
    }
  });
});

describe('data', () => {
  it('counts rows per table and per source', async () => {
    const res = await t.app.inject({ url: '/api/admin/data', headers: { cookie: adminCookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tables).toContainEqual({ table: 'communities', rows: (await counts()).c });
    expect(body.tables.map((t: { table: string }) => t.table)).toContain('lead_events');
    expect(body.sources).toContainEqual({ table: 'communities', source: 'generated', rows: 2 });
  });

  it('records the as-of date given with the upload, and refuses one that is not a date', async () => {
    const content = readFileSync(path.join(DATA, 'states/tx_hhsc_alf_sample.csv'));
    const bad = multipart({ kind: 'tx', asOf: '2021-13-01' }, { name: 'tx.csv', content });
    const refused = await t.app.inject({ method: 'POST', url: '/api/admin/imports', ...bad, headers: { ...bad.headers, cookie: adminCookie } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toContain("The as-of date '2021-13-01' is not a date");
    expect((await t.tdb.pool.query("SELECT count(*)::int AS n FROM communities WHERE source = 'tx'")).rows[0].n).toBe(0);
    const form = multipart({ kind: 'tx', asOf: '2021-06-15' }, { name: 'tx.csv', content });
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/imports', ...form, headers: { ...form.headers, cookie: adminCookie } });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await t.tdb.pool.query("SELECT DISTINCT source_kind, source_name, source_as_of::text AS as_of FROM communities WHERE source = 'tx'");
    expect(rows).toEqual([{ source_kind: 'state', source_name: 'Texas Health and Human Services Commission', as_of: '2021-06-15' }]);
  });

  it('imports a real Florida sample through the upload and shows it among the last imports', async () => {
    const before = await counts();
    const form = multipart({ kind: 'fl' }, { name: 'fl_ahca_alf_sample.csv', content: readFileSync(path.join(DATA, 'states/fl_ahca_alf_sample.csv')) });
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/imports', ...form, headers: { ...form.headers, cookie: adminCookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'fl', layout: 'fl', fileName: 'fl_ahca_alf_sample.csv', rowsRead: 250, inserted: 246, updated: 0, rejected: 4 });
    expect(res.json().rejections).toHaveLength(4);
    expect((await counts()).c).toBe(before.c + 246);
    const data = (await t.app.inject({ url: '/api/admin/data', headers: { cookie: adminCookie } })).json();
    expect(data.sources).toContainEqual({ table: 'communities', source: 'fl', rows: 246 });
    expect(data.imports[0]).toMatchObject({ kind: 'fl', fileName: 'fl_ahca_alf_sample.csv', status: 'ok', rowsRead: 250, inserted: 246, rejected: 4 });
    // Again (auto-detected, file field first): idempotent.
    const again = multipart({}, { name: 'fl.csv', content: readFileSync(path.join(DATA, 'states/fl_ahca_alf_sample.csv')) });
    const res2 = await t.app.inject({ method: 'POST', url: '/api/admin/imports', ...again, headers: { ...again.headers, cookie: adminCookie } });
    expect(res2.json()).toMatchObject({ kind: 'fl', inserted: 0, updated: 0, unchanged: 246 });
  });

  it('imports a licence list through the upload with state, agency and as-of, like npm run import -- licensed', async () => {
    const content = readFileSync(ROSTER);
    const upload = async (fields: Record<string, string>) => {
      const form = multipart(fields, { name: 'ri-roster-2026.csv', content });
      return t.app.inject({ method: 'POST', url: '/api/admin/imports', ...form, headers: { ...form.headers, cookie: adminCookie } });
    };
    const before = await counts();
    // Without a state the roster (no State column) is refused, naming the fix; nothing changes.
    const noState = await upload({ kind: 'licensed' });
    expect(noState.statusCode).toBe(422);
    expect(noState.json().error.message).toContain('no State column');
    for (const [fields, status, text] of [
      [{ kind: 'licensed', state: 'Rhode Island' }, 400, 'two-letter state code'],
      [{ kind: 'licensed', state: 'ZZ' }, 422, 'not one of the 50 US states'],
      [{ kind: 'licensed', state: 'RI', asOf: '2026-02-30' }, 422, "The as-of date '2026-02-30' is not a date"],
      [{ kind: 'fl', state: 'RI' }, 400, 'options of the licence-list importer'],
    ] as const) {
      const res = await upload(fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(status);
      expect(res.json().error.message).toContain(text);
    }
    const after = await counts();
    expect([after.c, after.o]).toEqual([before.c, before.o]);

    const fields = { kind: 'licensed', state: 'ri', source: 'Rhode Island Department of Health', asOf: '2026-03-01' };
    const res = await upload(fields);
    expect(res.statusCode, res.body).toBe(200);
    const rows = parseCsv(content.toString('utf8')).records.length;
    expect(res.json()).toMatchObject({ kind: 'licensed', fileName: 'ri-roster-2026.csv', rowsRead: rows, inserted: rows - 1, updated: 0, rejected: 1, delisted: 0 });
    expect(res.json().rejections).toEqual([{ line: 6, reason: 'missing city' }]);
    expect(res.json().mapped).toEqual(expect.arrayContaining(['city <- "town"', 'capacity <- "total_beds"']));
    const { rows: written } = await t.tdb.pool.query(
      "SELECT DISTINCT source_kind, source_name, source_as_of::text AS as_of, state FROM communities WHERE source = 'licensed-ri'",
    );
    expect(written).toEqual([{ source_kind: 'state', source_name: 'Rhode Island Department of Health', as_of: '2026-03-01', state: 'RI' }]);
    const data = (await t.app.inject({ url: '/api/admin/data', headers: { cookie: adminCookie } })).json();
    expect(data.imports[0]).toMatchObject({ kind: 'licensed', fileName: 'ri-roster-2026.csv', status: 'ok', inserted: rows - 1, rejected: 1 });
    // Again: idempotent.
    expect((await upload(fields)).json()).toMatchObject({ inserted: 0, updated: 0, unchanged: rows - 1, delisted: 0 });
  });

  it.each([
    ['a malformed file', 'auto', 'hello,world\n1,2\n', 422, 'Unrecognised file layout'],
    ['a binary file', 'auto', Buffer.from([0, 1, 2, 3, 0, 255, 0, 0, 9]), 422, 'Nothing was imported'],
    ['the wrong kind', 'tx', readFileSync(path.join(DATA, 'states/fl_ahca_alf_sample.csv')), 422, "This is a 'fl' file"],
    ['an unknown kind', 'xls', 'a,b\n', 400, 'kind must be one of'],
  ] as const)('answers %s with a clear error and changes nothing', async (_label, kind, content, status, text) => {
    const before = await counts();
    const form = multipart({ kind }, { name: 'bad.csv', content });
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/imports', ...form, headers: { ...form.headers, cookie: adminCookie } });
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toContain(text);
    const after = await counts();
    expect([after.c, after.o]).toEqual([before.c, before.o]);
  });

  it('answers a missing file with 400, JSON with 415 and an oversized file with 413', async () => {
    const none = multipart({ kind: 'fl' });
    const r1 = await t.app.inject({ method: 'POST', url: '/api/admin/imports', ...none, headers: { ...none.headers, cookie: adminCookie } });
    expect(r1.statusCode).toBe(400);
    expect(r1.json().error.message).toContain('Choose a non-empty CSV file');
    const r2 = await t.app.inject({ method: 'POST', url: '/api/admin/imports', headers: { cookie: adminCookie }, payload: { kind: 'fl' } });
    expect(r2.statusCode).toBe(415);
    const before = await counts();
    const big = multipart({ kind: 'fl' }, { name: 'big.csv', content: Buffer.alloc(20 * 1024 * 1024 + 10, 'a') });
    const r3 = await t.app.inject({ method: 'POST', url: '/api/admin/imports', ...big, headers: { ...big.headers, cookie: adminCookie } });
    expect(r3.statusCode).toBe(413);
    expect(r3.json().error.message).toContain('larger than 20 MB');
    expect(await counts()).toEqual(before);
  });
});
