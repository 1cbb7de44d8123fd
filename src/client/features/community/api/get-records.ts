// GET /api/communities/:id/records: licence and CMS records of a real facility (null parts for demo data).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommunityRecords } from '../../../../contracts/records';
import { getJson } from '../../../lib/api';
import { COMMUNITIES_URL } from './get-community';

export const recordsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [COMMUNITIES_URL, id, 'records'],
    queryFn: () => getJson<CommunityRecords>(`${COMMUNITIES_URL}/${id}/records`),
  });

export function useCommunityRecords(id: number) {
  return useQuery(recordsQueryOptions(id));
}
