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
} as const satisfies Record<MotionStatus, number>;
export type MotionCode = (typeof MotionCode)[MotionStatus];

export const MOTION_BY_CODE: readonly MotionStatus[] = ['IN_MOTION', 'STATIONARY', 'OFFLINE'];

export function motionCode(status: MotionStatus): MotionCode {
  return MotionCode[status];
}
