// Markets (issue 15, Pro): the US county map coloured by licensed beds per 1,000 people aged 65+, the
// underserved counties, a state's counties and one county's market.
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { CARE_TYPES, US_STATES } from '../../../contracts/constants';
import type { CountyFigure } from '../../../contracts/markets';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { SectionCard } from '../../components/section-card';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { formatCurrency, formatRating } from '../../lib/format';
import { useCountyMarket, useMarkets, useStateMarket } from '../../lib/markets';
import { BedsComparison, bedsText, Breadcrumb, LoadError, MarketSources, ProOnly } from '../../components/market-parts';

// The county shapes (800 kB of TopoJSON) load only with the map.
const CountyMap = lazy(() => import('./components/county-map').then((m) => ({ default: m.CountyMap })));

const countyHref = (c: { state: string; fips: string }) => `/markets/${c.state}/${c.fips}`;

function CountyTable({ counties, caption }: { counties: CountyFigure[]; caption: string }) {
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead>County</TableHead>
          <TableHead className="text-right">People 65+</TableHead>
          <TableHead className="text-right">Communities</TableHead>
          <TableHead className="text-right">Licensed beds</TableHead>
          <TableHead className="text-right">Beds per 1,000 aged 65+</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {counties.map((c) => (
          <TableRow key={c.fips}>
            <TableCell>
              <Link href={countyHref(c)} className="font-medium text-primary hover:underline">
                {c.county}, {c.state}
              </Link>
            </TableCell>
            <TableCell className="text-right tabular-nums">{c.population65?.toLocaleString('en-US') ?? '—'}</TableCell>
            <TableCell className="text-right tabular-nums">{c.communities.toLocaleString('en-US')}</TableCell>
            <TableCell className="text-right tabular-nums">{c.capacity.toLocaleString('en-US')}</TableCell>
            <TableCell className="text-right font-semibold tabular-nums">{bedsText(c.bedsPer1000)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Overview() {
  const q = useMarkets(true);
  const [, navigate] = useLocation();
  if (q.isError) return <LoadError title="Markets could not be loaded" error={q.error} retry={() => q.refetch()} />;
  const m = q.data;
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Markets</h1>
        <p className="mt-1 text-muted-foreground">
          Licensed beds per 1,000 people aged 65+ by county{m ? `: ${bedsText(m.us.bedsPer1000)} across the US (${m.us.capacity.toLocaleString('en-US')} beds, ${m.us.population65?.toLocaleString('en-US') ?? '—'} people aged 65+)` : ''}.
        </p>
      </div>
      <SectionCard title="Supply by county" description="Darker counties have more licensed beds per 1,000 people aged 65+ (fifths of the counties that have any); red counties have none in the data." titleClassName="text-lg">
        {m ? (
          <Suspense fallback={<Skeleton className="aspect-[975/610] w-full" />}>
            <CountyMap figures={m.counties} onOpen={(c) => navigate(countyHref(c))} />
          </Suspense>
        ) : (
          <Skeleton className="aspect-[975/610] w-full" aria-label="Loading the map" />
        )}
      </SectionCard>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle as="h2" className="text-lg">
              Underserved markets
            </CardTitle>
            <CardDescription>
              Counties with at least {m ? m.minPopulation.toLocaleString('en-US') : '…'} people aged 65+ and the fewest licensed beds per 1,000 of them. Counties of
              states whose sources give the capacity of fewer than 80% of their communities are left out.
            </CardDescription>
          </CardHeader>
          <CardContent>{m ? <CountyTable counties={m.underserved} caption="Underserved markets" /> : <Skeleton className="h-64" />}</CardContent>
        </Card>
        <SectionCard title="States" description="Beds per 1,000 aged 65+" titleClassName="text-lg">
          {m ? (
            <ul className="max-h-[32rem] space-y-1 overflow-y-auto text-sm">
              {m.states.map((s) => (
                <li key={s.state} className="flex justify-between gap-2">
                  <Link href={`/markets/${s.state}`} className="text-primary hover:underline">
                    {s.name}
                  </Link>
                  <span className="tabular-nums" title={`Capacity given for ${Math.round(s.capacityShare * 100)}% of communities`}>
                    {bedsText(s.bedsPer1000)}
                    {s.capacityShare < 0.8 && <span className="text-muted-foreground"> ({Math.round(s.capacityShare * 100)}% known)</span>}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <Skeleton className="h-64" />
          )}
        </SectionCard>
      </div>
      {m && <MarketSources sources={m.sources} demo={m.demo} />}
    </div>
  );
}

export function MarketsPage() {
  return (
    <ProOnly what="Markets">
      <Overview />
    </ProOnly>
  );
}

function StateView({ state }: { state: string }) {
  const q = useStateMarket(state, true);
  if (q.isError) return <LoadError title="This market could not be loaded" error={q.error} retry={() => q.refetch()} />;
  const m = q.data;
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <Breadcrumb links={[{ href: '/markets', label: 'Markets' }]} current={US_STATES[state] ?? state} />
      <h1 className="text-3xl font-bold tracking-tight">{US_STATES[state] ?? state} market</h1>
      {!m ? (
        <Skeleton className="h-96" />
      ) : (
        <>
          <SectionCard title="Licensed beds per 1,000 people aged 65+" titleClassName="text-lg">
            <BedsComparison rows={[{ label: m.name, figures: m.figures }, { label: 'United States', figures: m.us }]} />
          </SectionCard>
          <SectionCard title="Counties" titleClassName="text-lg">
            <CountyTable counties={m.counties} caption={`Counties of ${m.name}`} />
          </SectionCard>
          <MarketSources sources={m.sources} demo={m.demo} />
        </>
      )}
    </div>
  );
}

export function StateMarketPage() {
  const { state = '' } = useParams<{ state: string }>();
  return (
    <ProOnly what="Markets">
      <StateView state={state.toUpperCase()} />
    </ProOnly>
  );
}

function CountyView({ state, fips }: { state: string; fips: string }) {
  const q = useCountyMarket(state, fips, true);
  const [showAll, setShowAll] = useState(false);
  if (q.isError) return <LoadError title="This market could not be loaded" error={q.error} retry={() => q.refetch()} />;
  const m = q.data;
  if (!m) return <Skeleton className="m-8 h-96" aria-label="Loading the market" />;
  const care = CARE_TYPES.map((t) => ({ t, supply: m.byCareType.find((r) => r.careType === t), price: m.prices.find((p) => p.careType === t) })).filter((r) => r.supply);
  const ops = showAll ? m.topOperators : m.topOperators.slice(0, 5);
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <Breadcrumb
        links={[
          { href: '/markets', label: 'Markets' },
          { href: `/markets/${state}`, label: m.stateName },
        ]}
        current={m.county}
      />
      <div>
        <h1 className="text-3xl font-bold tracking-tight">
          {m.county}, {m.state} market
        </h1>
        <p className="mt-1 text-muted-foreground">County FIPS {m.fips}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="county-figures">
        <Card>
          <CardContent className="p-6">
            <p className="text-sm text-muted-foreground">Communities</p>
            <p className="text-3xl font-bold">{m.figures.communities.toLocaleString('en-US')}</p>
            <p className="text-xs text-muted-foreground">{m.figures.capacity.toLocaleString('en-US')} licensed beds</p>
          </CardContent>
        </Card>
        <Card>
          <CardContent className="p-6">
            <p className="text-sm text-muted-foreground">People aged 65+</p>
            <p className="text-3xl font-bold">{m.figures.population65?.toLocaleString('en-US') ?? '—'}</p>
            <p className="text-xs text-muted-foreground">{m.figures.percent85 === null ? '85+ share unknown' : `${m.figures.percent85}% of all residents are 85+`}</p>
          </CardContent>
        </Card>
        <Card>
          <CardContent className="p-6">
            <p className="text-sm text-muted-foreground">Beds per 1,000 aged 65+</p>
            <p className="text-3xl font-bold">{bedsText(m.figures.bedsPer1000)}</p>
            <p className="text-xs text-muted-foreground">
              state {bedsText(m.stateFigures.bedsPer1000)} · US {bedsText(m.us.bedsPer1000)}
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardContent className="p-6">
            <p className="text-sm text-muted-foreground">Rating</p>
            <p className="text-3xl font-bold">{formatRating(m.rating.average, '—')}</p>
            <p className="text-xs text-muted-foreground">
              {m.rating.reviews.toLocaleString('en-US')} reviews of {m.rating.ratedCommunities} communities
              {m.rating.sentiment !== null ? ` · sentiment ${Math.round(m.rating.sentiment * 100)}/100` : ''}
            </p>
          </CardContent>
        </Card>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <SectionCard title="Beds per 1,000 aged 65+" titleClassName="text-lg">
          <BedsComparison
            rows={[
              { label: `${m.county} County`, figures: m.figures },
              { label: m.stateName, figures: m.stateFigures },
              { label: 'United States', figures: m.us },
            ]}
          />
        </SectionCard>
        <SectionCard title="Top operators" description="By communities in this county" titleClassName="text-lg">
          {ops.length ? (
            <ol className="space-y-1 text-sm">
              {ops.map((o) => (
                <li key={o.id} className="flex justify-between gap-2">
                  <span>{o.name}</span>
                  <span className="tabular-nums text-muted-foreground">
                    {o.communities} {o.communities === 1 ? 'community' : 'communities'} · {o.capacity.toLocaleString('en-US')} beds
                  </span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-muted-foreground">No operator is recorded for these communities.</p>
          )}
          {m.topOperators.length > 5 && (
            <button type="button" className="mt-2 text-sm text-primary hover:underline" onClick={() => setShowAll((v) => !v)}>
              {showAll ? 'Show fewer' : 'Show all'}
            </button>
          )}
        </SectionCard>
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-lg">
            Supply and prices by care type
          </CardTitle>
          <CardDescription>
            Monthly prices of listed communities (the middle of each price range): 25th percentile, median and 75th percentile. A community offering several care types
            counts in each.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Table data-testid="county-prices">
            <TableHeader>
              <TableRow>
                <TableHead>Care type</TableHead>
                <TableHead className="text-right">Communities</TableHead>
                <TableHead className="text-right">Licensed beds</TableHead>
                <TableHead className="text-right">Priced</TableHead>
                <TableHead className="text-right">25th pct</TableHead>
                <TableHead className="text-right">Median</TableHead>
                <TableHead className="text-right">75th pct</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {care.map(({ t, supply, price }) => (
                <TableRow key={t}>
                  <TableCell className="font-medium">{t}</TableCell>
                  <TableCell className="text-right tabular-nums">{supply!.communities}</TableCell>
                  <TableCell className="text-right tabular-nums">{supply!.capacity.toLocaleString('en-US')}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {price?.priced ?? 0} of {price?.offering ?? supply!.communities}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{formatCurrency(price?.p25, '—')}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatCurrency(price?.median, '—')}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatCurrency(price?.p75, '—')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      <MarketSources sources={m.sources} demo={m.demo} />
    </div>
  );
}

export function CountyMarketPage() {
  const { state = '', county = '' } = useParams<{ state: string; county: string }>();
  return (
    <ProOnly what="Markets">
      <CountyView state={state.toUpperCase()} fips={county} />
    </ProOnly>
  );
}
