import { localDayOfMs, localDayStartMs, offsetMinutesAt } from './local-day.ts';
import { addDays } from '../util/day.ts';

const HOUR_MS = 3_600_000;
/** Tick steps a time axis may take: whole hours within a day, whole days beyond. */
const HOUR_STEPS = [1, 2, 3, 6, 12] as const;
const DAY_STEPS = [1, 2, 7, 14, 28] as const;
/** Beyond this span an axis counts days (labelled by date), within it hours (labelled by time). */
export const DATE_TICKS_FROM_MS = 2 * 86_400_000;

export interface TimeTicks {
  unit: 'hour' | 'day';
  ticks: number[];
}

/**
 * Ticks of a time axis on the zone's clock: local midnights beyond two days (every 1, 2, 7, 14 or 28 days),
 * whole local hours within (every 1, 2, 3, 6 or 12 h), the smallest step that keeps ticks `minGapPx` apart.
 * A date label then sits on the midnight it names, and no two ticks carry the same label.
 */
export function timeTicks(fromMs: number, toMs: number, zone: string, widthPx: number, minGapPx = 60): TimeTicks {
  const span = toMs - fromMs;
  if (!(span > 0) || !(widthPx > 0)) return { unit: 'hour', ticks: [] };
  const pxPerMs = widthPx / span;
  if (span > DATE_TICKS_FROM_MS) {
    const step = DAY_STEPS.find((d) => d * 86_400_000 * pxPerMs >= minGapPx) ?? DAY_STEPS.at(-1)!;
    return { unit: 'day', ticks: midnights(fromMs, toMs, zone, step) };
  }
  const step = HOUR_STEPS.find((h) => h * HOUR_MS * pxPerMs >= minGapPx) ?? HOUR_STEPS.at(-1)!;
  return { unit: 'hour', ticks: wholeHours(fromMs, toMs, zone, step) };
}

function midnights(fromMs: number, toMs: number, zone: string, step: number): number[] {
  const out: number[] = [];
  let day = localDayOfMs(fromMs, zone);
  for (let k = 0; ; k++, day = addDays(day, 1)) {
    const start = localDayStartMs(day, zone);
    if (start > toMs) break;
    // Every step-th day counted from the epoch, so panning keeps the same days ticked.
    const ordinal = Math.round(start / 86_400_000);
    if (start >= fromMs && ordinal % step === 0) out.push(start);
    if (k > 400) break;
  }
  return out;
}

function wholeHours(fromMs: number, toMs: number, zone: string, step: number): number[] {
  const out: number[] = [];
  // Local wall time of `fromMs`, rounded down to the step; each tick then converted back with its own offset.
  const offsetMs = (ms: number) => offsetMinutesAt(zone, ms) * 60_000;
  const wall0 = Math.floor((fromMs + offsetMs(fromMs)) / (step * HOUR_MS)) * step * HOUR_MS;
  let last = -Infinity;
  for (let wall = wall0; out.length < 200; wall += step * HOUR_MS) {
    const guess = wall - offsetMs(wall - offsetMs(fromMs));
    const t = wall - offsetMs(guess);
    if (t > toMs) break;
    // A wall hour a transition skips or repeats is ticked once.
    if (t >= fromMs && t > last) out.push(t);
    last = Math.max(last, t);
  }
  return out;
}
