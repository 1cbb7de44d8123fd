// An operator's portfolio (Pro, issue 15): its listed communities with their review sentiment, the
// portfolio's customer-review themes beside its employee-review themes, and the quarterly trend of both.
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Portfolio } from '../../../contracts/themes';
import { ReviewThemes } from '../../components/review-themes';
import { SaveToListButton } from '../../components/save-to-list';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableRow } from '../../components/ui/table';
import { TableHeadings } from '../../components/table-headings';
import { CommunityLink } from '../../components/community-link';
import { getJson } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { formatCurrency, formatNumber, formatOrdinal, formatRating } from '../../lib/format';
import { useThemeReport } from '../../lib/themes';
import { scoreTextClass } from '../../lib/sentiment-style';
import { UpgradeButton } from '../../components/upgrade-button';

/** Per care type with a price: its percentile among the competitors' prices and their median. */
function PricePositionCell({ position }: { position: Portfolio['communities'][number]['pricePosition'] }) {
  if (!position) return <span className="text-muted-foreground">No location</span>;
  const priced = position.positions.filter((x) => x.price !== null);
  if (priced.length === 0) return <span className="text-muted-foreground">No price</span>;
  return (
    <ul className="space-y-0.5 text-sm" data-testid="price-position">
      {priced.map((x) => (
        <li key={x.careType}>
          <span className="font-medium">{x.careType}</span>:{' '}
          {x.percentile === null ? (
            'no priced competitors'
          ) : (
            <>
              {formatOrdinal(Math.round(x.percentile))} percentile, median {x.median === null ? '—' : formatCurrency(x.median)}{' '}
              <span className="text-muted-foreground">({x.competitorsPriced} priced of {position.competitors})</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

function ThemesColumn({ id, kind, title }: { id: number; kind: 'customer' | 'employee'; title: string }) {
  const report = useThemeReport(kind, { type: 'operator', id });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
      </CardHeader>
      <CardContent>{report.isError ? <p className="text-muted-foreground">Themes could not be loaded.</p> : !report.data ? <Skeleton className="h-64 w-full" /> : <ReviewThemes report={report.data} />}</CardContent>
    </Card>
  );
}

export function PortfolioPage() {
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const { isPro, isLoading } = useAuth();
  const portfolio = useQuery({ queryKey: ['/api/portfolio', id], queryFn: () => getJson<Portfolio>(`/api/portfolio/${id}`), enabled: isPro && Number.isInteger(id) && id > 0 });
  if (isLoading) return null;
  if (!isPro) {
    return (
      <div className="mx-auto max-w-3xl space-y-3 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Operator Portfolio</h1>
        <p className="text-muted-foreground">Portfolios are a Professional feature.</p>
        <UpgradeButton />
      </div>
    );
  }
  const p = portfolio.data;
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{p ? p.operator.name : 'Operator Portfolio'}</h1>
          <p className="mt-1 text-muted-foreground">{p ? p.computedFrom : portfolio.isError ? `The portfolio could not be loaded: ${portfolio.error.message}` : 'Loading…'}</p>
        </div>
        {p && <SaveToListButton type="operator" id={p.operator.id} name={p.operator.name} />}
      </div>
      {p && (
        <>
          <Card>
            <CardHeader>
              <CardTitle as="h2">Communities</CardTitle>
              <CardDescription>
                Listed communities of the operator, most reviewed first; sentiment is the mean over each community's reviews. Price position: where the
                middle of the community's monthly range sits among its competitors' (listed communities within 10 miles, at least the nearest 10), per care
                type, with their median.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Table>
                <TableHeadings
                  headings={[
                    'Community',
                    'Location',
                    'Rating',
                    'Reviews',
                    'Sentiment',
                    'Monthly price',
                    `Price position (${p.communities.find((c) => c.pricePosition)?.pricePosition?.radiusMiles ?? 10} mi)`,
                  ]}
                />
                <TableBody>
                  {p.communities.map((c) => (
                    <TableRow key={c.id}>
                      <TableCell>
                        <CommunityLink community={c} className="font-medium text-primary hover:underline" />
                      </TableCell>
                      <TableCell>
                        {c.city}, {c.state}
                      </TableCell>
                      <TableCell>{c.reviewCount > 0 ? formatRating(c.rating) : '—'}</TableCell>
                      <TableCell className="tabular-nums">{formatNumber(c.reviewCount)}</TableCell>
                      <TableCell className={c.averageSentiment === null ? '' : scoreTextClass(c.averageSentiment)}>{c.averageSentiment === null ? '—' : c.averageSentiment.toFixed(2)}</TableCell>
                      <TableCell>{c.minPrice ? `${formatCurrency(c.minPrice)}–${formatCurrency(c.maxPrice)}` : '—'}</TableCell>
                      <TableCell>
                        <PricePositionCell position={c.pricePosition} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle as="h2">Sentiment by Quarter</CardTitle>
              <CardDescription>Mean sentiment of the portfolio's customer reviews and of the operator's employee reviews.</CardDescription>
            </CardHeader>
            <CardContent>
              <div className="h-64 w-full">
                <ResponsiveContainer width="100%" height="100%">
                  <LineChart data={p.trend} margin={{ top: 8, right: 16, left: 0, bottom: 8 }}>
                    <CartesianGrid strokeDasharray="3 3" vertical={false} />
                    <XAxis dataKey="quarter" tick={{ fontSize: 12 }} minTickGap={16} />
                    <YAxis domain={[0, 1]} width={40} />
                    <Tooltip formatter={(v: unknown) => (v === null ? '—' : Number(v).toFixed(3))} />
                    <Legend />
                    <Line dataKey="customerSentiment" name="Customer reviews" stroke="#15803d" dot={false} connectNulls isAnimationActive={false} />
                    <Line dataKey="employeeSentiment" name="Employee reviews" stroke="#2563eb" dot={false} connectNulls isAnimationActive={false} />
                  </LineChart>
                </ResponsiveContainer>
              </div>
            </CardContent>
          </Card>
          <div className="grid gap-6 xl:grid-cols-2">
            <ThemesColumn id={p.operator.id} kind="customer" title="Customer Review Themes" />
            <ThemesColumn id={p.operator.id} kind="employee" title="Employee Review Themes" />
          </div>
        </>
      )}
    </div>
  );
}
