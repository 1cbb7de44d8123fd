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
  underservedSchema,
} from '../../../contracts/markets';
import type { RouteModule } from '../../types';
import { requirePro } from '../auth/session';
import { sendSerialized } from '../../lib/serialized';

export const marketsRoutes: RouteModule = (app, { markets: service }) => {

  app.get('/markets', { onRequest: requirePro, schema: { querystring: marketsQuerySchema, response: { 200: marketsOverviewSchema } } }, async (request, reply) => {
    // Every county (~0.8 MB of JSON): serialized and gzipped once per computed overview, not per request (ADR 029).
    return sendSerialized(request, reply, await service.marketsBody(request.query.minPopulation));
  });

  app.get('/markets/underserved', { onRequest: requirePro, schema: { querystring: marketsQuerySchema, response: { 200: underservedSchema } } }, async (request) =>
    service.underserved(request.query.minPopulation),
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
