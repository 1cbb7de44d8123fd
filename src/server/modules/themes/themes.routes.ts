// Routes of the review-theme reports (Pro; registered under /api in src/server/app.ts). ADR 021.
import { errorResponseSchema } from '../../../contracts/errors';
import {
  portfolioSchema,
  themeIdParamsSchema,
  themeKindQuerySchema,
  themeMarketParamsSchema,
  themeMarketQuerySchema,
  themeReportSchema,
} from '../../../contracts/themes';
import type { RouteModule } from '../../types';
import { requirePro } from '../auth/session';
import { PORTFOLIO_RADIUS_MILES } from '../markets/markets.service';
import { themeCaching } from './themes.service';

export const themeRoutes: RouteModule = (app, { env, themes, markets }) => {
  if (themeCaching(env)) {
    app.addHook('onListen', (done) => {
      // The whole-table reports read every review: computed once ahead of the first visitor.
      const t = setTimeout(() => themes.warm().catch((err: unknown) => app.log.warn({ err }, 'themes: warming failed')), 5_000);
      t.unref();
      done();
    });
  }
  const response = { 200: themeReportSchema, 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

  app.get('/themes', { onRequest: requirePro, schema: { querystring: themeKindQuerySchema, response } }, (request) =>
    themes.all(request.query.kind),
  );
  app.get('/themes/community/:id', { onRequest: requirePro, schema: { params: themeIdParamsSchema, response } }, (request) =>
    themes.community(request.params.id),
  );
  app.get(
    '/themes/operator/:id',
    { onRequest: requirePro, schema: { params: themeIdParamsSchema, querystring: themeKindQuerySchema, response } },
    (request) => themes.operator(request.params.id, request.query.kind),
  );
  app.get(
    '/themes/market/:state',
    { onRequest: requirePro, schema: { params: themeMarketParamsSchema, querystring: themeMarketQuerySchema, response } },
    (request) => themes.market(request.query.kind, request.params.state, request.query.city ?? null, request.query.county ?? null),
  );
  app.get(
    '/portfolio/:id',
    { onRequest: requirePro, schema: { params: themeIdParamsSchema, response: { 200: portfolioSchema, 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema } } },
    // Each community's prices against its competitive set (the markets service's computation, ADR 020).
    (request) => themes.portfolio(request.params.id, (ids) => markets.pricePositions(ids, PORTFOLIO_RADIUS_MILES), markets.portfolioSource()),
  );
};
