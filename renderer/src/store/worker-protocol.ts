import type { DaySummary } from '../../../shared/track/summary.ts';
import type { UtcDay } from '../../../shared/util/day.ts';
import type { StoreFailure } from './errors.ts';
import type { DownloadJob, RosterRow } from './types.ts';
import type { PutDayInput } from './writes.ts';

export type WorkerRequest =
  | { op: 'putDay'; input: PutDayInput }
  | { op: 'putDays'; inputs: PutDayInput[] }
  | { op: 'refreshSummaries'; carrierId: string; summaries: DaySummary[] }
  | { op: 'deleteVehicleDays'; vehicleId: string; from: UtcDay | null; to: UtcDay | null }
  | { op: 'deleteCarrier'; carrierId: string }
  | { op: 'putJob'; job: DownloadJob }
  | { op: 'deleteJob'; jobId: string }
  | { op: 'putRoster'; roster: RosterRow }
  | { op: 'retryWrites' };

export type WorkerReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; failure: StoreFailure };
