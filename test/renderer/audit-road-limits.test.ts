/**
 * What the Review's "Audit bundle" asks to be judged with (auditRoadLimitsOf): the ids of the limits the
 * workers judge with and the preferences' rule, accepted by the audit:begin guard as sent; nothing while
 * they load or when they could not be read (the screen then judges without them).
 */
import { describe, expect, it } from 'vitest';
import { resolveAnalysisParams } from '../../shared/analysis/params.ts';
import { validArgs } from '../../shared/ipc/validate.ts';
import { auditRoadLimitsOf } from '../../renderer/src/features/review/audit-bundle.ts';
import { workerRoadsOf } from '../../renderer/src/roads/worker-roads-of.ts';
import type { RoadLimitsSpec } from '../../renderer/src/workers/worker-roads.ts';

const kept: RoadLimitsSpec = { indexId: 'idx-1', indexBytes: new Uint8Array(8), zonesId: null, zonesGeojson: null };
const ready = (spec: RoadLimitsSpec | null) => ({ state: 'ready' as const, spec, index: null, zones: null });
const rule = { overLimitToleranceMph: 8, overLimitMinSeconds: 90 };
const begin = (roadLimits: unknown) =>
  validArgs('audit:begin', [
    {
      carrierId: 'c1',
      vehicleId: 'v1',
      from: '2026-03-01',
      to: '2026-03-01',
      params: resolveAnalysisParams({}),
      days: [],
      roadLimits,
    },
  ]);

describe('the road limits an audit bundle asks for', () => {
  it('names the kept index and zones the workers judge with, and the rule, as the guard takes them', () => {
    const asked = auditRoadLimitsOf(workerRoadsOf(ready(kept), rule), rule);
    expect(asked).toEqual({ indexId: 'idx-1', zonesId: null, overLimit: rule });
    expect(begin(asked)).toBe(true);
    const zonesOnly = auditRoadLimitsOf(workerRoadsOf(ready({ ...kept, indexId: null, zonesId: 'z-1' }), rule), rule);
    expect(zonesOnly).toMatchObject({ indexId: null, zonesId: 'z-1' });
  });

  it('names none kept as nulls, so an import since the screen was drawn is noticed', () => {
    const asked = auditRoadLimitsOf(workerRoadsOf(ready(null), rule), rule);
    expect(asked).toEqual({ indexId: null, zonesId: null, overLimit: rule });
    expect(begin(asked)).toBe(true);
  });

  it('asks for nothing while the limits load or when they could not be read', () => {
    expect(auditRoadLimitsOf(workerRoadsOf({ state: 'loading' }, rule), rule)).toBeUndefined();
    const failed = workerRoadsOf({ state: 'failed', message: 'The road index ended at byte 8 of 16.' }, rule);
    expect(auditRoadLimitsOf(failed, rule)).toBeUndefined();
  });

  it('sends only the rule’s two values, whatever else the preferences carry', () => {
    const prefs = { ...rule, gapSeconds: 600 } as typeof rule;
    expect(auditRoadLimitsOf(workerRoadsOf(ready(kept), prefs), prefs)!.overLimit).toEqual(rule);
  });
});
