import type { InsightSortField } from '../../../contracts/insights';
import { optionsOf } from '../../components/labelled-select';

export { DEFAULT_CSAT, FOCUS_HIGHLIGHT_MS } from '../../../contracts/constants';

/** The 'Sort by' choices, in the order the dropdown lists them. */
export const INSIGHT_SORT_FIELDS_LABELS = optionsOf<InsightSortField>({
  name: 'Community Name',
  pricing: 'Starting Price',
  communityScore: 'Community Score',
  rating: 'Resident Rating',
  city: 'City',
  state: 'State',
  communityType: 'Community Type',
  operatorName: 'Operator Name',
});
