// Routes of the leads module (registered under /api in src/server/app.ts).
// POST /api/leads stores an information request. (GET /api/leads for admins lives in the admin module.)
import { errorResponseSchema } from '../../../contracts/errors';
import { z } from 'zod';
import { createLeadRequestSchema, createLeadResponseSchema, myRequestsResponseSchema, requestStatusSchema, requestTokenSchema } from '../../../contracts/leads';
import { AppError } from '../../lib/errors';
import type { RouteModule } from '../../types';
import { requireUser } from '../auth/session';
import { createLead, myRequests, requestStatusByToken, withdrawByToken, withdrawMine } from './leads.service';
import { createReceiptSender } from './receipt';

/** A lead is a few short fields; anything bigger is not a lead. */
export const LEAD_BODY_LIMIT = 32 * 1024;

/** The client's key of one submit (a UUID from the lead form; any 8–100 URL-safe characters). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9_.:-]{8,100}$/;

function idempotencyKey(value: string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  const key = Array.isArray(value) ? value[0] : value;
  if (key === undefined || !IDEMPOTENCY_KEY_RE.test(key)) {
    throw new AppError('BAD_REQUEST', 'Idempotency-Key must be 8 to 100 letters, digits or - _ . : (a UUID per submit).');
  }
  return key;
}

/** Status-page look-ups and withdrawals per minute per client address (tokens are 256-bit; this only bounds the load). */
export const TRACK_RATE_LIMIT_MAX = 60;

export const leadRoutes: RouteModule = (app, { pool, env }) => {
  // Requests per minute per client address (LEAD_RATE_LIMIT_MAX, default 5).
  const rateLimit = { max: env.LEAD_RATE_LIMIT_MAX, timeWindow: '1 minute' };
  const receipts = createReceiptSender(env, app.log);
  app.addHook('onClose', async () => receipts.close());
  app.post(
    '/leads',
    {
      bodyLimit: LEAD_BODY_LIMIT,
      config: { rateLimit },
      preValidation: async (request) => {
        const type = String(request.headers['content-type'] ?? '').toLowerCase();
        if (!type.startsWith('application/json')) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the information request as application/json.');
        }
        idempotencyKey(request.headers[IDEMPOTENCY_HEADER]);
      },
      schema: {
        body: createLeadRequestSchema,
        response: {
          201: createLeadResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request.headers[IDEMPOTENCY_HEADER]);
      const { response, replayed, token } = await createLead(pool, request.body, request.user?.id ?? null, key);
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      if (token && response.statusUrl) {
        const community = response.communityId
          ? (await pool.query<{ name: string }>('SELECT name FROM communities WHERE id = $1', [response.communityId])).rows[0]?.name ?? null
          : null;
        const { email, name, consentCall, consentText } = request.body;
        void receipts.send({ to: email, name, communityName: community, consentCall, consentText, statusPath: response.statusUrl }, `${request.protocol}://${request.host}`);
      }
      return reply.status(201).send(response);
    },
  );

  // The private status page: the token is POSTed (it lives in the page's URL fragment, never in a URL a server logs).
  const trackConfig = { config: { rateLimit: { max: TRACK_RATE_LIMIT_MAX, timeWindow: '1 minute' } } };
  const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema };
  app.post('/requests/track', { ...trackConfig, schema: { body: requestTokenSchema, response: { 200: requestStatusSchema, ...errors } } }, async (request, reply) =>
    reply.header('Cache-Control', 'no-store').send(await requestStatusByToken(pool, request.body.token)),
  );
  app.post('/requests/track/withdraw', { ...trackConfig, schema: { body: requestTokenSchema, response: { 200: requestStatusSchema, ...errors } } }, async (request) =>
    withdrawByToken(pool, request.body.token),
  );

  // "My requests": the signed-in owner's requests (leads stored with their user id).
  app.get('/my/requests', { onRequest: requireUser, schema: { response: { 200: myRequestsResponseSchema, ...errors } } }, async (request, reply) =>
    reply.header('Cache-Control', 'no-store').send({ requests: await myRequests(pool, request.user!.id) }),
  );
  app.post(
    '/my/requests/:id/withdraw',
    {
      onRequest: requireUser,
      ...trackConfig,
      schema: { params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }), response: { 200: requestStatusSchema, ...errors } },
    },
    async (request) => withdrawMine(pool, request.user!.id, request.params.id),
  );
};
