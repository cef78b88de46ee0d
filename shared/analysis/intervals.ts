/** The intervals between a track's consecutive readings: their states, distances and stopped runs. */
import { Interval, intervalAt, type GapRule } from '../track/gaps.ts';
import { haversineMiles } from '../track/geo.ts';
import type { AnalysisTrack } from './flat-track.ts';

/** states[i] is the Interval of reading i → i + 1 (length - 1 entries). */
export function intervalStates(flat: AnalysisTrack, rule: GapRule): Uint8Array {
  const states = new Uint8Array(Math.max(0, flat.length - 1));
  for (let i = 0; i < states.length; i++) states[i] = intervalAt(flat, i, rule);
  return states;
}

/**
 * miles[i]: the distance of interval i when it is moving or a gap (what trips,
 * totals and gap events add up), 0 when stopped: each computed once, though
 * trips and totals both count it.
 */
export function intervalMiles(flat: AnalysisTrack, states: Uint8Array): Float64Array {
  const { lat, lng } = flat;
  const miles = new Float64Array(states.length);
  for (let i = 0; i < states.length; i++)
    if (states[i] !== Interval.STOPPED) miles[i] = haversineMiles(lat[i]!, lng[i]!, lat[i + 1]!, lng[i + 1]!);
  return miles;
}

/** Calls `run(first, last)` (reading indices) for every maximal run of stopped intervals, in order. */
export function forEachStoppedRun(states: Uint8Array, run: (first: number, last: number) => void): void {
  let start = -1;
  for (let i = 0; i < states.length; i++) {
    if (states[i] === Interval.STOPPED) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      run(start, i);
      start = -1;
    }
  }
  if (start >= 0) run(start, states.length);
}
