import { formatHoursMinutes, HOS_REACHED_MS } from '../domain/hos.ts';
import { offsetLookup } from '../time/local-day.ts';
import type { Attributor } from './attribution.ts';
import {
  HOS_CONFLICT_CLOCKS,
  type DriverName,
  type DriverStatusSample,
  type HosConflictClock,
  type MotionAt,
  type ProbableHosConflict,
} from './types.ts';

export interface HosConflictInput {
  carrierId: string;
  samples: readonly DriverStatusSample[];
  attributor: Attributor;
  motion: MotionAt;
  /** The carrier's vehicles: where a sample's driver is looked for. */
  vehicleIds: readonly string[];
}

const CLOCK_FIELD: Readonly<Record<HosConflictClock, 'driveMs' | 'shiftMs' | 'cycleMs' | 'breakMs'>> = {
  drive: 'driveMs',
  shift: 'shiftMs',
  cycle: 'cycleMs',
  break: 'breakMs',
};

/**
 * Probable Hours-of-Service conflicts: a kept snapshot of a driver showing drive, shift or cycle time under
 * a minute (HOS_REACHED_MS: h:mm shows 0:00), or the break clock there (the 30-minute break due), taken
 * while a vehicle whose attribution at that instant names the driver was moving. One per snapshot and
 * vehicle; a null clock never conflicts. Probable only: the clocks are the ELD's own, RouteLens has no logs,
 * and the assignment may not say who was really at the wheel.
 */
export function probableHosConflicts(input: HosConflictInput): ProbableHosConflict[] {
  const vehicleIds = [...new Set(input.vehicleIds)];
  // Every driver's snapshot of one fetch shares its time: whose vehicles are where is worked out once per time.
  const vehiclesByDriverAt = new Map<number, Map<string, string[]>>();
  const vehiclesOf = (driverId: string, ms: number) => {
    let byDriver = vehiclesByDriverAt.get(ms);
    if (!byDriver) {
      byDriver = new Map();
      for (const v of vehicleIds) {
        const a = input.attributor.at(v, ms);
        if (a.kind === 'unassigned') continue;
        byDriver.set(a.driverId, [...(byDriver.get(a.driverId) ?? []), v]);
      }
      vehiclesByDriverAt.set(ms, byDriver);
    }
    return byDriver.get(driverId) ?? [];
  };
  const out: ProbableHosConflict[] = [];
  for (const s of input.samples) {
    const clocks = HOS_CONFLICT_CLOCKS.filter((c) => atZero(s[CLOCK_FIELD[c]]));
    if (clocks.length === 0 || !Number.isFinite(s.takenAt)) continue;
    for (const vehicleId of vehiclesOf(s.driverId, s.takenAt)) {
      if (input.motion(vehicleId, s.takenAt) !== 'moving') continue;
      out.push({
        carrierId: input.carrierId,
        driverId: s.driverId,
        vehicleId,
        atMs: s.takenAt,
        clocks,
        driveMs: s.driveMs,
        shiftMs: s.shiftMs,
        cycleMs: s.cycleMs,
        breakMs: s.breakMs,
      });
    }
  }
  return out.sort(
    (a, b) => a.atMs - b.atMs || compareText(a.driverId, b.driverId) || compareText(a.vehicleId, b.vehicleId),
  );
}

const atZero = (ms: number | null) => ms !== null && Number.isFinite(ms) && ms < HOS_REACHED_MS;
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * "Probable HOS conflict: jsmith's ELD showed 0:00 drive time left at 14:05 while T-101 was moving":
 * probable, never a violation, and the values are the ELD's own. The time is on `zone`'s clock (the
 * carrier's home zone; UTC when not given).
 */
export function hosConflictText(
  c: ProbableHosConflict,
  names: ReadonlyMap<string, DriverName>,
  vehicleNumber: string,
  zone = 'UTC',
): string {
  const who = names.get(c.driverId)?.username ?? c.driverId;
  const left = c.clocks.filter((k) => k !== 'break').map((k) => `${formatHoursMinutes(c[CLOCK_FIELD[k]])} ${k}`);
  const parts = [];
  if (left.length > 0) parts.push(`${left.join(' and ')} time left`);
  if (c.clocks.includes('break')) parts.push('the 30-minute break due');
  const wall = new Date(c.atMs + offsetLookup(zone)(c.atMs)).toISOString().slice(11, 16);
  return `Probable HOS conflict: ${who}'s ELD showed ${parts.join(' and ')} at ${wall} while ${vehicleNumber || c.vehicleId} was moving`;
}
