// Rules of reviews written on this site (issue 16, ADR 023): one per user and community, every write
// scored and queued for moderation, published (counted) only while approved.
import type pg from 'pg';
import type { AdminReview, FamilyReview, ModerationAction, ReviewInput } from '../../../contracts/family-reviews';
import { AppError, notFound } from '../../lib/errors';
import {
  findDeskReview,
  findReview,
  insertReview,
  publish,
  rewriteReview,
  setModeration,
  toFamilyReview,
  unpublish,
  type ScoredInput,
} from './reviews.repo';
import { scoreFamilyReview } from './scoring';
import { inTransaction } from '../../db/sql';

const FOREIGN_KEY_VIOLATION = '23503';
const pgCode = (err: unknown) => (typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined);

const scored = (input: ReviewInput): ScoredInput => ({ ...input, ...scoreFamilyReview(input) });


export async function createReview(pool: pg.Pool, userId: number, communityId: number, input: ReviewInput): Promise<FamilyReview> {
  let id: number | null;
  try {
    id = await insertReview(pool, userId, communityId, scored(input));
  } catch (err) {
    if (pgCode(err) === FOREIGN_KEY_VIOLATION) throw notFound('Community');
    throw err;
  }
  if (id === null) throw new AppError('CONFLICT', 'You have already reviewed this community. Edit your review instead.');
  return toFamilyReview((await findReview(pool, id))!);
}

/** The author's edit: new text, scored again, back to the queue; a published version leaves the page until approved again. */
export async function editReview(pool: pg.Pool, userId: number, id: number, input: ReviewInput): Promise<FamilyReview> {
  await inTransaction(pool, async (client) => {
    const row = await findReview(client, id, { userId, forUpdate: true });
    if (!row) throw notFound('Review');
    await unpublish(client, row);
    await rewriteReview(client, id, scored(input));
  });
  return toFamilyReview((await findReview(pool, id))!);
}

/**
 * The desk's decision. approve: pending only (publishes). reject / flag: pending or approved (a
 * published review is taken down). Anything else is a 409 that says why.
 */
export async function moderateReview(pool: pg.Pool, moderatorId: number, id: number, action: ModerationAction, reason: string | undefined): Promise<AdminReview> {
  await inTransaction(pool, async (client) => {
    const row = await findReview(client, id, { forUpdate: true });
    if (!row) throw notFound('Review');
    if (action === 'approve') {
      if (row.status !== 'pending') {
        throw new AppError('CONFLICT', row.status === 'approved' ? 'This review is already published.' : 'Only a review waiting for moderation can be approved; the author must edit it first.');
      }
      await publish(client, id, moderatorId);
      return;
    }
    if (row.status !== 'pending' && row.status !== 'approved') {
      throw new AppError('CONFLICT', `This review is already ${row.status}; it waits for the author's edit.`);
    }
    if (!reason) throw new AppError('VALIDATION_ERROR', 'Say why (the author reads it).');
    await unpublish(client, row);
    await setModeration(client, id, action === 'reject' ? 'rejected' : 'flagged', reason, moderatorId);
  });
  return (await findDeskReview(pool, id))!;
}
