// Price position of one community among its competitors, per care type (Recharts; loaded lazily with
// the competitive set): the competitors' p25–p75 band, their median and this community's price.
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PricePosition } from '../../../../contracts/markets';
import { formatCurrency } from '../../../lib/format';

const axisMoney = (v: number) => (v >= 1000 ? `$${(v / 1000).toFixed(v % 1000 === 0 ? 0 : 1)}k` : `$${v}`);

export function PricePositionChart({ rows }: { rows: PricePosition[] }) {
  const data = rows
    .filter((r) => r.competitorsPriced > 0 || r.price !== null)
    .map((r) => ({
      careType: r.careType,
      base: r.p25 ?? 0,
      band: r.p25 !== null && r.p75 !== null ? Math.max(r.p75 - r.p25, 1) : 0,
      median: r.median,
      price: r.price,
      p25: r.p25,
      p75: r.p75,
    }));
  return (
    <div className="h-80 w-full" data-testid="price-position-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 16, left: 8, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="careType" tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={axisMoney} width={56} />
          <Tooltip
            formatter={(value, name, item) => {
              const p = item.payload as (typeof data)[number];
              if (name === 'Competitors p25–p75') return [`${formatCurrency(p.p25, '—')} – ${formatCurrency(p.p75, '—')}`, name];
              return [formatCurrency(Number(value), '—'), name];
            }}
          />
          <Legend />
          <Bar dataKey="base" stackId="band" fill="transparent" legendType="none" isAnimationActive={false} tooltipType="none" />
          <Bar dataKey="band" stackId="band" name="Competitors p25–p75" fill="#bfdbfe" stroke="#2563eb" isAnimationActive={false} barSize={48} />
          <Line dataKey="median" name="Competitors median" stroke="none" dot={{ r: 6, fill: '#1d4ed8' }} isAnimationActive={false} />
          <Line dataKey="price" name="This community" stroke="none" dot={{ r: 7, fill: '#ea580c', stroke: '#7c2d12' }} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
