// Routes of the analytics module (registered under /api in src/server/app.ts).
// Sentiment Analysis (SPEC section 2): whole-table summaries and pages of 1000 reviews per kind.
import { errorResponseSchema } from '../../../contracts/errors';
import {
  customerReviewPageSchema,
  employeeReviewPageSchema,
  reviewPageQuerySchema,
  sentimentSummarySchema,
} from '../../../contracts/sentiment';
import type { RouteModule } from '../../types';
import { SentimentService } from './sentiment.service';

export const analyticsRoutes: RouteModule = (app, { pool }) => {
  const sentiment = new SentimentService(pool);
  // Compute the whole-table figures once the server listens, so the first visitor does not wait for them.
  app.addHook('onListen', (done) => {
    sentiment.warm().catch((err: unknown) => app.log.warn({ err }, 'sentiment: warming the summaries failed'));
    done();
  });

  const summarySchema = { response: { 200: sentimentSummarySchema } };
  app.get('/sentiment/customer/summary', { schema: summarySchema }, () => sentiment.summary('customer'));
  app.get('/sentiment/employee/summary', { schema: summarySchema }, () => sentiment.summary('employee'));

  app.get(
    '/sentiment/customer/reviews',
    { schema: { querystring: reviewPageQuerySchema, response: { 200: customerReviewPageSchema, 400: errorResponseSchema } } },
    (request) => sentiment.customerPage(request.query.page),
  );
  app.get(
    '/sentiment/employee/reviews',
    { schema: { querystring: reviewPageQuerySchema, response: { 200: employeeReviewPageSchema, 400: errorResponseSchema } } },
    (request) => sentiment.employeePage(request.query.page),
  );
};
