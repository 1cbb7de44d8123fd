// The shortlist that travels (issue 16, ADR 022): the owner's favorites with a note per community,
// collaborators (signed-in family members who edit notes) and share links (read-only or comment).
import { z } from 'zod';
import { communitySchema, idParamSchema } from './community';
import { safeText } from './text';

export const NOTE_MAX = 2000;
export const COMMENT_MAX = 2000;
export const SHARE_ACCESS = ['read', 'comment'] as const;
export type ShareAccess = (typeof SHARE_ACCESS)[number];

export const shortlistItemSchema = z.object({
  communityId: z.number().int(),
  createdAt: z.string(),
  note: z.string().nullable(),
  noteUpdatedAt: z.string().nullable(),
  /** Who wrote the note last (first name or e-mail); null when unknown. */
  noteUpdatedBy: z.string().nullable(),
  community: communitySchema,
});
export type ShortlistItem = z.infer<typeof shortlistItemSchema>;

export const shortlistCommentSchema = z.object({
  id: z.number().int(),
  communityId: z.number().int().nullable(),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type ShortlistComment = z.infer<typeof shortlistCommentSchema>;

/** GET /api/shortlists: the user's own list and the lists they collaborate on. */
export const shortlistSummarySchema = z.object({
  ownerId: z.number().int(),
  ownerName: z.string(),
  isOwner: z.boolean(),
  count: z.number().int(),
});
export const shortlistsResponseSchema = z.object({ shortlists: z.array(shortlistSummarySchema) });
export type ShortlistsResponse = z.infer<typeof shortlistsResponseSchema>;

/** GET /api/shortlists/:ownerId (the owner or a collaborator). */
export const shortlistSchema = z.object({
  ownerId: z.number().int(),
  ownerName: z.string(),
  isOwner: z.boolean(),
  items: z.array(shortlistItemSchema),
  comments: z.array(shortlistCommentSchema),
});
export type Shortlist = z.infer<typeof shortlistSchema>;

export const ownerParamsSchema = z.object({ ownerId: idParamSchema });
export const noteParamsSchema = z.object({ ownerId: idParamSchema, communityId: idParamSchema });
/** PUT /api/shortlists/:ownerId/notes/:communityId; an empty note removes it. */
export const noteBodySchema = z.object({ note: safeText({ multiline: true, error: 'note must be text' }).trim().max(NOTE_MAX) });
export const noteResponseSchema = z.object({ communityId: z.number().int(), note: z.string().nullable(), noteUpdatedAt: z.string().nullable() });

export const collaboratorSchema = z.object({ userId: z.number().int(), email: z.string(), name: z.string().nullable(), addedAt: z.string() });
export type Collaborator = z.infer<typeof collaboratorSchema>;
export const collaboratorsResponseSchema = z.object({ collaborators: z.array(collaboratorSchema) });
export const addCollaboratorSchema = z.object({
  email: safeText({ error: 'email is required' }).trim().toLowerCase().pipe(z.email({ error: 'email must be an e-mail address' }).max(254)),
});
export const collaboratorParamsSchema = z.object({ userId: idParamSchema });

export const shareSchema = z.object({
  id: z.number().int(),
  access: z.enum(SHARE_ACCESS),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  /** 'active', 'revoked' or 'expired'. */
  status: z.enum(['active', 'revoked', 'expired']),
});
export type Share = z.infer<typeof shareSchema>;
export const sharesResponseSchema = z.object({ shares: z.array(shareSchema) });
/** POST /api/shortlists/mine/shares. `expiresOn` (YYYY-MM-DD): the link works through that day (UTC). */
export const createShareSchema = z.object({
  access: z.enum(SHARE_ACCESS, { error: "access must be 'read' or 'comment'" }),
  expiresOn: safeText()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'is not a real date')
    .nullable()
    .optional(),
});
export type CreateShareRequest = z.input<typeof createShareSchema>;
/** The token is shown once, at creation; only its hash is kept. */
export const createShareResponseSchema = z.object({ share: shareSchema, token: z.string(), path: z.string() });
export type CreateShareResponse = z.infer<typeof createShareResponseSchema>;
export const shareParamsSchema = z.object({ shareId: idParamSchema });

export const tokenParamsSchema = z.object({ token: safeText().max(200) });
/** GET /api/shared/:token (no account needed). */
export const sharedShortlistSchema = z.object({
  access: z.enum(SHARE_ACCESS),
  ownerName: z.string(),
  expiresAt: z.string().nullable(),
  items: z.array(shortlistItemSchema.omit({ noteUpdatedBy: true })),
  comments: z.array(shortlistCommentSchema),
});
export type SharedShortlist = z.infer<typeof sharedShortlistSchema>;
/** POST /api/shared/:token/comments (comment links only). */
export const addCommentSchema = z.object({
  name: safeText({ error: 'name is required' }).trim().min(1, 'name is required').max(80),
  body: safeText({ multiline: true, error: 'comment is required' }).trim().min(1, 'comment is required').max(COMMENT_MAX),
  communityId: z.union([z.number().int().positive().max(2_147_483_647), idParamSchema]).nullable().optional(),
});
export type AddCommentRequest = z.input<typeof addCommentSchema>;
