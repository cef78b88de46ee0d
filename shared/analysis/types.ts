/**
 * Trip review analysis: the contract between `shared/analysis/*` (pure,
 * unit-tested on generated tracks) and the screens, exports and the carrier
 * comparison. A "track" is a time-ordered sequence of day chunks of one vehicle
 * (a day, a week or six months).
 */
import type { DayChunk } from '../track/types.ts';

/** Documented, adjustable parameters; every carrier in a comparison uses the same ones. */
export interface AnalysisParams {
  /** Readings above this speed are speeding. Default 70. */
  speedingThresholdMph: number;
  /** A speeding stretch shorter than this is not an event. Default 60 s. */
  speedingMinSeconds: number;
  /** Stationary (or below `stopSpeedMph`) for at least this long is a stop. Default 5 min. */
  minStopSeconds: number;
  /** A stop at least this long is a "long stop" safety event. Default 2 h. */
  longStopSeconds: number;
  /** Speed at or below which a reading counts as stopped. Default 3 mph. */
  stopSpeedMph: number;
  /** Missing readings (or OFFLINE) for longer than this is a data gap. Default 20 min. */
  gapSeconds: number;
  /**
   * Parked silence (no readings after a STATIONARY one, the next within 250 m:
   * a parked truck reports about hourly) is a data gap only when longer than
   * this. At least `gapSeconds`. Default 2 h. See shared/track/gaps.ts.
   */
  parkedGapSeconds: number;
  /** A gap at least this long ends a trip. Default 60 min. */
  tripGapSeconds: number;
  /** Trips shorter than this distance are dropped (yard moves). Default 1 mile. */
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
  distanceMiles: number;
  durationSeconds: number;
  movingSeconds: number;
  maxSpeedMph: number;
  /** distance / moving time, mph (0 when no moving time). */
  avgSpeedMph: number;
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

export type SafetyEvent =
  | { kind: 'speeding'; vehicleId: string; startMs: number; endMs: number; durationSeconds: number; peakSpeedMph: number; lat: number; lng: number; place: string; at: TrackIndex }
  | { kind: 'long-stop'; vehicleId: string; startMs: number; endMs: number; durationSeconds: number; lat: number; lng: number; place: string; at: TrackIndex }
  | {
      kind: 'gap';
      vehicleId: string;
      startMs: number;
      endMs: number;
      durationSeconds: number;
      reason: 'offline' | 'silence';
      lat: number;
      lng: number;
      place: string;
      at: TrackIndex;
      /**
       * True when the gap lies inside a stop (an OFFLINE spell or a parked
       * silence past `parkedGapSeconds` while parked), so a screen may list
       * them apart from gaps on the road. Set by analyzeTrack.
       */
      withinStop?: boolean;
    };

export interface TrackAnalysis {
  params: AnalysisParams;
  trips: Trip[];
  stops: Stop[];
  /** Time-ordered. */
  events: SafetyEvent[];
}

/** Signature of the entry point implemented in shared/analysis/analyze.ts. */
export type AnalyzeTrack = (chunks: readonly DayChunk[], params?: Partial<AnalysisParams>) => TrackAnalysis;

/** A downsampled series for charts: parallel arrays, time-ordered. */
export interface Series {
  t: Float64Array;
  v: Float64Array;
}
