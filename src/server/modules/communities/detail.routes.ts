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

export const communityDetailRoutes: RouteModule = (app, { pool }) => {
  app.get(
    '/communities/:id',
    {
      schema: {
        params: communityIdParamsSchema,
        response: { 200: communityDetailSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => getCommunityDetail(pool, request.params.id),
  );

  app.get(
    '/reviews/:id',
    {
      schema: {
        params: communityIdParamsSchema,
        querystring: reviewsQuerySchema,
        response: { 200: reviewsResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => getCommunityReviews(pool, request.params.id, request.query.page, request.query.pageSize),
  );
};
