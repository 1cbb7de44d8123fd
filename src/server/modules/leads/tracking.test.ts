// Requests the family can follow (issue 16, ADR 023): consent recorded with the request, a receipt with
// a private link, the status visible only through that link or the owner's session, withdrawal.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestDatabase, testEnv, type TestDatabase } from '../../test/db';
import { createCommunity, createSignedInUser, nextTestAddress } from '../../test/factories';
import type { App } from '../../types';
import { hashStatusToken } from './leads.service';
import { receiptMessage } from './receipt';

let tdb: TestDatabase;
let app: App;
let communityId: number;
let adminCookie: string;
const logLines: string[] = [];

function call(method: 'GET' | 'POST', url: string, opts: { cookie?: string; payload?: unknown } = {}) {
  return app.inject({
    method,
    url,
    remoteAddress: nextTestAddress(8),
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...(opts.payload !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(opts.payload !== undefined ? { payload: JSON.stringify(opts.payload) } : {}),
  });
}

const user = (email: string) => createSignedInUser(tdb.pool, { email });

const lead = (over: Record<string, unknown> = {}) => ({ name: 'Jane Doe', email: 'jane@example.com', phone: '(512) 555-0101', communityId, ...over });

async function send(over: Record<string, unknown> = {}, cookie?: string) {
  const res = await call('POST', '/api/leads', { payload: lead(over), ...(cookie ? { cookie } : {}) });
  expect(res.statusCode).toBe(201);
  const body = res.json();
  return { id: body.id as number, statusUrl: body.statusUrl as string, token: (body.statusUrl as string).split('#')[1]! };
}

const track = (token: string) => call('POST', '/api/requests/track', { payload: { token } });
const move = (id: number, status: string) => call('POST', `/api/admin/leads/${id}/status`, { cookie: adminCookie, payload: { status } });

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildApp({
    pool: tdb.pool,
    db: tdb.db,
    env: testEnv({ LOG_LEVEL: 'info' }),
    serveClient: false,
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  });
  await app.ready();
  communityId = await createCommunity(tdb.pool, { name: 'Maple Grove', sourceId: 't1' });
  adminCookie = (await createSignedInUser(tdb.pool, { email: 'desk@example.com', role: 'admin' })).cookie;
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});
beforeEach(async () => {
  await tdb.pool.query('DELETE FROM leads');
});

describe('consent', () => {
  it('records explicit consent to calls and texts with the request, unticked unless sent', async () => {
    const none = await send();
    const both = await send({ consentCall: true, consentText: true });
    const callOnly = await send({ consentCall: true });
    const { rows } = await tdb.pool.query('SELECT id, consent_call, consent_text FROM leads ORDER BY id');
    expect(rows).toEqual([
      { id: none.id, consent_call: false, consent_text: false },
      { id: both.id, consent_call: true, consent_text: true },
      { id: callOnly.id, consent_call: true, consent_text: false },
    ]);
    const desk = (await call('GET', `/api/admin/leads/${both.id}`, { cookie: adminCookie })).json();
    expect(desk.consent).toEqual({ call: true, text: true });
  });

  it('refuses a consent that is not true or false', async () => {
    const res = await call('POST', '/api/leads', { payload: lead({ consentCall: 'yes' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('consentCall');
  });
});

describe('the private status link', () => {
  it('is a random token of which only the hash is stored', async () => {
    const a = await send();
    const b = await send();
    expect(a.statusUrl).toMatch(/^\/requests\/track#[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    const { rows } = await tdb.pool.query('SELECT status_token_hash FROM leads WHERE id = $1', [a.id]);
    expect(rows[0].status_token_hash).toBe(hashStatusToken(a.token));
    expect(JSON.stringify(rows)).not.toContain(a.token);
  });

  it('is sent as the receipt (logged without SMTP: the link only, no address or name)', async () => {
    const mark = logLines.length;
    const { token } = await send({ name: 'Receipt Person', email: 'receipt@example.com' });
    let line: string | undefined;
    for (let i = 0; i < 50 && !line; i++) {
      line = logLines.slice(mark).find((l) => l.includes('request status link'));
      if (!line) await new Promise((r) => setTimeout(r, 20));
    }
    expect(line).toContain(`/requests/track#${token}`);
    expect(line).not.toContain('receipt@example.com');
    expect(line).not.toContain('Receipt Person');
  });

  it('the receipt says who receives the request, the 24-hour promise, the consent and the link', () => {
    const m = receiptMessage(
      { to: 'j@example.com', name: 'Jane', communityName: 'Maple Grove', consentCall: true, consentText: false, statusPath: '/requests/track#x' },
      'https://example.org/requests/track#x',
    );
    expect(m.subject).toBe('We received your information request about Maple Grove');
    expect(m.text).toContain('the care advisor team of this site; we will not share your details with other communities without asking you');
    expect(m.text).toContain('within 24 hours');
    expect(m.text).toContain('You allowed the advisor to call you.');
    expect(m.text).toContain('https://example.org/requests/track#x');
  });

  it('shows the status, the clock and the history, following the desk', async () => {
    const { id, token } = await send({ careNeeds: ['Memory Care'], consentText: true });
    const first = await track(token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const s = first.json();
    expect(s).toMatchObject({ id, status: 'new', statusLabel: 'Received', community: { id: communityId, name: 'Maple Grove' }, careNeeds: ['Memory Care'], consentCall: false, consentText: true, respondedAt: null, overdue: false, canWithdraw: true });
    expect(new Date(s.dueAt).getTime() - new Date(s.createdAt).getTime()).toBe(24 * 3_600_000);

    expect((await move(id, 'contacted')).statusCode).toBe(200);
    const contacted = (await track(token)).json();
    expect(contacted).toMatchObject({ status: 'contacted', statusLabel: 'An advisor contacted you' });
    expect(contacted.respondedAt).not.toBeNull();
    expect((await move(id, 'tour_scheduled')).statusCode).toBe(200);
    const visit = (await track(token)).json();
    expect(visit.statusLabel).toBe('Visit scheduled');
    expect(visit.history.map((h: { label: string }) => h.label)).toEqual(['Received', 'An advisor contacted you', 'Visit scheduled']);
    // The desk's notes and names never reach the family.
    expect(JSON.stringify(visit)).not.toContain('desk@example.com');
  });

  it('reports an overdue request (still received after 24 hours)', async () => {
    const { id, token } = await send();
    await tdb.pool.query("UPDATE leads SET created_at = now() - interval '25 hours' WHERE id = $1", [id]);
    expect((await track(token)).json()).toMatchObject({ status: 'new', overdue: true });
  });

  it('answers an unknown or malformed token with the same 404 / 400 and never another request', async () => {
    await send();
    const unknown = await track('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toContain('not valid');
    expect((await track('short')).statusCode).toBe(400);
    expect((await call('POST', '/api/requests/track', { payload: {} })).statusCode).toBe(400);
  });
});

describe('My requests (the owner\'s session)', () => {
  it('lists the signed-in owner\'s requests only', async () => {
    const owner = await user(`owner${Date.now()}@example.com`);
    const other = await user(`other${Date.now()}@example.com`);
    const mine = await send({}, owner.cookie);
    await send({}, other.cookie);
    await send();
    const res = await call('GET', '/api/my/requests', { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().requests.map((r: { id: number }) => r.id)).toEqual([mine.id]);
    expect((await call('GET', '/api/my/requests')).statusCode).toBe(401);
  });

  it('another user cannot read or withdraw a request by its id', async () => {
    const owner = await user(`o2${Date.now()}@example.com`);
    const other = await user(`x2${Date.now()}@example.com`);
    const { id } = await send({}, owner.cookie);
    const res = await call('POST', `/api/my/requests/${id}/withdraw`, { cookie: other.cookie });
    expect(res.statusCode).toBe(404);
    expect((await tdb.pool.query('SELECT status FROM leads WHERE id = $1', [id])).rows[0].status).toBe('new');
  });
});

describe('withdrawing', () => {
  it('through the link: the desk sees it, cannot move it on, and it leaves the open inbox', async () => {
    const { id, token } = await send();
    const res = await call('POST', '/api/requests/track/withdraw', { payload: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'withdrawn', statusLabel: 'Withdrawn by you', canWithdraw: false });
    expect(res.json().withdrawnAt).not.toBeNull();
    const desk = (await call('GET', `/api/admin/leads/${id}`, { cookie: adminCookie })).json();
    expect(desk).toMatchObject({ status: 'withdrawn', nextStatuses: [] });
    expect(desk.withdrawnAt).not.toBeNull();
    expect(desk.events.at(-1)).toMatchObject({ fromStatus: 'new', toStatus: 'withdrawn', note: 'Withdrawn by the family' });
    const refused = await move(id, 'contacted');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('withdrew');
    const open = (await call('GET', '/api/leads?status=open', { cookie: adminCookie })).json();
    expect(open.leads.map((l: { id: number }) => l.id)).not.toContain(id);
    const withdrawn = (await call('GET', '/api/leads?status=withdrawn', { cookie: adminCookie })).json();
    expect(withdrawn.leads.map((l: { id: number }) => l.id)).toEqual([id]);
    // Twice is a 409.
    expect((await call('POST', '/api/requests/track/withdraw', { payload: { token } })).statusCode).toBe(409);
  });

  it('through My requests, from a status the desk set', async () => {
    const owner = await user(`w${Date.now()}@example.com`);
    const { id } = await send({}, owner.cookie);
    await move(id, 'contacted');
    const res = await call('POST', `/api/my/requests/${id}/withdraw`, { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().history.map((h: { status: string }) => h.status)).toEqual(['new', 'contacted', 'withdrawn']);
  });

  it('a closed request cannot be withdrawn', async () => {
    const { id, token } = await send();
    await move(id, 'closed');
    const res = await call('POST', '/api/requests/track/withdraw', { payload: { token } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('closed');
  });
});

describe('the receipt over SMTP', () => {
  let smtp: SMTPServer;
  let port = 0;
  const received: Array<{ to: string[]; raw: string }> = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  /** Quoted-printable soft breaks unfolded. */
  const body = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

  async function sendWith(env: Record<string, string>) {
    const mailApp = await buildApp({ pool: tdb.pool, db: tdb.db, env: testEnv({ SMTP_URL: `smtp://127.0.0.1:${port}`, ...env }), serveClient: false });
    await mailApp.ready();
    try {
      received.length = 0;
      const res = await mailApp.inject({
        method: 'POST',
        url: '/api/leads',
        remoteAddress: '10.66.0.1',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(lead({ email: 'family@example.com', consentText: true })),
      });
      expect(res.statusCode).toBe(201);
      for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(received).toHaveLength(1);
      return { mail: received[0]!, token: (res.json().statusUrl as string).split('#')[1]! };
    } finally {
      await mailApp.close();
    }
  }

  it('mails the requester the notice, the promise, the consent and the PUBLIC_URL link', async () => {
    const { mail, token } = await sendWith({ PUBLIC_URL: 'https://seniorscope.example' });
    expect(mail.to).toEqual(['family@example.com']);
    const text = body(mail.raw);
    expect(text).toContain('Subject: We received your information request about Maple Grove');
    expect(text).toContain('we will not share your details with other communities without asking you');
    expect(text).toContain('You allowed the advisor to text you.');
    expect(text).toContain(`https://seniorscope.example/requests/track#${token}`);
  });

  it('without PUBLIC_URL sends the receipt without a link (the Host header is the sender\'s choice)', async () => {
    const { mail, token } = await sendWith({});
    const text = body(mail.raw);
    expect(text).toContain('within 24 hours');
    expect(text).not.toContain(token);
    expect(text).toContain('My requests');
  });
});
