// Configuration, validated once at boot. Every variable is documented in README.md.
import { isIP } from 'node:net';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.string().url().optional());

/** A comma-separated list (empty by default): each item trimmed and normalized, empty items dropped. */
const commaList = (normalize: (item: string) => string) =>
  z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((item) => normalize(item.trim()))
        .filter(Boolean),
    );

/** One address or CIDR block (10.0.0.0/8, fd00::/8). */
const isAddressOrCidr = (s: string): boolean => {
  const [addr, bits, ...rest] = s.split('/');
  const family = isIP(addr ?? '');
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};

/**
 * Which proxies may set X-Forwarded-For / -Proto / -Host: `false` (none, the default), a hop count
 * (`1` = one proxy in front of the app) or a comma-separated list of proxy addresses or CIDR blocks.
 * `true` (trust every hop) is refused: any client could then pick its own address and escape the
 * per-address rate limits (ADR 012).
 */
export const trustProxySchema = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const value = (v ?? '').trim();
    if (value === '' || value === 'false' || value === '0') return false;
    if (value === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY=true would trust any X-Forwarded-For (every client could choose its own address). Set the number of proxies in front of the app (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8,127.0.0.1).',
      });
      return z.NEVER;
    }
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const list = value.split(',').map((s) => s.trim()).filter(Boolean);
    const bad = list.filter((s) => !isAddressOrCidr(s));
    if (bad.length || !list.length) {
      ctx.addIssue({ code: 'custom', message: `TRUST_PROXY must be false, a hop count or a comma-separated list of addresses/CIDRs; not an address: ${bad.join(', ') || value}` });
      return z.NEVER;
    }
    return list;
  });

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** External PostgreSQL; when unset the embedded server under DATA_DIR is used. */
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().default('.data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  /** Which dataset the first start loads: 'demo' (generated, the default) or 'public' (the real directory in data/public/). */
  DATASET: z.enum(['demo', 'public']).default('demo'),
  /** DATASET=public only: load just these states (comma-separated codes, e.g. 'RI,DE'); all when empty. */
  DATASET_STATES: commaList((s) => s.toUpperCase()).pipe(z.array(z.string().regex(/^[A-Z]{2}$/, 'two-letter state codes separated by commas'))),
  /** Dataset size on first start: 1 = the full product scale; 0.01 = a small test set. */
  DATASET_SCALE: z.coerce.number().positive().max(10).default(1),
  DATASET_SEED: z.coerce.number().int().default(20261120),
  /** Set to false to start on an empty database (no generated data). */
  GENERATE_DATASET: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** Comma-separated e-mails that become admins when they sign up or sign in. */
  ADMIN_EMAILS: commaList((s) => s.toLowerCase()),
  /** Behind a reverse proxy: which hops may set X-Forwarded-* (see trustProxySchema). */
  TRUST_PROXY: trustProxySchema,
  COOKIE_SECURE: bool,
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** Public base URL used for OIDC redirects, e.g. https://example.com */
  PUBLIC_URL: optionalUrl,
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(15000),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Senior Living Advisor <no-reply@localhost>'),
  ADVISOR_EMAILS: z.string().default(''),
  NOTIFY_COMMUNITIES: bool,
  /** Optional raster tile URL template ({z}/{x}/{y}) for map streets; offline shapes are used otherwise. */
  MAP_TILE_URL: z.string().optional(),
  MAP_TILE_ATTRIBUTION: z.string().optional(),
  /** Where the built client is served from (default dist/client). */
  CLIENT_DIST_DIR: z.string().optional(),
  /**
   * Set to false to turn off the in-process caches of search, insights and market answers (to measure
   * the uncached path; the sentiment summaries stay cached). Default true.
   */
  APP_CACHES: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * The in-memory search index (ADR 026): search and map points answer from memory, rebuilt from
   * PostgreSQL on change notifications. Default true; false answers from SQL. Off by default under
   * NODE_ENV=test (server tests that write and read at once see SQL; the index's own tests turn it on).
   */
  SEARCH_INDEX: z.enum(['true', 'false', '1', '0']).optional(),
  /**
   * The session cache (ADR 031): signed-in requests find their user in memory, forgotten on the database's change
   * notifications. Default true; off by default under NODE_ENV=test (tests that change users by SQL and read at
   * once see PostgreSQL; the cache's own tests and the two-node tests turn it on).
   */
  SESSION_CACHE: z.enum(['true', 'false', '1', '0']).optional(),
  /** Wait after a change notification before the index is rebuilt (a burst of writes costs one build). */
  SEARCH_INDEX_DEBOUNCE_MS: z.coerce.number().int().min(0).default(500),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  /** Sign-in and sign-up attempts per IP address per minute (each endpoint counts on its own). */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  /** Information requests (POST /api/leads) per IP address per minute. */
  LEAD_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(5),
  /** Assistant messages per minute per client address. */
  CHAT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  /** Giving up on opening a database connection (then 503 DATABASE_UNAVAILABLE). */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  /** Client-side wait for a query's answer (a frozen database answers nothing). */
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().positive().default(6000),
  /** Server-side statement_timeout of the app's sessions (long maintenance work lifts it for itself). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
});

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
