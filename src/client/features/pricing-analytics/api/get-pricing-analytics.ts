import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PricingAnalyticsResponse } from '../../../../contracts/market';
import { withQuery } from '../../../lib/api';

export interface PricingFilters {
  state: string;
  careType: string;
  priceRange: string;
}

export const DEFAULT_PRICING_FILTERS: PricingFilters = { state: 'all', careType: 'all', priceRange: 'all' };

export async function getPricingAnalytics(filters: PricingFilters): Promise<PricingAnalyticsResponse> {
  // Filters with an empty or 'all' value are left out of the request (SPEC section 5).
  const res = await fetch(withQuery('/api/pricing-analytics', { ...filters }), { credentials: 'include' }).catch(() => null);
  if (!res || !res.ok) throw new Error(`Failed to fetch pricing analytics: ${res?.statusText || 'network error'}`);
  return (await res.json()) as PricingAnalyticsResponse;
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

