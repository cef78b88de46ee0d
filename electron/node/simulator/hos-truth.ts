import { latestReading, opDaySim, type SimVehicleRef } from './vehicle-days.ts';
import { Motion } from './vehicle-sim.ts';
import type { SimulatorWorld } from './world.ts';
import { HOS_REACHED_MS } from '../../../shared/domain/hos.ts';
import type { DutyStatusCode } from '../../../shared/api/wire.ts';
import { HOS_CONFLICT_CLOCKS, type HosConflictClock } from '../../../shared/drivers/types.ts';

/** One instant where a driver's ELD showed a clock run out while the truck the simulator gives them was moving. */
export interface HosConflictInstant {
  atMs: number;
  driverId: string;
  vehicleId: string;
  /** Which clocks were under a minute, in the spec's order. */
  clocks: HosConflictClock[];
  /** The driver's duty status then (a personal-conveyance move after the shift also shows shift 0). */
  status: DutyStatusCode | null;
  driveMs: number;
  shiftMs: number;
  cycleMs: number;
  breakMs: number;
}

/**
 * Whether the truck was moving at `ms`: its readings on both sides of `ms` are IN_MOTION. The latest
 * reading alone (spec 2.6) is not enough: a truck that just parked keeps its last moving reading for up
 * to an hour, until the first parked one, while its driver is already off duty.
 */
export function movingAt(v: SimVehicleRef, ms: number): boolean {
  const hit = latestReading(v, ms);
  if (!hit || hit.sim.status[hit.i] !== Motion.IN_MOTION) return false;
  const { sim, i } = hit;
  if (i + 1 < sim.n) return sim.status[i + 1] === Motion.IN_MOTION;
  const next = opDaySim(v, sim.k + 1);
  return next !== null && next.n > 0 && next.status[0] === Motion.IN_MOTION;
}

/**
 * The simulator's ground truth of probable Hours-of-Service conflicts: every instant on the grid
 * `fromMs, fromMs + stepMs, …, ≤ toMs` where a driver's status (spec 2.4) shows drive, shift, cycle or
 * break under a minute (HOS_REACHED_MS) while the vehicle the simulator gives them is moving
 * (`movingAt`). Ascending time, then the carrier's driver order.
 */
export function hosConflictTruth(
  world: SimulatorWorld,
  carrierId: string,
  fromMs: number,
  toMs: number,
  stepMs: number,
): HosConflictInstant[] {
  if (!(stepMs > 0)) throw new RangeError('stepMs must be positive');
  const c = world.carrier(carrierId);
  const pairs = c.drivers.flatMap((d) => {
    const v = world.assignedVehicle(c, d.driver_id);
    return v ? [{ d, v }] : [];
  });
  // One driver at a time: a vehicle's op-days stay in the simulator's small cache while its grid is walked.
  const out = pairs.flatMap(({ d, v }) => {
    const found: HosConflictInstant[] = [];
    for (let t = fromMs; t <= toMs; t += stepMs) {
      if (!movingAt(v, t)) continue;
      const s = world.driverStatusAt(c, d, t);
      if (s.drive === null || s.shift === null || s.cycle === null || s.break === null) continue;
      const values = { drive: s.drive, shift: s.shift, cycle: s.cycle, break: s.break } as const;
      const clocks = HOS_CONFLICT_CLOCKS.filter((k) => values[k] < HOS_REACHED_MS);
      if (clocks.length === 0) continue;
      found.push({
        atMs: t,
        driverId: d.driver_id,
        vehicleId: v.vehicleId,
        clocks,
        status: s.current_status,
        driveMs: s.drive,
        shiftMs: s.shift,
        cycleMs: s.cycle,
        breakMs: s.break,
      });
    }
    return found;
  });
  // Stable: instants of one time keep the carrier's driver order.
  return out.sort((a, b) => a.atMs - b.atMs);
}

/** The vehicle id the simulator gives `driverId` (its own driver↔vehicle link), or null. */
export function assignedVehicleOf(world: SimulatorWorld, carrierId: string, driverId: string): string | null {
  const c = world.carrier(carrierId);
  return world.assignedVehicle(c, driverId)?.vehicleId ?? null;
}
