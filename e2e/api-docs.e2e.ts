// The API reference page (/api/docs, ADR 019) in a real browser: Swagger UI's files come from the app,
// the app's Content-Security-Policy holds (a violation is a console error), and the operations of
// /api/openapi.json are listed.
import type { ConsoleMessage, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, browserAvailable, pageErrors, screenshot, useBrowser } from './support/browser';

describe.skipIf(!browserAvailable)('API reference (/api/docs)', () => {
  const b = useBrowser();

  it('renders the operations from the app alone, without a console error or CSP violation', async () => {
    const page = await b.newPage();
    const consoleErrors: string[] = [];
    const foreign: string[] = [];
    page.on('console', (m: ConsoleMessage) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    page.on('request', (r: Request) => {
      if (!r.url().startsWith(baseUrl) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    const res = await page.goto('/api/docs');
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    const search = page.locator('.opblock-summary-path', { hasText: '/api/communities/search' }).first();
    await expect.poll(() => search.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.locator('.opblock').count()).toBeGreaterThan(40);
    // Guarded operations show the lock of the session cookie.
    expect(await page.locator('.opblock .authorization__btn').count()).toBeGreaterThan(10);
    await screenshot(page, 'api-docs');
    expect(consoleErrors).toEqual([]);
    expect(foreign).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  });
});
