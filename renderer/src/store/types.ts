/**
 * The renderer's offline store, as the UI sees it. Implemented with Dexie over
 * IndexedDB; writes run in a Web Worker (`store/worker.ts`), reads go through
 * hooks (`store/hooks.ts`). This file is the contract between the store and the
 * screens.
 */
import type { DriverRow, Failure, FleetSnapshot, VehicleRow } from '../../../shared/domain/carrier.ts';
import type { DownloadProgress, RejectedRecord } from '../../../shared/ipc/contract.ts';
import type { DaySummary } from '../../../shared/track/summary.ts';
import type { DayChunk } from '../../../shared/track/types.ts';
import type { UtcDay } from '../../../shared/util/day.ts';
import type { StoreFailure } from './errors.ts';

/** Coverage of one vehicle-day: written in the same transaction as its chunk. */
export interface CoverageRow {
  carrierId: string;
  vehicleId: string;
  day: UtcDay;
  /** 'partial' for today (it may still grow); a partial day is fetched again. */
  state: 'complete' | 'partial';
  points: number;
  /** Approximate bytes the chunk occupies. */
  bytes: number;
  fetchedAt: number;
}

export interface StoredDay {
  carrierId: string;
  chunk: DayChunk;
  summary: DaySummary;
}

/** Roster data kept for offline use: the latest fetch of each screen. */
export interface RosterRow {
  carrierId: string;
  kind: 'vehicles' | 'drivers';
  fetchedAt: number;
  rows: VehicleRow[] | DriverRow[];
}

/** Every refresh of HOS / latest vehicle status, kept: the API keeps no history. */
export type SnapshotRow =
  | { id?: number; carrierId: string; kind: 'vehicles'; takenAt: number; rows: VehicleRow[] }
  | { id?: number; carrierId: string; kind: 'drivers'; takenAt: number; rows: DriverRow[] };

export type JobState = 'queued' | 'running' | 'paused' | 'cancelled' | 'done' | 'failed';

/** One vehicle's share of a download job. */
export interface JobVehicle {
  vehicleId: string;
  vehicleNumber: string;
  state: JobState;
  progress: DownloadProgress;
  failure: Failure | StoreFailure | null;
  /** Cumulative progress when the current backend session started (a resume adds to it). */
  base?: DownloadProgress;
  /** Days of the range already stored complete when the current session started. */
  skippedDays?: number;
}

export interface DownloadJob {
  id: string;
  carrierId: string;
  carrierLabel: string;
  from: UtcDay;
  to: UtcDay;
  createdAt: number;
  state: JobState;
  vehicles: JobVehicle[];
  /** Rejected (malformed) records with their reasons, shown on demand. */
  rejected: RejectedRecord[];
  startedAt: number | null;
  finishedAt: number | null;
  /** Why the whole job stopped (e.g. the storage quota is full). */
  failure?: Failure | StoreFailure | null;
  /** How vehicles were chosen, for the job list. */
  selection?: 'some' | 'all' | 'active';
}

export interface StorageVehicleRow {
  carrierId: string;
  vehicleId: string;
  vehicleNumber: string;
  days: { day: UtcDay; state: 'complete' | 'partial'; points: number }[];
  points: number;
  bytes: number;
}

export type { FleetSnapshot, StoreFailure };
