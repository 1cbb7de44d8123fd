// The four figure cards of a tab (whole table) with the number of reviews on the current page.
import { MessageSquareText, Smile, Star, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SentimentSummary } from '../../../../contracts/sentiment';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatNumber } from '../../../lib/format';

function FigureCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2 pb-2">
        <CardTitle as="p" className="text-sm font-medium text-muted-foreground">
          {title}
        </CardTitle>
        <span aria-hidden="true" className="text-muted-foreground [&_svg]:size-4">
          {icon}
        </span>
      </CardHeader>
      <CardContent className="space-y-1">{children}</CardContent>
    </Card>
  );
}

const Value = ({ children }: { children: ReactNode }) => <p className="text-2xl font-bold tabular-nums">{children}</p>;
const Note = ({ children }: { children: ReactNode }) => <p className="text-sm text-muted-foreground">{children}</p>;
const Loading = () => (
  <>
    <Skeleton className="h-8 w-28" />
    <Skeleton className="h-4 w-36" />
  </>
);

export function SentimentCards({ summary, pageCount, pageFailed }: { summary: SentimentSummary | undefined; pageCount: number | undefined; pageFailed: boolean }) {
  const onPage = pageFailed ? 'this page could not be loaded' : pageCount === undefined ? 'Loading...' : `${formatNumber(pageCount)} on this page`;
  const total = summary?.totalReviews ?? 0;
  const sentimentPct = summary ? summary.averageSentiment * 100 : 0;
  const positivePct = summary && total > 0 ? (summary.positive / total) * 100 : 0;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <FigureCard title="Total Reviews" icon={<MessageSquareText />}>
        {summary ? (
          <>
            <Value>{formatNumber(total)}</Value>
            <Note>In the database · {onPage}</Note>
          </>
        ) : (
          <Loading />
        )}
      </FigureCard>
      <FigureCard title="Average Rating" icon={<Star />}>
        {summary ? (
          <>
            <Value>{total > 0 ? summary.averageRating.toFixed(2) : 'N/A'}</Value>
            <Note>Out of 5 stars</Note>
          </>
        ) : (
          <Loading />
        )}
      </FigureCard>
      <FigureCard title="Average Sentiment" icon={<TrendingUp />}>
        {summary ? (
          <>
            <Value>{sentimentPct.toFixed(1)}%</Value>
            <div className="h-2 w-full overflow-hidden rounded-full bg-secondary" aria-hidden="true">
              <div className="h-full rounded-full bg-primary" style={{ width: `${Math.min(100, Math.max(0, sentimentPct))}%` }} />
            </div>
          </>
        ) : (
          <Loading />
        )}
      </FigureCard>
      <FigureCard title="Positive Reviews" icon={<Smile />}>
        {summary ? (
          <>
            <Value>{formatNumber(summary.positive)}</Value>
            <Note>{positivePct.toFixed(1)}% of all reviews</Note>
          </>
        ) : (
          <Loading />
        )}
      </FigureCard>
    </div>
  );
}
