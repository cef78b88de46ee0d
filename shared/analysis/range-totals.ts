import { combineSummaries, type DaySummary, type RangeSummary } from '../track/summary.ts';

export interface RangeTotals extends RangeSummary {
  /** Distance per moving hour (both over the same moving intervals), mph; 0 without moving time. */
  avgMovingSpeedMph: number;
  /** speedingSeconds / movingSeconds, in [0, 1]; 0 without moving time. */
  speedingShare: number;
  /** offlineSeconds / (moving + stationary + offline), in [0, 1]; 0 for an empty range. */
  offlineShare: number;
}

/** Day and range totals from stored day summaries: no raw points are read. */
export function rangeTotals(summaries: Iterable<DaySummary>): RangeTotals {
  const r = combineSummaries(summaries);
  const covered = r.movingSeconds + r.stationarySeconds + r.offlineSeconds;
  return {
    ...r,
    avgMovingSpeedMph: r.movingSeconds > 0 ? r.distanceMiles / (r.movingSeconds / 3600) : 0,
    speedingShare: r.movingSeconds > 0 ? Math.min(1, r.speedingSeconds / r.movingSeconds) : 0,
    offlineShare: covered > 0 ? r.offlineSeconds / covered : 0,
  };
}
