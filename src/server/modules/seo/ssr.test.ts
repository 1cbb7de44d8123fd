// The server's use of the client's renderer (ADR 028): with `<clientDir>/../ssr/entry-server.js` present
// a page's #root holds what it renders (marked data-ssr for the client to hydrate) from the same answers
// the page carries as initial data; a render that fails falls back to the crawler summary of ADR 015.
// The renderer here is a stand-in module that echoes what it was given (the real one is React's, in the
// browser tests: e2e/hydration.e2e.ts).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestDatabase, testEnv, type TestDatabase } from '../../test/db';
import { registerOverHttp } from '../../test/factories';
import type { App } from '../../types';

const BASE = 'https://seniorscope.example';
let tdb: TestDatabase;
let app: App;
let root: string;
let austinId: number;

const FAKE_RENDERER = `
export async function render(url, entries) {
  if (url.includes('fail')) throw new Error('this page does not render');
  return '<main data-fake-ssr="1">' + JSON.stringify({ url, entries }).replace(/</g, '\\\\u003c') + '</main>';
}
`;

beforeAll(async () => {
  tdb = await createTestDatabase();
  root = mkdtempSync(path.join(tmpdir(), 'sl-ssr-'));
  mkdirSync(path.join(root, 'client'));
  mkdirSync(path.join(root, 'ssr'));
  writeFileSync(path.join(root, 'client', 'index.html'), readFileSync(path.resolve(import.meta.dirname, '../../../client/index.html'), 'utf8'));
  writeFileSync(path.join(root, 'ssr', 'entry-server.js'), FAKE_RENDERER);
  const { rows } = await tdb.pool.query<{ id: number }>(
    `INSERT INTO communities (name, address, city, state, zip_code, lat, lng, care_types, photos, description, source_id)
     VALUES ('Willow Bend', '1 Oak St', 'Austin', 'TX', '78701', 30.27, -97.74, ARRAY['Assisted Living'], ARRAY['/media/communities/1/1.svg'], 'Quiet.', 'ssr-1') RETURNING id`,
  );
  austinId = rows[0]!.id;
  app = await buildApp({ pool: tdb.pool, db: tdb.db, env: testEnv({ CLIENT_DIST_DIR: path.join(root, 'client'), PUBLIC_URL: BASE }), serveClient: true });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
  rmSync(root, { recursive: true, force: true });
});

interface Rendered {
  url: string;
  entries: Array<[unknown[], unknown]>;
}
const renderedOf = (html: string): Rendered | null => {
  const m = /<div id="root" data-ssr="1"><main data-fake-ssr="1">([\s\S]*?)<\/main><\/div>/.exec(html);
  return m ? (JSON.parse(m[1]!) as Rendered) : null;
};
const initialDataOf = (html: string): Array<[unknown[], unknown]> =>
  JSON.parse(/<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null') as Array<[unknown[], unknown]>;

describe('server-rendered first screens', () => {
  it('a community page: #root is the render of its URL from exactly the answers the page carries; the crawler tags stay', async () => {
    const res = await app.inject({ method: 'GET', url: `/community/${austinId}` });
    expect(res.statusCode).toBe(200);
    const rendered = renderedOf(res.body);
    expect(rendered?.url).toBe(`/community/${austinId}`);
    expect(rendered?.entries).toEqual(initialDataOf(res.body));
    const api = (await app.inject({ method: 'GET', url: `/api/communities/${austinId}` })).json();
    expect(rendered?.entries.find(([key]) => key[0] === '/api/communities')).toEqual([['/api/communities', austinId], api]);
    expect(res.body).toContain('<meta property="og:title" content="Willow Bend — Austin, TX | SeniorScope" />');
    expect(res.body).not.toContain('data-prerendered');
  });

  it("a search page renders from its first page of results, under the client's query key, as the API answers it", async () => {
    const res = await app.inject({ method: 'GET', url: '/search?location=%20Austin%2C%20TX%20&careType=assisted' });
    const rendered = renderedOf(res.body);
    expect(rendered?.url).toBe('/search?location=%20Austin%2C%20TX%20&careType=assisted');
    const api = (await app.inject({ method: 'GET', url: '/api/communities/search?location=Austin%2C%20TX&careTypes=Assisted%20Living&page=1&sort=relevance' })).json();
    expect((api as { total: number }).total).toBe(1);
    expect(rendered?.entries.find(([key]) => key[0] === '/api/communities/search')).toEqual([
      ['/api/communities/search', { location: 'Austin, TX', careTypes: 'Assisted Living' }, 1, 'relevance'],
      api,
    ]);
    // Parameters the key does not cover (a sort): the screen asks for its results itself.
    const sorted = renderedOf((await app.inject({ method: 'GET', url: '/search?location=Austin%2C%20TX&sort=name' })).body);
    expect(sorted?.entries.map(([key]) => key[0])).toEqual(['/api/site', '/api/auth/user']);
  });

  it('the landing page is rendered signed out; signed in it is the dashboard, left to the browser', async () => {
    expect(renderedOf((await app.inject({ method: 'GET', url: '/' })).body)?.url).toBe('/');
    const sid = await registerOverHttp(app, 'ssr-home@example.com');
    const home = await app.inject({ method: 'GET', url: '/', headers: { cookie: `sid=${sid}` } });
    expect(home.statusCode).toBe(200);
    expect(renderedOf(home.body)).toBeNull();
    expect(home.body).toContain('<div id="root"></div>');
  });

  it('a render that fails serves the page with its crawler summary for the client to render', async () => {
    const res = await app.inject({ method: 'GET', url: '/search?location=fail' });
    expect(res.statusCode).toBe(200);
    expect(renderedOf(res.body)).toBeNull();
    expect(res.body).not.toContain('data-ssr');
    expect(res.body).toContain('data-prerendered="search"');
  });

  it('the analyst screens are not server-rendered (they depend on the session and load their data themselves)', async () => {
    const res = await app.inject({ method: 'GET', url: '/community-insights' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });
});
