import { MotionCode } from '../../../../shared/domain/status.ts';

/** Speed classes against the speeding threshold; the legend and the map share them. */
export const SPEED_CLASSES = [
  { key: 'slow', label: '< 50 % of limit', color: '#7aa6c2', width: 2.5 },
  { key: 'cruise', label: '50–90 %', color: '#1f5fa8', width: 2.5 },
  { key: 'near', label: '90–100 %', color: '#d08a00', width: 3 },
  { key: 'speeding', label: 'Speeding', color: '#c8231a', width: 4.5 },
] as const;

export function speedClass(speed: number, threshold: number): number {
  if (speed > threshold) return 3;
  if (speed >= threshold * 0.9) return 2;
  if (speed >= threshold * 0.5) return 1;
  return 0;
}

export const GAP_COLOR = '#8a94a3';
export const STOP_COLOR = '#5b3fa6';

export const STATUS_COLORS: Record<number, string> = {
  [MotionCode.IN_MOTION]: '#2e8b57',
  [MotionCode.STATIONARY]: '#d9a400',
  [MotionCode.OFFLINE]: '#9aa3ad',
};
