// Crawler-facing pages (issue 14): a plain GET of /community/{id} and /search?location=… carries the
// community's facts, canonical, Open Graph/Twitter tags and parseable JSON-LD, all escaped; robots.txt
// and the sitemap index split at the page size; HEAD answers 200 where GET does.
import { makeClientDir } from '../../test/client-dir';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestDatabase, testEnv, type TestDatabase } from '../../test/db';
import { registerOverHttp } from '../../test/factories';
import type { App } from '../../types';
import { SITEMAP_MAX_URLS } from './seo.routes';
import { INSIGHT_FILTER_KEYS } from '../../../contracts/insights';
import { LICENCE_FILTER_KEYS } from '../../../contracts/licence-filters';

const BASE = 'https://seniorscope.example';
const HOSTILE = 'Oak </script><script>alert(1)</script> "Manor" & <b>Co</b>';
let tdb: TestDatabase;
let app: App;
let clientDir: string;
let removeClientDir: () => void;
let hostileId: number;
let reviewedId: number;
const austinIds: number[] = [];
const allIds: number[] = [];

beforeAll(async () => {
  tdb = await createTestDatabase();
  // The real shell template of the client.
  ({ dir: clientDir, remove: removeClientDir } = makeClientDir({ 'index.html': readFileSync(path.resolve(import.meta.dirname, '../../../client/index.html'), 'utf8') }));
  const insert = async (name: string, city: string, state: string, careTypes: string[], extra = '') => {
    const { rows } = await tdb.pool.query<{ id: number }>(
      `INSERT INTO communities (name, address, city, state, zip_code, phone, lat, lng, care_types, photos, description, source_id${extra ? ', rating, review_count' : ''})
       VALUES ($1, '12 Elm St', $2, $3, '78701', '(512) 555-0100', 30.27, -97.74, $4, ARRAY['/media/communities/1/1.svg'], $5, $6${extra ? `, ${extra}` : ''}) RETURNING id`,
      [name, city, state, careTypes, `${name} is a friendly place.`, `seo-${allIds.length}`],
    );
    allIds.push(rows[0]!.id);
    return rows[0]!.id;
  };
  hostileId = await insert(HOSTILE, 'Austin', 'TX', ['Assisted Living', 'Memory Care'], '4.5, 2');
  austinIds.push(hostileId);
  await tdb.pool.query(
    `INSERT INTO community_pricing (community_id, care_type, min_price, max_price) VALUES ($1, 'Assisted Living', 3200, 5400), ($1, 'Memory Care', 5000, 6900)`,
    [hostileId],
  );
  await tdb.pool.query(
    `INSERT INTO customer_reviews (community_id, rating, author, content, review_date, source, source_kind, sentiment)
     VALUES ($1, 5, 'Demo A', 'Lovely', '2026-01-01', 'Demo', 'demo', 0.9), ($1, 4, 'Demo B', 'Fine', '2026-01-02', 'Demo', 'demo', 0.7)`,
    [hostileId],
  );
  reviewedId = await insert('Cedar Court', 'Austin', 'TX', ['Independent Living'], '4, 3');
  austinIds.push(reviewedId);
  await tdb.pool.query(
    `INSERT INTO customer_reviews (community_id, rating, author, content, review_date, source, source_kind, sentiment)
     VALUES ($1, 5, 'Ann', 'Great staff', '2026-02-01', 'This site', 'user', 0.9),
            ($1, 4, 'Bob', 'Good food', '2026-02-02', 'This site', 'user', 0.8),
            ($1, 1, 'Demo C', 'Bad', '2026-02-03', 'Demo', 'demo', 0.1)`,
    [reviewedId],
  );
  austinIds.push(await insert('Birch House', 'Austin', 'TX', ['Assisted Living']));
  await insert('Pine Lodge', 'Dallas', 'TX', ['Assisted Living']);
  await insert('Elm Terrace', 'Denver', 'CO', ['Memory Care']);
  app = await buildApp({ pool: tdb.pool, db: tdb.db, env: testEnv({ CLIENT_DIST_DIR: clientDir, PUBLIC_URL: BASE }), serveClient: true, sitemapPageSize: 2 });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
  removeClientDir();
});

const jsonLdOf = (html: string): Record<string, unknown>[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
const metaContent = (html: string, attr: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attr}="${key.replace(/[:]/g, '\\:')}" content="([^"]*)"`).exec(html)?.[1];
const initialDataOf = (html: string): Array<[unknown[], unknown]> =>
  JSON.parse(/<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null') as Array<[unknown[], unknown]>;
const titleOf = (html: string) => /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];
const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

describe('GET /community/{id} without JavaScript', () => {
  it('carries the answers the client asks for first, exactly as the API gives them, and the first picture', async () => {
    const html = (await app.inject({ method: 'GET', url: `/community/${hostileId}` })).body;
    const api = (await app.inject({ method: 'GET', url: `/api/communities/${hostileId}` })).json();
    const site = (await app.inject({ method: 'GET', url: '/api/site' })).json();
    expect(initialDataOf(html)).toEqual([
      [['/api/site'], site],
      [['/api/auth/user'], null],
      [['/api/communities', hostileId], api],
      [['/media/inline'], { '/media/communities/1/1.svg': expect.stringMatching(/^data:image\/svg\+xml,%3Csvg/) }],
    ]);
    expect((api as { name: string }).name).toBe(HOSTILE);
    // The first picture is a generated illustration: it travels in the page (the same as /media serves), not preloaded.
    const inline = (initialDataOf(html)[3]![1] as Record<string, string>)['/media/communities/1/1.svg']!;
    const svg = (await app.inject({ method: 'GET', url: '/media/communities/1/1.svg' })).body;
    expect(decodeURIComponent(inline.slice('data:image/svg+xml,'.length))).toBe(svg);
    expect(html).not.toContain('<link rel="preload" as="image"');
  });

  it('serves the landing page as the shell with the site answer', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(initialDataOf(res.body)).toEqual([
      [['/api/site'], (await app.inject({ method: 'GET', url: '/api/site' })).json()],
      [['/api/auth/user'], null],
    ]);
    expect((await app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
  });

  it('carries the name, place, care types, price, rating, canonical, og and twitter tags', async () => {
    const res = await app.inject({ method: 'GET', url: `/community/${hostileId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(unescape(titleOf(html)!)).toBe(`${HOSTILE} — Austin, TX | SeniorScope`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain(`<link rel="canonical" href="${BASE}/community/${hostileId}" />`);
    expect(unescape(metaContent(html, 'property', 'og:title')!)).toBe(`${HOSTILE} — Austin, TX | SeniorScope`);
    expect(metaContent(html, 'property', 'og:url')).toBe(`${BASE}/community/${hostileId}`);
    expect(metaContent(html, 'property', 'og:image')).toBe(`${BASE}/media/communities/1/1.svg`);
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'name', 'description')).toMatch(/^Assisted Living, Memory Care in Austin, TX\. \$3,200 – \$6,900 per month\./);
    const root = /<div id="root">([\s\S]*)<\/div>\s*<script/.exec(html)?.[1] ?? '';
    for (const text of ['Austin, TX', 'Assisted Living, Memory Care', '$3,200 – $6,900 per month', 'Rated 4.5 out of 5 from 2 demo reviews', 'is a friendly place.']) {
      expect(unescape(root)).toContain(text);
    }
    expect(root).toContain('Oak &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;Manor&quot; &amp; &lt;b&gt;Co&lt;/b&gt;');
  });

  it('escapes a hostile name everywhere: no injected element, the JSON-LD parses back to the exact name', async () => {
    const html = (await app.inject({ method: 'GET', url: `/community/${hostileId}` })).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<b>Co');
    // The shell's module script, the JSON-LD and the initial-data block, nothing else.
    expect(html.match(/<script/g)).toHaveLength(3);
    const [ld] = jsonLdOf(html);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: HOSTILE,
      url: `${BASE}/community/${hostileId}`,
      telephone: '(512) 555-0100',
      address: { '@type': 'PostalAddress', streetAddress: '12 Elm St', addressLocality: 'Austin', addressRegion: 'TX', postalCode: '78701', addressCountry: 'US' },
      geo: { '@type': 'GeoCoordinates', latitude: 30.27, longitude: -97.74 },
    });
    // Only demo reviews: no rating for search engines.
    expect(ld).not.toHaveProperty('aggregateRating');
  });

  it('aggregateRating counts only the reviews written by users', async () => {
    const html = (await app.inject({ method: 'GET', url: `/community/${reviewedId}` })).body;
    const [ld] = jsonLdOf(html);
    expect(ld!.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 });
    expect(html).toContain('Rated 4.0 out of 5 from 3 reviews');
  });

  it.each(['/community/999999', '/community/abc', '/community/0', '/community/99999999999'])('%s is a 404 with the shell (noindex)', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(titleOf(res.body)).toBe('Community not found | SeniorScope');
  });
});

describe('GET /search?location=… landing pages', () => {
  it('a city: the title names the place and the real count', async () => {
    const res = await app.inject({ method: 'GET', url: `/search?location=${encodeURIComponent('austin, tx')}` });
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe(`Senior Living in Austin, TX — ${austinIds.length} communities | SeniorScope`);
    expect(res.body).toContain(`<link rel="canonical" href="${BASE}/search?location=Austin%2C+TX" />`);
    for (const id of austinIds) expect(res.body).toContain(`href="/community/${id}"`);
    const [ld] = jsonLdOf(res.body);
    expect(ld).toMatchObject({ '@type': 'ItemList', numberOfItems: austinIds.length });
  });

  it('one care type and a state: "Assisted Living in Texas — N communities"', async () => {
    const { rows } = await tdb.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM communities WHERE state = 'TX' AND 'Assisted Living' = ANY (care_types)`);
    for (const careType of ['assisted', 'Assisted%20Living']) {
      const res = await app.inject({ method: 'GET', url: `/search?location=TX&careType=${careType}` });
      expect(titleOf(res.body)).toBe(`Assisted Living in Texas — ${rows[0]!.n} communities | SeniorScope`);
      expect(res.body).toContain(`<link rel="canonical" href="${BASE}/search?location=Texas&amp;careType=assisted" />`);
    }
  });

  it('escapes a hostile location and answers the plain shell without a location', async () => {
    const res = await app.inject({ method: 'GET', url: `/search?location=${encodeURIComponent('<script>x</script>"')}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>x');
    expect(res.body.match(/<script/g)).toHaveLength(3);
    expect(titleOf(res.body)).toBe('Senior Living in &lt;script&gt;x&lt;/script&gt;&quot; — 0 communities | SeniorScope');
    const plain = await app.inject({ method: 'GET', url: '/search' });
    expect(plain.statusCode).toBe(200);
    // The shell as built, plus only the site answer and the (absent) user the client asks for first.
    const block = /\s*<script type="application\/json" id="initial-data">[\s\S]*?<\/script>/.exec(plain.body)?.[0] ?? '';
    expect(plain.body.replace(block, '')).toBe(readFileSync(path.join(clientDir, 'index.html'), 'utf8'));
    expect(initialDataOf(plain.body)).toEqual([
      [['/api/site'], (await app.inject({ method: 'GET', url: '/api/site' })).json()],
      [['/api/auth/user'], null],
    ]);
  });
});

describe('what a page starts with (ADR 028)', () => {
  it("a signed-in visitor's page carries their user and compare list exactly as the API answers them", async () => {
    const sid = await registerOverHttp(app, 'seo-starter@example.com');
    const cookie = `sid=${sid}`;
    const origin = { cookie, origin: BASE };
    expect((await app.inject({ method: 'POST', url: '/api/compare', headers: origin, payload: { communityId: reviewedId } })).statusCode).toBe(200);
    const user = (await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json();
    const compare = (await app.inject({ method: 'GET', url: '/api/compare', headers: { cookie } })).json();
    expect(compare).toEqual({ communityIds: [reviewedId] });
    for (const url of [`/community/${hostileId}`, '/search?location=Austin%2C%20TX', '/', '/dashboard']) {
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.vary, url).toMatch(/Cookie/);
      const entries = initialDataOf(res.body);
      expect(entries.find(([key]) => key[0] === '/api/auth/user')?.[1], url).toEqual(user);
      expect(entries.find(([key]) => key[0] === '/api/compare')?.[1], url).toEqual(compare);
    }
  });

  it.each(['/dashboard', '/community-insights', '/operator-insights', '/sentiment-analysis', '/pricing-analytics'])(
    'the analyst screen %s is the shell with the site answer (the demo ribbon is there at once, nothing moves when it arrives)',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(initialDataOf(res.body)[0]).toEqual([['/api/site'], (await app.inject({ method: 'GET', url: '/api/site' })).json()]);
      expect(res.body).not.toContain('data-ssr');
      expect((await app.inject({ method: 'HEAD', url })).statusCode).toBe(200);
    },
  );
});

describe('Community Insights starts with its first page (issue 14)', () => {
  it("carries the first page under the screen's query key, exactly as the API answers the screen's first request", async () => {
    const res = await app.inject({ method: 'GET', url: '/community-insights' });
    expect(res.statusCode).toBe(200);
    const entry = initialDataOf(res.body).find(([key]) => key[0] === '/api/community-insights');
    expect(entry).toBeDefined();
    const [key, answer] = entry!;
    const params = key[1] as { page: number; pageSize: number; sortField: string; sortDirection: string; searchQuery: string; operatorSearch: string; filters: Record<string, string> };
    // The screen's initial state (features/community-insights): page 1 of 25 by name, every filter 'all'.
    expect(params).toEqual({
      page: 1,
      pageSize: 25,
      sortField: 'name',
      sortDirection: 'asc',
      searchQuery: '',
      operatorSearch: '',
      filters: Object.fromEntries([...INSIGHT_FILTER_KEYS, ...LICENCE_FILTER_KEYS].map((k) => [k, 'all'])),
    });
    const query = new URLSearchParams({ page: '1', pageSize: '25', sortField: 'name', sortDirection: 'asc', ...params.filters });
    const api = await app.inject({ method: 'GET', url: `/api/community-insights?${query}` });
    expect(api.statusCode).toBe(200);
    expect(answer).toEqual(api.json());
    expect((answer as { communities: unknown[] }).communities.length).toBeGreaterThan(0);
  });

  it('an address with a query (the hand-off from Operator Intelligence) carries no page: the screen asks for its own', async () => {
    const res = await app.inject({ method: 'GET', url: '/community-insights?focus=1&name=Oak' });
    expect(res.statusCode).toBe(200);
    expect(initialDataOf(res.body).some(([key]) => key[0] === '/api/community-insights')).toBe(false);
  });
});

describe('robots.txt and the sitemaps', () => {
  it('robots.txt is text/plain, keeps crawlers out of the API, admin and saved pages and names the sitemap', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /admin', 'Disallow: /saved', 'Disallow: /compare', 'Disallow: /shared/', `Sitemap: ${BASE}/sitemap.xml`]));
  });

  it('without PUBLIC_URL the URLs use the request host', async () => {
    const local = await buildApp({ pool: tdb.pool, db: tdb.db, env: testEnv(), serveClient: false });
    const res = await local.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'seniors.test:8080' } });
    expect(res.body).toContain('Sitemap: http://seniors.test:8080/sitemap.xml');
    await local.close();
  });

  it('the index lists the static pages and one file per page of communities; together they list every community once', async () => {
    const index = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locs = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const files = Math.ceil(allIds.length / 2);
    expect(locs).toEqual([`${BASE}/sitemaps/pages.xml`, ...Array.from({ length: files }, (_, i) => `${BASE}/sitemaps/communities-${i + 1}.xml`)]);

    const listed: string[] = [];
    for (let i = 1; i <= files; i++) {
      const res = await app.inject({ method: 'GET', url: `/sitemaps/communities-${i}.xml` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      const urls = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(urls.length).toBeLessThanOrEqual(2);
      expect(res.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
      listed.push(...urls);
    }
    expect(listed).toEqual(allIds.map((id) => `${BASE}/community/${id}`));
    expect((await app.inject({ method: 'GET', url: `/sitemaps/communities-${files + 1}.xml` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/sitemaps/other.xml' })).statusCode).toBe(404);

    const pages = await app.inject({ method: 'GET', url: '/sitemaps/pages.xml' });
    expect(pages.body).toContain(`<loc>${BASE}/</loc>`);
    expect(pages.body).toContain(`<loc>${BASE}/search</loc>`);
    expect(pages.body).not.toMatch(/\/(admin|saved|api)/);
  });

  it('a page size above the protocol limit is capped at 50,000 URLs per file', async () => {
    const big = await buildApp({ pool: tdb.pool, db: tdb.db, env: testEnv({ PUBLIC_URL: BASE }), serveClient: false, sitemapPageSize: SITEMAP_MAX_URLS * 3 });
    const res = await big.inject({ method: 'GET', url: '/sitemap.xml' });
    expect([...res.body.matchAll(/<loc>/g)]).toHaveLength(2);
    await big.close();
    expect(SITEMAP_MAX_URLS).toBe(50_000);
  });
});

describe('HEAD', () => {
  it.each(['/robots.txt', '/sitemap.xml', '/sitemaps/pages.xml', '/sitemaps/communities-1.xml', '/search?location=Austin%2C%20TX', '/search'])('HEAD %s is 200 without a body', async (url) => {
    const res = await app.inject({ method: 'HEAD', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it('HEAD /community/{id} is 200 (404 for an unknown one)', async () => {
    expect((await app.inject({ method: 'HEAD', url: `/community/${hostileId}` })).statusCode).toBe(200);
    expect((await app.inject({ method: 'HEAD', url: '/community/999999' })).statusCode).toBe(404);
  });
});
