// Community Insights (/community-insights): filters, search, sort and paging over every community,
// with the focus/name hand-off from Operator Intelligence (SPEC sections 2 and 4).
import { LICENCE_FILTER_KEYS, type LicenceFilterKey } from '../../../contracts/licence-filters';
import { BarChart3Icon } from 'lucide-react';
import { useDeferredValue, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { DEFAULT_CSAT, FOCUS_HIGHLIGHT_MS, INSIGHT_SORT_FIELDS_LABELS } from './sort-fields';
import { INSIGHT_FILTER_KEYS, type InsightFilterKey, type InsightSortField, type SortDirection } from '../../../contracts/insights';
import { ExportDataButton } from '../../components/export-data-button';
import { Pagination } from '../../components/pagination';
import { useTablePaging } from '../../components/use-table-paging';
import { SortControls } from '../../components/sort-controls';
import { StatCard } from '../../components/stat-card';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { formatNumber } from '../../lib/format';
import { cn } from '../../lib/utils';
import { communityInsightsExportUrl, useCommunityInsights, type InsightFilterState } from './api/get-community-insights';
import { InsightFilters } from './components/insight-filters';
import { InsightTable } from './components/insight-table';

const ALL_FILTERS = Object.fromEntries([...INSIGHT_FILTER_KEYS, ...LICENCE_FILTER_KEYS].map((k) => [k, 'all'])) as InsightFilterState;

/** focus={id}&name={name}: both must be present. */
function readFocus(search: string): { id: number; name: string } | null {
  const params = new URLSearchParams(search);
  const focus = params.get('focus');
  const name = params.get('name');
  const id = Number(focus);
  if (!focus || !name || !Number.isInteger(id) || id <= 0) return null;
  return { id, name };
}

export function CommunityInsightsPage() {
  const [, navigate] = useLocation();
  const [focus] = useState(() => readFocus(typeof window === 'undefined' ? '' : window.location.search));
  const [search, setSearch] = useState(focus?.name ?? '');
  const searchQuery = useDebouncedValue(search, 300);
  const [operatorSearchText, setOperatorSearch] = useState('');
  const operatorSearch = useDebouncedValue(operatorSearchText, 300);
  const [filters, setFilters] = useState<InsightFilterState>(ALL_FILTERS);
  const [sort, setSort] = useState<{ field: InsightSortField; direction: SortDirection }>({ field: 'name', direction: 'asc' });
  const [highlightId, setHighlightId] = useState<number | null>(focus?.id ?? null);

  // The page returns to 1 whenever filters, search text, sort or page size change.
  const paging = useTablePaging([filters, searchQuery.trim(), sort]);
  const { page, pageSize } = paging;

  const query = useCommunityInsights({
    page,
    pageSize,
    sortField: sort.field,
    sortDirection: sort.direction,
    searchQuery,
    filters,
    operatorSearch,
  });
  // The table and the figures follow the answer in a transition (time-sliced), not in one blocking render
  // when it arrives (ADR 028, "Hydration in parts"). The first page comes with the page itself (the server
  // seeds it); the first render still draws the page without it (initial value null) and the table in a
  // second render, so that no commit holds the whole screen (issue 14).
  const deferred = useDeferredValue(query.data ?? null, null);
  const data = deferred ?? undefined;
  const loading = query.isPending || (query.data !== undefined && deferred === null);
  const hasRows = (data?.communities.length ?? 0) > 0;

  // Take the focus/name query out of the address once it has been read.
  useEffect(() => {
    if (focus) navigate('/community-insights', { replace: true });
  }, [focus, navigate]);

  // The highlighted row clears 5 seconds after it is shown.
  useEffect(() => {
    if (highlightId === null || !hasRows) return;
    const t = setTimeout(() => setHighlightId(null), FOCUS_HIGHLIGHT_MS);
    return () => clearTimeout(t);
  }, [highlightId, hasRows]);

  const setFilter = (key: InsightFilterKey | LicenceFilterKey, value: string) =>
    setFilters((f) => ({ ...f, [key]: value, ...(key === 'state' ? { city: 'all' } : {}) }));
  const clearFilters = () => {
    setFilters(ALL_FILTERS);
    setSearch('');
    setOperatorSearch('');
  };
  const toggleNameSort = () =>
    setSort((s) => (s.field === 'name' ? { field: 'name', direction: s.direction === 'asc' ? 'desc' : 'asc' } : { field: 'name', direction: 'asc' }));

  const exportHref = communityInsightsExportUrl({ sortField: sort.field, sortDirection: sort.direction, searchQuery, filters });

  return (
    <div className="mx-auto w-full max-w-7xl space-y-8 px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-gray-900">Community Insights</h1>
          <p className="mt-2 text-muted-foreground">Explore every senior living community by location, operator, pricing and services.</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link href="/pricing-analytics" className={cn(buttonVariants({ variant: 'outline' }))}>
            <BarChart3Icon aria-hidden="true" />
            Market Trends
          </Link>
          <ExportDataButton href={exportHref} />
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="CSAT Score" value={data?.csatScore != null ? data.csatScore.toFixed(1) : DEFAULT_CSAT.toFixed(1)} hint="Average resident rating out of 5" />
        <StatCard label="Total Communities" value={data ? formatNumber(data.total) : null} hint="Communities tracked nationwide" />
        <StatCard label="Matching Communities" value={data ? formatNumber(data.filteredTotal) : null} hint="With the current filters" />
      </div>

      <InsightFilters
        filters={filters}
        options={data?.filterOptions}
        search={search}
        operatorSearch={operatorSearchText}
        onSearchChange={setSearch}
        onOperatorSearchChange={setOperatorSearch}
        onFilterChange={setFilter}
        onClear={clearFilters}
      />

      {query.isError && (
        <Alert variant="destructive">
          <AlertTitle>Community insights could not be loaded</AlertTitle>
          <AlertDescription>{query.error.message}</AlertDescription>
        </Alert>
      )}

      <Card>
        <CardHeader className="flex flex-col gap-3 pb-2 sm:flex-row sm:items-center sm:justify-between">
          <h2 className="text-lg font-semibold">Communities</h2>
          <SortControls id="insight-sort-by" fields={INSIGHT_SORT_FIELDS_LABELS} sort={sort} onChange={setSort} />
        </CardHeader>
        <CardContent className="space-y-6">
          <InsightTable
            rows={data?.communities ?? []}
            loading={loading}
            refreshing={query.isPlaceholderData}
            sortField={sort.field}
            sortDirection={sort.direction}
            onSortName={toggleNameSort}
            highlightId={highlightId}
            onClearFilters={clearFilters}
          />
          <Pagination
            {...paging}
            total={data?.filteredTotal ?? 0}
            noun="communities"
            disabled={loading}
          />
        </CardContent>
      </Card>
    </div>
  );
}
