// Response declarations for answers that are not JSON (files, pages, redirects, empty bodies). Each is a
// real response schema: fastify compiles it, and the OpenAPI document (ADR 019) describes it with its
// media type. A streamed or empty body is never run through the JSON serializer.
import { Readable } from 'node:stream';
import { z } from 'zod';

/** A CSV download (text/csv, sent as a stream). */
export const csvFileResponse = (description: string) => ({ description, content: { 'text/csv': { schema: z.string() } } });

/** An HTML page for a browser. */
export const htmlPageResponse = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });

/** No body: a redirect (the Location header names the next page) or 204 No Content. */
export const noBodyResponse = (description: string) => z.null().describe(description);

/**
 * The body of a CSV download: a stream of lines. Typed as the string its schema declares, so that the
 * schema-typed reply accepts it; a stream is sent as it is (never serialized).
 */
export const csvBody = (lines: Iterable<string> | AsyncIterable<string>): string => Readable.from(lines) as unknown as string;

/** Sends `lines` as a CSV download: an attachment named `fileName`, streamed, never cached. */
export function sendCsvFile<R extends { header(key: string, value: string): R; send(payload: string): R }>(
  reply: R,
  fileName: string,
  lines: Iterable<string> | AsyncIterable<string>,
): R {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(csvBody(lines));
}
