/**
 * `routelens lake sync` as a process against the simulator (behind a proxy that records every request):
 * three carriers' home-zone days land where the layout says, with exactly the simulator's readings, a valid
 * GeoParquet `geo` key, and the same rows through a second reader (hyparquet); a run interrupted with SIGINT
 * and resumed equals one synced in one go; a second run with nothing new asks only for today; a carrier
 * key the API refuses stops the run before any history request; a key file
 * others can read stops the run before any request.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../electron/node/simulator/index.ts';
import { readWkbPoint } from '../../shared/lake/wkb.ts';
import { localDayInterval, utcDaysOverlapping } from '../../shared/time/local-day.ts';
import { addDays, dayOfMs, toApiDate } from '../../shared/util/day.ts';
import { CLI, ROOT, spawnCli } from '../support/cli-run.ts';
import {
  lakeRows,
  parquetFiles,
  readManifestJson,
  recordingProxy,
  writeCarriersFile,
  type RecordingProxy,
} from './lake-support.ts';

const TODAY = dayOfMs(Date.now());
// Local days that ended before yesterday in every zone: the simulator's data of them no longer grows.
const FROM = addDays(TODAY, -3);
const TO = addDays(TODAY, -2);
const RATE = ['--rate', '400', '--concurrency', '16'];

describe('routelens lake sync', () => {
  let sim: RunningSimulator;
  let proxy: RecordingProxy;
  let dir: string;
  let carriers: { file: string; env: Record<string, string> };
  const sync = (out: string, from = FROM, to = TO) =>
    spawnCli(
      ['lake', 'sync', '--carriers', carriers.file, '--from', from, '--to', to, '--out', out, ...RATE],
      carriers.env,
    );

  beforeAll(async () => {
    sim = await startSimulator({});
    proxy = await recordingProxy(sim.baseUrl);
    dir = mkdtempSync(path.join(tmpdir(), 'routelens-lake-'));
    carriers = writeCarriersFile(dir, sim, proxy.baseUrl);
  });
  afterAll(async () => {
    await proxy.close();
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes each vehicle-day the simulator has readings for, with exactly those readings, read alike by hyparquet', async () => {
    const lake = path.join(dir, 'one-go');
    const run = await sync(lake);
    expect(run.stderr).toMatch(/lake: carriers 3\/3, vehicles \d+\/\d+, days \d+\/\d+/);
    expect(run.code, run.stderr).toBe(0);
    const manifest = readManifestJson(lake);
    let files = 0;
    for (const c of sim.carriers) {
      const entry = manifest.carriers.find((m) => m.name === c.name)!;
      expect(entry.carrier).toBe(sim.truth.company(c.id).dot_number);
      for (const v of sim.truth.vehicles(c.id)) {
        for (const day of [FROM, TO]) {
          const interval = localDayInterval(day, c.homeZone);
          const utc = utcDaysOverlapping(interval);
          const truth = sim.truth
            .history(c.id, v.vehicle_id, utc[0]!, utc[utc.length - 1]!)
            .filter((r) => Date.parse(r.timestamp) >= interval.startMs && Date.parse(r.timestamp) < interval.endMs);
          const rel = `breadcrumbs/carrier=${entry.carrier}/day=${day}/${v.vehicle_id}.parquet`;
          expect(entry.vehicles[v.vehicle_id]!.days[day]).toMatchObject({ state: 'complete', records: truth.length });
          expect(existsSync(path.join(lake, rel))).toBe(truth.length > 0);
          if (truth.length === 0) continue;
          files++;
          await expectFileMatches(path.join(lake, rel), truth);
        }
      }
    }
    expect(files).toBeGreaterThan(20);
    expect(parquetFiles(lake, 'breadcrumbs')).toHaveLength(files);
  }, 240_000);

  it('interrupted with SIGINT and run again, equals the lake synced in one go, row for row', async () => {
    const lake = path.join(dir, 'resumed');
    const child = spawn(
      process.execPath,
      [...CLI, 'lake', 'sync', '--carriers', carriers.file, '--from', FROM, '--to', TO, '--out', lake, '--rate', '40'],
      {
        cwd: ROOT,
        env: { ...process.env, ...carriers.env },
      },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    // Mid-run: some day files written, not all.
    while (!existsSync(lake) || parquetFiles(lake).length < 5) await new Promise((r) => setTimeout(r, 100));
    child.kill('SIGINT');
    expect(await exited).toBe(1);
    expect(stderr).toMatch(/Interrupted after \d+ vehicle-days; run the same command again to finish\./);
    const partway = parquetFiles(lake).length;
    const resumed = await sync(lake);
    expect(resumed.code, resumed.stderr).toBe(0);
    const oneGo = await lakeRows(path.join(dir, 'one-go'));
    expect(partway).toBeLessThan(oneGo.size);
    expect(await lakeRows(lake)).toEqual(oneGo);
  }, 240_000);

  it('a second run with nothing new asks only for today', async () => {
    const lake = path.join(dir, 'growing');
    const first = await sync(lake, addDays(TODAY, -1), TODAY);
    expect(first.code, first.stderr).toBe(0);
    proxy.urls.length = 0;
    const again = await sync(lake, addDays(TODAY, -1), TODAY);
    expect(again.code, again.stderr).toBe(0);
    const history = proxy.urls.filter((u) => u.startsWith('/v2/vehicle-location-history/'));
    const vehicles = sim.carriers.reduce((n, c) => n + sim.truth.vehicles(c.id).length, 0);
    expect(history.length).toBeGreaterThanOrEqual(vehicles);
    for (const u of history) {
      const q = new URL(u, 'http://x').searchParams;
      expect(q.get('start_date')).toBe(toApiDate(TODAY));
      // The first run learnt that this API refuses an end_date after today (kept in _lake.json): never asked again.
      expect(q.get('end_date')).toBe(toApiDate(TODAY));
    }
    // Besides: each carrier's company and roster, once.
    expect(proxy.urls.length - history.length).toBe(2 * sim.carriers.length);
  }, 240_000);

  it('stops before any history request when a carrier key is refused by the API, naming its row', async () => {
    proxy.urls.length = 0;
    const env = { ...carriers.env, LAKE_TEST_KEY_2: 'ck-not-a-real-key' };
    const run = await spawnCli(
      ['lake', 'sync', '--carriers', carriers.file, '--from', FROM, '--to', TO, '--out', path.join(dir, 'bad-key')],
      env,
    );
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^routelens: Row 4 \(.+\): /);
    expect(proxy.urls.filter((u) => u.startsWith('/v2/vehicle-location-history/'))).toEqual([]);
  }, 60_000);

  it('refuses a key file others can read, in one sentence, before any request', async () => {
    const keyFile = path.join(dir, 'open.key');
    writeFileSync(keyFile, sim.carriers[1]!.companyKey);
    chmodSync(keyFile, 0o644);
    const text = readFileSync(carriers.file, 'utf8').replace('env:LAKE_TEST_KEY_1', `file:${keyFile}`);
    const file = path.join(dir, 'open-key.csv');
    writeFileSync(file, text);
    proxy.urls.length = 0;
    const run = await spawnCli(
      ['lake', 'sync', '--carriers', file, '--from', FROM, '--to', TO, '--out', path.join(dir, 'refused')],
      carriers.env,
    );
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toMatch(
      /^routelens: Row 3 \(.+\): the key file ".*open\.key" is readable by others \(mode 644\); run chmod 600 on it\.$/,
    );
    expect(run.stderr).not.toContain(sim.carriers[1]!.companyKey);
    expect(proxy.urls).toEqual([]);
    expect(existsSync(path.join(dir, 'refused'))).toBe(false);
  });
});

type Truth = ReturnType<RunningSimulator['truth']['history']>;

/** The file's rows through hyparquet equal the simulator's readings; the geo key is GeoParquet 1.1 with a bbox around them. */
async function expectFileMatches(file: string, truth: Truth): Promise<void> {
  const bytes = readFileSync(file);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const geoText = parquetMetadata(buffer).key_value_metadata?.find((kv) => kv.key === 'geo')?.value ?? '';
  const geo = JSON.parse(geoText) as {
    version: string;
    primary_column: string;
    columns: Record<string, { encoding: string; geometry_types: string[]; bbox: number[] }>;
  };
  expect(geo).toMatchObject({ version: '1.1.0', primary_column: 'geometry' });
  expect(geo.columns['geometry']).toMatchObject({ encoding: 'WKB', geometry_types: ['Point'] });
  const [minX, minY, maxX, maxY] = geo.columns['geometry']!.bbox as [number, number, number, number];
  const rows = await parquetReadObjects({ file: buffer, utf8: false, geoparquet: false } as Parameters<
    typeof parquetReadObjects
  >[0]);
  const sorted = [...truth].sort(
    (a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp) || a.id.localeCompare(b.id),
  );
  expect(rows.map((r) => r['id'])).toEqual(sorted.map((r) => r.id));
  for (const [i, r] of rows.entries()) {
    const t = sorted[i]!;
    expect([r['lat'], r['lng'], r['vin'], r['calc_location']]).toEqual([
      Number(t.lat),
      Number(t.lng),
      t.vin,
      t.calc_location,
    ]);
    const ts = r['timestamp'];
    expect(ts instanceof Date ? ts.getTime() : Number(ts) / 1000).toBe(Date.parse(t.timestamp));
    const point = readWkbPoint(r['geometry'] as Uint8Array);
    expect(point).toEqual({ lng: Number(t.lng), lat: Number(t.lat) });
    expect(point!.lng >= minX && point!.lng <= maxX && point!.lat >= minY && point!.lat <= maxY).toBe(true);
  }
}
