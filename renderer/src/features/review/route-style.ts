import { MotionCode } from '../../../../shared/domain/status.ts';

/** Motion status colours of the status chart (the map's route colours live in renderer/src/map/theme.ts). */
export const STATUS_COLORS: Record<number, string> = {
  [MotionCode.IN_MOTION]: '#2e8b57',
  [MotionCode.STATIONARY]: '#d9a400',
  [MotionCode.OFFLINE]: '#9aa3ad',
};
