/**
 * Trip review analysis: the contract between `shared/analysis/*` (pure,
 * unit-tested on generated tracks) and the screens, exports and the carrier
 * comparison. A "track" is a time-ordered sequence of day chunks of one vehicle
 * (a day, a week or six months).
 */
import type { OverLimitTier } from '../roads/tiers.ts';
import type { LimitSource } from '../roads/types.ts';
import type { GapReason } from '../track/gaps.ts';
import type { DayChunk } from '../track/types.ts';
import type { RoadLimits } from './over-limit-events.ts';

/**
 * Documented, adjustable parameters (docs/analysis.md has each rule with its
 * reason); every carrier in a comparison uses the same ones.
 */
export interface AnalysisParams {
  /** Readings above this speed are speeding. Default 70. */
  speedingThresholdMph: number;
  /** A speeding event lasts at least this long, first to last reading over the limit (and has at least two). Default 60 s. */
  speedingMinSeconds: number;
  /**
   * Stopped (not a moving reading, shared/track/gaps.ts) for at least this
   * long is a stop; a silence this long that ends where it began is one too. Default 5 min.
   */
  minStopSeconds: number;
  /** A stop at least this long is a "long stop" safety event. Default 2 h. */
  longStopSeconds: number;
  /** Speed at or below which a reading is not moving. Default 3 mph. */
  stopSpeedMph: number;
  /** A silence (or OFFLINE) across which the truck moved is a data gap when longer than this. Default 20 min. */
  gapSeconds: number;
  /** A reported or implied speed above this is an outlier (shared/track/outliers.ts). Default 110 mph. */
  maxPlausibleMph: number;
  /** A gap at least this long ends a trip. Default 60 min. */
  tripGapSeconds: number;
  /** Trips shorter than this distance (tracked plus unaccounted) are dropped (yard moves). Default 1 mile. */
  minTripMiles: number;
}

/** A position in a track: chunk index and point index within it. */
export interface TrackIndex {
  chunk: number;
  point: number;
}

export interface Trip {
  /** Stable within an analysis: `${vehicleId}:${startMs}`. */
  id: string;
  vehicleId: string;
  start: TrackIndex;
  /** Inclusive. */
  end: TrackIndex;
  startMs: number;
  endMs: number;
  startPlace: string;
  endPlace: string;
  startLat: number;
  startLng: number;
  endLat: number;
  endLng: number;
  /** Distance over the trip's moving intervals: the stretches movingSeconds covers. */
  distanceMiles: number;
  /** Straight-line distance across the trip's gaps: the truck went there, nobody saw how. */
  unaccountedMiles: number;
  durationSeconds: number;
  movingSeconds: number;
  /** Highest known speed of the trip's readings; NaN when none of them had a speed (unknown, never 0). */
  maxSpeedMph: number;
  /** distanceMiles / moving time, mph (0 when no moving time). */
  avgSpeedMph: number;
  /** Kept readings from start to end (outliers are not counted). */
  points: number;
}

export interface Stop {
  vehicleId: string;
  startMs: number;
  endMs: number;
  durationSeconds: number;
  lat: number;
  lng: number;
  place: string;
  at: TrackIndex;
}

/** What every safety event has, whatever its kind. */
export interface EventBase {
  vehicleId: string;
  startMs: number;
  endMs: number;
  durationSeconds: number;
  lat: number;
  lng: number;
  place: string;
  at: TrackIndex;
}

/**
 * One member per kind, with the fields the kind adds; its label, texts, codec and CSV cells are its row of
 * the registry (shared/analysis/event-kinds.ts), which the compiler holds to every member here.
 */
export type SafetyEvent =
  | (EventBase & {
      kind: 'speeding';
      peakSpeedMph: number;
    })
  | (EventBase & {
      kind: 'long-stop';
    })
  | (EventBase & {
      kind: 'over-limit';
      /** Highest known speed of the event's readings. */
      peakSpeedMph: number;
      /** The road's limit for the truck where it was furthest over, mph, and where that limit came from. */
      limitMph: number;
      limitSource: LimitSource;
      /** How far over that limit, at the furthest. */
      overMph: number;
      tier: OverLimitTier;
      /** The road's name or ref ("Name (ref)"); '' when untagged. */
      road: string;
      /** OpenStreetMap way id of that road. */
      wayId: number;
    })
  | (EventBase & {
      kind: 'gap';
      /** offline: the reading before was OFFLINE; silence: no readings; jump: the position jumped farther than a truck drives. */
      reason: GapReason;
      /** Straight-line distance across the gap. */
      miles: number;
    });

export type EventKind = SafetyEvent['kind'];
export type SafetyEventOf<K extends EventKind> = Extract<SafetyEvent, { kind: K }>;
/** The fields kind K adds to EventBase. */
export type EventFieldsOf<K extends EventKind> = Omit<SafetyEventOf<K>, keyof EventBase | 'kind'>;

/**
 * Figures of the whole track, with the same definitions as the day summaries
 * (shared/track/summary.ts) but counting the intervals that cross midnight.
 */
export interface TrackTotals {
  movingSeconds: number;
  stationarySeconds: number;
  offlineSeconds: number;
  distanceMiles: number;
  unaccountedMiles: number;
  /** Moving time not inside any trip (dropped yard moves, a drive cut short by the end of the selection). */
  movingSecondsOutsideTrips: number;
  outliers: number;
}

export interface TrackAnalysis {
  params: AnalysisParams;
  trips: Trip[];
  stops: Stop[];
  /** Time-ordered. */
  events: SafetyEvent[];
  totals: TrackTotals;
}

/** Signature of the entry point implemented in shared/analysis/analyze.ts. */
export type AnalyzeTrack = (
  chunks: readonly DayChunk[],
  params?: Partial<AnalysisParams>,
  /** Road limits to judge "over the limit" against (shared/analysis/over-limit-events.ts); none: no such events. */
  roads?: RoadLimits,
) => TrackAnalysis;

/** A downsampled series for charts: parallel arrays, time-ordered. */
export interface Series {
  t: Float64Array;
  v: Float64Array;
}
