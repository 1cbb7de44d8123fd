import { z } from 'zod';
import { healthResponseSchema, siteResponseSchema, type HealthResponse } from '../../../contracts/health';
import { TtlCache } from '../../lib/ttl-cache';
import type { RouteModule } from '../../types';
import { createSiteInfo } from './site';

const COUNT_TABLES = {
  communities: 'communities',
  operators: 'operators',
  customerReviews: 'customer_reviews',
  employeeReviews: 'employee_reviews',
  users: 'users',
  leads: 'leads',
} as const;

type Counts = NonNullable<HealthResponse['counts']>;

export const healthRoutes: RouteModule = (app, { pool, env }) => {
  // Exact counts (one pass over 1.6M reviews) are shared for a few seconds, so a burst of health checks
  // costs one count; the database is still probed on every request.
  const counts = new TtlCache<Counts>({ ttlMs: env.APP_CACHES ? 5_000 : 0, maxEntries: 1 });
  // Table names come from the constant map above, never from the request.
  const parts = Object.entries(COUNT_TABLES).map(([key, table]) => `(SELECT count(*)::int FROM ${table}) AS "${key}"`);
  const countAll = async () => (await pool.query<Counts>(`SELECT ${parts.join(', ')}`)).rows[0]!;

  // Public: whether the app and its database are up, nothing else (counts of users and leads are
  // business figures). A signed-in admin also gets the table counts.
  app.get('/health', { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } }, async (request, reply) => {
    try {
      await pool.query('SELECT 1');
      if (request.user?.role !== 'admin') return { status: 'ok' as const, database: 'up' as const };
      return { status: 'ok' as const, database: 'up' as const, counts: await counts.get('all', countAll) };
    } catch (err) {
      app.log.warn({ err: { message: (err as Error).message, code: (err as { code?: string }).code } }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'degraded', database: 'down' });
    }
  });

  // Whether the database holds demo communities (the client's "demo data" ribbon).
  const site = createSiteInfo(pool, env);
  app.get('/site', { schema: { response: { 200: siteResponseSchema } } }, async (_req, reply) => {
    const info = await site.get();
    void reply.header('cache-control', 'public, max-age=60');
    return info;
  });

  // Liveness: no database. Also the benchmark's 'bare route' baseline.
  app.get('/health/live', { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({ status: 'ok' as const }));

  // One primary-key lookup through the same pool: the benchmark's 'bare indexed query' baseline.
  app.get(
    '/health/probe',
    {
      schema: {
        querystring: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647).default(1) }),
        response: { 200: z.object({ id: z.number().int().nullable() }) },
      },
    },
    async (request) => {
      const { rows } = await pool.query<{ id: number }>('SELECT id FROM communities WHERE id = $1', [request.query.id]);
      return { id: rows[0]?.id ?? null };
    },
  );
};
