// Routes of saved prospect lists (Pro; registered under /api in src/server/app.ts). A user only ever sees
// and changes their own lists; another user's list answers 404.
import { errorResponseSchema } from '../../../contracts/errors';
import {
  addListItemRequestSchema,
  createListRequestSchema,
  LIST_CSV_COLUMNS,
  listDeletedSchema,
  listDetailSchema,
  listIdParamsSchema,
  listItemMutationSchema,
  listItemParamsSchema,
  listSummarySchema,
  listsResponseSchema,
  type ListDetail,
} from '../../../contracts/lists';
import { csvFileName, csvLine } from '../../lib/csv';
import { AppError, notFound } from '../../lib/errors';
import type { RouteModule } from '../../types';
import { requirePro } from '../auth/session';
import { csvFileResponse, sendCsvFile } from '../docs/responses';
import { deleteItem, deleteList, insertItem, insertList, type ListRow, selectItems, selectLists, selectOwnList } from './lists.repo';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

const summary = (r: ListRow) => ({ id: r.id, name: r.name, createdAt: r.created_at.toISOString(), communities: r.communities, operators: r.operators });

export const listRoutes: RouteModule = (app, { pool }) => {
  const userId = (request: { user: { id: number } | null }) => {
    if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    return request.user.id;
  };
  const ownList = async (request: { user: { id: number } | null }, id: number) => {
    const list = await selectOwnList(pool, userId(request), id);
    if (!list) throw notFound('List');
    return list;
  };
  const detail = async (request: { user: { id: number } | null }, id: number): Promise<ListDetail> => {
    const list = await ownList(request, id);
    const items = await selectItems(pool, list.id);
    return {
      id: list.id,
      name: list.name,
      createdAt: list.created_at.toISOString(),
      items: items.map(({ added_at, ...i }) => ({ ...i, addedAt: added_at.toISOString() })),
    };
  };

  app.get('/lists', { onRequest: requirePro, schema: { response: { 200: listsResponseSchema, ...errors } } }, async (request, reply) => {
    const lists = await selectLists(pool, userId(request));
    return reply.header('Cache-Control', 'no-store').send({ lists: lists.map(summary) });
  });

  app.post(
    '/lists',
    { onRequest: requirePro, schema: { body: createListRequestSchema, response: { 201: listSummarySchema, ...errors } } },
    async (request, reply) => {
      const row = await insertList(pool, userId(request), request.body.name);
      if (!row) throw new AppError('CONFLICT', `You already have a list named "${request.body.name}"`);
      return reply.code(201).send(summary(row));
    },
  );

  app.get('/lists/:id', { onRequest: requirePro, schema: { params: listIdParamsSchema, response: { 200: listDetailSchema, ...errors } } }, async (request, reply) =>
    reply.header('Cache-Control', 'no-store').send(await detail(request, request.params.id)),
  );

  app.delete('/lists/:id', { onRequest: requirePro, schema: { params: listIdParamsSchema, response: { 200: listDeletedSchema, ...errors } } }, async (request) => {
    if (!(await deleteList(pool, userId(request), request.params.id))) throw notFound('List');
    return { id: request.params.id, deleted: true as const };
  });

  app.post(
    '/lists/:id/items',
    { onRequest: requirePro, schema: { params: listIdParamsSchema, body: addListItemRequestSchema, response: { 200: listItemMutationSchema, ...errors } } },
    async (request) => {
      const list = await ownList(request, request.params.id);
      const { type, id } = request.body;
      if (!(await insertItem(pool, list.id, type, id))) throw notFound(type === 'community' ? 'Community' : 'Operator');
      return { listId: list.id, type, id, saved: true };
    },
  );

  app.delete(
    '/lists/:id/items/:type/:itemId',
    { onRequest: requirePro, schema: { params: listItemParamsSchema, response: { 200: listItemMutationSchema, ...errors } } },
    async (request) => {
      const list = await ownList(request, request.params.id);
      await deleteItem(pool, list.id, request.params.type, request.params.itemId);
      return { listId: list.id, type: request.params.type, id: request.params.itemId, saved: false };
    },
  );

  // CRM import: one line per saved community or operator, through the CSV formula guard (src/server/lib/csv.ts).
  app.get('/lists/:id/export.csv', { onRequest: requirePro, schema: { params: listIdParamsSchema, response: { 200: csvFileResponse('The saved list as CSV with CRM column names'), ...errors } } }, async (request, reply) => {
    const list = await detail(request, request.params.id);
    const body = [csvLine(LIST_CSV_COLUMNS), ...list.items.map((i) => csvLine([i.name, i.phone, i.email, i.website, i.city, i.state, i.communities]))].join('');
    const slug = list.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'list';
    return sendCsvFile(reply, csvFileName(`list-${slug}`), [body]);
  });
};
