// Dashboard (SPEC section 2) with live figures: four summary cards and four tabs, the last three for Pro.
import { Building2, DollarSign, Download, Filter, Lock, Smile, Users } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'wouter';
import { CARE_TYPE_KEYS, type CareTypeKey, US_STATES } from '../../../contracts/constants';
import type { RecentInsights } from '../../../contracts/market';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/section-card';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { loginUrl, useAuth } from '../../lib/auth';
import { formatCurrency, formatNumber } from '../../lib/format';
import { CapacityByState } from '../../components/capacity-by-state';
import { useMarketMetrics, usePricingSummary, useRecentInsights, useTopOperators } from './api/dashboard';
import { QuickSearch } from './components/quick-search';
import { ButtonLink } from '../../components/button-link';

function SummaryCard({ title, value, note, icon }: { title: string; value: ReactNode; note: ReactNode; icon: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between pb-2">
        <CardDescription className="font-medium text-foreground">{title}</CardDescription>
        <span aria-hidden="true" className="text-muted-foreground">
          {icon}
        </span>
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold tabular-nums">{value}</p>
        <p className="mt-1 text-sm text-muted-foreground">{note}</p>
      </CardContent>
    </Card>
  );
}

const signed = (n: number, suffix = '') => `${n >= 0 ? '+' : ''}${n}${suffix}`;

function InsightList({ items }: { items: RecentInsights['market'] }) {
  const tone = { positive: 'bg-green-600', neutral: 'bg-blue-600', negative: 'bg-red-600' } as const;
  return (
    <ul className="space-y-4">
      {items.map((i) => (
        <li key={i.title} className="flex gap-3">
          <span aria-hidden="true" className={`mt-2 size-2.5 shrink-0 rounded-full ${tone[i.tone]}`} />
          <div>
            <p className="font-medium">{i.title}</p>
            <p className="text-sm text-muted-foreground">{i.detail}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function ProTab({ value, children }: { value: string; children: ReactNode }) {
  return (
    <TabsTrigger value={value} disabled className="gap-1.5">
      {children}
      <Badge variant="outline" className="px-1.5 py-0 text-xs">
        <Lock aria-hidden="true" className="size-3" /> Pro
      </Badge>
    </TabsTrigger>
  );
}

export function DashboardPage() {
  const { isLoading, isAuthenticated, isPro } = useAuth();
  const metrics = useMarketMetrics();
  const recent = useRecentInsights(isPro);
  const top = useTopOperators(isPro);
  const pricing = usePricingSummary(isPro);

  // Signed-out visitors are sent to sign in once loading has ended (SPEC section 4).
  useEffect(() => {
    if (!isLoading && !isAuthenticated) window.location.assign(loginUrl('/dashboard'));
  }, [isLoading, isAuthenticated]);

  if (isLoading) return <p className="p-8 text-center text-muted-foreground">Loading dashboard...</p>;

  const m = metrics.data;
  const capacity = recent.data?.regionalCapacity ?? [];
  const maxCapacity = Math.max(1, ...capacity.map((c) => c.capacity));

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      {!isPro && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-highlight-soft p-4">
          <div>
            <p className="font-semibold">Basic Version - Limited Features</p>
            <p className="text-sm text-muted-foreground">Upgrade to Professional for full access</p>
          </div>
          <ButtonLink href="/pricing">Upgrade Now</ButtonLink>
        </div>
      )}

      <div>
        <h1 className="text-3xl font-bold tracking-tight">Market Dashboard</h1>
        <p className="mt-1 text-muted-foreground">Live figures from every community, operator and review we track.</p>
      </div>

      <QuickSearch />

      <section aria-label="Market summary" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {metrics.isLoading || !m ? (
          [0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-32" />)
        ) : (
          <>
            <SummaryCard title="Communities Tracked" value={formatNumber(m.communitiesTracked)} note={`+${formatNumber(m.communitiesNewThisWeek)} new this week`} icon={<Building2 className="size-5" />} />
            <SummaryCard title="Operators Monitored" value={formatNumber(m.operatorsMonitored)} note={`+${formatNumber(m.operatorsNewThisWeek)} this week`} icon={<Users className="size-5" />} />
            <SummaryCard
              title="Avg Market Rate"
              value={formatCurrency(m.avgMarketRate)}
              note={m.newListingsRateChangePct === null ? 'per month, all care types' : `${signed(m.newListingsRateChangePct, '%')} for listings added in the last 30 days`}
              icon={<DollarSign className="size-5" />}
            />
            <SummaryCard
              title="Market Sentiment"
              value={m.marketSentiment === null ? 'N/A' : `${m.marketSentiment.toFixed(1)}/5`}
              note={`based on ${formatNumber(m.reviewCount)} reviews`}
              icon={<Smile className="size-5" />}
            />
          </>
        )}
      </section>

      <Tabs defaultValue="market" className="space-y-4">
        <TabsList className="flex h-auto flex-wrap">
          <TabsTrigger value="market">Market Insights</TabsTrigger>
          {isPro ? <TabsTrigger value="operators">Operator Intelligence</TabsTrigger> : <ProTab value="operators">Operator Intelligence</ProTab>}
          {isPro ? <TabsTrigger value="pricing">Pricing Analytics</TabsTrigger> : <ProTab value="pricing">Pricing Analytics</ProTab>}
          {isPro ? <TabsTrigger value="sentiment">Sentiment Analysis</TabsTrigger> : <ProTab value="sentiment">Sentiment Analysis</ProTab>}
        </TabsList>

        <TabsContent value="market" className="grid gap-4 lg:grid-cols-2">
          <SectionCard title="Market Trends" titleClassName="text-lg">
            {recent.data ? <InsightList items={recent.data.market} /> : <Skeleton className="h-40" />}
          </SectionCard>
          <SectionCard title="Regional Capacity" description="Occupancy figures are not part of this dataset; the bars show the licensed capacity of the three largest states." titleClassName="text-lg" contentClassName="space-y-4">
            {capacity.map((c) => (
              <div key={c.state}>
                <div className="flex justify-between text-sm">
                  <span className="font-medium">{US_STATES[c.state] ?? c.state}</span>
                  <span className="text-muted-foreground tabular-nums">
                    {formatNumber(c.capacity)} beds · {formatNumber(c.communities)} communities
                  </span>
                </div>
                <div className="mt-1 h-2 rounded-full bg-secondary">
                  <div className="h-2 rounded-full bg-primary" style={{ width: `${(c.capacity / maxCapacity) * 100}%` }} />
                </div>
              </div>
            ))}
          </SectionCard>
        </TabsContent>

        {isPro && (
          <>
            <TabsContent value="operators">
              <SectionCard title="Top Operators" description="The largest operators by number of communities" titleClassName="text-lg">
                {top.data ? (
                  <ul className="divide-y">
                    {top.data.operators.map((o) => (
                      <li key={o.id} className="flex items-center justify-between py-3">
                        <div>
                          <p className="font-medium">{o.name}</p>
                          <p className="text-sm text-muted-foreground">
                            {o.states} states{o.averageRating ? ` · rated ${o.averageRating.toFixed(1)}/5` : ''}
                          </p>
                        </div>
                        <span className="tabular-nums font-semibold">{formatNumber(o.communities)} communities</span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <Skeleton className="h-48" />
                )}
              </SectionCard>
            </TabsContent>
            <TabsContent value="pricing" className="grid gap-4 lg:grid-cols-2">
              {pricing.data?.pricePoints === 0 ? (
                // No prices in the data (the public directory, issue 12): supply against demand by state instead.
                <div className="lg:col-span-2">
                  <CapacityByState />
                </div>
              ) : (
                <>
              <SectionCard title="Monthly Prices by Care Type" titleClassName="text-lg">
                {pricing.data ? (
                  <dl className="divide-y">
                    {(Object.keys(CARE_TYPE_KEYS) as CareTypeKey[]).map((k) => (
                      <div key={k} className="flex justify-between py-2">
                        <dt>{CARE_TYPE_KEYS[k]}</dt>
                        <dd className="font-semibold tabular-nums">{formatCurrency(pricing.data.avgPricing[k])}</dd>
                      </div>
                    ))}
                  </dl>
                ) : (
                  <Skeleton className="h-40" />
                )}
              </SectionCard>
              <SectionCard title="Price Bands" titleClassName="text-lg" contentClassName="space-y-3">
                {pricing.data?.marketSegmentation.map((s) => (
                  <div key={s.segment}>
                    <div className="flex justify-between text-sm">
                      <span>{s.segment}</span>
                      <span className="tabular-nums">{s.percentage}%</span>
                    </div>
                    <div className="mt-1 h-2 rounded-full bg-secondary">
                      <div className="h-2 rounded-full" style={{ width: `${s.percentage}%`, backgroundColor: s.color }} />
                    </div>
                  </div>
                )) ?? <Skeleton className="h-40" />}
              </SectionCard>
                </>
              )}
            </TabsContent>
            <TabsContent value="sentiment">
              <SectionCard title="Sentiment Insights" titleClassName="text-lg">
                {recent.data?.sentiment ? <InsightList items={recent.data.sentiment} /> : <Skeleton className="h-40" />}
              </SectionCard>
            </TabsContent>
          </>
        )}
      </Tabs>

      <div className="flex flex-wrap items-center gap-3 border-t pt-6" data-print-hide>
        <Button variant="outline" onClick={() => window.print()} disabled={!isPro} title={isPro ? 'Print or save this dashboard as PDF' : 'Export is a Professional feature'}>
          <Download aria-hidden="true" /> Export Report
        </Button>
        <ButtonLink href="/community-insights" variant="outline">
          <Filter aria-hidden="true" /> Advanced Filters
        </ButtonLink>
        <Link href="/search" className="ml-auto font-medium text-primary underline-offset-2 hover:underline">
          Community Search
        </Link>
      </div>
    </div>
  );
}
