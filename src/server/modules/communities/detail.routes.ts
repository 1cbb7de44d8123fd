// Community detail and review routes (registered under /api in src/server/app.ts).
import {
  communityDetailSchema,
  communityIdParamsSchema,
  reviewsQuerySchema,
  reviewsResponseSchema,
} from '../../../contracts/community';
import { errorResponseSchema } from '../../../contracts/errors';
import type { RouteModule } from '../../types';
import { getCommunityDetail, getCommunityReviews } from './detail.service';

/** The schema of a GET of one community by its id: the id parameter, the answer, 400 for a bad id, 404 for an unknown community. */
export function communityIdSchema<R>(answer: R) {
  return { params: communityIdParamsSchema, response: { 200: answer, 400: errorResponseSchema, 404: errorResponseSchema } };
}

export const communityDetailRoutes: RouteModule = (app, { pool }) => {
  app.get('/communities/:id', { schema: communityIdSchema(communityDetailSchema) }, async (request) => getCommunityDetail(pool, request.params.id));

  app.get(
    '/reviews/:id',
    { schema: { ...communityIdSchema(reviewsResponseSchema), querystring: reviewsQuerySchema } },
    async (request) => getCommunityReviews(pool, request.params.id, request.query.page, request.query.pageSize),
  );
};
