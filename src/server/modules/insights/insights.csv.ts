// The CSV exports of Community Insights and Operator Intelligence: columns, values, and the batched stream
// (split from insights.service.ts, issue 11).
import { csvLine } from '../../lib/csv';
import { formatRevenue } from '../../../contracts/insights';
import type * as repo from './insights.repo';
import { join, toInsightRow, toOperatorRow } from './insights.rows';
import type * as operatorRepo from './operators.repo';

const EXPORT_BATCH = 500;

export const COMMUNITY_CSV_HEADER = [
  'ID',
  'Community Name',
  'Pricing',
  'Min Monthly Price',
  'Max Monthly Price',
  'Phone Number',
  'Email',
  'Website',
  'Street Address',
  'City',
  'State',
  'Zip Code',
  'Community Type',
  'Care Types',
  'Owner',
  'Community Score',
  'Average Rating',
  'Review Count',
  'Capacity',
  'Room Types',
  'Dining Services',
  'Healthcare Services',
  'Room Amenities',
  'Community Amenities',
  'Operator Name',
  'Overview',
  // Provenance (ADR 008): 'Demo data' or the agency, and the date its file describes.
  'Source',
  'Source As Of',
] as const;

export function communityCsvValues(r: repo.CommunityInsightRecord) {
  const row = toInsightRow(r);
  return [
    r.id,
    r.name,
    row.pricing,
    r.min_price,
    r.max_price,
    r.phone,
    r.email,
    r.website,
    r.address,
    r.city,
    r.state,
    r.zip_code,
    row.communityType,
    join(r.care_types),
    r.owner_type,
    r.score,
    r.review_count > 0 ? r.rating : null,
    r.review_count,
    r.capacity,
    row.roomTypes,
    row.diningServices,
    join(r.healthcare_services),
    join(r.room_amenities),
    row.communityAmenities,
    row.operatorName,
    row.overview,
    r.source_name,
    r.source_as_of,
  ];
}

export const OPERATOR_CSV_HEADER = [
  'ID',
  'Operator Name',
  'City',
  'State',
  'Postal Code',
  'Website',
  'Annual Revenue (USD)',
  'Revenue',
  'Communities',
  'Employees',
  'Phone',
  'Email',
  'Indeed Reviews',
  'Glassdoor Reviews',
  'Employee Reviews',
  'Source',
  'Source As Of',
] as const;

export function operatorCsvValues(r: operatorRepo.OperatorRecord) {
  const row = toOperatorRow(r);
  return [
    r.id,
    r.name,
    r.city,
    r.state,
    r.postal_code,
    r.webpage,
    r.revenue,
    formatRevenue(r.revenue),
    r.communities,
    r.employees,
    r.phone,
    r.email,
    // The same rule as the list: no employer-site links for demo operators.
    row.operatorIndeed,
    row.operatorGlassdoor,
    r.employee_reviews,
    r.source_name,
    r.source_as_of,
  ];
}

/** Streams rows in display order: all ids first (cheap), then the rows in batches. */
export async function* streamByIds<R extends { id: number }>(
  ids: number[],
  load: (ids: number[]) => Promise<R[]>,
  header: readonly string[],
  values: (r: R) => unknown[],
): AsyncGenerator<string> {
  yield csvLine(header);
  for (let i = 0; i < ids.length; i += EXPORT_BATCH) {
    const batch = ids.slice(i, i + EXPORT_BATCH);
    const byId = new Map((await load(batch)).map((r) => [r.id, r]));
    let chunk = '';
    for (const id of batch) {
      const r = byId.get(id);
      if (r) chunk += csvLine(values(r) as Parameters<typeof csvLine>[0]);
    }
    yield chunk;
  }
}
