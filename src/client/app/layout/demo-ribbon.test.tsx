import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, renderApp, resetApp, stubFetch } from '../../test/render-app';
import { DEMO_RIBBON_DISMISSED_KEY, DEMO_RIBBON_TEXT } from './demo-ribbon';

afterEach(() => window.localStorage.removeItem(DEMO_RIBBON_DISMISSED_KEY));

describe('DemoRibbon', { timeout: 20_000 }, () => {
  it('shows while the database holds demo data, and stays dismissed once closed', async () => {
    stubFetch(null, { '/api/site': () => json({ demoData: true }) });
    renderApp('/about');
    const ribbon = await screen.findByRole('region', { name: 'Demo data notice' });
    expect(ribbon.textContent).toContain(DEMO_RIBBON_TEXT);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss the demo data notice' }));
    expect(screen.queryByRole('region', { name: 'Demo data notice' })).toBeNull();
    expect(window.localStorage.getItem(DEMO_RIBBON_DISMISSED_KEY)).toBe('1');

    resetApp();
    const fetchMock = stubFetch(null, { '/api/site': () => json({ demoData: true }) });
    renderApp('/about');
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/site'))).toBe(true));
    await new Promise((r) => setTimeout(r, 100)); // let the answer arrive and render
    expect(screen.queryByRole('region', { name: 'Demo data notice' })).toBeNull();
  });

  it('is not shown when there is no demo community', async () => {
    const fetchMock = stubFetch(null, { '/api/site': () => json({ demoData: false }) });
    renderApp('/about');
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/site'))).toBe(true));
    await new Promise((r) => setTimeout(r, 100)); // let the answer arrive and render
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Demo data notice' })).toBeNull();
  });
});
