import { describe, expect, it } from 'vitest';
import { DEFAULT_ADJUSTABLE_PARAMS } from '../../shared/analysis/adjustable.ts';
import { workerRoadsOf } from '../../renderer/src/roads/worker-roads-of.ts';
import { NO_ROADS_KEY, roadLimitsKey, type RoadLimitsSpec } from '../../renderer/src/workers/worker-roads.ts';

const kept: RoadLimitsSpec = { indexId: 'idx-1', indexBytes: new Uint8Array(8), zonesId: 'z-1', zonesGeojson: '{}' };
const ready = (spec: RoadLimitsSpec | null) => ({ state: 'ready' as const, spec, index: null, zones: null });
const rule = (overLimitToleranceMph: number, overLimitMinSeconds = 60) => ({
  overLimitToleranceMph,
  overLimitMinSeconds,
});

describe('what the workers judge with', () => {
  it('nothing is analysed while the kept limits load', () => {
    expect(workerRoadsOf({ state: 'loading' }, DEFAULT_ADJUSTABLE_PARAMS)).toEqual({ ready: false });
  });

  it('no index and no zones: no limits, whatever the rule (a rule alone changes nothing to judge)', () => {
    expect(workerRoadsOf(ready(null), rule(6))).toEqual({ ready: true, spec: null, key: NO_ROADS_KEY });
    expect(workerRoadsOf(ready(null), rule(9, 300))).toEqual({ ready: true, spec: null, key: NO_ROADS_KEY });
  });

  it('limits that could not be read: judged without them, the reason kept to show', () => {
    const s = workerRoadsOf({ state: 'failed', message: 'The road index ended at byte 8 of 16.' }, rule(6));
    expect(s).toEqual({ ready: true, spec: null, key: NO_ROADS_KEY, problem: 'The road index ended at byte 8 of 16.' });
  });

  it('kept limits carry the rule, and its key changes with the rule, the index and the zones', () => {
    const s = workerRoadsOf(ready(kept), rule(6));
    if (!s.ready || !s.spec) throw new Error('expected limits');
    expect(s.spec.indexBytes).toBe(kept.indexBytes);
    expect(s.spec.overLimit!.minSeconds).toBe(60);
    expect(s.key).toBe(roadLimitsKey(s.spec));
    const keyOf = (load: RoadLimitsSpec, r = rule(6)) => (workerRoadsOf(ready(load), r) as { key: string }).key;
    expect(keyOf({ ...kept })).toBe(s.key);
    expect(keyOf(kept, rule(7))).not.toBe(s.key);
    expect(keyOf(kept, rule(6, 61))).not.toBe(s.key);
    expect(keyOf({ ...kept, indexId: 'idx-2' })).not.toBe(s.key);
    expect(keyOf({ ...kept, zonesId: null, zonesGeojson: null })).not.toBe(s.key);
  });
});
