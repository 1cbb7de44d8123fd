// GET /api/operator-insights (no caching) and GET /api/operators/{id}/communities (SPEC sections 7 and 8).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  OperatorCommunity,
  OperatorFilterKey,
  OperatorResponse,
  OperatorSortField,
  SortDirection,
} from '../../../../contracts/insights';
import { ApiError, getJson, withQuery } from '../../../lib/api';
import { tablePageQueryOptions } from '../../../lib/query-client';

export const OPERATOR_INSIGHTS_URL = '/api/operator-insights';
export const OPERATOR_INSIGHTS_EXPORT_URL = '/api/operator-insights/export.csv';

export type OperatorFilterState = Record<OperatorFilterKey, string>;

export interface OperatorInsightParams {
  page: number;
  pageSize: number;
  sortField: OperatorSortField;
  sortDirection: SortDirection;
  searchQuery: string;
  filters: OperatorFilterState;
}

function listParams(p: Omit<OperatorInsightParams, 'page' | 'pageSize'>) {
  return { searchQuery: p.searchQuery.trim(), sortField: p.sortField, sortDirection: p.sortDirection, ...p.filters };
}

export function operatorInsightsUrl(p: OperatorInsightParams): string {
  return withQuery(OPERATOR_INSIGHTS_URL, { page: p.page, pageSize: p.pageSize, ...listParams(p) });
}

export function operatorInsightsExportUrl(p: Omit<OperatorInsightParams, 'page' | 'pageSize'>): string {
  return withQuery(OPERATOR_INSIGHTS_EXPORT_URL, listParams(p));
}

export async function fetchOperatorInsights(p: OperatorInsightParams, signal?: AbortSignal): Promise<OperatorResponse> {
  try {
    return await getJson<OperatorResponse>(operatorInsightsUrl(p), { cache: 'no-store', signal });
  } catch (err) {
    throw err instanceof ApiError ? err.withMessage(`Failed to fetch operator insights: ${err.statusText}`) : err;
  }
}

export const getOperatorInsightsQueryOptions = (p: OperatorInsightParams) => tablePageQueryOptions(OPERATOR_INSIGHTS_URL, p, fetchOperatorInsights);

export function useOperatorInsights(p: OperatorInsightParams) {
  return useQuery(getOperatorInsightsQueryOptions(p));
}

export async function fetchOperatorCommunities(operatorId: number, signal?: AbortSignal): Promise<OperatorCommunity[]> {
  try {
    return await getJson<OperatorCommunity[]>(`/api/operators/${operatorId}/communities`, { signal });
  } catch (err) {
    throw err instanceof ApiError ? err.withMessage('Failed to fetch communities') : err;
  }
}

export const getOperatorCommunitiesQueryOptions = (operatorId: number) =>
  queryOptions({
    queryKey: ['/api/operators', operatorId, 'communities'] as const,
    queryFn: ({ signal }) => fetchOperatorCommunities(operatorId, signal),
  });

export function useOperatorCommunities(operatorId: number | null) {
  return useQuery({ ...getOperatorCommunitiesQueryOptions(operatorId ?? 0), enabled: operatorId !== null });
}
