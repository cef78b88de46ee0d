import type { AnalysisParams } from '../../../shared/analysis/types.ts';
import type { Assignment, ProbableHosConflict } from '../../../shared/drivers/types.ts';
import type { InboxEvent } from '../../../shared/inbox/events.ts';
import type { Interval } from '../../../shared/time/local-day.ts';
import type { RoadLimitsProtocol } from './worker-roads.ts';

/** A carrier whose drivers are scored: its home zone, the range (its local days) and its kept assignments. */
export interface DriverRangeCarrier {
  carrierId: string;
  zone: string;
  range: Interval;
  assignments: Assignment[];
}

/** A trip as a driver's figures need it. */
export interface DriverRangeTrip {
  vehicleId: string;
  startMs: number;
  endMs: number;
  distanceMiles: number;
  movingSeconds: number;
}

/** One carrier's trips, events and probable HOS conflicts over the range and the one of equal length before it. */
export interface DriverRangeData {
  carrierId: string;
  trips: DriverRangeTrip[];
  events: InboxEvent[];
  conflicts: ProbableHosConflict[];
  /** The events were judged against road limits (over-the-limit figures are findings, not "not judged"). */
  roadLimits: boolean;
}

/** What the driver scorecards worker (driver-scorecards.worker.ts) offers. */
export interface DriverScorecardsProtocol extends RoadLimitsProtocol {
  /**
   * Each carrier's data over its range and the range of equal length before it; null when a newer load came
   * in meanwhile. `roadsKey`: the road limits set (setRoadLimits) the page expects them judged with.
   */
  load(carriers: DriverRangeCarrier[], params: AnalysisParams, roadsKey: string): Promise<DriverRangeData[] | null>;
}
