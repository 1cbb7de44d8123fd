// Routes of the warehouse module (registered under /api in src/server/app.ts).
// POST /warehouse/query: the data-warehouse call of SPEC section 7, read-only (ADR 004).
import { errorResponseSchema } from '../../../contracts/errors';
import { WAREHOUSE_BODY_LIMIT, warehouseQueryBodySchema, warehouseQueryResponseSchema } from '../../../contracts/warehouse';
import { AppError } from '../../lib/errors';
import type { RouteModule } from '../../types';
import { guardWarehouseQuery, loadSqlParser } from './sql-guard';
import {
  beforeDeadline,
  ensureWarehouseRole,
  runWarehouseQuery,
  WAREHOUSE_DEADLINE_MS,
  WAREHOUSE_MAX_CONCURRENT,
  WAREHOUSE_MAX_PER_CLIENT,
  type WarehouseSetup,
} from './warehouse.service';

export const warehouseRoutes: RouteModule = async (app, { pool }) => {
  await loadSqlParser();

  // The role is set up once per process (and retried after a failure).
  let roleReady: Promise<WarehouseSetup> | null = null;
  const ensureRole = () => {
    roleReady ??= ensureWarehouseRole(pool).catch((err: unknown) => {
      roleReady = null;
      throw err;
    });
    return roleReady;
  };

  // Slots: WAREHOUSE_MAX_CONCURRENT in the process, WAREHOUSE_MAX_PER_CLIENT per client, so one client
  // cannot hold them all.
  let running = 0;
  const perClient = new Map<string, number>();

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
          422: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      // The 2 s count from the request's arrival (the body is at most WAREHOUSE_BODY_LIMIT bytes).
      const deadline = Date.now() + WAREHOUSE_DEADLINE_MS - reply.elapsedTime;
      const guarded = guardWarehouseQuery(request.body.query);
      if (!guarded.ok) throw new AppError('QUERY_REFUSED', `Query refused: ${guarded.reason}`);
      const setup = await beforeDeadline(ensureRole(), deadline);
      const client = request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
      const mine = perClient.get(client) ?? 0;
      if (mine >= WAREHOUSE_MAX_PER_CLIENT) {
        throw new AppError('RATE_LIMITED', 'You already have a warehouse query running; wait for its answer before sending the next one.');
      }
      if (running >= WAREHOUSE_MAX_CONCURRENT) {
        throw new AppError('RATE_LIMITED', 'The data warehouse is busy with other queries; please try again in a moment.');
      }
      running += 1;
      perClient.set(client, mine + 1);
      try {
        return await runWarehouseQuery(pool, guarded.sql, deadline, setup);
      } finally {
        running -= 1;
        const left = (perClient.get(client) ?? 1) - 1;
        if (left > 0) perClient.set(client, left);
        else perClient.delete(client);
      }
    },
  );
};
