// Sentiment by month over the review dates (whole table): the mean sentiment line with the Positive and
// Negative thresholds drawn, and the number of reviews per month in the tooltip.
import { useDeferredValue } from 'react';
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { SENTIMENT_NEUTRAL_FROM, SENTIMENT_POSITIVE_ABOVE } from '../../../../contracts/constants';
import type { ReviewKind } from '../../../../contracts/sentiment';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatNumber } from '../../../lib/format';
import { useSentimentTrend } from '../../../lib/themes';

export function TrendChart({ kind }: { kind: ReviewKind }) {
  const trend = useSentimentTrend(kind);
  // Drawn in a transition (time-sliced) once the answer arrives, not in one blocking render.
  const answer = useDeferredValue(trend.data);
  const months = answer?.months ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Sentiment by Month</CardTitle>
        <CardDescription>{answer?.computedFrom ?? `Mean sentiment of ${kind} reviews by the month of their review date`}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="h-72 w-full" data-testid={`trend-chart-${kind}`}>
          {trend.isError ? (
            <p className="flex h-full items-center justify-center text-muted-foreground">The trend could not be loaded.</p>
          ) : !answer ? (
            <Skeleton className="h-full w-full" />
          ) : months.length === 0 ? (
            <p className="flex h-full items-center justify-center text-muted-foreground">No reviews yet.</p>
          ) : (
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={months} margin={{ top: 8, right: 16, left: 0, bottom: 8 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="month" tick={{ fontSize: 12 }} minTickGap={24} />
                <YAxis domain={[0, 1]} ticks={[0, 0.2, 0.4, 0.6, 0.8, 1]} width={40} />
                <ReferenceLine y={SENTIMENT_POSITIVE_ABOVE} stroke="#16a34a" strokeDasharray="4 4" />
                <ReferenceLine y={SENTIMENT_NEUTRAL_FROM} stroke="#dc2626" strokeDasharray="4 4" />
                <Tooltip
                  formatter={(v: unknown) => Number(v).toFixed(3)}
                  labelFormatter={(label: unknown) => {
                    const m = months.find((x) => x.month === label);
                    return m ? `${m.month} (${formatNumber(m.reviews)} reviews)` : String(label);
                  }}
                />
                <Line type="monotone" dataKey="averageSentiment" name="Mean sentiment" stroke="#15803d" dot={false} strokeWidth={2} isAnimationActive={false} />
              </LineChart>
            </ResponsiveContainer>
          )}
        </div>
        <ul className="sr-only">
          {months.slice(-12).map((m) => (
            <li key={m.month}>{`${m.month}: mean sentiment ${m.averageSentiment.toFixed(2)} over ${formatNumber(m.reviews)} reviews`}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
