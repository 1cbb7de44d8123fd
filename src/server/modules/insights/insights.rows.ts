// Row shapes of Community Insights and Operator Intelligence with their fallbacks (the screen and the CSV
// export read the same values; split from insights.service.ts, issue 11).
import { formatMonthlyPricing, formatRevenue, type InsightRow, type OperatorRow } from '../../../contracts/insights';
import { toSource } from '../../lib/provenance';
import type * as repo from './insights.repo';
import type * as operatorRepo from './operators.repo';

export const join = (values: readonly string[] | null | undefined) => (values ?? []).filter(Boolean).join(', ');

export function fullAddress(r: { address: string; city: string; state: string; zip_code: string }): string {
  const stateZip = [r.state, r.zip_code].filter(Boolean).join(' ');
  return [r.address, r.city, stateZip].filter((s) => s && s.trim()).join(', ');
}

export function toInsightRow(r: repo.CommunityInsightRecord): InsightRow {
  return {
    id: r.id,
    name: r.name,
    pricing: formatMonthlyPricing(r.min_price, r.max_price),
    phoneNumber: r.phone ?? '',
    address: fullAddress(r),
    communityType: r.community_type || join(r.care_types),
    overview: r.overview || r.description || '',
    communityAmenities: join(r.community_amenities.length ? r.community_amenities : r.amenities),
    communityScore: r.score,
    roomTypes: join(r.room_types),
    operatorName: r.operator_name ?? '',
    diningServices: join(r.dining_services),
    source: toSource(r),
  };
}

export function toOperatorRow(r: operatorRepo.OperatorRecord): OperatorRow {
  const source = toSource(r);
  return {
    id: r.id,
    operatorName: r.name,
    operatorCity: r.city ?? '',
    operatorState: r.state ?? '',
    operatorPostalcode: r.postal_code ?? '',
    operatorWebpage: r.webpage ?? '',
    operatorRevenue: formatRevenue(r.revenue),
    operatorTotalCommunities: r.communities,
    operatorTotalEmployees: r.employees,
    operatorPhone: r.phone ?? '',
    operatorEmail: r.email ?? '',
    // No employer-review links to third-party sites for fictional operators (ADR 008): the count instead.
    operatorIndeed: source.kind === 'demo' ? '' : (r.indeed_url ?? ''),
    operatorGlassdoor: source.kind === 'demo' ? '' : (r.glassdoor_url ?? ''),
    employeeReviewCount: r.employee_reviews,
    source,
  };
}

/** A stable key of the filter values that are set. */
