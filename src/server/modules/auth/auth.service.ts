// Rules of signing up and signing in: argon2id hashes, one answer for every failed sign-in, the 14-day
// Professional trial for new accounts, admins from ADMIN_EMAILS.
import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { AUTH_MESSAGES, TRIAL_DAYS, type AuthUserResponse } from '../../../contracts/auth';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import {
  deleteExpiredSessions,
  findUserByEmail,
  findUserById,
  insertUser,
  markEmailVerified,
  promoteToAdmin,
  setPasswordHash,
  type UserRow,
} from './auth.repo';
import { useLinkToken } from './links';
import { isPro, toSessionUser, type SessionUser } from './session';

/** OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane). */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

let dummyHash: Promise<string> | null = null;
/** A hash of a random secret, verified against for unknown e-mails so they cost the same time. */
const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(24).toString('base64url')));

/** Computes the dummy hash ahead of the first sign-in attempt. */
export function prepareAuth(): void {
  getDummyHash().catch(() => {
    dummyHash = null;
  });
}

async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export const trialEnd = (now = new Date()) => new Date(now.getTime() + TRIAL_DAYS * 86_400_000);

export const isAdminEmail = (env: Env, email: string) => env.ADMIN_EMAILS.includes(email.toLowerCase());

export function toAuthUserResponse(user: SessionUser, now = new Date()): AuthUserResponse {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
    plan: user.plan,
    trialEndsAt: user.trialEndsAt ? user.trialEndsAt.toISOString() : null,
    isPro: isPro(user, now),
    emailVerified: user.emailVerified,
  };
}

/**
 * Applies ADMIN_EMAILS to an account (the first admin comes from there), only once its address is
 * verified: listing an address grants admin to whoever proves they own that mailbox, not to whoever
 * types it into the sign-up form.
 */
export async function applyAdminList(pool: pg.Pool, env: Env, row: UserRow): Promise<UserRow> {
  if (row.role !== 'admin' && row.email_verified_at !== null && isAdminEmail(env, row.email)) {
    await promoteToAdmin(pool, row.id);
    return { ...row, role: 'admin' };
  }
  return row;
}

export async function register(
  pool: pg.Pool,
  env: Env,
  input: { email: string; password: string; firstName?: string | undefined },
): Promise<SessionUser> {
  // Cheap check first (no hashing for a taken e-mail); the insert below settles races.
  if (await findUserByEmail(pool, input.email)) throw new AppError('CONFLICT', AUTH_MESSAGES.emailTaken);
  const passwordHash = await hashPassword(input.password);
  const row = await insertUser(pool, {
    email: input.email,
    passwordHash,
    firstName: input.firstName ?? null,
    lastName: null,
    profileImageUrl: null,
    // ADMIN_EMAILS applies once the address is verified (verifyEmail), never at sign-up.
    role: 'user',
    trialEndsAt: trialEnd(),
    oidcSubject: null,
  });
  if (!row) throw new AppError('CONFLICT', AUTH_MESSAGES.emailTaken);
  return toSessionUser(row);
}

export async function login(pool: pg.Pool, env: Env, input: { email: string; password: string }): Promise<SessionUser> {
  const row = await findUserByEmail(pool, input.email);
  if (!row || !row.password_hash) {
    // Same work, same answer as a wrong password: nothing tells which e-mails have accounts.
    await verifyPassword(await getDummyHash(), input.password);
    throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.badCredentials);
  }
  if (!(await verifyPassword(row.password_hash, input.password))) {
    throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.badCredentials);
  }
  await deleteExpiredSessions(pool, row.id);
  return toSessionUser(await applyAdminList(pool, env, row));
}

/** Opens a verification link: the address is proven, and ADMIN_EMAILS now applies. */
export async function verifyEmail(pool: pg.Pool, env: Env, token: string): Promise<SessionUser> {
  const used = await useLinkToken(pool, token, 'verify');
  const row = used ? await markEmailVerified(pool, used.userId, used.email) : null;
  if (!row) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.linkInvalid);
  return toSessionUser(await applyAdminList(pool, env, row));
}

/**
 * Opens a reset link and sets the new password. The link reached the mailbox, so the address counts
 * as verified too. The caller ends every other session of the account.
 */
export async function resetPassword(pool: pg.Pool, env: Env, token: string, password: string): Promise<SessionUser> {
  const used = await useLinkToken(pool, token, 'reset');
  const current = used ? await findUserById(pool, used.userId) : null;
  if (!used || !current || current.email !== used.email) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.linkInvalid);
  await setPasswordHash(pool, current.id, await hashPassword(password));
  const row = (await markEmailVerified(pool, current.id, current.email)) ?? current;
  return toSessionUser(await applyAdminList(pool, env, row));
}

/** The account a reset link may be sent to (null: none, or a single sign-on placeholder address). */
export async function resetTarget(pool: pg.Pool, email: string): Promise<UserRow | null> {
  const row = await findUserByEmail(pool, email);
  if (!row || row.email.endsWith('@oidc.invalid')) return null;
  return row;
}
