// The off-thread gzip hook takes exactly the answers @fastify/compress would gzip in one call and gives the same
// headers and bytes (decoded) as the plugin alone; everything else it leaves to the plugin.
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressPluginOptions, negotiatedEncoding, registerGzipOffThread } from './gzip-off-thread';

const OPTIONS = { threshold: 1024, encodings: ['gzip', 'br'], level: 3, maxBytes: 8 * 1024 };

const text = (n: number) => JSON.stringify({ items: Array.from({ length: n }, (_, i) => ({ i, name: `community ${i}` })) });

async function build(hook: boolean, plugin: boolean): Promise<FastifyInstance> {
  const app = Fastify();
  if (hook) registerGzipOffThread(app, OPTIONS);
  if (plugin) {
    await app.register(compress, compressPluginOptions(OPTIONS));
  }
  app.get('/json', async (request, reply) => {
    const q = request.query as { n?: string; type?: string; status?: string; vary?: string; range?: string; buffer?: string };
    if (q.type) reply.type(q.type);
    if (q.status) reply.code(Number(q.status));
    if (q.vary) reply.header('Vary', q.vary);
    if (q.range) reply.header('Content-Range', 'bytes 0-9/100');
    const body = text(Number(q.n ?? 100));
    return q.buffer ? Buffer.from(body) : body;
  });
  app.get('/encoded', async (_request, reply) => {
    reply.header('Content-Encoding', 'gzip').type('application/json');
    return Buffer.from('already encoded');
  });
  app.setNotFoundHandler(async (_request, reply) => {
    reply.code(404).type('text/html');
    return text(100);
  });
  await app.ready();
  return app;
}

const ACCEPT = [undefined, 'gzip', 'GZIP', 'br', 'gzip, br', 'br, gzip', 'br;q=1, gzip;q=0.5', 'gzip;q=0', 'gzip;q=0, br', '*', 'x-gzip', 'identity', 'deflate', '', 'gzip;q=0.1, br;q=0.1', 'zstd, gzip'];
const QUERIES = ['n=100', 'n=2', 'n=30', 'n=2000', 'n=100&buffer=1', 'n=100&type=text/html', 'n=100&type=image/png', 'n=100&type=text/event-stream', 'n=100&status=206', 'n=100&range=1', 'n=100&vary=origin', 'n=100&vary=accept-encoding', 'n=100&type=application/problem%2Bjson'];

function decoded(res: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  return res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.rawPayload.toString('latin1');
}

describe('gzip off the main thread', () => {
  let pluginOnly: FastifyInstance;
  let both: FastifyInstance;
  let hookOnly: FastifyInstance;
  beforeAll(async () => {
    [pluginOnly, both, hookOnly] = await Promise.all([build(false, true), build(true, true), build(true, false)]);
  });
  afterAll(async () => Promise.all([pluginOnly.close(), both.close(), hookOnly.close()]));

  it('answers as the plugin alone does, and takes exactly the answers the plugin gzips in one call', async () => {
    let taken = 0;
    let left = 0;
    for (const accept of ACCEPT) {
      for (const query of QUERIES) {
        for (const noCompression of [false, true]) {
          const headers: Record<string, string> = {};
          if (accept !== undefined) headers['accept-encoding'] = accept;
          if (noCompression) headers['x-no-compression'] = '1';
          const request = { method: 'GET' as const, url: `/json?${query}`, headers };
          const [a, b, c] = await Promise.all([pluginOnly.inject(request), both.inject(request), hookOnly.inject(request)]);
          const what = `${query} accept=${accept} x-no-compression=${noCompression}`;
          expect(b.statusCode, what).toBe(a.statusCode);
          for (const h of ['content-encoding', 'vary', 'content-type']) expect(b.headers[h], `${what} ${h}`).toEqual(a.headers[h]);
          if (a.headers['content-length'] !== undefined) expect(Number(b.headers['content-length']), what).toBe(b.rawPayload.length);
          expect(b.rawPayload.equals(a.rawPayload), `${what}: the same bytes`).toBe(true);
          expect(decoded(c), what).toBe(a.headers['content-encoding'] === 'gzip' || !a.headers['content-encoding'] ? decoded(a) : decoded(c));
          // What the hook alone does: gzip exactly where the plugin gzips in one call (up to maxBytes), nothing elsewhere.
          const pluginGzipsInOneCall = a.headers['content-encoding'] === 'gzip' && a.headers['content-length'] !== undefined;
          expect(c.headers['content-encoding'], what).toBe(pluginGzipsInOneCall ? 'gzip' : undefined);
          if (pluginGzipsInOneCall) {
            taken++;
            expect(c.rawPayload.equals(a.rawPayload), `${what}: the same bytes as the plugin's`).toBe(true);
            expect(c.headers.vary, what).toBe(a.headers.vary);
          } else left++;
        }
      }
    }
    expect(taken).toBeGreaterThan(40);
    expect(left).toBeGreaterThan(taken);
  });

  it("sends the not-found handler's answer as the plugin does (uncompressed)", async () => {
    for (const app of [pluginOnly, both, hookOnly]) {
      const res = await app.inject({ method: 'GET', url: '/nowhere', headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(text(100));
    }
  });

  it('leaves an answer that already has a Content-Encoding as it is', async () => {
    const res = await hookOnly.inject({ method: 'GET', url: '/encoded', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.toString()).toBe('already encoded');
  });

  it('negotiates as the plugin does', () => {
    expect(negotiatedEncoding(OPTIONS.encodings, undefined)).toBeUndefined();
    expect(negotiatedEncoding(OPTIONS.encodings, 'gzip, br')).toBe('gzip');
    expect(negotiatedEncoding(OPTIONS.encodings, 'br;q=1, gzip;q=0.5')).toBe('br');
    expect(negotiatedEncoding(OPTIONS.encodings, '*')).toBe('gzip');
    expect(negotiatedEncoding(OPTIONS.encodings, 'X-GZIP')).toBe('gzip');
    expect(negotiatedEncoding(OPTIONS.encodings, 'gzip;q=0')).toBeNull();
  });
});
