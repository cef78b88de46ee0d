import type { MotionStatus } from '../api/wire.ts';
import { MOTION_BY_CODE } from '../domain/status.ts';
import { gapRule, intervalBetween, type GapParams, type Interval } from '../track/gaps.ts';
import type { DayChunk } from '../track/types.ts';

export interface StatusBand {
  startMs: number;
  endMs: number;
  status: MotionStatus;
}

/** Window (defaults to the first and last reading) and the interval rule's parameters (defaults: the rule's). */
export interface StatusBandOptions extends Partial<GapParams> {
  tStart?: number;
  tEnd?: number;
}

/**
 * The motion-status band chart at `pixelWidth` columns: each interval shows
 * as the day summary counts it (shared/track/gaps.ts: moving as IN_MOTION,
 * stopped as STATIONARY, a gap as OFFLINE; a reading of unknown status or speed
 * is moving or stopped by that rule, never offline for being unknown),
 * each column shows the status that holds longest in it, and neighbouring
 * columns with the same status merge into one band. Bands are time-ordered,
 * do not overlap and never extend past the readings.
 */
export function downsampleStatusBands(
  chunks: readonly DayChunk[],
  pixelWidth: number,
  options: StatusBandOptions = {},
): StatusBand[] {
  if (!Number.isInteger(pixelWidth) || pixelWidth < 1)
    throw new RangeError(`Status bands need a positive integer pixel width (got ${pixelWidth})`);
  const nonEmpty = chunks.filter((c) => c.length > 0);
  const firstChunk = nonEmpty[0];
  const lastChunk = nonEmpty[nonEmpty.length - 1];
  if (!firstChunk || !lastChunk) return [];
  const t0 = options.tStart ?? firstChunk.t[0]!;
  const t1 = options.tEnd ?? lastChunk.t[lastChunk.length - 1]!;
  if (!(t1 > t0)) return [];
  const rule = gapRule(options);
  const width = (t1 - t0) / pixelWidth;
  const colStart = (c: number) => t0 + c * width;
  // Time per column and status code.
  const acc = new Float64Array(pixelWidth * 3);
  let dataFrom = Infinity;
  let dataTo = -Infinity;
  const add = (from: number, to: number, code: Interval) => {
    let a = Math.max(from, t0);
    const b = Math.min(to, t1);
    if (!(b > a)) return;
    if (a < dataFrom) dataFrom = a;
    if (b > dataTo) dataTo = b;
    for (let c = Math.min(pixelWidth - 1, Math.floor((a - t0) / width)); a < b && c < pixelWidth; c++) {
      const e = c === pixelWidth - 1 ? b : Math.min(b, colStart(c + 1));
      if (e <= a) continue;
      acc[c * 3 + code]! += e - a;
      a = e;
    }
  };
  let prevT = Number.NaN;
  let prevStatus = -1;
  let prevSpeed = 0;
  let prevLat = Number.NaN;
  let prevLng = Number.NaN;
  for (const chunk of nonEmpty) {
    const { t, status, speed, lat, lng } = chunk;
    for (let i = 0; i < chunk.length; i++) {
      const ti = t[i]!;
      // Interval codes are MotionCode values: moving IN_MOTION, stopped STATIONARY, gap OFFLINE.
      if (prevStatus >= 0)
        add(prevT, ti, intervalBetween(rule, prevT, prevStatus, prevSpeed, prevLat, prevLng, ti, lat[i]!, lng[i]!));
      prevT = ti;
      prevStatus = status[i]!;
      prevSpeed = speed[i]!;
      prevLat = lat[i]!;
      prevLng = lng[i]!;
    }
  }
  const bands: StatusBand[] = [];
  let open: StatusBand | null = null;
  for (let c = 0; c < pixelWidth; c++) {
    let best = -1;
    let bestMs = 0;
    for (let s = 0; s < 3; s++) {
      const ms = acc[c * 3 + s]!;
      if (ms > bestMs) {
        bestMs = ms;
        best = s;
      }
    }
    if (best < 0) {
      open = null;
      continue;
    }
    const status = MOTION_BY_CODE[best]!;
    const start = Math.max(colStart(c), dataFrom);
    const end = Math.min(c === pixelWidth - 1 ? t1 : colStart(c + 1), dataTo);
    if (open && open.status === status) open.endMs = end;
    else {
      open = { startMs: start, endMs: end, status };
      bands.push(open);
    }
  }
  return bands;
}
