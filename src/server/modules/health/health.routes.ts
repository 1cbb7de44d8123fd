import { healthResponseSchema } from '../../../contracts/health';
import type { RouteModule } from '../../types';

const COUNT_TABLES = {
  communities: 'communities',
  operators: 'operators',
  customerReviews: 'customer_reviews',
  employeeReviews: 'employee_reviews',
  users: 'users',
  leads: 'leads',
} as const;

export const healthRoutes: RouteModule = (app, { pool }) => {
  app.get('/health', { schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } }, async (_req, reply) => {
    const zero = { communities: 0, operators: 0, customerReviews: 0, employeeReviews: 0, users: 0, leads: 0 };
    try {
      // Table names come from the constant map above, never from the request.
      const parts = Object.entries(COUNT_TABLES).map(([key, table]) => `(SELECT count(*)::int FROM ${table}) AS "${key}"`);
      const { rows } = await pool.query<typeof zero>(`SELECT ${parts.join(', ')}`);
      return { status: 'ok' as const, database: 'up' as const, counts: rows[0] ?? zero };
    } catch (err) {
      app.log.warn({ err }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'degraded', database: 'down', counts: zero });
    }
  });
};
