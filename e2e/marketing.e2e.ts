// Marketing and resource screens (landing, plans, about, guides, legal), the header in each
// auth state and the mobile menu, in a real browser with an axe check on every screen.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, expectAccessible, hydrated, pageErrors, screenshot, signUp, sql, useBrowser, VIEWPORTS } from './support/browser';

describe.skipIf(!browserAvailable)('marketing screens', () => {
  const b = useBrowser();

  it('landing: hero, buttons, feature cards, benefits, statistics and the family search', async () => {
    const page = await b.newPage();
    await page.goto('/');
    const h1 = page.getByRole('heading', { level: 1 });
    await expect.poll(() => h1.textContent()).toBe('Senior Living Market Intelligence');
    expect(await page.getByRole('link', { name: 'Try Free Version' }).getAttribute('href')).toBe('/dashboard');
    expect(await page.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe('/api/login');
    expect(await page.getByRole('link', { name: 'View Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(await page.getByRole('link', { name: 'Start Your Free Trial Today' }).getAttribute('href')).toBe('/api/login');
    for (const t of ['Boost Sales Effectiveness', 'Price Competitively', 'Increase Occupancy', 'Manage Reputation', '48,000+', '7,000+', '1B+', '500+']) {
      expect(await page.getByText(t, { exact: true }).count(), t).toBeGreaterThan(0);
    }
    // Community Insights and Operator Intelligence cards are links; the other four are not.
    const main = page.locator('main');
    expect(await main.locator('a[href="/community-insights"]').count()).toBeGreaterThan(0);
    expect(await main.locator('a[href="/operator-insights"]').count()).toBeGreaterThan(0);
    expect(await main.locator('a', { hasText: 'Sentiment Analysis' }).count()).toBe(0);
    await screenshot(page, 'marketing-landing-desktop');
    await expectAccessible(page);

    await page.getByLabel('City, state, or ZIP code').fill('Austin, TX');
    await page.getByRole('button', { name: 'Find Communities' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/search');
    expect(new URL(page.url()).searchParams.get('location')).toBe('Austin, TX');
    expect(pageErrors(page)).toEqual([]);
  });

  it('plans page: both plans, the FAQ and its own header', async () => {
    const page = await b.newPage();
    await page.goto('/PRICING');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Simple, transparent pricing');
    expect(await page.getByRole('link', { name: 'Start Free Now' }).getAttribute('href')).toBe('/dashboard');
    expect(await page.getByRole('link', { name: 'Subscribe to Professional' }).getAttribute('href')).toBe('/api/login');
    expect(await page.getByRole('link', { name: 'Start Your Free Trial' }).getAttribute('href')).toBe('/api/login');
    expect(await page.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/api/login');
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    await page.getByText('Is there a free trial?').click();
    await expect.poll(() => page.getByText(/14-day free trial with full access/).isVisible()).toBe(true);
    await screenshot(page, 'marketing-pricing-desktop');
    await expectAccessible(page);
    expect(pageErrors(page)).toEqual([]);
  });

  it('about page: audiences and both buttons', async () => {
    const page = await b.newPage();
    await page.goto('/about');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('About SeniorScope');
    expect(await page.getByRole('link', { name: 'Start Free Trial' }).getAttribute('href')).toBe('/api/login');
    expect(await page.getByRole('link', { name: 'Explore Platform' }).getAttribute('href')).toBe('/community-insights');
    expect(await page.locator('header a[aria-current="page"]').first().textContent()).toBe('About');
    await expectAccessible(page);
    expect(pageErrors(page)).toEqual([]);
  });

  it('resource pages render real guides; an unknown guide is a 404', async () => {
    const page = await b.newPage({ viewport: VIEWPORTS.phone });
    const expected: Record<string, string> = {
      '/resources/care-planning': 'Choosing the right level of senior care',
      '/resources/financing': 'Paying for senior living',
      '/resources/moving': 'A calm move into senior living',
      '/resources/faq': 'Frequently asked questions',
      '/privacy': 'Privacy Policy',
      '/terms': 'Terms of Service',
    };
    for (const [path, title] of Object.entries(expected)) {
      await page.goto(path);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
      expect(await page.locator('article section h2').count(), path).toBeGreaterThanOrEqual(2);
      await expectAccessible(page);
    }
    await screenshot(page, 'marketing-financing-phone');
    await page.goto('/resources/nope');
    await expect.poll(() => page.getByText('404 Page Not Found').isVisible()).toBe(true);
    expect(pageErrors(page)).toEqual([]);
  });

  it('footer links to care types, resources, privacy and terms', async () => {
    const page = await b.newPage();
    await page.goto('/about');
    // /about is drawn in the browser, after the load event page.goto waits for (the server renders only the
    // landing, search and community screens): the layout and its footer come first, the page's own chunk
    // after them, and under load either can take longer than expect.poll's default second. The footer is used
    // once the page is drawn, so it no longer moves.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 }).toBe('About SeniorScope');
    const footer = page.getByRole('contentinfo');
    expect(await footer.isVisible()).toBe(true);
    for (const href of [
      '/search?careType=independent',
      '/search?careType=assisted',
      '/search?careType=memory',
      '/search?careType=skilled',
      '/resources/care-planning',
      '/resources/financing',
      '/resources/moving',
      '/resources/faq',
      '/privacy',
      '/terms',
    ]) {
      expect(await footer.locator(`a[href="${href}"]`).count(), href).toBe(1);
    }
    expect(await footer.locator('a[href^="tel:"]').count()).toBe(1);
    expect(await footer.locator('a[href^="mailto:"]').count()).toBe(1);
    await footer.getByRole('link', { name: 'Moving Checklist' }).click();
    // An in-app navigation: the address changes at once, then the guide's chunk loads (seconds under load).
    await page.waitForURL('/resources/moving', { timeout: 20_000 });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 }).toBe('A calm move into senior living');
  });

  /** At 1280 px every item of the header's row lies inside it, Sign Out included (nothing cut off or scrolled). */
  async function expectHeaderFits(page: Page) {
    const fit = await page.evaluate(() => {
      const row = document.querySelector('[data-app-header] > div') as HTMLElement;
      const box = row.getBoundingClientRect();
      const signOut = [...row.querySelectorAll('a')].find((a) => a.textContent?.trim() === 'Sign Out')!.getBoundingClientRect();
      return { overflow: row.scrollWidth - row.clientWidth, signOutRight: signOut.right, rowRight: box.right, page: document.documentElement.scrollWidth - window.innerWidth };
    });
    expect(fit.overflow).toBeLessThanOrEqual(0);
    expect(fit.page).toBeLessThanOrEqual(0);
    expect(fit.signOutRight).toBeLessThanOrEqual(fit.rowRight);
    expect(await page.getByTestId('user-name').isVisible()).toBe(true);
  }

  it('header: signed out, signed in and admin', async () => {
    const page = await b.newPage();
    await page.goto('/about');
    const header = page.getByRole('banner');
    await expect.poll(() => header.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/api/login?returnTo=%2Fabout');
    expect(await header.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/api/login?returnTo=%2Fabout');

    const { email } = await signUp(page, { firstName: 'Margaret' });
    await page.goto('/about');
    await expect.poll(() => header.getByText('Margaret').isVisible()).toBe(true);
    expect(await header.getByRole('link', { name: 'Sign Out' }).getAttribute('href')).toBe('/api/logout');
    expect(await header.getByRole('link', { name: 'Saved' }).getAttribute('href')).toBe('/saved');
    expect(await header.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    await expectHeaderFits(page);

    // A long first name is cut off (max-w-32), never pushed out of the header.
    await sql("UPDATE users SET role = 'admin', first_name = 'Bartholomew-Alexandrina' WHERE email = $1", [email]);
    await page.goto('/about');
    await expect.poll(() => header.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
    // The widest header: an admin on the Pro trial (Admin, Lists, Saved, My requests, the name, Sign Out).
    expect(await header.getByRole('link', { name: 'Lists' }).getAttribute('href')).toBe('/lists');
    await expectHeaderFits(page);
    await screenshot(page, 'marketing-header-admin-pro');
    await expectAccessible(page);
    expect(pageErrors(page)).toEqual([]);
  });

  it('mobile menu: opens, shows the green Community Insights button and closes on navigation', async () => {
    const page = await b.newPage({ viewport: VIEWPORTS.phone });
    await page.goto('/about');
    // /about is in the server's HTML: click once React has hydrated the button (its handler attached, ADR 028); a
    // click before that did nothing on a loaded machine.
    const open = page.getByRole('button', { name: 'Open menu' });
    await hydrated(open);
    await open.click();
    const menu = page.getByTestId('mobile-menu');
    await expect.poll(() => menu.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await menu.getByRole('link', { name: 'Community Insights' }).count()).toBe(2);
    await expectAccessible(page);
    await screenshot(page, 'marketing-mobile-menu');
    await menu.getByRole('link', { name: 'Pricing Analytics' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/pricing-analytics');
    expect(await page.getByTestId('mobile-menu').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });
});
