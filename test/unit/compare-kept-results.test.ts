/**
 * When a kept comparison answers again (shared/compare/kept-comparisons.ts): only for the same carrier,
 * range, parameters, road limits, `today` and stored state; a day downloaded (or downloaded again), a new
 * road limits key, other parameters or a new roster each make a new key (driver snapshots do not: the worker
 * works out their HOS rows on every answer, test/renderer/compare-worker-kept.test.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  carrierStamp,
  comparisonKey,
  KeptResults,
  type CarrierStampInput,
  type ComparisonKeyParts,
} from '../../shared/compare/kept-comparisons.ts';
import { resolveCompareParams } from '../../shared/compare/params.ts';

const day = (vehicleId: string, d: string, fetchedAt = 1000, points = 1440, state = 'complete') => ({
  vehicleId,
  day: d,
  fetchedAt,
  points,
  state,
});
const stored: CarrierStampInput = {
  days: [day('v1', '2026-03-01'), day('v1', '2026-03-02'), day('v2', '2026-03-01')],
  roster: [
    { vehicleId: 'v1', number: '101' },
    { vehicleId: 'v2', number: '102' },
  ],
};
const parts = (over: Partial<ComparisonKeyParts> = {}, input: CarrierStampInput = stored): string =>
  comparisonKey({
    carrierId: 'c1',
    label: 'Carrier 1',
    zone: 'America/Chicago',
    range: { from: '2026-03-01', to: '2026-03-30' },
    params: resolveCompareParams(),
    today: '2026-03-31',
    roadsKey: 'none',
    stamp: carrierStamp(input),
    ...over,
  });

describe('a kept comparison key', () => {
  const base = parts();

  it('is the same for the same inputs, whatever the order of the rows or of the parameters', () => {
    const reordered = { ...stored, days: [...stored.days].reverse() };
    const params = Object.fromEntries(Object.entries(resolveCompareParams()).reverse()) as ReturnType<
      typeof resolveCompareParams
    >;
    expect(parts({ params }, reordered)).toBe(base);
  });

  it('changes when a day is downloaded, downloaded again, grows, completes or is deleted', () => {
    const changed = [
      [...stored.days, day('v2', '2026-03-02')],
      [day('v1', '2026-03-01', 2000), ...stored.days.slice(1)],
      [day('v1', '2026-03-01', 1000, 1500), ...stored.days.slice(1)],
      [day('v1', '2026-03-01', 1000, 1440, 'partial'), ...stored.days.slice(1)],
      stored.days.slice(1),
      // The same day and figures, under another truck.
      [day('v3', '2026-03-01'), ...stored.days.slice(1)],
    ];
    const keys = changed.map((days) => parts({}, { ...stored, days }));
    for (const k of keys) expect(k).not.toBe(base);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('changes with the road limits key, any parameter, the range, today, the zone or the carrier', () => {
    const params = resolveCompareParams();
    const others = [
      parts({ roadsKey: 'idx-1|-|{}' }),
      parts({ params: { ...params, speedingThresholdMph: params.speedingThresholdMph + 1 } }),
      parts({ params: { ...params, tripGapSeconds: params.tripGapSeconds + 60 } }),
      parts({ range: { from: '2026-03-02', to: '2026-03-30' } }),
      parts({ today: '2026-04-01' }),
      parts({ zone: 'America/Denver' }),
      parts({ carrierId: 'c2' }),
      parts({ label: 'Renamed' }),
    ];
    for (const k of others) expect(k).not.toBe(base);
    expect(new Set(others).size).toBe(others.length);
  });

  it('changes with a renamed truck in the roster or a roster fetched at last', () => {
    expect(parts({}, { ...stored, roster: [{ vehicleId: 'v1', number: '201' }, stored.roster![1]!] })).not.toBe(base);
    expect(parts({}, { ...stored, roster: null })).not.toBe(base);
  });
});

describe('KeptResults', () => {
  it('answers a kept key and forgets the least recently used beyond its limit', () => {
    const kept = new KeptResults<number>(2);
    kept.set('a', 1);
    kept.set('b', 2);
    expect(kept.get('a')).toBe(1);
    kept.set('c', 3);
    expect(kept.get('b')).toBeUndefined();
    expect(kept.get('a')).toBe(1);
    expect(kept.get('c')).toBe(3);
    expect(kept.size).toBe(2);
  });
});
