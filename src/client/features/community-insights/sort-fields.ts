import type { InsightSortField } from '../../../contracts/insights';

export { DEFAULT_CSAT, DEFAULT_PAGE_SIZE, FOCUS_HIGHLIGHT_MS } from '../../../contracts/constants';

export const INSIGHT_SORT_FIELDS_LABELS: { value: InsightSortField; label: string }[] = [
  { value: 'name', label: 'Community Name' },
  { value: 'pricing', label: 'Starting Price' },
  { value: 'communityScore', label: 'Community Score' },
  { value: 'rating', label: 'Resident Rating' },
  { value: 'city', label: 'City' },
  { value: 'state', label: 'State' },
  { value: 'communityType', label: 'Community Type' },
  { value: 'operatorName', label: 'Operator Name' },
];
