import type { DutyStatusCode } from '../api/wire.ts';

/**
 * Who drove: the API gives drivers and their latest Hours-of-Service clocks but no driver↔vehicle link
 * (spec 2.3–2.6), so the link comes from the people who have it (an assignment set in the app or imported
 * from dispatch), and what RouteLens infers from snapshots is only ever a suggestion (suggestions.ts).
 */

/**
 * One driver on one vehicle. `fromMs` null: the vehicle's regular driver, open-ended both ways, covering
 * whatever no dated assignment of the vehicle covers. A dated assignment covers [fromMs, toMs) (`toMs`
 * null: open-ended). Dated assignments of one vehicle never overlap (refused on entry and import).
 */
export interface Assignment {
  /** `${vehicleId}|regular` or `${vehicleId}|${fromMs}`: one regular driver per vehicle, one dated row per start. */
  id: string;
  carrierId: string;
  driverId: string;
  vehicleId: string;
  fromMs: number | null;
  toMs: number | null;
  /** How it was made: typed in the app, imported from a CSV, or a suggestion the user accepted. */
  source: AssignmentSource;
  /** epoch ms */
  createdAt: number;
}

export const ASSIGNMENT_SOURCES = ['manual', 'import', 'suggestion'] as const;
export type AssignmentSource = (typeof ASSIGNMENT_SOURCES)[number];

/** What a driver is called on screens and in files: the roster's fields (spec 2.3). */
export interface DriverName {
  driverId: string;
  username: string;
  firstName: string;
  lastName: string;
}

/** What a vehicle is called in an assignments CSV: its id, unit number or VIN (spec 2.5). */
export interface VehicleName {
  vehicleId: string;
  number: string;
  vin: string;
}

/**
 * Who drove at one instant: the dated assignment covering it, else the vehicle's regular driver, else
 * nobody ("unassigned", shown as such, never guessed).
 */
export type Attribution =
  | { kind: 'dated'; driverId: string; assignmentId: string }
  | { kind: 'regular'; driverId: string; assignmentId: string }
  | { kind: 'unassigned' };

/**
 * A trip's or an event's driver: the one at its start; `changedTo` lists, in order, the other drivers the
 * assignment changed to before it ended (empty when it did not change; a change to "unassigned" is null).
 */
export interface SpanAttribution {
  start: Attribution;
  changedTo: (string | null)[];
}

/** One kept driver-status snapshot (spec 2.4) of one driver: what the ELD's clocks said at `takenAt`. */
export interface DriverStatusSample {
  driverId: string;
  /** epoch ms of the fetch (the API gives the latest status, no time of its own). */
  takenAt: number;
  status: DutyStatusCode | null;
  driveMs: number | null;
  shiftMs: number | null;
  cycleMs: number | null;
  breakMs: number | null;
}

/** Whether a vehicle was moving at an instant, from its stored readings; 'unknown' where nothing stored covers it. */
export type Motion = 'moving' | 'still' | 'unknown';
export type MotionAt = (vehicleId: string, ms: number) => Motion;

/** "probably T-101 (n matching snapshots)": offered, never applied until the user accepts it. */
export interface AssignmentSuggestion {
  carrierId: string;
  driverId: string;
  vehicleId: string;
  /** Snapshots showing the driver Driving while this vehicle, and no other, could have been the one moving. */
  matches: number;
  firstMs: number;
  lastMs: number;
}

/** The HOS clock a probable conflict is about; 'break' is the 30-minute break due (break clock at zero). */
export const HOS_CONFLICT_CLOCKS = ['drive', 'shift', 'cycle', 'break'] as const;
export type HosConflictClock = (typeof HOS_CONFLICT_CLOCKS)[number];

/**
 * An assigned driver's kept snapshot showing a clock at zero while that driver's vehicle was moving:
 * probable, never a violation (the clocks are the ELD's own; RouteLens has no logs).
 */
export interface ProbableHosConflict {
  carrierId: string;
  driverId: string;
  vehicleId: string;
  /** The snapshot's time. */
  atMs: number;
  clocks: HosConflictClock[];
  /** The snapshot's values, as the ELD reported them (ms; null where it reported none). */
  driveMs: number | null;
  shiftMs: number | null;
  cycleMs: number | null;
  breakMs: number | null;
}
