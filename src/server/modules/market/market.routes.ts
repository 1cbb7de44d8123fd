// Market routes: pricing analytics (public, SPEC section 6) and the dashboard's live figures.
// The dashboard's Pro tabs are enforced here: top operators need Pro, sentiment highlights only reach Pro users.
import { z } from 'zod';
import { marketMetricsSchema, pricingAnalyticsQuerySchema, pricingAnalyticsResponseSchema, recentInsightsSchema, topOperatorsSchema } from '../../../contracts/market';
import { isPro, requirePro } from '../auth/session';
import type { RouteModule } from '../../types';
import { createMarketService } from './market.service';

export const marketRoutes: RouteModule = (app, { pool, env }) => {
  const service = createMarketService(pool, { caching: env.APP_CACHES });

  app.get(
    '/pricing-analytics',
    { schema: { querystring: pricingAnalyticsQuerySchema, response: { 200: pricingAnalyticsResponseSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, max-age=300');
      return service.pricingAnalytics(request.query);
    },
  );

  app.get('/market/metrics', { schema: { response: { 200: marketMetricsSchema } } }, async () => service.metrics());

  app.get(
    '/operators/top',
    {
      preHandler: requirePro,
      schema: { querystring: z.object({ limit: z.coerce.number().int().min(1).max(25).default(4) }), response: { 200: topOperatorsSchema } },
    },
    async (request) => service.top(request.query.limit),
  );

  app.get('/insights/recent', { schema: { response: { 200: recentInsightsSchema } } }, async (request) => service.recent(isPro(request.user)));
};
