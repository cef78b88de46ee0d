import { gapRule, isGapAt, type GapParams } from '../track/gaps.ts';
import { indexAtOrBefore } from './track.ts';
import type { TrackColumns } from '../track/types.ts';

/** Where the vehicle is drawn at a moment of playback. */
export interface PlaybackSample {
  /** The reading in effect (last at or before the time; 0 before the first). */
  index: number;
  lat: number;
  lng: number;
  /** degrees [0, 360); NaN when neither reading around the moment had a direction */
  heading: number;
  /** Speed and status of the reading in effect (readings are samples, not a curve); NaN and MotionCode.UNKNOWN when its record had none. */
  speed: number;
  status: number;
  /** True inside a gap (shared/track/gaps.ts): the marker holds still rather than invent a path. */
  inGap: boolean;
}

/** Heading between a and b at fraction f, turning the short way (350° → 10° passes 0°, not 180°). */
export function lerpHeading(a: number, b: number, f: number): number {
  const d = ((((b - a) % 360) + 540) % 360) - 180;
  const h = a + d * f;
  return ((h % 360) + 360) % 360;
}

/** lerpHeading when both directions are known; else the known one (held, never interpolated from nothing); NaN when neither is. */
export function headingBetween(a: number, b: number, f: number): number {
  if (Number.isNaN(a)) return b;
  if (Number.isNaN(b)) return a;
  return lerpHeading(a, b, f);
}

export function sampleAt(track: TrackColumns, ms: number, gap: Partial<GapParams>): PlaybackSample | null {
  if (track.length === 0) return null;
  const { t, lat, lng, speed, direction, status } = track;
  const i = Math.max(0, indexAtOrBefore(t, ms));
  const j = i + 1;
  const base = { index: i, speed: speed[i]!, status: status[i]! };
  if (j >= track.length || ms <= t[i]!)
    return { ...base, lat: lat[i]!, lng: lng[i]!, heading: direction[i]!, inGap: false };
  const dt = t[j]! - t[i]!;
  if (isGapAt(track, i, gapRule(gap)))
    return { ...base, lat: lat[i]!, lng: lng[i]!, heading: direction[i]!, inGap: true };
  const f = dt > 0 ? (ms - t[i]!) / dt : 0;
  return {
    ...base,
    lat: lat[i]! + (lat[j]! - lat[i]!) * f,
    lng: lng[i]! + (lng[j]! - lng[i]!) * f,
    heading: headingBetween(direction[i]!, direction[j]!, f),
    inGap: false,
  };
}
