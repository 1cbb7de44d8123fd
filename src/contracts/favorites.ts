// Favorites (SPEC section 7): GET/POST /api/favorites, DELETE /api/favorites/:communityId,
// GET /api/favorites/:id/check. All need a signed-in user and only touch that user's rows.
import { z } from 'zod';
import { communitySchema, idParamSchema } from './community';

export const favoriteSchema = z.object({
  communityId: z.number().int(),
  /** When it was saved (ISO timestamp). */
  createdAt: z.string(),
  /** The community as a search card shows it. */
  community: communitySchema,
});
export type Favorite = z.infer<typeof favoriteSchema>;

/** GET /api/favorites: newest first. */
export const favoritesResponseSchema = z.object({ favorites: z.array(favoriteSchema) });
export type FavoritesResponse = z.infer<typeof favoritesResponseSchema>;

/** POST /api/favorites. Idempotent: saving a saved community again changes nothing. */
export const addFavoriteRequestSchema = z.object({
  /** A number, or its digits as a string. */
  communityId: z.union([z.number().int().positive().max(2_147_483_647), idParamSchema], {
    error: 'communityId must be a positive whole number',
  }),
});
export type AddFavoriteRequest = z.input<typeof addFavoriteRequestSchema>;

export const favoriteMutationResponseSchema = z.object({
  communityId: z.number().int(),
  isFavorite: z.boolean(),
});
export type FavoriteMutationResponse = z.infer<typeof favoriteMutationResponseSchema>;

export const favoriteCommunityParamsSchema = z.object({ communityId: idParamSchema });
export const favoriteCheckParamsSchema = z.object({ id: idParamSchema });

/** GET /api/favorites/:id/check */
export const favoriteCheckResponseSchema = z.object({ isFavorite: z.boolean() });
export type FavoriteCheckResponse = z.infer<typeof favoriteCheckResponseSchema>;
