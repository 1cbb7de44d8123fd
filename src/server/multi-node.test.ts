// Two app instances (two pools, as two nodes behind a load balancer) on one database: a client's
// rate limit is one limit across both, and each information request is e-mailed once although both
// nodes run the notifier.
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { createMailer } from './modules/notify/mailer';
import { dueLeadIds, processPendingNotifications, type NotifierDeps } from './modules/notify/notifier';
import { testEnv, useTwoNodes } from './test/db';

const LIMITS = { LEAD_RATE_LIMIT_MAX: '4', AUTH_RATE_LIMIT_MAX: '3' };

const t = useTwoNodes(LIMITS);

/** `n` JSON POSTs from one client, one after the other, alternately to node A and node B. */
async function postAlternately(n: number, url: string, remoteAddress: string, payload: (i: number) => object) {
  const responses = [];
  for (let i = 0; i < n; i++) {
    const node = i % 2 === 0 ? t.nodeA : t.nodeB;
    responses.push(await node.inject({ method: 'POST', url, remoteAddress, headers: { 'content-type': 'application/json' }, payload: payload(i) }));
  }
  return responses;
}

describe('rate limits shared by two app nodes', () => {
  it('counts information requests from one client on both nodes against one limit', async () => {
    const responses = await postAlternately(8, '/api/leads', '10.20.30.40', (i) => ({ name: `Shared ${i}`, email: `shared${i}@example.com` }));
    for (const res of responses) if (res.statusCode === 429) expect(res.json().error.code).toBe('RATE_LIMITED');
    const statuses = responses.map((r) => r.statusCode);
    // One limit of 4 across both nodes (each node on its own would have let all 8 through).
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429, 429, 429]);
    const { rows } = await t.tdb.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM leads WHERE email LIKE 'shared%'");
    expect(rows[0]!.n).toBe(4);
    // Another client still gets through on either node.
    const other = await t.nodeB.inject({
      method: 'POST',
      url: '/api/leads',
      remoteAddress: '10.20.30.41',
      headers: { 'content-type': 'application/json' },
      payload: { name: 'Other', email: 'other@example.com' },
    });
    expect(other.statusCode).toBe(201);
  });

  it('counts sign-in attempts on both nodes against one limit', async () => {
    const statuses = (await postAlternately(6, '/api/auth/login', '10.20.30.50', () => ({ email: 'nobody@example.com', password: 'wrong-password' }))).map((r) => r.statusCode);
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(3)).toEqual([429, 429, 429]);
  });
});

describe('the notifier on two app nodes', () => {
  it('e-mails each information request exactly once', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        // A slow server widens the window in which both nodes look at the same due leads.
        stream.on('end', () =>
          setTimeout(() => {
            received.push(Buffer.concat(chunks).toString('utf8'));
            callback();
          }, 15),
        );
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    try {
      const env = testEnv({ SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, ADVISOR_EMAILS: 'ann@advisors.example' });
      const deps = (pool: typeof t.poolB): NotifierDeps => {
        const log = Fastify({ logger: false }).log;
        return { pool, env, log, mailer: createMailer(env, log) };
      };
      const a = deps(t.tdb.pool);
      const b = deps(t.poolB);
      await t.tdb.pool.query('DELETE FROM leads');
      const names = Array.from({ length: 30 }, (_, i) => `Twice Tested ${String(i).padStart(2, '0')}`);
      await t.tdb.pool.query(`INSERT INTO leads (name, email) SELECT n, 'twice@example.com' FROM unnest($1::text[]) AS n`, [names]);

      // Both nodes work through the queue at the same time until nothing is due.
      const drain = async (d: NotifierDeps) => {
        while ((await dueLeadIds(d.pool)).length > 0) await processPendingNotifications(d);
      };
      await Promise.all([drain(a), drain(b), drain(a), drain(b)]);
      a.mailer.close();
      b.mailer.close();

      const subjects = received.map((raw) => /Subject: New information request from (Twice Tested \d+)/.exec(raw)?.[1]);
      expect(subjects.sort()).toEqual(names);
      const { rows } = await t.tdb.pool.query<{ notification_status: string; notification_attempts: number }>(
        'SELECT notification_status, notification_attempts FROM leads',
      );
      expect(rows).toHaveLength(30);
      for (const r of rows) expect(r).toEqual({ notification_status: 'sent', notification_attempts: 1 });
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  }, 60_000);
});
