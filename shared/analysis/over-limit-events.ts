import { dayRoadMatch } from '../roads/limit-along.ts';
import { overLimitRuns, type OverLimitParams } from '../roads/over-limit.ts';
import type { RoadIndex } from '../roads/types.ts';
import type { SpeedZones } from '../roads/zones.ts';
import { originalIndex, type AnalysisTrack } from './flat-track.ts';
import type { SafetyEvent } from './types.ts';

/**
 * The road limits an analysis judges speeding against: an index of roads with limits (from the user's
 * OpenStreetMap extract, shared/roads/; empty when only zones are given), the user's speed zones, which
 * win over every road limit (shared/roads/zones.ts), and the over-the-limit rule (tolerance and tiers, duration).
 */
export interface RoadLimits {
  index: RoadIndex;
  zones?: SpeedZones;
  overLimit?: Partial<OverLimitParams>;
}

/**
 * "Over the limit" events, per day like speeding (a run across midnight is one event per day): each day's
 * readings, outliers removed, are matched to roads on their own (shared/roads/match.ts) and their runs at
 * least the tolerance over the matched limit become events (shared/roads/over-limit.ts). The whole-track
 * analysis and a day's part both call this, so the two agree by construction. Without road limits, none.
 */
export function overLimitEventsOf(flat: AnalysisTrack, roads: RoadLimits | undefined): SafetyEvent[] {
  if (!roads) return [];
  const out: SafetyEvent[] = [];
  flat.clean.forEach((day, k) => {
    if (day.length === 0) return;
    const chunk = flat.chunks[k]!;
    // The same match Trip review draws (shared/roads/limit-along.ts): the chart and the events agree.
    const { index, match } = dayRoadMatch(roads, day);
    for (const run of overLimitRuns(index, day, match, roads.overLimit)) {
      const i = originalIndex(flat, k, run.start);
      const startMs = day.t[run.start]!;
      const endMs = day.t[run.end]!;
      out.push({
        kind: 'over-limit',
        vehicleId: flat.vehicleId,
        startMs,
        endMs,
        durationSeconds: (endMs - startMs) / 1000,
        peakSpeedMph: day.speed[run.peak]!,
        limitMph: run.limitMph,
        limitSource: run.source,
        overMph: run.overMph,
        tier: run.tier,
        road: run.road,
        wayId: run.wayId,
        lat: chunk.lat[i]!,
        lng: chunk.lng[i]!,
        place: chunk.location[i] ?? '',
        at: { chunk: k, point: i },
      });
    }
  });
  return out;
}
