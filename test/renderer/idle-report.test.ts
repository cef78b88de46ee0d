import type { Map as MapLibreMap } from 'maplibre-gl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onIdleReport } from '../../renderer/src/map/idle-report.ts';

/** A map that only keeps its idle listeners: what onIdleReport uses of MapLibre. */
function fakeMap() {
  const listeners = new Set<() => void>();
  const map = {
    on: (_: 'idle', f: () => void) => listeners.add(f),
    off: (_: 'idle', f: () => void) => listeners.delete(f),
  } as unknown as MapLibreMap;
  return { map, idle: () => listeners.forEach((f) => f()), listening: () => listeners.size };
}

describe('onIdleReport (test attributes written after the map is idle, never inside its frame)', () => {
  afterEach(() => vi.useRealTimers());

  it('reports after the idle event returns, once for idles in a row', async () => {
    vi.useFakeTimers();
    const { map, idle } = fakeMap();
    const report = vi.fn();
    onIdleReport(map, report);
    idle();
    expect(report).not.toHaveBeenCalled();
    idle();
    await vi.runAllTimersAsync();
    expect(report).toHaveBeenCalledTimes(1);
    idle();
    await vi.runAllTimersAsync();
    expect(report).toHaveBeenCalledTimes(2);
  });

  it('stops listening and drops a pending report when unsubscribed', async () => {
    vi.useFakeTimers();
    const { map, idle, listening } = fakeMap();
    const report = vi.fn();
    const stop = onIdleReport(map, report);
    idle();
    stop();
    await vi.runAllTimersAsync();
    expect(report).not.toHaveBeenCalled();
    expect(listening()).toBe(0);
  });
});
