// GET /api/auth/config: whether the sign-in page offers single sign-on.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthConfig } from '../../../../contracts/auth';
import { getJson } from '../../../lib/api';

export const AUTH_CONFIG_URL = '/api/auth/config';

export const fetchAuthConfig = () => getJson<AuthConfig>(AUTH_CONFIG_URL);

export const authConfigQueryOptions = () => queryOptions({ queryKey: [AUTH_CONFIG_URL], queryFn: fetchAuthConfig });

export function useAuthConfig() {
  return useQuery(authConfigQueryOptions());
}
