// The precomputed security headers equal what @fastify/helmet sets per request, on ordinary answers,
// 404s, errors and redirects, for the app's CSP with and without HSTS.
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { helmetHeaders, registerSecurityHeaders } from './security-headers';

const directives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'https://tiles.example.org'],
  objectSrc: ["'none'"],
  upgradeInsecureRequests: null,
};
const CSP: FastifyHelmetOptions = { contentSecurityPolicy: { directives }, crossOriginEmbedderPolicy: false };
const CSP_NO_HSTS: FastifyHelmetOptions = { contentSecurityPolicy: { directives }, crossOriginEmbedderPolicy: false, hsts: false };

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

async function build(kind: 'per-request' | 'precomputed', options: FastifyHelmetOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  apps.push(app);
  if (kind === 'per-request') await app.register(helmet, options);
  else await registerSecurityHeaders(app, options);
  app.get('/json', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw Object.assign(new Error('no'), { statusCode: 400 });
  });
  app.get('/moved', async (_req, reply) => reply.redirect('/json'));
  return app;
}

const strip = (h: Record<string, unknown>) => {
  const out: Record<string, unknown> = { ...h };
  for (const k of ['date', 'content-length', 'connection', 'keep-alive']) delete out[k];
  return out;
};

describe('security headers computed once', () => {
  for (const [label, options] of [
    ['CSP, no HSTS', CSP_NO_HSTS],
    ['CSP and HSTS', CSP],
  ] as [string, FastifyHelmetOptions][]) {
    it(`sets exactly helmet's headers (${label}) on answers, 404s, errors and redirects`, async () => {
      const before = await build('per-request', options);
      const after = await build('precomputed', options);
      for (const url of ['/json', '/nothing-here', '/boom', '/moved']) {
        const a = await before.inject({ url });
        const b = await after.inject({ url });
        expect(b.statusCode).toBe(a.statusCode);
        expect(strip(b.headers)).toEqual(strip(a.headers));
      }
    });
  }

  it('includes the CSP directives and the HSTS switch as configured', async () => {
    const withHsts = new Map(await helmetHeaders(CSP));
    const without = new Map(await helmetHeaders(CSP_NO_HSTS));
    expect(withHsts.get('content-security-policy')).toContain("img-src 'self' data: https://tiles.example.org");
    expect(withHsts.get('x-content-type-options')).toBe('nosniff');
    expect(withHsts.has('strict-transport-security')).toBe(true);
    expect(without.has('strict-transport-security')).toBe(false);
  });
});
