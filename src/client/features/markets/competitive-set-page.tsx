// The competitive set of one community (issue 15, Pro): its nearest competitors within 5/10/25 miles
// (the nearest 10 at least), its price position per care type, reputation and amenity gap.
import { lazy, Suspense } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { COMPETITOR_RADII, DEFAULT_COMPETITOR_RADIUS, MIN_COMPETITORS } from '../../../contracts/markets';
import { LabelledSelect } from '../../components/labelled-select';
import { SourceLabel } from '../../components/source-label';
import { CommunityLink } from '../../components/community-link';
import { Badge } from '../../components/ui/badge';
import { SectionCard } from '../../components/section-card';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { formatCurrency, formatOrdinal, formatRating } from '../../lib/format';
import { useCompetitiveSet } from '../../lib/markets';
import { withQuery } from '../../lib/api';
import { Breadcrumb, LoadError, ProOnly } from '../../components/market-parts';

const PricePositionChart = lazy(() => import('./components/price-position-chart').then((m) => ({ default: m.PricePositionChart })));

const mid = (p: { minPrice: number; maxPrice: number }) => (p.minPrice + p.maxPrice) / 2;
const pct = (v: number | null) => (v === null ? '—' : `${Math.round(v * 100)}%`);

interface AmenitySharesProps {
  title: string;
  /** Amenities with the share of competitors that offer each. */
  shares: { amenity: string; share: number }[];
  variant: 'secondary' | 'outline';
  /** What is said when there is none. */
  none: string;
  testId?: string;
}

/** One side of the amenity gap: the amenities as badges with their share of competitors. */
function AmenityShares({ title, shares, variant, none, testId }: AmenitySharesProps) {
  return (
    <div>
      <p className="font-medium">{title}</p>
      {shares.length ? (
        <ul className="mt-1 flex flex-wrap gap-2" data-testid={testId}>
          {shares.map((a) => (
            <li key={a.amenity}>
              <Badge variant={variant}>
                {a.amenity} · {pct(a.share)}
              </Badge>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground">{none}</p>
      )}
    </div>
  );
}
const sentimentText = (v: number | null) => (v === null ? '—' : `${Math.round(v * 100)}/100`);

/** The radius the address names (`?radius=25`), so that a chosen set can be shared and bookmarked; the API's default otherwise. */
export function radiusOf(search: string): number {
  const r = Number(new URLSearchParams(search).get('radius'));
  return (COMPETITOR_RADII as readonly number[]).includes(r) ? r : DEFAULT_COMPETITOR_RADIUS;
}

function View({ id }: { id: string }) {
  const radius = radiusOf(useSearch());
  const [location, navigate] = useLocation();
  const setRadius = (r: number) => navigate(withQuery(location, { radius: r === DEFAULT_COMPETITOR_RADIUS ? undefined : r }), { replace: true });
  const q = useCompetitiveSet(id, radius, true);
  if (q.isError) return <LoadError title="The competitive set could not be loaded" error={q.error} retry={() => q.refetch()} />;
  const s = q.data;
  if (!s) return <Skeleton className="m-8 h-96" aria-label="Loading the competitive set" />;
  const careTypes = s.pricePosition.map((p) => p.careType);
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <Breadcrumb links={[{ href: '/community-insights', label: 'Community Insights' }]} current="Competitive set" />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{s.community.name}: competitive set</h1>
          <p className="mt-1 text-muted-foreground">
            {s.community.city}, {s.community.state} ·{' '}
            <Link href={`/community/${s.community.id}`} className="text-primary hover:underline">
              community page
            </Link>
          </p>
          <SourceLabel source={s.community.source} className="mt-2" />
        </div>
        <div className="w-48">
          <LabelledSelect
            id="competitor-radius"
            label="Radius"
            value={String(radius)}
            onChange={(v) => setRadius(Number(v))}
            options={COMPETITOR_RADII.map((r) => ({ value: String(r), label: `${r} miles` }))}
          />
        </div>
      </div>
      <p className="text-sm" data-testid="competitor-count">
        {s.withinRadius.toLocaleString('en-US')} competitors within {s.radiusMiles} miles
        {s.withinRadius < MIN_COMPETITORS ? `; the list adds the nearest beyond it to show ${MIN_COMPETITORS} (when there are that many within 500 miles)` : ''}.
        {s.community.locationApproximate ? ' This community is located at its ZIP code centre: distances are approximate.' : ''}
        {q.isFetching ? ' Updating…' : ''}
      </p>

      <SectionCard title="Price position" description="Monthly price (the middle of each range) against the competitors that publish one for the same care type." titleClassName="text-lg" contentClassName="space-y-4">
        {s.pricePosition.some((p) => p.competitorsPriced > 0 || p.price !== null) ? (
          <Suspense fallback={<Skeleton className="h-80" />}>
            <PricePositionChart rows={s.pricePosition} />
          </Suspense>
        ) : (
          <p className="text-sm text-muted-foreground">Neither this community nor its competitors publish prices.</p>
        )}
        <Table data-testid="price-position">
          <TableHeader>
            <TableRow>
              <TableHead>Care type</TableHead>
              <TableHead className="text-right">This community</TableHead>
              <TableHead className="text-right">Percentile</TableHead>
              <TableHead className="text-right">Competitors p25 – p75</TableHead>
              <TableHead className="text-right">Median</TableHead>
              <TableHead className="text-right">Priced competitors</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {s.pricePosition.map((p) => (
              <TableRow key={p.careType}>
                <TableCell className="font-medium">{p.careType}</TableCell>
                <TableCell className="text-right tabular-nums">{formatCurrency(p.price, 'No price')}</TableCell>
                <TableCell className="text-right tabular-nums">{p.percentile === null ? '—' : formatOrdinal(p.percentile)}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {p.p25 === null ? '—' : `${formatCurrency(p.p25)} – ${formatCurrency(p.p75)}`}
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatCurrency(p.median, '—')}</TableCell>
                <TableCell className="text-right tabular-nums">{p.competitorsPriced}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <p className="text-xs text-muted-foreground">Percentile: the share of priced competitors below this price (ties count half). Percentiles of the competitors interpolate linearly between ranks.</p>
      </SectionCard>

      <div className="grid gap-6 lg:grid-cols-2">
        <SectionCard title="Reputation" description="Review-weighted rating and the average text sentiment of customer reviews" titleClassName="text-lg" contentClassName="space-y-2 text-sm">
          <p>
            Rating: <strong>{formatRating(s.reputation.rating, 'no reviews')}</strong> ({s.community.reviewCount} reviews) against{' '}
            <strong>{formatRating(s.reputation.competitorsRating, '—')}</strong> for the competitors
          </p>
          <p>
            Sentiment: <strong>{sentimentText(s.reputation.sentiment)}</strong> against <strong>{sentimentText(s.reputation.competitorsSentiment)}</strong>
          </p>
          {s.reputation.themes === null ? (
            <p className="text-muted-foreground" data-testid="reputation-themes">
              Review themes: not enough scored reviews here or among the competitors to compare.
            </p>
          ) : (
            <div data-testid="reputation-themes" className="space-y-1">
              <p className="font-medium">Review themes against the competitors</p>
              <ul className="space-y-1">
                {s.reputation.themes.map((t) => (
                  <li key={t.theme} className="flex flex-wrap items-baseline justify-between gap-2">
                    <span>
                      {t.label}{' '}
                      <span className="text-muted-foreground">
                        ({Math.round(t.share * 100)}% of its reviews, {Math.round(t.competitorsShare * 100)}% of theirs)
                      </span>
                    </span>
                    <span className={t.verdict === 'better' ? 'text-emerald-700' : t.verdict === 'worse' ? 'text-red-700' : 'text-muted-foreground'}>
                      {t.verdict === 'better' ? 'Better' : t.verdict === 'worse' ? 'Worse' : 'Similar'}: {sentimentText(t.averageSentiment)} vs{' '}
                      {sentimentText(t.competitorsAverageSentiment)}
                    </span>
                  </li>
                ))}
              </ul>
              <p className="text-xs text-muted-foreground">
                Themes scored per sentence of the review text (ADR 021); better or worse when the mean sentiment differs by more than 0.05.
              </p>
            </div>
          )}
        </SectionCard>
        <SectionCard title="Amenity gap" description={<>Over the {s.amenityGap.competitorsWithAmenities} competitors whose record lists amenities</>} titleClassName="text-lg" contentClassName="space-y-3 text-sm">
          {s.amenityGap.competitorsWithAmenities === 0 ? (
            <p className="text-muted-foreground">No competitor lists amenities (public licence records do not).</p>
          ) : (
            <>
              <AmenityShares
                title="Most competitors offer, this community lacks"
                shares={s.amenityGap.missing}
                variant="secondary"
                none="Nothing: it offers every amenity most competitors have."
                testId="amenities-missing"
              />
              <AmenityShares
                title="This community offers, fewer than half of competitors do"
                shares={s.amenityGap.distinctive}
                variant="outline"
                none="Nothing distinctive."
              />
            </>
          )}
        </SectionCard>
      </div>

      <SectionCard title="Competitors" description={<>Nearest first{s.competitors.length < Math.max(s.withinRadius, MIN_COMPETITORS) ? ` (the nearest ${s.competitors.length} shown)` : ''}. Distances are great-circle miles.</>} titleClassName="text-lg">
        <Table data-testid="competitors">
          <TableHeader>
            <TableRow>
              <TableHead>Community</TableHead>
              <TableHead className="text-right">Miles</TableHead>
              <TableHead>Care types</TableHead>
              {careTypes.map((t) => (
                <TableHead key={t} className="text-right">
                  {t}
                </TableHead>
              ))}
              <TableHead className="text-right">Rating</TableHead>
              <TableHead className="text-right">Reviews</TableHead>
              <TableHead className="text-right">Sentiment</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {s.competitors.map((c) => (
              <TableRow key={c.id}>
                <TableCell>
                  <CommunityLink community={c} className="font-medium text-primary hover:underline" />
                  <span className="block text-xs text-muted-foreground">
                    {c.city}, {c.state}
                  </span>
                  <SourceLabel source={c.source} className="mt-1" />
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {c.distanceMiles.toFixed(1)}
                  {c.beyondRadius && <span className="block text-xs text-muted-foreground">beyond {s.radiusMiles}</span>}
                </TableCell>
                <TableCell className="text-xs">{c.careTypes.join(', ')}</TableCell>
                {careTypes.map((t) => {
                  const p = c.prices.find((x) => x.careType === t);
                  return (
                    <TableCell key={t} className="text-right tabular-nums">
                      {p ? formatCurrency(mid(p)) : '—'}
                    </TableCell>
                  );
                })}
                <TableCell className="text-right tabular-nums">{c.reviewCount ? formatRating(c.rating) : '—'}</TableCell>
                <TableCell className="text-right tabular-nums">{c.reviewCount}</TableCell>
                <TableCell className="text-right tabular-nums">{sentimentText(c.sentiment)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </SectionCard>
    </div>
  );
}

export function CompetitiveSetPage() {
  const { id = '' } = useParams<{ id: string }>();
  return (
    <ProOnly what="The competitive set">
      <View id={id} />
    </ProOnly>
  );
}
