// Reviews written on this site (issue 16): the author's calls and the desk's moderation queue.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminReview,
  AdminReviewListResponse,
  CreateReviewRequest,
  FamilyReview,
  ModerateRequest,
  MyReviewsResponse,
  ReviewState,
} from '../../contracts/family-reviews';
import { apiRequest, getJson, withQuery } from './api';

export const MY_REVIEWS_URL = '/api/family-reviews/mine';
export const ADMIN_REVIEWS_URL = '/api/admin/reviews';

export const myReviewsQueryOptions = (communityId?: number) =>
  queryOptions({
    queryKey: [MY_REVIEWS_URL, communityId ?? 'all'] as const,
    queryFn: () => getJson<MyReviewsResponse>(withQuery(MY_REVIEWS_URL, { communityId })),
  });

export const useMyReviews = (communityId?: number, enabled = true) => useQuery({ ...myReviewsQueryOptions(communityId), enabled });

export type ReviewFormValues = Omit<CreateReviewRequest, 'communityId'>;

/** New review (POST) or edit of the author's review (PUT). */
export function useSaveReview(communityId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: number | null; values: ReviewFormValues }) => {
      const res = v.id === null ? await apiRequest('POST', '/api/family-reviews', { communityId, ...v.values }) : await apiRequest('PUT', `/api/family-reviews/${v.id}`, v.values);
      return (await res.json()) as FamilyReview;
    },
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: [MY_REVIEWS_URL] });
      // An edit of a published review takes it off the page until it is approved again.
      await qc.invalidateQueries({ queryKey: ['/api/reviews'] });
      await qc.invalidateQueries({ queryKey: ['/api/communities'] });
    },
  });
}

export const adminReviewsQueryOptions = (status: ReviewState | 'all') =>
  queryOptions({
    queryKey: [ADMIN_REVIEWS_URL, status] as const,
    // withQuery leaves 'all' out, and the server's default is the queue ('pending'): the status is always sent.
    queryFn: () => getJson<AdminReviewListResponse>(`${ADMIN_REVIEWS_URL}?status=${status}&pageSize=50`),
    refetchOnMount: 'always',
  });

export const useAdminReviews = (status: ReviewState | 'all') => useQuery(adminReviewsQueryOptions(status));

export function useModerateReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: number } & ModerateRequest) => {
      const res = await apiRequest('POST', `${ADMIN_REVIEWS_URL}/${v.id}/moderate`, { action: v.action, reason: v.reason || undefined });
      return (await res.json()) as AdminReview;
    },
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: [ADMIN_REVIEWS_URL] });
      await qc.invalidateQueries({ queryKey: ['/api/reviews'] });
      await qc.invalidateQueries({ queryKey: ['/api/communities'] });
    },
  });
}
