// Routes of reviews written on this site (registered under /api in src/server/app.ts; issue 16, ADR 023).
// The author's routes need a signed-in user and only see that user's rows; the moderation queue is admin only.
import { z } from 'zod';
import { errorResponseSchema } from '../../../contracts/errors';
import {
  adminReviewListQuerySchema,
  adminReviewListResponseSchema,
  adminReviewSchema,
  createReviewRequestSchema,
  familyReviewSchema,
  moderateRequestSchema,
  myReviewsResponseSchema,
  reviewIdParamsSchema,
  reviewInputSchema,
} from '../../../contracts/family-reviews';
import { AppError } from '../../lib/errors';
import type { RouteModule } from '../../types';
import { requireAdmin, requireUser } from '../auth/session';
import { findUserReviewOf, listForDesk, listUserReviews, toFamilyReview } from './reviews.repo';
import { createReview, editReview, moderateReview } from './reviews.service';

/** Review writes (new and edits) per minute per client address. */
export const REVIEW_RATE_LIMIT_MAX = 10;
const REVIEW_BODY_LIMIT = 32 * 1024;

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

const userId = (request: { user: { id: number } | null }) => {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return request.user.id;
};

export const familyReviewRoutes: RouteModule = (app, { pool }) => {
  const rateLimit = { max: REVIEW_RATE_LIMIT_MAX, timeWindow: '1 minute' };

  app.post(
    '/family-reviews',
    {
      onRequest: requireUser,
      bodyLimit: REVIEW_BODY_LIMIT,
      config: { rateLimit },
      schema: { body: createReviewRequestSchema, response: { 201: familyReviewSchema, ...errors, 429: errorResponseSchema } },
    },
    async (request, reply) => {
      const { communityId, ...input } = request.body;
      return reply.status(201).send(await createReview(pool, userId(request), communityId, input));
    },
  );

  app.put(
    '/family-reviews/:id',
    {
      onRequest: requireUser,
      bodyLimit: REVIEW_BODY_LIMIT,
      config: { rateLimit },
      schema: { params: reviewIdParamsSchema, body: reviewInputSchema, response: { 200: familyReviewSchema, ...errors, 429: errorResponseSchema } },
    },
    async (request) => editReview(pool, userId(request), request.params.id, request.body),
  );

  app.get(
    '/family-reviews/mine',
    {
      onRequest: requireUser,
      schema: {
        querystring: z.object({ communityId: z.coerce.number().int().positive().max(2_147_483_647).optional() }),
        response: { 200: myReviewsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const id = userId(request);
      const { communityId } = request.query;
      const rows = communityId !== undefined ? [await findUserReviewOf(pool, id, communityId)].filter((r) => r !== null) : await listUserReviews(pool, id);
      return reply.header('Cache-Control', 'no-store').send({ reviews: rows.map(toFamilyReview) });
    },
  );

  app.get(
    '/admin/reviews',
    { onRequest: requireAdmin, schema: { querystring: adminReviewListQuerySchema, response: { 200: adminReviewListResponseSchema, ...errors } } },
    async (request, reply) => {
      const { status, page, pageSize } = request.query;
      return reply.header('Cache-Control', 'no-store').send({ ...(await listForDesk(pool, status, page, pageSize)), page, pageSize });
    },
  );

  app.post(
    '/admin/reviews/:id/moderate',
    { onRequest: requireAdmin, schema: { params: reviewIdParamsSchema, body: moderateRequestSchema, response: { 200: adminReviewSchema, ...errors } } },
    async (request) => moderateReview(pool, request.user!.id, request.params.id, request.body.action, request.body.reason),
  );
};
