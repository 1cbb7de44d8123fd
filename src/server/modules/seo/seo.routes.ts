// Crawler-facing routes outside /api (issue 14, ADR 015): /robots.txt, the sitemap index and its files,
// and the client shell of /community/{id} and /search?location=… with head tags and a summary injected.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CARE_TYPE_KEYS, CARE_TYPES } from '../../../contracts/constants';
import { searchQuerySchema } from '../../../contracts/search';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import { TtlCache } from '../../lib/ttl-cache';
import type { App, AppServices } from '../../types';
import { communityDetailSchema } from '../../../contracts/community';
import { getCommunityDetail } from '../communities/detail.service';
import { createSiteInfo } from '../health/site';
import { escapeHtml, headTags, initialDataScript, injectIntoShell } from './html';
import { createPagePreloads, type PAGE_SOURCES } from './preload';
import { communityNotFoundPage, communityPage, type RenderedPage, searchPage, SITE_NAME, stateName } from './pages';
import { communityPage as communityIds, countCommunities, userReviewSummary } from './seo.repo';

/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Public pages listed in /sitemaps/pages.xml besides the community pages. */
export const STATIC_PAGES = ['/', '/search', '/about', '/pricing', '/privacy', '/terms'];
const SITEMAP_TTL_MS = 10 * 60_000;
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

export function registerSeoRoutes(app: App, { pool, env, search }: AppServices, options: SeoOptions): void {
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

  /**
   * Head tags that spare the first paint a round trip: the answers the client asks for first (GET
   * /api/site for the demo ribbon, which would otherwise push the page down when it arrives; a
   * community's own detail) as initial query data, and a preload of the community's first picture (its
   * largest paint).
   */
  const preloads = createPagePreloads(options.clientDir);
  const fastStart = async (page: keyof typeof PAGE_SOURCES | null, first?: { photo?: string; community?: { id: number; data: unknown } }) => {
    const scripts = page ? preloads(page) : '';
    const entries: Array<[readonly unknown[], unknown]> = [[['/api/site'], await site.get()]];
    let preload = '';
    if (first?.community) {
      const encoded = communityDetailSchema.safeEncode(first.community.data as never);
      if (encoded.success) entries.push([[COMMUNITIES_KEY, first.community.id], encoded.data]);
    }
    // The picture of the community (or of the first search result): the page's largest paint.
    if (first?.photo?.startsWith('/')) preload = `<link rel="preload" as="image" href="${escapeHtml(first.photo)}" fetchpriority="high" />`;
    return [preload, scripts, initialDataScript(entries)].filter(Boolean).join('\n    ');
  };

  const sendPage = async (reply: FastifyReply, page: RenderedPage, screen: keyof typeof PAGE_SOURCES, community?: Parameters<typeof fastStart>[1]) =>
    reply
      .status(page.status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(injectIntoShell(getShell(), { title: page.title, head: `${headTags(page.meta, SITE_NAME)}\n    ${await fastStart(screen, community)}`, body: page.body }));

  /** The shell as it is, with the fast-start head tags (the landing page, a search without a place). */
  const sendShell = async (reply: FastifyReply, screen: keyof typeof PAGE_SOURCES) => {
    const head = await fastStart(screen);
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(getShell().replace(/<\/head>/i, (end) => `  ${head}\n  ${end}`));
  };

  app.get('/', async (_request, reply) => sendShell(reply, 'landing'));

  app.get<{ Params: { id: string } }>('/community/:id', async (request, reply) => {
    const base = publicBase(env, request);
    const raw = request.params.id;
    const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : NaN;
    if (!(id <= 2_147_483_647)) return sendPage(reply, communityNotFoundPage(base, `/community/${encodeURIComponent(raw)}`), 'community');
    try {
      const [community, user] = await Promise.all([getCommunityDetail(pool, id), userReviewSummary(pool, id)]);
      return sendPage(reply, communityPage(base, community, user), 'community', { photo: community.photos[0], community: { id, data: community } });
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND') return sendPage(reply, communityNotFoundPage(base, `/community/${id}`), 'community');
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
      return sendShell(reply, 'search');
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
    return sendPage(reply, searchPage(base, { place, careLabel, total: result.total, communities: result.communities, query: params.toString() }), 'search', {
      photo: result.communities[0]?.photos[0],
    });
  });
}
