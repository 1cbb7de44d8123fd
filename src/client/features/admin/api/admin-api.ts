// The care-advisor desk's calls: fetchers, query option factories and hooks. Every lead list key starts
// with LEADS_QUERY_KEY so a new information request refreshes the inbox (SPEC section 7).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminUser,
  DataOverviewResponse,
  ImportSummaryResponse,
  ImportUploadKind,
  LeadDetailResponse,
  LeadListResponse,
  NotifyResponse,
  UserListResponse,
  UserPatchRequest,
} from '../../../../contracts/admin';
import type { LeadStatus } from '../../../../contracts/constants';
import { apiRequest, apiUpload, getJson, withQuery } from '../../../lib/api';
import { LEADS_QUERY_KEY, LEADS_URL } from '../../../lib/leads';

export const LEAD_EXPORT_URL = '/api/admin/leads/export.csv';
const USERS_URL = '/api/admin/users';
const DATA_URL = '/api/admin/data';
const IMPORTS_URL = '/api/admin/imports';

/** The words of an error for the desk: the server's sentence, else the body or status text, else the error's message. */
export { errorMessage } from '../../../lib/api';

export interface LeadListParams {
  status: string;
  state: string;
  communityId: string;
  q: string;
  page: number;
  pageSize: number;
}

const leadFilterQuery = (p: Omit<LeadListParams, 'page' | 'pageSize'>) => ({
  status: p.status,
  state: p.state,
  communityId: p.communityId,
  q: p.q.trim(),
});

export const leadListUrl = (p: LeadListParams) => withQuery(LEADS_URL, { ...leadFilterQuery(p), page: p.page, pageSize: p.pageSize });
export const leadExportUrl = (p: Omit<LeadListParams, 'page' | 'pageSize'>) => withQuery(LEAD_EXPORT_URL, leadFilterQuery(p));

export const leadListQueryOptions = (p: LeadListParams) =>
  queryOptions({
    queryKey: [...LEADS_QUERY_KEY, 'admin-list', p] as const,
    queryFn: () => getJson<LeadListResponse>(leadListUrl(p)),
    placeholderData: keepPreviousData,
    // The 24-hour clocks and e-mail states move: refresh the inbox every minute and when it is shown again.
    refetchInterval: 60_000,
    refetchOnMount: 'always',
  });

export const useLeadList = (p: LeadListParams, enabled = true) => useQuery({ ...leadListQueryOptions(p), enabled });

export const leadDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...LEADS_QUERY_KEY, 'detail', id] as const,
    queryFn: () => getJson<LeadDetailResponse>(`/api/admin/leads/${id}`),
  });

export const useLeadDetail = (id: number | null) => useQuery({ ...leadDetailQueryOptions(id ?? 0), enabled: id !== null });

export function useChangeLeadStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: number; status: LeadStatus; note?: string }) => {
      const res = await apiRequest('POST', `/api/admin/leads/${v.id}/status`, { status: v.status, note: v.note || undefined });
      return (await res.json()) as LeadDetailResponse;
    },
    onSettled: () => qc.invalidateQueries({ queryKey: LEADS_QUERY_KEY }),
  });
}

export function useRetryNotification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const res = await apiRequest('POST', `/api/admin/leads/${id}/notify`);
      return (await res.json()) as NotifyResponse;
    },
    onSettled: () => qc.invalidateQueries({ queryKey: LEADS_QUERY_KEY }),
  });
}

export interface UserListParams {
  q: string;
  page: number;
  pageSize: number;
}

export const userListQueryOptions = (p: UserListParams) =>
  queryOptions({
    queryKey: [USERS_URL, p] as const,
    queryFn: () => getJson<UserListResponse>(withQuery(USERS_URL, { q: p.q.trim(), page: p.page, pageSize: p.pageSize })),
    placeholderData: keepPreviousData,
  });

export const useUserList = (p: UserListParams) => useQuery(userListQueryOptions(p));

export function usePatchUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: number; patch: UserPatchRequest }) => {
      const res = await apiRequest('PATCH', `${USERS_URL}/${v.id}`, v.patch);
      return (await res.json()) as AdminUser;
    },
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: [USERS_URL] });
      // The signed-in admin may have changed their own plan or role.
      await qc.invalidateQueries({ queryKey: ['/api/auth/user'] });
    },
  });
}

export const dataOverviewQueryOptions = () =>
  queryOptions({ queryKey: [DATA_URL] as const, queryFn: () => getJson<DataOverviewResponse>(DATA_URL) });

export const useDataOverview = () => useQuery(dataOverviewQueryOptions());

/** Options of the licence-list importer (kind 'licensed'): the state and the agency in words. */
export interface LicensedUploadOptions {
  state?: string;
  source?: string;
}

export async function uploadImport(kind: ImportUploadKind, file: File, asOf = '', licensed: LicensedUploadOptions = {}): Promise<ImportSummaryResponse> {
  const form = new FormData();
  form.append('kind', kind);
  if (asOf) form.append('asOf', asOf);
  if (kind === 'licensed' && licensed.state) form.append('state', licensed.state);
  if (kind === 'licensed' && licensed.source) form.append('source', licensed.source);
  form.append('file', file, file.name);
  const res = await apiUpload(IMPORTS_URL, form);
  return (await res.json()) as ImportSummaryResponse;
}

export function useUploadImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { kind: ImportUploadKind; file: File; asOf?: string; licensed?: LicensedUploadOptions }) =>
      uploadImport(v.kind, v.file, v.asOf, v.licensed),
    onSettled: () => qc.invalidateQueries({ queryKey: [DATA_URL] }),
  });
}
