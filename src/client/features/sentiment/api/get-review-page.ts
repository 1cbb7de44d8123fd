import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerReviewPage, EmployeeReviewPage, ReviewKind } from '../../../../contracts/sentiment';

export type ReviewPageOf<K extends ReviewKind> = K extends 'customer' ? CustomerReviewPage : EmployeeReviewPage;

/** SPEC section 8: the screen's error texts for a failed page load. */
export const REVIEW_FETCH_ERRORS: Record<ReviewKind, string> = {
  customer: 'Failed to fetch customer reviews',
  employee: 'Failed to fetch employee reviews',
};

export async function getReviewPage<K extends ReviewKind>(kind: K, page: number, signal?: AbortSignal): Promise<ReviewPageOf<K>> {
  const res = await fetch(`/api/sentiment/${kind}/reviews?page=${page}`, { credentials: 'include', signal }).catch((err: unknown) => {
    if (signal?.aborted) throw err;
    return null;
  });
  if (!res || !res.ok) throw new Error(REVIEW_FETCH_ERRORS[kind]);
  return (await res.json()) as ReviewPageOf<K>;
}

export const reviewPageQueryOptions = <K extends ReviewKind>(kind: K, page: number) =>
  queryOptions({
    queryKey: ['/api/sentiment', kind, 'reviews', page],
    queryFn: ({ signal }) => getReviewPage(kind, page, signal),
  });

export function useReviewPage<K extends ReviewKind>(kind: K, page: number) {
  return useQuery(reviewPageQueryOptions(kind, page));
}
