import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewKind, SentimentSummary } from '../../../../contracts/sentiment';
import { getJson } from '../../../lib/api';

/** Whole-table figures of one review kind (cards and charts). */
export function getSentimentSummary(kind: ReviewKind): Promise<SentimentSummary> {
  return getJson<SentimentSummary>(`/api/sentiment/${kind}/summary`);
}

export const sentimentSummaryQueryOptions = (kind: ReviewKind) =>
  queryOptions({
    queryKey: ['/api/sentiment', kind, 'summary'],
    queryFn: () => getSentimentSummary(kind),
  });

export function useSentimentSummary(kind: ReviewKind) {
  return useQuery(sentimentSummaryQueryOptions(kind));
}
