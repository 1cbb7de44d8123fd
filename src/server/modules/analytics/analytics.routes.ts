// Routes of the analytics module (registered under /api in src/server/app.ts).
// Sentiment Analysis (SPEC section 2): whole-table summaries and pages of 1000 reviews per kind.
import { errorResponseSchema } from '../../../contracts/errors';
import {
  customerReviewPageSchema,
  employeeReviewPageSchema,
  reviewPageQuerySchema,
  sentimentSummarySchema,
  sentimentTrendSchema,
} from '../../../contracts/sentiment';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TtlCache } from '../../lib/ttl-cache';
import type { RouteModule } from '../../types';
import { SentimentService, SUMMARY_TTL_MS } from './sentiment.service';

const gzipAsync = promisify(gzip);

/** A page of 1000 reviews (~350 kB of JSON), validated, serialized and gzipped once. */
interface SerializedPage {
  json: string;
  gzip: Buffer;
}

export const analyticsRoutes: RouteModule = (app, { pool, env }) => {
  const sentiment = new SentimentService(pool);
  // Review pages are cached as bytes for as long as the summaries and page keys they are built from
  // (SUMMARY_TTL_MS, 5 minutes): serializing 1000 rows per request was most of their cost. Off in tests and with
  // APP_CACHES=false.
  const pageTtlMs = env.NODE_ENV !== 'test' && env.APP_CACHES ? SUMMARY_TTL_MS : 0;
  const pages = new TtlCache<SerializedPage>({ ttlMs: pageTtlMs, maxEntries: 32 });
  const serialized = async (key: string, load: () => Promise<unknown>, schema: { parse(v: unknown): unknown }) =>
    pages.get(key, async () => {
      const json = JSON.stringify(schema.parse(await load()));
      return { json, gzip: await gzipAsync(json) };
    });
  const sendPage = (request: FastifyRequest, reply: FastifyReply, page: SerializedPage) => {
    reply.type('application/json; charset=utf-8').header('Vary', 'Accept-Encoding');
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      // A Buffer is sent as it is (no serializer runs).
      return reply.header('Content-Encoding', 'gzip').send(page.gzip as never);
    }
    return reply.serializer((payload) => payload as string).send(page.json as never);
  };
  // Compute the whole-table figures once the server listens, so the first visitor does not wait for them.
  app.addHook('onListen', (done) => {
    sentiment.warm().catch((err: unknown) => app.log.warn({ err }, 'sentiment: warming the summaries failed'));
    done();
  });

  const summarySchema = { response: { 200: sentimentSummarySchema } };
  app.get('/sentiment/customer/summary', { schema: summarySchema }, () => sentiment.summary('customer'));
  app.get('/sentiment/employee/summary', { schema: summarySchema }, () => sentiment.summary('employee'));
  const trendSchema = { response: { 200: sentimentTrendSchema } };
  app.get('/sentiment/customer/trend', { schema: trendSchema }, () => sentiment.trend('customer'));
  app.get('/sentiment/employee/trend', { schema: trendSchema }, () => sentiment.trend('employee'));

  app.get(
    '/sentiment/customer/reviews',
    { schema: { querystring: reviewPageQuerySchema, response: { 200: customerReviewPageSchema, 400: errorResponseSchema } } },
    async (request, reply) => {
      if (!pages.enabled) return sentiment.customerPage(request.query.page);
      const page = await serialized(`customer:${request.query.page}`, () => sentiment.customerPage(request.query.page), customerReviewPageSchema);
      return sendPage(request, reply, page);
    },
  );
  app.get(
    '/sentiment/employee/reviews',
    { schema: { querystring: reviewPageQuerySchema, response: { 200: employeeReviewPageSchema, 400: errorResponseSchema } } },
    async (request, reply) => {
      if (!pages.enabled) return sentiment.employeePage(request.query.page);
      const page = await serialized(`employee:${request.query.page}`, () => sentiment.employeePage(request.query.page), employeeReviewPageSchema);
      return sendPage(request, reply, page);
    },
  );
};
