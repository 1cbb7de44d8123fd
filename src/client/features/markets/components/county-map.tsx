// The US county map of the Markets screen (issue 15): us-atlas's pre-projected county shapes (Albers USA,
// 975 x 610) drawn as SVG, offline, coloured by licensed beds per 1,000 people aged 65+ (quintiles of
// the counties that have a figure). A county is a link to its market.
import { useMemo, useState } from 'react';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Geometry, Position } from 'geojson';
import counties from 'us-atlas/counties-albers-10m.json';
import type { CountyFigure } from '../../../../contracts/markets';

type CountiesTopology = Topology<{ counties: GeometryCollection; states: GeometryCollection; nation: GeometryCollection }>;

/** No licensed bed, then light (thin supply) to dark (ample supply): fifths of the counties with beds. */
const NONE = '#fca5a5';
export const SCALE_COLORS = ['#fef3c7', '#fde68a', '#bbf7d0', '#4ade80', '#15803d'];
const NO_DATA = '#e5e7eb';

function ringsPath(rings: Position[][]): string {
  return rings.map((r) => `M${r.map((p) => `${p[0]!.toFixed(1)},${p[1]!.toFixed(1)}`).join('L')}Z`).join('');
}

function geometryPath(g: Geometry | null): string {
  if (!g) return '';
  if (g.type === 'Polygon') return ringsPath(g.coordinates);
  if (g.type === 'MultiPolygon') return g.coordinates.map(ringsPath).join('');
  if (g.type === 'MultiLineString') return g.coordinates.map((l) => `M${l.map((p) => `${p[0]!.toFixed(1)},${p[1]!.toFixed(1)}`).join('L')}`).join('');
  return '';
}

let shapes: { counties: { fips: string; d: string }[]; borders: string } | null = null;
function countyShapes() {
  if (!shapes) {
    const topo = counties as unknown as CountiesTopology;
    const fc = feature(topo, topo.objects.counties);
    shapes = {
      counties: fc.features.map((f) => ({ fips: String(f.id), d: geometryPath(f.geometry) })),
      borders: geometryPath(mesh(topo, topo.objects.states, (a, b) => a !== b)),
    };
  }
  return shapes;
}

/** Quintile thresholds of the non-null figures (4 cut points). */
export function quintiles(values: number[]): number[] {
  const v = [...values].sort((a, b) => a - b);
  if (!v.length) return [];
  return [0.2, 0.4, 0.6, 0.8].map((q) => v[Math.min(v.length - 1, Math.floor(q * v.length))]!);
}

export function colorFor(value: number | null, cuts: number[]): string {
  if (value === null) return NO_DATA;
  if (value === 0) return NONE;
  let i = 0;
  while (i < cuts.length && value >= cuts[i]!) i++;
  return SCALE_COLORS[i]!;
}

export function CountyMap({ figures, onOpen }: { figures: CountyFigure[]; onOpen: (c: CountyFigure) => void }) {
  const byFips = useMemo(() => new Map(figures.map((f) => [f.fips, f])), [figures]);
  const cuts = useMemo(() => quintiles(figures.flatMap((f) => (f.bedsPer1000 ? [f.bedsPer1000] : []))), [figures]);
  const { counties: paths, borders } = countyShapes();
  const [hover, setHover] = useState<CountyFigure | null>(null);
  return (
    <div className="space-y-2">
      <svg
        viewBox="0 0 975 610"
        className="h-auto w-full"
        role="img"
        aria-label="Map of US counties coloured by licensed beds per 1,000 people aged 65+"
        data-testid="county-map"
        onMouseLeave={() => setHover(null)}
      >
        <g stroke="#ffffff" strokeWidth={0.25}>
          {paths.map((p) => {
            const f = byFips.get(p.fips);
            return (
              <path
                key={p.fips}
                d={p.d}
                fill={colorFor(f?.bedsPer1000 ?? null, cuts)}
                data-fips={p.fips}
                className={f ? 'cursor-pointer hover:opacity-70' : undefined}
                onMouseEnter={() => setHover(f ?? null)}
                onClick={f ? () => onOpen(f) : undefined}
              >
                {f && <title>{`${f.county}, ${f.state}: ${f.bedsPer1000 === null ? 'no population figure' : `${f.bedsPer1000} beds per 1,000 aged 65+`}`}</title>}
              </path>
            );
          })}
        </g>
        <path d={borders} fill="none" stroke="#475569" strokeWidth={0.7} pointerEvents="none" />
      </svg>
      <div className="flex flex-wrap items-center gap-3 text-xs text-muted-foreground">
        <span>Beds per 1,000 aged 65+:</span>
        <span className="inline-flex items-center gap-1">
          <span className="inline-block h-3 w-4 rounded-sm border" style={{ background: NONE }} aria-hidden="true" />
          none
        </span>
        {cuts.length > 0 &&
          SCALE_COLORS.map((c, i) => (
            <span key={c} className="inline-flex items-center gap-1">
              <span className="inline-block h-3 w-4 rounded-sm border" style={{ background: c }} aria-hidden="true" />
              {i === 0 ? `under ${cuts[0]}` : i === SCALE_COLORS.length - 1 ? `${cuts[i - 1]}+` : `${cuts[i - 1]}–${cuts[i]}`}
            </span>
          ))}
        <span className="inline-flex items-center gap-1">
          <span className="inline-block h-3 w-4 rounded-sm border" style={{ background: NO_DATA }} aria-hidden="true" />
          no figure
        </span>
        <span className="ml-auto min-h-4 font-medium text-foreground" aria-live="polite">
          {hover ? `${hover.county}, ${hover.state}: ${hover.bedsPer1000 ?? '—'} beds per 1,000 aged 65+ (${hover.communities} communities)` : 'Click a county to open its market'}
        </span>
      </div>
    </div>
  );
}
