// Price position of one community among its competitors, per care type (Recharts; loaded lazily with
// the competitive set): the competitors' p25–p75 band, their median and this community's price.
import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PricePosition } from '../../../../contracts/markets';
import { formatCurrency } from '../../../lib/format';
import { moneyAxis } from '../../../lib/money-axis';

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
    <figure className="w-full" data-testid="price-position-chart">
      <div className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 16, left: 8, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="careType" tick={{ fontSize: 12 }} />
          <YAxis {...moneyAxis} />
          <Tooltip
            formatter={(value, name, item) => {
              const p = item.payload as (typeof data)[number];
              if (name === 'Competitors p25–p75') return [`${formatCurrency(p.p25, '—')} – ${formatCurrency(p.p75, '—')}`, name];
              return [formatCurrency(Number(value), '—'), name];
            }}
          />
          <Bar dataKey="base" stackId="band" fill="transparent" legendType="none" isAnimationActive={false} tooltipType="none" />
          <Bar dataKey="band" stackId="band" name="Competitors p25–p75" fill="#bfdbfe" stroke="#2563eb" isAnimationActive={false} barSize={48} />
          <Line dataKey="median" name="Competitors median" stroke="none" dot={{ r: 6, fill: '#1d4ed8' }} isAnimationActive={false} />
          <Line dataKey="price" name="This community" stroke="none" dot={{ r: 7, fill: '#ea580c', stroke: '#7c2d12' }} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
      </div>
      {/* The key in dark text with the marks' own colours (Recharts' legend wrote each name in its series' colour:
          the band's pale blue was hard to read, and the dots, drawn without a line, had no mark at all). */}
      <figcaption className="mt-1 flex flex-wrap justify-center gap-x-5 gap-y-1 text-sm text-gray-700" data-testid="price-position-key">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-3 w-4 border border-[#2563eb] bg-[#bfdbfe]" />
          Competitors p25–p75
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-3 rounded-full bg-[#1d4ed8]" />
          Competitors median
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-3.5 rounded-full border border-[#7c2d12] bg-[#ea580c]" />
          This community
        </span>
      </figcaption>
    </figure>
  );
}
