import type { DutyStatusCode, MotionStatus } from '../api/wire.ts';

/** Human meaning of each duty status code (spec 3.1). */
export const DUTY_STATUS_MEANING: Readonly<Record<DutyStatusCode, string>> = {
  DS_D: 'Driving',
  DS_ON: 'On duty, not driving',
  DS_SB: 'Sleeper berth',
  DS_OFF: 'Off duty',
  DR_IND_PC: 'Personal conveyance',
  DR_IND_YM: 'Yard move',
};

/**
 * Motion status as stored in the columnar track (`Uint8Array`). The order is
 * part of the storage format: never reorder, only append.
 */
export const MotionCode = {
  IN_MOTION: 0,
  STATIONARY: 1,
  OFFLINE: 2,
  /** The record carried no status (or one the spec does not list): kept, and never taken for any of the three. */
  UNKNOWN: 3,
} as const satisfies Record<MotionStatus | 'UNKNOWN', number>;
export type MotionCode = (typeof MotionCode)[MotionStatus | 'UNKNOWN'];

/** The spec's statuses by code; MotionCode.UNKNOWN (and anything past it) has none. */
export const MOTION_BY_CODE: readonly MotionStatus[] = ['IN_MOTION', 'STATIONARY', 'OFFLINE'];

export function motionCode(status: MotionStatus | null): MotionCode {
  return status === null ? MotionCode.UNKNOWN : MotionCode[status];
}

/** The status of a stored code, null for UNKNOWN (an empty cell in every export). */
export function motionStatusOf(code: number): MotionStatus | null {
  return MOTION_BY_CODE[code] ?? null;
}
