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
import { csvFileResponse, sendCsvFile } from '../docs/responses';
import { createInsightService } from './insights.service';

const EXPORT_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

export const insightRoutes: RouteModule = (app, { pool, env, insightsIndex, operatorsIndex }) => {
  // Counting ~45k rows under arbitrary filters on every request would not stay fast: figures are cached
  // for a minute, page answers for 15 s, and both are served stale (while refreshed) for up to 10 minutes.
  // Tests run without caching so every answer reflects the rows they just wrote.
  // APP_CACHES=false turns off the answer caches (pages, filtered counts) but not the whole-table lists.
  const caching = env.NODE_ENV !== 'test' && env.APP_CACHES;
  const service = createInsightService(pool, {
    index: insightsIndex,
    operatorIndex: operatorsIndex,
    figuresTtlMs: caching ? 60_000 : 0,
    pageTtlMs: caching ? 15_000 : 0,
    listsTtlMs: env.NODE_ENV !== 'test' ? 60_000 : 0,
    staleMs: 10 * 60_000,
  });
  if (caching) {
    const warm = () =>
      service.warm().catch((err: unknown) => app.log.warn({ err }, 'insights: warming the caches failed'));
    // Shortly after start (the dataset may still be loading on a first start) and then every 5 minutes.
    const first = setTimeout(warm, 3_000);
    const every = setInterval(warm, 5 * 60_000);
    first.unref();
    every.unref();
    app.addHook('onClose', async () => {
      clearTimeout(first);
      clearInterval(every);
    });
  }

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
    async (request) => service.getCommunityInsights(request.query),
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
