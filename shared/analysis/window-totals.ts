import { sliceChunk } from '../track/local-days.ts';
import { summarizeDay, summaryParamsOf, type SummaryParams } from '../track/summary.ts';
import type { DayChunk } from '../track/types.ts';
import { rangeTotals, type RangeTotals } from './range-totals.ts';

/**
 * Totals of the readings with fromMs <= t <= toMs (a zoomed chart window), by
 * the very functions the selection's totals use: each day cut to the window,
 * summarised by summarizeDay, combined by rangeTotals. The summary's rule
 * carries over: an interval counts only when both its readings are inside
 * (as one crossing midnight belongs to neither day), and a speeding run cut by
 * the window's edge counts if its part inside is still an event.
 * Days with no reading in the window are left out (`days` counts days with data).
 */
export function windowTotals(
  chunks: readonly DayChunk[],
  fromMs: number,
  toMs: number,
  params: Readonly<SummaryParams>,
): RangeTotals {
  const p = summaryParamsOf(params);
  // sliceChunk's end is exclusive; times are whole milliseconds.
  const interval = { startMs: Math.ceil(fromMs), endMs: Math.floor(toMs) + 1 };
  const summaries = [];
  for (const c of chunks) {
    if (c.length === 0 || c.t[c.length - 1]! < fromMs || c.t[0]! > toMs) continue;
    const part = sliceChunk(c, interval);
    if (part.length > 0) summaries.push(summarizeDay(part, p));
  }
  return rangeTotals(summaries);
}
