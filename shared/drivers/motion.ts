import { MotionCode } from '../domain/status.ts';
import type { DayChunk } from '../track/types.ts';
import type { Motion, MotionAt } from './types.ts';

/**
 * Whether a vehicle was moving at an instant, from its stored readings (for suggestions and probable HOS
 * conflicts). Rule:
 * - moving: a reading within ±2 min shows ≥ 5 mph or IN_MOTION (readings come every few seconds to a
 *   minute while driving, so two minutes either side always holds one unless the data has a gap);
 * - still: readings within ±10 min and none of those within ±2 min moving;
 * - unknown: no reading within ±10 min, unless `coverage` says the stored data covers that instant (the
 *   day was downloaded): then still (a parked truck with its engine off sends nothing), except inside a gap
 *   whose readings on both sides are moving (a coverage hole mid-drive): unknown.
 */
export const MOTION_RULE = Object.freeze({
  movingMph: 5,
  movingWindowMs: 2 * 60_000,
  stillWindowMs: 10 * 60_000,
});

/** Whether the stored data of a vehicle covers an instant (its day was downloaded), readings or not. */
export type MotionCoverage = (vehicleId: string, ms: number) => boolean;

export function motionFromChunks(
  byVehicle: ReadonlyMap<string, readonly DayChunk[]>,
  coverage?: MotionCoverage,
): MotionAt {
  // Non-empty chunks in time order (one UTC day each, so they never overlap).
  const tracks = new Map<string, DayChunk[]>();
  for (const [vehicleId, chunks] of byVehicle) {
    tracks.set(
      vehicleId,
      chunks.filter((c) => c.length > 0).sort((a, b) => a.t[0]! - b.t[0]!),
    );
  }
  return (vehicleId, ms): Motion => {
    const chunks = tracks.get(vehicleId) ?? [];
    const near = readingsWithin(chunks, ms - MOTION_RULE.movingWindowMs, ms + MOTION_RULE.movingWindowMs);
    if (near.some(([c, i]) => isMovingReading(c, i))) return 'moving';
    if (near.length > 0) return 'still';
    if (readingsWithin(chunks, ms - MOTION_RULE.stillWindowMs, ms + MOTION_RULE.stillWindowMs, 1).length > 0) {
      return 'still';
    }
    if (!coverage?.(vehicleId, ms)) return 'unknown';
    const before = readingsWithin(chunks, -Infinity, ms, 1, true)[0];
    const after = readingsWithin(chunks, ms, Infinity, 1)[0];
    const midDrive = before && after && isMovingReading(...before) && isMovingReading(...after);
    return midDrive ? 'unknown' : 'still';
  };
}

function isMovingReading(c: DayChunk, i: number): boolean {
  return c.speed[i]! >= MOTION_RULE.movingMph || c.status[i] === MotionCode.IN_MOTION;
}

/**
 * Readings with fromMs ≤ t ≤ toMs as [chunk, index], in time order (reversed with `last`), at most `limit`.
 * Binary searches over the chunks and within each.
 */
function readingsWithin(
  chunks: readonly DayChunk[],
  fromMs: number,
  toMs: number,
  limit = Infinity,
  last = false,
): [DayChunk, number][] {
  const out: [DayChunk, number][] = [];
  const first = lowerBound(chunks.length, (k) => chunks[k]!.t[chunks[k]!.length - 1]! >= fromMs);
  const hits: [DayChunk, number, number][] = [];
  for (let k = first; k < chunks.length && chunks[k]!.t[0]! <= toMs; k++) {
    const c = chunks[k]!;
    const lo = lowerBound(c.length, (i) => c.t[i]! >= fromMs);
    const hi = lowerBound(c.length, (i) => c.t[i]! > toMs);
    if (hi > lo) hits.push([c, lo, hi]);
  }
  if (last) hits.reverse();
  for (const [c, lo, hi] of hits) {
    if (last) for (let i = hi - 1; i >= lo && out.length < limit; i--) out.push([c, i]);
    else for (let i = lo; i < hi && out.length < limit; i++) out.push([c, i]);
    if (out.length >= limit) break;
  }
  return out;
}

/** The first index in [0, n) where `ok` holds (ok is monotone: false… then true…); n when none. */
function lowerBound(n: number, ok: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ok(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
