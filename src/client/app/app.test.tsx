import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, resetApp, stubFetch, testUser } from '../test/render-app';
import { caseInsensitiveParser, isSamePath } from './case-insensitive';

const banner = () => screen.getByRole('banner');

/** Renders the app signed out at `path` and waits for the page's h1. */
async function expectPage(path: string, heading: string) {
  stubFetch(null);
  renderApp(path);
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
}

describe('case-insensitive parser', () => {
  it('matches any case and keeps parameter case', () => {
    const { pattern, keys } = caseInsensitiveParser('/community/:id');
    const m = pattern.exec('/COMMUNITY/AbC');
    expect(m?.[1]).toBe('AbC');
    expect(keys).toEqual(['id']);
    expect(caseInsensitiveParser('/search').pattern.exec('/Search/')).not.toBeNull();
    expect(caseInsensitiveParser('/search').pattern.exec('/searchx')).toBeNull();
    expect(isSamePath('/About/', '/about')).toBe(true);
  });
});

describe('routing', () => {
  it('renders the search route for /SEARCH', async () => {
    await expectPage('/SEARCH', 'Find Senior Living Communities');
    // The first test of the file transforms the lazy search page: seconds on a loaded machine (5.3-6 s seen).
  }, 20_000);

  it('renders the about page for /About', async () => {
    await expectPage('/About', 'About SeniorScope');
  });

  it('shows the 404 screen with the router hint for an unknown path', async () => {
    await expectPage('/no-such-page', '404 Page Not Found');
    expect(screen.getByText(/forget to add the page to the router/)).toBeTruthy();
    // The header still works on the 404 screen.
    expect(within(banner()).getByRole('link', { name: 'About' })).toBeTruthy();
  });

  it('shows the 404 screen for an unknown resource', async () => {
    await expectPage('/resources/unknown', '404 Page Not Found');
  });

  it('renders resource pages case-insensitively, including /privacy and /terms', async () => {
    await expectPage('/Resources/FAQ', 'Frequently asked questions');
    resetApp();
    await expectPage('/privacy', 'Privacy Policy');
    resetApp();
    await expectPage('/terms', 'Terms of Service');
  });

  it("shows the landing page on '/' when signed out", async () => {
    await expectPage('/', 'Senior Living Market Intelligence');
    expect(screen.getByRole('link', { name: 'Try Free Version' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe('/api/login');
    expect(screen.getByRole('link', { name: 'View Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('link', { name: 'Start Your Free Trial Today' }).getAttribute('href')).toBe('/api/login');
  });

  it("shows the dashboard on '/' when signed in, without the consumer footer", async () => {
    stubFetch(testUser());
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Market Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Senior Living Market Intelligence' })).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('sends a family search from the landing page to /search?location=', async () => {
    stubFetch(null);
    const { location } = renderApp('/');
    fireEvent.change(await screen.findByLabelText('City, state, or ZIP code'), { target: { value: 'Austin, TX' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find Communities' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/search?location=Austin%2C%20TX'));
  });
});

describe('header', () => {
  it('signed out: Sign In and Get Started go to /api/login with returnTo', async () => {
    stubFetch(null);
    renderApp('/about');
    const signIn = await within(banner()).findByRole('link', { name: 'Sign In' });
    expect(signIn.getAttribute('href')).toBe('/api/login?returnTo=%2Fabout');
    expect(within(banner()).getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/api/login?returnTo=%2Fabout');
    expect(within(banner()).queryByRole('link', { name: /Sign Out/ })).toBeNull();
    expect(within(banner()).queryByRole('link', { name: /Admin/ })).toBeNull();
  });

  it('highlights the current route', async () => {
    stubFetch(null);
    renderApp('/ABOUT');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'About' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Community Insights' }).getAttribute('aria-current')).toBeNull();
  });

  it('treats a failing or missing current-user call as signed out', async () => {
    stubFetch('error');
    renderApp('/about');
    expect(await within(banner()).findByRole('link', { name: 'Sign In' })).toBeTruthy();
    resetApp();
    stubFetch('missing');
    renderApp('/about');
    expect(await within(banner()).findByRole('link', { name: 'Sign In' })).toBeTruthy();
  });

  it('signed in: first name, Saved, Sign Out, no Admin', async () => {
    stubFetch(testUser({ profileImageUrl: '/media/avatar.png' }));
    const { container } = renderApp('/about');
    expect(await within(banner()).findByText('Jane')).toBeTruthy();
    expect(within(banner()).getByRole('link', { name: 'Saved' }).getAttribute('href')).toBe('/saved');
    expect(within(banner()).getByRole('link', { name: 'Sign Out' }).getAttribute('href')).toBe('/api/logout');
    expect(within(banner()).queryByRole('link', { name: 'Admin' })).toBeNull();
    expect(within(banner()).queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(container.querySelector('header img')?.getAttribute('src')).toBe('/media/avatar.png');
  });

  it('signed in without a first name: shows the e-mail', async () => {
    stubFetch(testUser({ firstName: null }));
    renderApp('/about');
    expect(await within(banner()).findByText('jane@example.com')).toBeTruthy();
  });

  it('admin: shows the Admin link', async () => {
    stubFetch(testUser({ role: 'admin' }));
    renderApp('/about');
    expect((await within(banner()).findByRole('link', { name: 'Admin' })).getAttribute('href')).toBe('/admin');
  });

  it('mobile menu: toggles, has the green Community Insights button and closes on choosing an item', async () => {
    stubFetch(null);
    const { location } = renderApp('/about');
    const toggle = await within(banner()).findByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const menu = screen.getByTestId('mobile-menu');
    const buttons = within(menu).getAllByRole('link', { name: 'Community Insights' });
    expect(buttons.some((b) => b.className.includes('bg-primary'))).toBe(true);
    fireEvent.click(within(menu).getByRole('link', { name: 'Operator Intelligence' }));
    await waitFor(() => expect(screen.queryByTestId('mobile-menu')).toBeNull());
    expect(location.history.at(-1)).toBe('/operator-insights');
  });
});

describe('route error boundary', () => {
  it('shows a friendly error and keeps the header when a screen throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { RouteErrorBoundary } = await import('./route-error-boundary');
    const { render } = await import('@testing-library/react');
    const Boom = () => {
      throw new Error('kaput');
    };
    await act(async () => {
      render(
        <div>
          <header>Header still here</header>
          <RouteErrorBoundary>
            <Boom />
          </RouteErrorBoundary>
        </div>,
      );
    });
    expect(screen.getByRole('heading', { name: 'Something went wrong on this page' })).toBeTruthy();
    expect(screen.getByText('Header still here')).toBeTruthy();
  });
});
