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
import { answerCachesOn } from '../../lib/cache-policy';
import { sendSerialized } from '../../lib/serialized';
import type { RouteModule } from '../../types';
import { SentimentService, SUMMARY_TTL_MS } from './sentiment.service';

export const analyticsRoutes: RouteModule = (app, { pool, env }) => {
  // Review pages are cached as bytes for as long as the summaries and page keys they are built from.
  const sentiment = new SentimentService(pool, SUMMARY_TTL_MS, Date.now, answerCachesOn(env));
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

  const pageSchema = { customer: customerReviewPageSchema, employee: employeeReviewPageSchema } as const;
  for (const kind of ['customer', 'employee'] as const) {
    app.get(
      `/sentiment/${kind}/reviews`,
      { schema: { querystring: reviewPageQuerySchema, response: { 200: pageSchema[kind], 400: errorResponseSchema } } },
      async (request, reply) => {
        const page = sentiment.serializedPage(kind, request.query.page);
        if (page) return sendSerialized(request, reply, await page);
        return kind === 'customer' ? sentiment.customerPage(request.query.page) : sentiment.employeePage(request.query.page);
      },
    );
  }
};
