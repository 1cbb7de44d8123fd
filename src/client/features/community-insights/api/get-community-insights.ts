// GET /api/community-insights: fetcher, query options factory and hook (SPEC section 7).
import { useQuery } from '@tanstack/react-query';
import type { InsightFilterKey, InsightResponse, InsightSortField, SortDirection } from '../../../../contracts/insights';
import type { LicenceFilterKey } from '../../../../contracts/licence-filters';
import { ApiError, getJson, withQuery } from '../../../lib/api';
import { tablePageQueryOptions } from '../../../lib/query-client';

export const COMMUNITY_INSIGHTS_URL = '/api/community-insights';
export const COMMUNITY_INSIGHTS_EXPORT_URL = '/api/community-insights/export.csv';

/** The spec's filters plus the real directory's licence type and capacity band (issue 12). */
export type InsightFilterState = Record<InsightFilterKey | LicenceFilterKey, string>;

export interface CommunityInsightParams {
  page: number;
  pageSize: number;
  sortField: InsightSortField;
  sortDirection: SortDirection;
  searchQuery: string;
  filters: InsightFilterState;
  operatorSearch: string;
}

/** Query parameters of the list and of the export; filters equal to 'all' and empty text are left out. */
export function insightQueryParams(p: Omit<CommunityInsightParams, 'page' | 'pageSize' | 'operatorSearch'>) {
  return { sortField: p.sortField, sortDirection: p.sortDirection, searchQuery: p.searchQuery.trim(), ...p.filters };
}

export function communityInsightsUrl(p: CommunityInsightParams): string {
  return withQuery(COMMUNITY_INSIGHTS_URL, {
    page: p.page,
    pageSize: p.pageSize,
    ...insightQueryParams(p),
    operatorSearch: p.operatorSearch.trim(),
  });
}

export function communityInsightsExportUrl(p: Omit<CommunityInsightParams, 'page' | 'pageSize' | 'operatorSearch'>): string {
  return withQuery(COMMUNITY_INSIGHTS_EXPORT_URL, insightQueryParams(p));
}

/**
 * SPEC section 8: a failed load is '{status}: {statusText}'. When the server says why (e.g. a review-topic
 * search that took too long), its sentence replaces the status text, so the alert never shows raw JSON.
 */
export async function fetchCommunityInsights(p: CommunityInsightParams, signal?: AbortSignal): Promise<InsightResponse> {
  try {
    return await getJson<InsightResponse>(communityInsightsUrl(p), { signal });
  } catch (err) {
    throw err instanceof ApiError ? err.withMessage(`${err.status}: ${err.reason ?? err.statusText}`) : err;
  }
}

export const getCommunityInsightsQueryOptions = (p: CommunityInsightParams) => tablePageQueryOptions(COMMUNITY_INSIGHTS_URL, p, fetchCommunityInsights);

export function useCommunityInsights(p: CommunityInsightParams) {
  return useQuery(getCommunityInsightsQueryOptions(p));
}
