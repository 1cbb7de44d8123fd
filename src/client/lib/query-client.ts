// TanStack Query defaults of SPEC section 7: no refetch interval, no refetch on focus,
// data never stale, no retries for reads or writes.
import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

export const queryDefaults = {
  queries: {
    queryFn: getQueryFn({ on401: 'throw' }),
    refetchInterval: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    retry: false,
  },
  mutations: {
    retry: false,
  },
} as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryDefaults });
}

export const queryClient = createQueryClient();
