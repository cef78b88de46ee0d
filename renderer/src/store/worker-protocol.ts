import type { Assignment } from '../../../shared/drivers/types.ts';
import type { ReviewMark } from '../../../shared/inbox/trail.ts';
import type { DaySummary } from '../../../shared/track/summary.ts';
import type { UtcDay } from '../../../shared/util/day.ts';
import type { OverviewRow } from './db.ts';
import type { CoverageRow, DownloadJob, RosterRow } from './types.ts';
import type { PutDayInput } from './writes.ts';

/** What the store worker (store/worker.ts) offers: each call is one transaction there. */
export interface StoreProtocol {
  putDay(input: PutDayInput): Promise<CoverageRow>;
  /** Several days in one transaction: all or none (fewer, larger transactions store more readings a second). */
  putDays(inputs: PutDayInput[]): Promise<CoverageRow[]>;
  refreshSummaries(carrierId: string, summaries: DaySummary[]): Promise<number>;
  /** Overviews built on read for days stored without a current one (writes.ts). */
  refreshOverviews(rows: OverviewRow[]): Promise<number>;
  deleteVehicleDays(carrierId: string, vehicleId: string, from: UtcDay | null, to: UtcDay | null): Promise<number>;
  deleteCarrier(carrierId: string): Promise<void>;
  putJob(job: DownloadJob): Promise<void>;
  deleteJob(jobId: string): Promise<void>;
  putRoster(roster: RosterRow): Promise<void>;
  /** A review mark (store/trail.ts), replacing the event's earlier one when given. */
  putMark(carrierId: string, mark: ReviewMark, replaces?: string): Promise<void>;
  deleteMark(carrierId: string, key: string): Promise<void>;
  /** A carrier's assignments added (replaced by id) and removed in one transaction (store/assignments.ts). */
  replaceAssignments(carrierId: string, add: Assignment[], removeIds: string[]): Promise<void>;
  deleteAssignment(carrierId: string, id: string): Promise<void>;
  /** Ends the worker's disk-full state: the next writes try IndexedDB again. */
  retryWrites(): Promise<void>;
}
