// TanStack Query defaults of SPEC section 7: no refetch interval, no refetch on focus,
// data never stale, no retries for reads or writes.
import { keepPreviousData, QueryClient, queryOptions } from '@tanstack/react-query';
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

/**
 * The query of a table's page (community and operator insights): keyed by its URL and parameters, cancelled
 * when left, and while another page or filter loads the current rows stay on screen.
 */
export const tablePageQueryOptions = <P, T>(url: string, params: P, fetchPage: (params: P, signal?: AbortSignal) => Promise<T>) =>
  queryOptions({
    queryKey: [url, params] as const,
    queryFn: ({ signal }) => fetchPage(params, signal),
    placeholderData: keepPreviousData,
  });
