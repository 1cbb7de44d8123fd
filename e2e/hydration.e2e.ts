// Server-rendered first screens (issue 14, ADR 028): `/`, a city search and a community page arrive with
// their screen in the HTML (the largest paint needs no JavaScript), and React hydrates that HTML without
// a mismatch: no console error or warning, no uncaught error, the server's nodes are kept (not replaced),
// and the answers the page carries are not asked for again. Signed out, signed in, and with a browser
// that holds a compare list and dismissed the demo ribbon (localStorage the server cannot read).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, browserAvailable, hydrated, pageErrors, screenshot, sql, signUp, useBrowser, VIEWPORTS } from './support/browser';

interface Target {
  name: string;
  path: string;
  /** Text of the server-rendered <h1>. */
  heading: string;
  /** API paths the page carries as initial data: the browser must not request them. */
  seeded: string[];
}

let targets: Target[] = [];

/** Console errors and warnings (React reports a hydration mismatch there) and the page's API requests. */
function watch(page: Page) {
  const console: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.push(`${m.type()}: ${m.text()}`);
  });
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) requests.push(url.pathname);
  });
  return { console, requests };
}

/** Opens `path`, marks the server's <h1> before any script runs, and waits until React has hydrated. */
async function openHydrated(page: Page, target: Target) {
  // The server's own <h1> node gets a property before the app's scripts run; hydration keeps the node
  // (a client render after a mismatch would replace it with a new one, without the property).
  // Every section heading is kept too: the parts hydrated in passes of their own (HydrateApart) would be
  // rendered again, their nodes replaced, after a mismatch.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const h1 = document.querySelector('#root h1');
      if (h1) (h1 as HTMLElement & { fromServer?: boolean }).fromServer = true;
      (window as Window & { serverHeadings?: Element[] }).serverHeadings = [...document.querySelectorAll('#root h2')];
    });
  });
  await page.goto(target.path);
  await hydrated(page.locator('#root h1').first(), 30_000);
  await page.waitForLoadState('networkidle');
}

describe.skipIf(!browserAvailable)('server-rendered first screens hydrate without a mismatch', () => {
  const b = useBrowser();

  beforeAll(async () => {
    const [c] = await sql<{ id: number; name: string; city: string; state: string }>(
      `SELECT id, name, city, state FROM communities WHERE listing_status IS DISTINCT FROM 'delisted' AND array_length(photos, 1) > 0 ORDER BY id LIMIT 1`,
    );
    targets = [
      { name: 'landing', path: '/', heading: 'Senior Living Market Intelligence', seeded: ['/api/site', '/api/auth/user'] },
      {
        name: 'search',
        path: `/search?location=${encodeURIComponent(`${c!.city}, ${c!.state}`)}`,
        heading: 'Find Senior Living Communities',
        seeded: ['/api/site', '/api/auth/user', '/api/communities/search'],
      },
      { name: 'community', path: `/community/${c!.id}`, heading: c!.name, seeded: ['/api/site', '/api/auth/user', `/api/communities/${c!.id}`] },
    ];
  });

  it('a plain GET carries the rendered screen: the heading and, on the search page, the first result cards with their pictures', async () => {
    for (const t of targets) {
      const html = await (await fetch(`${baseUrl}${t.path}`)).text();
      expect(html, t.name).toContain('<div id="root" data-ssr="1">');
      const root = html.slice(html.indexOf('<div id="root"'));
      expect(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(root)?.[1]?.replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&'), t.name).toBe(t.heading);
      // The CSP allows no inline script: the rendered HTML must not need one.
      expect(root.match(/<script(?![^>]*type="application\/(?:json|ld\+json)")/g), t.name).toBeNull();
    }
    const search = await (await fetch(`${baseUrl}${targets[1]!.path}`)).text();
    expect(search.match(/<li class="flex">/g)?.length).toBeGreaterThan(0);
    expect(search).toMatch(/<img [^>]*fetchPriority="high"/);
  });

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`signed out on a ${viewport}: each page hydrates the server's HTML, with no error and no repeated request`, async () => {
      for (const t of targets) {
        const page = await b.newPage({ viewport: VIEWPORTS[viewport] });
        const seen = watch(page);
        await openHydrated(page, t);
        expect(seen.console, `${t.name}: ${seen.console.join('\n')}`).toEqual([]);
        expect(pageErrors(page), t.name).toEqual([]);
        expect(await page.evaluate(() => (document.querySelector('#root h1') as HTMLElement & { fromServer?: boolean }).fromServer), t.name).toBe(true);
        const headings = await page.evaluate(() =>
          ((window as Window & { serverHeadings?: Element[] }).serverHeadings ?? []).map((h) => ({ text: h.textContent, kept: h.isConnected })),
        );
        expect(headings.length, t.name).toBeGreaterThan(t.name === 'community' ? 4 : 0);
        expect(headings.filter((h) => !h.kept), `${t.name}: headings the client rendered again`).toEqual([]);
        for (const api of t.seeded) expect(seen.requests, `${t.name} asked for ${api} again`).not.toContain(api);
        if (viewport === 'phone') await screenshot(page, `hydrated-${t.name}-phone`);
        await page.close();
      }
    });
  }

  it('with a compare list and a dismissed demo ribbon in the browser, and signed in with a compare list of the account', async () => {
    const [c] = await sql<{ id: number }>(`SELECT id FROM communities WHERE listing_status IS DISTINCT FROM 'delisted' ORDER BY id LIMIT 1`);
    for (const signedIn of [false, true]) {
      // Signed in, '/' is the dashboard (rendered in the browser, no compare bar): only search and community.
      for (const t of signedIn ? targets.slice(1) : targets) {
        const page = await b.newPage({ viewport: VIEWPORTS.phone });
        await page.addInitScript((id) => {
          localStorage.setItem('seniorscope.compare', JSON.stringify([id]));
          localStorage.setItem('seniorscope.demoRibbonDismissed', '1');
        }, c!.id);
        if (signedIn) {
          await signUp(page);
          const res = await page.request.post(`${baseUrl}/api/compare`, { data: { communityId: c!.id }, headers: { origin: baseUrl } });
          expect(res.status()).toBe(200);
        }
        const seen = watch(page);
        await openHydrated(page, t);
        expect(seen.console, `${t.name} (signed ${signedIn ? 'in' : 'out'}): ${seen.console.join('\n')}`).toEqual([]);
        expect(pageErrors(page), t.name).toEqual([]);
        // The browser's own state shows once hydrated: the compare bar, no ribbon.
        await expect.poll(() => page.getByTestId('compare-tray').isVisible(), { timeout: 15_000 }).toBe(true);
        expect(await page.getByTestId('demo-ribbon').count()).toBe(0);
        await page.close();
      }
    }
  });
});
