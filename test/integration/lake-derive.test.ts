/**
 * The lake's derived tables through the real CLI against the simulator: trips, events and days equal the
 * app's analysis (analyzeTrack over each vehicle's whole range of home-zone day chunks built from the
 * simulator's readings; summarizeDay of each day), with road limits too; a run that adds a day derives that day and the one
 * before only; other parameters derive every day again and leave the breadcrumbs alone; a run interrupted
 * while deriving and resumed equals one that ran in one go, file for file and row for row; `lake sql`
 * answers over every table, and over a table with no files yet.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { addDays, dayOfMs } from '../../shared/util/day.ts';
import { openRoadLimits } from '../../electron/node/roads/index.ts';
import { startSimulator, type RunningSimulator } from '../../electron/node/simulator/index.ts';
import { CLI, ROOT, spawnCli } from '../support/cli-run.ts';
import { lakeRows, parquetFiles, readManifestJson, recordingProxy, writeCarriersFile } from './lake-support.ts';
import type { RecordingProxy } from './lake-support.ts';

const TODAY = dayOfMs(Date.now());
// Local days over in every zone (the simulator's data of them no longer grows); the second run adds TO + 1.
const FROM = addDays(TODAY, -5);
const TO = addDays(TODAY, -4);
const NEXT = addDays(TODAY, -3);
const RATE = ['--rate', '400', '--concurrency', '16'];
const OTHER_PARAMS = ['--speed-limit', '60', '--min-stop-seconds', '600'];

interface Summary {
  daysDerived: number;
  derivedFiles: number;
}

describe('routelens lake sync: derived tables', () => {
  let sim: RunningSimulator;
  let proxy: RecordingProxy;
  let dir: string;
  let carriers: { file: string; env: Record<string, string> };
  let vehicles: number;
  const lake = () => path.join(dir, 'lake');
  const sync = (out: string, to: string, extra: string[] = []) =>
    spawnCli(
      ['lake', 'sync', '--carriers', carriers.file, '--from', FROM, '--to', to, '--out', out, ...RATE, ...extra],
      carriers.env,
    );
  const summaryOf = (stdout: string) => JSON.parse(stdout.trim().split('\n').at(-1)!) as Summary;

  beforeAll(async () => {
    sim = await startSimulator({});
    proxy = await recordingProxy(sim.baseUrl);
    dir = mkdtempSync(path.join(tmpdir(), 'routelens-lake-derive-'));
    carriers = writeCarriersFile(dir, sim, proxy.baseUrl);
    vehicles = sim.carriers.reduce((n, c) => n + sim.truth.vehicles(c.id).length, 0);
    const first = await sync(lake(), TO);
    expect(first.code, first.stderr).toBe(0);
    expect(summaryOf(first.stdout).daysDerived).toBe(vehicles * 2);
    cpSync(lake(), path.join(dir, 'two-days'), { recursive: true });
  }, 240_000);
  afterAll(async () => {
    await proxy.close();
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a run adding a day derives that day and the one before only', async () => {
    const run = await sync(lake(), NEXT);
    expect(run.code, run.stderr).toBe(0);
    // Every vehicle's new day and the day before it (its window holds the new day): not the first day.
    expect(summaryOf(run.stdout)).toMatchObject({ daysDerived: vehicles * 2, derivedFiles: vehicles * 3 });
    const after = readManifestJson(lake()) as unknown as DerivedManifest;
    for (const c of after.carriers)
      for (const v of Object.values(c.vehicles)) {
        expect(Object.keys(v.days).sort()).toEqual([FROM, TO, NEXT]);
        for (const d of [FROM, TO, NEXT]) expect(v.days[d]!.derived).toBe(after.derivedKey);
      }
  }, 240_000);

  it("holds exactly the app's analysis of each vehicle's whole range, and its day summaries", async () => {
    const counts = await expectAppAnalysis(sim, lake(), NEXT);
    expect(counts.trips).toBeGreaterThan(50);
    expect(counts.events).toBeGreaterThan(50);
    // Trucks parked for days show the bound; the other events are expected exactly as the whole range's.
    expect(counts.cut).toBeLessThan(counts.events);
  }, 240_000);

  it('judged against road limits, holds the over-limit events of the same analysis, and records the file', async () => {
    const out = path.join(dir, 'road-limits');
    cpSync(path.join(dir, 'two-days'), out, { recursive: true });
    const roadsFile = path.join(dir, 'demo-roads.osm.pbf');
    const made = await spawnCli(['demo-roads', '--out', roadsFile]);
    expect(made.code, made.stderr).toBe(0);
    const run = await sync(out, TO, ['--road-limits', roadsFile]);
    expect(run.code, run.stderr).toBe(0);
    const roads: RoadLimits = { index: (await openRoadLimits(roadsFile)).index, overLimit: {} };
    const counts = await expectAppAnalysis(sim, out, TO, roads);
    expect(counts.overLimit).toBeGreaterThan(0);
    const manifest = JSON.parse(readFileSync(path.join(out, '_lake.json'), 'utf8')) as {
      roadLimits: { file: { name: string; sha256: string } };
    };
    const sha256 = createHash('sha256').update(readFileSync(roadsFile)).digest('hex');
    expect(manifest.roadLimits).toEqual({ file: { name: 'demo-roads.osm.pbf', sha256 } });
  }, 240_000);

  it('other parameters derive every day again and leave the breadcrumbs as they were', async () => {
    const out = path.join(dir, 'other-params');
    cpSync(path.join(dir, 'two-days'), out, { recursive: true });
    const crumbs = parquetFiles(out, 'breadcrumbs').map((f) => statSync(path.join(out, f)).mtimeMs);
    proxy.urls.length = 0;
    const run = await sync(out, TO, OTHER_PARAMS);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(
      /differ from the ones this lake was derived with: every vehicle-day's trips, events and days are derived again/,
    );
    expect(summaryOf(run.stdout).daysDerived).toBe(vehicles * 2);
    expect(parquetFiles(out, 'breadcrumbs').map((f) => statSync(path.join(out, f)).mtimeMs)).toEqual(crumbs);
    expect(proxy.urls.filter((u) => u.startsWith('/v2/vehicle-location-history/'))).toEqual([]);
    const manifest = readManifestJson(out) as unknown as DerivedManifest & { params: Record<string, number> };
    expect(manifest.params).toMatchObject({ speedingThresholdMph: 60, minStopSeconds: 600 });
  }, 240_000);

  it('interrupted while deriving and run again, equals the run in one go, file for file', async () => {
    const out = path.join(dir, 'interrupted');
    cpSync(path.join(dir, 'two-days'), out, { recursive: true });
    const startedMs = Date.now();
    const child = spawn(
      process.execPath,
      [...CLI, 'lake', 'sync', '--carriers', carriers.file, '--from', FROM, '--to', TO, '--out', out, ...OTHER_PARAMS],
      { cwd: ROOT, env: { ...process.env, ...carriers.env } },
    );
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const rewritten = () =>
      parquetFiles(out, 'days').filter((f) => statSync(path.join(out, f)).mtimeMs >= startedMs).length;
    while (rewritten() === 0) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGINT');
    expect(await exited).toBe(1);
    expect(summaryOf(stdout).daysDerived).toBeLessThan(vehicles * 2);
    const resumed = await sync(out, TO, OTHER_PARAMS);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(summaryOf(resumed.stdout).daysDerived).toBe(vehicles * 2 - summaryOf(stdout).daysDerived);
    const oneGo = await lakeRows(path.join(dir, 'other-params'));
    expect([...(await lakeRows(out)).keys()]).toEqual([...oneGo.keys()]);
    expect(await lakeRows(out)).toEqual(oneGo);
  }, 240_000);

  it('lake sql answers over trips, events, days and vehicles, each with its carrier', async () => {
    const query = (sql: string, lakeDir = lake()) => spawnCli(['lake', 'sql', '--lake', lakeDir, sql]);
    const perCarrier = await query('SELECT carrier, count(*) AS n FROM vehicles GROUP BY ALL ORDER BY ALL');
    expect(perCarrier.code, perCarrier.stderr).toBe(0);
    const expected = sim.carriers
      .map((c) => `${sim.truth.company(c.id).dot_number},${sim.truth.vehicles(c.id).length}`)
      .sort();
    expect(perCarrier.stdout.trim().split('\n')).toEqual(['carrier,n', ...expected]);
    const days = await query('SELECT count(*) AS n, count(DISTINCT day) AS d, count(DISTINCT carrier) AS c FROM days');
    expect(days.stdout.trim().split('\n')).toEqual(['n,d,c', `${vehicles * 3},3,3`]);
    // The views join: every trip's vehicle is in the roster, every event's day in days.
    const joined = await query(
      `SELECT (SELECT count(*) FROM trips t JOIN vehicles v USING (carrier, vehicle_id)) = (SELECT count(*) FROM trips) AS trips_ok,
              (SELECT count(*) FROM events e JOIN days d USING (carrier, vehicle_id, day)) = (SELECT count(*) FROM events) AS events_ok`,
    );
    expect(joined.stdout.trim().split('\n')).toEqual(['trips_ok,events_ok', 'true,true']);
    const empty = path.join(dir, 'empty-lake');
    mkdirSync(empty);
    const none = await query('SELECT * FROM events', empty);
    expect(none.code, none.stderr).toBe(0);
    expect(none.stdout.trim().split(',')).toEqual([...EVENTS_TABLE.columns.map((c) => c.name), 'carrier']);
    expect(existsSync(path.join(empty, 'events'))).toBe(false);
  }, 120_000);
});

/**
 * Every vehicle's trips, events and days in `lakeDir` equal analyzeTrack over its home-zone days FROM..`last`
 * built from the simulator's readings (and summarizeDay of each day), but for a long stop outlasting the
 * window, expected cut at its bound.
 */
async function expectAppAnalysis(sim: RunningSimulator, lakeDir: string, last: string, roads?: RoadLimits) {
  const manifest = readManifestJson(lakeDir) as unknown as DerivedManifest;
  let overLimit = 0;
  let trips = 0;
  let events = 0;
  let cut = 0;
  for (const c of sim.carriers) {
    const entry = manifest.carriers.find((m) => m.name === c.name)!;
    for (const v of sim.truth.vehicles(c.id)) {
      const chunks = localChunks(sim, c.id, v.vehicle_id, v.number, c.homeZone, last);
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
      expect(await tableCells(file(DAYS_TABLE), DAYS_TABLE)).toEqual(expectedDays);
      trips += expectedTrips.length;
      events += expectedEvents.length;
    }
  }
  return { trips, events, cut, overLimit };
}

interface DerivedManifest {
  derivedKey: string;
  carriers: {
    name: string;
    carrier: string;
    vehicles: Record<string, { days: Record<string, { derived?: string }> }>;
  }[];
}

/** The vehicle's home-zone day chunks of FROM..`last` from the simulator's readings, one per day (empty ones too). */
function localChunks(
  sim: RunningSimulator,
  carrierId: string,
  vehicleId: string,
  number: string,
  zone: string,
  last: string,
): DayChunk[] {
  const utc = utcDaysOfLocalRange(FROM, last, zone);
  const points = sim.truth
    .history(carrierId, vehicleId, utc[0]!, utc.at(-1)!)
    .map((r) => parseLocationRecord(r))
    .filter((p): p is { ok: true; value: Breadcrumb } => p.ok)
    .map((p) => p.value);
  const byUtc = utc.map((d) => buildDayChunk(vehicleId, d, points));
  const local = new Map(localDayChunks(byUtc, zone, localRangeInterval(FROM, last, zone)).map((c) => [c.day, c]));
  return daysFromTo(FROM, last).map(
    (d) => local.get(d) ?? buildDayChunk(vehicleId, d, [], { vehicleNumber: number, vin: '' }),
  );
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
