// The interactive map of a search result (SPEC section 2, map view): MapLibre GL, lazy-loaded, every
// community of the result clustered, drawn without the internet (US state shapes from us-atlas; an
// optional raster tile layer when the server is configured with one). Clusters and communities are
// HTML buttons (keyboard reachable, no glyphs needed); choosing a community opens its card.
import 'maplibre-gl/dist/maplibre-gl.css';
import type { FeatureCollection, Point } from 'geojson';
import { XIcon } from 'lucide-react';
import {
  AttributionControl,
  LngLatBounds,
  Map as MapLibreMap,
  Marker,
  NavigationControl,
  setWorkerUrl,
  type GeoJSONSource,
  type StyleSpecification,
} from 'maplibre-gl';
// Vite does not emit MapLibre's worker by itself: ship it as an asset and point MapLibre at it.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { MapPoint } from '../../contracts/search';
import { formatCurrency } from '../lib/format';
import { cn } from '../lib/utils';
import { usStateShapes } from './map/us-states';
import { SourceLabel } from './source-label';
import { Badge } from './ui/badge';
import { CompareButton } from './compare-button';
import { Button } from './ui/button';

setWorkerUrl(workerUrl);

export const MAP_HEIGHT_PX = 600;
const SOURCE = 'communities';
const US_CENTER: [number, number] = [-98.5, 39.5];
const US_ZOOM = 3;

export interface CommunityMapProps {
  points: MapPoint[];
  /** Raster tile URL template ({z}/{x}/{y}); the offline state shapes are drawn when absent. */
  tileUrl?: string | null;
  attribution?: string | null;
  className?: string;
}

function baseStyle(tileUrl?: string | null, attribution?: string | null): StyleSpecification {
  const { fills, borders } = usStateShapes();
  return {
    version: 8,
    sources: {
      states: { type: 'geojson', data: fills },
      borders: { type: 'geojson', data: borders },
      ...(tileUrl ? { tiles: { type: 'raster' as const, tiles: [tileUrl], tileSize: 256, attribution: attribution ?? undefined, maxzoom: 19 } } : {}),
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': '#dbeafe' } },
      tileUrl
        ? { id: 'tiles', type: 'raster', source: 'tiles' }
        : { id: 'state-fill', type: 'fill', source: 'states', paint: { 'fill-color': '#f7f9f4' } },
      { id: 'coast', type: 'line', source: 'states', paint: { 'line-color': '#93c5fd', 'line-width': 1 } },
      { id: 'state-borders', type: 'line', source: 'borders', paint: { 'line-color': '#9ca3af', 'line-width': 1 } },
    ],
  };
}

function toGeoJson(points: MapPoint[]): FeatureCollection<Point, { id: number }> {
  return {
    type: 'FeatureCollection',
    features: points.map((p) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [p.lng, p.lat] }, properties: { id: p.id } })),
  };
}

/** '$3,200 - $7,500', one price when both ends agree, or 'Contact for pricing'. */
export function priceRangeText(minPrice: number | null, maxPrice: number | null): string {
  if (minPrice === null && maxPrice === null) return 'Contact for pricing';
  if (minPrice === null || maxPrice === null || minPrice === maxPrice) return `${formatCurrency(minPrice ?? maxPrice)}/month`;
  return `${formatCurrency(minPrice)} - ${formatCurrency(maxPrice)}/month`;
}

// Inline styles: the markers are plain DOM elements that MapLibre positions.
const CLUSTER_STYLE: Partial<CSSStyleDeclaration> = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: '9999px',
  background: 'rgba(21, 128, 61, 0.92)',
  color: '#ffffff',
  fontWeight: '600',
  border: '3px solid rgba(255, 255, 255, 0.9)',
  boxShadow: '0 1px 4px rgba(0, 0, 0, 0.35)',
  cursor: 'pointer',
  padding: '0',
};

const POINT_STYLE: Partial<CSSStyleDeclaration> = {
  width: '20px',
  height: '20px',
  borderRadius: '9999px',
  background: '#b45309',
  border: '3px solid #ffffff',
  boxShadow: '0 1px 4px rgba(0, 0, 0, 0.4)',
  cursor: 'pointer',
  padding: '0',
};

/** A ZIP-centre point: hollow with a dashed ring, so it does not read as the building's address. */
const APPROXIMATE_POINT_STYLE: Partial<CSSStyleDeclaration> = {
  background: 'rgba(180, 83, 9, 0.35)',
  border: '3px dashed #b45309',
};

function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

function clusterSize(count: number): number {
  if (count < 10) return 34;
  if (count < 100) return 40;
  if (count < 1000) return 48;
  return 56;
}

function MapCard({ point, onClose }: { point: MapPoint; onClose: () => void }) {
  const shown = point.careTypes.slice(0, 2);
  const more = point.careTypes.length - shown.length;
  return (
    <div
      role="dialog"
      aria-label={point.name}
      data-testid="map-card"
      className="absolute top-3 left-3 z-10 w-[min(20rem,calc(100%-1.5rem))] rounded-lg border bg-card p-4 text-card-foreground shadow-lg"
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-base leading-snug font-semibold">{point.name}</h3>
        <Button variant="ghost" size="icon" className="-mt-2 -mr-2 size-8 shrink-0" aria-label="Close" onClick={onClose}>
          <XIcon aria-hidden="true" />
        </Button>
      </div>
      {point.operatorName && <p className="mt-1 text-sm text-muted-foreground">{point.operatorName}</p>}
      {point.approximate && (
        <p className="mt-1 text-sm text-amber-800" data-testid="map-card-approximate">
          Approximate location (ZIP code centre)
        </p>
      )}
      <SourceLabel source={point.source} className="mt-2" />
      {shown.length > 0 && (
        <div className="mt-3 flex flex-wrap gap-1.5">
          {shown.map((t) => (
            <Badge key={t} variant="soft">
              {t}
            </Badge>
          ))}
          {more > 0 && <Badge variant="outline">+{more}</Badge>}
        </div>
      )}
      <p className="mt-3 text-sm font-semibold text-primary">{priceRangeText(point.minPrice, point.maxPrice)}</p>
      {point.priceCareType && point.minPrice !== null && (
        <p className="text-xs text-muted-foreground" data-testid="map-card-price-care-type">
          {point.priceCareType}
        </p>
      )}
      <Button asChild size="sm" className="mt-3 w-full">
        <Link href={`/community/${point.id}`}>View Community</Link>
      </Button>
      <CompareButton communityId={point.id} name={point.name} className="mt-2 w-full" />
    </div>
  );
}

export function CommunityMap({ points, tileUrl, attribution, className }: CommunityMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const markersRef = useRef(new Map<string, Marker>());
  const byIdRef = useRef(new Map<number, MapPoint>());
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(() => !webglAvailable());
  const [selected, setSelected] = useState<MapPoint | null>(null);

  const byId = useMemo(() => new Map(points.map((p) => [p.id, p])), [points]);
  useEffect(() => {
    byIdRef.current = byId;
  }, [byId]);

  // Create the map (again only when the tile configuration changes).
  useEffect(() => {
    const container = containerRef.current;
    if (!container || failed) return;
    let map: MapLibreMap;
    try {
      map = new MapLibreMap({
        container,
        style: baseStyle(tileUrl, attribution),
        center: US_CENTER,
        zoom: US_ZOOM,
        minZoom: 2,
        maxZoom: 17,
        attributionControl: false,
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
      });
    } catch {
      // No WebGL (or it was lost): say so instead of an empty box.
      queueMicrotask(() => setFailed(true));
      return;
    }
    mapRef.current = map;
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    if (tileUrl) map.addControl(new AttributionControl({ compact: true }), 'bottom-right');
    map.touchZoomRotate.disableRotation();

    const markers = markersRef.current;
    let frame = 0;
    const renderMarkers = () => {
      frame = 0;
      if (!map.getSource(SOURCE)) return;
      const next = new Map<string, Marker>();
      const view = map.getBounds();
      for (const f of map.querySourceFeatures(SOURCE)) {
        const [lng, lat] = (f.geometry as Point).coordinates as [number, number];
        if (!view.contains([lng, lat])) continue; // only what can be seen
        const props = f.properties as { cluster?: boolean; cluster_id?: number; point_count?: number; point_count_abbreviated?: string | number; id?: number };
        const key = props.cluster ? `c${props.cluster_id}` : `p${props.id}`;
        if (next.has(key)) continue;
        let marker = markers.get(key);
        if (!marker) {
          const coords = (f.geometry as Point).coordinates as [number, number];
          const el = document.createElement('button');
          el.type = 'button';
          if (props.cluster) {
            const count = props.point_count ?? 0;
            const size = clusterSize(count);
            Object.assign(el.style, CLUSTER_STYLE, { width: `${size}px`, height: `${size}px`, fontSize: size >= 48 ? '14px' : '13px' });
            el.textContent = String(props.point_count_abbreviated ?? count);
            el.setAttribute('aria-label', `${count.toLocaleString('en-US')} communities here: zoom in`);
            const clusterId = props.cluster_id ?? 0;
            el.addEventListener('click', (e) => {
              e.stopPropagation();
              const source = map.getSource<GeoJSONSource>(SOURCE);
              source
                ?.getClusterExpansionZoom(clusterId)
                .then((zoom) => map.easeTo({ center: coords, zoom: Math.min(zoom, 17) }))
                .catch(() => map.easeTo({ center: coords, zoom: map.getZoom() + 2 }));
            });
          } else {
            const point = byIdRef.current.get(props.id ?? -1);
            Object.assign(el.style, POINT_STYLE, point?.approximate ? APPROXIMATE_POINT_STYLE : {});
            const approx = point?.approximate ? ' (approximate location)' : '';
            el.setAttribute('aria-label', point ? `${point.name}${approx}: show details` : 'Community: show details');
            el.dataset.communityId = String(props.id);
            el.addEventListener('click', (e) => {
              e.stopPropagation();
              const p = byIdRef.current.get(props.id ?? -1);
              if (p) setSelected(p);
            });
          }
          marker = new Marker({ element: el }).setLngLat(coords).addTo(map);
        }
        next.set(key, marker);
      }
      for (const [key, m] of markers) if (!next.has(key)) m.remove();
      markers.clear();
      for (const [key, m] of next) markers.set(key, m);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(renderMarkers);
    };

    map.on('load', () => {
      map.addSource(SOURCE, { type: 'geojson', data: toGeoJson([]), cluster: true, clusterRadius: 56, clusterMaxZoom: 13 });
      // An invisible layer keeps the source's tiles loaded; the markers above draw what is seen.
      map.addLayer({ id: 'communities-hit', type: 'circle', source: SOURCE, paint: { 'circle-radius': 1, 'circle-opacity': 0 } });
      setReady(true);
    });
    map.on('moveend', schedule);
    map.on('sourcedata', (e) => {
      if (e.sourceId === SOURCE && e.isSourceLoaded) schedule();
    });
    map.on('error', () => {
      // Tile or style errors (e.g. an unreachable tile server) leave the offline shapes visible.
    });

    return () => {
      if (frame) cancelAnimationFrame(frame);
      for (const m of markers.values()) m.remove();
      markers.clear();
      map.remove();
      mapRef.current = null;
      setReady(false);
    };
  }, [tileUrl, attribution, failed]);

  // Show the result: replace the data, drop the old markers, frame the points.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready) return;
    const source = map.getSource<GeoJSONSource>(SOURCE);
    if (!source) return;
    for (const m of markersRef.current.values()) m.remove();
    markersRef.current.clear();
    source.setData(toGeoJson(points));
    setSelected((s) => (s && byId.has(s.id) ? s : null));
    if (points.length === 0) {
      map.jumpTo({ center: US_CENTER, zoom: US_ZOOM });
    } else if (points.length === 1) {
      map.jumpTo({ center: [points[0]!.lng, points[0]!.lat], zoom: 11 });
    } else {
      // Frame the contiguous US when nearly everything is there (Alaska and Hawaii stay a pan away).
      const lower48 = points.filter((p) => p.lat > 24 && p.lat < 50 && p.lng > -125 && p.lng < -66);
      const framed = lower48.length >= points.length * 0.9 && lower48.length > 0 ? lower48 : points;
      const bounds = new LngLatBounds();
      for (const p of framed) bounds.extend([p.lng, p.lat]);
      map.fitBounds(bounds, { padding: 48, maxZoom: 12, duration: 0 });
    }
  }, [points, ready, byId]);

  return (
    <div
      className={cn('relative w-full overflow-hidden rounded-lg border bg-[#dbeafe]', className)}
      style={{ height: MAP_HEIGHT_PX }}
      role="region"
      aria-label="Map of the search results"
      data-testid="community-map"
      data-ready={ready ? 'true' : 'false'}
    >
      <div ref={containerRef} className="size-full" />
      {failed && (
        <div className="absolute inset-0 flex items-center justify-center p-6 text-center text-muted-foreground">
          The map cannot be shown in this browser. Switch to the list or grid view to see the communities.
        </div>
      )}
      {selected && <MapCard point={selected} onClose={() => setSelected(null)} />}
    </div>
  );
}
