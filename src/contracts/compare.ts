// Compare (issue 16, ADR 022): up to COMPARE_LIMIT communities side by side.
// GET/PUT/POST/DELETE /api/compare keep a signed-in user's list; POST /api/compare/merge adds the
// browser's list at sign-in; GET /api/compare/view answers the side-by-side table (signed in or out).
import { z } from 'zod';
import { communitySchema, idParamSchema } from './community';
import { cmsRecordSchema, licenceRecordSchema } from './records';
import { safeText } from './text';
import { COMPARE_LIMIT } from './constants';

// The limit lives in constants.ts (no zod), so the browser's always-loaded compare tray does not pull zod in.
export { COMPARE_LIMIT, COMPARE_LIMIT_MESSAGE } from './constants';

const communityIdSchema = z.union([z.number().int().positive().max(2_147_483_647), idParamSchema], {
  error: 'communityId must be a positive whole number',
});

/** GET /api/compare and every change: the ids in the order they were added. */
export const compareListSchema = z.object({ communityIds: z.array(z.number().int()) });
export type CompareList = z.infer<typeof compareListSchema>;

/** POST /api/compare: add one (409 CONFLICT when the list is full). */
export const compareAddSchema = z.object({ communityId: communityIdSchema });
/** PUT /api/compare: replace the list (400 when longer than COMPARE_LIMIT). */
export const compareReplaceSchema = z.object({ communityIds: z.array(communityIdSchema).max(100) });
/** POST /api/compare/merge: the browser's list; kept after the account's own until the list is full. */
export const compareMergeSchema = compareReplaceSchema;
export const compareMergeResponseSchema = compareListSchema.extend({
  /** Ids of the browser's list that did not fit (or no longer exist). */
  dropped: z.array(z.number().int()),
});
export type CompareMergeResponse = z.infer<typeof compareMergeResponseSchema>;
export const compareParamsSchema = z.object({ communityId: idParamSchema });

/** GET /api/compare/view?ids=1,2,3&near=Austin, TX */
export const compareViewQuerySchema = z.object({
  ids: safeText()
    .trim()
    .regex(/^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9})*$/, 'must be community ids separated by commas')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .pipe(
      z
        .array(z.number().int().positive().max(2_147_483_647, 'is too large'))
        .max(COMPARE_LIMIT, `at most ${COMPARE_LIMIT} communities can be compared`),
    ),
  near: safeText().trim().max(100).optional(),
});
export type CompareViewQuery = z.input<typeof compareViewQuerySchema>;

export const comparePlaceSchema = z.object({
  /** What the family typed, as understood ("78701", "Austin, TX"). */
  label: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** What the point is: 'zip' (the ZIP code centre) or 'city' (the city centre). */
  basis: z.enum(['zip', 'city']),
});
export type ComparePlace = z.infer<typeof comparePlaceSchema>;

/**
 * The community entity's identity, address, rating, care types, pricing (per care type, lowest minPrice
 * first) and source, plus the facts compared. `amenities` are the search amenities and the community
 * amenities, once each, sorted.
 */
export const compareCommunitySchema = communitySchema
  .pick({ id: true, name: true, address: true, city: true, state: true, zipCode: true, rating: true, reviewCount: true, careTypes: true, pricing: true, amenities: true, source: true })
  .extend({
    capacity: z.number().int().nullable(),
    licence: licenceRecordSchema.nullable(),
    cms: cmsRecordSchema.nullable(),
    /** Straight-line miles from the place (null without a place or without coordinates). */
    distanceMiles: z.number().nullable(),
    /** The map point is the ZIP or city centre, so the distance is approximate too. */
    locationApproximate: z.boolean(),
    /** Its 3 most mentioned review themes with their tone ("Staff (praised)"; ADR 021); null without scored reviews. */
    themes: z.array(z.string()).nullable(),
  });
export type CompareCommunity = z.infer<typeof compareCommunitySchema>;

export const compareViewSchema = z.object({
  /** In the order asked for; ids that do not exist are in `missing`. */
  communities: z.array(compareCommunitySchema),
  missing: z.array(z.number().int()),
  place: comparePlaceSchema.nullable(),
});
export type CompareView = z.infer<typeof compareViewSchema>;
