// The API's own documentation (issue 14, ADR 019): an OpenAPI 3.1 document generated from the zod
// schemas every /api route declares (@fastify/swagger collects the routes, fastify-type-provider-zod turns
// their zod schemas into JSON Schema 2020-12), served at /api/openapi.json, and a reference page at
// /api/docs (Swagger UI, whose files come from the @fastify/swagger-ui package: nothing from a CDN).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../contracts/errors';
import type { App } from '../../types';
import { requireAdmin, requirePro, requireUser, SESSION_COOKIE } from '../auth/session';
import { JSON_CONTENT_TYPE } from '../../lib/serialized';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/** The guards a route may name in onRequest/preHandler, and what each one asks of the caller. */
const GUARDS = new Map<unknown, { name: string; denied: Record<string, string> }>([
  [requireUser, { name: 'signed in', denied: { 401: 'Not signed in' } }],
  [requirePro, { name: 'signed in with a Pro (or admin) account', denied: { 401: 'Not signed in', 403: 'Not a Pro account (PRO_REQUIRED)' } }],
  [requireAdmin, { name: 'signed in as an admin (care advisor)', denied: { 401: 'Not signed in', 403: 'Not an admin (FORBIDDEN)' } }],
]);

/** Operations are grouped by the first path segment; these segments join a neighbour's group. */
const TAG_ALIASES: Record<string, string> = { login: 'auth', logout: 'auth', site: 'health', config: 'communities', reviews: 'communities' };

const asArray = (hooks: unknown): unknown[] => (Array.isArray(hooks) ? hooks : hooks ? [hooks] : []);

/** The guard of a route (its onRequest or preHandler hooks), if it has one. */
export function routeGuard(route: Pick<RouteOptions, 'onRequest' | 'preHandler'>) {
  for (const hook of [...asArray(route.onRequest), ...asArray(route.preHandler)]) {
    const guard = GUARDS.get(hook);
    if (guard) return guard;
  }
  return null;
}

/** The document's own routes and the reference page's files: not operations of the API. */
export const isDocsRoute = (url: string) => url === OPENAPI_PATH || url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_REF } } });

/** Named schemas: the document refers to them instead of repeating them (the error shape on every route). */
const schemaRegistry = z.registry<{ id: string }>();
schemaRegistry.add(errorResponseSchema, { id: 'Error' });

const zodTransform = createJsonSchemaTransform({ skipList: [], schemaRegistry });
type TransformInput = Parameters<typeof zodTransform>[0];

/**
 * The zod transform plus what the route options say beyond the schema: the session cookie on guarded
 * routes (with their 401/403 answers), 400 for a request that fails its schema, 429 for a rate limit,
 * and the error shape `{ error: { code, message } }` as every operation's default answer.
 */
function transform(input: TransformInput) {
  const { route, url } = input as TransformInput & { route: RouteOptions };
  // Only the JSON API: not the document itself, nor the pages and files outside /api (robots, sitemaps, media).
  if (isDocsRoute(url) || !/^\/api\//i.test(url)) return { schema: { hide: true }, url };
  const result = zodTransform(input) as { schema: Record<string, unknown>; url: string };
  const schema = { ...result.schema };
  const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown> | undefined) };
  const add = (status: string, description: string) => {
    if (!(status in response)) response[status] = errorResponse(description);
  };
  if (schema.params || schema.querystring || schema.body) add('400', 'The request does not match its schema (VALIDATION_ERROR)');
  const guard = routeGuard(route);
  if (guard) {
    schema.security = [{ session: [] }];
    schema.description = [schema.description, `Requires a session: ${guard.name}.`].filter(Boolean).join('\n\n');
    for (const [status, description] of Object.entries(guard.denied)) add(status, description);
  }
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) add('429', 'Too many requests (RATE_LIMITED)');
  add('default', 'Any other failure, in the one error shape');
  schema.response = response;
  if (!schema.tags) {
    const area = url.replace(/^\/api\//i, '').split('/')[0] ?? '';
    schema.tags = [TAG_ALIASES[area] ?? area];
  }
  return { ...result, schema };
}

/**
 * Registers the collector before any route is declared (it listens to onRoute), then, once the API's
 * routes are in, the document and the reference page: call `registerApiDocs` before the modules and
 * `registerApiDocsRoutes` after them.
 */
export async function registerApiDocs(app: App): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'SeniorScope API',
        version: '1',
        description:
          'The JSON API of SeniorScope: community search, community pages, information requests, favorites, ' +
          'market and sentiment insights, the warehouse query endpoint and the advisor desk. Every error answers ' +
          '`{ "error": { "code", "message" } }`. Routes marked with the session cookie need a signed-in user ' +
          '(sign in with POST /api/auth/login); state-changing requests from another origin are refused (403 CROSS_ORIGIN).',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie set by POST /api/auth/login.' },
        },
      },
    },
    transform,
    transformObject: createJsonSchemaTransformObject({ schemaRegistry }),
  });
}

export async function registerApiDocsRoutes(app: App): Promise<void> {
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').type(JSON_CONTENT_TYPE).send(JSON.stringify(app.swagger())),
  );
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The app's own Content-Security-Policy (helmet) applies: script-src 'self' holds, since the page's
    // scripts are files (no inline script); no validator badge from validator.swagger.io.
    staticCSP: false,
    validatorUrl: false,
    uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
    theme: { title: 'SeniorScope API reference' },
  });
}
