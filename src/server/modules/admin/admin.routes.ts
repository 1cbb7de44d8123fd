// Routes of the care-advisor desk (registered under /api in src/server/app.ts). Every route is admin
// only (requireAdmin: 401 signed out, 403 for other users). The module also runs the lead notifier.
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  adminIdParamsSchema,
  adminUserSchema,
  dataOverviewResponseSchema,
  IMPORT_MAX_BYTES,
  IMPORT_UPLOAD_KINDS,
  importSummaryResponseSchema,
  leadDetailResponseSchema,
  leadFiltersSchema,
  leadListQuerySchema,
  leadListResponseSchema,
  leadStatusRequestSchema,
  notifyResponseSchema,
  userListQuerySchema,
  userListResponseSchema,
  userPatchRequestSchema,
  type ImportUploadKind,
} from '../../../contracts/admin';
import { errorResponseSchema } from '../../../contracts/errors';
import { AppError, notFound } from '../../lib/errors';
import type { App, RouteModule } from '../../types';
import { requireAdmin } from '../auth/session';
import { csvFileName } from '../../lib/csv';
import { csvFileResponse, sendCsvFile } from '../docs/responses';
import { notifyLead, setupNotifier } from '../notify/notifier';
import { dataOverview, findLead, listLeads, listUsers, toAdminLead } from './admin.repo';
import { changeLeadStatus, getLeadDetail, importLicensedUpload, importUpload, leadCsv, patchUser } from './admin.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

export const adminRoutes: RouteModule = async (parent, { pool, env }) => {
  // One encapsulated plugin: multipart and the guard stay inside the admin module.
  await parent.register(async (instance) => {
    const app = instance as unknown as App;
    // onRequest: refused before any body (e.g. an upload) is read or validated. Put on each route (not
    // addHook) so that the route itself names its guard: the OpenAPI document reads it (ADR 019).
    app.addHook('onRoute', (route) => {
      route.onRequest = [requireAdmin, ...(Array.isArray(route.onRequest) ? route.onRequest : route.onRequest ? [route.onRequest] : [])];
    });
    const notifier = setupNotifier(app, { pool, env, worker: env.NODE_ENV !== 'test' });

    // The inbox (the lead list the spec's client refreshes after a request is sent).
    app.get('/leads', { schema: { querystring: leadListQuerySchema, response: { 200: leadListResponseSchema, ...errors } } }, async (request) => {
      const { page, pageSize, ...filters } = request.query;
      const result = await listLeads(pool, filters, page, pageSize);
      return { ...result, page, pageSize };
    });

    app.get('/admin/leads/export.csv', { schema: { querystring: leadFiltersSchema, response: { 200: csvFileResponse('The filtered information requests as CSV') } } }, async (request, reply) => {
      return sendCsvFile(reply, csvFileName('information-requests'), leadCsv(pool, request.query));
    });

    app.get('/admin/leads/:id', { schema: { params: adminIdParamsSchema, response: { 200: leadDetailResponseSchema, ...errors } } }, async (request) =>
      getLeadDetail(pool, request.params.id),
    );

    app.post(
      '/admin/leads/:id/status',
      { schema: { params: adminIdParamsSchema, body: leadStatusRequestSchema, response: { 200: leadDetailResponseSchema, ...errors } } },
      async (request) => changeLeadStatus(pool, request.params.id, request.body.status, request.user!.id, request.body.note),
    );

    // Retry now: ignores the backoff and the attempt limit; a notification already sent is not resent.
    app.post('/admin/leads/:id/notify', { schema: { params: adminIdParamsSchema, response: { 200: notifyResponseSchema, ...errors } } }, async (request) => {
      const id = request.params.id;
      const before = await findLead(pool, id);
      if (!before) throw notFound('Information request');
      if (before.notification_status === 'sent' || before.notification_status === 'logged') {
        throw new AppError('CONFLICT', 'The advisors were already notified about this request.');
      }
      const outcome = await notifyLead(notifier, id, { force: true });
      if (outcome === 'skipped') throw new AppError('CONFLICT', 'This notification is being sent right now. Reload in a moment.');
      const after = await findLead(pool, id);
      return { id, notification: toAdminLead(after!).notification };
    });

    app.get('/admin/users', { schema: { querystring: userListQuerySchema, response: { 200: userListResponseSchema, ...errors } } }, async (request) => {
      const { q, page, pageSize } = request.query;
      return { ...(await listUsers(pool, q, page, pageSize)), page, pageSize };
    });

    app.patch(
      '/admin/users/:id',
      { schema: { params: adminIdParamsSchema, body: userPatchRequestSchema, response: { 200: adminUserSchema, ...errors } } },
      async (request) => patchUser(pool, request.params.id, request.body),
    );

    app.get('/admin/data', { schema: { response: { 200: dataOverviewResponseSchema, ...errors } } }, async () => dataOverview(pool));

    await app.register(multipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 8 },
    });

    const kindSchema = z.enum(IMPORT_UPLOAD_KINDS, { error: `kind must be one of ${IMPORT_UPLOAD_KINDS.join(', ')}` });
    const mb = Math.round(IMPORT_MAX_BYTES / 1024 / 1024);

    app.post(
      '/admin/imports',
      { schema: { response: { 200: importSummaryResponseSchema, ...errors, 413: errorResponseSchema, 415: errorResponseSchema, 422: errorResponseSchema } } },
      async (request) => {
        if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload the CSV file as multipart/form-data (fields: kind, asOf, state, source, file).');
        let kind: ImportUploadKind = 'auto';
        let asOf: string | undefined;
        // Options of the licence-list importer (kind 'licensed'), as `--state` and `--source` of the CLI.
        let state: string | undefined;
        let sourceName: string | undefined;
        let file: { name: string; content: Buffer } | null = null;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              const content = await part.toBuffer();
              file = { name: (part.filename || 'upload.csv').slice(0, 200), content };
            } else if (part.fieldname === 'kind') {
              const parsed = kindSchema.safeParse(String(part.value ?? '').trim() || 'auto');
              if (!parsed.success) throw new AppError('VALIDATION_ERROR', parsed.error.issues[0]?.message ?? 'kind is invalid');
              kind = parsed.data;
            } else if (part.fieldname === 'asOf') {
              // The date the file's data describes, for files without one inside (ADR 008); checked by the importer.
              asOf = String(part.value ?? '').trim() || undefined;
            } else if (part.fieldname === 'state') {
              state = String(part.value ?? '').trim().toUpperCase() || undefined;
            } else if (part.fieldname === 'source') {
              sourceName = String(part.value ?? '').trim().slice(0, 200) || undefined;
            }
          }
        } catch (err) {
          if (err instanceof AppError) throw err;
          const code = (err as { code?: string }).code ?? '';
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${mb} MB. Nothing was imported.`);
          if (code.startsWith('FST_')) throw new AppError('BAD_REQUEST', `The upload could not be read: ${(err as Error).message}`);
          throw err;
        }
        if (!file || file.content.length === 0) throw new AppError('BAD_REQUEST', 'Choose a non-empty CSV file to upload.');
        if (state !== undefined && !/^[A-Z]{2}$/.test(state)) throw new AppError('VALIDATION_ERROR', 'state must be a two-letter state code such as RI.');
        if (kind !== 'licensed' && (state || sourceName)) {
          throw new AppError('VALIDATION_ERROR', 'state and source are options of the licence-list importer (kind licensed).');
        }
        request.log.info({ kind, fileName: file.name, bytes: file.content.length, byUserId: request.user?.id }, 'admin import upload');
        if (kind === 'licensed') return importLicensedUpload(pool, file.name, file.content, { asOf, state, sourceName });
        return importUpload(pool, kind, file.name, file.content, asOf);
      },
    );
  });
};
