// Markets and the competitive set (issue 15, ADR 020). Pro only, enforced here, except the state
// summary (beds per 1,000 aged 65+ by state), which Pricing Analytics shows everyone in public mode (issue 12).
import {
  competitiveSetParamsSchema,
  competitiveSetQuerySchema,
  competitiveSetSchema,
  countyMarketSchema,
  marketCountyParamsSchema,
  marketStateParamsSchema,
  marketsOverviewSchema,
  marketsQuerySchema,
  stateMarketSchema,
  statesSummarySchema,
} from '../../../contracts/markets';
import type { RouteModule } from '../../types';
import { requirePro } from '../auth/session';
import { ThemeService } from '../themes/themes.service';
import { createMarketsService } from './markets.service';

export const marketsRoutes: RouteModule = (app, { pool, env }) => {
  // The competitive set's reputation compares review themes (ADR 021); the set itself is cached, not the themes.
  const service = createMarketsService(pool, { caching: env.NODE_ENV !== 'test' && env.APP_CACHES, themes: new ThemeService(pool, 0) });

  app.get('/markets', { onRequest: requirePro, schema: { querystring: marketsQuerySchema, response: { 200: marketsOverviewSchema } } }, async (request) =>
    service.markets(request.query.minPopulation),
  );

  app.get('/markets/states', { schema: { response: { 200: statesSummarySchema } } }, async () => service.states());

  app.get('/markets/:state', { onRequest: requirePro, schema: { params: marketStateParamsSchema, response: { 200: stateMarketSchema } } }, async (request) =>
    service.stateMarket(request.params.state),
  );

  app.get(
    '/markets/:state/:county',
    { onRequest: requirePro, schema: { params: marketCountyParamsSchema, response: { 200: countyMarketSchema } } },
    async (request) => service.countyMarket(request.params.state, request.params.county),
  );

  app.get(
    '/community-insights/:id/market',
    { onRequest: requirePro, schema: { params: competitiveSetParamsSchema, querystring: competitiveSetQuerySchema, response: { 200: competitiveSetSchema } } },
    async (request) => service.competitiveSet(request.params.id, request.query.radius),
  );
};
