import { indexAtOrBefore } from './track.ts';

/**
 * Time of the next (dir 1) or previous (dir -1) reading relative to `ms`:
 * strictly after / strictly before, so repeated steps visit every reading.
 * Clamps at the ends of the selection.
 */
export function stepTime(t: Float64Array, ms: number, dir: 1 | -1): number {
  const n = t.length;
  if (n === 0) return ms;
  const i = indexAtOrBefore(t, ms);
  if (dir === 1) return t[Math.min(n - 1, i + 1)]!;
  if (i < 0) return t[0]!;
  const target = t[i]! < ms ? i : i - 1;
  return t[Math.max(0, target)]!;
}

/** The playback speeds offered, in simulated seconds per wall second. */
export const PLAYBACK_RATES: readonly number[] = [1, 10, 30, 60, 120, 300, 600, 1800, 3600, 7200];

/** Next rate up (+) or down (-) in the list, clamped; from a rate not in the list, the nearest listed one that way. */
export function nextRate(rate: number, dir: 1 | -1): number {
  const k = dir === 1 ? PLAYBACK_RATES.findIndex((r) => r > rate) : PLAYBACK_RATES.findLastIndex((r) => r < rate);
  return PLAYBACK_RATES[k >= 0 ? k : dir === 1 ? PLAYBACK_RATES.length - 1 : 0]!;
}
