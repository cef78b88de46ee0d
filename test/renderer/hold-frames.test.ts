/**
 * renderer/src/map/hold-frames.ts over a stand-in of the MapLibre map's few parts it reads (no WebGL here): a
 * frame asked at the camera last drawn while an overlay source or a local archive's tiles load waits for them,
 * at most HOLD_FRAME_MAX_MS; a frame for a new camera, a moving map, an online basemap source loading, or an
 * overlay source paused or just added (each needs a frame to go on) is never held.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { HOLD_FRAME_MAX_MS, holdFramesForOverlays } from '../../renderer/src/map/hold-frames.ts';

class StandInMap {
  frames = 0;
  zoom = 6;
  moving = false;
  style = {
    tileManagers: {} as Record<
      string,
      { loaded: () => boolean; _paused?: boolean; transform?: object; getSource: () => { tiles?: string[] } }
    >,
  };
  private handlers = new Map<string, (() => void)[]>();
  triggerRepaint(): void {
    this.frames++;
    // A frame drawn: MapLibre fires `render` after it.
    this.fire('render');
  }
  on(type: string, fn: () => void): this {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), fn]);
    return this;
  }
  fire(type: string): void {
    for (const fn of this.handlers.get(type) ?? []) fn();
  }
  getCenter() {
    return { lng: -98, lat: 30 };
  }
  getZoom() {
    return this.zoom;
  }
  getBearing() {
    return 0;
  }
  getPitch() {
    return 0;
  }
  getCanvas() {
    return { width: 800, height: 600 };
  }
  isMoving() {
    return this.moving;
  }
}

/** A source whose load the test ends: `done()` marks it loaded and fires MapLibre's `sourcedata`. */
function source(map: StandInMap, id: string, opts: { paused?: boolean; added?: boolean; tiles?: string[] } = {}) {
  let loaded = false;
  // A manager has MapLibre's transform from its first update (in a frame); one just added has none yet.
  map.style.tileManagers[id] = {
    loaded: () => loaded,
    getSource: () => (opts.tiles ? { tiles: opts.tiles } : {}),
    ...(opts.paused && { _paused: true }),
    ...(!opts.added && { transform: {} }),
  };
  return {
    done: () => {
      loaded = true;
      map.fire('sourcedata');
    },
  };
}

let map: StandInMap;
beforeEach(() => {
  vi.useFakeTimers();
  map = new StandInMap();
  holdFramesForOverlays(map as unknown as MapLibreMap);
  // The first frame (nothing drawn yet) is never held: it draws the camera.
  (map as unknown as MapLibreMap).triggerRepaint();
});
afterEach(() => vi.useRealTimers());

const ask = () => (map as unknown as MapLibreMap).triggerRepaint();

describe('a frame at the camera last drawn', () => {
  it('waits while an overlay loads and is drawn once, when it is in', () => {
    const route = source(map, 'rl-route');
    expect(map.frames).toBe(1);
    ask();
    ask();
    expect(map.frames).toBe(1);
    route.done();
    expect(map.frames).toBe(2);
    // Nothing loading: drawn at once.
    ask();
    expect(map.frames).toBe(3);
  });

  it('is drawn after HOLD_FRAME_MAX_MS when the overlay never loads', () => {
    source(map, 'rl-route');
    ask();
    vi.advanceTimersByTime(HOLD_FRAME_MAX_MS - 1);
    expect(map.frames).toBe(1);
    vi.advanceTimersByTime(1);
    expect(map.frames).toBe(2);
  });

  it('is not drawn when the map was paused meanwhile (usePausedMap): the pause draws on resume', () => {
    source(map, 'rl-route');
    ask();
    const own = map as unknown as { triggerRepaint: () => void };
    const wrapper = own.triggerRepaint;
    own.triggerRepaint = () => undefined;
    vi.advanceTimersByTime(HOLD_FRAME_MAX_MS);
    expect(map.frames).toBe(1);
    own.triggerRepaint = wrapper;
  });

  it("waits while a local archive's tiles load (the built-in basemap, a .pmtiles file), drawn once all are in", () => {
    const basemap = source(map, 'basemap', { tiles: ['pmtiles://routelens/basemap/{z}/{x}/{y}'] });
    const file = source(map, 'pmtiles', { tiles: ['pmtiles://streets.pmtiles/{z}/{x}/{y}'] });
    ask();
    basemap.done();
    ask();
    expect(map.frames).toBe(1);
    file.done();
    expect(map.frames).toBe(2);
  });

  it('is not held for an online basemap source, a paused overlay (a style change) or one just added (its first tiles)', () => {
    source(map, 'countries');
    source(map, 'online', { tiles: ['https://tiles.example.com/{z}/{x}/{y}.pbf'] });
    ask();
    expect(map.frames).toBe(2);
    source(map, 'rl-route');
    source(map, 'rl-stops', { paused: true });
    ask();
    expect(map.frames).toBe(3);
    delete map.style.tileManagers['rl-stops'];
    source(map, 'rl-route-limit', { added: true });
    ask();
    expect(map.frames).toBe(4);
  });
});

describe('a frame that moves', () => {
  it('is drawn at once for a new camera or a moving map, overlays loading or not', () => {
    source(map, 'rl-route');
    map.zoom = 7;
    ask();
    expect(map.frames).toBe(2);
    map.moving = true;
    ask();
    expect(map.frames).toBe(3);
  });
});
