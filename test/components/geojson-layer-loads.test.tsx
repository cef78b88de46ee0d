/**
 * Every GeoJSON data set is a load in MapLibre's worker and a frame (hundreds of ms on a software-rendered GPU):
 * useGeoJsonLayer adds a source with the data it has, never empty-then-set, and sets data only when it differs
 * from what the source holds (by value).
 * A source id that changes (the route switching colourings) replaces the layers with one load of the data.
 * A stand-in map records the calls.
 */
import { cleanup, renderHook } from '@testing-library/react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { GeoJSON } from 'geojson';
import { afterEach, describe, expect, it } from 'vitest';
import { useGeoJsonLayer } from '../../renderer/src/map/use-geojson-layer.ts';
import type { OverlayLayerSpec } from '../../renderer/src/map/style-types.ts';

class StandInMap {
  calls: string[] = [];
  sources = new Map<string, { data: GeoJSON }>();
  layers = new Set<string>();
  style = {};
  addSource(id: string, spec: { data: GeoJSON }): void {
    this.calls.push(`add ${id} ${label(spec.data)}`);
    this.sources.set(id, { data: spec.data });
  }
  removeSource(id: string): void {
    this.calls.push(`remove ${id}`);
    this.sources.delete(id);
  }
  getSource(id: string) {
    const s = this.sources.get(id);
    return s && { setData: (d: GeoJSON) => (this.calls.push(`set ${id} ${label(d)}`), (s.data = d)) };
  }
  addLayer(l: { id: string }): void {
    this.layers.add(l.id);
  }
  getLayer(id: string) {
    return this.layers.has(id) ? {} : undefined;
  }
  removeLayer(id: string): void {
    this.layers.delete(id);
  }
}

const fc = (name: string): GeoJSON => ({
  type: 'FeatureCollection',
  features: [{ type: 'Feature', properties: { name }, geometry: { type: 'Point', coordinates: [0, 0] } }],
});
const label = (d: GeoJSON) =>
  d.type === 'FeatureCollection' && d.features.length > 0 ? String(d.features[0]!.properties!['name']) : 'empty';
const LAYERS: OverlayLayerSpec[] = [{ id: 'l', type: 'circle', paint: {} } as OverlayLayerSpec];

afterEach(cleanup);

describe('useGeoJsonLayer', () => {
  it('adds the source with its data (one load), then sets only data that is new', () => {
    const map = new StandInMap();
    const a = fc('a');
    const { rerender } = renderHook(
      ({ data }) => useGeoJsonLayer(map as unknown as MapLibreMap, 'rl-x', LAYERS, data, 'anchor'),
      { initialProps: { data: a } },
    );
    expect(map.calls).toEqual(['add rl-x a']);
    rerender({ data: a });
    expect(map.calls).toEqual(['add rl-x a']);
    const b = fc('b');
    rerender({ data: b });
    rerender({ data: b });
    expect(map.calls).toEqual(['add rl-x a', 'set rl-x b']);
    // Back to the first data after another: set again (the source holds b).
    rerender({ data: a });
    expect(map.calls).toEqual(['add rl-x a', 'set rl-x b', 'set rl-x a']);
  });

  it('equal data built anew (the same days read again, a limit changed that leaves it as it was) is not set', () => {
    const map = new StandInMap();
    const { rerender } = renderHook(
      ({ data }) => useGeoJsonLayer(map as unknown as MapLibreMap, 'rl-x', LAYERS, data, 'anchor'),
      { initialProps: { data: fc('a') } },
    );
    rerender({ data: fc('a') });
    rerender({ data: fc('b') });
    rerender({ data: fc('b') });
    rerender({ data: fc('a') });
    expect(map.calls).toEqual(['add rl-x a', 'set rl-x b', 'set rl-x a']);
  });

  it('a new source id replaces the source with one load of the current data', () => {
    const map = new StandInMap();
    const a = fc('a');
    const { rerender } = renderHook(
      ({ id, data }) => useGeoJsonLayer(map as unknown as MapLibreMap, id, LAYERS, data, 'anchor'),
      { initialProps: { id: 'rl-speed', data: a } },
    );
    const b = fc('b');
    rerender({ id: 'rl-limit', data: b });
    expect(map.calls).toEqual(['add rl-speed a', 'remove rl-speed', 'add rl-limit b']);
    expect([...map.sources.keys()]).toEqual(['rl-limit']);
  });

  it('no data yet: the source is added empty, and the first data is set', () => {
    const map = new StandInMap();
    const { rerender } = renderHook(
      ({ data }) => useGeoJsonLayer(map as unknown as MapLibreMap, 'rl-x', LAYERS, data, 'anchor'),
      { initialProps: { data: null as GeoJSON | null } },
    );
    rerender({ data: null });
    rerender({ data: fc('a') });
    expect(map.calls).toEqual(['add rl-x empty', 'set rl-x a']);
  });
});
