// The four charts of the pricing analytics screen (Recharts; this module loads only on this route).
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, type PieLabelRenderProps, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PricingAnalyticsResponse } from '../../../../contracts/market';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatCurrency } from '../../../lib/format';
import { moneyAxis } from '../../../lib/money-axis';

const GREEN = '#15803d';
const BLUE = '#2563eb';
const CARE_COLORS = ['#0f766e', '#15803d', '#7c3aed', '#b45309'];

const tooltipMoney = (v: unknown) => formatCurrency(Number(v));

/** Slice labels in dark text inside the card (slice colours are too light for text; 80% radius clipped them). */
function segmentLabel({ x, y, textAnchor, value }: PieLabelRenderProps) {
  return (
    <text x={x} y={y} textAnchor={textAnchor} dominantBaseline="central" fill="#1f2937" fontSize={13}>
      {`${String(value ?? 0)}%`}
    </text>
  );
}

export interface CareTypeBar {
  label: string;
  value: number;
}

/** A chart in a card, drawn at the card's size; `empty`, when given, stands in its place. */
function ChartCard({ title, description, empty, children }: { title: string; description: string; empty?: React.ReactNode; children: React.ReactElement }) {
  return (
    <Card className="break-inside-avoid">
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="h-72 w-full">
          {empty ?? (
            <ResponsiveContainer width="100%" height="100%">
              {children}
            </ResponsiveContainer>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

export function PricingCharts({ data, careBars }: { data: PricingAnalyticsResponse; careBars: CareTypeBar[] }) {
  const segments = data.marketSegmentation.filter((s) => s.percentage > 0);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartCard title="Average Price by Care Type" description="Average monthly price of each care type for the current filters">
        <BarChart data={careBars} margin={{ top: 8, right: 8, left: 8, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis {...moneyAxis} />
          <Tooltip formatter={tooltipMoney} />
          <Bar dataKey="value" name="Average monthly price" radius={[6, 6, 0, 0]} isAnimationActive={false}>
            {careBars.map((b, i) => (
              <Cell key={b.label} fill={CARE_COLORS[i % CARE_COLORS.length]} />
            ))}
          </Bar>
        </BarChart>
      </ChartCard>

      <ChartCard
        title="Market Segmentation"
        description="Share of price points by price range"
        empty={segments.length === 0 ? <p className="flex h-full items-center justify-center text-muted-foreground">No prices match these filters.</p> : undefined}
      >
        <PieChart>
          <Pie isAnimationActive={false} data={segments} dataKey="percentage" nameKey="segment" innerRadius="40%" outerRadius="70%" paddingAngle={2} label={segmentLabel} labelLine={{ stroke: '#6b7280' }}>
            {segments.map((s) => (
              <Cell key={s.segment} fill={s.color} />
            ))}
          </Pie>
          <Tooltip formatter={(v: unknown) => `${v}%`} />
          {/* Legend text in the body colour: the series colours alone are too light for text (WCAG AA). */}
          <Legend formatter={(value: string) => <span className="text-foreground">{value}</span>} />
        </PieChart>
      </ChartCard>

      <ChartCard title="Average Price by State" description="The 25 states with the highest average monthly price">
        <LineChart data={data.pricingByState} margin={{ top: 8, right: 16, left: 8, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="state" tick={{ fontSize: 11 }} interval={0} />
          <YAxis {...moneyAxis} />
          <Tooltip formatter={tooltipMoney} />
          <Line isAnimationActive={false} type="monotone" dataKey="avgPrice" name="Average monthly price" stroke={GREEN} strokeWidth={2} dot={{ r: 3 }} />
        </LineChart>
      </ChartCard>

      <ChartCard title="Average Price by Operator" description="The 15 largest operators for the current filters">
        <AreaChart data={data.pricingByOperator} margin={{ top: 8, right: 16, left: 8, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="operatorName" tick={false} label={{ value: 'Operators (largest first)', position: 'insideBottom', fontSize: 12 }} />
          <YAxis {...moneyAxis} />
          <Tooltip formatter={tooltipMoney} />
          <Area isAnimationActive={false} type="monotone" dataKey="avgPrice" name="Average monthly price" stroke={BLUE} fill={BLUE} fillOpacity={0.18} />
        </AreaChart>
      </ChartCard>
    </div>
  );
}
