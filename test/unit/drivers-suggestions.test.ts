import { describe, expect, it } from 'vitest';
import type { DutyStatusCode } from '../../shared/api/wire.ts';
import { assignmentId } from '../../shared/drivers/assignment-rules.ts';
import { RUN_BREAK_MS, suggestAssignments } from '../../shared/drivers/suggestions.ts';
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

  it('drops the snapshots around a truck change that fit both trucks (the old one driven on by someone else)', () => {
    // The driver is in v1 at T0–T1 and in v2 from T2; v1 keeps moving until T3 with another driver.
    const table: Record<string, Motion[]> = {
      v1: ['moving', 'moving', 'moving', 'moving', 'still', 'still'],
      v2: ['still', 'still', 'moving', 'moving', 'moving', 'moving'],
      v3: ['moving', 'still', 'still', 'still', 'still', 'still'],
    };
    const samples = T.map((t) => sample('d1', t));
    expect(suggest(samples.slice(0, 5), table)).toEqual([
      { carrierId: 'c1', driverId: 'd1', vehicleId: 'v1', matches: 2, firstMs: T[0], lastMs: T[1] },
    ]);
    expect(suggest(samples, table)).toEqual([
      { carrierId: 'c1', driverId: 'd1', vehicleId: 'v2', matches: 2, firstMs: T[4], lastMs: T[5] },
    ]);
  });

  it('ends a run at ten hours without a Driving snapshot (the off-duty reset, when trucks change)', () => {
    // Two snapshots a shift; each shift alone leaves two trucks possible, only carried across would they narrow to v2.
    const moving: Record<string, number[]> = { v1: [0, 1], v2: [0, 1, 2, 3], v3: [2, 3] };
    const shifts = (pauseMs: number) => {
      const times = [T[0]!, T[1]!, T[1]! + pauseMs, T[1]! + pauseMs + 15 * MIN];
      const motion: MotionAt = (v, ms) => ((moving[v] ?? []).includes(times.indexOf(ms)) ? 'moving' : 'still');
      const samples = times.map((t) => sample('d1', t));
      return suggestAssignments({ carrierId: 'c1', samples, vehicleIds: VEHICLES, motion, assignments: [] });
    };
    expect(shifts(RUN_BREAK_MS)).toEqual([]);
    expect(shifts(RUN_BREAK_MS - 1)).toEqual([expect.objectContaining({ vehicleId: 'v2', matches: 4 })]);
  });
});
