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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoadLimits } from '../../shared/analysis/over-limit-events.ts';
import { EVENTS_TABLE } from '../../shared/lake/derived-tables.ts';
import { addDays, dayOfMs } from '../../shared/util/day.ts';
import { openRoadLimits } from '../../electron/node/roads/index.ts';
import { startSimulator, type RunningSimulator } from '../../electron/node/simulator/index.ts';
import { CLI, ROOT, spawnCli } from '../support/cli-run.ts';
import { expectAppAnalysis, type DerivedManifest } from './lake-derive-expect.ts';
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
    const counts = await expectAppAnalysis(sim, lake(), FROM, NEXT);
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
    const counts = await expectAppAnalysis(sim, out, FROM, TO, roads);
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
