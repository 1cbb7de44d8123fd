// GET /api/communities/search (one page of results), GET /api/communities/search/points (every
// community of the result, for the map) and GET /api/config/map (optional raster tiles).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchSort } from '../../../../contracts/constants';
import type { CapacityBand, LicenceType } from '../../../../contracts/licence-filters';
import type { MapConfig, MapPointsResponse, SearchResponse } from '../../../../contracts/search';
import { getJson, withQuery } from '../../../lib/api';

export const SEARCH_URL = '/api/communities/search';
export const SEARCH_POINTS_URL = '/api/communities/search/points';
export const MAP_CONFIG_URL = '/api/config/map';

/** The search filter state of SPEC section 3. */
export interface SearchFilterState {
  location: string;
  careTypes: string[];
  priceMin?: number;
  priceMax?: number;
  amenities: string[];
  /** With a price band: also list communities that publish no price (ADR 010). */
  includeUnpriced?: boolean;
  /** Real-directory filters (issue 12): licence type and licensed-capacity band. */
  licenceType?: LicenceType;
  capacity?: CapacityBand;
}

export const EMPTY_FILTERS: SearchFilterState = { location: '', careTypes: [], amenities: [] };

/** Query parameters of the filters: lists comma-joined, zero or empty bounds left out (SPEC section 5). */
export function filterParams(f: SearchFilterState): Record<string, string | number | undefined> {
  return {
    location: f.location.trim() || undefined,
    careTypes: f.careTypes.length ? f.careTypes.join(',') : undefined,
    priceMin: f.priceMin ? f.priceMin : undefined,
    priceMax: f.priceMax ? f.priceMax : undefined,
    amenities: f.amenities.length ? f.amenities.join(',') : undefined,
    includeUnpriced: f.includeUnpriced && (f.priceMin || f.priceMax) ? 'true' : undefined,
    licenceType: f.licenceType,
    capacity: f.capacity,
  };
}

export async function searchCommunities(f: SearchFilterState, page: number, sort: SearchSort): Promise<SearchResponse> {
  try {
    return await getJson<SearchResponse>(withQuery(SEARCH_URL, { ...filterParams(f), page, sort }));
  } catch (cause) {
    // SPEC section 8: a failed search is reported as 'Failed to search communities'.
    throw new Error('Failed to search communities', { cause });
  }
}

export const searchQueryOptions = (f: SearchFilterState, page: number, sort: SearchSort) =>
  queryOptions({
    queryKey: [SEARCH_URL, filterParams(f), page, sort],
    queryFn: () => searchCommunities(f, page, sort),
  });

export function useCommunitySearch(f: SearchFilterState, page: number, sort: SearchSort) {
  return useQuery(searchQueryOptions(f, page, sort));
}

/** What the map shows: its integer zoom level and the area in view ('west,south,east,north', rounded). */
export interface MapView {
  zoom: number;
  bbox: string;
}

export const getMapPoints = (f: SearchFilterState, view?: MapView | null) =>
  getJson<MapPointsResponse>(withQuery(SEARCH_POINTS_URL, { ...filterParams(f), zoom: view?.zoom, bbox: view?.bbox }));

export const mapPointsQueryOptions = (f: SearchFilterState, view?: MapView | null) =>
  queryOptions({
    queryKey: [SEARCH_POINTS_URL, filterParams(f), view ?? null],
    queryFn: () => getMapPoints(f, view),
  });

/**
 * The map's communities (ADR 018): first the whole result (single points when it is small, else server
 * clusters of the whole US); when that answer is not complete, again for the area in view at its zoom
 * level whenever the view changes (the previous answer stays shown meanwhile). Fetched only while the map is shown.
 */
export function useMapPoints(f: SearchFilterState, enabled: boolean, view?: MapView | null) {
  const whole = useQuery({ ...mapPointsQueryOptions(f), enabled });
  const needsView = enabled && whole.data !== undefined && !whole.data.complete && Boolean(view);
  const filters = JSON.stringify(filterParams(f));
  const inView = useQuery({
    ...mapPointsQueryOptions(f, view),
    enabled: needsView,
    // The previous view's answer of the same filters stays drawn while the new one loads (never another search's).
    placeholderData: (previous, previousQuery) => (previousQuery && JSON.stringify(previousQuery.queryKey[1]) === filters ? keepPreviousData(previous) : undefined),
  });
  return needsView && inView.data ? inView : whole;
}

export const mapConfigQueryOptions = () =>
  queryOptions({
    queryKey: [MAP_CONFIG_URL],
    queryFn: () => getJson<MapConfig>(MAP_CONFIG_URL),
  });

export function useMapConfig(enabled: boolean) {
  return useQuery({ ...mapConfigQueryOptions(), enabled });
}
