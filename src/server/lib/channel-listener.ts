// A connection of its own that LISTENs on PostgreSQL notification channels (ADR 026, ADR 031): the in-memory
// indexes rebuild on what it hears, the session cache forgets on it. A lost connection is opened again, first
// after `reconnectMs` and twice as long after each next failure (up to 30 s). Notifications sent while it was
// down are lost, so the owner is told when it is lost and when it listens again (and must assume anything changed).
import type pg from 'pg';

export interface ChannelListenerOptions {
  /** For log lines ("search index: the change listener failed"). */
  name: string;
  /** Constant identifiers, never user input. */
  channels: readonly string[];
  /** First wait before opening a lost listening connection again (doubles up to 30 s). */
  reconnectMs?: number;
  logError?: (msg: string, err: unknown) => void;
  onNotification: (msg: pg.Notification) => void;
  /** LISTEN succeeded on every channel: from now on every change is heard (anything before may have been missed). */
  onListening: () => void;
  /** The connection failed or was cut off: changes are not heard until onListening again. */
  onLost?: () => void;
}

export class ChannelListener {
  private client: pg.PoolClient | null = null;
  private closed = false;
  private readonly failed = new WeakSet<pg.PoolClient>();
  private reconnectDelay: number;
  private readonly baseReconnectMs: number;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: ChannelListenerOptions,
  ) {
    this.baseReconnectMs = options.reconnectMs ?? 1000;
    this.reconnectDelay = this.baseReconnectMs;
  }

  /** True while a connection listens on every channel. */
  get listening(): boolean {
    return this.client !== null;
  }

  start(): void {
    void this.listen();
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    if (!client) return;
    client.removeAllListeners('notification');
    try {
      for (const channel of this.options.channels) await client.query(`UNLISTEN ${channel}`);
      client.release();
    } catch (err) {
      client.release(err as Error);
    }
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    let client: pg.PoolClient | null = null;
    try {
      client = await this.pool.connect();
      const c = client;
      c.on('notification', (msg) => {
        if (this.client === c && this.options.channels.includes(msg.channel)) this.options.onNotification(msg);
      });
      c.on('error', (err) => this.lost(c, err));
      for (const channel of this.options.channels) await c.query(`LISTEN ${channel}`);
      if (this.closed) {
        c.release();
        return;
      }
      this.client = c;
      this.reconnectDelay = this.baseReconnectMs;
      this.options.onListening();
    } catch (err) {
      if (client) this.lost(client, err);
      else this.retry(err);
    }
  }

  private lost(client: pg.PoolClient, err: unknown): void {
    // Once per connection (its 'error' event and a failed LISTEN can both report it).
    if (this.failed.has(client)) return;
    this.failed.add(client);
    const wasListening = this.client === client;
    if (wasListening) this.client = null;
    client.removeAllListeners('notification');
    try {
      client.release(err instanceof Error ? err : new Error(String(err)));
    } catch {
      // already released
    }
    if (wasListening) this.options.onLost?.();
    this.retry(err);
  }

  private retry(err: unknown): void {
    if (this.closed) return;
    this.options.logError?.(`${this.options.name}: the change listener failed; listening again`, err);
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, 30_000);
    setTimeout(() => void this.listen(), delay).unref();
  }
}
