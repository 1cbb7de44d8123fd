// Sessions live in PostgreSQL. The cookie holds a random token; only its SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { UserColumns } from '../../db/rows';
import { AppError } from '../../lib/errors';

export const SESSION_COOKIE = 'sid';
export const SESSION_TTL_DAYS = 30;

export interface SessionUser {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: 'user' | 'admin';
  plan: 'basic' | 'pro';
  trialEndsAt: Date | null;
  /** The e-mail address is proven (one-time link or a verified single sign-on claim). */
  emailVerified: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Pro means a paid plan or a trial that has not ended yet. */
export function isPro(user: SessionUser | null, now = new Date()): boolean {
  if (!user) return false;
  if (user.plan === 'pro') return true;
  return user.trialEndsAt !== null && user.trialEndsAt.getTime() > now.getTime();
}

export async function createSession(pool: pg.Pool, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_DAYS * 86_400_000);
  await pool.query('INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, $3)', [hashToken(token), userId, expiresAt]);
  return { token, expiresAt };
}

export async function destroySession(pool: pg.Pool, token: string | undefined): Promise<void> {
  if (!token) return;
  await pool.query('DELETE FROM sessions WHERE id = $1', [hashToken(token)]);
}

/** The user columns a session user is made of. */
export type SessionUserRow = Pick<
  UserColumns,
  'id' | 'email' | 'first_name' | 'last_name' | 'profile_image_url' | 'role' | 'plan' | 'trial_ends_at' | 'email_verified_at'
>;

export function toSessionUser(r: SessionUserRow): SessionUser {
  return {
    id: r.id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    profileImageUrl: r.profile_image_url,
    role: r.role,
    plan: r.plan,
    trialEndsAt: r.trial_ends_at,
    emailVerified: r.email_verified_at !== null,
  };
}

/** A token worth looking up (anything longer than this is no token of ours). */
export const validToken = (token: string | undefined): token is string => !!token && token.length <= 200;

/** The session (by the SHA-256 of its token) with its user, unless it has expired. A named (prepared) statement. */
export async function selectSession(pool: pg.Pool, tokenHash: string): Promise<(SessionUserRow & { expires_at: Date }) | null> {
  const { rows } = await pool.query<SessionUserRow & { expires_at: Date }>({
    name: 'session-user',
    text: `SELECT u.id, u.email, u.first_name, u.last_name, u.profile_image_url, u.role, u.plan, u.trial_ends_at, u.email_verified_at, s.expires_at
             FROM sessions s JOIN users u ON u.id = s.user_id
            WHERE s.id = $1 AND s.expires_at > now()`,
    values: [tokenHash],
  });
  return rows[0] ?? null;
}

/** From PostgreSQL, without the session cache (session-cache.ts). */
export async function findSessionUser(pool: pg.Pool, token: string | undefined): Promise<SessionUser | null> {
  if (!validToken(token)) return null;
  const r = await selectSession(pool, hashToken(token));
  return r ? toSessionUser(r) : null;
}

/** Ends every session of a user except the one with this token (after a password reset). */
export async function destroyOtherSessions(pool: pg.Pool, userId: number, keepToken?: string): Promise<void> {
  await pool.query('DELETE FROM sessions WHERE user_id = $1 AND id IS DISTINCT FROM $2', [userId, keepToken ? hashToken(keepToken) : null]);
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** preHandler guards: authorization is always checked on the server. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
}

export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  if (request.user.role !== 'admin') throw new AppError('FORBIDDEN', 'This area is for care advisors (admins) only.');
}

export async function requirePro(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  if (!isPro(request.user)) throw new AppError('PRO_REQUIRED', 'This is a Professional feature. Upgrade to Pro to use it.');
}
