// The CSV exports of Community Insights and Operator Intelligence: columns, values, and the batched stream
// (split from insights.service.ts, issue 11).
import { csvLine } from '../../lib/csv';
import { formatRevenue, type InsightRow, type OperatorRow } from '../../../contracts/insights';
import type * as repo from './insights.repo';
import { join, toInsightRow, toOperatorRow } from './insights.rows';
import type * as operatorRepo from './operators.repo';

const EXPORT_BATCH = 500;

/** A column of an export: its header, and its value from the record and the row the list shows for it. */
type CsvColumn<R, Row> = readonly [header: string, value: (r: R, row: Row) => unknown];

/** The header line and the values of one record, in the columns' order. */
function csvColumns<R, Row>(columns: readonly CsvColumn<R, Row>[], toRow: (r: R) => Row) {
  return {
    header: columns.map(([header]) => header),
    values: (r: R): unknown[] => {
      const row = toRow(r);
      return columns.map(([, value]) => value(r, row));
    },
  };
}

const COMMUNITY_COLUMNS: CsvColumn<repo.CommunityInsightRecord, InsightRow>[] = [
  ['ID', (r) => r.id],
  ['Community Name', (r) => r.name],
  ['Pricing', (_, row) => row.pricing],
  ['Min Monthly Price', (r) => r.min_price],
  ['Max Monthly Price', (r) => r.max_price],
  ['Phone Number', (r) => r.phone],
  ['Email', (r) => r.email],
  ['Website', (r) => r.website],
  ['Street Address', (r) => r.address],
  ['City', (r) => r.city],
  ['State', (r) => r.state],
  ['Zip Code', (r) => r.zip_code],
  ['Community Type', (_, row) => row.communityType],
  ['Care Types', (r) => join(r.care_types)],
  ['Owner', (r) => r.owner_type],
  ['Community Score', (r) => r.score],
  ['Average Rating', (r) => (r.review_count > 0 ? r.rating : null)],
  ['Review Count', (r) => r.review_count],
  ['Capacity', (r) => r.capacity],
  ['Room Types', (_, row) => row.roomTypes],
  ['Dining Services', (_, row) => row.diningServices],
  ['Healthcare Services', (r) => join(r.healthcare_services)],
  ['Room Amenities', (r) => join(r.room_amenities)],
  ['Community Amenities', (_, row) => row.communityAmenities],
  ['Operator Name', (_, row) => row.operatorName],
  ['Overview', (_, row) => row.overview],
  // Provenance (ADR 008): 'Demo data' or the agency, and the date its file describes.
  ['Source', (r) => r.source_name],
  ['Source As Of', (r) => r.source_as_of],
];

export const { header: COMMUNITY_CSV_HEADER, values: communityCsvValues } = csvColumns(COMMUNITY_COLUMNS, toInsightRow);

const OPERATOR_COLUMNS: CsvColumn<operatorRepo.OperatorRecord, OperatorRow>[] = [
  ['ID', (r) => r.id],
  ['Operator Name', (r) => r.name],
  ['City', (r) => r.city],
  ['State', (r) => r.state],
  ['Postal Code', (r) => r.postal_code],
  ['Website', (r) => r.webpage],
  ['Annual Revenue (USD)', (r) => r.revenue],
  ['Revenue', (r) => formatRevenue(r.revenue)],
  ['Communities', (r) => r.communities],
  ['Employees', (r) => r.employees],
  ['Phone', (r) => r.phone],
  ['Email', (r) => r.email],
  // The same rule as the list: no employer-site links for demo operators.
  ['Indeed Reviews', (_, row) => row.operatorIndeed],
  ['Glassdoor Reviews', (_, row) => row.operatorGlassdoor],
  ['Employee Reviews', (r) => r.employee_reviews],
  ['Source', (r) => r.source_name],
  ['Source As Of', (r) => r.source_as_of],
];

export const { header: OPERATOR_CSV_HEADER, values: operatorCsvValues } = csvColumns(OPERATOR_COLUMNS, toOperatorRow);

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
