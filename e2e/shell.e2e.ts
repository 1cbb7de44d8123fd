import { describe, expect, it } from 'vitest';
import { baseUrl, browserAvailable, expectAccessible, pageErrors, screenshot, useBrowser, VIEWPORTS } from './support/browser';

describe.skipIf(!browserAvailable)('app shell', () => {
  const b = useBrowser();

  it('serves the health of the real app', async () => {
    const res = await fetch(`${baseUrl}/api/health`);
    // Public health is status only (the table counts are for admins).
    expect(await res.json()).toEqual({ status: 'ok', database: 'up' });
    // The generated dataset is there: community 1 exists.
    expect(await (await fetch(`${baseUrl}/api/health/probe?id=1`)).json()).toEqual({ id: 1 });
  });

  it('renders the header and the consumer footer on the landing page', async () => {
    const page = await b.newPage();
    await page.goto('/');
    await expect.poll(() => page.getByRole('banner').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('contentinfo').isVisible()).toBe(true);
    await expect.poll(() => page.locator('header a[href="/community-insights"]').first().isVisible()).toBe(true);
    await screenshot(page, 'shell-landing-desktop');
    await expectAccessible(page);
    expect(pageErrors(page)).toEqual([]);
  });

  it('shows the 404 screen for an unknown path, and matches routes case-insensitively', async () => {
    const page = await b.newPage();
    await page.goto('/no-such-page');
    await expect.poll(() => page.getByText('404 Page Not Found').isVisible()).toBe(true);
    await screenshot(page, 'shell-404');
    await page.goto('/ABOUT');
    await expect.poll(() => page.getByText('404 Page Not Found').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });

  it('loads nothing from outside the app, and the chat button never covers the last footer link', async () => {
    const page = await b.newPage();
    const foreign: string[] = [];
    page.on('request', (r) => {
      const url = r.url();
      if (!url.startsWith(baseUrl) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
    });
    for (const path of ['/', '/search', '/community/1', '/pricing-analytics', '/sentiment-analysis', '/saved']) {
      await page.goto(path, { waitUntil: 'networkidle' });
    }
    await page.goto('/about', { waitUntil: 'networkidle' });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const terms = page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' });
    const box = await terms.boundingBox();
    expect(box).not.toBeNull();
    const topmost = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.textContent ?? null, {
      x: box!.x + box!.width - 4,
      y: box!.y + box!.height / 2,
    });
    expect(topmost).toBe('Terms of Service');
    expect(foreign).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  });

  it('collapses the navigation into a menu on a phone', async () => {
    const page = await b.newPage({ viewport: VIEWPORTS.phone });
    await page.goto('/');
    await expect.poll(() => page.getByRole('banner').isVisible()).toBe(true);
    await screenshot(page, 'shell-landing-phone');
    expect(pageErrors(page)).toEqual([]);
  });
});
