// The session cache (ADR 031): who a session cookie belongs to, kept in memory so that a signed-in request does not
// wait on a PostgreSQL statement before its own work (it was the one statement left in the market rows, ~10% of
// their main thread). PostgreSQL stays the source of truth:
// - Every node LISTENs on `session_users` (migration 0028): a changed or removed session or user sends its user's
//   id, and the node forgets that user's sessions; TRUNCATE sends '*'.
// - While the listening connection is down nothing is read from or put in the cache (notifications are lost then),
//   and it is emptied when listening starts again.
// - A lookup that started before a change was heard does not store its (maybe older) answer: `epoch`.
// - Requests that may change users or sessions on this node (sign-in, sign-out, password reset, verification,
//   the admin's user changes: changesSessions) read from PostgreSQL and empty the cache before their answer is sent,
//   so the next request of the same browser never sees what was true before.
// - An entry is fresh for `ttlMs` at most, and never past its session's own expiry.
// What other nodes (or SQL run by hand) change is seen once the notification arrives, usually within milliseconds.
import type pg from 'pg';
import type { Env } from '../../env';
import { ChannelListener } from '../../lib/channel-listener';
import { hashToken, selectSession, toSessionUser, validToken, type SessionUser } from './session';

export const SESSION_USERS_CHANNEL = 'session_users';

/** SESSION_CACHE: on unless set off; off by default under NODE_ENV=test (see env.ts). */
export function sessionCacheEnabled(env: Pick<Env, 'SESSION_CACHE' | 'NODE_ENV'>): boolean {
  if (env.SESSION_CACHE === undefined) return env.NODE_ENV !== 'test';
  return env.SESSION_CACHE === 'true' || env.SESSION_CACHE === '1';
}

/** Writes under these paths may change a user or a session: sign-up, sign-in and out, verification, password reset, the admin's user changes. */
const WRITES = /^\/api\/(auth|admin)\//;
/** And these GETs: the single sign-on callback (signs in, may verify the e-mail address) and the sign-out link. */
const WRITING_GETS = /^\/api\/(login\/callback|logout)(\?|$)/;

/** Whether a request may change users or sessions: it reads PostgreSQL, and the cache is emptied after it. */
export function changesSessions(method: string, url: string): boolean {
  return method === 'GET' || method === 'HEAD' ? WRITING_GETS.test(url) : WRITES.test(url);
}

interface Entry {
  user: SessionUser;
  /** The session's expiry (ms since the epoch). */
  expiresAt: number;
  freshUntil: number;
}

export interface SessionCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  logError?: (msg: string, err: unknown) => void;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly listener: ChannelListener;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  /** Bumped by every forget: a lookup begun under an older epoch does not store. */
  private epoch = 0;
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    private readonly pool: pg.Pool,
    options: SessionCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.listener = new ChannelListener(pool, {
      name: 'session cache',
      channels: [SESSION_USERS_CHANNEL],
      logError: options.logError,
      onNotification: (msg) => {
        const id = Number(msg.payload);
        if (msg.payload === '*' || !Number.isSafeInteger(id)) this.clear();
        else this.forgetUser(id);
      },
      onListening: () => this.clear(),
      onLost: () => this.clear(),
    });
  }

  start(): void {
    this.listener.start();
  }

  close(): Promise<void> {
    this.clear();
    return this.listener.close();
  }

  /** Whether the cache is in use (its change listener is connected). */
  get active(): boolean {
    return this.listener.listening;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The signed-in user of a session token, or null (unknown, expired or too long a token). */
  async lookup(token: string | undefined, useCache = true): Promise<SessionUser | null> {
    if (!validToken(token)) return null;
    const id = hashToken(token);
    const cached = useCache && this.active ? this.entries.get(id) : undefined;
    if (cached) {
      const now = Date.now();
      if (cached.freshUntil > now && cached.expiresAt > now) {
        this.stats.hits++;
        return cached.user;
      }
      this.entries.delete(id);
    }
    this.stats.misses++;
    const epoch = this.epoch;
    const r = await selectSession(this.pool, id);
    if (!r) return null;
    const user = toSessionUser(r);
    if (useCache && this.active && epoch === this.epoch) this.store(id, { user, expiresAt: r.expires_at.getTime(), freshUntil: Date.now() + this.ttlMs });
    return user;
  }

  forgetUser(userId: number): void {
    this.epoch++;
    for (const [id, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(id);
  }

  clear(): void {
    this.epoch++;
    this.entries.clear();
  }

  private store(id: string, entry: Entry): void {
    this.entries.delete(id);
    this.entries.set(id, entry);
    // The oldest stored first (Map order).
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
