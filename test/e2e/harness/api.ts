/**
 * What the store harness page (harness.tsx) exposes as `globalThis.harness`.
 * Types only, so the Node side (specs, bench) can call it through
 * page.evaluate without pulling DOM code into its TypeScript project.
 */
import type { WireLocationRecord } from '../../../shared/api/wire.ts';

/** What each step of coverage-digest-steps.ts saw. */
export interface CoverageDigestSteps {
  /** Each step's rows (`carrier vehicle day state points fetchedAt`). */
  first: string[];
  again: string[];
  added: string[];
  afterTorn: string[];
  /** The coverage reads made, in turn (`step carrier`). */
  reads: string[];
  /** Carriers whose digest is left after c1 is deleted. */
  left: string[];
}

/** renderer/src/store/types.ts CoverageRow, restated: the Node project cannot include renderer files. */
export interface CoverageRow {
  carrierId: string;
  vehicleId: string;
  day: string;
  state: 'complete' | 'partial';
  points: number;
  bytes: number;
  fetchedAt: number;
}

export type HarnessResult<T> = { ok: true; value: T } | { ok: false; kind: string; message: string };

export interface DumpedDay {
  carrierId: string;
  vehicleId: string;
  day: string;
  ids: string[];
  t: number[];
  summaryPoints: number | null;
  rejections: number | null;
}

export interface Dump {
  days: DumpedDay[];
  coverage: CoverageRow[];
  counts: { chunks: number; summaries: number; coverage: number; rejections: number; overviews: number };
}

/** A stored summary row, loosely typed: old rows lack fields the current type requires. */
export interface StoredSummary {
  vehicleId: string;
  day: string;
  rule?: number;
  movingSeconds: number;
  maxSpeedMph: number;
  speedingEvents: number;
  distanceMiles: number;
  params: Record<string, number>;
}

export interface HarnessApi {
  /** Generates `days` days of a truck (test/support/tracks.ts) in the page; returns each day's ids. */
  generate(vehicleId: string, seed: number, days: number, startMs: number): { day: string; ids: string[] }[];
  /** Writes a generated day (optionally only its first `take` points); 'main' runs the same transaction on the page, with an optional throw inside it. */
  putDay(opts: {
    via: 'worker' | 'main';
    carrierId: string;
    vehicleId: string;
    day: string;
    complete: boolean;
    take?: number;
    throwInside?: boolean;
    rejected?: number;
  }): Promise<HarnessResult<CoverageRow>>;
  /**
   * Writes copies of generated days in one putDays transaction: through the worker with their arrays moved
   * (`detached` then says whether every sent array was left empty here), or on the page with a throw inside.
   */
  putDays(opts: {
    via: 'worker' | 'main';
    carrierId: string;
    vehicleId: string;
    days: string[];
    throwInside?: boolean;
  }): Promise<HarnessResult<{ coverage: CoverageRow[]; detached: boolean }>>;
  deleteVehicleDays(
    carrierId: string,
    vehicleId: string,
    from: string | null,
    to: string | null,
  ): Promise<HarnessResult<number>>;
  deleteCarrier(carrierId: string): Promise<HarnessResult<void>>;
  dump(dbName?: string): Promise<Dump>;
  /** Creates database `dbName` with schema version 1 only and the generated days, written as v1 did (no coverage bytes). */
  createV1(dbName: string, carrierId: string, vehicleId: string, days: string[]): Promise<void>;
  estimate(): Promise<{ usage: number; quota: number }>;
  /** Reads `dbName`'s coverage store with plain IndexedDB (no schema code involved). */
  rawCoverage(dbName: string): Promise<{ version: number; rows: Record<string, unknown>[] }>;
  /** Opens `dbName` with the current code (runs the upgrade) and reads it back. */
  openCurrent(dbName: string): Promise<{
    verno: number;
    coverage: CoverageRow[];
    expectedBytes: Record<string, number>;
    indexed: number;
    /** Review marks of the first row's vehicle left after one was stored and the vehicle's days deleted. */
    marksKept: number;
    /** The largest `fetchedAt`, through version 4's index. */
    newestFetchedAt: number | null;
    /** Version 5's overview rows: right after the upgrade, after one is stored for the first row's day, after its vehicle's days are deleted. */
    overviews: { upgraded: number; stored: number; afterDelete: number };
    columns: {
      upgraded: number;
      fromChunks: number;
      kept: number;
      keptAgain: number;
      fromChunksAgain: number;
      sameReadings: boolean;
      afterDelete: number;
    };
  }>;
  /**
   * Creates database `dbName` with schema version 6 only, holding generated days as version 6 stored them (chunk,
   * summary, coverage with `fetchedAt` 1000 + the row's index, `rejected` rejected records, overview), and per
   * carrier a review mark, a kept inbox day part (of its first row) and its query; plus a chunk row with no carrier.
   */
  createV6(
    dbName: string,
    rows: { carrierId: string; vehicleId: string; day: string; rejected: number }[],
  ): Promise<void>;
  /** The app database opened with the current code: its version, tables, review marks and kept inbox day parts. */
  keptApart(): Promise<{ verno: number; tables: string[]; marks: string[]; inboxDays: string[] }>;
  /**
   * A version-5 database `dbName` with a per-range inbox row, a coverage row and a review mark, opened with
   * the current code; then four days of kept parts written and the middle two read back by range.
   */
  inboxUpgradeFromV5(
    dbName: string,
  ): Promise<{ verno: number; tables: string[]; coverage: number; marks: string[]; readDays: string[] }>;
  /**
   * The inbox's kept day parts (store/inbox-cache.ts) in a fresh database `dbName`: carrier c2 writes query
   * q0 once; carrier c1 writes KEPT_QUERIES + 2 queries (q0…, a day of two trucks each, used in that order),
   * then uses q2 again with truck v2's day gone, then a new query. Returns the rows kept (carrier/query/vehicle), the
   * stamps read back for q2, the rows left after c1 is deleted as a carrier, and the queries left.
   */
  inboxCacheKeeping(
    dbName: string,
  ): Promise<{ kept: string[]; read: string[]; afterDelete: string[]; queriesLeft: string[] }>;
  /**
   * The kept days' month rows in a fresh database `dbName` (query q of carrier c1): truck v1's days Oct 30 – Nov 2
   * written; then v1's Nov 1 analysed again (stamp b) and v2's Oct 31 added while the analysis goes on; then v1's
   * October days gone; a row damaged as a torn write would leave it (v3) among them. Each step's rows
   * (`vehicle/month: day=stamp …`) and, after the second, the days read for Oct 31 – Nov 1 (`vehicle day=stamp`).
   */
  inboxMonthRows(dbName: string): Promise<{ written: string[]; merged: string[]; read: string[]; dropped: string[] }>;
  /** The coverage digest's steps in a fresh database `dbName` (coverage-digest-steps.ts). */
  coverageDigestSteps(dbName: string): Promise<CoverageDigestSteps>;
  /**
   * Rewrites every stored summary of the app's database as a version before
   * summary rules existed would have stored it (no `rule`, no `outliers`, the
   * old params with `parkedGapSeconds`) with figures no current rule gives
   * (the 13,021.7 mph of a position jump), and returns them.
   */
  ageSummaries(): Promise<StoredSummary[]>;
  /** The app database's summary rows as stored. */
  summaries(): Promise<StoredSummary[]>;
  /** Bench: parses wire records into day chunks, then times their writes through the worker, `daysPerTransaction` days at a time (default 1). */
  benchWrite(
    records: WireLocationRecord[],
    carrierId: string,
    vehicleId: string,
    daysPerTransaction?: number,
  ): Promise<{ days: number; records: number; ms: number }>;
  /** Bench baseline: the same rows bulkPut from this page into a database of the same schema, one transaction a day. */
  benchBareWrite(
    records: WireLocationRecord[],
    carrierId: string,
    vehicleId: string,
  ): Promise<{ days: number; records: number; ms: number }>;
  /** Damages every kept inbox day part of `vehicleId` in the app's database (a torn write); how many. */
  damageInboxDays(vehicleId: string): Promise<number>;
  /**
   * Bench: forgets every kept inbox result, so the next inbox open analyses every truck; with `columns`
   * also every day's analysis columns, as a database from before schema version 9 (the open reads chunks).
   */
  benchForgetInbox(o?: { columns?: boolean }): Promise<void>;
  /**
   * Bench: writes trucks `first`..`first + vehicles - 1` of carrier number `carrier` of the generated fleet
   * (test/support/fleet-templates.ts, templates from `from` for `days` UTC days) under `carrierId`, through
   * the store's putDays (summaries, coverage), one transaction per truck.
   */
  benchSeedFleet(o: {
    carrierId: string;
    carrier: number;
    first: number;
    vehicles: number;
    from: string;
    days: number;
  }): Promise<{ vehicleDays: number; points: number; ms: number }>;
  /**
   * Bench baseline, in a plain worker (test/e2e/harness/bench-worker.ts): the inbox's Dexie reads of the
   * carriers' stored days over the UTC days `from`..`to`, and with `analyse` also a bare `analyzeTrack` per
   * truck (UTC days, no events list, no scorecards, nothing sent back). ms from request to answer.
   */
  benchInboxBaseline(o: {
    carrierIds: string[];
    from: string;
    to: string;
    analyse: boolean;
    /** The full chunks, the analysis columns or the kept day parts (`points` then counts parts). */
    read: 'chunks' | 'columns' | 'parts';
  }): Promise<{ ms: number; points: number; events: number }>;
}
