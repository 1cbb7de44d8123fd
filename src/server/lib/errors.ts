// AppError carries an error code; the error handler turns every failure into { error: { code, message } }
// and never lets the internals of a 5xx reach the client.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_STATUS, type ErrorCode } from '../../contracts/errors';

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
};

/**
 * PostgreSQL errors caused by the text a client sent (the safety net behind the shared text schema,
 * src/contracts/text.ts): 22021 invalid byte sequence (a NUL or bad UTF-8), 22P05 untranslatable
 * character, 54000 program limit exceeded (e.g. a value too large to index).
 */
const PG_INPUT_ERRORS = new Set(['22021', '22P05', '54000']);

/** True for an error raised by node-postgres for a statement (it carries the SQLSTATE and severity). */
const isPgInputError = (error: unknown): boolean => {
  const e = error as { code?: unknown; severity?: unknown } | null;
  return !!e && typeof e.code === 'string' && typeof e.severity === 'string' && PG_INPUT_ERRORS.has(e.code);
};

function describeValidation(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const where = (error.validationContext ?? 'request').replace(/^querystring$/, 'query');
    const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || '';
    const msg = first?.message ?? 'is invalid';
    return field ? `${where}.${field}: ${msg}` : `${where}: ${msg}`;
  }
  return error.message;
}

/** SQLSTATEs of a server that is going away, restarting, refusing connections or cancelling for time. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '08000', '08001', '08003', '08004', '08006', '58P01']);
/** Socket errors of node (the server is gone or unreachable). */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** Messages node-postgres and pg-pool use for broken or timed-out connections (they carry no code). */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
  'Cannot use a pool after calling end',
  'terminating connection',
  'the database system is',
];

/**
 * True when `err` (or an error it wraps, e.g. drizzle's DrizzleQueryError) says the database is down,
 * restarting, unreachable or not answering in time: the request gets 503 DATABASE_UNAVAILABLE.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable right now. Please try again in a few seconds.';

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: { message: error.message, code: error.code } }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send({ error: { code: 'DATABASE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE } });
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ error: { code: error.code, message: error.message } });
    }
    if (error.validation) {
      return reply.status(400).send({ error: { code: 'VALIDATION_ERROR', message: describeValidation(error) } });
    }
    if (isPgInputError(error)) {
      request.log.warn({ pgCode: error.code }, 'request text refused by PostgreSQL');
      return reply.status(400).send({ error: { code: 'BAD_REQUEST', message: 'The request contains characters that cannot be stored or searched.' } });
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) {
      return reply.status(ERROR_STATUS[mapped]).send({ error: { code: mapped, message: error.message } });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ error: { code: 'RATE_LIMITED', message: 'Too many requests, please slow down and try again shortly.' } });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: { code: 'BAD_REQUEST', message: error.message } });
    }
    // Message, code and stack only: a database error's `detail` can quote row values (personal data).
    request.log.error({ err: { type: error.name, message: error.message, code: error.code, stack: error.stack } }, 'request failed');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } });
  });
}
