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
}

/** Inserts a user; returns its id. */
export async function createUser(pool: pg.Pool, f: UserFields): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO users (email, role, plan, trial_ends_at, email_verified_at)
     VALUES ($1, $2, $3, $4, CASE WHEN $5::boolean THEN now() END) RETURNING id`,
    [f.email, f.role ?? 'user', f.plan ?? 'basic', f.trialEndsAt ?? null, f.verified ?? false],
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
}

let communitySeq = 0;

/** Inserts a community (defaults: Austin, TX 78701, a unique source id); returns its id. */
export async function createCommunity(pool: pg.Pool, f: CommunityFields): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO communities (name, city, state, zip_code, source_id, operator_id, photos)
     VALUES ($1, $2, $3, $4, $5, $6, $7::text[]) RETURNING id`,
    [f.name, f.city ?? 'Austin', f.state ?? 'TX', f.zipCode ?? '78701', f.sourceId ?? `test-${process.pid}-${++communitySeq}`, f.operatorId ?? null, f.photos ?? []],
  );
  return rows[0]!.id;
}

let registerSeq = 0;

/**
 * Registers an account through the real API, as a visitor would, each call from an address of its own (so
 * the sign-up rate limit never interferes); returns the session token, the value of the `sid` cookie.
 */
export async function registerOverHttp(app: App, email: string, password = 'password-123'): Promise<string> {
  const n = ++registerSeq;
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password }, remoteAddress: `10.9.${Math.floor(n / 250)}.${(n % 250) + 1}` });
  expect(res.statusCode).toBe(201);
  return res.cookies.find((c) => c.name === 'sid')!.value;
}
