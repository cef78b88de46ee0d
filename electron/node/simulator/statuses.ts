import { latestReading, isoSeconds, opDaySim, stateAt, type SimVehicleRef } from './vehicle-days.ts';
import { Activity, opDayOf } from './vehicle-sim.ts';
import type { DutyStatusCode, MotionStatus, WireDriverStatus, WireVehicleStatus } from '../../../shared/api/wire.ts';
import type { SimDriver } from './types.ts';
import type { CarriedHos } from './carried-hos.ts';

const HOUR = 3_600_000;
const MOTION: readonly MotionStatus[] = ['IN_MOTION', 'STATIONARY', 'OFFLINE'];

/** Spec 2.6, from the vehicle's latest reading at `now`. */
export function vehicleStatus(v: SimVehicleRef, nowMs: number): WireVehicleStatus {
  const hit = latestReading(v, nowMs);
  if (!hit) {
    const s = stateAt(v, 0);
    return {
      vehicle_id: v.vehicleId,
      number: v.number,
      odometer: s.odometer.toFixed(1),
      fuel_level: 0,
      speed: 0,
      lat: s.lat.toFixed(6),
      lon: s.lng.toFixed(6),
      status: 'OFFLINE',
      timestamp: isoSeconds(nowMs - (nowMs % 1000)),
    };
  }
  const { sim, i } = hit;
  return {
    vehicle_id: v.vehicleId,
    number: v.number,
    odometer: sim.odometer[i]!.toFixed(1),
    fuel_level: v.profile.reportsFuel ? Math.round(sim.fuel[i]!) : 0,
    speed: Math.round(sim.speed[i]!),
    lat: sim.lat[i]!.toFixed(6),
    lon: sim.lng[i]!.toFixed(6),
    status: MOTION[sim.status[i]!] ?? 'STATIONARY',
    timestamp: isoSeconds(sim.t[i]!),
  };
}

const DUTY: Record<Activity, DutyStatusCode> = {
  [Activity.OFF]: 'DS_OFF',
  [Activity.SLEEPER]: 'DS_SB',
  [Activity.ON]: 'DS_ON',
  [Activity.DRIVE]: 'DS_D',
  [Activity.YARD]: 'DR_IND_YM',
  [Activity.PC]: 'DR_IND_PC',
  [Activity.BREAK]: 'DS_OFF',
  [Activity.FUEL]: 'DS_ON',
};

function isOnDuty(a: Activity): boolean {
  return a === Activity.ON || a === Activity.DRIVE || a === Activity.FUEL || a === Activity.YARD;
}

/**
 * Spec 2.4: HOS clocks derived from what the driver's truck did today (FMCSA 11/14/8/70 rules), less any
 * hours the driver logged elsewhere before taking the truck (`carried`, from the truck's shift start on).
 */
export function driverStatus(
  d: SimDriver,
  v: SimVehicleRef | null,
  nowMs: number,
  carried: CarriedHos | null = null,
): WireDriverStatus {
  const empty: WireDriverStatus = {
    driver_id: d.driver_id,
    username: d.username,
    break: null,
    drive: null,
    shift: null,
    cycle: null,
    current_status: null,
  };
  if (!v || !d.active) return empty;
  const k = opDayOf(nowMs);
  const sim = opDaySim(v, k);
  if (!sim) return empty;
  const { onDutyHist } = stateAt(v, k);
  // Each working day of the history carried its hours too (a day off empties the history: the cycle restarts).
  const hist = onDutyHist.reduce((a, x) => a + x + (carried?.onDutyMs ?? 0), 0);
  let driveUsed = 0;
  let onDuty = 0;
  let sinceBreak = 0;
  let nonDriving = 0;
  let current: Activity = v.profile.sleeper ? Activity.SLEEPER : Activity.OFF;
  for (const seg of sim.segments) {
    if (seg.start > nowMs) break;
    const len = Math.min(nowMs, seg.end) - seg.start;
    current = seg.activity;
    if (seg.activity === Activity.DRIVE) {
      driveUsed += len;
      sinceBreak += len;
      nonDriving = 0;
    } else {
      nonDriving += len;
      // 30 consecutive minutes without driving satisfy the break rule.
      if (nonDriving >= 0.5 * HOUR) sinceBreak = 0;
    }
    if (isOnDuty(seg.activity)) onDuty += len;
  }
  if (sim.shiftStart === null || nowMs < sim.shiftStart) {
    const cycle = Math.max(0, 70 * HOUR - hist - onDuty);
    return {
      ...empty,
      break: 8 * HOUR,
      drive: 11 * HOUR,
      shift: 14 * HOUR,
      cycle: Math.round(cycle),
      current_status: DUTY[current],
    };
  }
  const carriedOnDuty = carried?.onDutyMs ?? 0;
  const cycle = Math.max(0, 70 * HOUR - hist - carriedOnDuty - onDuty);
  const shift = Math.max(0, 14 * HOUR - carriedOnDuty - (nowMs - sim.shiftStart));
  const drive = Math.min(shift, Math.max(0, 11 * HOUR - (carried?.driveMs ?? 0) - driveUsed));
  return {
    ...empty,
    break: Math.round(Math.max(0, 8 * HOUR - sinceBreak)),
    drive: Math.round(drive),
    shift: Math.round(shift),
    cycle: Math.round(cycle),
    current_status: DUTY[current],
  };
}
