/**
 * `routelens lake sync`: many carriers' breadcrumbs into the lake. First every
 * carrier's company and roster (a carrier whose key fails stops the run before
 * any history is asked for), then every vehicle's missing days, a few vehicles
 * at a time, all through the one Provider Key's limiter. A vehicle that fails
 * leaves the others to finish; the manifest only ever lists files on disk.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { WireVehicle } from '../../../shared/api/wire.ts';
import type { AnalysisParams } from '../../../shared/analysis/types.ts';
import { DERIVED_TABLES } from '../../../shared/lake/derived-tables.ts';
import { planLocalDays } from '../../../shared/lake/day-plan.ts';
import {
  breadcrumbFile,
  BREADCRUMBS_DIR,
  carrierPartition,
  isSafeFileId,
  PARTIAL_SUFFIX,
} from '../../../shared/lake/layout.ts';
import { carrierEntry, emptyManifest, widenRange, type LakeCarrier } from '../../../shared/lake/manifest.ts';
import { daysFromTo, type LocalDay } from '../../../shared/time/local-day.ts';
import { dayOfMs } from '../../../shared/util/day.ts';
import { errorText } from '../../../shared/util/error-text.ts';
import type { ApiClient } from '../api/index.ts';
import { manifestSaver, readManifest } from './manifest-file.ts';
import { prepareWriter, writeDayFile } from './parquet-writer.ts';
import { deriveVehicle, invalidateAround, writeVehicles } from './derive.ts';
import { adoptDeriveSettings, type DeriveSettings } from './derive-params.ts';
import { prepareDerivedWriter } from './derived-writer.ts';
import { newProgress, progressReporter } from './progress.ts';
import { syncVehicle } from './vehicle-sync.ts';
import type { ServerLearnt } from '../sync/sync-vehicle-history.ts';

export interface LakeCarrierSource {
  /** How messages name it: `Row 3 (Prairie Line)`. */
  label: string;
  name: string;
  homeZone: string;
  client: ApiClient;
}

export interface LakeSyncOptions {
  lakeDir: string;
  carriers: readonly LakeCarrierSource[];
  from: LocalDay;
  to: LocalDay;
  now: number;
  app: { name: string; version: string };
  params: AnalysisParams;
  /** What the derived tables are computed with (params are `params`). */
  derive: DeriveSettings;
  /** Vehicles downloading at once, over all carriers. */
  concurrency: number;
  signal: AbortSignal;
  log: (line: string) => void;
}

export interface LakeSyncSummary {
  carriers: number;
  vehicles: number;
  daysWritten: number;
  /** Vehicle-days whose trips, events and days rows were (re)written, and the derived files that took. */
  daysDerived: number;
  derivedFiles: number;
  records: number;
  requests: number;
  seconds: number;
  recordsPerSecond: number;
  cancelled: boolean;
  /** Vehicles skipped because their id cannot name a file. */
  skippedVehicles: number;
  failed: number;
  failures: string[];
}

const MAX_FAILURES_SHOWN = 5;

interface Job {
  carrier: LakeCarrier;
  source: LakeCarrierSource;
  vehicle: WireVehicle;
  plans: ReturnType<typeof planLocalDays>;
}

export async function syncLake(opts: LakeSyncOptions): Promise<LakeSyncSummary> {
  const { lakeDir } = opts;
  await mkdir(lakeDir, { recursive: true });
  const manifest = (await readManifest(lakeDir)) ?? emptyManifest(opts.app, opts.params);
  manifest.app = opts.app;
  widenRange(manifest, opts.from, opts.to);
  adoptDeriveSettings(manifest, opts.derive, opts.log);
  for (const dir of [BREADCRUMBS_DIR, ...DERIVED_TABLES.map((t) => t.name)])
    await removeLeftovers(path.join(lakeDir, dir));

  const rosters = await Promise.all(opts.carriers.map((c) => rosterOf(c)));
  const today = dayOfMs(opts.now);
  const jobs: Job[] = [];
  const rosterFiles: { partition: string; vehicles: WireVehicle[] }[] = [];
  const partitions = new Map<string, string>();
  let skippedVehicles = 0;
  for (const [i, source] of opts.carriers.entries()) {
    const { company, vehicles } = rosters[i]!;
    const partition = carrierPartition(company.dot_number, source.name);
    const clash = partitions.get(partition);
    if (clash) throw new Error(`${source.label} and ${clash} are the same carrier (partition carrier=${partition}).`);
    partitions.set(partition, source.label);
    const carrier = carrierEntry(manifest, {
      name: source.name,
      carrier: partition,
      dotNumber: company.dot_number,
      homeZone: source.homeZone,
    });
    rosterFiles.push({ partition, vehicles });
    const days = daysFromTo(opts.from, opts.to);
    for (const vehicle of vehicles) {
      if (!isSafeFileId(vehicle.vehicle_id)) {
        skippedVehicles++;
        continue;
      }
      const entry = (carrier.vehicles[vehicle.vehicle_id] ??= { number: vehicle.number, vin: vehicle.vin, days: {} });
      Object.assign(entry, { number: vehicle.number, vin: vehicle.vin });
      const plans = planLocalDays({
        days,
        zone: source.homeZone,
        today,
        have: (day) => {
          const known = entry.days[day];
          if (!known) return undefined;
          const file = path.join(lakeDir, breadcrumbFile(partition, day, vehicle.vehicle_id));
          return { entry: known, fileOnDisk: existsSync(file) };
        },
      });
      jobs.push({ carrier, source, vehicle, plans });
    }
    // Vehicles gone from the roster keep their days, derived with this run's parameters like the others.
    const listed = new Set(vehicles.map((v) => v.vehicle_id));
    for (const [id, v] of Object.entries(carrier.vehicles))
      if (!listed.has(id) && isSafeFileId(id))
        jobs.push({
          carrier,
          source,
          vehicle: { vehicle_id: id, number: v.number, vin: v.vin, active: false },
          plans: [],
        });
  }
  return runJobs(opts, manifest, jobs, skippedVehicles, today, rosterFiles);
}

async function runJobs(
  opts: LakeSyncOptions,
  manifest: Parameters<typeof manifestSaver>[1],
  jobs: Job[],
  skippedVehicles: number,
  today: string,
  rosterFiles: readonly { partition: string; vehicles: WireVehicle[] }[],
): Promise<LakeSyncSummary> {
  const progress = newProgress();
  progress.carriers = opts.carriers.length;
  progress.vehicles = jobs.length;
  progress.days = jobs.reduce((n, j) => n + j.plans.length, 0);
  const reporter = progressReporter(progress, opts.log);
  const saver = manifestSaver(opts.lakeDir, manifest);
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  await prepareWriter(conn);
  // The derived tables on a connection of their own: a vehicle's analysis and files do not wait behind others' breadcrumbs.
  const deriveConn = await instance.connect();
  await prepareDerivedWriter(deriveConn, DERIVED_TABLES);
  for (const r of rosterFiles) await writeVehicles(deriveConn, opts.lakeDir, r.partition, r.vehicles);
  let deriving: Promise<unknown> = Promise.resolve();
  const derived = { days: 0, files: 0 };
  let writing: Promise<unknown> = Promise.resolve();
  const made = new Set<string>();
  const failures: string[] = [];
  // What the API showed about end_date, shared by every vehicle of the run and kept for the next run.
  const learnt: ServerLearnt = {
    endDateMode: manifest.endDateMode === 'inclusive' ? 'inclusive' : 'unknown',
    refusesEndDateAfterToday: manifest.refusesEndDateAfterToday === true,
  };
  const left = new Map<LakeCarrierSource, number>();
  for (const j of jobs) left.set(j.source, (left.get(j.source) ?? 0) + 1);
  progress.carriersDone = opts.carriers.filter((c) => !left.has(c)).length;

  const runOne = async (job: Job): Promise<void> => {
    const id = job.vehicle.vehicle_id;
    const writeDay = (day: string, slices: Parameters<typeof writeDayFile>[2], keep: { beforeMs: number } | null) => {
      const file = path.join(opts.lakeDir, breadcrumbFile(job.carrier.carrier, day, id));
      const next = writing.then(async () => {
        const dir = path.dirname(file);
        if (!made.has(dir)) await mkdir(dir, { recursive: true }).then(() => made.add(dir));
        const result = await writeDayFile(conn, file, slices, keep);
        invalidateAround(job.carrier.vehicles[id]!, day);
        return result;
      });
      writing = next.catch(() => undefined);
      return next;
    };
    try {
      await syncVehicle(job.source.client, job.vehicle, job.carrier.vehicles[id]!, job.plans, {
        today,
        learnt,
        onLearnt: () => {
          if (learnt.endDateMode === 'inclusive') manifest.endDateMode = 'inclusive';
          if (learnt.refusesEndDateAfterToday) manifest.refusesEndDateAfterToday = true;
        },
        maxPlausibleMph: opts.params.maxPlausibleMph,
        signal: opts.signal,
        writeDay,
        onRequest: () => void progress.requests++,
        onDayWritten: async (records) => {
          progress.daysDone++;
          progress.records += records;
          reporter.tick();
          await saver.changed();
        },
      });
      if (!opts.signal.aborted) {
        const next = deriving.then(() => deriveVehicle(deriveConn, opts.lakeDir, job.carrier, id, opts.derive));
        deriving = next.catch(() => undefined);
        const counts = await next;
        derived.days += counts.days;
        derived.files += counts.files;
        await saver.changed();
      }
    } catch (err) {
      if (!opts.signal.aborted)
        failures.push(`${job.source.label}, vehicle ${job.vehicle.number || id}: ${errorText(err)}`);
    }
    progress.vehiclesDone++;
    const n = (left.get(job.source) ?? 1) - 1;
    left.set(job.source, n);
    if (n === 0) progress.carriersDone++;
    reporter.tick();
  };

  let next = 0;
  const worker = async (): Promise<void> => {
    while (!opts.signal.aborted && next < jobs.length) await runOne(jobs[next++]!);
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(opts.concurrency, jobs.length)) }, worker));
    await writing;
    await deriving;
  } finally {
    await saver.flush();
    deriveConn.closeSync();
    conn.closeSync();
    instance.closeSync();
  }
  reporter.done();
  const seconds = reporter.elapsedMs() / 1000;
  return {
    carriers: opts.carriers.length,
    vehicles: jobs.length,
    daysWritten: progress.daysDone,
    daysDerived: derived.days,
    derivedFiles: derived.files,
    records: progress.records,
    requests: progress.requests,
    seconds: Math.round(seconds * 10) / 10,
    recordsPerSecond: Math.round(progress.records / Math.max(seconds, 0.001)),
    cancelled: opts.signal.aborted,
    skippedVehicles,
    failed: failures.length,
    // The first few say what went wrong; all of them would bury the summary.
    failures: failures.slice(0, MAX_FAILURES_SHOWN),
  };
}

async function rosterOf(c: LakeCarrierSource) {
  try {
    const company = await c.client.companyInfo();
    const { records } = await c.client.vehicles({ limit: 1000 });
    return { company, vehicles: records };
  } catch (err) {
    throw new Error(`${c.label}: ${errorText(err)}`, { cause: err });
  }
}

/** `.tmp` files an interrupted run left: never complete, so never kept. */
async function removeLeftovers(dir: string): Promise<void> {
  const entries = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  for (const name of entries) if (name.endsWith(PARTIAL_SUFFIX)) await rm(path.join(dir, name), { force: true });
}
