// Rules of the shortlist that travels (issue 16, ADR 022): who may read and edit a shortlist, and share
// links. A link is `<lookup>.<secret>`: the lookup finds the row, the secret's SHA-256 is compared with
// the stored one in constant time; neither half alone opens anything.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import type { Share } from '../../../contracts/shortlist';
import { AppError, notFound } from '../../lib/errors';
import { findShareByLookup, findUser, isCollaborator, type OwnerRow, type ShareRow } from './shortlist.repo';

const TOKEN_PATTERN = /^([A-Za-z0-9_-]{12})\.([A-Za-z0-9_-]{43})$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function newShareToken(): { token: string; lookup: string; secretHash: string } {
  const lookup = randomBytes(9).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  return { token: `${lookup}.${secret}`, lookup, secretHash: sha256(secret) };
}

export function shareStatus(row: Pick<ShareRow, 'revoked_at' | 'expires_at'>, now = new Date()): Share['status'] {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at && row.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

export function toShare(row: ShareRow, now = new Date()): Share {
  return {
    id: row.id,
    access: row.access,
    expiresAt: row.expires_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    status: shareStatus(row, now),
  };
}

/** `expiresOn` (YYYY-MM-DD) -> the end of that day in UTC; refused when that moment has passed. */
export function expiryOf(expiresOn: string | null | undefined, now = new Date()): Date | null {
  if (!expiresOn) return null;
  const end = new Date(`${expiresOn}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  if (end.getTime() <= now.getTime()) throw new AppError('BAD_REQUEST', 'The expiry date must be today or later.');
  return end;
}

const INVALID_LINK = 'This share link does not exist. Ask the person who sent it for a new one.';

/** The active share of a token, or a 404 that says why the link does not open. */
export async function openShare(pool: pg.Pool, token: string): Promise<ShareRow> {
  const m = TOKEN_PATTERN.exec(token);
  if (!m) throw notFoundMessage(INVALID_LINK);
  const row = await findShareByLookup(pool, m[1]!);
  const given = Buffer.from(sha256(m[2]!), 'hex');
  // Compare even when no row was found, so a missing lookup takes as long as a wrong secret.
  const stored = Buffer.from(row?.secret_hash ?? '0'.repeat(64), 'hex');
  if (!timingSafeEqual(given, stored) || !row) throw notFoundMessage(INVALID_LINK);
  const status = shareStatus(row);
  if (status === 'revoked') throw notFoundMessage('This share link was turned off by the owner of the shortlist.');
  if (status === 'expired') throw notFoundMessage(`This share link expired on ${lastDay(row.expires_at!)}.`);
  return row;
}

const lastDay = (end: Date) => new Date(end.getTime() - 86_400_000).toISOString().slice(0, 10);

function notFoundMessage(message: string) {
  return new AppError('NOT_FOUND', message);
}

/** The owner of a shortlist the user may open (their own or one they collaborate on); 404 otherwise. */
export async function ownerFor(pool: pg.Pool, ownerId: number, userId: number): Promise<OwnerRow> {
  if (ownerId !== userId && !(await isCollaborator(pool, ownerId, userId))) throw notFound('Shortlist');
  const owner = await findUser(pool, ownerId);
  if (!owner) throw notFound('Shortlist');
  return owner;
}

/** How an owner is named to their collaborators. */
export const ownerName = (o: Pick<OwnerRow, 'email' | 'first_name'>) => o.first_name?.trim() || o.email;
/** How an owner is named to anyone holding a link (no e-mail address). */
export const publicOwnerName = (o: Pick<OwnerRow, 'first_name'>) => o.first_name?.trim() || 'A SeniorScope family';
