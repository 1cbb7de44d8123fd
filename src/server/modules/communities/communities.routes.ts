// Routes of the communities module (registered under /api in src/server/app.ts):
// the search, the map points of a whole search result and the map configuration.
import { mapConfigSchema, mapPointsQuerySchema, mapPointsResponseSchema, searchQuerySchema, searchResponseSchema } from '../../../contracts/search';
import type { RouteModule } from '../../types';
import { JSON_CONTENT_TYPE, replyJson } from '../../lib/serialized';

export const communityRoutes: RouteModule = (app, { env, search }) => {

  app.get(
    '/communities/search',
    { schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema } } },
    async (request, reply) => {
      // From the index the answer's bytes (the serializer's, written from each card's kept JSON); else an object to serialize.
      return replyJson(reply, await search.searchBody(request.query));
    },
  );

  app.get(
    '/communities/search/points',
    { schema: { querystring: mapPointsQuerySchema, response: { 200: mapPointsResponseSchema } } },
    async (request, reply) => {
      // Up to MAP_POINTS_MAX points (or clusters): written as bytes once (and cached, with its gzip once asked for), not validated row by row.
      const body = await search.mapPoints(request.query);
      reply.type(JSON_CONTENT_TYPE).header('Vary', 'Accept-Encoding');
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        // A Buffer is sent as it is (no serializer runs).
        return reply.header('Content-Encoding', 'gzip').send((await body.gzip()) as never);
      }
      return reply.send(body.body as never);
    },
  );

  app.get('/config/map', { schema: { response: { 200: mapConfigSchema } } }, async () => ({
    tileUrl: env.MAP_TILE_URL || null,
    attribution: env.MAP_TILE_ATTRIBUTION || null,
  }));
};
