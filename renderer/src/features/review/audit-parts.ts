import { AUDIT_LIMITS } from '../../../../shared/ipc/validate.ts';
import { copyChunkRange } from '../../../../shared/track/day-chunk.ts';
import type { DayChunk } from '../../../../shared/track/types.ts';
import { TEXT_LIMITS } from '../../../../shared/api/text-bounds.ts';
import { boundText } from '../../../../shared/util/bounded-text.ts';

/**
 * A stored day cut into the parts the Review sends with audit:addReadings:
 * the backend's guard takes at most 10,000 readings per call, and the browser
 * shell's bridge at most 2 MB of request body (typed arrays travel as base64).
 */

/** At most this many readings per audit:addReadings call (the backend's guard). */
export const AUDIT_PART_POINTS = AUDIT_LIMITS.pointsPerCall;
/** And at most about this many bytes of bridge JSON per call (the browser shell refuses bodies over 2 MB). */
const AUDIT_PART_BYTES = 1_200_000;

/** A rough upper bound of one reading's share of the bridge JSON (base64 columns, id, location and any own identity strings). */
function jsonBytes(chunk: DayChunk, from: number, to: number): number {
  let n = (to - from) * 60;
  for (let i = from; i < to; i++) n += (chunk.id[i]?.length ?? 0) + (chunk.location[i]?.length ?? 0) * 2 + 8;
  const own = chunk.identityAt;
  if (own)
    for (let i = from; i < to; i++) n += ((own.vehicleNumber[i]?.length ?? 0) + (own.vin[i]?.length ?? 0)) * 2 + 8;
  return n;
}

/** A stored day in consecutive parts small enough for one call each. */
export function auditParts(chunk: DayChunk, maxPoints = AUDIT_PART_POINTS, maxBytes = AUDIT_PART_BYTES): DayChunk[] {
  const out: DayChunk[] = [];
  for (let a = 0; a < chunk.length;) {
    let b = Math.min(chunk.length, a + maxPoints);
    while (b - a > 1 && jsonBytes(chunk, a, b) > maxBytes) b = a + Math.ceil((b - a) / 2);
    out.push(boundedText(copyChunkRange(chunk, a, b)));
    a = b;
  }
  return out;
}

/**
 * The part's text within the API's bounds (shared/api/text-bounds.ts): a day
 * stored before those bounds may hold longer text, which the guard (at most
 * AUDIT_LIMITS.maxText) would refuse whole. Cut the way the client cuts.
 */
function boundedText(part: DayChunk): DayChunk {
  const cut = (s: string, max: number) => boundText(s, max).text;
  const own = part.identityAt;
  return {
    ...part,
    vehicleNumber: cut(part.vehicleNumber, TEXT_LIMITS.unitNumber),
    vin: cut(part.vin, TEXT_LIMITS.vin),
    location: part.location.map((l) => cut(l, TEXT_LIMITS.place)),
    ...(own
      ? {
          identityAt: {
            vehicleNumber: own.vehicleNumber.map((v) => cut(v, TEXT_LIMITS.unitNumber)),
            vin: own.vin.map((v) => cut(v, TEXT_LIMITS.vin)),
          },
        }
      : {}),
  };
}
