// Routes of compare (registered under /api in src/server/app.ts; issue 16, ADR 022).
// The list routes need a signed-in user and touch only that user's rows; the view works signed out.
import {
  COMPARE_LIMIT,
  COMPARE_LIMIT_MESSAGE,
  compareAddSchema,
  compareListSchema,
  compareMergeResponseSchema,
  compareMergeSchema,
  compareParamsSchema,
  compareReplaceSchema,
  compareViewQuerySchema,
  compareViewSchema,
} from '../../../contracts/compare';
import { errorResponseSchema } from '../../../contracts/errors';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { RouteModule } from '../../types';
import { requireUser } from '../auth/session';
import { addCompare, listCompare, mergeCompare, removeCompare, replaceCompare } from './compare.repo';
import { compareView } from './compare.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

export const compareRoutes: RouteModule = (app, { pool, search, themes }) => {
  // Per-community theme reports are not cached (each is a few indexed statements over one community's reviews).
  const userId = (request: { user: { id: number } | null }) => {
    if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    return request.user.id;
  };

  app.get('/compare', { onRequest: requireUser, schema: { response: { 200: compareListSchema, ...errors } } }, async (request, reply) => {
    const communityIds = await listCompare(pool, userId(request));
    return reply.header('Cache-Control', 'no-store').send({ communityIds });
  });

  app.post('/compare', { onRequest: requireUser, schema: { body: compareAddSchema, response: { 200: compareListSchema, ...errors } } }, async (request) => {
    const result = await addCompare(pool, userId(request), request.body.communityId);
    if (result.kind === 'missing') throw notFound('Community');
    if (result.kind === 'full') throw new AppError('CONFLICT', COMPARE_LIMIT_MESSAGE);
    return { communityIds: result.ids };
  });

  app.put('/compare', { onRequest: requireUser, schema: { body: compareReplaceSchema, response: { 200: compareListSchema, ...errors } } }, async (request) => {
    const ids = [...new Set(request.body.communityIds)];
    if (ids.length > COMPARE_LIMIT) throw badRequest(COMPARE_LIMIT_MESSAGE);
    return { communityIds: await replaceCompare(pool, userId(request), ids) };
  });

  app.post(
    '/compare/merge',
    { onRequest: requireUser, schema: { body: compareMergeSchema, response: { 200: compareMergeResponseSchema, ...errors } } },
    async (request) => {
      const { ids, dropped } = await mergeCompare(pool, userId(request), [...new Set(request.body.communityIds)]);
      return { communityIds: ids, dropped };
    },
  );

  app.delete(
    '/compare/:communityId',
    { onRequest: requireUser, schema: { params: compareParamsSchema, response: { 200: compareListSchema, ...errors } } },
    async (request) => ({ communityIds: await removeCompare(pool, userId(request), request.params.communityId) }),
  );

  app.get('/compare/view', { schema: { querystring: compareViewQuerySchema, response: { 200: compareViewSchema, ...errors } } }, async (request) => {
    const { ids, near } = request.query;
    return compareView(pool, search, ids, near || undefined, themes);
  });
};
