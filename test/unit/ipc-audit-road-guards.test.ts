/**
 * The guard of AuditRequest.roadLimits (what the screen judged with): ids of the kept index and zones or
 * null, and the over-the-limit rule within the bounds the preferences keep; nothing else.
 */
import { describe, expect, it } from 'vitest';
import { resolveAnalysisParams } from '../../shared/analysis/params.ts';
import { OVER_LIMIT_MIN_SECONDS, OVER_LIMIT_TOLERANCE_MPH } from '../../shared/analysis/params.ts';
import { validArgs } from '../../shared/ipc/validate.ts';

const request = {
  carrierId: 'c1',
  vehicleId: 'v1',
  from: '2026-03-01',
  to: '2026-03-02',
  params: resolveAnalysisParams({}),
  days: [{ day: '2026-03-01', downloadedAt: 1_772_000_000_000, complete: true, rejected: 0 }],
};
const rule = { overLimitToleranceMph: 6, overLimitMinSeconds: 60 };
const limits = { indexId: '0b6c2a52-7a8e-4c1e-9d1f-3f0c8e4b2a10', zonesId: null, overLimit: rule };
const ok = (roadLimits: unknown, over: Record<string, unknown> = {}) =>
  validArgs('audit:begin', [{ ...request, ...over, roadLimits }]);

describe('audit:begin roadLimits', () => {
  it('takes kept ids or null for each, with the rule at its bounds, beside review marks or not', () => {
    expect(ok(limits)).toBe(true);
    expect(ok({ ...limits, indexId: null, zonesId: 'zones-1' })).toBe(true);
    expect(ok({ ...limits, indexId: null })).toBe(true);
    for (const overLimitToleranceMph of [OVER_LIMIT_TOLERANCE_MPH.min, OVER_LIMIT_TOLERANCE_MPH.max])
      for (const overLimitMinSeconds of [OVER_LIMIT_MIN_SECONDS.min, OVER_LIMIT_MIN_SECONDS.max])
        expect(ok({ ...limits, overLimit: { overLimitToleranceMph, overLimitMinSeconds } })).toBe(true);
    expect(ok(limits, { reviewMarks: [] })).toBe(true);
  });

  it('refuses ids that are not ids: empty, too long, with separators or control characters, numbers', () => {
    for (const bad of ['', 'x'.repeat(129), '../info.json', 'a b', 'id\n', 42, {}, undefined])
      for (const field of ['indexId', 'zonesId'])
        expect(ok({ ...limits, [field]: bad }), `${field} ${JSON.stringify(bad)}`).toBe(false);
  });

  it('refuses a rule out of bounds, not finite, textual, missing a key or with another', () => {
    const { min: tMin, max: tMax } = OVER_LIMIT_TOLERANCE_MPH;
    const { min: sMin, max: sMax } = OVER_LIMIT_MIN_SECONDS;
    for (const bad of [
      { overLimitToleranceMph: tMin - 0.5 },
      { overLimitToleranceMph: tMax + 0.5 },
      { overLimitToleranceMph: Number.NaN },
      { overLimitToleranceMph: Number.POSITIVE_INFINITY },
      { overLimitToleranceMph: '6' },
      { overLimitMinSeconds: sMin - 1 },
      { overLimitMinSeconds: sMax + 1 },
      { overLimitMinSeconds: null },
      { overLimitMinSeconds: undefined },
    ])
      expect(ok({ ...limits, overLimit: { ...rule, ...bad } }), JSON.stringify(bad)).toBe(false);
    expect(ok({ ...limits, overLimit: { overLimitToleranceMph: 6 } })).toBe(false);
    expect(ok({ ...limits, overLimit: { ...rule, tiers: [] } })).toBe(false);
    expect(ok({ ...limits, overLimit: null })).toBe(false);
    expect(ok({ ...limits, overLimit: [6, 60] })).toBe(false);
  });

  it('refuses a roadLimits that is no such object: missing or unknown fields, present but undefined, other types', () => {
    const { zonesId: _zones, ...noZones } = limits;
    expect(ok(noZones)).toBe(false);
    expect(ok({ ...limits, indexBytes: new Uint8Array(4) })).toBe(false);
    for (const bad of [undefined, null, 'index', [limits], 1]) expect(ok(bad), String(bad)).toBe(false);
    // An unknown field beside it is still refused, as before.
    expect(ok(limits, { roadLimitz: limits })).toBe(false);
  });
});
