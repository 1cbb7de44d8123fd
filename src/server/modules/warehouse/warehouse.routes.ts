// Routes of the warehouse module (registered under /api in src/server/app.ts).
// POST /warehouse/query: the data-warehouse call of SPEC section 7, read-only (ADR 004).
import { errorResponseSchema } from '../../../contracts/errors';
import { WAREHOUSE_BODY_LIMIT, warehouseQueryBodySchema, warehouseQueryResponseSchema } from '../../../contracts/warehouse';
import { AppError } from '../../lib/errors';
import type { RouteModule } from '../../types';
import { guardWarehouseQuery, loadSqlParser } from './sql-guard';
import { ensureWarehouseRole, runWarehouseQuery, WAREHOUSE_MAX_CONCURRENT } from './warehouse.service';

export const warehouseRoutes: RouteModule = async (app, { pool }) => {
  await loadSqlParser();

  // The role is set up once per process (and retried after a failure).
  let roleReady: Promise<void> | null = null;
  const ensureRole = () => {
    roleReady ??= ensureWarehouseRole(pool).catch((err: unknown) => {
      roleReady = null;
      throw err;
    });
    return roleReady;
  };

  let running = 0;

  app.post(
    '/warehouse/query',
    {
      bodyLimit: WAREHOUSE_BODY_LIMIT,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        body: warehouseQueryBodySchema,
        response: {
          200: warehouseQueryResponseSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          413: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const guarded = guardWarehouseQuery(request.body.query);
      if (!guarded.ok) throw new AppError('BAD_REQUEST', `Query refused: ${guarded.reason}`);
      await ensureRole();
      if (running >= WAREHOUSE_MAX_CONCURRENT) {
        throw new AppError('RATE_LIMITED', 'The data warehouse is busy with other queries; please try again in a moment.');
      }
      running += 1;
      try {
        return await runWarehouseQuery(pool, guarded.sql);
      } finally {
        running -= 1;
      }
    },
  );
};
