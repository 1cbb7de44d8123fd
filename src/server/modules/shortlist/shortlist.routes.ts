// Routes of the shortlist that travels (registered under /api in src/server/app.ts; issue 16, ADR 022).
// /shortlists/*: a signed-in owner or collaborator; /shortlists/mine/*: the owner only;
// /shared/:token: anyone holding an active link.
import { errorResponseSchema } from '../../../contracts/errors';
import {
  addCollaboratorSchema,
  addCommentSchema,
  collaboratorParamsSchema,
  collaboratorsResponseSchema,
  createShareResponseSchema,
  createShareSchema,
  noteBodySchema,
  noteParamsSchema,
  noteResponseSchema,
  ownerParamsSchema,
  shareParamsSchema,
  shareSchema,
  sharedShortlistSchema,
  sharesResponseSchema,
  shortlistCommentSchema,
  shortlistSchema,
  shortlistsResponseSchema,
  tokenParamsSchema,
} from '../../../contracts/shortlist';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { RouteModule } from '../../types';
import { requireUser } from '../auth/session';
import {
  addCollaborator,
  findUserIdByEmail,
  insertComment,
  insertShare,
  isOnList,
  listCollaborators,
  listComments,
  listItems,
  listShares,
  listShortlists,
  removeCollaborator,
  revokeShare,
  setNote,
  findUser,
} from './shortlist.repo';
import { expiryOf, newShareToken, openShare, ownerFor, ownerName, publicOwnerName, toShare } from './shortlist.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

export const shortlistRoutes: RouteModule = (app, { pool }) => {
  const userId = (request: { user: { id: number } | null }) => {
    if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    return request.user.id;
  };
  const auth = { onRequest: requireUser };

  app.get('/shortlists', { ...auth, schema: { response: { 200: shortlistsResponseSchema, ...errors } } }, async (request, reply) => {
    const me = userId(request);
    const rows = await listShortlists(pool, me);
    return reply.header('Cache-Control', 'no-store').send({
      shortlists: rows.map((r) => ({ ownerId: r.owner_id, ownerName: ownerName(r), isOwner: r.owner_id === me, count: r.count })),
    });
  });

  app.get(
    '/shortlists/:ownerId',
    { ...auth, schema: { params: ownerParamsSchema, response: { 200: shortlistSchema, ...errors } } },
    async (request, reply) => {
      const me = userId(request);
      const owner = await ownerFor(pool, request.params.ownerId, me);
      const [items, comments] = await Promise.all([listItems(pool, owner.id), listComments(pool, owner.id)]);
      return reply
        .header('Cache-Control', 'no-store')
        .send({ ownerId: owner.id, ownerName: ownerName(owner), isOwner: owner.id === me, items, comments });
    },
  );

  app.put(
    '/shortlists/:ownerId/notes/:communityId',
    { ...auth, schema: { params: noteParamsSchema, body: noteBodySchema, response: { 200: noteResponseSchema, ...errors } } },
    async (request) => {
      const me = userId(request);
      const owner = await ownerFor(pool, request.params.ownerId, me);
      const note = request.body.note || null;
      const saved = await setNote(pool, owner.id, request.params.communityId, note, me);
      if (!saved) throw notFound('Community on this shortlist');
      return { communityId: request.params.communityId, note: saved.note, noteUpdatedAt: saved.note_updated_at?.toISOString() ?? null };
    },
  );

  app.get('/shortlists/mine/collaborators', { ...auth, schema: { response: { 200: collaboratorsResponseSchema, ...errors } } }, async (request, reply) => {
    const collaborators = await listCollaborators(pool, userId(request));
    return reply.header('Cache-Control', 'no-store').send({ collaborators });
  });

  app.post(
    '/shortlists/mine/collaborators',
    { ...auth, schema: { body: addCollaboratorSchema, response: { 200: collaboratorsResponseSchema, ...errors } } },
    async (request) => {
      const me = userId(request);
      const other = await findUserIdByEmail(pool, request.body.email);
      if (other === null) {
        throw new AppError('NOT_FOUND', `No account uses ${request.body.email}. Ask them to create a free account first, then add them.`);
      }
      if (other === me) throw badRequest('This is your own shortlist; add a family member’s e-mail address.');
      await addCollaborator(pool, me, other);
      return { collaborators: await listCollaborators(pool, me) };
    },
  );

  app.delete(
    '/shortlists/mine/collaborators/:userId',
    { ...auth, schema: { params: collaboratorParamsSchema, response: { 200: collaboratorsResponseSchema, ...errors } } },
    async (request) => {
      const me = userId(request);
      await removeCollaborator(pool, me, request.params.userId);
      return { collaborators: await listCollaborators(pool, me) };
    },
  );

  app.get('/shortlists/mine/shares', { ...auth, schema: { response: { 200: sharesResponseSchema, ...errors } } }, async (request, reply) => {
    const now = new Date();
    const shares = (await listShares(pool, userId(request))).map((s) => toShare(s, now));
    return reply.header('Cache-Control', 'no-store').send({ shares });
  });

  app.post(
    '/shortlists/mine/shares',
    { ...auth, schema: { body: createShareSchema, response: { 200: createShareResponseSchema, ...errors } } },
    async (request, reply) => {
      const expiresAt = expiryOf(request.body.expiresOn);
      const { token, lookup, secretHash } = newShareToken();
      const row = await insertShare(pool, { ownerId: userId(request), lookup, secretHash, access: request.body.access, expiresAt });
      return reply.header('Cache-Control', 'no-store').send({ share: toShare(row), token, path: `/shared/${token}` });
    },
  );

  app.delete(
    '/shortlists/mine/shares/:shareId',
    { ...auth, schema: { params: shareParamsSchema, response: { 200: shareSchema, ...errors } } },
    async (request) => {
      const row = await revokeShare(pool, userId(request), request.params.shareId);
      if (!row) throw notFound('Share link');
      return toShare(row);
    },
  );

  app.get(
    '/shared/:token',
    { schema: { params: tokenParamsSchema, response: { 200: sharedShortlistSchema, ...errors } } },
    async (request, reply) => {
      const share = await openShare(pool, request.params.token);
      const owner = await findUser(pool, share.owner_id);
      if (!owner) throw notFound('Shortlist');
      const [items, comments] = await Promise.all([listItems(pool, owner.id), listComments(pool, owner.id)]);
      return reply
        .header('Cache-Control', 'no-store')
        .header('X-Robots-Tag', 'noindex')
        .header('Referrer-Policy', 'no-referrer')
        .send({
          access: share.access,
          ownerName: publicOwnerName(owner),
          expiresAt: share.expires_at?.toISOString() ?? null,
          items: items.map(({ noteUpdatedBy: _by, ...item }) => item),
          comments,
        });
    },
  );

  app.post(
    '/shared/:token/comments',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { params: tokenParamsSchema, body: addCommentSchema, response: { 200: shortlistCommentSchema, ...errors } },
    },
    async (request) => {
      const share = await openShare(pool, request.params.token);
      if (share.access !== 'comment') {
        throw new AppError('FORBIDDEN', 'This link lets you read the shortlist only. Ask its owner for a link that allows comments.');
      }
      const communityId = request.body.communityId ?? null;
      if (communityId !== null && !(await isOnList(pool, share.owner_id, communityId))) throw notFound('Community on this shortlist');
      return insertComment(pool, { ownerId: share.owner_id, shareId: share.id, communityId, authorName: request.body.name, body: request.body.body });
    },
  );
};
