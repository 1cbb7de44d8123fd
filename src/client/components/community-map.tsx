// The interactive map of a search result (SPEC section 2, map view): MapLibre GL, lazy-loaded, every
// community of the result clustered (a large result arrives clustered by the server for the view and
// zoom level, ADR 018; MapLibre clusters what arrives), drawn without the internet (US state shapes from us-atlas; an
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
import type { MapCluster, MapPoint } from '../../contracts/search';
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
  /** Server clusters (ADR 018): drawn like MapLibre's clusters; choosing one zooms to its communities. */
  clusters?: MapCluster[];
  /** The map frames the data once per key (a new search), not when a pan or zoom brings new data. */
  frameKey?: string | undefined;
  /** The view after each move: integer zoom and the area around it, for server clustering. */
  onViewChange?: (view: { zoom: number; bbox: string }) => void;
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

interface FeatureProps {
  /** A community's id (single points). */
  id?: number;
  /** How many communities the feature stands for: 1, or a server cluster's count. */
  weight: number;
  /** A server cluster: its index in `clusters`. */
  sc?: number;
}

function toGeoJson(points: MapPoint[], clusters: MapCluster[] = []): FeatureCollection<Point, FeatureProps> {
  return {
    type: 'FeatureCollection',
    features: [
      ...points.map((p) => ({ type: 'Feature' as const, geometry: { type: 'Point' as const, coordinates: [p.lng, p.lat] }, properties: { id: p.id, weight: 1 } })),
      ...clusters.map((c, i) => ({ type: 'Feature' as const, geometry: { type: 'Point' as const, coordinates: [c.lng, c.lat] }, properties: { sc: i, weight: c.count } })),
    ],
  };
}

/** The view padded by half its size on each side (fewer requests while panning), rounded outwards. */
function viewOf(map: MapLibreMap): { zoom: number; bbox: string } {
  const b = map.getBounds();
  const padX = (b.getEast() - b.getWest()) / 2;
  const padY = (b.getNorth() - b.getSouth()) / 2;
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  const west = Math.floor(clamp(b.getWest() - padX, -180, 179) * 100) / 100;
  const east = Math.ceil(clamp(b.getEast() + padX, west + 0.01, 180) * 100) / 100;
  const south = Math.floor(clamp(b.getSouth() - padY, -90, 89) * 100) / 100;
  const north = Math.ceil(clamp(b.getNorth() + padY, south + 0.01, 90) * 100) / 100;
  return { zoom: Math.max(0, Math.floor(map.getZoom())), bbox: [west, south, east, north].join(',') };
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

/** 1234 -> '1.2k', 45000 -> '45k' (as MapLibre abbreviates its own clusters). */
function abbreviate(count: number): string {
  if (count < 1000) return String(count);
  if (count < 10_000) return `${(Math.round(count / 100) / 10).toString()}k`;
  return `${Math.round(count / 1000)}k`;
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

const NO_CLUSTERS: MapCluster[] = [];

export function CommunityMap({ points, clusters = NO_CLUSTERS, frameKey, onViewChange, tileUrl, attribution, className }: CommunityMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const clustersRef = useRef<MapCluster[]>(clusters);
  const onViewRef = useRef(onViewChange);
  const framedRef = useRef<string | undefined>(undefined);
  const lastViewRef = useRef('');
  const mapRef = useRef<MapLibreMap | null>(null);
  const markersRef = useRef(new Map<string, Marker>());
  const byIdRef = useRef(new Map<number, MapPoint>());
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(() => !webglAvailable());
  const [selected, setSelected] = useState<MapPoint | null>(null);

  const byId = useMemo(() => new Map(points.map((p) => [p.id, p])), [points]);
  useEffect(() => {
    byIdRef.current = byId;
    clustersRef.current = clusters;
    onViewRef.current = onViewChange;
  }, [byId, clusters, onViewChange]);

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
        const props = f.properties as { cluster?: boolean; cluster_id?: number; weight?: number; id?: number; sc?: number };
        const server = props.sc !== undefined ? clustersRef.current[props.sc] : undefined;
        const key = props.cluster ? `c${props.cluster_id}` : server ? `s${props.sc}` : `p${props.id}`;
        if (next.has(key)) continue;
        let marker = markers.get(key);
        if (!marker) {
          const coords = (f.geometry as Point).coordinates as [number, number];
          const el = document.createElement('button');
          el.type = 'button';
          if (props.cluster || server) {
            // A cluster's count is the sum of its features' weights (server clusters count their communities).
            const count = props.weight ?? 0;
            const size = clusterSize(count);
            Object.assign(el.style, CLUSTER_STYLE, { width: `${size}px`, height: `${size}px`, fontSize: size >= 48 ? '14px' : '13px' });
            el.textContent = abbreviate(count);
            el.setAttribute('aria-label', `${count.toLocaleString('en-US')} communities here: zoom in`);
            const clusterId = props.cluster_id ?? 0;
            el.addEventListener('click', (e) => {
              e.stopPropagation();
              if (server) {
                // Zoom to the cell's communities; the map then asks the server for that view.
                const [w, s, e2, n] = server.bounds;
                if (e2 - w < 1e-4 && n - s < 1e-4) map.easeTo({ center: coords, zoom: Math.min(map.getZoom() + 3, 17) });
                else map.fitBounds([w, s, e2, n], { padding: 48, maxZoom: 17 });
                return;
              }
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
      map.addSource(SOURCE, {
        type: 'geojson',
        data: toGeoJson([]),
        cluster: true,
        clusterRadius: 56,
        clusterMaxZoom: 13,
        clusterProperties: { weight: ['+', ['get', 'weight']] },
      });
      // An invisible layer keeps the source's tiles loaded; the markers above draw what is seen.
      map.addLayer({ id: 'communities-hit', type: 'circle', source: SOURCE, paint: { 'circle-radius': 1, 'circle-opacity': 0 } });
      setReady(true);
    });
    const reportView = () => {
      const view = viewOf(map);
      const key = `${view.zoom}|${view.bbox}`;
      if (key === lastViewRef.current) return;
      lastViewRef.current = key;
      onViewRef.current?.(view);
    };
    map.on('moveend', () => {
      schedule();
      reportView();
    });
    map.once('idle', reportView);
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
    source.setData(toGeoJson(points, clusters));
    setSelected((s) => (s && byId.has(s.id) ? s : null));
    // Frame a new search once; data for a new view of the same search leaves the view alone.
    if (frameKey === undefined || framedRef.current === frameKey) return;
    framedRef.current = frameKey;
    lastViewRef.current = ''; // the framed view is reported for the new search even when it did not move
    if (points.length === 0 && clusters.length === 0) {
      map.jumpTo({ center: US_CENTER, zoom: US_ZOOM });
    } else if (points.length === 1 && clusters.length === 0) {
      map.jumpTo({ center: [points[0]!.lng, points[0]!.lat], zoom: 11 });
    } else {
      // Frame the contiguous US when nearly everything is there (Alaska and Hawaii stay a pan away).
      // A server cluster frames the box of its communities, not only its centre.
      const all = [
        ...points.map((p) => ({ lat: p.lat, lng: p.lng, n: 1, box: null })),
        ...clusters.map((c) => ({ lat: c.lat, lng: c.lng, n: c.count, box: c.bounds })),
      ];
      const inLower48 = (p: { lat: number; lng: number }) => p.lat > 24 && p.lat < 50 && p.lng > -125 && p.lng < -66;
      const count = (list: typeof all) => list.reduce((sum, p) => sum + p.n, 0);
      const lower48 = all.filter(inLower48);
      const framed = count(lower48) >= count(all) * 0.9 && lower48.length > 0 ? lower48 : all;
      const bounds = new LngLatBounds();
      for (const p of framed) {
        bounds.extend([p.lng, p.lat]);
        if (p.box) bounds.extend([p.box[0], p.box[1]]).extend([p.box[2], p.box[3]]);
      }
      map.fitBounds(bounds, { padding: 48, maxZoom: 12, duration: 0 });
    }
  }, [points, clusters, frameKey, ready, byId]);

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
