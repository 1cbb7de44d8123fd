// OpenID Connect sign-in (authorization code + PKCE) with openid-client, used when OIDC_ISSUER,
// OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and PUBLIC_URL are all set. The PKCE verifier, state, nonce and
// returnTo travel in one short-lived HttpOnly cookie scoped to /api/login.
import * as client from 'openid-client';
import type pg from 'pg';
import type { Env } from '../../env';
import { findUserByEmail, findUserBySubject, insertUser, linkSubject, markEmailVerified, type UserRow } from './auth.repo';
import { applyAdminList, isAdminEmail, trialEnd } from './auth.service';
import { toSessionUser, type SessionUser } from './session';

export const OIDC_TX_COOKIE = 'oidc_tx';
export const OIDC_TX_PATH = '/api/login';
export const OIDC_TX_MAX_AGE_S = 600;
export const CALLBACK_PATH = '/api/login/callback';

export function oidcConfigured(env: Env): boolean {
  return Boolean(env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET && env.PUBLIC_URL);
}

const configs = new Map<string, Promise<client.Configuration>>();

/** Discovery once per issuer and client (a failed discovery is retried on the next sign-in). */
export function getOidcConfig(env: Env): Promise<client.Configuration> {
  const issuer = env.OIDC_ISSUER as string;
  const key = `${issuer}|${env.OIDC_CLIENT_ID}`;
  let p = configs.get(key);
  if (!p) {
    const insecure = new URL(issuer).protocol === 'http:';
    p = client.discovery(new URL(issuer), env.OIDC_CLIENT_ID as string, undefined, client.ClientSecretPost(env.OIDC_CLIENT_SECRET), {
      // Plain http is only ever used against a local test provider.
      execute: insecure ? [client.allowInsecureRequests] : [],
      timeout: 10,
    });
    p.catch(() => configs.delete(key));
    configs.set(key, p);
  }
  return p;
}

export const callbackUrl = (env: Env) => new URL(CALLBACK_PATH, env.PUBLIC_URL).toString();

export interface OidcTransaction {
  verifier: string;
  state: string;
  nonce: string;
  returnTo: string;
}

export async function startSignIn(env: Env, returnTo: string): Promise<{ url: URL; tx: OidcTransaction }> {
  const config = await getOidcConfig(env);
  const tx: OidcTransaction = {
    verifier: client.randomPKCECodeVerifier(),
    state: client.randomState(),
    nonce: client.randomNonce(),
    returnTo,
  };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(env),
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(tx.verifier),
    code_challenge_method: 'S256',
    state: tx.state,
    nonce: tx.nonce,
  });
  return { url, tx };
}

export function encodeTx(tx: OidcTransaction): string {
  return Buffer.from(JSON.stringify(tx)).toString('base64url');
}

export function decodeTx(value: string | undefined): OidcTransaction | null {
  if (!value || value.length > 4000) return null;
  try {
    const o = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<OidcTransaction>;
    if (typeof o.verifier !== 'string' || typeof o.state !== 'string' || typeof o.nonce !== 'string' || typeof o.returnTo !== 'string') return null;
    return { verifier: o.verifier, state: o.state, nonce: o.nonce, returnTo: o.returnTo };
  } catch {
    return null;
  }
}

interface Claims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
  picture?: unknown;
}

const str = (v: unknown, max = 500) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null);

/** Completes the code exchange (state, nonce and PKCE checked by openid-client) and returns the claims. */
export async function finishSignIn(env: Env, rawQuery: string, tx: OidcTransaction): Promise<Claims> {
  const config = await getOidcConfig(env);
  const current = new URL(callbackUrl(env));
  current.search = rawQuery;
  const tokens = await client.authorizationCodeGrant(config, current, {
    pkceCodeVerifier: tx.verifier,
    expectedState: tx.state,
    expectedNonce: tx.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims?.sub) throw new Error('the ID token has no subject');
  return claims as Claims;
}

/** A verified identity whose e-mail belongs to a local account that never proved it owns the address. */
export class UnverifiedAccountError extends Error {
  constructor() {
    super('the local account with this e-mail is not verified; not linking');
  }
}

/**
 * The account of an OIDC identity: by subject; else an existing account with the same (verified) e-mail,
 * which gets linked only when that local account has verified its address too (otherwise anyone could
 * register the address first and receive the identity: UnverifiedAccountError); else a new account
 * with the 14-day trial.
 */
export async function findOrCreateOidcUser(pool: pg.Pool, env: Env, claims: Claims): Promise<SessionUser> {
  const subject = claims.sub;
  const email = str(claims.email, 254)?.toLowerCase() ?? null;
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  const profile = {
    firstName: str(claims.given_name, 100) ?? (str(claims.name, 100)?.split(/\s+/)[0] ?? null),
    lastName: str(claims.family_name, 100),
    profileImageUrl: str(claims.picture, 2000),
  };

  let row: UserRow | null = await findUserBySubject(pool, subject);
  if (!row && email && verified) {
    const existing = await findUserByEmail(pool, email);
    if (existing && !existing.oidc_subject) {
      if (existing.email_verified_at === null) throw new UnverifiedAccountError();
      row = await linkSubject(pool, existing.id, subject, profile);
    }
  }
  if (!row) {
    // Without a verified e-mail the account gets a placeholder address that no one can register.
    const accountEmail = email && verified && !(await findUserByEmail(pool, email)) ? email : `${encodeURIComponent(subject)}@oidc.invalid`;
    row =
      (await insertUser(pool, {
        email: accountEmail,
        passwordHash: null,
        ...profile,
        role: isAdminEmail(env, accountEmail) && verified ? 'admin' : 'user',
        trialEndsAt: trialEnd(),
        oidcSubject: subject,
        emailVerified: verified && accountEmail === email,
      })) ?? (await findUserBySubject(pool, subject));
    if (!row) throw new Error('could not create the account');
  }
  // The provider vouches for the address the account already has.
  if (verified && email && row.email === email && row.email_verified_at === null) row = (await markEmailVerified(pool, row.id, email)) ?? row;
  if (verified) row = await applyAdminList(pool, env, row);
  return toSessionUser(row);
}
