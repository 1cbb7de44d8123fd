// SQL of the auth module (users). Parameterized only.
import type pg from 'pg';
import type { UserColumns } from '../../db/rows';

export type UserRow = Omit<UserColumns, 'created_at'>;

const COLUMNS = 'id, email, password_hash, first_name, last_name, profile_image_url, role, plan, trial_ends_at, oidc_subject, email_verified_at';


export async function findUserByEmail(pool: pg.Pool, email: string): Promise<UserRow | null> {
  const { rows } = await pool.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE email = $1`, [email]);
  return rows[0] ?? null;
}

export async function findUserBySubject(pool: pg.Pool, subject: string): Promise<UserRow | null> {
  const { rows } = await pool.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE oidc_subject = $1`, [subject]);
  return rows[0] ?? null;
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: 'user' | 'admin';
  trialEndsAt: Date;
  oidcSubject: string | null;
  /** Set when the address is already proven (a verified single sign-on e-mail). */
  emailVerified?: boolean;
}

/** Inserts the user; null when the e-mail (or the OIDC subject) is already taken. */
export async function insertUser(pool: pg.Pool, u: NewUser): Promise<UserRow | null> {
  const { rows } = await pool.query<UserRow>(
    `INSERT INTO users (email, password_hash, first_name, last_name, profile_image_url, role, plan, trial_ends_at, oidc_subject, email_verified_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'basic', $7, $8, CASE WHEN $9::boolean THEN now() END)
     ON CONFLICT DO NOTHING
     RETURNING ${COLUMNS}`,
    [u.email, u.passwordHash, u.firstName, u.lastName, u.profileImageUrl, u.role, u.trialEndsAt, u.oidcSubject, u.emailVerified ?? false],
  );
  return rows[0] ?? null;
}

export async function promoteToAdmin(pool: pg.Pool, userId: number): Promise<void> {
  await pool.query("UPDATE users SET role = 'admin' WHERE id = $1 AND role <> 'admin'", [userId]);
}

/** Links an OIDC subject to an existing account and fills in profile fields that are still empty. */
export async function linkSubject(
  pool: pg.Pool,
  userId: number,
  subject: string,
  profile: { firstName: string | null; lastName: string | null; profileImageUrl: string | null },
): Promise<UserRow | null> {
  const { rows } = await pool.query<UserRow>(
    `UPDATE users
        SET oidc_subject = $2,
            first_name = COALESCE(first_name, $3),
            last_name = COALESCE(last_name, $4),
            profile_image_url = COALESCE(profile_image_url, $5)
      WHERE id = $1
      RETURNING ${COLUMNS}`,
    [userId, subject, profile.firstName, profile.lastName, profile.profileImageUrl],
  );
  return rows[0] ?? null;
}

export async function deleteExpiredSessions(pool: pg.Pool, userId: number): Promise<void> {
  await pool.query('DELETE FROM sessions WHERE user_id = $1 AND expires_at <= now()', [userId]);
}

export async function findUserById(pool: pg.Pool, id: number): Promise<UserRow | null> {
  const { rows } = await pool.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** Marks the address verified, only while the account still has the address the link was sent to. */
export async function markEmailVerified(pool: pg.Pool, userId: number, email: string): Promise<UserRow | null> {
  const { rows } = await pool.query<UserRow>(
    `UPDATE users SET email_verified_at = COALESCE(email_verified_at, now()) WHERE id = $1 AND email = $2 RETURNING ${COLUMNS}`,
    [userId, email],
  );
  return rows[0] ?? null;
}

export async function setPasswordHash(pool: pg.Pool, userId: number, passwordHash: string): Promise<void> {
  await pool.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
}

// ---- one-time links (email_tokens): only the SHA-256 of a token is stored ----

export type EmailTokenPurpose = 'verify' | 'reset';

export async function insertEmailToken(pool: pg.Pool, t: { hash: string; userId: number; purpose: EmailTokenPurpose; email: string; expiresAt: Date }): Promise<void> {
  // Asking again replaces the earlier link of the same purpose.
  await pool.query('DELETE FROM email_tokens WHERE user_id = $1 AND purpose = $2', [t.userId, t.purpose]);
  await pool.query('INSERT INTO email_tokens (id, user_id, purpose, email, expires_at) VALUES ($1, $2, $3, $4, $5)', [
    t.hash,
    t.userId,
    t.purpose,
    t.email,
    t.expiresAt,
  ]);
}

/** Uses a token once: the row of an unused, unexpired token of this purpose, now marked used; else null. */
export async function consumeEmailToken(pool: pg.Pool, hash: string, purpose: EmailTokenPurpose): Promise<{ userId: number; email: string } | null> {
  const { rows } = await pool.query<{ user_id: number; email: string }>(
    `UPDATE email_tokens SET used_at = now()
      WHERE id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id, email`,
    [hash, purpose],
  );
  const r = rows[0];
  return r ? { userId: r.user_id, email: r.email } : null;
}
