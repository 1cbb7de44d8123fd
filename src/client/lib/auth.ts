// The current user (GET /api/auth/user). A 401, a 404 or any failure means signed out; no retries.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthUserResponse } from '../../contracts/auth';
import { useLocation, useSearch } from 'wouter';
import { getJson } from './api';

/** The contract's user (a type only: the landing page loads no zod). */
export type AuthUser = AuthUserResponse;

export const AUTH_USER_URL = '/api/auth/user';

export async function fetchAuthUser(): Promise<AuthUser | null> {
  try {
    const body = await getJson<unknown>(AUTH_USER_URL);
    if (!body || typeof body !== 'object') return null;
    // Accept both a bare user and a { user } envelope.
    const user = ('user' in body ? (body as { user: unknown }).user : body) as AuthUser | null;
    if (!user || typeof user !== 'object' || !('email' in user)) return null;
    return user;
  } catch {
    return null;
  }
}

export const authUserQueryOptions = () =>
  queryOptions({
    queryKey: [AUTH_USER_URL],
    queryFn: fetchAuthUser,
    retry: false,
    staleTime: Infinity,
  });

export interface AuthState {
  user: AuthUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  isPro: boolean;
  isAdmin: boolean;
}

export function useAuth(): AuthState {
  const { data, isLoading } = useQuery(authUserQueryOptions());
  const user = data ?? null;
  return {
    user,
    isLoading,
    isAuthenticated: user !== null,
    isPro: user?.isPro === true,
    isAdmin: user?.role === 'admin',
  };
}

/**
 * The sign-in URL back to the router's current address: the same on the server and in the browser, so a
 * server-rendered link hydrates unchanged (ADR 028).
 */
export function useLoginUrl(): string {
  const [location] = useLocation();
  const search = useSearch();
  return loginUrl(search ? `${location}?${search}` : location);
}

/** The sign-in URL that brings the user back to `returnTo` (defaults to the current path). */
export function loginUrl(returnTo?: string): string {
  const target = returnTo ?? (typeof window !== 'undefined' ? window.location.pathname + window.location.search : '/');
  if (!target || target === '/' || target.toLowerCase().startsWith('/api/login')) return '/api/login';
  return `/api/login?returnTo=${encodeURIComponent(target)}`;
}

export const LOGOUT_URL = '/api/logout';
