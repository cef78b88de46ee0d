import { describe, expect, it } from 'vitest';
import { assignmentId } from '../../shared/drivers/assignment-rules.ts';
import { createAttributor } from '../../shared/drivers/attribution.ts';
import { hosConflictText, probableHosConflicts } from '../../shared/drivers/hos-conflicts.ts';
import type { Assignment, DriverName, DriverStatusSample, MotionAt } from '../../shared/drivers/types.ts';

const MIN = 60_000;
const T1 = Date.UTC(2026, 4, 12, 19, 5); // 14:05 in Chicago (CDT)
const T2 = T1 + 15 * MIN;
const HOUR = 3_600_000;

const regular = (driverId: string, vehicleId: string): Assignment => ({
  id: assignmentId(vehicleId, null),
  carrierId: 'c1',
  driverId,
  vehicleId,
  fromMs: null,
  toMs: null,
  source: 'manual',
  createdAt: 0,
});
function sample(over: Partial<DriverStatusSample>): DriverStatusSample {
  return {
    driverId: 'd1',
    takenAt: T1,
    status: 'DS_D',
    driveMs: HOUR,
    shiftMs: HOUR,
    cycleMs: HOUR,
    breakMs: HOUR,
    ...over,
  };
}
/** v1 and v2 move at T1 and stand at T2. */
const motion: MotionAt = (v, ms) => (ms === T1 && (v === 'v1' || v === 'v2') ? 'moving' : 'still');
const attributor = createAttributor([regular('d1', 'v1'), regular('d9', 'v2')]);
const conflicts = (samples: DriverStatusSample[]) =>
  probableHosConflicts({ carrierId: 'c1', samples, attributor, motion, vehicleIds: ['v1', 'v2', 'v3'] });

describe('probable HOS conflicts', () => {
  it('no drive time left while the driver’s vehicle moves is a conflict with the snapshot’s values', () => {
    expect(conflicts([sample({ driveMs: 0 })])).toEqual([
      {
        carrierId: 'c1',
        driverId: 'd1',
        vehicleId: 'v1',
        atMs: T1,
        clocks: ['drive'],
        driveMs: 0,
        shiftMs: HOUR,
        cycleMs: HOUR,
        breakMs: HOUR,
      },
    ]);
  });

  it('none while the vehicle stands, nor for a driver no vehicle is assigned to', () => {
    expect(conflicts([sample({ driveMs: 0, takenAt: T2 })])).toEqual([]);
    expect(conflicts([sample({ driveMs: 0, driverId: 'd2' })])).toEqual([]);
  });

  it('null clocks never conflict', () => {
    expect(conflicts([sample({ driveMs: null, shiftMs: null, cycleMs: null, breakMs: null })])).toEqual([]);
  });

  it('under a minute is reached, a minute is not; each clock is named, the break as due', () => {
    expect(conflicts([sample({ shiftMs: 59_999 })]).map((c) => c.clocks)).toEqual([['shift']]);
    expect(conflicts([sample({ driveMs: 60_000, shiftMs: 60_000, cycleMs: 60_000, breakMs: 60_000 })])).toEqual([]);
    expect(conflicts([sample({ driveMs: 0, cycleMs: 30_000, breakMs: 0 })]).map((c) => c.clocks)).toEqual([
      ['drive', 'cycle', 'break'],
    ]);
  });

  it('lists conflicts in time order', () => {
    const moving: MotionAt = () => 'moving';
    const out = probableHosConflicts({
      carrierId: 'c1',
      samples: [sample({ driveMs: 0, takenAt: T2 }), sample({ driveMs: 0, takenAt: T1 })],
      attributor,
      motion: moving,
      vehicleIds: ['v1'],
    });
    expect(out.map((c) => c.atMs)).toEqual([T1, T2]);
  });
});

describe('the conflict sentence', () => {
  const names = new Map<string, DriverName>([
    ['d1', { driverId: 'd1', username: 'jsmith', firstName: 'J', lastName: 'Smith' }],
  ]);
  const [drive] = conflicts([sample({ driveMs: 0 })]);
  const [several] = conflicts([sample({ driveMs: 20_000, shiftMs: 0, breakMs: 0 })]);

  it('says probable, gives the ELD’s clock, the home zone’s time and the vehicle', () => {
    expect(hosConflictText(drive!, names, 'T-101', 'America/Chicago')).toBe(
      "Probable HOS conflict: jsmith's ELD showed 0:00 drive time left at 14:05 while T-101 was moving",
    );
    expect(hosConflictText(several!, names, 'T-101', 'America/Chicago')).toBe(
      "Probable HOS conflict: jsmith's ELD showed 0:00 drive and 0:00 shift time left and the 30-minute break due at 14:05 while T-101 was moving",
    );
    expect(hosConflictText(drive!, new Map(), '')).toBe(
      "Probable HOS conflict: d1's ELD showed 0:00 drive time left at 19:05 while v1 was moving",
    );
  });
});
