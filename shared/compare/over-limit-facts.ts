import type { SafetyEvent, SafetyEventOf } from '../analysis/types.ts';
import { TIER_NAMES, type OverLimitTier } from '../roads/tiers.ts';
import type { LimitSource } from '../roads/types.ts';
import type { DayChunk } from '../track/types.ts';
import type { UtcDay } from '../util/day.ts';

/** One over-the-limit event as Compare lists it among a carrier's worst: where, how far over which limit. */
export interface WorstOverLimitEvent {
  carrierId: string;
  vehicleId: string;
  vehicleNumber: string;
  /** The stored day the event starts in (where Trip review opens it). */
  day: UtcDay;
  startMs: number;
  endMs: number;
  seconds: number;
  peakMph: number;
  limitMph: number;
  limitSource: LimitSource;
  overMph: number;
  tier: OverLimitTier;
  road: string;
  wayId: number;
  place: string;
}

/** A carrier's over-the-limit events, tallied from the analysis judged against road limits. */
export interface OverLimitFacts {
  byTier: Record<OverLimitTier, number>;
  /** Their duration, first to last reading over. */
  seconds: number;
  /** The worst few, worst first (worseOverLimit). */
  worst: WorstOverLimitEvent[];
}

export const WORST_OVER_LIMIT_KEPT = 5;

export function emptyOverLimitFacts(): OverLimitFacts {
  const byTier = Object.fromEntries(TIER_NAMES.map((t) => [t, 0])) as Record<OverLimitTier, number>;
  return { byTier, seconds: 0, worst: [] };
}

export const overLimitTotal = (o: OverLimitFacts): number => TIER_NAMES.reduce((n, t) => n + o.byTier[t], 0);

/** The inbox's order (shared/inbox/filter.ts priorityOrder): the higher tier, then further over, then longer. */
export function worseOverLimit(a: WorstOverLimitEvent, b: WorstOverLimitEvent): number {
  return (
    TIER_NAMES.indexOf(b.tier) - TIER_NAMES.indexOf(a.tier) ||
    b.overMph - a.overMph ||
    b.seconds - a.seconds ||
    a.startMs - b.startMs
  );
}

/**
 * Adds one vehicle's analysed events (over `chunks`, the chunks the analysis was given, in its order) to
 * the carrier's tally; events of other kinds are ignored.
 */
export function tallyOverLimit(
  into: OverLimitFacts,
  events: readonly SafetyEvent[],
  chunks: readonly DayChunk[],
  who: { carrierId: string; vehicleNumber: (chunk: DayChunk) => string },
): void {
  for (const e of events) {
    if (e.kind !== 'over-limit') continue;
    into.byTier[e.tier]++;
    into.seconds += e.durationSeconds;
    keepWorst(into.worst, worstOf(e, chunks[e.at.chunk]!, who));
  }
}

function worstOf(
  e: SafetyEventOf<'over-limit'>,
  chunk: DayChunk,
  who: { carrierId: string; vehicleNumber: (chunk: DayChunk) => string },
): WorstOverLimitEvent {
  return {
    carrierId: who.carrierId,
    vehicleId: e.vehicleId,
    vehicleNumber: who.vehicleNumber(chunk),
    day: chunk.day,
    startMs: e.startMs,
    endMs: e.endMs,
    seconds: e.durationSeconds,
    peakMph: e.peakSpeedMph,
    limitMph: e.limitMph,
    limitSource: e.limitSource,
    overMph: e.overMph,
    tier: e.tier,
    road: e.road,
    wayId: e.wayId,
    place: e.place,
  };
}

function keepWorst(list: WorstOverLimitEvent[], e: WorstOverLimitEvent): void {
  if (list.length === WORST_OVER_LIMIT_KEPT && worseOverLimit(e, list[list.length - 1]!) >= 0) return;
  list.push(e);
  list.sort(worseOverLimit);
  if (list.length > WORST_OVER_LIMIT_KEPT) list.pop();
}
