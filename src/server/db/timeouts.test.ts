// A frozen database (it accepts connections and bytes but never answers) through a TCP proxy that can
// freeze: requests get 503 DATABASE_UNAVAILABLE within the configured timeouts instead of hanging, and
// a lead whose request failed is not stored later when the database wakes up; its retry with the same
// Idempotency-Key is stored once.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestDatabase, testEnv, type TestDatabase } from '../test/db';
import type { App } from '../types';
import { createPool, wrapPool } from './client';

/** Forwards TCP to PostgreSQL; while frozen it holds every byte in both directions (and new connections). */
class FreezableProxy {
  frozen = false;
  port = 0;
  private readonly server: net.Server;
  private readonly held: Array<() => void> = [];
  private readonly sockets = new Set<net.Socket>();

  constructor(private readonly target: { host: string; port: number }) {
    this.server = net.createServer((client) => this.accept(client));
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  private hold(fn: () => void): void {
    if (this.frozen) this.held.push(fn);
    else fn();
  }

  private accept(client: net.Socket): void {
    this.sockets.add(client);
    client.on('error', () => {});
    this.hold(() => {
      const upstream = net.connect(this.target.port, this.target.host);
      this.sockets.add(upstream);
      upstream.on('error', () => client.destroy());
      client.on('data', (d) => this.hold(() => upstream.write(d)));
      upstream.on('data', (d) => this.hold(() => client.write(d)));
      client.on('close', () => this.hold(() => upstream.end()));
      upstream.on('close', () => this.hold(() => client.destroy()));
    });
  }

  freeze(): void {
    this.frozen = true;
  }

  thaw(): void {
    this.frozen = false;
    for (const fn of this.held.splice(0)) fn();
  }

  async stop(): Promise<void> {
    this.thaw();
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

let tdb: TestDatabase;
let proxy: FreezableProxy;
let app: App;
let appPool: ReturnType<typeof createPool>;
let communityId: number;

beforeAll(async () => {
  tdb = await createTestDatabase();
  const target = new URL(tdb.url);
  proxy = new FreezableProxy({ host: target.hostname, port: Number(target.port) });
  await proxy.start();
  const viaProxy = new URL(tdb.url);
  viaProxy.port = String(proxy.port);
  appPool = createPool(viaProxy.toString(), 5, { timeouts: { connectMs: 1_500, queryMs: 2_000, statementMs: 1_500 } });
  app = await buildApp({ pool: appPool, db: wrapPool(appPool), env: testEnv({ LEAD_RATE_LIMIT_MAX: '1000' }), serveClient: false });
  await app.ready();
  const c = await tdb.pool.query<{ id: number }>("INSERT INTO communities (name, city, state, source_id) VALUES ('Frozen Pines', 'Austin', 'TX', 'f1') RETURNING id");
  communityId = c.rows[0]!.id;
});

afterAll(async () => {
  await app?.close();
  await proxy?.stop();
  await appPool?.end().catch(() => {});
  await tdb?.drop();
});

const postLead = (key: string) =>
  app.inject({
    method: 'POST',
    url: '/api/leads',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    payload: { name: 'Frozen Requester', email: 'frozen@example.com', communityId },
  });

const stored = async (key: string) =>
  (await tdb.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM leads WHERE idempotency_key = $1', [key])).rows[0]!.n;

describe('a frozen database', () => {
  it('answers requests with 503 DATABASE_UNAVAILABLE instead of hanging, and serves again when it wakes', async () => {
    // Warm: the pool holds open connections, which a freeze leaves dangling mid-conversation.
    expect((await app.inject({ url: `/api/health/probe?id=${communityId}` })).json()).toEqual({ id: communityId });
    proxy.freeze();
    try {
      const [probe, detail] = await Promise.all([
        app.inject({ url: `/api/health/probe?id=${communityId}` }),
        app.inject({ url: `/api/communities/${communityId}` }),
      ]);
      for (const res of [probe, detail]) {
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ error: { code: 'DATABASE_UNAVAILABLE', message: expect.stringContaining('database is unavailable') } });
        expect(res.headers['retry-after']).toBe('5');
      }
      const health = await app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'degraded', database: 'down' });
    } finally {
      proxy.thaw();
    }
    await expect
      .poll(async () => (await app.inject({ url: `/api/health/probe?id=${communityId}` })).statusCode, { timeout: 15_000, interval: 200 })
      .toBe(200);
  }, 60_000);

  it('does not store later a lead whose request failed; its retry with the same key is stored once', async () => {
    const key = 'frozen-lead-0001';
    proxy.freeze();
    let failed;
    try {
      failed = await postLead(key);
    } finally {
      proxy.thaw();
    }
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error.code).toBe('DATABASE_UNAVAILABLE');
    // The held bytes reach the database now; whatever they were, no lead may appear.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await stored(key)).toBe(0);
    await expect.poll(async () => (await postLead(key)).statusCode, { timeout: 15_000, interval: 200 }).toBe(201);
    const repeat = await postLead(key);
    expect(repeat.statusCode).toBe(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(await stored(key)).toBe(1);
  }, 60_000);
});
