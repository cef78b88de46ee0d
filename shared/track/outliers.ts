import { DEFAULT_MAX_PLAUSIBLE_MPH, gapRule, isJump, type GapRule } from './gaps.ts';
import type { DayChunk } from './types.ts';

/**
 * Readings no truck produced: real loggers report impossible speeds (1,846 mph
 * between 0 and 9) and positions that jump kilometres in a second (a bad fix,
 * a batch of readings stamped with one time). An outlier stays in the store
 * and in the breadcrumb exports (flagged), and everything that measures the
 * truck (distance, moving time, max speed, speeding, stops, trips, the map's
 * route, the charts, playback) reads the day without it.
 *
 * The rule, per UTC day (so a day's figures never depend on a neighbouring
 * day that may not be downloaded), with `maxPlausibleMph`:
 * 1. a reading whose reported speed is above it is an outlier;
 * 2. walking the other readings in time order, a reading that the last kept
 *    reading could not reach at that speed (plus JUMP_TOLERANCE_METERS of
 *    GPS error) is an outlier, unless the reading after it confirms it (it
 *    can reach that one, the last kept reading cannot): then the truck really
 *    is elsewhere. If the last kept reading is the day's first, that first
 *    reading was the odd one and is the outlier; otherwise both are kept and
 *    the interval between them is a "jump" gap (shared/track/gaps.ts).
 * A spike (one bad fix), a run of readings stamped with one time and a bad
 * first fix are removed; a truck that really reappears far away is kept.
 */

/** Flags (1 = outlier) of the day's readings, or null when there are none (the common case: no allocation). */
export function findOutliers(chunk: DayChunk, maxPlausibleMph: number = DEFAULT_MAX_PLAUSIBLE_MPH): Uint8Array | null {
  const { speed, length: n } = chunk;
  let flags = null as Uint8Array | null;
  const flag = (i: number) => {
    flags ??= new Uint8Array(n);
    flags[i] = 1;
  };
  // An unknown speed (NaN) is no evidence of anything: only a reported speed above the maximum is.
  for (let i = 0; i < n; i++) if (speed[i]! > maxPlausibleMph) flag(i);
  const rule = gapRule({ maxPlausibleMph });
  const jump = (a: number, b: number) => isJumpAt(chunk, rule, a, b);
  const nextKept = (i: number): number => {
    for (let j = i + 1; j < n; j++) if (flags?.[j] !== 1) return j;
    return -1;
  };
  let prev = -1;
  let prevIsFirst = true;
  for (let i = 0; i < n; i++) {
    if (flags?.[i] === 1) continue;
    if (prev >= 0 && jump(prev, i)) {
      const next = nextKept(i);
      const confirmed = next >= 0 && !jump(i, next) && jump(prev, next);
      if (!confirmed) {
        flag(i);
        continue;
      }
      if (prevIsFirst) flag(prev);
    }
    prevIsFirst = prev < 0 || (prevIsFirst && flags?.[prev] === 1);
    prev = i;
  }
  return flags;
}

function isJumpAt(chunk: DayChunk, rule: GapRule, a: number, b: number): boolean {
  const { t, lat, lng } = chunk;
  return isJump(rule, t[b]! - t[a]!, lat[a]!, lng[a]!, lat[b]!, lng[b]!);
}

/** A day without its outliers. */
export interface CleanDay {
  /** The kept readings as a chunk of their own (the input object itself when nothing was removed). */
  chunk: DayChunk;
  /** origin[k] is the index in the input chunk of kept reading k; null when nothing was removed. */
  origin: Int32Array | null;
  /** Flags of the input chunk's readings (1 = outlier); null when there are none. */
  flags: Uint8Array | null;
  outliers: number;
}

export function withoutOutliers(chunk: DayChunk, maxPlausibleMph: number = DEFAULT_MAX_PLAUSIBLE_MPH): CleanDay {
  const flags = findOutliers(chunk, maxPlausibleMph);
  if (flags === null) return { chunk, origin: null, flags: null, outliers: 0 };
  const origin: number[] = [];
  for (let i = 0; i < chunk.length; i++) if (flags[i] !== 1) origin.push(i);
  const idx = Int32Array.from(origin);
  const pick = (col: Float64Array) => Float64Array.from(idx, (i) => col[i]!);
  const kept: DayChunk = {
    vehicleId: chunk.vehicleId,
    day: chunk.day,
    vehicleNumber: chunk.vehicleNumber,
    vin: chunk.vin,
    length: idx.length,
    t: pick(chunk.t),
    lat: pick(chunk.lat),
    lng: pick(chunk.lng),
    speed: pick(chunk.speed),
    direction: pick(chunk.direction),
    status: Uint8Array.from(idx, (i) => chunk.status[i]!),
    id: Array.from(idx, (i) => chunk.id[i] ?? ''),
    location: Array.from(idx, (i) => chunk.location[i] ?? ''),
  };
  const ids = chunk.identityAt;
  if (ids)
    kept.identityAt = {
      vehicleNumber: Array.from(idx, (i) => ids.vehicleNumber[i] ?? chunk.vehicleNumber),
      vin: Array.from(idx, (i) => ids.vin[i] ?? chunk.vin),
    };
  return { chunk: kept, origin: idx, flags, outliers: chunk.length - idx.length };
}
