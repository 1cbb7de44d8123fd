// Information requests (leads): the fetcher used by the shared LeadForm and the root query key of
// the lead list. Every lead list query (e.g. the admin screen's GET /api/leads) must start its key
// with LEADS_QUERY_KEY so that a new lead refreshes it (SPEC section 7).
import type { CreateLeadRequest, CreateLeadResponse } from '../../contracts/leads';
import { apiRequest } from './api';

export const LEADS_URL = '/api/leads';
export const LEADS_QUERY_KEY = [LEADS_URL] as const;

export async function createLead(lead: CreateLeadRequest): Promise<CreateLeadResponse> {
  const res = await apiRequest('POST', LEADS_URL, lead);
  return (await res.json()) as CreateLeadResponse;
}
