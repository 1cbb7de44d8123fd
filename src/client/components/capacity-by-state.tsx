// Licensed beds per 1,000 people aged 65+ by state (issue 12): what Pricing Analytics shows when the
// data hold no prices (the public directory), from the public /api/markets/states.
import { Link } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card';
import { Skeleton } from './ui/skeleton';
import { useAuth } from '../lib/auth';
import { useMarketStates } from '../lib/markets';
import { bedsText, MarketSources } from './market-parts';

export function CapacityByState() {
  const q = useMarketStates();
  const { isPro } = useAuth();
  const rows = [...(q.data?.states ?? [])].filter((s) => s.bedsPer1000 !== null).sort((a, b) => b.bedsPer1000! - a.bedsPer1000! || a.state.localeCompare(b.state));
  const max = Math.max(1, ...rows.map((r) => r.bedsPer1000!));
  return (
    <Card data-testid="capacity-by-state">
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Licensed beds per 1,000 people aged 65+ by state
        </CardTitle>
        <CardDescription>
          No community in the data publishes a price, so there is no price chart. Supply against demand instead
          {q.data ? `: ${bedsText(q.data.us.bedsPer1000)} across the US` : ''}.{' '}
          {isPro && (
            <Link href="/markets" className="text-primary hover:underline">
              Open the county markets
            </Link>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {q.isError ? (
          <p className="text-sm text-destructive">The capacity figures could not be loaded.</p>
        ) : !q.data ? (
          <Skeleton className="h-96" />
        ) : (
          <>
            <ol className="grid gap-x-8 gap-y-1 text-sm md:grid-cols-2">
              {rows.map((s) => (
                <li key={s.state} className="grid grid-cols-[9rem_1fr_3.5rem] items-center gap-2">
                  <span className="truncate">{s.name}</span>
                  <span className="h-2 rounded bg-muted" aria-hidden="true">
                    <span className="block h-2 rounded bg-primary" style={{ width: `${(s.bedsPer1000! / max) * 100}%` }} />
                  </span>
                  <span className="text-right tabular-nums" title={`${s.capacity.toLocaleString('en-US')} beds; capacity given for ${Math.round(s.capacityShare * 100)}% of communities`}>
                    {bedsText(s.bedsPer1000)}
                    {s.capacityShare < 0.8 ? '*' : ''}
                  </span>
                </li>
              ))}
            </ol>
            {rows.some((s) => s.capacityShare < 0.8) && <p className="text-xs text-muted-foreground">* The state's sources give the capacity of fewer than 80% of its communities: the figure is low.</p>}
            <MarketSources sources={q.data.sources} demo={q.data.demo} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
