// The shortlist calls (issue 16, ADR 022). Every key starts with the favorites key, so saving or
// removing a favorite anywhere refreshes the shortlist too.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddCommentRequest,
  Collaborator,
  CreateShareRequest,
  CreateShareResponse,
  Share,
  SharedShortlist,
  Shortlist,
  ShortlistComment,
  ShortlistsResponse,
} from '../../../../contracts/shortlist';
import { apiRequest, getJson } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { FAVORITES_URL } from '../../../lib/favorites';

const KEY = [FAVORITES_URL, 'shortlists'] as const;

export const shortlistsQueryOptions = () => queryOptions({ queryKey: [...KEY], queryFn: () => getJson<ShortlistsResponse>('/api/shortlists') });
export const shortlistQueryOptions = (ownerId: number) =>
  queryOptions({ queryKey: [...KEY, ownerId], queryFn: () => getJson<Shortlist>(`/api/shortlists/${ownerId}`) });
const sharesKey = [...KEY, 'mine', 'shares'] as const;
const collaboratorsKey = [...KEY, 'mine', 'collaborators'] as const;

export function useShortlists() {
  const { isAuthenticated } = useAuth();
  return useQuery({ ...shortlistsQueryOptions(), enabled: isAuthenticated });
}

export function useShortlist(ownerId: number | null) {
  return useQuery({ ...shortlistQueryOptions(ownerId ?? 0), enabled: ownerId !== null });
}

export function useSaveNote(ownerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ communityId, note }: { communityId: number; note: string }) => {
      await apiRequest('PUT', `/api/shortlists/${ownerId}/notes/${communityId}`, { note });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shortlistQueryOptions(ownerId).queryKey }),
  });
}

export function useShares(enabled: boolean) {
  return useQuery({ queryKey: [...sharesKey], queryFn: async () => (await getJson<{ shares: Share[] }>('/api/shortlists/mine/shares')).shares, enabled });
}

export function useCreateShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateShareRequest) => (await (await apiRequest('POST', '/api/shortlists/mine/shares', body)).json()) as CreateShareResponse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...sharesKey] }),
  });
}

export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (shareId: number) => {
      await apiRequest('DELETE', `/api/shortlists/mine/shares/${shareId}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...sharesKey] }),
  });
}

export function useCollaborators(enabled: boolean) {
  return useQuery({
    queryKey: [...collaboratorsKey],
    queryFn: async () => (await getJson<{ collaborators: Collaborator[] }>('/api/shortlists/mine/collaborators')).collaborators,
    enabled,
  });
}

export function useChangeCollaborators() {
  const queryClient = useQueryClient();
  const onSuccess = (data: { collaborators: Collaborator[] }) => queryClient.setQueryData([...collaboratorsKey], data.collaborators);
  const add = useMutation({
    mutationFn: async (email: string) => (await (await apiRequest('POST', '/api/shortlists/mine/collaborators', { email })).json()) as { collaborators: Collaborator[] },
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: async (userId: number) => (await (await apiRequest('DELETE', `/api/shortlists/mine/collaborators/${userId}`)).json()) as { collaborators: Collaborator[] },
    onSuccess,
  });
  return { add, remove };
}

export const sharedQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['/api/shared', token], queryFn: () => getJson<SharedShortlist>(`/api/shared/${encodeURIComponent(token)}`), retry: false });

export function useAddComment(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AddCommentRequest) =>
      (await (await apiRequest('POST', `/api/shared/${encodeURIComponent(token)}/comments`, body)).json()) as ShortlistComment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedQueryOptions(token).queryKey }),
  });
}
