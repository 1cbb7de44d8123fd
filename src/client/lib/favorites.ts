// Favorites, shared by the search page, the community detail page and /saved (SPEC sections 7 and 8).
// Reads happen only for a signed-in user; a signed-out toggle shows 'Sign In Required' and sends nothing.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { FavoriteCheckResponse, FavoriteMutationResponse, FavoritesResponse } from '../../contracts/favorites';
import { useToast } from '../components/ui/use-toast';
import { apiRequest, getJson } from './api';
import { useAuth } from './auth';

export const FAVORITES_URL = '/api/favorites';

export const fetchFavorites = () => getJson<FavoritesResponse>(FAVORITES_URL);
export const fetchFavoriteStatus = (communityId: number) => getJson<FavoriteCheckResponse>(`${FAVORITES_URL}/${communityId}/check`);

export async function addFavorite(communityId: number): Promise<FavoriteMutationResponse> {
  const res = await apiRequest('POST', FAVORITES_URL, { communityId });
  return (await res.json()) as FavoriteMutationResponse;
}

export async function removeFavorite(communityId: number): Promise<FavoriteMutationResponse> {
  const res = await apiRequest('DELETE', `${FAVORITES_URL}/${communityId}`);
  return (await res.json()) as FavoriteMutationResponse;
}

/** The signed-in user's favorites, newest first. Every favorites query key starts with this key. */
export const favoritesQueryOptions = () =>
  queryOptions({
    queryKey: [FAVORITES_URL],
    queryFn: fetchFavorites,
  });

/** Whether one community is a favorite (GET /api/favorites/:id/check). */
export const favoriteStatusQueryOptions = (communityId: number) =>
  queryOptions({
    queryKey: [FAVORITES_URL, communityId, 'check'],
    queryFn: () => fetchFavoriteStatus(communityId),
  });

/** The favorites list; only fetched when signed in. */
export function useFavorites() {
  const { isAuthenticated } = useAuth();
  return useQuery({ ...favoritesQueryOptions(), enabled: isAuthenticated });
}

/** The ids of the signed-in user's favorites (empty when signed out or still loading). */
export function useFavoriteIds(): Set<number> {
  const { data } = useFavorites();
  return useMemo(() => new Set((data?.favorites ?? []).map((f) => f.communityId)), [data]);
}

/** Whether `communityId` is a favorite; only asks the server when signed in and the id is valid. */
export function useFavoriteStatus(communityId: number | null | undefined) {
  const { isAuthenticated } = useAuth();
  const id = communityId ?? 0;
  const query = useQuery({ ...favoriteStatusQueryOptions(id), enabled: isAuthenticated && Number.isInteger(id) && id > 0 });
  return { ...query, isFavorite: isAuthenticated && query.data?.isFavorite === true };
}

export interface ToggleFavoriteOptions {
  /** The detail page shows no error toast (SPEC section 7); the search page does. */
  showErrorToast?: boolean;
}

interface ToggleVariables {
  communityId: number;
  add: boolean;
}

/**
 * `toggleFavorite(communityId, isFavorite?)` adds the community when it is not a favorite and removes it
 * when it is. Pass what the screen shows; when omitted, the cached status / list decides.
 */
export function useToggleFavorite({ showErrorToast = true }: ToggleFavoriteOptions = {}) {
  const { isAuthenticated } = useAuth();
  const { toast } = useToast();
  const queryClient = useQueryClient();

  const mutation = useMutation({
    mutationFn: ({ communityId, add }: ToggleVariables) => (add ? addFavorite(communityId) : removeFavorite(communityId)),
    onSuccess: async (result, { communityId, add }) => {
      queryClient.setQueryData(favoriteStatusQueryOptions(communityId).queryKey, { isFavorite: result.isFavorite });
      toast(
        add
          ? { title: 'Added to Favorites', description: 'Community has been added to your favorites.' }
          : { title: 'Removed from Favorites', description: 'Community has been removed from your favorites.' },
      );
      // The list and every status check share the list's key as their prefix.
      await queryClient.invalidateQueries({ queryKey: favoritesQueryOptions().queryKey });
    },
    onError: (_error, { add }) => {
      if (!showErrorToast) return;
      toast({
        title: 'Error',
        description: add ? 'Failed to add to favorites. Please try again.' : 'Failed to remove from favorites. Please try again.',
      });
    },
  });

  const { mutate } = mutation;
  const toggleFavorite = useCallback(
    (communityId: number, isFavorite?: boolean) => {
      if (!isAuthenticated) {
        toast({ title: 'Sign In Required', description: 'Please sign in to save favorites.', variant: 'destructive' });
        return;
      }
      let current = isFavorite;
      if (current === undefined) {
        const status = queryClient.getQueryData(favoriteStatusQueryOptions(communityId).queryKey);
        const list = queryClient.getQueryData(favoritesQueryOptions().queryKey);
        current = status?.isFavorite ?? list?.favorites.some((f) => f.communityId === communityId) ?? false;
      }
      mutate({ communityId, add: !current });
    },
    [isAuthenticated, mutate, queryClient, toast],
  );

  return {
    toggleFavorite,
    isPending: mutation.isPending,
    /** The community whose toggle is in flight (to disable just that heart). */
    pendingCommunityId: mutation.isPending ? mutation.variables?.communityId : undefined,
  };
}
