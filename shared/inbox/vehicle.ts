import type { AnalysisParams } from '../analysis/types.ts';
import { joinDayParts, type DayPart } from '../analysis/day-parts.ts';
import type { LocalDay } from '../time/local-day.ts';
import { inboxEvents, type InboxEvent } from './events.ts';
import { scorecard, type Scorecard } from './scorecards.ts';

/** One vehicle's lines of the inbox: its events and its scorecard over the range. */
export interface InboxVehicle {
  events: InboxEvent[];
  scorecard: Scorecard;
}

/**
 * A vehicle's events and scorecard over the range `days` from the parts of its days with readings (day
 * order, shared/analysis/day-parts.ts); null without one. `roadLimits`: the parts were analysed with road
 * limits, so a count of 0 over-the-limit events is a finding rather than "not judged".
 */
export function inboxVehicle(
  v: { carrierId: string; vehicleId: string; zone: string },
  parts: readonly DayPart[],
  params: AnalysisParams,
  days: readonly LocalDay[],
  roadLimits = false,
): InboxVehicle | null {
  if (parts.length === 0) return null;
  const vehicle = {
    carrierId: v.carrierId,
    vehicleId: v.vehicleId,
    vehicleNumber: parts[0]!.vehicleNumber,
    zone: v.zone,
    analysis: joinDayParts(v.vehicleId, parts, params),
  };
  // The range's first and last readings: a long stop reaching either is cut by the window.
  const firstMs = parts.find((p) => p.first)?.first?.t ?? -Infinity;
  const lastMs = parts.findLast((p) => p.last)?.last?.t ?? Infinity;
  const events = inboxEvents([vehicle]).map((e) =>
    e.kind === 'long-stop' && (e.startMs <= firstMs || e.endMs >= lastMs) ? { ...e, atLeast: true } : e,
  );
  return {
    events,
    scorecard: scorecard({ ...vehicle, daysWithData: parts.length, roadLimits }, days),
  };
}
