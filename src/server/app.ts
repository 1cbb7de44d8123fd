// buildApp() assembles the server (plugins, modules, static client); main.ts listens, tests inject.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jsonSerializerCompiler } from './lib/json-serializer';
import { queryValidatorCompiler } from './lib/query-validator';
import { compressPluginOptions, registerGzipOffThread } from './lib/gzip-off-thread';
import { registerErrorHandling } from './lib/errors';
import { assertSameOrigin, isApiPath } from './lib/http';
import { registerSecurityHeaders } from './lib/security-headers';
import { postgresRateLimitStore } from './lib/rate-limit-store';
import { findSessionUser, SESSION_COOKIE } from './modules/auth/session';
import { changesSessions, SessionCache, sessionCacheEnabled } from './modules/auth/session-cache';
import { adminRoutes } from './modules/admin/admin.routes';
import { registerApiDocs, registerApiDocsRoutes } from './modules/docs/openapi';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { communityRoutes } from './modules/communities/communities.routes';
import { compareRoutes } from './modules/compare/compare.routes';
import { communityDetailRoutes } from './modules/communities/detail.routes';
import { communityRecordRoutes } from './modules/communities/records.routes';
import { favoriteRoutes } from './modules/favorites/favorites.routes';
import { healthRoutes } from './modules/health/health.routes';
import { insightRoutes } from './modules/insights/insights.routes';
import { leadRoutes } from './modules/leads/leads.routes';
import { listRoutes } from './modules/lists/lists.routes';
import { marketRoutes } from './modules/market/market.routes';
import { marketsRoutes } from './modules/markets/markets.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { familyReviewRoutes } from './modules/reviews/reviews.routes';
import { shortlistRoutes } from './modules/shortlist/shortlist.routes';
import { registerSeoRoutes } from './modules/seo/seo.routes';
import { themeRoutes } from './modules/themes/themes.routes';
import { warehouseRoutes } from './modules/warehouse/warehouse.routes';
import { createSearchService, searchIndexEnabled } from './modules/communities/search.service';
import { createAppInsightService } from './modules/insights/insights.service';
import { createAppMarketsService } from './modules/markets/markets.service';
import { createAppThemeService } from './modules/themes/themes.service';
import { LiveSearchIndex, SEARCH_INDEX_CHANNEL } from './modules/communities/search-index.live';
import { liveInsightsIndex } from './modules/insights/insights-index';
import { OPERATORS_INDEX_CHANNEL, liveOperatorsIndex } from './modules/insights/operators-index';
import type { App, AppDeps, AppServices, RouteModule } from './types';
import { liveMarketIndex } from './modules/markets/market-index';
import type { LiveIndexOptions } from './lib/live-index';
import { liveMarketThemesIndex } from './modules/themes/market-themes-index';

const here = path.dirname(fileURLToPath(import.meta.url));
export const CLIENT_DIST = path.resolve(here, '../../dist/client');

/** Every API module, registered under /api. Add a module here with one line. */
const MODULES: RouteModule[] = [
  healthRoutes,
  authRoutes,
  communityRoutes,
  communityDetailRoutes,
  communityRecordRoutes,
  leadRoutes,
  favoriteRoutes,
  compareRoutes,
  shortlistRoutes,
  insightRoutes,
  analyticsRoutes,
  marketRoutes,
  marketsRoutes,
  themeRoutes,
  listRoutes,
  warehouseRoutes,
  chatRoutes,
  familyReviewRoutes,
  adminRoutes,
];

export interface BuildOptions extends AppDeps {
  logger?: FastifyServerOptions['logger'];
  /** Serve the built client from dist/client (default: when it exists). */
  serveClient?: boolean;
  /** URLs per community sitemap file (default and maximum 50,000; tests use a small one). */
  sitemapPageSize?: number;
  /** Called for every route as it is registered (tests walk the route table with it). */
  onRoute?: (route: RouteOptions) => void;
}

function tileOrigins(tileUrl: string | undefined): string[] {
  if (!tileUrl) return [];
  try {
    return [new URL(tileUrl.replace(/\{[^}]+\}/g, '0')).origin];
  } catch {
    return [];
  }
}

/**
 * One access line per request (method, URL, client address, status, time), written when the answer is sent, in
 * place of Fastify's two (the request as it came in, then its completion): writing them was 4-6% of the app's CPU
 * on a distinct theme report or search (2026-11-26). Fastify's other per-request lines (errors) are kept.
 */
class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { method: request.method, url: request.url, ip: request.ip, statusCode: reply.statusCode, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

export async function buildApp(options: BuildOptions): Promise<App> {
  const { env } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new AccessLog(),
    // false, a hop count or a list of proxy addresses/CIDRs; never `true` (env.ts refuses it).
    trustProxy: env.TRUST_PROXY as FastifyServerOptions['trustProxy'],
    bodyLimit: 256 * 1024,
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false },
  }).withTypeProvider<ZodTypeProvider>();

  // Query strings and path parameters checked by code compiled from each schema, zod deciding whatever that code
  // does not accept (lib/query-validator.ts); under tests both run and must agree.
  app.setValidatorCompiler(queryValidatorCompiler({ verify: env.NODE_ENV === 'test' }));
  // Answers written by code compiled from each response schema, zod deciding whatever that code does not accept
  // (lib/json-serializer.ts); under tests both run and must give the same text.
  app.setSerializerCompiler(jsonSerializerCompiler({ verify: env.NODE_ENV === 'test' }));
  registerErrorHandling(app);
  if (options.onRoute) {
    const onRoute = options.onRoute;
    app.addHook('onRoute', (route) => onRoute(route as RouteOptions));
  }

  const tiles = tileOrigins(env.MAP_TILE_URL);
  // helmet's headers, computed once at start instead of per response (lib/security-headers.ts).
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tiles],
        connectSrc: ["'self'", ...tiles],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        childSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: env.COOKIE_SECURE ? undefined : false,
  });
  await app.register(cookie);
  // JSON (and HTML) answers over 1 kB are compressed for clients that accept it. Before any route is
  // declared: the plugin attaches itself route by route. Answers that already carry a Content-Encoding
  // (the pre-gzipped map points and review pages, the precompressed static files) are left as they are.
  // gzip first for answers compressed per request: on the API's JSON it is as small as brotli at the plugin's
  // quality 4 (a 47 kB insights page: 7.4 kB gzip, 7.5 kB brotli) and cheaper to produce (ADR 026). Static
  // files keep their brotli, written once at build time at full quality.
  // One call, not a stream, up to 128 kB (a search page is ~15 kB, an insights page 27 kB, 83 kB at 100 rows): on this
  // 2-core host the plugin's default (streams above 8 kB) cost more main-thread time per answer than the compression
  // itself, and at gzip level 3 (deflate's fast mode) a 45 kB page takes a quarter of level 6's time for 11% more bytes
  // (ADR 026, 2026-11-25); an 83 kB page cost 0.41-0.57 ms of CPU through the stream against 0.27-0.39 ms in one call (2026-11-26).
  // Those the plugin would gzip in one call are gzipped on libuv's thread pool instead, by the hook registered first
  // (lib/gzip-off-thread.ts: same bytes, the main thread free meanwhile; 2026-11-27).
  const compression = { threshold: 1024, encodings: ['gzip', 'br'], level: 3, maxBytes: 128 * 1024 };
  registerGzipOffThread(app, compression);
  await app.register(compress, compressPluginOptions(compression));
  // Limits are opted into per route (sign-in, leads, chat...) with `config.rateLimit`. Counters live in
  // PostgreSQL, shared by every app node; when the database is down the request gets a 503.
  await app.register(rateLimit, {
    global: false,
    max: env.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    store: postgresRateLimitStore(options.pool),
    skipOnError: false,
  });

  // Before any body is read (multipart imports included): state-changing requests from another origin stop here.
  app.addHook('onRequest', async (request) => assertSameOrigin(env, request));

  app.decorateRequest('user', null);
  // Who is signed in: from the session cache when it is on (ADR 031), else from PostgreSQL. Requests that may change
  // users or sessions (sign-in and out, password reset, the admin's user changes) read PostgreSQL and empty the
  // cache before their answer is sent.
  const sessionCache = sessionCacheEnabled(env) ? new SessionCache(options.pool, { logError: (msg, err) => app.log.error({ module: 'auth', err }, msg) }) : null;
  if (sessionCache) {
    sessionCache.start();
    app.addHook('onClose', async () => sessionCache.close());
    app.addHook('onSend', async (request) => {
      if (changesSessions(request.method, request.url)) sessionCache.clear();
    });
  }
  app.decorate('sessionCache', sessionCache);
  app.decorate('sessionUserOf', (request: FastifyRequest) => {
    const token = request.cookies[SESSION_COOKIE];
    return sessionCache ? sessionCache.lookup(token, !changesSessions(request.method, request.url)) : findSessionUser(options.pool, token);
  });
  app.addHook('onRequest', async (request) => {
    if (!isApiPath(request.url)) return;
    if (request.cookies[SESSION_COOKIE]) request.user = await app.sessionUserOf(request);
  });

  // The in-memory indexes (ADR 026, 027, 029), when SEARCH_INDEX is on: each logs under its module, starts
  // building in the background and stops listening when the app closes.
  const indexOptions = (module: string): LiveIndexOptions => ({
    debounceMs: env.SEARCH_INDEX_DEBOUNCE_MS,
    log: (msg) => app.log.info({ module }, msg),
    logError: (msg, err) => app.log.error({ module, err }, msg),
  });
  const startIndex = <I extends { start(): void; close(): Promise<void> }>(make: () => I): I | null => {
    if (!searchIndexEnabled(env)) return null;
    const index = make();
    index.start();
    app.addHook('onClose', async () => index.close());
    return index;
  };
  // The one search service of the app, with the in-memory index when it is on (ADR 026).
  const searchIndex = startIndex(() => new LiveSearchIndex(options.pool, indexOptions('search')));
  const search = createSearchService(options.pool, { ...(env.APP_CACHES ? {} : { cacheTtlMs: 0 }), index: searchIndex });
  app.addHook('onClose', async () => search.close());
  app.decorate('searchService', search);
  // Community Insights' index: rebuilt on the same change notifications (communities, prices, operators).
  const insightsIndex = startIndex(() => liveInsightsIndex(options.pool, SEARCH_INDEX_CHANNEL, indexOptions('insights')));
  app.decorate('insightsIndex', insightsIndex);
  // The competitive set's and the portfolio's index, and the market theme reports' (ADR 029): the same notifications.
  const marketIndex = startIndex(() => liveMarketIndex(options.pool, SEARCH_INDEX_CHANNEL, indexOptions('markets')));
  app.decorate('marketIndex', marketIndex);
  // The market themes index reads communities and employee reviews only (its notifications: MARKET_THEMES_TABLES);
  // operators_index first, search_index last (search-index-refresh.test.ts finds each listener by its connection's last statement).
  const marketThemesIndex = startIndex(() => liveMarketThemesIndex(options.pool, [OPERATORS_INDEX_CHANNEL, SEARCH_INDEX_CHANNEL], indexOptions('themes')));
  app.decorate('marketThemesIndex', marketThemesIndex);
  // Operator Intelligence's index: operators and their listed communities notify search_index, employee
  // reviews (the review count each row shows) operators_index (migration 0025).
  const operatorsIndex = startIndex(() => liveOperatorsIndex(options.pool, [SEARCH_INDEX_CHANNEL, OPERATORS_INDEX_CHANNEL], indexOptions('insights')));
  app.decorate('operatorsIndex', operatorsIndex);
  const insights = createAppInsightService(options.pool, {
    env,
    index: insightsIndex,
    operatorIndex: operatorsIndex,
    warn: (err, msg) => app.log.warn({ err }, msg),
  });
  app.addHook('onClose', async () => insights.close());
  // The theme and markets services: one each, shared by their routes and their caches.
  const themes = createAppThemeService(options.pool, env, marketThemesIndex);
  const markets = createAppMarketsService(options.pool, env, marketIndex, themes);
  const deps: AppServices = { pool: options.pool, db: options.db, env, search, insights, themes, markets };
  // The OpenAPI collector listens to every route declared from here on (ADR 019).
  await registerApiDocs(app as unknown as App);
  await app.register(
    async (api) => {
      for (const register of MODULES) await register(api as unknown as App, deps);
    },
    { prefix: '/api' },
  );
  // /api/openapi.json and the reference page /api/docs (served from the installed package).
  await registerApiDocsRoutes(app as unknown as App);

  // Outside /api: generated illustrations (/media/...).
  await mediaRoutes(app as unknown as App, deps);

  const clientDir = env.CLIENT_DIST_DIR ? path.resolve(env.CLIENT_DIST_DIR) : CLIENT_DIST;
  const serveClient = options.serveClient ?? existsSync(path.join(clientDir, 'index.html'));
  // Outside /api: robots.txt, the sitemaps and the pre-rendered shell of community and search pages.
  registerSeoRoutes(app as unknown as App, deps, { clientDir: serveClient ? clientDir : null, sitemapPageSize: options.sitemapPageSize });

  if (serveClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      maxAge: '1h',
      // The build writes .br and .gz beside each file (scripts/precompress.ts); they are sent as they are.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Hashed file names change with their content; index.html names them, so it is revalidated every time.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else if (/index\.html(\.(br|gz))?$/.test(filePath)) res.header('Cache-Control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    // HEAD answers wherever GET does (the client routes too); other methods and /api paths are 404.
    if (isApiPath(url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${url}` } });
    }
    if (!serveClient) {
      return reply.status(404).type('text/plain').send('The client is not built. Run `npm run build`.');
    }
    // Every other path is a client route; the client router renders the 404 screen.
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });

  return app as unknown as App;
}
