import { describe, expect, it } from 'vitest';
import type { DriverRow } from '../../shared/domain/carrier.ts';
import type { Assignment } from '../../shared/drivers/types.ts';
import { keptAssignments, samplesOfSnapshots } from '../../renderer/src/store/assignments.ts';
import { drivingDays } from '../../renderer/src/features/drivers/suggestion-days.ts';
import type { SnapshotRow } from '../../renderer/src/store/types.ts';

const driver = (driverId: string, hos: DriverRow['hos']): DriverRow => ({
  driverId,
  username: driverId,
  firstName: 'A',
  lastName: 'B',
  active: true,
  hos,
});
const hos = (status: NonNullable<DriverRow['hos']>['status'], driveMs: number | null) => ({
  status,
  driveMs,
  shiftMs: 3_600_000,
  cycleMs: 7_200_000,
  breakMs: null,
});

describe('driver-status samples from the kept drivers snapshots', () => {
  const later: SnapshotRow = { carrierId: 'c', kind: 'drivers', takenAt: 2_000, rows: [driver('d1', hos('DS_ON', 0))] };
  const earlier: SnapshotRow = {
    carrierId: 'c',
    kind: 'drivers',
    takenAt: 1_000,
    rows: [driver('d1', hos('DS_D', 5_000)), driver('d2', null)],
  };

  it('gives one sample per driver per snapshot, in time order, with the ELD clocks as kept', () => {
    expect(samplesOfSnapshots([later, earlier])).toEqual([
      {
        driverId: 'd1',
        takenAt: 1_000,
        status: 'DS_D',
        driveMs: 5_000,
        shiftMs: 3_600_000,
        cycleMs: 7_200_000,
        breakMs: null,
      },
      { driverId: 'd2', takenAt: 1_000, status: null, driveMs: null, shiftMs: null, cycleMs: null, breakMs: null },
      {
        driverId: 'd1',
        takenAt: 2_000,
        status: 'DS_ON',
        driveMs: 0,
        shiftMs: 3_600_000,
        cycleMs: 7_200_000,
        breakMs: null,
      },
    ]);
  });

  it('leaves out vehicles snapshots and rows without a driver; an unknown status or clock is null, never guessed', () => {
    const odd = {
      carrierId: 'c',
      kind: 'drivers',
      takenAt: 3_000,
      rows: [
        { driverId: '', hos: null },
        null,
        { driverId: 'd3', hos: { status: 'DRIVING', driveMs: 'lots', shiftMs: Number.NaN, cycleMs: 1, breakMs: 2 } },
      ],
    } as unknown as SnapshotRow;
    const vehicles = { carrierId: 'c', kind: 'vehicles', takenAt: 500, rows: [] } as SnapshotRow;
    expect(samplesOfSnapshots([odd, vehicles])).toEqual([
      { driverId: 'd3', takenAt: 3_000, status: null, driveMs: null, shiftMs: null, cycleMs: 1, breakMs: 2 },
    ]);
  });

  it('reads only the UTC days of snapshots showing someone Driving', () => {
    const day = (iso: string) => Date.parse(iso);
    const samples = samplesOfSnapshots([
      { carrierId: 'c', kind: 'drivers', takenAt: day('2026-11-02T23:59:00Z'), rows: [driver('d1', hos('DS_D', 1))] },
      { carrierId: 'c', kind: 'drivers', takenAt: day('2026-11-03T10:00:00Z'), rows: [driver('d1', hos('DS_OFF', 1))] },
      { carrierId: 'c', kind: 'drivers', takenAt: day('2026-11-01T10:00:00Z'), rows: [driver('d2', hos('DS_D', 1))] },
      { carrierId: 'c', kind: 'drivers', takenAt: day('2026-11-01T12:00:00Z'), rows: [driver('d1', hos('DS_D', 1))] },
    ]);
    expect(drivingDays(samples)).toEqual(['2026-11-01', '2026-11-02']);
  });
});

describe('assignments read back from the store', () => {
  const good: Assignment = {
    id: 'v1|regular',
    carrierId: 'c',
    driverId: 'd1',
    vehicleId: 'v1',
    fromMs: null,
    toMs: null,
    source: 'manual',
    createdAt: 1,
  };
  it("keeps the carrier's valid rows and leaves out damaged ones and other carriers'", () => {
    const damaged = { ...good, id: 'v2|5', vehicleId: 'v2', fromMs: 5, toMs: 'soon' };
    const other = { ...good, carrierId: 'x' };
    expect(keptAssignments([good, damaged, other, null, 'text'], 'c')).toEqual([good]);
  });
});
