// Routes of the communities module (registered under /api in src/server/app.ts):
// the search, the map points of a whole search result and the map configuration.
import { mapConfigSchema, mapPointsResponseSchema, searchFilterSchema, searchQuerySchema, searchResponseSchema } from '../../../contracts/search';
import type { RouteModule } from '../../types';
import { createSearchService } from './search.service';

export const communityRoutes: RouteModule = (app, { pool, env }) => {
  const search = createSearchService(pool);

  app.get(
    '/communities/search',
    { schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema } } },
    async (request) => search.search(request.query),
  );

  app.get(
    '/communities/search/points',
    { schema: { querystring: searchFilterSchema, response: { 200: mapPointsResponseSchema } } },
    async (request, reply) => {
      // Tens of thousands of points: serialized once (and cached) instead of validated row by row.
      const json = await search.mapPointsJson(request.query);
      return reply.type('application/json; charset=utf-8').serializer((payload) => payload as string).send(json as never);
    },
  );

  app.get('/config/map', { schema: { response: { 200: mapConfigSchema } } }, async () => ({
    tileUrl: env.MAP_TILE_URL || null,
    attribution: env.MAP_TILE_ATTRIBUTION || null,
  }));
};
