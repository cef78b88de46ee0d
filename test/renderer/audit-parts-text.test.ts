import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '../../shared/api/text-bounds.ts';
import { ARG_GUARDS } from '../../shared/ipc/validate.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import { auditParts } from '../../renderer/src/features/review/audit-parts.ts';

/**
 * Issue 32, 3: a day stored with 64 KB unit number, VIN and places (before the
 * client bounded them) still makes an audit bundle: its parts carry the text
 * cut to the API's bounds, and the audit:addReadings guard accepts them.
 */
describe('audit parts of a day with 64 KB text', () => {
  const n = 50;
  const long = 'P'.repeat(65_536);
  const d: DayChunk = {
    vehicleId: 'v1',
    day: '2026-11-19',
    vehicleNumber: long,
    vin: long,
    length: n,
    t: Float64Array.from({ length: n }, (_, i) => Date.parse('2026-11-19T00:00:00Z') + i * 60_000),
    lat: Float64Array.from({ length: n }, (_, i) => 35 + i * 1e-3),
    lng: Float64Array.from({ length: n }, () => -101.8),
    speed: Float64Array.from({ length: n }, () => 50),
    direction: Float64Array.from({ length: n }, () => 90),
    status: Uint8Array.from({ length: n }, () => 1),
    id: Array.from({ length: n }, (_, i) => `r-${i}`),
    location: Array.from({ length: n }, () => long),
    identityAt: { vehicleNumber: Array.from({ length: n }, () => long), vin: Array.from({ length: n }, () => 'VIN') },
  };

  it('are accepted by the guard, with the text cut to the bounds and marked', () => {
    const parts = auditParts(d);
    expect(parts.reduce((k, p) => k + p.length, 0)).toBe(n);
    for (const p of parts) {
      expect(ARG_GUARDS['audit:addReadings'](['2b7e4d43-9d0e-4c3a-8e1f-5c3a8e1f7001', p])).toBe(true);
      expect(p.vehicleNumber).toBe(`${'P'.repeat(TEXT_LIMITS.unitNumber - 1)}…`);
      expect(p.location.every((l) => l === `${'P'.repeat(TEXT_LIMITS.place - 1)}…`)).toBe(true);
      expect(p.identityAt!.vin.every((v) => v === 'VIN')).toBe(true);
    }
  });
});
