// POST /api/auth/login and /api/auth/register. On success the page makes a full navigation, so the
// header (and every cached query) starts over with the new session.
import { useMutation } from '@tanstack/react-query';
import type { AuthUserResponse, LoginRequest, RegisterRequest } from '../../../../contracts/auth';
import { ApiError, apiRequest } from '../../../lib/api';

export async function signIn(body: LoginRequest): Promise<AuthUserResponse> {
  const res = await apiRequest('POST', '/api/auth/login', body);
  return (await res.json()) as AuthUserResponse;
}

export async function createAccount(body: RegisterRequest): Promise<AuthUserResponse> {
  const res = await apiRequest('POST', '/api/auth/register', body);
  return (await res.json()) as AuthUserResponse;
}

export const useSignIn = () => useMutation({ mutationFn: signIn });
export const useCreateAccount = () => useMutation({ mutationFn: createAccount });

/** The server's own words from an ApiError (its { error: { message } }), else a fallback. */
export function serverMessage(error: unknown): string {
  if (error instanceof ApiError) return error.reason ?? 'Something went wrong. Please try again.';
  if (error instanceof Error) return 'We could not reach the server. Check your connection and try again.';
  return 'Something went wrong. Please try again.';
}
