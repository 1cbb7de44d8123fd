// Pieces shared by the Markets screens and the competitive set (issue 15).
import { Fragment, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { CapacitySource, MarketSources as MarketSourcesData, SupplyFigures } from '../../contracts/markets';
import { formatAsOf } from '../../contracts/provenance';
import { formatDateTime } from '../lib/format';
import { DemoBadge } from './source-label';
import { Alert, AlertDescription, AlertTitle } from './ui/alert';
import { Button } from './ui/button';
import { Card, CardContent, CardDescription, CardHeader } from './ui/card';
import { Skeleton } from './ui/skeleton';
import { loginUrl, useAuth } from '../lib/auth';
import { UpgradeButton } from './upgrade-button';
import { ButtonLink } from './button-link';

/** The trail above a screen: each level above this one a link, then this one ("Markets / Texas / Travis"). */
export function Breadcrumb({ links, current }: { links: { href: string; label: ReactNode }[]; current: ReactNode }) {
  return (
    <nav className="text-sm text-muted-foreground" aria-label="Breadcrumb">
      {links.map((l) => (
        <Fragment key={l.href}>
          <Link href={l.href} className="text-primary hover:underline">
            {l.label}
          </Link>{' '}
          /{' '}
        </Fragment>
      ))}
      {current}
    </nav>
  );
}

/** Renders children for Pro users; a clear notice otherwise (the server refuses the data anyway). */
export function ProOnly({ what, children }: { what: string; children: React.ReactNode }) {
  const { isLoading, isAuthenticated, isPro } = useAuth();
  if (isLoading) return <Skeleton className="m-8 h-64" aria-label="Loading" />;
  if (isPro) return <>{children}</>;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-16">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold">{what} is a Professional feature</h1>
          <CardDescription>Supply and demand by county, price distributions and competitive sets are part of the Pro plan.</CardDescription>
        </CardHeader>
        <CardContent className="flex gap-3">
          {isAuthenticated ? (
            <UpgradeButton />
          ) : (
            <ButtonLink href={loginUrl()} plain>Sign in</ButtonLink>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export function LoadError({ title, error, retry }: { title: string; error: unknown; retry: () => void }) {
  return (
    <Alert variant="destructive" className="mx-auto my-8 max-w-3xl">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription className="flex flex-wrap items-center gap-3">
        {error instanceof Error ? error.message : String(error)}
        <Button size="sm" variant="outline" onClick={retry}>
          Try Again
        </Button>
      </AlertDescription>
    </Alert>
  );
}

const dates = (s: CapacitySource) =>
  s.asOf ? (s.asOfLatest && s.asOfLatest !== s.asOf ? `as of ${formatAsOf(s.asOf)} – ${formatAsOf(s.asOfLatest)}` : `as of ${formatAsOf(s.asOf)}`) : 'date not given';

/** "Licensed capacity: …; population: ACS 2015–2019" under every set of figures. */
export function MarketSources({ sources, demo }: { sources: MarketSourcesData; demo: boolean }) {
  return (
    <div className="space-y-1 text-xs text-muted-foreground" data-testid="market-sources">
      {demo && (
        <p className="flex items-center gap-2">
          <DemoBadge /> Capacities, prices and reviews of demo communities are generated, not real.
        </p>
      )}
      <p>
        <span className="font-medium">Licensed capacity and communities:</span>{' '}
        {sources.capacity.length
          ? sources.capacity.map((s) => `${s.kind === 'demo' ? 'Demo data (generated)' : `${s.name}, ${dates(s)}`} (${s.communities.toLocaleString('en-US')} communities)`).join('; ')
          : 'no communities'}
        . Capacity counts only where the source gives one.
      </p>
      <p>
        <span className="font-medium">People aged 65+ and 85+:</span> {sources.population}.
      </p>
      <p data-testid="market-counted-at">
        <span className="font-medium">Communities counted:</span> {formatDateTime(sources.countedAt)}.
      </p>
    </div>
  );
}

export const bedsText = (v: number | null) => (v === null ? '—' : v.toLocaleString('en-US', { maximumFractionDigits: 1 }));

/** Beds per 1,000 aged 65+ of a market beside the state and the US. */
export function BedsComparison({ rows }: { rows: { label: string; figures: SupplyFigures }[] }) {
  const max = Math.max(1, ...rows.map((r) => r.figures.bedsPer1000 ?? 0));
  return (
    <div className="space-y-3" data-testid="beds-comparison">
      {rows.map((r) => (
        <div key={r.label}>
          <div className="flex justify-between text-sm">
            <span>{r.label}</span>
            <span className="font-semibold tabular-nums">{bedsText(r.figures.bedsPer1000)}</span>
          </div>
          <div className="mt-1 h-2 rounded bg-muted">
            <div className="h-2 rounded bg-primary" style={{ width: `${((r.figures.bedsPer1000 ?? 0) / max) * 100}%` }} />
          </div>
          <p className="mt-0.5 text-xs text-muted-foreground">
            {r.figures.capacity.toLocaleString('en-US')} beds of {r.figures.communitiesWithCapacity.toLocaleString('en-US')} of {r.figures.communities.toLocaleString('en-US')} communities;{' '}
            {r.figures.population65 === null ? 'population unknown' : `${r.figures.population65.toLocaleString('en-US')} people aged 65+`}
          </p>
        </div>
      ))}
    </div>
  );
}
