// Reviews written on this site by signed-in families (issue 16, docs/decisions/023-family-reviews-and-request-tracking.md):
// POST /api/family-reviews, PUT /api/family-reviews/:id, GET /api/family-reviews/mine and the
// moderation queue of the desk (GET /api/admin/reviews, POST /api/admin/reviews/:id/moderate).
import { z } from 'zod';
import { pagedTotalFields, pageQueryFields } from './paging';
import { safeText } from './text';

export const REVIEW_RELATIONSHIPS = ['resident', 'family_member', 'visitor'] as const;
export type ReviewRelationship = (typeof REVIEW_RELATIONSHIPS)[number];
export const REVIEW_RELATIONSHIP_LABELS: Record<ReviewRelationship, string> = {
  resident: 'Resident',
  family_member: 'Family member',
  visitor: 'Visitor',
};

/** pending: waits in the queue; approved: published; rejected: not published (reason given); flagged: holds personal data, the author must edit it. */
export const REVIEW_STATES = ['pending', 'approved', 'rejected', 'flagged'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
export const REVIEW_STATE_LABELS: Record<ReviewState, string> = {
  pending: 'Waiting for moderation',
  approved: 'Published',
  rejected: 'Rejected',
  flagged: 'Holds personal data: please edit',
};

export const REVIEW_LIMITS = { title: 120, content: 5000, contentMin: 20, reason: 500 } as const;

const isoDate = safeText()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'Not a real date');
const optionalDate = z
  .union([z.literal(''), isoDate])
  .nullish()
  .transform((v) => (v ? v : null));

const reviewFields = z.object({
    rating: z.number({ error: 'rating must be a whole number from 1 to 5' }).int('rating must be a whole number from 1 to 5').min(1, 'rating must be a whole number from 1 to 5').max(5, 'rating must be a whole number from 1 to 5'),
    title: safeText({ error: 'A title is required' })
      .trim()
      .min(1, 'A title is required')
      .max(REVIEW_LIMITS.title, `The title can have at most ${REVIEW_LIMITS.title} characters`),
    content: safeText({ multiline: true, error: 'The review text is required' })
      .trim()
      .min(REVIEW_LIMITS.contentMin, `Write at least ${REVIEW_LIMITS.contentMin} characters`)
      .max(REVIEW_LIMITS.content, `The review can have at most ${REVIEW_LIMITS.content} characters`),
    relationship: z.enum(REVIEW_RELATIONSHIPS, { error: `relationship must be one of ${REVIEW_RELATIONSHIPS.join(', ')}` }),
    stayFrom: optionalDate,
    stayTo: optionalDate,
  });

function checkStay(r: { stayFrom: string | null; stayTo: string | null }, ctx: z.RefinementCtx): void {
  if (r.stayFrom && r.stayTo && r.stayFrom > r.stayTo) ctx.addIssue({ code: 'custom', message: 'The stay cannot end before it starts', path: ['stayTo'] });
  if (r.stayFrom && r.stayFrom > new Date().toISOString().slice(0, 10)) ctx.addIssue({ code: 'custom', message: 'The stay cannot start in the future', path: ['stayFrom'] });
}

/** An edit (PUT): the same fields as a new review, without the community. */
export const reviewInputSchema = reviewFields.superRefine(checkStay);
export type ReviewInput = z.output<typeof reviewInputSchema>;

export const createReviewRequestSchema = reviewFields
  .extend({ communityId: z.number({ error: 'communityId is required' }).int().positive().max(2_147_483_647) })
  .superRefine(checkStay);
export type CreateReviewRequest = z.input<typeof createReviewRequestSchema>;

export const reviewIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'id must be a positive whole number' }).int().positive().max(2_147_483_647),
});

export const familyReviewSchema = z.object({
  id: z.number().int(),
  community: z.object({ id: z.number().int(), name: z.string(), city: z.string(), state: z.string() }),
  rating: z.number().int(),
  title: z.string(),
  content: z.string(),
  relationship: z.enum(REVIEW_RELATIONSHIPS),
  stayFrom: z.string().nullable(),
  stayTo: z.string().nullable(),
  status: z.enum(REVIEW_STATES),
  moderationReason: z.string().nullable(),
  /** Text-derived sentiment in [0,1]. */
  sentiment: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FamilyReview = z.infer<typeof familyReviewSchema>;

export const myReviewsResponseSchema = z.object({ reviews: z.array(familyReviewSchema) });
export type MyReviewsResponse = z.infer<typeof myReviewsResponseSchema>;

// ---- The desk ----

export const adminReviewSchema = familyReviewSchema.extend({
  author: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
  /** Under ADR 008's rule the published copy will be Verified (an information request or a favorite of the author for this community). */
  verifiable: z.boolean(),
  moderatedBy: z.string().nullable(),
  moderatedAt: z.string().nullable(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewListQuerySchema = z.object({
  status: z.enum([...REVIEW_STATES, 'all'], { error: `status must be one of ${REVIEW_STATES.join(', ')} or all` }).default('pending'),
  ...pageQueryFields({ maxPageSize: 100, defaultPageSize: 25 }),
});
export const adminReviewListResponseSchema = z.object({
  reviews: z.array(adminReviewSchema),
  ...pagedTotalFields,
  pendingCount: z.number().int(),
});
export type AdminReviewListResponse = z.infer<typeof adminReviewListResponseSchema>;

export const MODERATION_ACTIONS = ['approve', 'reject', 'flag'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const moderateRequestSchema = z
  .object({
    action: z.enum(MODERATION_ACTIONS, { error: `action must be one of ${MODERATION_ACTIONS.join(', ')}` }),
    reason: safeText({ multiline: true })
      .trim()
      .max(REVIEW_LIMITS.reason, `The reason can have at most ${REVIEW_LIMITS.reason} characters`)
      .nullish()
      .transform((v) => (v ? v : undefined)),
  })
  .refine((m) => m.action === 'approve' || !!m.reason, { message: 'Say why (the author reads it)', path: ['reason'] });
export type ModerateRequest = z.input<typeof moderateRequestSchema>;
