// Test data shared by the server tests (issue 11): users with a session, communities. Real rows in the
// test's own database through the same tables the app reads; no mocks.
import type pg from 'pg';
import { expect } from 'vitest';
import type { App } from '../types';
import { createSession } from '../modules/auth/session';

export interface UserFields {
  email: string;
  role?: 'user' | 'admin';
  plan?: 'basic' | 'pro';
  trialEndsAt?: Date | null;
  /** The address is verified (email_verified_at = now()). */
  verified?: boolean;
  firstName?: string | null;
  lastName?: string | null;
}

/** Inserts a user; returns its id. */
export async function createUser(pool: pg.Pool, f: UserFields): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO users (email, role, plan, trial_ends_at, email_verified_at, first_name, last_name)
     VALUES ($1, $2, $3, $4, CASE WHEN $5::boolean THEN now() END, $6, $7) RETURNING id`,
    [f.email, f.role ?? 'user', f.plan ?? 'basic', f.trialEndsAt ?? null, f.verified ?? false, f.firstName ?? null, f.lastName ?? null],
  );
  return rows[0]!.id;
}

/** A session for the user, as the `Cookie` header value 'sid=…'. */
export async function signIn(pool: pg.Pool, userId: number): Promise<string> {
  return `sid=${(await createSession(pool, userId)).token}`;
}

/** A user with a session: its id and its cookie. */
export async function createSignedInUser(pool: pg.Pool, f: UserFields): Promise<{ id: number; cookie: string }> {
  const id = await createUser(pool, f);
  return { id, cookie: await signIn(pool, id) };
}

export interface CommunityFields {
  name: string;
  city?: string;
  state?: string;
  zipCode?: string;
  sourceId?: string;
  operatorId?: number | null;
  photos?: string[];
  /** Optional columns: written only when given, else the column's default. */
  email?: string | null;
  description?: string | null;
  careTypes?: string[];
  amenities?: string[];
  rating?: number;
  reviewCount?: number;
  lat?: number | null;
  lng?: number | null;
}

let communitySeq = 0;

/** Optional community columns: field -> column (with its cast). */
const OPTIONAL_COMMUNITY_COLUMNS = [
  ['email', 'email', 'text'],
  ['description', 'description', 'text'],
  ['careTypes', 'care_types', 'text[]'],
  ['amenities', 'amenities', 'text[]'],
  ['rating', 'rating', 'real'],
  ['reviewCount', 'review_count', 'int'],
  ['lat', 'lat', 'float8'],
  ['lng', 'lng', 'float8'],
] as const satisfies ReadonlyArray<readonly [keyof CommunityFields, string, string]>;

/** Inserts a community (defaults: Austin, TX 78701, a unique source id); returns its id. */
export async function createCommunity(pool: pg.Pool, f: CommunityFields): Promise<number> {
  const cols = ['name', 'city', 'state', 'zip_code', 'source_id', 'operator_id', 'photos'];
  const casts = ['text', 'text', 'text', 'text', 'text', 'int', 'text[]'];
  const values: unknown[] = [f.name, f.city ?? 'Austin', f.state ?? 'TX', f.zipCode ?? '78701', f.sourceId ?? `test-${process.pid}-${++communitySeq}`, f.operatorId ?? null, f.photos ?? []];
  for (const [field, col, cast] of OPTIONAL_COMMUNITY_COLUMNS) {
    if (f[field] === undefined) continue;
    cols.push(col);
    casts.push(cast);
    values.push(f[field]);
  }
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO communities (${cols.join(', ')}) VALUES (${casts.map((c, i) => `$${i + 1}::${c}`).join(', ')}) RETURNING id`,
    values,
  );
  return rows[0]!.id;
}

/** Inserts an operator (a unique source id unless given); returns its id. */
export async function createOperator(pool: pg.Pool, f: { name: string; sourceId?: string }): Promise<number> {
  const { rows } = await pool.query<{ id: number }>('INSERT INTO operators (name, source_id) VALUES ($1, $2) RETURNING id', [
    f.name,
    f.sourceId ?? `test-op-${process.pid}-${++communitySeq}`,
  ]);
  return rows[0]!.id;
}

/** Inserts a community pricing band. */
export async function addPricing(pool: pg.Pool, communityId: number, careType: string, minPrice: number, maxPrice: number): Promise<void> {
  await pool.query('INSERT INTO community_pricing (community_id, care_type, min_price, max_price) VALUES ($1, $2, $3, $4)', [communityId, careType, minPrice, maxPrice]);
}

export interface PricingRow {
  community_id: number;
  care_type: string;
  min_price: number;
  max_price: number;
}

/** Inserts many pricing bands in one statement (the random directories of the equivalence tests). */
export async function insertPricingRows(pool: pg.Pool, rows: readonly PricingRow[]): Promise<void> {
  await pool.query(
    `INSERT INTO community_pricing (community_id, care_type, min_price, max_price)
     SELECT * FROM json_to_recordset($1::json) AS r(community_id int, care_type text, min_price int, max_price int)`,
    [JSON.stringify(rows)],
  );
}

const addressSeq = new Map<number, number>();

/**
 * The next client address of a test file's own range 10.<range>.x.y (a new one per call), so that the
 * per-client rate limits only bite where a test means them to.
 */
export function nextTestAddress(range: number): string {
  const n = (addressSeq.get(range) ?? 0) + 1;
  addressSeq.set(range, n);
  return `10.${range}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}


/**
 * Registers an account through the real API, as a visitor would, each call from an address of its own (so
 * the sign-up rate limit never interferes); returns the session token, the value of the `sid` cookie.
 */
export async function registerOverHttp(app: App, email: string, password = 'password-123'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password }, remoteAddress: nextTestAddress(9) });
  expect(res.statusCode).toBe(201);
  return res.cookies.find((c) => c.name === 'sid')!.value;
}

/** GET `url` (with the session cookie when given), expecting 200 (the body is the failure's message); the parsed body. */
export async function getJson<T>(app: App, url: string, cookie?: string): Promise<T> {
  const res = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
