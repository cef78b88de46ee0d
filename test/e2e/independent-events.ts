import type { SafetyEvent } from '../../shared/analysis/types.ts';
import { MotionCode } from '../../shared/domain/status.ts';
import type { DayChunk } from '../../shared/track/types.ts';

/**
 * Speeding events of the simulator's readings worked out here, from docs/analysis.md rule 7 and nothing of
 * the app's analysis code: on each UTC day (a chunk), at least two consecutive readings strictly over the
 * limit, no interval among them longer than `gapSeconds` nor starting at an OFFLINE reading, lasting at least
 * `minSeconds` first to last. The demo simulator sends no implausible readings, so outliers play no part.
 * Returns [startMs, endMs, seconds, peak mph] per event, in time order.
 */
export function speedingEventsByHand(
  chunks: readonly DayChunk[],
  limitMph: number,
  minSeconds: number,
  gapSeconds: number,
): number[][] {
  const out: number[][] = [];
  for (const c of chunks) {
    let first = -1;
    const close = (last: number) => {
      if (first >= 0 && last > first && c.t[last]! - c.t[first]! >= minSeconds * 1000) {
        out.push([
          c.t[first]!,
          c.t[last]!,
          (c.t[last]! - c.t[first]!) / 1000,
          Math.max(...c.speed.slice(first, last + 1)),
        ]);
      }
      first = -1;
    };
    for (let i = 0; i < c.length; i++) {
      const over = c.speed[i]! > limitMph;
      const joined = i > 0 && c.t[i]! - c.t[i - 1]! <= gapSeconds * 1000 && c.status[i - 1] !== MotionCode.OFFLINE;
      if (first >= 0 && !(over && joined)) close(i - 1);
      if (over && first < 0) first = i;
    }
    close(c.length - 1);
  }
  return out;
}

/** Throws unless the analysis' speeding events are exactly the ones worked out by hand. */
export function expectSpeedingAsByHand(
  events: readonly SafetyEvent[],
  chunks: readonly DayChunk[],
  limitMph: number,
  minSeconds: number,
  gapSeconds: number,
): void {
  const got = events
    .filter((e) => e.kind === 'speeding')
    .map((e) => [e.startMs, e.endMs, e.durationSeconds, e.peakSpeedMph]);
  const want = speedingEventsByHand(chunks, limitMph, minSeconds, gapSeconds);
  if (JSON.stringify(got) !== JSON.stringify(want)) {
    throw new Error(
      `Speeding events differ from the independent rule:\n  analysis ${JSON.stringify(got)}\n  by hand  ${JSON.stringify(want)}`,
    );
  }
}
