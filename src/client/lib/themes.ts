import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SentimentTrend } from '../../contracts/sentiment';
import type { ThemeKind, ThemeReport } from '../../contracts/themes';
import { getJson, withQuery } from './api';

/** Which reviews a theme report covers (GET /api/themes...). */
export type ThemeScopeRequest =
  | { type: 'all' }
  | { type: 'community'; id: number }
  | { type: 'operator'; id: number }
  | { type: 'market'; state: string; city?: string; county?: string };

export function themeReportUrl(kind: ThemeKind, scope: ThemeScopeRequest): string {
  switch (scope.type) {
    case 'all':
      return withQuery('/api/themes', { kind });
    case 'community':
      return `/api/themes/community/${scope.id}`;
    case 'operator':
      return withQuery(`/api/themes/operator/${scope.id}`, { kind });
    case 'market':
      return withQuery(`/api/themes/market/${encodeURIComponent(scope.state)}`, { kind, city: scope.city, county: scope.county });
  }
}

export const themeReportQueryOptions = (kind: ThemeKind, scope: ThemeScopeRequest) =>
  queryOptions({
    queryKey: ['/api/themes', kind, scope],
    queryFn: () => getJson<ThemeReport>(themeReportUrl(kind, scope)),
  });

export function useThemeReport(kind: ThemeKind, scope: ThemeScopeRequest, enabled = true) {
  return useQuery({ ...themeReportQueryOptions(kind, scope), enabled });
}

export function useSentimentTrend(kind: ThemeKind) {
  return useQuery({
    queryKey: ['/api/sentiment', kind, 'trend'],
    queryFn: () => getJson<SentimentTrend>(`/api/sentiment/${kind}/trend`),
  });
}
