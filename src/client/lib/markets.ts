// Queries of the markets screens (issue 15): Pro answers, so a 401/403 is shown, never retried.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CompetitiveSet, CountyMarket, MarketsOverview, StateMarket, StatesSummary } from '../../contracts/markets';
import { getJson } from './api';

const noRetry = (count: number, error: Error) => count < 2 && !/^40[0-4]:/.test(error.message);

export const marketsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/markets'], queryFn: () => getJson<MarketsOverview>('/api/markets'), staleTime: 5 * 60_000, retry: noRetry });

export const marketStatesQueryOptions = () =>
  queryOptions({ queryKey: ['/api/markets/states'], queryFn: () => getJson<StatesSummary>('/api/markets/states'), staleTime: 5 * 60_000, retry: noRetry });

export const stateMarketQueryOptions = (state: string) =>
  queryOptions({
    queryKey: ['/api/markets', state],
    queryFn: () => getJson<StateMarket>(`/api/markets/${encodeURIComponent(state)}`),
    staleTime: 5 * 60_000,
    retry: noRetry,
  });

export const countyMarketQueryOptions = (state: string, fips: string) =>
  queryOptions({
    queryKey: ['/api/markets', state, fips],
    queryFn: () => getJson<CountyMarket>(`/api/markets/${encodeURIComponent(state)}/${encodeURIComponent(fips)}`),
    staleTime: 5 * 60_000,
    retry: noRetry,
  });

export const competitiveSetQueryOptions = (id: string, radius: number) =>
  queryOptions({
    queryKey: ['/api/community-insights', id, 'market', radius],
    queryFn: () => getJson<CompetitiveSet>(`/api/community-insights/${encodeURIComponent(id)}/market?radius=${radius}`),
    staleTime: 60_000,
    retry: noRetry,
    placeholderData: keepPreviousData,
  });

export const useMarkets = (enabled: boolean) => useQuery({ ...marketsQueryOptions(), enabled });
export const useMarketStates = (enabled = true) => useQuery({ ...marketStatesQueryOptions(), enabled });
export const useStateMarket = (state: string, enabled: boolean) => useQuery({ ...stateMarketQueryOptions(state), enabled });
export const useCountyMarket = (state: string, fips: string, enabled: boolean) => useQuery({ ...countyMarketQueryOptions(state, fips), enabled });
export const useCompetitiveSet = (id: string, radius: number, enabled: boolean) => useQuery({ ...competitiveSetQueryOptions(id, radius), enabled });
