// Operator Intelligence (/operator-insights): figures, search, four filters, operator cards with their
// communities dialog, and paging (SPEC sections 2 and 4).
import { useState } from 'react';
import { Link } from 'wouter';
import { OPERATOR_COMMUNITY_LABELS, OPERATOR_REVENUE_LABELS, US_STATES } from '../../../contracts/constants';
import {
  formatRevenue,
  OPERATOR_FILTER_KEYS,
  type OperatorFilterKey,
  type OperatorRow,
  type OperatorSortField,
  type SortDirection,
} from '../../../contracts/insights';
import { ExportDataButton } from '../../components/export-data-button';
import { FilterSelect } from '../../components/filter-select';
import { Pagination } from '../../components/pagination';
import { useTablePaging } from '../../components/use-table-paging';
import { SearchBox } from '../../components/search-box';
import { optionsOf } from '../../components/labelled-select';
import { SortControls } from '../../components/sort-controls';
import { StatCard } from '../../components/stat-card';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { formatNumber } from '../../lib/format';
import { operatorInsightsExportUrl, useOperatorInsights, type OperatorFilterState } from './api/get-operator-insights';
import { SaveToListButton } from '../../components/save-to-list';
import { useAuth } from '../../lib/auth';
import { OperatorCard } from './components/operator-card';
import { OperatorCommunitiesDialog } from './components/operator-communities-dialog';

const ALL_FILTERS = Object.fromEntries(OPERATOR_FILTER_KEYS.map((k) => [k, 'all'])) as OperatorFilterState;

const SORT_LABELS = optionsOf<OperatorSortField>({
  operatorName: 'Operator Name',
  revenue: 'Revenue',
  communities: 'Communities',
  employees: 'Employees',
  state: 'State',
  city: 'City',
});

const labelled = (values: readonly string[], labels: Record<string, string>) => values.map((v) => ({ value: v, label: labels[v] ?? v }));

/** Pro actions of an operator card: its portfolio and saving it into a prospect list. */
function OperatorProActions({ id, name }: { id: number; name: string }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="outline" size="sm">
        <Link href={`/portfolio/${id}`} aria-label={`Portfolio of ${name}`}>
          Portfolio
        </Link>
      </Button>
      <SaveToListButton type="operator" id={id} name={name} />
    </div>
  );
}

export function OperatorInsightsPage() {
  const { isPro } = useAuth();
  const [search, setSearch] = useState('');
  const searchQuery = useDebouncedValue(search, 300);
  const [filters, setFilters] = useState<OperatorFilterState>(ALL_FILTERS);
  const [sort, setSort] = useState<{ field: OperatorSortField; direction: SortDirection }>({ field: 'operatorName', direction: 'asc' });
  const [dialogOperator, setDialogOperator] = useState<{ id: number; name: string } | null>(null);

  // The page returns to 1 whenever filters, search text, sort or page size change.
  const paging = useTablePaging([filters, searchQuery.trim(), sort]);
  const { page, pageSize } = paging;

  const query = useOperatorInsights({ page, pageSize, sortField: sort.field, sortDirection: sort.direction, searchQuery, filters });
  const data = query.data;
  const filtering = searchQuery.trim() !== '' || Object.values(filters).some((v) => v !== 'all');
  const total = data?.total;

  const setFilter = (key: OperatorFilterKey, value: string) =>
    setFilters((f) => ({ ...f, [key]: value, ...(key === 'operatorState' ? { operatorCity: 'all' } : {}) }));
  const clearFilters = () => {
    setFilters(ALL_FILTERS);
    setSearch('');
  };
  const showCommunities = (o: OperatorRow) => setDialogOperator({ id: o.id, name: o.operatorName });
  const exportHref = operatorInsightsExportUrl({ sortField: sort.field, sortDirection: sort.direction, searchQuery, filters });

  return (
    <div className="mx-auto w-full max-w-7xl space-y-8 px-4 py-10 sm:px-6 lg:px-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-gray-900">Operator Intelligence</h1>
        <p className="mt-2 text-muted-foreground">
          Comprehensive market insights on {total !== undefined ? formatNumber(total) : '...'} senior living operators across the United States
        </p>
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        {/* A skeleton while loading; N/A (the spec's default) when the figure is missing or the load failed. */}
        <StatCard label="Total Operators" value={data ? formatNumber(data.total) : query.isError ? 'N/A' : null} hint="Active operators tracked" />
        <StatCard label="Average Revenue" value={data ? (data.avgRevenue !== null ? formatRevenue(data.avgRevenue) : 'N/A') : query.isError ? 'N/A' : null} hint="Per operator annually" />
        <StatCard label="Avg Communities" value={data ? (data.avgCommunities !== null ? data.avgCommunities.toFixed(1) : 'N/A') : query.isError ? 'N/A' : null} hint="Communities per operator" />
      </div>

      <Card>
        <CardContent className="space-y-5 p-6">
          <SearchBox
            id="operator-search"
            label="Search operators"
            placeholder="Search operators by name, city, state, revenue..."
            value={search}
            onChange={setSearch}
          />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <FilterSelect
              label="State"
              value={filters.operatorState}
              options={(data?.filterOptions.states ?? []).map((s) => ({ value: s, label: US_STATES[s] ? `${US_STATES[s]} (${s})` : s }))}
              onChange={(v) => setFilter('operatorState', v)}
            />
            <FilterSelect
              label="City"
              value={filters.operatorCity}
              options={(data?.filterOptions.cities ?? []).map((c) => ({ value: c, label: c }))}
              onChange={(v) => setFilter('operatorCity', v)}
            />
            <FilterSelect
              label="Revenue Range"
              value={filters.operatorRevenue}
              options={labelled(data?.filterOptions.revenueRanges ?? Object.keys(OPERATOR_REVENUE_LABELS), OPERATOR_REVENUE_LABELS)}
              onChange={(v) => setFilter('operatorRevenue', v)}
            />
            <FilterSelect
              label="Communities"
              value={filters.operatorTotalCommunities}
              options={labelled(data?.filterOptions.communityRanges ?? Object.keys(OPERATOR_COMMUNITY_LABELS), OPERATOR_COMMUNITY_LABELS)}
              onChange={(v) => setFilter('operatorTotalCommunities', v)}
            />
          </div>
          <div className="flex flex-wrap gap-3">
            <Button variant="outline" onClick={clearFilters}>
              Clear All Filters
            </Button>
            <ExportDataButton href={exportHref} />
          </div>
        </CardContent>
      </Card>

      {query.isError && (
        <Alert variant="destructive">
          <AlertTitle>Operators could not be loaded</AlertTitle>
          <AlertDescription>{query.error.message}</AlertDescription>
        </Alert>
      )}

      <section aria-labelledby="operators-heading" aria-busy={query.isFetching} className="space-y-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <h2 id="operators-heading" className="text-xl font-semibold text-gray-900">
            {data
              ? filtering
                ? `${formatNumber(data.filteredTotal)} of ${formatNumber(data.total)} Operators`
                : `All ${formatNumber(data.total)} Operators`
              : 'Operators'}
          </h2>
          <SortControls id="operator-sort-by" fields={SORT_LABELS} sort={sort} onChange={setSort} />
        </div>

        {query.isPending ? (
          <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3" aria-label="Loading operators">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-56 w-full" />
            ))}
          </div>
        ) : data && data.operators.length === 0 ? (
          <Card>
            <CardContent className="py-16 text-center">
              <p className="text-lg font-semibold text-gray-900">No operators found</p>
              <p className="mt-1 text-muted-foreground">Try adjusting your search criteria or clearing the filters</p>
            </CardContent>
          </Card>
        ) : (
          <div className={`grid gap-4 md:grid-cols-2 lg:grid-cols-3 ${query.isPlaceholderData ? 'opacity-60' : ''}`}>
            {data?.operators.map((o) => (
              <OperatorCard key={o.id} operator={o} onShowCommunities={showCommunities} actions={isPro ? <OperatorProActions id={o.id} name={o.operatorName} /> : null} />
            ))}
          </div>
        )}

        <Pagination
          {...paging}
          total={data?.filteredTotal ?? 0}
          noun="operators"
          disabled={query.isPending}
        />
      </section>

      <OperatorCommunitiesDialog operator={dialogOperator} onClose={() => setDialogOperator(null)} />
    </div>
  );
}
