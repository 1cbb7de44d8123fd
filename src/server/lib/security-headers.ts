// Security headers (Content-Security-Policy and helmet's other defaults) computed ONCE at start and set
// on every response. @fastify/helmet calls helmet(options) on every request, which validates and joins
// the CSP directives again each time (4.6% of the CPU of a distinct-search profile, ADR 018). The headers
// depend only on configuration, so they are taken once from helmet itself (the same code, the same
// values: one request injected into a throwaway instance at start) and copied onto each response.
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** Headers of a bare Fastify answer that are not helmet's. */
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/** The headers helmet sets for `options` (lower-case names), computed by helmet on one injected request. */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(helmet, options);
    probe.get('/', async () => '');
    const res = await probe.inject({ method: 'GET', url: '/' });
    return Object.entries(res.headers)
      .filter(([name, value]) => !NOT_HELMET.has(name) && value !== undefined)
      .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]);
  } finally {
    await probe.close();
  }
}

/** Sets the precomputed headers on every response (before any route, 404 and error answers included). */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const headers = await helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of headers) res.setHeader(name, value);
    done();
  });
}
