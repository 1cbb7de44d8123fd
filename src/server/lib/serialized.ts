// Answers that are serialized and gzipped once and then sent as bytes (the map points of a search, the
// pages of 1000 reviews): validating and serializing hundreds of rows per request was most of their cost.
// The app's compression plugin leaves a body that already has a Content-Encoding as it is.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The content type of a JSON answer, as Fastify's serializer sends it (for the answers sent as bytes). */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** An answer's JSON text, its gzip and, when asked for, its brotli. */
export interface SerializedAnswer {
  json: string;
  gzip: Buffer;
  br?: Buffer;
}

/**
 * Serializes `body` once and gzips the text (for a cache of answers as bytes). At the highest level: it is
 * done once per answer and sent many times (the markets overview: 79 kB instead of 83 kB at the default level).
 * `brotli`: also brotli at the highest quality, for a large answer sent many times (the markets overview: 60 kB
 * instead of 79 kB, about a second of a thread-pool thread once per computed overview).
 */
export async function serializeAnswer(body: unknown, options: { brotli?: boolean } = {}): Promise<SerializedAnswer> {
  const json = JSON.stringify(body);
  const [gz, br] = await Promise.all([
    gzipAsync(json, { level: constants.Z_BEST_COMPRESSION, memLevel: 9 }),
    options.brotli
      ? brotliAsync(json, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(json),
          },
        })
      : undefined,
  ]);
  return br ? { json, gzip: gz, br } : { json, gzip: gz };
}

/**
 * Sends a serialized answer as JSON: the brotli (when there is one) or the gzip when the request accepts it,
 * else the text, with no serializer run over it (the route's response schema is not applied again).
 */
export function sendSerialized(request: FastifyRequest, reply: FastifyReply, answer: SerializedAnswer): FastifyReply {
  reply.type(JSON_CONTENT_TYPE).header('Vary', 'Accept-Encoding');
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (answer.br && /\bbr\b/.test(accepts)) return reply.header('Content-Encoding', 'br').send(answer.br as never);
  if (/\bgzip\b/.test(accepts)) {
    // A Buffer is sent as it is (no serializer runs).
    return reply.header('Content-Encoding', 'gzip').send(answer.gzip as never);
  }
  return reply.serializer((payload) => payload as string).send(answer.json as never);
}

/**
 * A route's answer that a service may have written as JSON bytes already (the bytes the route's serializer writes,
 * e.g. the search from the index, SearchIndex.writeSearchCards): a Buffer is sent as it is with the serializer's
 * content type, an object is returned for the route's serializer.
 */
export function replyJson<T>(reply: FastifyReply, body: Buffer | T): T | FastifyReply {
  if (!Buffer.isBuffer(body)) return body;
  return reply.type(JSON_CONTENT_TYPE).send(body as never);
}
