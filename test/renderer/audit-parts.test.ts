import { describe, expect, it } from 'vitest';
import { encodeBridge } from '../../shared/ipc/codec.ts';
import { AUDIT_LIMITS } from '../../shared/ipc/validate.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import { auditParts } from '../../renderer/src/features/review/audit-parts.ts';

/** The browser shell's request body limit (electron/node/web-shell/request-guards.ts SHELL_LIMITS.maxBodyBytes, a Node module this DOM-typed project cannot import). */
const SHELL_MAX_BODY_BYTES = 2 * 1024 * 1024;

/** A day of `n` readings whose ids and places are `textLength` characters long (built, so every value is known). */
function day(n: number, textLength: number): DayChunk {
  const text = (i: number, tag: string) => `${tag}${i}`.padEnd(textLength, 'é');
  return {
    vehicleId: 'v1',
    day: '2026-11-19',
    vehicleNumber: 'T-1',
    vin: 'VIN',
    length: n,
    t: Float64Array.from({ length: n }, (_, i) => Date.parse('2026-11-19T00:00:00Z') + i * 1000),
    lat: Float64Array.from({ length: n }, (_, i) => 35 + i * 1e-5),
    lng: Float64Array.from({ length: n }, () => -101.8),
    speed: Float64Array.from({ length: n }, (_, i) => i % 80),
    direction: Float64Array.from({ length: n }, (_, i) => i % 360),
    status: Uint8Array.from({ length: n }, (_, i) => i % 3),
    id: Array.from({ length: n }, (_, i) => text(i, 'id-')),
    location: Array.from({ length: n }, (_, i) => text(i, 'near ')),
  };
}

/** One part's column values, joined back in order. */
const column = <K extends 't' | 'speed' | 'status' | 'id' | 'location'>(parts: DayChunk[], k: K) =>
  parts.flatMap((p) => [...p[k]]);

describe('audit:addReadings parts', () => {
  it("keeps every reading, in order, in parts of at most the guard's count", () => {
    const d = day(25_001, 10);
    const parts = auditParts(d);
    expect(parts.map((p) => p.length)).toEqual([AUDIT_LIMITS.pointsPerCall, AUDIT_LIMITS.pointsPerCall, 5_001]);
    for (const k of ['t', 'speed', 'status', 'id', 'location'] as const) expect(column(parts, k)).toEqual([...d[k]]);
    expect(
      parts.every(
        (p) =>
          p.t.length === p.length && p.location.length === p.length && p.day === d.day && p.vehicleId === d.vehicleId,
      ),
    ).toBe(true);
  });

  it('cuts smaller where long texts would make a call larger than the browser shell takes', () => {
    // Ids and places as long as the guard allows (256 characters, two bytes each here).
    const d = day(20_000, AUDIT_LIMITS.maxText);
    const parts = auditParts(d);
    expect(parts.length).toBeGreaterThan(2);
    for (const p of parts)
      expect(new TextEncoder().encode(encodeBridge(['00000000-0000-0000-0000-000000000000', p])).length).toBeLessThan(
        SHELL_MAX_BODY_BYTES,
      );
    expect(column(parts, 'id')).toEqual(d.id);
  });

  it('makes no part of an empty day', () => {
    expect(auditParts(day(0, 5))).toEqual([]);
  });
});
