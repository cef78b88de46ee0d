/**
 * What the derived-tables test expects of a lake: each vehicle's trips, events and days equal to the app's
 * analysis of the simulator's readings (shared/analysis/analyze.ts, shared/track/summary.ts), read back with
 * DuckDB, and the events files' GeoParquet key.
 */
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { parquetMetadata } from 'hyparquet';
import { expect } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import type { RoadLimits } from '../../shared/analysis/over-limit-events.ts';
import type { SafetyEvent } from '../../shared/analysis/types.ts';
import { parseLocationRecord } from '../../shared/api/validate.ts';
import { tripIds } from '../../shared/export/trip-id.ts';
import {
  DAYS_TABLE,
  derivedVehicleFile,
  EVENTS_TABLE,
  TRIPS_TABLE,
  type DerivedTable,
  type LakeCell,
} from '../../shared/lake/derived-tables.ts';
import { wkbPoint } from '../../shared/lake/wkb.ts';
import {
  daysFromTo,
  localDayOfMs,
  localDayStartMs,
  localRangeInterval,
  utcDaysOfLocalRange,
} from '../../shared/time/local-day.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import { localDayChunks } from '../../shared/track/local-days.ts';
import { summarizeDay, summaryParamsOf } from '../../shared/track/summary.ts';
import type { Breadcrumb, DayChunk } from '../../shared/track/types.ts';
import { addDays } from '../../shared/util/day.ts';
import type { RunningSimulator } from '../../electron/node/simulator/index.ts';
import { readManifestJson } from './lake-support.ts';

/**
 * Every vehicle's trips, events and days in `lakeDir` equal analyzeTrack over its home-zone days `from`..`last`
 * built from the simulator's readings (and summarizeDay of each day), but for a long stop outlasting the
 * window, expected cut at its bound.
 */
export async function expectAppAnalysis(
  sim: RunningSimulator,
  lakeDir: string,
  from: string,
  last: string,
  roads?: RoadLimits,
) {
  const manifest = readManifestJson(lakeDir) as unknown as DerivedManifest;
  let overLimit = 0;
  let trips = 0;
  let events = 0;
  let cut = 0;
  for (const c of sim.carriers) {
    const entry = manifest.carriers.find((m) => m.name === c.name)!;
    for (const v of sim.truth.vehicles(c.id)) {
      const chunks = localChunks(sim, c.id, v.vehicle_id, v.number, c.homeZone, from, last);
      const held = chunks.filter((ch) => ch.length > 0);
      const a = analyzeTrack(held, DEFAULT_ANALYSIS_PARAMS, roads);
      overLimit += a.events.filter((e) => e.kind === 'over-limit').length;
      const ref = (ms: number) => ({
        vehicleId: v.vehicle_id,
        vehicleNumber: v.number,
        day: localDayOfMs(ms, c.homeZone),
      });
      const ids = tripIds(a.trips, v.number, c.homeZone);
      // No demo trip outlasts the day after its start (the window's bound): each is expected whole.
      for (const t of a.trips) expect(t.endMs).toBeLessThan(windowEndMs(ref(t.startMs).day, c.homeZone));
      const expectedTrips = a.trips.map((trip, i) =>
        cells(TRIPS_TABLE, { ...ref(trip.startMs), tripId: ids[i]!, trip }),
      );
      const ordinal = new Map<string, number>();
      const expectedEvents = a.events.map((whole) => {
        const r = ref(whole.startMs);
        const event = cutAtBound(whole, r.day, c.homeZone, held);
        if (event !== whole) cut++;
        const n = (ordinal.get(r.day) ?? 0) + 1;
        ordinal.set(r.day, n);
        const row = { ...r, eventId: `${v.number}-${r.day}-e${n}`, event, geometry: wkbPoint(event.lng, event.lat) };
        return cells(EVENTS_TABLE, row);
      });
      const expectedDays = chunks.map((chunk) =>
        cells(DAYS_TABLE, {
          vehicleId: v.vehicle_id,
          vehicleNumber: v.number,
          day: chunk.day,
          state: 'complete',
          summary: summarizeDay(chunk, summaryParamsOf(DEFAULT_ANALYSIS_PARAMS)),
        }),
      );
      const file = (t: DerivedTable<never>) =>
        path.join(lakeDir, derivedVehicleFile(t.name, entry.carrier, v.vehicle_id));
      expect(await tableCells(file(TRIPS_TABLE), TRIPS_TABLE)).toEqual(expectedTrips);
      expect(await tableCells(file(EVENTS_TABLE), EVENTS_TABLE)).toEqual(expectedEvents);
      if (a.events.length > 0) expectGeoKey(file(EVENTS_TABLE), a.events);
      expect(await tableCells(file(DAYS_TABLE), DAYS_TABLE)).toEqual(expectedDays);
      trips += expectedTrips.length;
      events += expectedEvents.length;
    }
  }
  return { trips, events, cut, overLimit };
}

export interface DerivedManifest {
  derivedKey: string;
  carriers: {
    name: string;
    carrier: string;
    vehicles: Record<string, { days: Record<string, { derived?: string }> }>;
  }[];
}

/** The vehicle's home-zone day chunks of `from`..`last` from the simulator's readings, one per day (empty ones too). */
function localChunks(
  sim: RunningSimulator,
  carrierId: string,
  vehicleId: string,
  number: string,
  zone: string,
  from: string,
  last: string,
): DayChunk[] {
  const utc = utcDaysOfLocalRange(from, last, zone);
  const points = sim.truth
    .history(carrierId, vehicleId, utc[0]!, utc.at(-1)!)
    .map((r) => parseLocationRecord(r))
    .filter((p): p is { ok: true; value: Breadcrumb } => p.ok)
    .map((p) => p.value);
  const byUtc = utc.map((d) => buildDayChunk(vehicleId, d, points));
  const local = new Map(localDayChunks(byUtc, zone, localRangeInterval(from, last, zone)).map((c) => [c.day, c]));
  return daysFromTo(from, last).map(
    (d) => local.get(d) ?? buildDayChunk(vehicleId, d, [], { vehicleNumber: number, vin: '' }),
  );
}

/** The events file's GeoParquet 1.1 `geo` key: WKB points, the box around the events' start positions. */
function expectGeoKey(file: string, events: readonly SafetyEvent[]): void {
  const bytes = readFileSync(file);
  const meta = parquetMetadata(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const geo = JSON.parse(meta.key_value_metadata?.find((kv) => kv.key === 'geo')?.value ?? '{}') as unknown;
  const lngs = events.map((e) => e.lng);
  const lats = events.map((e) => e.lat);
  expect(geo).toEqual({
    version: '1.1.0',
    primary_column: 'geometry',
    columns: {
      geometry: {
        encoding: 'WKB',
        geometry_types: ['Point'],
        bbox: [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)],
      },
    },
  });
}

/** The end of the analysis window of home-zone day `day`: the end of the day after it. */
function windowEndMs(day: string, zone: string): number {
  return localDayStartMs(addDays(day, 2), zone);
}

/**
 * The documented bound (docs/lake.md): a long stop of day D still going at the end of D+1 ends, in the
 * lake, at the vehicle's last reading before that end.
 */
function cutAtBound(e: SafetyEvent, day: string, zone: string, chunks: readonly DayChunk[]): SafetyEvent {
  const endMs = windowEndMs(day, zone);
  if (e.kind !== 'long-stop' || e.endMs < endMs) return e;
  let last = e.startMs;
  for (const c of chunks) for (const t of c.t) if (t < endMs && t > last) last = t;
  return { ...e, endMs: last, durationSeconds: (last - e.startMs) / 1000 };
}

/** A row's cells as the test reads them back: times in ms, days as text, bytes as hex, whole numbers as numbers. */
function cells<Row>(table: DerivedTable<Row>, row: Row): unknown[] {
  return table.columns.map((c) => shown(c.value(row)));
}

function shown(v: LakeCell): unknown {
  return v instanceof Uint8Array ? Buffer.from(v).toString('hex').toUpperCase() : v;
}

async function tableCells(file: string, table: DerivedTable<never>): Promise<unknown[][]> {
  if (!existsSync(file)) return [];
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  try {
    await conn.run(`SET enable_geoparquet_conversion = false`);
    const select = table.columns.map((c) => {
      const q = `"${c.name}"`;
      if (c.type === 'TIMESTAMPTZ') return `epoch_us(${q}) / 1000`;
      if (c.type === 'DATE') return `strftime(${q}, '%Y-%m-%d')`;
      if (c.type === 'BLOB') return `hex(${q})`;
      if (c.type === 'BIGINT' || c.type === 'INTEGER') return `${q}::DOUBLE`;
      return q;
    });
    const reader = await conn.runAndReadAll(`SELECT ${select.join(', ')} FROM read_parquet('${file}')`);
    return reader.getRowsJS() as unknown[][];
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}
