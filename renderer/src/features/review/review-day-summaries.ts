import type { AnalysisParams } from '../../../../shared/analysis/types.ts';
import {
  DEFAULT_SUMMARY_PARAMS,
  isCurrentSummary,
  sameSummaryParams,
  SUMMARY_RULE,
  summarizeDay,
  summaryParamsOf,
  type DaySummary,
} from '../../../../shared/track/summary.ts';
import type { DayChunk } from '../../../../shared/track/types.ts';
import type { StoredDay } from '../../store/types.ts';
import { writer } from '../../store/writer.ts';
import type { readLocalDays } from './use-local-days.ts';

/**
 * Stored summaries were computed with the default parameters and the rules of
 * their day's download; other settings, or older rules, recompute them.
 */
function summariesFor(days: readonly { chunk: DayChunk; summary: DaySummary }[], p: AnalysisParams): DaySummary[] {
  const sp = summaryParamsOf(p);
  return days.map((d) => (isCurrentSummary(d.summary, sp) ? d.summary : summarizeDay(d.chunk, sp)));
}

/**
 * Stored summaries of older rules, recomputed (with the default parameters,
 * as ingest stores them) and written back by the store worker, so a day is
 * recomputed once rather than on every read. Not awaited: the screen already
 * shows the recomputed figures, and a failed write only means it happens again
 * next time.
 */
function refreshStale(days: readonly StoredDay[], shown: readonly DaySummary[]): void {
  const stale = days.flatMap((d, k) =>
    d.summary.rule === SUMMARY_RULE
      ? []
      : [
          {
            carrierId: d.carrierId,
            fresh: sameSummaryParams(shown[k]!.params, DEFAULT_SUMMARY_PARAMS) ? shown[k]! : summarizeDay(d.chunk),
          },
        ],
  );
  const byCarrier = new Map<string, DaySummary[]>();
  for (const s of stale) byCarrier.set(s.carrierId, [...(byCarrier.get(s.carrierId) ?? []), s.fresh]);
  for (const [carrierId, summaries] of byCarrier) writer.refreshSummaries(carrierId, summaries).catch(() => undefined);
}

/** Per-day figures of the selection: the stored summaries when the local days are the stored UTC days, else computed for the local days. */
export function daySummaries(read: Awaited<ReturnType<typeof readLocalDays>>, p: AnalysisParams): DaySummary[] {
  if (!read.sameAsStored) return read.chunks.map((c) => summarizeDay(c, summaryParamsOf(p)));
  const shown = summariesFor(read.stored, p);
  refreshStale(read.stored, shown);
  return shown;
}
