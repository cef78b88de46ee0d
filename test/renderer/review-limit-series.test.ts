import { describe, expect, it } from 'vitest';
import { createRoadIndex } from '../../shared/roads/road-index.ts';
import { DEFAULT_TIERS } from '../../shared/roads/tiers.ts';
import type { RoadWay } from '../../shared/roads/types.ts';
import { limitsInWindow, type SelectionLimits } from '../../renderer/src/workers/limit-series.ts';
import { limitSteps } from '../../renderer/src/workers/series.ts';

const f64 = (xs: number[]) => Float64Array.from(xs);
/** Pairs of a step line, NaN kept (toEqual on NaN pairs compares them as equal). */
const pairs = (s: { t: Float64Array; v: Float64Array }) => Array.from(s.t, (t, k) => [t, s.v[k]]);

describe('the limit as a step line per pixel column', () => {
  it('takes the lowest limit of a column, so the line never shows more headroom than the road gave', () => {
    // 4 columns of 10 ms over [0, 40]: readings every 5 ms.
    const t = f64([0, 5, 10, 15, 20, 25, 30, 35]);
    const limit = f64([65, 45, 65, 65, 55, 70, 70, 70]);
    expect(pairs(limitSteps(t, limit, 0, 40, 4, 1000))).toEqual([
      [0, 45],
      [10, 65],
      [20, 55],
      [30, 70],
      [35, 70],
    ]);
  });

  it('ignores readings without a limit in a column that has one, and breaks the line where none has', () => {
    const t = f64([0, 5, 10, 15, 20]);
    const limit = f64([NaN, 45, NaN, NaN, 45]);
    expect(pairs(limitSteps(t, limit, 0, 30, 3, 1000))).toEqual([
      [0, 45],
      [10, NaN],
      [20, 45],
      [20, 45],
    ]);
  });

  it('breaks the line over a silence longer than the gap rule', () => {
    const t = f64([0, 1, 50, 51]);
    const limit = f64([65, 65, 65, 65]);
    const steps = pairs(limitSteps(t, limit, 0, 100, 100, 10));
    expect(steps).toEqual([
      [0, 65],
      [1, 65],
      [1, NaN],
      [50, 65],
      [51, 65],
      [51, 65],
    ]);
  });

  it('keeps to the window and has at most a step per column plus the closing point', () => {
    const n = 10_000;
    const t = Float64Array.from({ length: n }, (_, i) => i * 1000);
    const limit = Float64Array.from({ length: n }, (_, i) => 30 + (i % 7) * 5);
    const steps = limitSteps(t, limit, 2_000_000, 4_000_000, 50, 5000);
    expect(steps.t.length).toBeLessThanOrEqual(51);
    expect(Math.min(...steps.t)).toBeGreaterThanOrEqual(2_000_000);
    expect(Math.max(...steps.t)).toBeLessThanOrEqual(4_000_000);
    // Each column holds every limit of the cycle: its lowest is 30.
    expect(new Set(steps.v)).toEqual(new Set([30]));
  });

  it('is empty for a window without readings', () => {
    expect(limitSteps(f64([0, 1]), f64([45, 45]), 10, 20, 5, 1000).t.length).toBe(0);
  });
});

describe('the window’s limits sent to the page', () => {
  const way = (name: string, ref: string): RoadWay => ({
    wayId: 1,
    highway: 'primary',
    name,
    ref,
    oneway: 0,
    forwardMph: 45,
    backwardMph: 45,
    source: 'posted',
    limitText: '45 mph',
    conditional: '',
  });
  const index = createRoadIndex(
    [way('Main St', ''), way('', 'I 70'), way('Bay Bridge', 'US 50')],
    [
      [0, 0, 0, 0.01],
      [0, 0.01, 0, 0.02],
      [0, 0.02, 0, 0.03],
    ],
  );
  const sel: SelectionLimits = {
    length: 6,
    t: f64([0, 10, 20, 30, 40, 50]),
    limitMph: f64([45, 45, 65, NaN, 50, 50]),
    overMph: f64([1, 2, 3, NaN, -1, -2]),
    way: Int32Array.from([0, 0, 1, -1, 2, 1]),
    shown: Uint8Array.from([2, 2, 2, 0, 2, 2]),
    cls: Uint8Array.from([2, 2, 2, 0, 1, 1]),
    index,
    tiers: DEFAULT_TIERS,
  };

  it('cuts the readings to the window and names each of its roads once', () => {
    const w = limitsInWindow(sel, 10, 50, 4, 1000);
    expect(Array.from(w.t)).toEqual([10, 20, 30, 40, 50]);
    expect(w.roads).toEqual(['Main St', 'I 70', 'Bay Bridge (US 50)']);
    expect(Array.from(w.road)).toEqual([0, 1, -1, 2, 1]);
    expect(Array.from(w.overMph)).toEqual([2, 3, NaN, -1, -2]);
    expect(Array.from(w.cls)).toEqual([2, 2, 0, 1, 1]);
  });

  it('gives arrays of its own, so moving them to the page leaves the selection whole', () => {
    const w = limitsInWindow(sel, 0, 50, 4, 1000);
    const buffers = [w.t, w.limitMph, w.overMph, w.shown, w.cls, w.road, w.line.t, w.line.v].map((a) => a.buffer);
    expect(new Set(buffers).size).toBe(buffers.length);
    for (const b of buffers)
      expect([sel.t, sel.limitMph, sel.overMph, sel.way].some((a) => a.buffer === b)).toBe(false);
  });
});
