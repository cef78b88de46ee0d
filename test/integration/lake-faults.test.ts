/**
 * `routelens lake sync` as a process when things go wrong, against the simulator behind a proxy that can
 * fail one carrier: a carrier whose API starts failing midway leaves the other carriers complete and the
 * lake consistent (every listed file on disk and readable with its listed row count, every file on disk
 * listed, nothing `.tmp`), and the next run completes it and then equals a lake synced in one go; a carrier
 * whose home zone changed since the lake was written is refused before any request, lake untouched.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../electron/node/simulator/index.ts';
import { COMPANY_KEY_HEADER } from '../../shared/api/wire.ts';
import { BREADCRUMBS_DIR } from '../../shared/lake/layout.ts';
import { addDays, dayOfMs } from '../../shared/util/day.ts';
import { spawnCli } from '../support/cli-run.ts';
import { forward, lakeRows, parquetFiles, readManifestJson, writeCarriersFile } from './lake-support.ts';

const TODAY = dayOfMs(Date.now());
// Local days that ended before yesterday in every zone; four of them, so a vehicle's history takes several pages.
const FROM = addDays(TODAY, -5);
const TO = addDays(TODAY, -2);
const RATE = ['--rate', '400', '--concurrency', '16'];
const HISTORY = '/v2/vehicle-location-history/';

/** A proxy whose `failing` company key gets a spec error (HTTP 200 with a description) for every later history page. */
async function failingProxy(target: string) {
  const state = { failing: null as string | null, urls: [] as string[] };
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '';
    state.urls.push(url);
    const key = req.headers[COMPANY_KEY_HEADER.toLowerCase()];
    if (state.failing !== null && key === state.failing && url.startsWith(HISTORY) && url.includes('next_page_token')) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ description: 'Internal error, try again later', data: null }));
      return;
    }
    forward(req, res, target);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Rows of each parquet file, counted by DuckDB (a file that does not read back throws). */
async function rowCounts(lake: string, files: string[]): Promise<Map<string, number>> {
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  const out = new Map<string, number>();
  try {
    for (const f of files) {
      const r = await conn.runAndReadAll(`SELECT count(*)::INTEGER FROM read_parquet('${path.join(lake, f)}')`);
      out.set(f, r.getRows()[0]![0] as number);
    }
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
  return out;
}

describe('routelens lake sync, faults', () => {
  let sim: RunningSimulator;
  let proxy: Awaited<ReturnType<typeof failingProxy>>;
  let dir: string;
  let carriers: { file: string; env: Record<string, string> };
  const sync = (out: string, file = carriers.file, from = FROM, to = TO) =>
    spawnCli(['lake', 'sync', '--carriers', file, '--from', from, '--to', to, '--out', out, ...RATE], carriers.env);

  beforeAll(async () => {
    sim = await startSimulator({});
    proxy = await failingProxy(sim.baseUrl);
    dir = mkdtempSync(path.join(tmpdir(), 'routelens-lake-faults-'));
    carriers = writeCarriersFile(dir, sim, proxy.baseUrl);
  });
  afterAll(async () => {
    await proxy.close();
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a carrier failing midway leaves the others complete and the lake consistent; the next run equals one go', async () => {
    const broken = sim.carriers[1]!;
    const lake = path.join(dir, 'failed-midway');
    proxy.state.failing = broken.companyKey;
    const failed = await sync(lake);
    proxy.state.failing = null;
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/vehicles failed \(the rest are complete\): Row 3 \(/);

    const manifest = readManifestJson(lake);
    const listed = new Map<string, number>();
    for (const c of manifest.carriers)
      for (const [id, v] of Object.entries(c.vehicles))
        for (const [day, d] of Object.entries(v.days))
          if (d.records > 0) listed.set(`breadcrumbs/carrier=${c.carrier}/day=${day}/${id}.parquet`, d.records);
    const onDisk = parquetFiles(lake, BREADCRUMBS_DIR);
    expect(onDisk).toEqual([...listed.keys()].sort());
    expect(await rowCounts(lake, onDisk)).toEqual(listed);
    expect((readdirSync(lake, { recursive: true }) as string[]).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    // The derived day rows are exactly the vehicle-days the manifest marks derived: none for a day never written.
    const derivedListed = manifest.carriers.flatMap((c) =>
      Object.entries(c.vehicles).flatMap(([id, v]) =>
        Object.entries(v.days)
          .filter(([, d]) => d.derived !== undefined)
          .map(([day]) => `${c.carrier},${id},${day}`),
      ),
    );
    expect(derivedListed.length).toBeGreaterThan(0);
    const derivedRows = await spawnCli(['lake', 'sql', '--lake', lake, 'SELECT carrier, vehicle_id, day FROM days']);
    expect(derivedRows.code, derivedRows.stderr).toBe(0);
    expect(derivedRows.stdout.trim().split('\n').slice(1).sort()).toEqual(derivedListed.sort());

    const days = [FROM, addDays(FROM, 1), addDays(FROM, 2), TO];
    for (const c of sim.carriers) {
      const entry = manifest.carriers.find((m) => m.name === c.name)!;
      const states = sim.truth
        .vehicles(c.id)
        .flatMap((v) => days.map((day) => entry.vehicles[v.vehicle_id]?.days[day]?.state));
      if (c.id === broken.id) {
        // Midway: its first pages' days were written, the rest are missing.
        expect(states).toContain('complete');
        expect(states).toContain(undefined);
      } else expect(states.every((s) => s === 'complete')).toBe(true);
    }

    const resumed = await sync(lake);
    expect(resumed.code, resumed.stderr).toBe(0);
    const oneGo = path.join(dir, 'one-go');
    const whole = await sync(oneGo);
    expect(whole.code, whole.stderr).toBe(0);
    expect(parquetFiles(lake).length).toBeGreaterThan(onDisk.length);
    expect(await lakeRows(lake)).toEqual(await lakeRows(oneGo));
  }, 420_000);

  it('refuses a carrier whose home zone changed, naming it and both zones, before any request', async () => {
    const lake = path.join(dir, 'zoned');
    const first = await sync(lake, carriers.file, TO, TO);
    expect(first.code, first.stderr).toBe(0);
    const moved = sim.carriers[0]!;
    const text = readFileSync(carriers.file, 'utf8').replace(`,${moved.homeZone},`, ',America/Denver,');
    const file = path.join(dir, 'moved.csv');
    writeFileSync(file, text);
    const manifestBefore = readFileSync(path.join(lake, '_lake.json'), 'utf8');
    const filesBefore = parquetFiles(lake).map((f) => [f, statSync(path.join(lake, f)).mtimeMs]);
    proxy.state.urls.length = 0;

    const run = await sync(lake, file, TO, TO);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(`Row 2 (${moved.name}): its home zone was ${moved.homeZone}`);
    expect(run.stderr).toContain('is now America/Denver');
    expect(proxy.state.urls).toEqual([]);
    expect(readFileSync(path.join(lake, '_lake.json'), 'utf8')).toBe(manifestBefore);
    expect(parquetFiles(lake).map((f) => [f, statSync(path.join(lake, f)).mtimeMs])).toEqual(filesBefore);
  }, 240_000);
});
