import { MotionCode } from '../../../../shared/domain/status.ts';

/** Motion status colours of the status chart (the map's route colours live in renderer/src/map/theme.ts). */
export const STATUS_COLORS: Record<number, string> = {
  [MotionCode.IN_MOTION]: '#2e8b57',
  [MotionCode.STATIONARY]: '#d9a400',
  [MotionCode.OFFLINE]: '#9aa3ad',
};

/** The road's limit on the speed chart: a dark step line, apart from the speed's blue and the threshold's red. */
export const LIMIT_LINE_COLOR = '#4a5361';
