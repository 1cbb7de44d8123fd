// Routes of the favorites module (registered under /api in src/server/app.ts). SPEC section 7.
// Every route needs a signed-in user and only reads or changes that user's own rows.
import { errorResponseSchema } from '../../../contracts/errors';
import {
  addFavoriteRequestSchema,
  favoriteCheckParamsSchema,
  favoriteCheckResponseSchema,
  favoriteCommunityParamsSchema,
  favoriteMutationResponseSchema,
  favoritesResponseSchema,
} from '../../../contracts/favorites';
import { AppError, notFound } from '../../lib/errors';
import type { RouteModule } from '../../types';
import { requireUser } from '../auth/session';
import { addFavorite, isFavorite, listFavorites, removeFavorite } from './favorites.repo';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export const favoriteRoutes: RouteModule = (app, { pool, db }) => {
  const userId = (request: { user: { id: number } | null }) => {
    if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    return request.user.id;
  };

  app.get(
    '/favorites',
    { onRequest: requireUser, schema: { response: { 200: favoritesResponseSchema, ...errors } } },
    async (request, reply) => {
      const favorites = await listFavorites(pool, userId(request));
      return reply.header('Cache-Control', 'no-store').send({ favorites });
    },
  );

  app.post(
    '/favorites',
    { onRequest: requireUser, schema: { body: addFavoriteRequestSchema, response: { 200: favoriteMutationResponseSchema, ...errors } } },
    async (request) => {
      const { communityId } = request.body;
      if (!(await addFavorite(pool, userId(request), communityId))) throw notFound('Community');
      return { communityId, isFavorite: true };
    },
  );

  app.delete(
    '/favorites/:communityId',
    { onRequest: requireUser, schema: { params: favoriteCommunityParamsSchema, response: { 200: favoriteMutationResponseSchema, ...errors } } },
    async (request) => {
      const { communityId } = request.params;
      await removeFavorite(db, userId(request), communityId);
      return { communityId, isFavorite: false };
    },
  );

  app.get(
    '/favorites/:id/check',
    { onRequest: requireUser, schema: { params: favoriteCheckParamsSchema, response: { 200: favoriteCheckResponseSchema, ...errors } } },
    async (request, reply) => {
      const result = await isFavorite(db, userId(request), request.params.id);
      return reply.header('Cache-Control', 'no-store').send({ isFavorite: result });
    },
  );
};
