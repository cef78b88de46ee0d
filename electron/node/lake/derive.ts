/**
 * The derived tables of one vehicle (shared/lake/derived-tables.ts): every
 * held day whose rows were not written with this run's key (new or rewritten
 * breadcrumbs clear it for the day and its neighbours; other parameters
 * change the key) is derived from its window's breadcrumbs, read back from the
 * lake, and the vehicle's three files are rewritten keeping the other days'
 * rows. Only then are the days marked: an interrupted run derives them again.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { WireVehicle } from '../../../shared/api/wire.ts';
import { deriveDayRows, windowDays, type DerivedDayRows } from '../../../shared/lake/derived-rows.ts';
import {
  DAYS_TABLE,
  derivedVehicleFile,
  EVENTS_TABLE,
  TRIPS_TABLE,
  VEHICLES_TABLE,
  vehiclesFile,
} from '../../../shared/lake/derived-tables.ts';
import { breadcrumbFile } from '../../../shared/lake/layout.ts';
import type { LakeCarrier, LakeDayState, LakeVehicle } from '../../../shared/lake/manifest.ts';
import { addLocalDays } from '../../../shared/time/local-day.ts';
import type { DeriveSettings } from './derive-params.ts';
import { readDayChunks } from './derive-read.ts';
import { sqlText } from './parquet-writer.ts';
import { writeTableFile } from './derived-writer.ts';

export interface DeriveCounts {
  /** Vehicle-days whose rows were written. */
  days: number;
  /** Derived files written or removed. */
  files: number;
}

/** Breadcrumbs of `day` were (re)written: its rows and its neighbours' (whose windows hold it) are derived again. */
export function invalidateAround(entry: LakeVehicle, day: string): void {
  for (const d of [addLocalDays(day, -1), day, addLocalDays(day, 1)]) delete entry.days[d]?.derived;
}

export async function deriveVehicle(
  conn: DuckDBConnection,
  lakeDir: string,
  carrier: LakeCarrier,
  vehicleId: string,
  settings: DeriveSettings,
): Promise<DeriveCounts> {
  const entry = carrier.vehicles[vehicleId]!;
  const fileOf = (day: string) => path.join(lakeDir, breadcrumbFile(carrier.carrier, day, vehicleId));
  // A day is held when its readings are on disk (or it had none); one whose file went missing waits for the sync.
  const states = new Map<string, LakeDayState>();
  for (const [day, d] of Object.entries(entry.days))
    if (d.records === 0 || existsSync(fileOf(day))) states.set(day, d.state);
  const todo = [...states.keys()].filter((d) => entry.days[d]!.derived !== settings.key).sort();
  if (todo.length === 0) return { days: 0, files: 0 };

  const files = new Map<string, string>();
  for (const d of todo.flatMap(windowDays)) if (states.has(d) && entry.days[d]!.records > 0) files.set(d, fileOf(d));
  const chunks = await readDayChunks(conn, { vehicleId, number: entry.number, vin: entry.vin }, files);
  const vehicle = { vehicleId, vehicleNumber: entry.number, zone: carrier.homeZone, states, chunks };
  const rows: DerivedDayRows[] = todo.map((d) => deriveDayRows(vehicle, d, settings.params, settings.roads));

  const written = await writeVehicleFiles(conn, lakeDir, carrier.carrier, vehicleId, todo, rows);
  for (const d of todo) entry.days[d]!.derived = settings.key;
  return { days: todo.length, files: written };
}

async function writeVehicleFiles(
  conn: DuckDBConnection,
  lakeDir: string,
  carrier: string,
  vehicleId: string,
  days: readonly string[],
  rows: readonly DerivedDayRows[],
): Promise<number> {
  const replaced = `"day" NOT IN (${days.map((d) => `DATE ${sqlText(d)}`).join(', ')})`;
  const target = (table: string) => {
    const file = path.join(lakeDir, derivedVehicleFile(table, carrier, vehicleId));
    return { file, ...(existsSync(file) ? { keepWhere: replaced } : {}) };
  };
  await writeTableFile(conn, {
    table: TRIPS_TABLE,
    ...target(TRIPS_TABLE.name),
    rows: rows.flatMap((r) => r.trips),
    orderBy: '"day", start_ts, trip_id',
  });
  await writeTableFile(conn, {
    table: EVENTS_TABLE,
    ...target(EVENTS_TABLE.name),
    rows: rows.flatMap((r) => r.events),
    // e2 before e10: the day's events in their time order, as numbered.
    orderBy: '"day", start_ts, length(event_id), event_id',
  });
  await writeTableFile(conn, {
    table: DAYS_TABLE,
    ...target(DAYS_TABLE.name),
    rows: rows.map((r) => r.day),
    orderBy: '"day"',
  });
  return 3;
}

/** The carrier's roster as the sync saw it, replacing the last one. */
export async function writeVehicles(
  conn: DuckDBConnection,
  lakeDir: string,
  carrier: string,
  vehicles: readonly WireVehicle[],
): Promise<void> {
  await writeTableFile(conn, {
    table: VEHICLES_TABLE,
    file: path.join(lakeDir, vehiclesFile(carrier)),
    rows: vehicles.map((v) => ({ vehicleId: v.vehicle_id, number: v.number, vin: v.vin })),
    orderBy: 'vehicle_id',
  });
}
