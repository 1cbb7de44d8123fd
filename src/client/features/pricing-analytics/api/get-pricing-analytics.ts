import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PricingAnalyticsResponse } from '../../../../contracts/market';
import { ApiError, getJson, withQuery } from '../../../lib/api';

export interface PricingFilters {
  state: string;
  careType: string;
  priceRange: string;
}

export const DEFAULT_PRICING_FILTERS: PricingFilters = { state: 'all', careType: 'all', priceRange: 'all' };

export async function getPricingAnalytics(filters: PricingFilters): Promise<PricingAnalyticsResponse> {
  // Filters with an empty or 'all' value are left out of the request (SPEC section 5).
  try {
    return await getJson<PricingAnalyticsResponse>(withQuery('/api/pricing-analytics', { ...filters }));
  } catch (err) {
    const statusText = err instanceof ApiError ? err.statusText : '';
    const message = `Failed to fetch pricing analytics: ${statusText || 'network error'}`;
    throw err instanceof ApiError ? err.withMessage(message) : new Error(message);
  }
}

export const pricingAnalyticsQueryOptions = (filters: PricingFilters) =>
  queryOptions({
    queryKey: ['/api/pricing-analytics', filters],
    queryFn: () => getPricingAnalytics(filters),
    staleTime: 5 * 60_000,
    // A filter change keeps the current figures (and the filters card) on screen while the new ones load.
    placeholderData: keepPreviousData,
  });

export function usePricingAnalytics(filters: PricingFilters) {
  return useQuery(pricingAnalyticsQueryOptions(filters));
}

