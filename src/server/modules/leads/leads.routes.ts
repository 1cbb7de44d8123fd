// Routes of the leads module (registered under /api in src/server/app.ts).
// POST /api/leads stores an information request. (GET /api/leads for admins lives in the admin module.)
import { errorResponseSchema } from '../../../contracts/errors';
import { createLeadRequestSchema, createLeadResponseSchema } from '../../../contracts/leads';
import { AppError } from '../../lib/errors';
import type { RouteModule } from '../../types';
import { createLead } from './leads.service';

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

export const leadRoutes: RouteModule = (app, { pool, env }) => {
  // Requests per minute per client address (LEAD_RATE_LIMIT_MAX, default 5).
  const rateLimit = { max: env.LEAD_RATE_LIMIT_MAX, timeWindow: '1 minute' };
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
      const { response, replayed } = await createLead(pool, request.body, request.user?.id ?? null, key);
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.status(201).send(response);
    },
  );
};
