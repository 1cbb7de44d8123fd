// Following an information request (issue 16): through the private link (token in the URL fragment,
// POSTed) or, signed in, "My requests".
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyRequestsResponse, RequestStatus } from '../../../contracts/leads';
import { apiRequest, getJson } from '../../lib/api';

export const MY_REQUESTS_URL = '/api/my/requests';
const TRACK_URL = '/api/requests/track';

/** The status changes while the family looks at it: refresh every 30 s and when the tab is shown again. */
const REFRESH_MS = 30_000;

export const trackQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [TRACK_URL, token] as const,
    queryFn: async () => (await (await apiRequest('POST', TRACK_URL, { token })).json()) as RequestStatus,
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });

export const useTrackedRequest = (token: string | null) => useQuery({ ...trackQueryOptions(token ?? ''), enabled: !!token });

export const useMyRequests = (enabled: boolean) =>
  useQuery({ queryKey: [MY_REQUESTS_URL], queryFn: () => getJson<MyRequestsResponse>(MY_REQUESTS_URL), enabled, refetchInterval: REFRESH_MS, refetchOnWindowFocus: true });

/** Withdraw by token (the private page) or by id (My requests). */
export function useWithdrawRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { token: string } | { id: number }) => {
      const res = 'token' in v ? await apiRequest('POST', `${TRACK_URL}/withdraw`, { token: v.token }) : await apiRequest('POST', `${MY_REQUESTS_URL}/${v.id}/withdraw`);
      return (await res.json()) as RequestStatus;
    },
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: [TRACK_URL] });
      await qc.invalidateQueries({ queryKey: [MY_REQUESTS_URL] });
    },
  });
}
