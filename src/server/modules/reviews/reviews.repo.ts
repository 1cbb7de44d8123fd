// SQL of reviews written on this site (issue 16): the author's rows, the moderation queue, publishing
// an approved review into customer_reviews and taking it back out.
import { scoreReviewThemes } from './scoring';
import type pg from 'pg';
import type { AdminReview, FamilyReview, ReviewInput, ReviewRelationship, ReviewState } from '../../../contracts/family-reviews';
import { REVIEW_RELATIONSHIP_LABELS } from '../../../contracts/family-reviews';
import { SITE_REVIEW_SOURCE } from '../../../contracts/provenance';
import { refreshReviewFigures } from '../../db/aggregates';
import type { Queryable } from '../../db/sql';


export interface ReviewRow {
  id: number;
  user_id: number;
  community_id: number;
  community_name: string;
  community_city: string;
  community_state: string;
  rating: number;
  title: string;
  content: string;
  relationship: ReviewRelationship;
  stay_from: string | null;
  stay_to: string | null;
  sentiment: number;
  status: ReviewState;
  moderation_reason: string | null;
  customer_review_id: number | null;
  created_at: Date;
  updated_at: Date;
}

export interface AdminReviewRow extends ReviewRow {
  author_email: string;
  author_first: string | null;
  author_last: string | null;
  verifiable: boolean;
  moderated_by_email: string | null;
  moderated_at: Date | null;
}

const REVIEW_SELECT = `
  SELECT r.id, r.user_id, r.community_id, c.name AS community_name, c.city AS community_city, c.state AS community_state,
         r.rating, r.title, r.content, r.relationship,
         to_char(r.stay_from, 'YYYY-MM-DD') AS stay_from, to_char(r.stay_to, 'YYYY-MM-DD') AS stay_to,
         r.sentiment, r.status, r.moderation_reason, r.customer_review_id, r.created_at, r.updated_at
    FROM family_reviews r
    JOIN communities c ON c.id = r.community_id`;

/**
 * ADR 008's rule for "Verified": the author's information request or favorite shows a relationship to
 * the community. Evaluated when the review is published.
 */
const VERIFIABLE = `(EXISTS (SELECT 1 FROM leads l WHERE l.user_id = r.user_id AND l.community_id = r.community_id)
                  OR EXISTS (SELECT 1 FROM favorites f WHERE f.user_id = r.user_id AND f.community_id = r.community_id))`;

export function toFamilyReview(r: ReviewRow): FamilyReview {
  return {
    id: r.id,
    community: { id: r.community_id, name: r.community_name, city: r.community_city, state: r.community_state },
    rating: r.rating,
    title: r.title,
    content: r.content,
    relationship: r.relationship,
    stayFrom: r.stay_from,
    stayTo: r.stay_to,
    status: r.status,
    moderationReason: r.moderation_reason,
    sentiment: Math.round(r.sentiment * 1000) / 1000,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** "Jane D." from the account's names; "A site member" without a first name. */
export function authorName(first: string | null, last: string | null): string {
  const f = first?.trim();
  if (!f) return 'A site member';
  const l = last?.trim();
  return l ? `${f} ${l[0]!.toUpperCase()}.` : f;
}

export function toAdminReview(r: AdminReviewRow): AdminReview {
  return {
    ...toFamilyReview(r),
    author: { id: r.user_id, email: r.author_email, name: authorName(r.author_first, r.author_last) },
    verifiable: r.verifiable,
    moderatedBy: r.moderated_by_email,
    moderatedAt: r.moderated_at?.toISOString() ?? null,
  };
}

export interface ScoredInput extends ReviewInput {
  sentiment: number;
}

/** Inserts a pending review; null when this user already reviewed the community (the unique index decides). */
export async function insertReview(db: Queryable, userId: number, communityId: number, r: ScoredInput): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO family_reviews (user_id, community_id, rating, title, content, relationship, stay_from, stay_to, sentiment)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (user_id, community_id) DO NOTHING
     RETURNING id`,
    [userId, communityId, r.rating, r.title, r.content, r.relationship, r.stayFrom, r.stayTo, r.sentiment],
  );
  return rows[0]?.id ?? null;
}

export async function findReview(db: Queryable, id: number, opts: { userId?: number; forUpdate?: boolean } = {}): Promise<ReviewRow | null> {
  const params: unknown[] = [id];
  let where = 'r.id = $1';
  if (opts.userId !== undefined) {
    params.push(opts.userId);
    where += ` AND r.user_id = $${params.length}`;
  }
  const { rows } = await db.query<ReviewRow>(`${REVIEW_SELECT} WHERE ${where}${opts.forUpdate ? ' FOR UPDATE OF r' : ''}`, params);
  return rows[0] ?? null;
}

export async function findUserReviewOf(db: Queryable, userId: number, communityId: number): Promise<ReviewRow | null> {
  const { rows } = await db.query<ReviewRow>(`${REVIEW_SELECT} WHERE r.user_id = $1 AND r.community_id = $2`, [userId, communityId]);
  return rows[0] ?? null;
}

export async function listUserReviews(db: Queryable, userId: number): Promise<ReviewRow[]> {
  const { rows } = await db.query<ReviewRow>(`${REVIEW_SELECT} WHERE r.user_id = $1 ORDER BY r.updated_at DESC, r.id DESC`, [userId]);
  return rows;
}

/** Replaces the text of a review and puts it back into the queue (unpublished). */
export async function rewriteReview(client: pg.PoolClient, id: number, r: ScoredInput): Promise<void> {
  await client.query(
    `UPDATE family_reviews
        SET rating = $2, title = $3, content = $4, relationship = $5, stay_from = $6, stay_to = $7, sentiment = $8,
            status = 'pending', moderation_reason = NULL, moderated_by = NULL, moderated_at = NULL, updated_at = now()
      WHERE id = $1`,
    [id, r.rating, r.title, r.content, r.relationship, r.stayFrom, r.stayTo, r.sentiment],
  );
}

/** Removes the published copy of a review (if any) and recomputes the community's rating and count. */
export async function unpublish(client: pg.PoolClient, row: Pick<ReviewRow, 'id' | 'community_id' | 'customer_review_id'>): Promise<void> {
  if (row.customer_review_id === null) return;
  await client.query('UPDATE family_reviews SET customer_review_id = NULL WHERE id = $1', [row.id]);
  await client.query('DELETE FROM customer_reviews WHERE id = $1', [row.customer_review_id]);
  await refreshReviewFigures(client, { communityIds: [row.community_id] });
}

/**
 * Publishes an approved review: a customer_reviews row of kind 'user' ('This site'), Verified under
 * ADR 008's rule, dated the day it was written; the community's rating and count follow at once.
 */
export async function publish(client: pg.PoolClient, id: number, moderatorId: number): Promise<void> {
  const { rows } = await client.query<{ customer_review_id: number; community_id: number }>(
    `WITH r AS (
       SELECT r.*, u.first_name, u.last_name, ${VERIFIABLE} AS verifiable
         FROM family_reviews r JOIN users u ON u.id = r.user_id WHERE r.id = $1
     ), published AS (
       INSERT INTO customer_reviews (community_id, rating, author, title, content, review_date, source, source_kind, verified, sentiment)
       SELECT community_id, rating, $3::text, title, content, updated_at::date, $2::text, 'user', verifiable, sentiment FROM r
       RETURNING id, community_id
     )
     UPDATE family_reviews f
        SET status = 'approved', moderation_reason = NULL, moderated_by = $4, moderated_at = now(), customer_review_id = p.id
       FROM published p
      WHERE f.id = $1
     RETURNING f.customer_review_id, f.community_id`,
    [id, SITE_REVIEW_SOURCE, await displayAuthor(client, id), moderatorId],
  );
  const row = rows[0];
  if (!row) throw new Error('publishing a review wrote no row');
  // Scored for themes like every other review (ADR 021), in the same transaction.
  const { rows: published } = await client.query<{ content: string }>('SELECT content FROM customer_reviews WHERE id = $1', [row.customer_review_id]);
  const themes = scoreReviewThemes(published[0]?.content ?? '');
  await client.query('UPDATE customer_reviews SET theme_mask = $2, theme_sentiment = $3::real[] WHERE id = $1', [row.customer_review_id, themes.themeMask, themes.themeSentiment]);
  await refreshReviewFigures(client, { communityIds: [row.community_id] });
}

/** "Jane D., family member": the name shown with a published review. */
async function displayAuthor(db: Queryable, id: number): Promise<string> {
  const { rows } = await db.query<{ first_name: string | null; last_name: string | null; relationship: ReviewRelationship }>(
    'SELECT u.first_name, u.last_name, r.relationship FROM family_reviews r JOIN users u ON u.id = r.user_id WHERE r.id = $1',
    [id],
  );
  const r = rows[0];
  if (!r) return authorName(null, null);
  return `${authorName(r.first_name, r.last_name)}, ${REVIEW_RELATIONSHIP_LABELS[r.relationship].toLowerCase()}`;
}

export async function setModeration(client: pg.PoolClient, id: number, status: 'rejected' | 'flagged', reason: string, moderatorId: number): Promise<void> {
  await client.query(
    `UPDATE family_reviews SET status = $2, moderation_reason = $3, moderated_by = $4, moderated_at = now() WHERE id = $1`,
    [id, status, reason, moderatorId],
  );
}

const DESK_SELECT = `
  SELECT r.id, r.user_id, r.community_id, c.name AS community_name, c.city AS community_city, c.state AS community_state,
         r.rating, r.title, r.content, r.relationship,
         to_char(r.stay_from, 'YYYY-MM-DD') AS stay_from, to_char(r.stay_to, 'YYYY-MM-DD') AS stay_to,
         r.sentiment, r.status, r.moderation_reason, r.customer_review_id, r.created_at, r.updated_at,
         u.email AS author_email, u.first_name AS author_first, u.last_name AS author_last, ${VERIFIABLE} AS verifiable,
         m.email AS moderated_by_email, r.moderated_at
    FROM family_reviews r
    JOIN communities c ON c.id = r.community_id
    JOIN users u ON u.id = r.user_id
    LEFT JOIN users m ON m.id = r.moderated_by`;

export async function findDeskReview(db: Queryable, id: number): Promise<AdminReview | null> {
  const { rows } = await db.query<AdminReviewRow>(`${DESK_SELECT} WHERE r.id = $1`, [id]);
  return rows[0] ? toAdminReview(rows[0]) : null;
}

export async function listForDesk(db: Queryable, status: ReviewState | 'all', page: number, pageSize: number) {
  const params: unknown[] = [];
  let where = '';
  if (status !== 'all') {
    params.push(status);
    where = `WHERE r.status = $1`;
  }
  const listParams = [...params, pageSize, (page - 1) * pageSize];
  const [rows, count, pending] = await Promise.all([
    db.query<AdminReviewRow>(
      `${DESK_SELECT}
         ${where}
        ORDER BY r.updated_at ${status === 'pending' ? 'ASC' : 'DESC'}, r.id
        LIMIT $${listParams.length - 1} OFFSET $${listParams.length}`,
      listParams,
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM family_reviews r ${where}`, params),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM family_reviews WHERE status = 'pending'`),
  ]);
  return { reviews: rows.rows.map(toAdminReview), total: count.rows[0]?.n ?? 0, pendingCount: pending.rows[0]?.n ?? 0 };
}
