// Saved prospect lists (Pro): queries and mutations shared by the save buttons and the lists page.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListDetail, ListItemType, ListSummary } from '../../contracts/lists';
import { apiRequest, getJson } from './api';

export const listsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/lists'], queryFn: async () => (await getJson<{ lists: ListSummary[] }>('/api/lists')).lists });

export const listQueryOptions = (id: number) => queryOptions({ queryKey: ['/api/lists', id], queryFn: () => getJson<ListDetail>(`/api/lists/${id}`) });

export function useLists(enabled = true) {
  return useQuery({ ...listsQueryOptions(), enabled });
}

export function useList(id: number | null) {
  return useQuery({ ...listQueryOptions(id ?? 0), enabled: id !== null });
}

/** Saves an item into an existing list (listId) or a new list (newName); resolves to the list's id and name. */
export function useSaveToList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { type: ListItemType; id: number; listId?: number; newName?: string }) => {
      let listId = v.listId;
      let name = '';
      if (listId === undefined) {
        const created = (await (await apiRequest('POST', '/api/lists', { name: v.newName ?? '' })).json()) as ListSummary;
        listId = created.id;
        name = created.name;
      }
      await apiRequest('POST', `/api/lists/${listId}/items`, { type: v.type, id: v.id });
      return { listId, name };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['/api/lists'] }),
  });
}

export function useRemoveFromList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { listId: number; type: ListItemType; id: number }) => apiRequest('DELETE', `/api/lists/${v.listId}/items/${v.type}/${v.id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['/api/lists'] }),
  });
}

export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listId: number) => apiRequest('DELETE', `/api/lists/${listId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['/api/lists'] }),
  });
}

/** The error text of a failed request ('409: {"error":{"message":...}}' -> the message). */
export function requestErrorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  const json = text.slice(text.indexOf(':') + 1).trim();
  try {
    return (JSON.parse(json) as { error?: { message?: string } }).error?.message ?? text;
  } catch {
    return text;
  }
}
