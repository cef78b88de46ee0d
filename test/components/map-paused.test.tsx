/**
 * A map kept behind another screen draws no frame (usePausedMap): every repaint asked while paused is dropped,
 * a frame already requested is cancelled; shown again, the map is resized to its container and drawn once, with
 * MapLibre's own `triggerRepaint` back. A stand-in map records what the hook does to it.
 */
import { cleanup, renderHook } from '@testing-library/react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { afterEach, describe, expect, it } from 'vitest';
import { usePausedMap } from '../../renderer/src/map/use-paused-map.ts';

class StandInMap {
  frames = 0;
  resizes = 0;
  _frameRequest: AbortController | null = null;
  _removed = false;
  triggerRepaint(): void {
    this.frames++;
  }
  resize(): void {
    this.resizes++;
  }
}

const asMap = (m: StandInMap) => m as unknown as MapLibreMap;

afterEach(cleanup);

describe('usePausedMap', () => {
  it('drops repaints while paused and cancels the frame already requested', () => {
    const map = new StandInMap();
    const pending = new AbortController();
    map._frameRequest = pending;
    renderHook(() => usePausedMap(asMap(map), true));
    expect(pending.signal.aborted).toBe(true);
    expect(map._frameRequest).toBeNull();
    map.triggerRepaint();
    map.triggerRepaint();
    expect(map.frames).toBe(0);
    expect(map.resizes).toBe(0);
  });

  it('shown again: resized once, drawn once, and its own repaint works again', () => {
    const map = new StandInMap();
    const { rerender } = renderHook(({ paused }) => usePausedMap(asMap(map), paused), {
      initialProps: { paused: true },
    });
    map.triggerRepaint();
    rerender({ paused: false });
    expect(map.resizes).toBe(1);
    expect(map.frames).toBe(1);
    expect(Object.hasOwn(map, 'triggerRepaint')).toBe(false);
    map.triggerRepaint();
    expect(map.frames).toBe(2);
  });

  it('a map never paused is left alone', () => {
    const map = new StandInMap();
    const { rerender } = renderHook(({ paused }) => usePausedMap(asMap(map), paused), {
      initialProps: { paused: false },
    });
    rerender({ paused: false });
    map.triggerRepaint();
    expect(map.frames).toBe(1);
    expect(map.resizes).toBe(0);
  });

  it('a map removed while paused is not resized or drawn', () => {
    const map = new StandInMap();
    const { unmount } = renderHook(() => usePausedMap(asMap(map), true));
    map._removed = true;
    unmount();
    expect(map.resizes).toBe(0);
    expect(map.frames).toBe(0);
  });
});
