import type { AnalysisParams } from '../../../shared/analysis/types.ts';
import type { PackedInboxEvents } from '../../../shared/inbox/event-pack.ts';
import type { InboxEvent } from '../../../shared/inbox/events.ts';
import type { CarrierPartialDays } from '../../../shared/inbox/partial-days.ts';
import type { Scorecard } from '../../../shared/inbox/scorecards.ts';
import type { LocalDay } from '../../../shared/time/local-day.ts';
import type { UtcDay } from '../../../shared/util/day.ts';
import type { RoadLimitsProtocol } from './worker-roads.ts';

/** The inbox worker's (inbox.worker.ts) protocol and answers. */
export interface InboxCarrier {
  carrierId: string;
  /** The carrier's home zone: the range is its days. */
  zone: string;
}

export interface InboxData {
  events: InboxEvent[];
  scorecards: Scorecard[];
  /** The range's days, in order (the scorecards' sparklines have one value each). */
  days: LocalDay[];
  /** Vehicles with a reading in the range. */
  vehicles: number;
  /** Trucks analysed from their readings for this answer, and trucks whose kept results were still valid. */
  analysed: number;
  reused: number;
  /**
   * Per carrier, the range's home-zone days its trucks hold only in part (issue 31, item 1), from the coverage rows
   * the load planned with: the page reads no coverage row of its own. Empty when the load was not told `today`.
   */
  partial: CarrierPartialDays[];
}

/** InboxData as `load` sends it: the events packed (shared/inbox/event-pack.ts; unpackInboxEvents on the page). */
export type InboxAnswer = Omit<InboxData, 'events'> & { events: PackedInboxEvents };

export interface InboxProtocol extends RoadLimitsProtocol {
  /**
   * The inbox's answer; null when a newer `load` came in meanwhile. Stops any older load or prepare.
   * `roadsKey`: the road limits set (setRoadLimits) the page expects it judged with; refused when others are kept.
   * `today`: the UTC day the partial days are counted to (a day after it is not missing yet); null for none.
   */
  load(
    carriers: InboxCarrier[],
    from: LocalDay,
    to: LocalDay,
    params: AnalysisParams,
    roadsKey: string,
    today: UtcDay | null,
  ): Promise<InboxAnswer | null>;
  /**
   * The same work in the background, kept for the next open and not sent back: how many trucks were
   * analysed and reused, or null when a `load` or a `pause` came in meanwhile (a prepare never stops a load).
   */
  prepare(
    carriers: InboxCarrier[],
    from: LocalDay,
    to: LocalDay,
    params: AnalysisParams,
    roadsKey: string,
  ): Promise<{ analysed: number; reused: number } | null>;
  /** Trucks finished of the trucks in the run going on (or the last run): answered between its reads. */
  progress(): InboxProgress;
  /**
   * Stops every preparation asked so far (running or waiting its turn) after the truck it is on; its kept
   * rows stay, so the next one goes on from there. Loads are not stopped.
   */
  pause(): void;
  /**
   * Opens the store and keeps each carrier's coverage rows for the store's state now (from its digest when one is
   * kept), so the first open after a start does not wait for the worker to start and read them; how many carriers.
   */
  warm(carrierIds: string[]): Promise<number>;
}

export interface InboxProgress {
  done: number;
  total: number;
}
