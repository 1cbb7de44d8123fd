// The sentiment pie and the reviews-per-star bars (Recharts; loaded only with this route's chunk).
import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, type PieLabelRenderProps, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SentimentSummary } from '../../../../contracts/sentiment';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatNumber } from '../../../lib/format';
import { SENTIMENT_COLORS } from '../../../lib/sentiment-style';

const count = (v: unknown) => formatNumber(Number(v));
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** Slice labels in dark text (the amber slice colour is too light for text on white). */
function pieLabel({ x, y, textAnchor, percent }: PieLabelRenderProps) {
  return (
    <text x={x} y={y} textAnchor={textAnchor} dominantBaseline="central" fill="#1f2937" fontSize={13}>
      {`${((percent ?? 0) * 100).toFixed(1)}%`}
    </text>
  );
}

function ChartCard({ title, description, figures, children }: { title: string; description: string; figures: string[]; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="h-72 w-full">{children}</div>
        <ul className="sr-only">
          {figures.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

export function SentimentCharts({ summary, noun }: { summary: SentimentSummary | undefined; noun: string }) {
  const slices = summary
    ? (['Positive', 'Neutral', 'Negative'] as const).map((name) => ({ name, value: summary[name.toLowerCase() as 'positive' | 'neutral' | 'negative'] }))
    : [];
  const stars = summary ? summary.byStars.map((b) => ({ label: `${b.stars} ${b.stars === 1 ? 'Star' : 'Stars'}`, count: b.count })) : [];
  const total = summary?.totalReviews ?? 0;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartCard
        title="Sentiment Distribution"
        description={`Positive, neutral and negative ${noun} reviews`}
        figures={slices.map((s) => `${s.name}: ${formatNumber(s.value)}`)}
      >
        {!summary ? (
          <Skeleton className="h-full w-full" />
        ) : total === 0 ? (
          <p className="flex h-full items-center justify-center text-muted-foreground">No reviews yet.</p>
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            <PieChart>
              <Pie
                data={slices}
                dataKey="value"
                nameKey="name"
                outerRadius="70%"
                isAnimationActive={false}
                label={pieLabel}
                labelLine={{ stroke: '#6b7280' }}
              >
                {slices.map((s) => (
                  <Cell key={s.name} fill={SENTIMENT_COLORS[s.name]} />
                ))}
              </Pie>
              <Tooltip formatter={count} />
              <Legend formatter={(value: string) => <span className="text-sm text-gray-800">{value}</span>} />
            </PieChart>
          </ResponsiveContainer>
        )}
      </ChartCard>
      <ChartCard
        title="Rating Distribution"
        description={`Number of ${noun} reviews per star rating`}
        figures={stars.map((s) => `${s.label}: ${formatNumber(s.count)}`)}
      >
        {!summary ? (
          <Skeleton className="h-full w-full" />
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={stars} margin={{ top: 8, right: 8, left: 8, bottom: 8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 12 }} />
              <YAxis tickFormatter={(v: number) => compact.format(v)} allowDecimals={false} width={48} />
              <Tooltip formatter={count} />
              <Bar dataKey="count" name="Reviews" fill="#15803d" radius={[6, 6, 0, 0]} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        )}
      </ChartCard>
    </div>
  );
}
