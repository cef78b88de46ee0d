import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSimulatorWorld } from '../../electron/node/simulator/index.ts';
import { assignedVehicleOf, hosConflictTruth } from '../../electron/node/simulator/hos-truth.ts';
import { CARRIED_HOS, carryingDriverId } from '../../electron/node/simulator/carried-hos.ts';
import { opDaySim } from '../../electron/node/simulator/vehicle-days.ts';
import { Activity, opDayOf, opDayStart } from '../../electron/node/simulator/vehicle-sim.ts';
import type { OpDaySim } from '../../electron/node/simulator/vehicle-sim.ts';

const HOUR = 3_600_000;
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 2, 15, 18, 0);
const STEP = 5 * 60_000;
const world = createSimulatorWorld({ now: () => NOW });
const sha = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex');

/** When the truck's own day alone makes the carrying driver's clocks run out: 2 h of driving or 4.5 h into the shift. */
function runsOutAt(sim: OpDaySim): number {
  const driveLeft = 11 * HOUR - CARRIED_HOS.driveMs;
  let driven = 0;
  let driveOut = Infinity;
  for (const seg of sim.segments) {
    if (seg.activity !== Activity.DRIVE) continue;
    if (driven + (seg.end - seg.start) >= driveLeft) {
      driveOut = seg.start + (driveLeft - driven);
      break;
    }
    driven += seg.end - seg.start;
  }
  return Math.min(driveOut, sim.shiftStart! + 14 * HOUR - CARRIED_HOS.onDutyMs);
}

describe("the simulator's carried hours: a probable HOS conflict by construction", () => {
  const week = world.carriers.map((c) => ({
    c,
    chosen: carryingDriverId(c)!,
    truth: hosConflictTruth(world, c.info.id, NOW - 7 * DAY, NOW, STEP),
  }));

  it("picks the driver of each carrier's 2nd active vehicle", () => {
    for (const { c, chosen } of week) {
      const second = c.vehicles.filter((v) => v.active)[1]!;
      expect(chosen).toBe(c.profiles.get(second.vehicle_id)!.driverId);
      expect(assignedVehicleOf(world, c.info.id, chosen)).toBe(second.vehicle_id);
    }
  });

  it('runs the chosen driver out of drive time while driving on every working day of the week, and not before', () => {
    for (const { c, chosen, truth } of week) {
      const vehicleId = assignedVehicleOf(world, c.info.id, chosen)!;
      const ref = world.vehicleRef(c, world.vehicle(c, vehicleId)!);
      let workingDays = 0;
      for (let k = opDayOf(NOW - 7 * DAY) + 1; k < opDayOf(NOW); k++) {
        const sim = opDaySim(ref, k)!;
        if (sim.shiftStart === null) continue;
        workingDays++;
        const outAt = runsOutAt(sim);
        const day = truth.filter((x) => x.driverId === chosen && x.atMs >= opDayStart(k) && x.atMs < opDayStart(k + 1));
        const driving = day.filter((x) => x.clocks.includes('drive') && x.status === 'DS_D');
        expect(driving.length, `${c.info.id} op-day ${k}`).toBeGreaterThan(0);
        for (const x of driving) expect(x.vehicleId).toBe(vehicleId);
        // Under a minute counts as reached, so the first instant may be up to a minute early.
        expect(Math.min(...day.filter((x) => x.clocks.includes('drive')).map((x) => x.atMs))).toBeGreaterThanOrEqual(
          outAt - 60_000,
        );
      }
      expect(workingDays).toBeGreaterThanOrEqual(4);
    }
  });

  it('never shows another driver out of drive time while driving on duty over the week', () => {
    for (const { chosen, truth } of week) {
      const others = truth.filter((x) => x.driverId !== chosen && x.status === 'DS_D');
      expect(others.filter((x) => x.clocks.includes('drive'))).toEqual([]);
    }
  });

  it('leaves every vehicle’s motion and breadcrumbs, and every other driver’s status, byte-identical', () => {
    // Digests computed from the simulator at 64edbd0, before drivers carried hours.
    const motion = world.carriers.flatMap((c) => [
      ...c.vehicles.map((v) => world.truth.history(c.info.id, v.vehicle_id, '2026-03-11', '2026-03-12')),
      world.truth.vehicleStatuses(c.info.id),
    ]);
    expect(sha(motion.map((x) => JSON.stringify(x)))).toBe(MOTION_DIGEST);
    const others = [NOW - 3 * DAY - 5 * HOUR, NOW].flatMap((t) => {
      const w = createSimulatorWorld({ now: () => t });
      return w.carriers.map((c) =>
        JSON.stringify(w.truth.driverStatuses(c.info.id).filter((s) => s.driver_id !== carryingDriverId(c))),
      );
    });
    expect(sha(others)).toBe(OTHER_DRIVERS_DIGEST);
  });

  it('names no vehicle for drivers the simulator gives none, and refuses a non-positive step', () => {
    const c = world.carriers[0]!;
    const idle = c.drivers.filter((d) => ![...c.profiles.values()].some((p) => p.driverId === d.driver_id));
    expect(idle.length).toBeGreaterThan(0);
    for (const d of idle) expect(assignedVehicleOf(world, c.info.id, d.driver_id)).toBeNull();
    expect(() => hosConflictTruth(world, c.info.id, NOW - HOUR, NOW, 0)).toThrow(/step/);
  });
});

const MOTION_DIGEST = '1203eb040e98c93ad9e78ff142fb9527cf23f133d77e2088c44b43586bb5148b';
const OTHER_DRIVERS_DIGEST = '1ed67a6726978cce77dc1cad17b1f3181f1fb13693f3decee3fdd7d492719df2';
