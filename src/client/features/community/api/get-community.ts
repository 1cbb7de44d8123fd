// GET /api/communities/:id: the community entity with the detail page's extra facts.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommunityDetail } from '../../../../contracts/community';
import { getJson } from '../../../lib/api';

export const COMMUNITIES_URL = '/api/communities';

export const getCommunity = (id: number) => getJson<CommunityDetail>(`${COMMUNITIES_URL}/${id}`);

export const communityQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [COMMUNITIES_URL, id],
    queryFn: () => getCommunity(id),
  });

export function useCommunity(id: number | null) {
  return useQuery({ ...communityQueryOptions(id ?? 0), enabled: id !== null });
}

/** A route id is valid when it is a positive whole number that fits the database's id column. */
export function parseCommunityId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= 2_147_483_647 ? n : null;
}
