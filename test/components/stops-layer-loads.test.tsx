/**
 * Stops the map cannot draw at its zoom (more than STOPS_AT_EVERY_ZOOM, below STOPS_MIN_ZOOM) are not loaded into
 * it: each load is a pass of MapLibre's worker and a frame that would show nothing new. They are loaded once the
 * zoom reaches their range, and kept when it leaves it again. A stand-in map records the source's loads and the
 * layers' zoom ranges; its zoom is moved by hand, with MapLibre's `zoom` event.
 */
import { act, cleanup, render } from '@testing-library/react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { GeoJSON } from 'geojson';
import { afterEach, describe, expect, it } from 'vitest';
import type { Stop } from '../../shared/analysis/types.ts';
import { MapContext } from '../../renderer/src/map/map-context.ts';
import { STOPS_AT_EVERY_ZOOM, STOPS_MIN_ZOOM, StopsLayer } from '../../renderer/src/map/StopsLayer.tsx';

class StandInMap {
  /** What the stops source was given, in order: `add N` / `set N` features. */
  loads: string[] = [];
  ranges = new Map<string, number>();
  zoom = 4;
  style = {};
  private layers = new Set<string>();
  private sources = new Map<string, { setData(d: GeoJSON): void }>();
  private listeners = new Map<string, Set<() => void>>();
  private container = document.createElement('div');
  addSource(id: string, spec: { data: GeoJSON }): void {
    this.loads.push(`add ${count(spec.data)}`);
    this.sources.set(id, { setData: (d) => this.loads.push(`set ${count(d)}`) });
  }
  getSource(id: string) {
    return this.sources.get(id);
  }
  removeSource(id: string): void {
    this.sources.delete(id);
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
  setLayerZoomRange(id: string, min: number): void {
    this.ranges.set(id, min);
  }
  getZoom(): number {
    return this.zoom;
  }
  getContainer(): HTMLElement {
    return this.container;
  }
  loaded(): boolean {
    return false;
  }
  isMoving(): boolean {
    return false;
  }
  on(type: string, f: () => void): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(f);
  }
  off(type: string, f: () => void): void {
    this.listeners.get(type)?.delete(f);
  }
  zoomTo(z: number): void {
    this.zoom = z;
    this.listeners.get('zoom')?.forEach((f) => f());
  }
}

const count = (d: GeoJSON) => (d.type === 'FeatureCollection' ? d.features.length : -1);

const stopsOf = (n: number, offset = 0): Stop[] =>
  Array.from({ length: n }, (_, i) => ({
    vehicleId: 'v',
    startMs: (offset + i) * 3_600_000,
    endMs: (offset + i) * 3_600_000 + 600_000,
    durationSeconds: 600,
    lat: 40 + i * 0.01,
    lng: -100,
    place: '',
    at: { chunk: 0, point: offset + i },
  }));

function mount(map: StandInMap, stops: readonly Stop[]) {
  const view = (s: readonly Stop[]) => (
    <MapContext.Provider value={map as unknown as MapLibreMap}>
      <StopsLayer stops={s} />
    </MapContext.Provider>
  );
  const r = render(view(stops));
  return { show: (s: readonly Stop[]) => r.rerender(view(s)) };
}

afterEach(cleanup);

const MANY = STOPS_AT_EVERY_ZOOM + 1;

describe('StopsLayer loads only stops the map can draw at its zoom', () => {
  it('a few stops are loaded at any zoom, with the range from zoom 0', () => {
    const map = new StandInMap();
    mount(map, stopsOf(STOPS_AT_EVERY_ZOOM));
    expect(map.loads).toEqual([`add ${STOPS_AT_EVERY_ZOOM}`]);
    expect(map.ranges.get('rl-stops')).toBe(0);
    expect(map.getContainer().dataset['stopsMinZoom']).toBe('0');
  });

  it('many stops wait for their zoom, are loaded there once, and are kept when zoomed out and in again', () => {
    const map = new StandInMap();
    const stops = stopsOf(MANY);
    mount(map, stops);
    expect(map.loads).toEqual(['add 0']);
    // The tests' attribute still names the range the stops are drawn from.
    expect(map.getContainer().dataset['stopsMinZoom']).toBe(String(STOPS_MIN_ZOOM));
    act(() => map.zoomTo(STOPS_MIN_ZOOM - 0.5));
    expect(map.loads).toEqual(['add 0']);
    act(() => map.zoomTo(STOPS_MIN_ZOOM + 1));
    expect(map.loads).toEqual(['add 0', `set ${MANY}`]);
    expect(map.ranges.get('rl-stops')).toBe(STOPS_MIN_ZOOM);
    expect(map.ranges.get('rl-stops-label')).toBeGreaterThanOrEqual(STOPS_MIN_ZOOM);
    act(() => map.zoomTo(3));
    act(() => map.zoomTo(STOPS_MIN_ZOOM + 2));
    expect(map.loads).toEqual(['add 0', `set ${MANY}`]);
  });

  it("a new selection's stops the map cannot draw replace drawn ones with none, and leave the range alone", () => {
    const map = new StandInMap();
    const { show } = mount(map, stopsOf(5));
    expect(map.ranges.get('rl-stops')).toBe(0);
    show(stopsOf(MANY, 100));
    // The five drawn at every zoom must go; the many are not loaded at zoom 4.
    expect(map.loads).toEqual(['add 5', 'set 0']);
    expect(map.ranges.get('rl-stops')).toBe(0);
    // Loading (no stops yet) and then many again, still zoomed out: nothing to load.
    show([]);
    show(stopsOf(MANY, 200));
    expect(map.loads).toEqual(['add 5', 'set 0']);
  });

  it('many stops already zoomed in are loaded at once', () => {
    const map = new StandInMap();
    map.zoom = STOPS_MIN_ZOOM + 3;
    mount(map, stopsOf(MANY));
    expect(map.loads).toEqual([`add ${MANY}`]);
    expect(map.ranges.get('rl-stops')).toBe(STOPS_MIN_ZOOM);
  });
});
