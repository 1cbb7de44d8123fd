// Answers that are serialized and gzipped once and then sent as bytes (the map points of a search, the
// pages of 1000 reviews): validating and serializing hundreds of rows per request was most of their cost.
// The app's compression plugin leaves a body that already has a Content-Encoding as it is.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** An answer's JSON text and its gzip. */
export interface SerializedAnswer {
  json: string;
  gzip: Buffer;
}

/**
 * Serializes `body` once and gzips the text (for a cache of answers as bytes). At the highest level: it is
 * done once per answer and sent many times (the markets overview: 79 kB instead of 83 kB at the default level).
 */
export async function serializeAnswer(body: unknown): Promise<SerializedAnswer> {
  const json = JSON.stringify(body);
  return { json, gzip: await gzipAsync(json, { level: constants.Z_BEST_COMPRESSION, memLevel: 9 }) };
}

/**
 * Sends a serialized answer as JSON: the gzip when the request accepts it, else the text, with no
 * serializer run over it (the route's response schema is not applied again).
 */
export function sendSerialized(request: FastifyRequest, reply: FastifyReply, answer: SerializedAnswer): FastifyReply {
  reply.type('application/json; charset=utf-8').header('Vary', 'Accept-Encoding');
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    // A Buffer is sent as it is (no serializer runs).
    return reply.header('Content-Encoding', 'gzip').send(answer.gzip as never);
  }
  return reply.serializer((payload) => payload as string).send(answer.json as never);
}
