import type { Carrier } from './fleet.ts';

const HOUR = 3_600_000;

/**
 * Hours a driver logged on their ELD elsewhere (another truck, a yard job) before taking the truck the
 * simulator gives them, on every working day of that truck. The truck's motion and breadcrumbs never
 * change; only the driver's clocks start lower, so the ELD's drive clock reaches 0:00 while the truck
 * keeps moving: the ground truth of a probable Hours-of-Service conflict.
 */
export interface CarriedHos {
  /** Drive time already used when the truck's shift starts. */
  driveMs: number;
  /** On-duty time (driving included) already used: the shift window opened that much earlier, and the 70-hour cycle counts it on every working day. */
  onDutyMs: number;
}

/** 9 h driving and 30 min on duty: 2 h of drive and 4.5 h of shift left when the truck's shift starts. */
export const CARRIED_HOS: CarriedHos = { driveMs: 9 * HOUR, onDutyMs: 9.5 * HOUR };

/**
 * The one driver per demo carrier who carries hours: the driver of the carrier's 2nd active vehicle
 * (deterministic, and never the first active vehicle, which the fleet keeps as its no-fuel truck).
 */
export function carryingDriverId(c: Carrier): string | null {
  const second = c.vehicles.filter((v) => v.active)[1];
  return second ? (c.profiles.get(second.vehicle_id)?.driverId ?? null) : null;
}

/** What `driverId` carries into each working day: CARRIED_HOS for the carrier's carrying driver, else nothing. */
export function carriedHosOf(c: Carrier, driverId: string): CarriedHos | null {
  return carryingDriverId(c) === driverId ? CARRIED_HOS : null;
}
