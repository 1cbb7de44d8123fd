// The 'Filters' card: search box, the twelve dropdowns of SPEC section 2 and 'Clear Filters'.
import { useId } from 'react';
import {
  COMMUNITY_AMENITY_OPTIONS,
  DINING_OPTIONS,
  HEALTHCARE_OPTIONS,
  INSIGHT_PRICING_OPTIONS,
  INSIGHT_SCORE_OPTIONS,
  OWNER_OPTIONS,
  ROOM_AMENITY_OPTIONS,
  ROOM_TYPE_OPTIONS,
  US_STATES,
} from '../../../../contracts/constants';
import type { InsightFilterKey, InsightFilterOptions } from '../../../../contracts/insights';
import { CAPACITY_BAND_OPTIONS, LICENCE_TYPE_OPTIONS, UNKNOWN_CAPACITY_NOTE, type LicenceFilterKey } from '../../../../contracts/licence-filters';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import type { InsightFilterState } from '../api/get-community-insights';
import { FilterSelect, type FilterOption } from '../../../components/filter-select';
import { SearchBox } from '../../../components/search-box';

const plain = (values: readonly string[]): FilterOption[] => values.map((v) => ({ value: v, label: v }));

export interface InsightFiltersProps {
  filters: InsightFilterState;
  options: InsightFilterOptions | undefined;
  search: string;
  operatorSearch: string;
  onSearchChange: (text: string) => void;
  onOperatorSearchChange: (text: string) => void;
  onFilterChange: (key: InsightFilterKey | LicenceFilterKey, value: string) => void;
  onClear: () => void;
}

export function InsightFilters(props: InsightFiltersProps) {
  const { filters, options, onFilterChange } = props;
  const searchId = useId();
  const operatorSearchId = useId();
  const select = (key: InsightFilterKey | LicenceFilterKey, label: string, opts: FilterOption[]) => (
    <FilterSelect label={label} value={filters[key]} options={opts} onChange={(v) => onFilterChange(key, v)} />
  );
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-4 pb-4">
        <CardTitle as="h2">Filters</CardTitle>
        <Button variant="outline" size="sm" onClick={props.onClear}>
          Clear Filters
        </Button>
      </CardHeader>
      <CardContent className="space-y-5">
        <SearchBox
          id={searchId}
          label="Search communities"
          placeholder="Search communities, operators, cities..."
          value={props.search}
          onChange={props.onSearchChange}
        />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {select(
            'state',
            'State',
            (options?.states ?? []).map((s) => ({ value: s, label: US_STATES[s] ? `${US_STATES[s]} (${s})` : s })),
          )}
          {select('city', 'City', plain(options?.cities ?? []))}
          {select('communityType', 'Community Type', plain(options?.communityTypes ?? []))}
          <div className="flex flex-col gap-1.5">
            {select('operatorName', 'Operator', plain(options?.operators ?? []))}
            <Label htmlFor={operatorSearchId} className="sr-only">
              Find an operator
            </Label>
            <Input
              id={operatorSearchId}
              type="search"
              className="h-8 text-sm"
              placeholder="Find an operator..."
              value={props.operatorSearch}
              onChange={(e) => props.onOperatorSearchChange(e.target.value)}
            />
          </div>
          {select('pricingRange', 'Pricing', [...INSIGHT_PRICING_OPTIONS])}
          {select('communityScore', 'Score', [...INSIGHT_SCORE_OPTIONS])}
          {select('owner', 'Owner', plain(OWNER_OPTIONS))}
          {select('roomTypes', 'Room Types', plain(ROOM_TYPE_OPTIONS))}
          {select('healthCareServices', 'Healthcare', plain(HEALTHCARE_OPTIONS))}
          {select('diningServices', 'Dining', plain(DINING_OPTIONS))}
          {select('roomAmenities', 'Room Amenities', plain(ROOM_AMENITY_OPTIONS))}
          {select('communityAmenities', 'Community Amenities', plain(COMMUNITY_AMENITY_OPTIONS))}
          {select('licenceType', 'Licence Type', LICENCE_TYPE_OPTIONS)}
          {select('capacity', 'Licensed Capacity', CAPACITY_BAND_OPTIONS)}
        </div>
        {filters.capacity !== 'all' && (
          <p className="text-sm text-muted-foreground" data-testid="capacity-note">
            {UNKNOWN_CAPACITY_NOTE}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
