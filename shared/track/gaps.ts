import { MotionCode } from '../domain/status.ts';
import type { DayChunk } from './types.ts';

/**
 * One definition of "gap in the data", shared by the day summary (gap time is
 * offline time) and the GPX writer (a gap starts a new <trkseg>), so a screen
 * and an export never disagree about where the record breaks.
 */

/** Longer than this between readings, the record is broken (moving trucks report every ~60 s). */
export const DEFAULT_GAP_SECONDS = 20 * 60;

/**
 * Whether the interval that starts at a reading with motion code `status` and
 * lasts `dtMs` is a gap: it is longer than `gapMs`, or the reading says the
 * device went OFFLINE (whatever follows it is not a continuous record).
 */
export function isGapInterval(dtMs: number, status: number, gapMs: number): boolean {
  return dtMs > gapMs || status === MotionCode.OFFLINE;
}

export interface Gap {
  /** Index of the reading the gap starts at; the gap is the interval index → index + 1. */
  index: number;
  startMs: number;
  endMs: number;
  /** 'offline' when the reading at `index` was OFFLINE, otherwise 'silence' (no readings). */
  reason: 'offline' | 'silence';
}

/** The gaps inside one day chunk, in time order. */
export function findGaps(chunk: DayChunk, gapSeconds: number = DEFAULT_GAP_SECONDS): Gap[] {
  const gapMs = gapSeconds * 1000;
  const { t, status } = chunk;
  const out: Gap[] = [];
  for (let i = 0; i + 1 < chunk.length; i++) {
    const start = t[i]!;
    const end = t[i + 1]!;
    const code = status[i]!;
    if (isGapInterval(end - start, code, gapMs)) {
      out.push({ index: i, startMs: start, endMs: end, reason: code === MotionCode.OFFLINE ? 'offline' : 'silence' });
    }
  }
  return out;
}
