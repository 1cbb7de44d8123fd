// Test helpers for client components and screens: render inside the app's providers (query client,
// optional signed-in state, optional router location, toasts) and stub fetch with JSON answers.
// The browser APIs jsdom lacks and the clean-up after each test are in src/test/client-setup.ts.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { type ReactNode } from 'react';
import { beforeEach, expect, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Toaster } from '../components/ui/toaster';
import { authUserQueryOptions, type AuthUser } from '../lib/auth';
import { createQueryClient } from '../lib/query-client';

/** A signed-in user as GET /api/auth/user answers (Jane Doe, basic plan, verified e-mail); `over` changes fields. */
export const testUser = (over: Partial<AuthUser> = {}): AuthUser => ({
  id: 1,
  email: 'jane@example.com',
  firstName: 'Jane',
  lastName: 'Doe',
  profileImageUrl: null,
  role: 'user',
  plan: 'basic',
  trialEndsAt: null,
  isPro: false,
  emailVerified: true,
  ...over,
});

/** A JSON response, as the server sends it. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Replaces the global fetch with a mock (restored after each test); answers 'undefined' unless given `impl`. */
export function mockFetch(impl?: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const fetchMock = impl ? vi.fn(impl) : vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock as ReturnType<typeof vi.fn>;
}

/** A response that arrives when the test says so: `resolve(body, status)` answers it with JSON. */
export function deferredResponse() {
  let settle!: (response: Response) => void;
  const promise = new Promise<Response>((r) => {
    settle = r;
  });
  return { promise, resolve: (body: unknown, status = 200) => settle(json(body, status)) };
}

export interface RenderOptions {
  /** Seeds the signed-in state (null = signed out); left out, the current-user call goes through fetch. */
  user?: AuthUser | null;
  /** Wraps the tree in a router at this path (with its query string). */
  path?: string;
}

/** Renders `ui` with a fresh query client and the toaster, as the app shell does. */
export function renderWithProviders(ui: ReactNode, { user, path }: RenderOptions = {}) {
  const queryClient: QueryClient = createQueryClient();
  if (user !== undefined) queryClient.setQueryData(authUserQueryOptions().queryKey, user);
  let tree = ui;
  if (path !== undefined) {
    const { hook, searchHook } = memoryLocation({ path });
    tree = (
      <Router hook={hook} searchHook={searchHook}>
        {ui}
      </Router>
    );
  }
  const utils = render(
    <QueryClientProvider client={queryClient}>
      {tree}
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...utils, queryClient };
}

/**
 * The set-up of a page's tests: a fresh fetch mock before each test (`page.fetch`), and `page.render(user)`
 * renders the page at `path` for that user (null: signed out). `page.expectSignedOut(prompt, signInHref)`
 * renders it signed out and checks that it shows `prompt` and a Sign In link to `signInHref`, and fetches nothing.
 */
export function pageTest(ui: ReactNode, path: string) {
  const page = {
    fetch: undefined as unknown as ReturnType<typeof mockFetch>,
    render: (user: AuthUser | null) => renderWithProviders(ui, { user, path }),
    expectSignedOut: (prompt: string, signInHref: string) => {
      page.render(null);
      expect(screen.getByText(prompt)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(signInHref);
      expect(page.fetch).not.toHaveBeenCalled();
    },
  };
  beforeEach(() => {
    page.fetch = mockFetch();
  });
  return page;
}
