// Pricing Analytics (SPEC section 2): care-type averages, filters, four charts; Export Report prints the page.
import { Printer } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { CARE_TYPE_KEYS, type CareTypeKey, PRICE_RANGES, US_STATES } from '../../../contracts/constants';
import { LabelledSelect } from '../../components/labelled-select';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { formatCurrency } from '../../lib/format';
import { DEFAULT_PRICING_FILTERS, type PricingFilters, usePricingAnalytics } from './api/get-pricing-analytics';
import { CapacityByState } from '../../components/capacity-by-state';
import { PricingCharts } from './components/pricing-charts';

const CARE_KEYS = Object.keys(CARE_TYPE_KEYS) as CareTypeKey[];

function PricingSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true" aria-label="Loading pricing analytics">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {CARE_KEYS.map((k) => (
          <Skeleton key={k} className="h-28" />
        ))}
      </div>
      <Skeleton className="h-36" />
      <div className="grid gap-6 lg:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-96" />
        ))}
      </div>
    </div>
  );
}

export function PricingAnalyticsPage() {
  const [filters, setFilters] = useState<PricingFilters>(DEFAULT_PRICING_FILTERS);
  const { data: answer, isLoading, isError, error, refetch, isFetching } = usePricingAnalytics(filters);
  // The charts follow the answer in a transition (time-sliced), not in one blocking render when it arrives.
  const data = useDeferredValue(answer);
  const set = (key: keyof PricingFilters) => (value: string) => setFilters((f) => ({ ...f, [key]: value }));

  const careBars = CARE_KEYS.filter((k) => filters.careType === 'all' || filters.careType === k)
    .map((k) => ({ label: CARE_TYPE_KEYS[k], value: data?.avgPricing[k] ?? 0 }))
    .filter((b) => b.value > 0);

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Pricing Analytics</h1>
          <p className="mt-1 text-muted-foreground">Monthly prices across states, care types and operators, computed from every listed price.</p>
        </div>
        <div className="flex items-center gap-3">
          <Badge variant="secondary" className="px-3 py-1 text-sm">
            CSAT Score: {data ? data.csatScore.toFixed(1) : '4.2'}
          </Badge>
          <Button onClick={() => window.print()} data-print-hide>
            <Printer aria-hidden="true" />
            Export Report
          </Button>
        </div>
      </div>

      {isError ? (
        <Alert variant="destructive">
          <AlertTitle>Pricing analytics could not be loaded</AlertTitle>
          <AlertDescription className="flex flex-wrap items-center gap-3">
            {(error as Error).message}
            <Button size="sm" variant="outline" onClick={() => refetch()}>
              Try Again
            </Button>
          </AlertDescription>
        </Alert>
      ) : isLoading || !data ? (
        <PricingSkeleton />
      ) : (
        <>
          <section aria-label="Average monthly pricing by care type" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {CARE_KEYS.map((k) => (
              <Card key={k}>
                <CardHeader className="pb-2">
                  <CardDescription>{CARE_TYPE_KEYS[k]}</CardDescription>
                  <CardTitle as="p" className="text-2xl tabular-nums">
                    {formatCurrency(data.avgPricing[k], '—')}
                  </CardTitle>
                </CardHeader>
                <CardContent className="text-sm text-muted-foreground">Average monthly price</CardContent>
              </Card>
            ))}
          </section>

          <Card data-print-hide>
            <CardHeader>
              <CardTitle as="h2" className="text-lg">
                Filters
              </CardTitle>
              <CardDescription>
                {data.pricePoints.toLocaleString('en-US')} price points match{isFetching ? ' (updating...)' : ''}
              </CardDescription>
            </CardHeader>
            <CardContent className="grid items-end gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <LabelledSelect
                id="pricing-state"
                label="State"
                value={filters.state}
                onChange={set('state')}
                options={[
                  { value: 'all', label: 'All States' },
                  ...data.stateOptions.map((s) => ({ value: s.state, label: `${US_STATES[s.state] ?? s.state} (${formatCurrency(s.avgPrice)})` })),
                ]}
              />
              <LabelledSelect
                id="pricing-care-type"
                label="Care Type"
                value={filters.careType}
                onChange={set('careType')}
                options={[{ value: 'all', label: 'All Care Types' }, ...CARE_KEYS.map((k) => ({ value: k, label: CARE_TYPE_KEYS[k] }))]}
              />
              <LabelledSelect
                id="pricing-range"
                label="Price Range"
                value={filters.priceRange}
                onChange={set('priceRange')}
                options={[{ value: 'all', label: 'All Price Ranges' }, ...Object.entries(PRICE_RANGES).map(([value, r]) => ({ value, label: r.label }))]}
              />
              <Button variant="outline" onClick={() => setFilters(DEFAULT_PRICING_FILTERS)}>
                Clear All Filters
              </Button>
            </CardContent>
          </Card>

          {data.pricePoints === 0 && filters.state === 'all' && filters.careType === 'all' && filters.priceRange === 'all' ? (
            // The public directory has no prices (issue 12): supply against demand instead of empty charts.
            <CapacityByState />
          ) : (
            <PricingCharts data={data} careBars={careBars} />
          )}
        </>
      )}
    </div>
  );
}
