// The e-mail path against a real SMTP server started here on 127.0.0.1 (smtp-server).
import { createServer, type AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, testEnv, type TestDatabase } from '../../test/db';
import { createCommunity, createSignedInUser } from '../../test/factories';
import type { App } from '../../types';
import { createMailer } from './mailer';
import { dueLeadIds, MAX_NOTIFY_ATTEMPTS, processPendingNotifications, setupNotifier, type NotifierDeps } from './notifier';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

class FakeSmtp {
  server!: SMTPServer;
  port = 0;
  received: Received[] = [];
  /** While set, every recipient is refused with this message. */
  refuse: string | null = null;

  async start() {
    this.server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo: (address: SMTPServerAddress, _session, callback) => {
        if (this.refuse) return callback(Object.assign(new Error(this.refuse), { responseCode: 550 }));
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** Unfolds quoted-printable soft line breaks so the body can be searched. */
const body = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

let tdb: TestDatabase;
let smtp: FakeSmtp;
let communityId: number;
const apps: App[] = [];

function deps(overrides: Record<string, string>): NotifierDeps {
  const env = testEnv(overrides);
  const log = Fastify({ logger: false }).log;
  return { pool: tdb.pool, env, log, mailer: createMailer(env, log) };
}

async function newLead(name = 'Jane Requester'): Promise<number> {
  const { rows } = await tdb.pool.query<{ id: number }>(
    `INSERT INTO leads (name, email, phone, community_id, care_needs, notes)
     VALUES ($1, 'jane@example.com', '(512) 555-0101', $2, ARRAY['Memory Care','Assisted Living'], 'Mom wanders at night') RETURNING id`,
    [name, communityId],
  );
  return rows[0]!.id;
}

const leadRow = async (id: number) =>
  (await tdb.pool.query('SELECT status, name, notification_status, notification_attempts, notification_error, notified_at FROM leads WHERE id = $1', [id])).rows[0];

beforeAll(async () => {
  tdb = await createTestDatabase();
  smtp = new FakeSmtp();
  await smtp.start();
  communityId = await createCommunity(tdb.pool, { name: 'Maple Grove', sourceId: 'm1', email: 'info@maplegrove.example' });
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await smtp.stop();
  await tdb.drop();
});
beforeEach(async () => {
  smtp.received = [];
  smtp.refuse = null;
  await tdb.pool.query('DELETE FROM leads');
});
afterEach(() => {
  smtp.refuse = null;
});

describe('lead notifications over SMTP', () => {
  it('mails the advisors through a real SMTP conversation and marks the lead sent', async () => {
    const d = deps({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ADVISOR_EMAILS: 'ann@advisors.example, bob@advisors.example', MAIL_FROM: 'Desk <desk@example.com>' });
    const id = await newLead();
    expect(await processPendingNotifications(d)).toEqual({ sent: 1, logged: 0, failed: 0, skipped: 0 });
    d.mailer.close();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.from).toBe('desk@example.com');
    expect(mail.to).toEqual(['ann@advisors.example', 'bob@advisors.example']);
    expect(mail.raw).toMatch(/Subject: New information request from Jane Requester for Maple\s+Grove/);
    const text = body(mail.raw);
    expect(text).toContain('Requester: Jane Requester');
    expect(text).toContain('jane@example.com');
    expect(text).toContain('Maple Grove (Austin, TX)');
    expect(text).toContain('Memory Care, Assisted Living');
    expect(text).toContain('Mom wanders at night');
    expect(text).toContain('within 24 hours');
    const row = await leadRow(id);
    expect(row).toMatchObject({ status: 'new', notification_status: 'sent', notification_attempts: 1, notification_error: null });
    expect(row.notified_at).toBeInstanceOf(Date);
    // Nothing is due any more: no second mail.
    expect(await dueLeadIds(tdb.pool)).toEqual([]);
  });

  it('copies the community when NOTIFY_COMMUNITIES=true and it has an e-mail address', async () => {
    const d = deps({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ADVISOR_EMAILS: 'ann@advisors.example', NOTIFY_COMMUNITIES: 'true' });
    await newLead();
    await processPendingNotifications(d);
    d.mailer.close();
    expect(smtp.received[0]!.to).toEqual(['ann@advisors.example', 'info@maplegrove.example']);
  });

  it('records a refused message as failed with the error, keeps the lead, and a retry succeeds once the server works', async () => {
    const d = deps({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ADVISOR_EMAILS: 'ann@advisors.example' });
    const id = await newLead();
    smtp.refuse = 'Mailbox unavailable';
    expect(await processPendingNotifications(d)).toMatchObject({ failed: 1 });
    let row = await leadRow(id);
    expect(row).toMatchObject({ status: 'new', name: 'Jane Requester', notification_status: 'failed', notification_attempts: 1 });
    expect(row.notification_error).toContain('Mailbox unavailable');
    // Backoff: not due right after the failure, due a minute later.
    expect(await dueLeadIds(tdb.pool)).toEqual([]);
    await tdb.pool.query("UPDATE leads SET notified_at = now() - interval '61 seconds' WHERE id = $1", [id]);
    expect(await dueLeadIds(tdb.pool)).toEqual([id]);
    smtp.refuse = null;
    expect(await processPendingNotifications(d)).toMatchObject({ sent: 1 });
    d.mailer.close();
    row = await leadRow(id);
    expect(row).toMatchObject({ notification_status: 'sent', notification_attempts: 2, notification_error: null });
    expect(smtp.received).toHaveLength(1);
  });

  it('records a connection failure (closed port) and stops retrying after the last attempt', async () => {
    const d = deps({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, ADVISOR_EMAILS: 'ann@advisors.example' });
    const id = await newLead();
    await processPendingNotifications(d);
    d.mailer.close();
    const row = await leadRow(id);
    expect(row.notification_status).toBe('failed');
    expect(row.notification_error).toMatch(/ECONNREFUSED|connect/i);
    await tdb.pool.query("UPDATE leads SET notification_attempts = $2, notified_at = now() - interval '1 day' WHERE id = $1", [id, MAX_NOTIFY_ATTEMPTS]);
    expect(await dueLeadIds(tdb.pool)).toEqual([]);
  });

  it('without SMTP_URL logs that request #id was not e-mailed, never its personal data, and marks it logged', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'trace', stream: { write: (l: string) => lines.push(l) } } });
    const env = testEnv({ ADVISOR_EMAILS: 'ann@advisors.example' });
    const d: NotifierDeps = { pool: tdb.pool, env, log: app.log, mailer: createMailer(env, app.log) };
    const id = await newLead();
    expect(await processPendingNotifications(d)).toMatchObject({ logged: 1 });
    expect((await leadRow(id)).notification_status).toBe('logged');
    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.leadId === id);
    expect(logged.msg).toContain(`request #${id}`);
    // Name, e-mail, phone and notes of the requester appear nowhere in the log, at any level.
    const all = lines.join('\n');
    for (const personal of ['Jane Requester', 'jane@example.com', '555-0101', 'Mom wanders at night']) expect(all).not.toContain(personal);
    // The mailer itself, asked to send without SMTP, does not log the message either.
    lines.length = 0;
    await d.mailer.send({ to: ['ann@advisors.example'], subject: 'New information request from Jane Requester', text: 'E-mail: jane@example.com' });
    expect(lines.join('\n')).not.toMatch(/Jane Requester|jane@example\.com/);
    await app.close();
  });

  it('runs as a worker from onReady until onClose', async () => {
    const app = Fastify({ logger: false });
    const n = setupNotifier(app as unknown as App, { pool: tdb.pool, env: testEnv({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ADVISOR_EMAILS: 'ann@advisors.example' }), worker: true, intervalMs: 50 });
    expect(n.mailer.kind).toBe('smtp');
    const id = await newLead();
    await app.ready();
    await expect.poll(async () => (await leadRow(id)).notification_status, { timeout: 5000 }).toBe('sent');
    await app.close();
    const later = await newLead('After Close');
    await new Promise((r) => setTimeout(r, 200));
    expect((await leadRow(later)).notification_status).toBe('pending');
  });
});

describe('through the app', () => {
  it('answers POST /api/leads at once even when SMTP is down; the failure shows in the inbox; Retry sends it when SMTP is back', async () => {
    const app = await buildTestApp(tdb, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ADVISOR_EMAILS: 'ann@advisors.example' });
    apps.push(app);
    const { cookie } = await createSignedInUser(tdb.pool, { email: 'desk@example.com', role: 'admin' });
    smtp.refuse = 'Temporarily unavailable';
    const posted = await app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: { name: 'Via App', email: 'via@example.com', communityId, careNeeds: ['Memory Care'] },
    });
    expect(posted.statusCode).toBe(201);
    const id = posted.json().id as number;
    expect((await leadRow(id)).notification_status).toBe('pending');
    const env = testEnv({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ADVISOR_EMAILS: 'ann@advisors.example' });
    const d: NotifierDeps = { pool: tdb.pool, env, log: app.log, mailer: createMailer(env, app.log) };
    await processPendingNotifications(d);
    d.mailer.close();
    const inbox = (await app.inject({ url: '/api/leads', headers: { cookie } })).json();
    expect(inbox.leads[0]).toMatchObject({ id, notification: { status: 'failed', attempts: 1, error: expect.stringContaining('Temporarily unavailable') } });
    smtp.refuse = null;
    const retry = await app.inject({ method: 'POST', url: `/api/admin/leads/${id}/notify`, headers: { cookie } });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ id, notification: { status: 'sent', attempts: 2, error: null } });
    expect(smtp.received.map((m) => m.to)).toEqual([['ann@advisors.example']]);
    const again = await app.inject({ method: 'POST', url: `/api/admin/leads/${id}/notify`, headers: { cookie } });
    expect(again.statusCode).toBe(409);
    expect((await app.inject({ method: 'POST', url: '/api/admin/leads/999999/notify', headers: { cookie } })).statusCode).toBe(404);
  });
});
