import type { DriverStatusSample } from '../../../../shared/drivers/types.ts';
import { dayOfMs, type UtcDay } from '../../../../shared/util/day.ts';

/** How far back suggestions look: the kept driver snapshots of the last two weeks. */
export const SUGGESTION_DAYS = 14;

/**
 * The UTC days whose readings a suggestion can need: those of the snapshots showing someone Driving (the
 * only ones the rule reads), so the chunks read stay bounded by what was kept, not by the range.
 */
export function drivingDays(samples: readonly DriverStatusSample[]): UtcDay[] {
  return [...new Set(samples.filter((s) => s.status === 'DS_D').map((s) => dayOfMs(s.takenAt)))].sort();
}
