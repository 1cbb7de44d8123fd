// Crawler-facing routes outside /api (issue 14, ADR 015): /robots.txt, the sitemap index and its files,
// and the client shell of /community/{id} and /search?location=… with head tags and a summary injected.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CARE_TYPE_KEYS, CARE_TYPES, DEFAULT_PAGE_SIZE } from '../../../contracts/constants';
import { INSIGHT_FILTER_KEYS, insightQuerySchema, insightResponseSchema } from '../../../contracts/insights';
import { LICENCE_FILTER_KEYS } from '../../../contracts/licence-filters';
import { searchQuerySchema, searchResponseSchema } from '../../../contracts/search';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { TtlCache } from '../../lib/ttl-cache';
import type { App, AppServices } from '../../types';
import { communityDetailSchema } from '../../../contracts/community';
import { toAuthUserResponse } from '../auth/auth.service';
import { compareListOf } from '../compare/compare.service';
import { getCommunityDetail } from '../communities/detail.service';
import { createSiteInfo } from '../health/site';
import { inlineIllustration } from '../media/media.routes';
import { escapeHtml, headTags, initialDataScript, injectIntoShell } from './html';
import { ANALYST_PAGES, createPagePreloads, modulepreloadTags, type PageName, preloadAfterPaint, SSR_PAGES } from './preload';
import { createServerRenderer, type InitialEntries } from './ssr';
import { communityNotFoundPage, communityPage, type RenderedPage, searchPage, SITE_NAME, stateName } from './pages';
import { communityPage as communityIds, countCommunities, userReviewSummary } from './seo.repo';

/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Public pages listed in /sitemaps/pages.xml besides the community pages. */
export const STATIC_PAGES = ['/', '/search', '/about', '/pricing', '/privacy', '/terms'];
const SITEMAP_TTL_MS = 10 * 60_000;
/** The client's query key of the session's user (src/client/lib/auth.ts). */
const AUTH_USER_KEY = '/api/auth/user';
/** The client's query key of a signed-in user's compare list (src/client/lib/compare.ts). */
const COMPARE_KEY = '/api/compare';
/** The client's query key of a search page (features/search/api/search-communities.ts). */
const SEARCH_KEY = '/api/communities/search';
/**
 * The client's query key of Community Insights' first page with no filters, sorted by name
 * (features/community-insights: [url, params], the page's initial state).
 */
const INSIGHTS_FIRST_PAGE_KEY = [
  '/api/community-insights',
  {
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    sortField: 'name',
    sortDirection: 'asc',
    searchQuery: '',
    filters: Object.fromEntries([...INSIGHT_FILTER_KEYS, ...LICENCE_FILTER_KEYS].map((k) => [k, 'all'])),
    operatorSearch: '',
  },
] as const;
/** The client's query key of the page's inline pictures (src/client/lib/inline-pictures.ts). */
const INLINE_PICTURES_KEY = '/media/inline';
const ROBOTS_DISALLOW = ['/api/', '/admin', '/saved', '/compare', '/shared/', '/my/', '/requests/'];

export interface SeoOptions {
  /** Where the built client lives; its index.html is the shell of the pre-rendered pages (none: no pages). */
  clientDir: string | null;
  /** URLs per community sitemap file (tests use a small one); at most SITEMAP_MAX_URLS. */
  sitemapPageSize?: number;
}

/** The site's absolute origin: PUBLIC_URL when set, else the request's own scheme and host. */
export function publicBase(env: Env, request: FastifyRequest): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '');
  const host = /^[A-Za-z0-9.\-:[\]]{1,255}$/.test(request.host) ? request.host : 'localhost';
  return `${request.protocol}://${host}`;
}

const xmlEscape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** careType=memory or a label, comma-joined (as src/client/features/search reads it) -> labels. */
function careTypesParam(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const labels = new Set<string>();
  for (const part of raw.split(',')) {
    const key = part.trim().toLowerCase();
    const label = CARE_TYPE_KEYS[key as keyof typeof CARE_TYPE_KEYS] ?? CARE_TYPES.find((t) => t.toLowerCase() === key);
    if (label) labels.add(label);
  }
  return [...labels].join(',') || undefined;
}

/**
 * The first page of results under the query key the client's search screen asks for
 * (features/search/api/search-communities.ts: [url, filterParams, page, sort]) when the address holds
 * only a place and care types, as the server's own search read them; else none (the screen asks itself).
 */
function searchAnswer(query: Record<string, unknown>, result: unknown): FirstAnswer | undefined {
  if (Object.keys(query).some((k) => k !== 'location' && k !== 'careType') || typeof query.location !== 'string') return undefined;
  const location = query.location.trim();
  const careTypes = careTypesParam(query.careType);
  return { key: [SEARCH_KEY, { location, ...(careTypes ? { careTypes } : {}) }, 1, 'relevance'], data: result, schema: searchResponseSchema };
}

/** An answer the page carries for the client's first request: its query key, and the API's schema that encodes it as the API does. */
interface FirstAnswer {
  key: readonly unknown[];
  data: unknown;
  schema: z.ZodType;
}

/** The query of Community Insights' first page (no filters, by name), as the API reads it. */
const INSIGHTS_FIRST_PAGE_QUERY = insightQuerySchema.parse({});

export function registerSeoRoutes(app: App, { pool, env, search, insights }: AppServices, options: SeoOptions): void {
  const pageSize = Math.min(SITEMAP_MAX_URLS, Math.max(1, options.sitemapPageSize ?? SITEMAP_MAX_URLS));
  const sitemaps = new TtlCache<string>({ ttlMs: env.APP_CACHES ? SITEMAP_TTL_MS : 0, staleMs: SITEMAP_TTL_MS, maxEntries: 64 });

  app.get('/robots.txt', async (request, reply) => {
    const base = publicBase(env, request);
    const lines = ['User-agent: *', 'Allow: /', ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`), '', `Sitemap: ${base}/sitemap.xml`, ''];
    return reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(lines.join('\n'));
  });

  const sendXml = (reply: FastifyReply, xml: string) =>
    reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=600').send(xml);

  app.get('/sitemap.xml', async (request, reply) => {
    const base = publicBase(env, request);
    const xml = await sitemaps.get(`index|${base}`, async () => {
      const files = Math.ceil((await countCommunities(pool)) / pageSize);
      const entries = ['/sitemaps/pages.xml', ...Array.from({ length: files }, (_, i) => `/sitemaps/communities-${i + 1}.xml`)];
      return `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n${entries.map((p) => `  <sitemap><loc>${xmlEscape(base + p)}</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`;
    });
    return sendXml(reply, xml);
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const base = publicBase(env, request);
    const { file } = request.params;
    if (file === 'pages.xml') {
      const xml = `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n${STATIC_PAGES.map((p) => `  <url><loc>${xmlEscape(base + p)}</loc></url>`).join('\n')}\n</urlset>\n`;
      return sendXml(reply, xml);
    }
    const n = /^communities-([1-9][0-9]{0,5})\.xml$/.exec(file)?.[1];
    if (!n) throw new AppError('NOT_FOUND', 'No such sitemap');
    const xml = await sitemaps.get(`${file}|${base}`, async () => {
      const rows = await communityIds(pool, pageSize, (Number(n) - 1) * pageSize);
      if (!rows.length) return '';
      const urls = rows.map((r) => `  <url><loc>${xmlEscape(`${base}/community/${r.id}`)}</loc><lastmod>${r.updated}</lastmod></url>`);
      return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n${urls.join('\n')}\n</urlset>\n`;
    });
    if (!xml) throw new AppError('NOT_FOUND', 'No such sitemap');
    return sendXml(reply, xml);
  });

  if (!options.clientDir) return;
  const shellPath = path.join(options.clientDir, 'index.html');
  let shell: string | null = null;
  // Read once (a deploy restarts the server with its new build).
  const getShell = () => (shell ??= readFileSync(shellPath, 'utf8'));

  const site = createSiteInfo(pool, env);
  const COMMUNITIES_KEY = '/api/communities';
  const renderer = createServerRenderer(options.clientDir, app.log, { cache: env.APP_CACHES });
  // In the background once listening: the first visitors do not wait for the screens' chunks to load.
  app.addHook('onReady', async () => {
    void renderer.warm(['/', '/search', '/community/0']);
  });

  /**
   * What spares the first paint a round trip: the answers the client asks for first (GET /api/site for
   * the demo ribbon, which would otherwise push the page down when it arrives; a community's own detail;
   * the first page of a search) as initial query data, modulepreloads of the screen's chunks and a
   * preload of the largest picture. The same answers are the server renderer's query cache.
   */
  const preloads = createPagePreloads(options.clientDir);
  interface First {
    photo?: string;
    answer?: FirstAnswer;
  }
  const fastStart = async (request: FastifyRequest, page: PageName, first?: First) => {
    // The session's user (null: signed out) as GET /api/auth/user answers it: the header, the landing
    // page and the review card render for that user at once, on the server and in the browser alike.
    // (The app reads sessions for /api paths only; a page reads it here.)
    const user = (request.user ??= await app.sessionUserOf(request));
    const entries: InitialEntries = [
      [['/api/site'], await site.get()],
      [[AUTH_USER_KEY], user ? toAuthUserResponse(user) : null],
    ];
    // Signed in, the layout's compare bar asks for the account's list as the page hydrates; the page's
    // Compare buttons, hydrated a moment later, would otherwise see it arrive and no longer match.
    if (user) entries.push([[COMPARE_KEY], await compareListOf(pool, user.id)]);
    if (first?.answer) {
      const encoded = first.answer.schema.safeEncode(first.answer.data as never);
      if (encoded.success) entries.push([first.answer.key, encoded.data]);
    }
    // The picture of the community (or of the first search result): the page's largest paint. A generated
    // illustration goes into the HTML as a data: URI (rendered by the server and hydrated as such) when the
    // page carries the answer that shows it, else it is preloaded.
    const inline = first?.photo && first.answer ? inlineIllustration(first.photo) : null;
    if (first?.photo && inline) entries.push([[INLINE_PICTURES_KEY], { [first.photo]: inline }]);
    const preload = !inline && first?.photo?.startsWith('/') ? `<link rel="preload" as="image" href="${escapeHtml(first.photo)}" fetchpriority="high" />` : '';
    return { entries, preload, files: preloads(page), data: initialDataScript(entries) };
  };

  /**
   * The page's first screen rendered by the client's own code (ADR 028) when the renderer is built and
   * the page is one it renders; else `fallback` (the crawler summary of ADR 015, or nothing) for the
   * client to replace.
   */
  const firstScreen = async (request: FastifyRequest, page: PageName, entries: InitialEntries, fallback: string) => {
    // Signed in, '/' is the dashboard, an analyst screen: rendered in the browser only.
    const html = SSR_PAGES.has(page) && !(page === 'landing' && request.user) ? await renderer.render(request.url, entries) : null;
    return html === null ? { body: fallback, ssr: false } : { body: html, ssr: true };
  };

  /**
   * The shell and the page's head tags. A server-rendered screen loads its scripts after its first paint
   * (the shell's and the screen's modulepreloads become a list for src/client/main.tsx); a screen the client
   * renders needs them at once, so they are preloaded from the head.
   */
  const assemble = (start: { preload: string; files: string[]; data: string }, ssr: boolean) => {
    if (!ssr) return { shell: getShell(), head: [start.preload, modulepreloadTags(start.files), start.data].filter(Boolean).join('\n    ') };
    const after = preloadAfterPaint(getShell(), start.files);
    return { shell: after.shell, head: [start.preload, start.data, after.block].filter(Boolean).join('\n    ') };
  };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, page: RenderedPage, screen: PageName, first?: First) => {
    const start = await fastStart(request, screen, first);
    const root = await firstScreen(request, screen, start.entries, page.body);
    const { shell, head } = assemble(start, root.ssr);
    return reply
      .status(page.status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Cookie')
      .send(injectIntoShell(shell, { title: page.title, head: `${headTags(page.meta, SITE_NAME)}\n    ${head}`, ...root }));
  };

  /** The shell with its own title and the fast-start head tags (the landing page, a search without a place, the analyst pages). */
  const sendShell = async (request: FastifyRequest, reply: FastifyReply, screen: PageName, first?: First) => {
    const start = await fastStart(request, screen, first);
    const root = await firstScreen(request, screen, start.entries, '');
    const { shell, head } = assemble(start, root.ssr);
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Cookie')
      .send(injectIntoShell(shell, { head, ...root }));
  };

  app.get('/', async (request, reply) => sendShell(request, reply, 'landing'));
  // The analyst screens: the site answer keeps the demo ribbon from pushing the page down when it arrives.
  // Community Insights carries its first page (no filters, by name): the screen renders its table in its first
  // render instead of asking for it after start and drawing the page twice (issue 14). An address with a
  // query (the focus hand-off from Operator Intelligence) asks for its own answer.
  const firstAnswers: Partial<Record<PageName, () => Promise<FirstAnswer>>> = {
    communityInsights: async () => ({ key: INSIGHTS_FIRST_PAGE_KEY, data: await insights.getCommunityInsights(INSIGHTS_FIRST_PAGE_QUERY), schema: insightResponseSchema }),
  };
  for (const [screen, url] of Object.entries(ANALYST_PAGES) as Array<[PageName, string]>) {
    app.get(url, async (request, reply) => {
      const answer = request.url.includes('?') ? undefined : await firstAnswers[screen]?.();
      return sendShell(request, reply, screen, answer && { answer });
    });
  }

  app.get<{ Params: { id: string } }>('/community/:id', async (request, reply) => {
    const base = publicBase(env, request);
    const raw = request.params.id;
    const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : NaN;
    if (!(id <= 2_147_483_647)) return sendPage(request, reply, communityNotFoundPage(base, `/community/${encodeURIComponent(raw)}`), 'community');
    try {
      const [community, user] = await Promise.all([getCommunityDetail(pool, id), userReviewSummary(pool, id)]);
      return sendPage(request, reply, communityPage(base, community, user), 'community', {
        photo: community.photos[0],
        answer: { key: [COMMUNITIES_KEY, id], data: community, schema: communityDetailSchema },
      });
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND') return sendPage(request, reply, communityNotFoundPage(base, `/community/${id}`), 'community');
      throw err;
    }
  });

  app.get<{ Querystring: Record<string, unknown> }>('/search', async (request, reply) => {
    const base = publicBase(env, request);
    // The parameters the client's search screen reads: location and careType (keys or labels, comma-joined).
    const parsed = searchQuerySchema.safeParse({ location: request.query.location, careTypes: careTypesParam(request.query.careType) });
    const location = parsed.success ? parsed.data.location : undefined;
    if (!parsed.success || !location) {
      // No place (or a query the API refuses): the plain shell; the client explains.
      return sendShell(request, reply, 'search');
    }
    const q = parsed.data;
    const [result, where] = await Promise.all([search.search({ ...q, page: 1 }), search.locate(location)]);
    const place =
      where.kind === 'state'
        ? stateName(where.state)
        : where.kind === 'city' && where.cities.length === 1 && where.cities[0]
          ? `${where.cities[0].city}, ${where.cities[0].state}`
          : location;
    const careLabel = q.careTypes.length === 1 && q.careTypes[0] ? q.careTypes[0] : 'Senior Living';
    const params = new URLSearchParams({ location: place });
    const keys = q.careTypes.map((label) => Object.entries(CARE_TYPE_KEYS).find(([, l]) => l === label)?.[0] ?? label);
    if (keys.length) params.set('careType', keys.join(','));
    return sendPage(request, reply, searchPage(base, { place, careLabel, total: result.total, communities: result.communities, query: params.toString() }), 'search', {
      photo: result.communities[0]?.photos[0],
      answer: searchAnswer(request.query, result),
    });
  });
}
