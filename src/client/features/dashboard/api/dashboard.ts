// The dashboard's data: live market figures, top operators (Pro), recent insights, the pricing summary,
// and the quick search over communities and operators. Reads never retry (SPEC section 7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InsightResponse, OperatorResponse } from '../../../../contracts/insights';
import type { MarketMetrics, PricingAnalyticsResponse, RecentInsights, TopOperators } from '../../../../contracts/market';
import { getJson, withQuery } from '../../../lib/api';

export const marketMetricsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/market/metrics'], queryFn: () => getJson<MarketMetrics>('/api/market/metrics'), retry: false });

export const topOperatorsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/operators/top'], queryFn: () => getJson<TopOperators>('/api/operators/top'), retry: false });

export const recentInsightsQueryOptions = (isPro: boolean) =>
  queryOptions({ queryKey: ['/api/insights/recent', { isPro }], queryFn: () => getJson<RecentInsights>('/api/insights/recent'), retry: false });

export const pricingSummaryQueryOptions = () =>
  queryOptions({ queryKey: ['/api/pricing-analytics', 'dashboard'], queryFn: () => getJson<PricingAnalyticsResponse>('/api/pricing-analytics'), retry: false });

export function useMarketMetrics() {
  return useQuery(marketMetricsQueryOptions());
}
export function useTopOperators(enabled: boolean) {
  return useQuery({ ...topOperatorsQueryOptions(), enabled });
}
export function useRecentInsights(isPro: boolean) {
  return useQuery(recentInsightsQueryOptions(isPro));
}
export function usePricingSummary(enabled: boolean) {
  return useQuery({ ...pricingSummaryQueryOptions(), enabled });
}

export interface QuickSearchResult {
  communities: InsightResponse['communities'];
  communityTotal: number;
  operators: OperatorResponse['operators'];
  operatorTotal: number;
}

export async function quickSearch(q: string): Promise<QuickSearchResult> {
  const [c, o] = await Promise.all([
    getJson<InsightResponse>(withQuery('/api/community-insights', { searchQuery: q, page: 1, pageSize: 25, sortField: 'name', sortDirection: 'asc' })),
    getJson<OperatorResponse>(withQuery('/api/operator-insights', { searchQuery: q, page: 1, pageSize: 25, sortField: 'operatorName', sortDirection: 'asc' })),
  ]);
  return { communities: c.communities.slice(0, 5), communityTotal: c.filteredTotal, operators: o.operators.slice(0, 5), operatorTotal: o.filteredTotal };
}

export const quickSearchQueryOptions = (q: string) =>
  queryOptions({ queryKey: ['dashboard-quick-search', q], queryFn: () => quickSearch(q), retry: false });

export function useQuickSearch(q: string) {
  return useQuery({ ...quickSearchQueryOptions(q), enabled: q.length > 0 });
}
