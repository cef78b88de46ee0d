/**
 * Trip review's "drawn" report (DrawnReporter): at the first frame with every overlay source loaded and the
 * camera still, or at once, with no frame asked, when the map has changed nothing since its last frame (a
 * frame costs hundreds of ms on a software-rendered GPU and would show nothing new). A stand-in map holds
 * MapLibre's flags and records the frames asked.
 */
import { act, cleanup, render } from '@testing-library/react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MapContext } from '../../renderer/src/map/map-context.ts';
import { DrawnReporter } from '../../renderer/src/features/review/DrawnReporter.tsx';

class StandInMap {
  /** MapLibre's `loaded()`: false while a style, source or data change waits for a frame. */
  changed = false;
  moving = false;
  loading = new Set<string>();
  framesAsked = 0;
  private sources = new Set(['rl-route', 'rl-stops']);
  private listeners = new Map<string, Set<() => void>>();
  loaded(): boolean {
    return !this.changed;
  }
  isMoving(): boolean {
    return this.moving;
  }
  getSource(id: string) {
    return this.sources.has(id) ? {} : undefined;
  }
  isSourceLoaded(id: string): boolean {
    return !this.loading.has(id);
  }
  triggerRepaint(): void {
    this.framesAsked++;
  }
  on(type: string, f: () => void): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(f);
  }
  off(type: string, f: () => void): void {
    this.listeners.get(type)?.delete(f);
  }
  /** A frame drawn: what it waited for is drawn with it. */
  frame(): void {
    this.changed = false;
    this.listeners.get('render')?.forEach((f) => f());
  }
}

function mount(map: StandInMap, drawKey: string, onDrawn: (key: string) => void) {
  const view = (key: string) => (
    <MapContext.Provider value={map as unknown as MapLibreMap}>
      <DrawnReporter drawKey={key} onDrawn={onDrawn} />
    </MapContext.Provider>
  );
  const r = render(view(drawKey));
  return { next: (key: string) => r.rerender(view(key)) };
}

afterEach(cleanup);

describe('DrawnReporter', () => {
  it('a map that changed nothing since its last frame is drawn at once, with no frame asked', () => {
    const map = new StandInMap();
    const onDrawn = vi.fn();
    const { next } = mount(map, 'route', onDrawn);
    expect(onDrawn).toHaveBeenLastCalledWith('route');
    // The analysis came: stops the map cannot draw at this zoom were not loaded, charts only.
    next('complete');
    expect(onDrawn).toHaveBeenLastCalledWith('complete');
    expect(map.framesAsked).toBe(0);
  });

  it('a change waiting for a frame: a frame is asked, and drawn means that frame with every overlay in', () => {
    const map = new StandInMap();
    map.changed = true;
    map.loading.add('rl-stops');
    const onDrawn = vi.fn();
    mount(map, 'complete', onDrawn);
    expect(onDrawn).not.toHaveBeenCalled();
    expect(map.framesAsked).toBe(1);
    // A frame while the stops still load in MapLibre's worker is not the drawn one.
    act(() => map.frame());
    expect(onDrawn).not.toHaveBeenCalled();
    map.loading.clear();
    map.changed = true;
    act(() => map.frame());
    expect(onDrawn).toHaveBeenCalledTimes(1);
    expect(onDrawn).toHaveBeenCalledWith('complete');
    act(() => map.frame());
    expect(onDrawn).toHaveBeenCalledTimes(1);
  });

  it('a moving camera is never drawn, even with nothing else to wait for', () => {
    const map = new StandInMap();
    map.moving = true;
    const onDrawn = vi.fn();
    mount(map, 'route', onDrawn);
    act(() => map.frame());
    expect(onDrawn).not.toHaveBeenCalled();
    map.moving = false;
    act(() => map.frame());
    expect(onDrawn).toHaveBeenCalledWith('route');
  });
});
