// The one error shape of the API: { error: { code, message } }.
import { z } from 'zod';

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  PRO_REQUIRED: 403,
  /** A state-changing request from another origin (Origin / Sec-Fetch-Site). */
  CROSS_ORIGIN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  // The warehouse endpoint (ADR 004): refused before running, failed in the database, stopped by a cap.
  QUERY_REFUSED: 400,
  QUERY_FAILED: 400,
  RESULT_TOO_LARGE: 413,
  QUERY_TOO_EXPENSIVE: 422,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  /** The database cannot be reached or does not answer in time (outage, restart, frozen server). */
  DATABASE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const errorResponseSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
