import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, getJson } from '../../../lib/api';
import type { CustomerReviewPage, EmployeeReviewPage, ReviewKind } from '../../../../contracts/sentiment';

export type ReviewPageOf<K extends ReviewKind> = K extends 'customer' ? CustomerReviewPage : EmployeeReviewPage;

/** SPEC section 8: the screen's error texts for a failed page load. */
export const REVIEW_FETCH_ERRORS: Record<ReviewKind, string> = {
  customer: 'Failed to fetch customer reviews',
  employee: 'Failed to fetch employee reviews',
};

export async function getReviewPage<K extends ReviewKind>(kind: K, page: number, signal?: AbortSignal): Promise<ReviewPageOf<K>> {
  try {
    return await getJson<ReviewPageOf<K>>(`/api/sentiment/${kind}/reviews?page=${page}`, { signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw err instanceof ApiError ? err.withMessage(REVIEW_FETCH_ERRORS[kind]) : new Error(REVIEW_FETCH_ERRORS[kind]);
  }
}

export const reviewPageQueryOptions = <K extends ReviewKind>(kind: K, page: number) =>
  queryOptions({
    queryKey: ['/api/sentiment', kind, 'reviews', page],
    queryFn: ({ signal }) => getReviewPage(kind, page, signal),
  });

export function useReviewPage<K extends ReviewKind>(kind: K, page: number) {
  return useQuery(reviewPageQueryOptions(kind, page));
}
