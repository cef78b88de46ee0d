import { describe, expect, it } from 'vitest';
import type { DutyStatusCode } from '../../shared/api/wire.ts';
import { assignmentId } from '../../shared/drivers/assignment-rules.ts';
import { suggestAssignments } from '../../shared/drivers/suggestions.ts';
import type { Assignment, DriverStatusSample, Motion, MotionAt } from '../../shared/drivers/types.ts';

const MIN = 60_000;
const T = [0, 1, 2, 3, 4, 5].map((k) => Date.UTC(2026, 4, 12, 10) + k * 15 * MIN);
const VEHICLES = ['v1', 'v2', 'v3'];

function sample(driverId: string, takenAt: number, status: DutyStatusCode = 'DS_D'): DriverStatusSample {
  return { driverId, takenAt, status, driveMs: 3_600_000, shiftMs: null, cycleMs: null, breakMs: null };
}
/** A motion table by construction: per vehicle, its motion at each snapshot time ('still' elsewhere). */
function motionOf(table: Record<string, Motion[]>): MotionAt {
  return (v, ms) => table[v]?.[T.indexOf(ms)] ?? 'still';
}
function assignment(
  driverId: string,
  vehicleId: string,
  fromMs: number | null,
  toMs: number | null,
  carrierId = 'c1',
): Assignment {
  return {
    id: assignmentId(vehicleId, fromMs),
    carrierId,
    driverId,
    vehicleId,
    fromMs,
    toMs,
    source: 'manual',
    createdAt: 0,
  };
}
const suggest = (samples: DriverStatusSample[], table: Record<string, Motion[]>, assignments: Assignment[] = []) =>
  suggestAssignments({ carrierId: 'c1', samples, vehicleIds: VEHICLES, motion: motionOf(table), assignments });

describe('assignment suggestions', () => {
  it('suggests the one vehicle the intersection narrows to', () => {
    const table: Record<string, Motion[]> = {
      v1: ['moving', 'moving', 'moving'],
      v2: ['moving', 'still', 'still'],
      v3: ['still', 'moving', 'still'],
    };
    expect(suggest([sample('d1', T[2]!), sample('d1', T[0]!), sample('d1', T[1]!)], table)).toEqual([
      { carrierId: 'c1', driverId: 'd1', vehicleId: 'v1', matches: 3, firstMs: T[0], lastMs: T[2] },
    ]);
  });

  it('suggests nothing while two vehicles stay possible, or the one left was never known moving', () => {
    const both: Record<string, Motion[]> = { v1: ['moving', 'moving'], v2: ['moving', 'moving'] };
    expect(suggest([sample('d1', T[0]!), sample('d1', T[1]!)], both)).toEqual([]);
    const unknown: Record<string, Motion[]> = { v1: ['moving', 'moving'], v2: ['unknown', 'unknown'] };
    expect(suggest([sample('d1', T[0]!), sample('d1', T[1]!)], unknown)).toEqual([]);
    const onlyUnknown: Record<string, Motion[]> = { v1: ['moving', 'unknown'] };
    expect(suggest([sample('d1', T[0]!), sample('d1', T[1]!)], onlyUnknown)).toEqual([]);
  });

  it('needs two snapshots at two distinct times', () => {
    const table: Record<string, Motion[]> = { v1: ['moving', 'moving'] };
    expect(suggest([sample('d1', T[0]!)], table)).toEqual([]);
    expect(suggest([sample('d1', T[0]!), sample('d1', T[0]!)], table)).toEqual([]);
  });

  it('restarts on a truck change and offers the latest run', () => {
    const table: Record<string, Motion[]> = {
      v1: ['moving', 'moving', 'still', 'still'],
      v2: ['still', 'still', 'moving', 'moving'],
    };
    const samples = T.slice(0, 4).map((t) => sample('d1', t));
    expect(suggest(samples, table)).toEqual([
      { carrierId: 'c1', driverId: 'd1', vehicleId: 'v2', matches: 2, firstMs: T[2], lastMs: T[3] },
    ]);
    // A latest run too short to say anything leaves the earlier one standing.
    expect(suggest(samples.slice(0, 3), table)).toEqual([expect.objectContaining({ vehicleId: 'v1', matches: 2 })]);
  });

  it('takes only Driving snapshots', () => {
    const table: Record<string, Motion[]> = { v1: ['moving', 'moving', 'moving'] };
    const samples = [sample('d1', T[0]!), sample('d1', T[1]!, 'DS_ON'), sample('d1', T[2]!, 'DS_OFF')];
    expect(suggest(samples, table)).toEqual([]);
  });

  it('skips snapshots an assignment already covers for the driver, on any vehicle', () => {
    const table: Record<string, Motion[]> = { v1: ['moving', 'moving', 'moving'] };
    const samples = T.slice(0, 3).map((t) => sample('d1', t));
    expect(suggest(samples, table, [assignment('d1', 'v3', null, null)])).toEqual([]);
    // Covered only at the first snapshot: the other two still make a run.
    expect(suggest(samples, table, [assignment('d1', 'v3', T[0]!, T[1]!)])).toEqual([
      expect.objectContaining({ vehicleId: 'v1', matches: 2, firstMs: T[1] }),
    ]);
    // Another carrier's assignment covers nothing here.
    expect(suggest(samples, table, [assignment('d1', 'v3', null, null, 'c2')])).toHaveLength(1);
  });

  it('drops a suggestion whose vehicle is assigned to someone else at those times', () => {
    const table: Record<string, Motion[]> = { v1: ['moving', 'moving', 'moving'] };
    const samples = T.slice(0, 3).map((t) => sample('d1', t));
    expect(suggest(samples, table, [assignment('d2', 'v1', T[2]!, null)])).toEqual([]);
    // A regular driver of the vehicle is no obstacle: it may be the very thing the suggestion corrects.
    expect(suggest(samples, table, [assignment('d2', 'v1', null, null)])).toHaveLength(1);
  });

  it('suggests per driver, each from their own snapshots', () => {
    const table: Record<string, Motion[]> = {
      v1: ['moving', 'moving'],
      v2: ['moving', 'moving'],
      v3: ['still', 'moving'],
    };
    const samples = [sample('d2', T[0]!), sample('d2', T[1]!), sample('d1', T[0]!), sample('d1', T[1]!)];
    expect(suggest(samples, table)).toEqual([]);
    const split: Record<string, Motion[]> = {
      v1: ['moving', 'moving', 'still', 'still'],
      v2: ['still', 'still', 'moving', 'moving'],
    };
    const two = [sample('d2', T[2]!), sample('d2', T[3]!), sample('d1', T[0]!), sample('d1', T[1]!)];
    expect(suggest(two, split).map((s) => [s.driverId, s.vehicleId])).toEqual([
      ['d1', 'v1'],
      ['d2', 'v2'],
    ]);
  });
});
