import { localDayInterval } from '../time/local-day.ts';
import { gapRule, Interval, intervalAt, type GapParams } from '../track/gaps.ts';
import { summarizeDay } from '../track/summary.ts';
import type { DayChunk } from '../track/types.ts';

/**
 * One local day of a long selection, as the charts draw it beyond a week (a
 * line of 150,000 readings at one pixel a day is a solid barcode): the spread
 * of speeds while moving and how the day's time divides between statuses.
 */
export interface DayBand {
  /** Local day (of the zone the chunks were cut in). */
  day: string;
  /** The local day's bounds (epoch ms; 23 or 25 hours on a daylight-saving change). */
  startMs: number;
  endMs: number;
  /** Lowest and time-weighted mean known speed over the day's moving intervals; 0 without one (none, or none with a speed). */
  minMph: number;
  avgMph: number;
  /** Highest known speed of the day's kept readings: the day summary's, so the band tops out at the totals' max speed. */
  maxMph: number;
  /** The day summary's time split (moving + stationary + offline = last reading - first reading). */
  movingSeconds: number;
  stationarySeconds: number;
  offlineSeconds: number;
}

/**
 * Per-day bands of local-day chunks without outliers (the review's `clean`
 * days). Time split and max speed come from summarizeDay, the same figures as
 * the totals; min and mean follow the summary's attribution rule: interval
 * i → i + 1 has reading i's speed, and only moving intervals count (a parked
 * truck's 0 mph would make every day's minimum 0).
 */
export function dailySpeedBands(chunks: readonly DayChunk[], zone: string, gap: GapParams): DayBand[] {
  const rule = gapRule(gap);
  const out: DayBand[] = [];
  for (const c of chunks) {
    if (c.length === 0) continue;
    const s = summarizeDay(c, gap);
    let min = Infinity;
    let weighted = 0;
    let movingMs = 0;
    for (let i = 0; i + 1 < c.length; i++) {
      if (intervalAt(c, i, rule) !== Interval.MOVING) continue;
      const v = c.speed[i]!;
      // A moving interval with an unknown speed (moving by its positions) says nothing of the speeds driven.
      if (Number.isNaN(v)) continue;
      const dt = c.t[i + 1]! - c.t[i]!;
      if (v < min) min = v;
      weighted += v * dt;
      movingMs += dt;
    }
    const { startMs, endMs } = localDayInterval(c.day, zone);
    out.push({
      day: c.day,
      startMs,
      endMs,
      minMph: movingMs > 0 ? min : 0,
      avgMph: movingMs > 0 ? weighted / movingMs : 0,
      maxMph: s.maxSpeedMph,
      movingSeconds: s.movingSeconds,
      stationarySeconds: s.stationarySeconds,
      offlineSeconds: s.offlineSeconds,
    });
  }
  return out;
}

/** Bands of the days that overlap [fromMs, toMs]. */
export function bandsIn(bands: readonly DayBand[], fromMs: number, toMs: number): DayBand[] {
  return bands.filter((b) => b.endMs > fromMs && b.startMs <= toMs);
}
