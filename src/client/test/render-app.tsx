// Test helpers for the client shell: render the whole App at a path, with a fetch stub.
import { cleanup, configure, render } from '@testing-library/react';
import { vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../app/app';
import { type AuthUser } from '../lib/auth';
import { createQueryClient } from '../lib/query-client';
import { json, mockFetch, testUser } from './helpers';

export { json, testUser };

// Lazy pages are transformed on first import, which can take a few seconds on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

/**
 * Stubs fetch: GET /api/auth/user answers with `user` (null = 401, 'error' = 500, 'missing' = 404);
 * every other call answers 404 unless `routes` has a handler for its path.
 */
export function stubFetch(user: AuthUser | null | 'error' | 'missing', routes: Record<string, () => Response> = {}) {
  return mockFetch(async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    if (url.pathname === '/api/auth/user') {
      if (user === 'error') return new Response('boom', { status: 500 });
      if (user === 'missing') return new Response('Not Found', { status: 404 });
      if (user === null) return json({ error: { code: 'UNAUTHENTICATED', message: 'Sign in required' } }, 401);
      return json(user);
    }
    const handler = routes[url.pathname];
    if (handler) return handler();
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
}

export function renderApp(path: string) {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  const queryClient = createQueryClient();
  window.history.replaceState(null, '', path);
  const utils = render(<App queryClient={queryClient} hook={location.hook} searchHook={location.searchHook} />);
  return { ...utils, location, queryClient };
}

/** Unmounts and restores fetch in the middle of a test (the client setup does it after each test). */
export function resetApp() {
  cleanup();
  vi.unstubAllGlobals();
}
