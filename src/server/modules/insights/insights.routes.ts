// Routes of the insights module (registered under /api in src/server/app.ts): Community Insights,
// Operator Intelligence, an operator's communities and the two Pro-only CSV exports.
import {
  insightExportQuerySchema,
  insightQuerySchema,
  insightResponseSchema,
  operatorCommunitiesResponseSchema,
  operatorExportQuerySchema,
  operatorIdParamsSchema,
  operatorQuerySchema,
  operatorResponseSchema,
} from '../../../contracts/insights';
import type { z } from 'zod';
import type { RouteModule } from '../../types';
import { requirePro } from '../auth/session';
import { csvFileName } from '../../lib/csv';
import { replyJson } from '../../lib/serialized';
import { csvFileResponse, sendCsvFile } from '../docs/responses';

const EXPORT_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

export const insightRoutes: RouteModule = (app, { insights: service }) => {
  /** A Pro-only export of a page: its filters without paging, rate-limited, sent as a dated CSV file. */
  function csvExport<Q extends z.ZodType>(page: string, querystring: Q, description: string, csv: (query: z.output<Q>) => Promise<AsyncIterable<string> | Iterable<string>>) {
    app.get(
      `/${page}/export.csv`,
      { preHandler: requirePro, config: { rateLimit: EXPORT_RATE_LIMIT }, schema: { querystring, response: { 200: csvFileResponse(description) } } },
      async (request, reply) => sendCsvFile(reply, csvFileName(page), await csv(request.query as z.output<Q>)),
    );
  }

  app.get(
    '/community-insights',
    { schema: { querystring: insightQuerySchema, response: { 200: insightResponseSchema } } },
    async (request, reply) => {
      // From the index the answer's bytes (the serializer's, written from each row's kept JSON); else an object to serialize.
      return replyJson(reply, await service.communityInsightsBody(request.query));
    },
  );

  csvExport('community-insights', insightExportQuerySchema, 'The filtered communities as CSV', (query) => service.communityCsv(query));

  app.get(
    '/operator-insights',
    { schema: { querystring: operatorQuerySchema, response: { 200: operatorResponseSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return service.getOperatorInsights(request.query);
    },
  );

  csvExport('operator-insights', operatorExportQuerySchema, 'The filtered operators as CSV', (query) => service.operatorCsv(query));

  app.get(
    '/operators/:id/communities',
    { schema: { params: operatorIdParamsSchema, response: { 200: operatorCommunitiesResponseSchema } } },
    async (request) => service.getOperatorCommunities(request.params.id),
  );
};
