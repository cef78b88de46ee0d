import type { Direction } from './metrics.ts';

export type Mark = 'best' | 'worst' | null;

/** Values closer than this (relative) are a tie: float noise must not pick a winner. */
const TIE = 1e-9;

export function same(a: number, b: number): boolean {
  return Math.abs(a - b) <= TIE * Math.max(1, Math.abs(a), Math.abs(b));
}

/**
 * Best and worst among the carriers that have a value: every carrier tied
 * with the best is best, likewise for worst. Nothing is marked when fewer than
 * two carriers have a value, when they are all tied, or for a neutral metric.
 */
export function rankValues(values: readonly (number | null)[], direction: Direction): Mark[] {
  const marks: Mark[] = values.map(() => null);
  if (direction === 'neutral') return marks;
  const present = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (present.length < 2) return marks;
  const hi = Math.max(...present);
  const lo = Math.min(...present);
  if (same(hi, lo)) return marks;
  const best = direction === 'higher-is-better' ? hi : lo;
  const worst = direction === 'higher-is-better' ? lo : hi;
  values.forEach((v, i) => {
    if (v === null || !Number.isFinite(v)) return;
    if (same(v, best)) marks[i] = 'best';
    else if (same(v, worst)) marks[i] = 'worst';
  });
  return marks;
}
