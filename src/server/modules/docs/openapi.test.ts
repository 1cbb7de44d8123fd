// The OpenAPI document (issue 14, ADR 019): it validates as OpenAPI 3.1, lists every /api route of the
// route table with the schemas the route declares, marks the guarded routes with the session cookie, and
// the reference page and its files are served by the app itself under its Content-Security-Policy.
import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { buildAppWithRoutes, fieldsOf, methodsOf as declaredMethods } from '../../test/route-table';
import type { App } from '../../types';
import { isDocsRoute, routeGuard } from './openapi';

let tdb: TestDatabase;
let app: App;
let routes: RouteOptions[];
type Operation = {
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  security?: unknown[];
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };
let doc: Doc;

beforeAll(async () => {
  tdb = await createTestDatabase();
  ({ app, routes } = await buildAppWithRoutes(tdb));
  doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const methodsOf = (route: RouteOptions) => declaredMethods(route).map((m) => m.toLowerCase());
const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** What a route lacks for the document: its schema, its success answer, its path parameters, or its operation. */
function gaps(route: RouteOptions, document: Doc): string[] {
  const schema = route.schema as Record<string, unknown> | undefined;
  const name = `${methodsOf(route).join(',').toUpperCase()} ${route.url}`;
  if (!schema) return [`${name}: no schema`];
  const out: string[] = [];
  if (schema.hide) out.push(`${name}: hidden from the document`);
  const response = (schema.response ?? {}) as Record<string, unknown>;
  if (!Object.keys(response).some((s) => /^[23]/.test(s))) out.push(`${name}: no success (2xx/3xx) response schema`);
  if (route.url.includes(':') && !schema.params) out.push(`${name}: path parameters without a params schema`);
  for (const method of methodsOf(route)) {
    const op = document.paths[openapiPath(route.url)]?.[method];
    if (!op) {
      out.push(`${name}: not in the document`);
      continue;
    }
    const params = (where: string) => (op.parameters ?? []).filter((p) => p.in === where).map((p) => p.name).sort();
    if (JSON.stringify(params('path')) !== JSON.stringify(fieldsOf(schema.params).sort())) out.push(`${name}: path parameters differ`);
    if (JSON.stringify(params('query')) !== JSON.stringify(fieldsOf(schema.querystring).sort())) out.push(`${name}: query parameters differ`);
    if (!!op.requestBody !== !!schema.body) out.push(`${name}: request body differs`);
    if (!!op.security !== !!routeGuard(route)) out.push(`${name}: security differs from its guard`);
  }
  return out;
}

const apiRoutes = () => routes.filter((r) => r.url.toLowerCase().startsWith('/api/') && !methodsOf(r).includes('head') && !isDocsRoute(r.url));

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every /api route of the route table with the schemas it declares', () => {
    const api = apiRoutes();
    expect(api.length).toBeGreaterThan(40);
    expect(api.flatMap((r) => gaps(r, doc))).toEqual([]);
  });

  it('has no operation that is not a route', () => {
    const declared = new Set(apiRoutes().flatMap((r) => methodsOf(r).map((m) => `${m} ${openapiPath(r.url)}`)));
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));
    expect(documented.filter((op) => !declared.has(op))).toEqual([]);
    expect(documented.length).toBe(declared.size);
  });

  it('fails a route without a schema, without a success answer, or missing from the document', () => {
    const bare = { method: 'POST', url: '/api/things/:id', handler: () => undefined } as unknown as RouteOptions;
    expect(gaps(bare, doc)).toEqual(['POST /api/things/:id: no schema']);
    const noResponse = { ...bare, schema: { params: {} } } as unknown as RouteOptions;
    expect(gaps(noResponse, doc)).toEqual(['POST /api/things/:id: no success (2xx/3xx) response schema', 'POST /api/things/:id: not in the document']);
  });

  it('marks guarded routes with the session cookie, and each of them refuses an anonymous caller', async () => {
    expect(doc.components.schemas).toHaveProperty('Error');
    const guarded = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.security)
        .map(([method, op]) => ({ method, path: p, op })),
    );
    expect(guarded.map((g) => `${g.method} ${g.path}`)).toEqual(
      expect.arrayContaining(['get /api/favorites', 'get /api/admin/users', 'get /api/operators/top', 'get /api/community-insights/export.csv']),
    );
    for (const { method, path, op } of guarded) {
      expect(op.security).toEqual([{ session: [] }]);
      expect(op.responses['401']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Error' });
      const url = path.replace(/\{[^}]+\}/g, '1');
      const res = await app.inject({ method: method.toUpperCase() as 'GET', url, headers: { origin: 'http://localhost:80' }, payload: method === 'get' ? undefined : {} });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 401 });
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
    expect(doc.paths['/api/communities/search']?.get?.security).toBeUndefined();
  });

  it('gives every operation the one error shape as its default answer, which the API really sends', async () => {
    for (const ops of Object.values(doc.paths)) {
      for (const op of Object.values(ops)) expect(op.responses.default?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Error' });
    }
    expect(doc.components.schemas.Error).toMatchObject({
      type: 'object',
      required: ['error'],
      properties: { error: { type: 'object', required: ['code', 'message'] } },
    });
    const res = await app.inject({ method: 'GET', url: '/api/communities/search?page=0' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error).sort()).toEqual(['code', 'message']);
    expect(doc.paths['/api/communities/search']?.get?.responses['400']).toBeDefined();
  });

  it('documents non-JSON answers with their media type (CSV downloads, the sign-in page, redirects)', () => {
    expect(Object.keys(doc.paths['/api/admin/leads/export.csv']!.get!.responses['200']!.content!)).toEqual(['text/csv']);
    expect(Object.keys(doc.paths['/api/login']!.get!.responses['200']!.content!)).toEqual(['text/html']);
    expect(doc.paths['/api/logout']!.get!.responses['303']!.content).toBeUndefined();
  });

  it('answers HEAD like GET', async () => {
    const get = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    const head = await app.inject({ method: 'HEAD', url: '/api/openapi.json' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.body).toBe('');
  });
});

describe('GET /api/docs', () => {
  it('is a page whose scripts and styles are files of the app, under the CSP', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const refs = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThanOrEqual(4);
    expect(refs.filter((r) => /^(https?:)?\/\//.test(r))).toEqual([]);
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    for (const ref of refs) {
      const asset = await app.inject({ method: 'GET', url: new URL(ref, 'http://localhost/api/docs').pathname });
      expect({ ref, status: asset.statusCode }).toEqual({ ref, status: 200 });
    }
    const config = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(config.body).toContain("resolveUrl('./json')");
    const json = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.json()).toEqual(doc);
  });

  it('answers HEAD', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/api/docs' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
  });
});
