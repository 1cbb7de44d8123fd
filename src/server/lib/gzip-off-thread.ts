// Per-request gzip on libuv's thread pool instead of the main thread (issue 13, ADR 026 addendum 2026-11-27).
// @fastify/compress compresses a buffered answer with zlib's *Sync call, on the one thread that also parses,
// routes, validates, searches and serializes every request: 45 µs of a distinct search's ~360 µs and a larger share
// of an insights page (25 rows). zlib's one-shot asynchronous call does the same deflate on a pool thread, so the
// main thread goes on with other requests meanwhile; the bytes are the same (same level, same zlib).
//
// This hook takes only the answers the plugin would have gzipped in one call, exactly as it decides, and leaves
// every other answer to the plugin, which runs after it and passes an answer that already has a Content-Encoding
// through as it is:
// - a string or Buffer of `threshold` to `maxBytes` bytes (larger answers keep the plugin's stream path);
// - a route's answer (not the not-found handler's, which the plugin does not hook onto);
// - no Content-Encoding yet, no `x-no-compression` request header, not a 206 and no Content-Range;
// - a Content-Type the plugin's pattern compresses (JSON, text, XML; none set counts as JSON, as there);
// - the plugin's own negotiation (@fastify/accept-negotiator over the same encodings, `*` and `x-gzip` read as gzip)
//   chooses gzip.
// Registered on the root instance before any route, it runs before the plugin's per-route hook. A route's own
// onSend hook would run after it; no route declares one (one that changed the answer would need this reconsidered).
// If zlib fails, the answer goes on uncompressed and the plugin compresses it as before.
import { gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface GzipOffThreadOptions {
  /** Answers below this many bytes are sent as they are (the plugin's `threshold`). */
  threshold: number;
  /** Answers above this many bytes are left to the plugin (its stream path). */
  maxBytes: number;
  /** zlib level, the plugin's `zlibOptions.level`. */
  level: number;
  /** The plugin's `encodings`, in its order of preference. */
  encodings: string[];
}

/**
 * What the plugin compresses without looking in mime-db (its 9.x default, given to it as `customTypes` so that the
 * hook and the plugin test one pattern).
 */
const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)|octet-stream(?:;|$)/u;

/** The @fastify/compress options that go with the hook's: the same threshold, encodings, level and types, one call up to maxBytes. */
export function compressPluginOptions(options: GzipOffThreadOptions) {
  return {
    global: true,
    threshold: options.threshold,
    encodings: options.encodings as ('gzip' | 'br')[],
    syncThreshold: options.maxBytes,
    zlibOptions: { level: options.level },
    customTypes: COMPRESSIBLE_TYPES,
  };
}

/** The plugin's aliases: the no-preference token and x-gzip are gzip. */
const GZIP_ALIASES = /\*|x-gzip/gu;

/** The encoding the plugin would choose for this Accept-Encoding header (null: none acceptable, undefined: no header). */
export function negotiatedEncoding(encodings: string[], header: string | string[] | undefined): string | null | undefined {
  if (typeof header !== 'string') return undefined;
  return negotiate(header.toLowerCase().replace(GZIP_ALIASES, 'gzip'), encodings);
}

function addVary(reply: FastifyReply): void {
  if (!reply.hasHeader('Vary')) {
    reply.header('Vary', 'accept-encoding');
    return;
  }
  const raw = reply.getHeader('Vary');
  const values = (Array.isArray(raw) ? raw : [raw]).map(String);
  if (!values.some((v) => v.includes('accept-encoding'))) reply.header('Vary', values.concat('accept-encoding').join(', '));
}

export function registerGzipOffThread(app: FastifyInstance, options: GzipOffThreadOptions): void {
  const zlibOptions = { level: options.level };
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size < options.threshold || size > options.maxBytes) return done(null, payload);
    if (reply.hasHeader('Content-Encoding') || reply.statusCode === 206 || reply.hasHeader('Content-Range')) return done(null, payload);
    // The plugin hooks onto routes only: what the not-found handler answers it sends as it is, and so does this.
    if (request.headers['x-no-compression'] !== undefined || request.is404) return done(null, payload);
    const type = reply.getHeader('Content-Type');
    if (!COMPRESSIBLE_TYPES.test(typeof type === 'string' ? type : 'application/json')) return done(null, payload);
    if (negotiatedEncoding(options.encodings, request.headers['accept-encoding']) !== 'gzip') return done(null, payload);
    gzip(payload, zlibOptions, (error, compressed) => {
      if (error) {
        request.log.warn({ err: error }, 'gzip failed; the answer is left to the compression plugin');
        return done(null, payload);
      }
      addVary(reply);
      reply.header('Content-Encoding', 'gzip');
      reply.header('Content-Length', compressed.length);
      done(null, compressed);
    });
  });
}
