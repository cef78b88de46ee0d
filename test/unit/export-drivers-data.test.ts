import { describe, expect, it } from 'vitest';
import { assignmentId } from '../../shared/drivers/assignment-rules.ts';
import type { Assignment, DriverName } from '../../shared/drivers/types.ts';
import { driversOfVehicle, exportDriversOf } from '../../shared/export/drivers-data.ts';

/** The drivers an audit of one vehicle sends: only what that vehicle's attribution reads, attributing the same. */
const T0 = Date.parse('2026-03-01T06:00:00Z');
const HOUR = 3_600_000;
const row = (vehicleId: string, driverId: string, fromMs: number | null, toMs: number | null): Assignment => ({
  id: assignmentId(vehicleId, fromMs),
  carrierId: 'c1',
  driverId,
  vehicleId,
  fromMs,
  toMs,
  source: 'manual',
  createdAt: T0,
});
const name = (driverId: string): DriverName => ({
  driverId,
  username: `u-${driverId}`,
  firstName: 'A',
  lastName: driverId,
});

describe('driversOfVehicle', () => {
  const all = {
    assignments: [row('v1', 'd1', null, null), row('v2', 'd2', T0, T0 + HOUR), row('v1', 'd3', T0, T0 + HOUR)],
    names: ['d1', 'd2', 'd3', 'd4'].map(name),
  };

  it("keeps the vehicle's own assignments and the names they use, and attributes every instant as the whole set does", () => {
    const own = driversOfVehicle(all, 'v1')!;
    expect(own.assignments.map((a) => a.id)).toEqual([assignmentId('v1', null), assignmentId('v1', T0)]);
    expect(own.names.map((d) => d.driverId)).toEqual(['d1', 'd3']);
    const [whole, part] = [exportDriversOf(all)!, exportDriversOf(own)!];
    for (const ms of [T0 - 1, T0, T0 + HOUR - 1, T0 + HOUR])
      expect(part.attributor.at('v1', ms)).toEqual(whole.attributor.at('v1', ms));
  });

  it('gives nothing for a vehicle no assignment names', () => {
    expect(driversOfVehicle(all, 'v9')).toBeUndefined();
    expect(exportDriversOf(undefined)).toBeUndefined();
  });
});
