// The offline base layer of the map: US state shapes from us-atlas (TopoJSON) as GeoJSON.
import type { FeatureCollection, Geometry } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import states from 'us-atlas/states-10m.json';

type StatesTopology = Topology<{ states: GeometryCollection; nation: GeometryCollection }>;

let cache: { fills: FeatureCollection<Geometry>; borders: FeatureCollection<Geometry> } | null = null;

/** State polygons (fills) and the borders between them (lines), computed once. */
export function usStateShapes() {
  if (!cache) {
    const topo = states as unknown as StatesTopology;
    const fills = feature(topo, topo.objects.states) as FeatureCollection<Geometry>;
    const borders: FeatureCollection<Geometry> = {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: {}, geometry: mesh(topo, topo.objects.states, (a, b) => a !== b) }],
    };
    cache = { fills, borders };
  }
  return cache;
}
