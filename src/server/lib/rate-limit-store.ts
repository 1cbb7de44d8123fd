// A @fastify/rate-limit store in PostgreSQL, so that every app node on one database counts against the
// same limit (an in-process store lets N nodes allow N times the limit). Fixed windows like the
// plugin's LocalStore, timed by the database clock (shared by all nodes). The table is UNLOGGED:
// counters of the current window are worthless after a crash (docs/decisions/011).
import type pg from 'pg';

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

interface RouteInfo {
  method?: string | string[];
  url?: string;
}

/** One in this many increments also deletes long-expired counters (cheap, index on expires_at). */
const SWEEP_EVERY = 200;

const INCR_SQL = `
INSERT INTO rate_limits AS r (key, count, expires_at)
VALUES ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
ON CONFLICT (key) DO UPDATE
   SET count = CASE WHEN r.expires_at <= now() THEN 1 ELSE r.count + 1 END,
       expires_at = CASE WHEN r.expires_at <= now() THEN EXCLUDED.expires_at ELSE r.expires_at END
RETURNING count, GREATEST(0, ceil(extract(epoch FROM (expires_at - now())) * 1000))::int AS ttl`;

const READ_SQL = `
SELECT count, GREATEST(0, ceil(extract(epoch FROM (expires_at - now())) * 1000))::int AS ttl
  FROM rate_limits WHERE key = $1 AND expires_at > now()`;

/** Returns the store class @fastify/rate-limit instantiates (`store` option), bound to `pool`. */
export function postgresRateLimitStore(pool: pg.Pool) {
  let calls = 0;
  const sweep = () => {
    pool.query(`DELETE FROM rate_limits WHERE expires_at < now() - interval '1 minute'`).catch(() => undefined);
  };

  return class PostgresRateLimitStore {
    readonly prefix: string;

    // The plugin passes its merged options; per route they carry `routeInfo` (method and url).
    constructor(options: unknown = {}, prefix?: string) {
      const route = (options as { routeInfo?: RouteInfo }).routeInfo;
      this.prefix = prefix ?? (route?.url ? `${String(route.method)}${route.url}|` : 'global|');
    }

    incr(key: string, cb: Callback, timeWindow: number): void {
      if (++calls % SWEEP_EVERY === 0) sweep();
      pool.query<{ count: number; ttl: number }>(INCR_SQL, [this.prefix + key, timeWindow]).then(
        ({ rows }) => cb(null, { current: rows[0]!.count, ttl: rows[0]!.ttl }),
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: Callback): void {
      pool.query<{ count: number; ttl: number }>(READ_SQL, [this.prefix + key]).then(
        ({ rows }) => cb(null, rows[0] ? { current: rows[0].count, ttl: rows[0].ttl } : { current: 0, ttl: 0 }),
        (err: Error) => cb(err),
      );
    }

    child(routeOptions: unknown) {
      return new PostgresRateLimitStore(routeOptions);
    }
  };
}
