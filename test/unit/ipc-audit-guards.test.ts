import { describe, expect, it } from 'vitest';
import { resolveAnalysisParams } from '../../shared/analysis/params.ts';
import type { ReviewMark } from '../../shared/inbox/trail.ts';
import { AUDIT_LIMITS, validArgs } from '../../shared/ipc/validate.ts';

describe('audit:begin', () => {
  const day = { day: '2026-03-01', downloadedAt: 1_772_000_000_000, complete: true, rejected: 0 };
  const request = {
    carrierId: 'c1',
    vehicleId: 'v1',
    from: '2026-03-01',
    to: '2026-03-02',
    params: resolveAnalysisParams({}),
    days: [day],
  };
  const ok = (over: Record<string, unknown>) => validArgs('audit:begin', [{ ...request, ...over }]);

  it('takes a request, a one-day range, days not yet downloaded, and up to 400 days', () => {
    expect(ok({})).toBe(true);
    expect(ok({ to: '2026-03-01' })).toBe(true);
    expect(ok({ days: [{ ...day, downloadedAt: null, complete: false, rejected: 3 }] })).toBe(true);
    expect(ok({ days: [{ ...day, downloadedAt: 0 }] })).toBe(true);
    expect(ok({ days: Array(AUDIT_LIMITS.maxDays).fill(day) })).toBe(true);
  });

  it('takes up to 20,000 review marks of the vehicle', () => {
    const mark: ReviewMark = {
      key: 'v1|speeding|1772000000000',
      vehicleId: 'v1',
      kind: 'speeding',
      startMs: 1_772_000_000_000,
      endMs: 1_772_000_060_000,
      state: 'reviewed',
      note: '',
      reviewedAt: 1_772_100_000_000,
      reviewer: '',
      history: [],
    };
    expect(ok({ reviewMarks: Array(AUDIT_LIMITS.maxMarks).fill(mark) })).toBe(true);
    expect(ok({ reviewMarks: Array(AUDIT_LIMITS.maxMarks + 1).fill(mark) })).toBe(false);
  });

  it('refuses a range backwards, bad ids or days, and more than 400 days', () => {
    expect(ok({ from: '2026-03-03' })).toBe(false);
    expect(ok({ carrierId: '' })).toBe(false);
    expect(ok({ vehicleId: '' })).toBe(false);
    expect(ok({ from: '2026-02-30' })).toBe(false);
    expect(ok({ to: 'tomorrow' })).toBe(false);
    expect(ok({ days: Array(AUDIT_LIMITS.maxDays + 1).fill(day) })).toBe(false);
    expect(ok({ days: day })).toBe(false);
  });

  it('refuses a day fact with a bad day, time, flag or count', () => {
    for (const bad of [
      { day: '2026-13-01' },
      { downloadedAt: -1 },
      { downloadedAt: Number.POSITIVE_INFINITY },
      { downloadedAt: '2026' },
      { complete: 'yes' },
      { rejected: -1 },
      { rejected: 0.5 },
      { rejected: '0' },
    ]) {
      expect(ok({ days: [{ ...day, ...bad }] }), JSON.stringify(bad)).toBe(false);
    }
    expect(ok({ days: [{ ...day, extra: 1 }] })).toBe(false);
  });

  it('refuses parameters that are missing, extra, not finite, or that the analysis refuses', () => {
    const { minTripMiles: _omit, ...fewer } = request.params;
    expect(ok({ params: fewer })).toBe(false);
    expect(ok({ params: { ...request.params, extra: 1 } })).toBe(false);
    expect(ok({ params: { ...request.params, gapSeconds: Number.NaN } })).toBe(false);
    expect(ok({ params: { ...request.params, gapSeconds: '600' } })).toBe(false);
    expect(ok({ params: { ...request.params, gapSeconds: 0 } })).toBe(false);
    expect(ok({ params: { ...request.params, gapSeconds: 1 } })).toBe(true);
    // Present but undefined: the analysis would take its default, the guard does not.
    expect(ok({ params: { ...request.params, gapSeconds: undefined } })).toBe(false);
    // As many fields as the analysis has, but one of them unknown in place of gapSeconds.
    const { gapSeconds: _gap, ...others } = request.params;
    expect(ok({ params: { ...others, gapSecs: 1200 } })).toBe(false);
  });
});

describe('audit:addReadings', () => {
  function chunk(n: number, over: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      vehicleId: 'v1',
      day: '2026-03-01',
      vehicleNumber: 'T-1',
      vin: 'VIN',
      length: n,
      t: new Float64Array(n),
      lat: new Float64Array(n),
      lng: new Float64Array(n),
      speed: new Float64Array(n),
      direction: new Float64Array(n),
      status: new Uint8Array(n),
      id: Array(n).fill('r'),
      location: Array(n).fill(''),
      ...over,
    };
  }
  const ok = (c: unknown) => validArgs('audit:addReadings', ['a1', c]);

  it('takes a chunk of 1 to 10,000 readings with columns of that length', () => {
    expect(ok(chunk(1))).toBe(true);
    expect(ok(chunk(AUDIT_LIMITS.pointsPerCall))).toBe(true);
  });

  it('refuses an empty or too long chunk, a fractional or textual length', () => {
    expect(ok(chunk(0))).toBe(false);
    expect(ok(chunk(AUDIT_LIMITS.pointsPerCall + 1))).toBe(false);
    expect(ok(chunk(2, { length: 1.5 }))).toBe(false);
    expect(ok(chunk(2, { length: '2' }))).toBe(false);
  });

  it('refuses each column that is of another length or type', () => {
    for (const col of ['t', 'lat', 'lng', 'speed', 'direction']) {
      expect(ok(chunk(2, { [col]: new Float64Array(3) })), col).toBe(false);
      expect(ok(chunk(2, { [col]: [0, 0] })), col).toBe(false);
    }
    expect(ok(chunk(2, { status: new Uint8Array(3) }))).toBe(false);
    expect(ok(chunk(2, { status: new Float64Array(2) }))).toBe(false);
    expect(ok(chunk(2, { id: ['r'] }))).toBe(false);
    expect(ok(chunk(2, { id: 'rr' }))).toBe(false);
    expect(ok(chunk(2, { id: ['r', 5] }))).toBe(false);
    expect(ok(chunk(2, { location: ['x'] }))).toBe(false);
    expect(ok(chunk(2, { location: 'xx' }))).toBe(false);
    expect(ok(chunk(2, { location: ['x', 'y'.repeat(257)] }))).toBe(false);
  });

  it('takes texts of up to 256 characters and refuses longer ones, a bad id or day', () => {
    expect(ok(chunk(1, { vin: 'v'.repeat(256), vehicleNumber: 'n'.repeat(256) }))).toBe(true);
    expect(ok(chunk(1, { vin: 'v'.repeat(257) }))).toBe(false);
    expect(ok(chunk(1, { vehicleNumber: 'n'.repeat(257) }))).toBe(false);
    expect(ok(chunk(1, { vehicleNumber: 5 }))).toBe(false);
    expect(ok(chunk(1, { vehicleId: '' }))).toBe(false);
    expect(ok(chunk(1, { day: '2026-02-30' }))).toBe(false);
    expect(ok({ ...chunk(1), extra: 1 })).toBe(false);
  });

  it("takes each reading's own number and VIN (identityAt) as two text columns of the chunk's length", () => {
    expect(ok(chunk(2, { identityAt: { vehicleNumber: ['T-1', ''], vin: ['VIN', 'V2'] } }))).toBe(true);
    expect(ok(chunk(2, { identityAt: { vehicleNumber: ['T-1'], vin: ['VIN', 'V2'] } }))).toBe(false);
    expect(ok(chunk(2, { identityAt: { vehicleNumber: ['T-1', 5], vin: ['VIN', 'V2'] } }))).toBe(false);
    expect(ok(chunk(1, { identityAt: { vehicleNumber: ['n'.repeat(257)], vin: ['V'] } }))).toBe(false);
    expect(ok(chunk(1, { identityAt: { vehicleNumber: ['T'], vin: ['V'], extra: [] } }))).toBe(false);
    expect(ok(chunk(1, { identityAt: undefined }))).toBe(false);
    expect(ok(chunk(1, { identityAt: null }))).toBe(false);
  });
});

describe('audit and export ids', () => {
  it('takes an id and a file name to finish an audit, and an id to abort', () => {
    expect(validArgs('audit:finish', ['a1', 'bundle.zip'])).toBe(true);
    expect(validArgs('audit:finish', ['a1', 'x/bundle.zip'])).toBe(false);
    expect(validArgs('audit:abort', ['a1'])).toBe(true);
    expect(validArgs('exports:finish', ['e1'])).toBe(true);
    expect(validArgs('exports:abort', ['/e1'])).toBe(false);
  });
});
