// GET /api/reviews/:id?page&pageSize: one page of a community's reviews (newest first) and the summary over all.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewsResponse } from '../../../../contracts/community';
import { getJson, withQuery } from '../../../lib/api';

export const REVIEWS_URL = '/api/reviews';
/** The detail page shows the first 3 reviews (SPEC section 9). */
export const REVIEWS_PREVIEW_COUNT = 3;
/** Page size of the 'View All N Reviews' dialog. */
export const REVIEWS_DIALOG_PAGE_SIZE = 10;

export const getReviews = (communityId: number, page: number, pageSize: number) =>
  getJson<ReviewsResponse>(withQuery(`${REVIEWS_URL}/${communityId}`, { page, pageSize }));

export const reviewsQueryOptions = (communityId: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [REVIEWS_URL, communityId, { page, pageSize }],
    queryFn: () => getReviews(communityId, page, pageSize),
  });

export function useReviews(communityId: number, page: number, pageSize: number, enabled = true) {
  return useQuery({ ...reviewsQueryOptions(communityId, page, pageSize), enabled, placeholderData: keepPreviousData });
}
