/**
 * `routelens export --format events --speed-zones FILE` over the simulator: a zone drawn round a stretch
 * of a demo truck's own route (from the simulator's readings) judges the readings inside it at the zone's
 * limit, alone or over the demo's posted limits, and a bad zone file is refused in one sentence (exit 2).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/node/cli/main.ts';
import { createSimulatorWorld, startSimulator, type RunningSimulator } from '../../electron/node/simulator/index.ts';
import { overLimitTruth } from '../../electron/node/simulator/limit-truth.ts';
import { demoRoadsPbf } from '../../electron/node/simulator/osm-roads.ts';
import { opDaySim } from '../../electron/node/simulator/vehicle-days.ts';
import { opDayOf } from '../../electron/node/simulator/vehicle-sim.ts';
import { addDays, dayStartMs } from '../../shared/util/day.ts';
import { simulatorEnv, spawnCli } from '../support/cli-run.ts';
import { overLimitRowsOf } from '../support/over-limit-csv.ts';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const DAY = '2026-11-17';
const world = createSimulatorWorld({ now: () => NOW });
const carrier = world.carriers[0]!;
const ZONE = { name: 'Depot approach', limit: 20 };

/** The truck's readings of DAY as the API serves them (whole seconds). */
function readingsOf(vehicleId: string) {
  const ref = world.vehicleRef(
    carrier,
    carrier.vehicles.find((v) => v.vehicle_id === vehicleId)!,
  );
  const [from, to] = [dayStartMs(DAY), dayStartMs(addDays(DAY, 1))];
  const out: { t: number; lat: number; lng: number; speed: number }[] = [];
  for (let k = opDayOf(from); k <= opDayOf(to - 1); k++) {
    const sim = opDaySim(ref, k);
    for (let i = 0; sim && i < sim.n; i++)
      if (sim.t[i]! >= from && sim.t[i]! < to)
        out.push({ t: Math.floor(sim.t[i]! / 1000) * 1000, lat: sim.lat[i]!, lng: sim.lng[i]!, speed: sim.speed[i]! });
  }
  return { ref, readings: out };
}

/** A box round ten consecutive readings all at 40 mph or more: well over the zone's 20 (tolerance 6). */
function stretchBox(readings: ReturnType<typeof readingsOf>['readings']) {
  const start = readings.findIndex(
    (_, i) => readings.slice(i, i + 10).every((r) => r.speed >= 40) && i + 10 <= readings.length,
  );
  expect(start).toBeGreaterThanOrEqual(0);
  const stretch = readings.slice(start, start + 10);
  const pad = 0.0005;
  const box = {
    w: Math.min(...stretch.map((r) => r.lng)) - pad,
    e: Math.max(...stretch.map((r) => r.lng)) + pad,
    s: Math.min(...stretch.map((r) => r.lat)) - pad,
    n: Math.max(...stretch.map((r) => r.lat)) + pad,
  };
  return { stretch, box };
}

function zoneFile(dir: string, b: { w: number; e: number; s: number; n: number }): string {
  const ring = [
    [b.w, b.s],
    [b.e, b.s],
    [b.e, b.n],
    [b.w, b.n],
    [b.w, b.s],
  ];
  const file = path.join(dir, 'zones.geojson');
  const feature = {
    type: 'Feature',
    properties: { limit_mph: ZONE.limit, name: ZONE.name },
    geometry: { type: 'Polygon', coordinates: [ring] },
  };
  writeFileSync(file, JSON.stringify({ type: 'FeatureCollection', features: [feature] }));
  return file;
}

describe('export --speed-zones over the demo', () => {
  let sim: RunningSimulator;
  let dir: string;
  beforeAll(async () => {
    sim = await startSimulator({ now: () => NOW });
    dir = mkdtempSync(path.join(tmpdir(), 'routelens-zones-'));
  });
  afterAll(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function baseArgs(vehicleId: string, out: string) {
    return ['export', '--vehicle', vehicleId, '--from', DAY, '--to', DAY, '--format', 'events', '--out', out];
  }

  async function overLimitEvents(vehicleId: string, extra: string[]) {
    const out = path.join(dir, `${vehicleId}-${extra.length}.csv`);
    await runCli(
      [...baseArgs(vehicleId, out), ...extra],
      simulatorEnv(sim),
      () => {},
      () => NOW,
    );
    return overLimitRowsOf(readFileSync(out, 'utf8'));
  }

  const truck = carrier.vehicles.find((v) => v.active)!.vehicle_id;

  it('alone, judges only the readings inside the zone: its limit, source and name, covering the stretch', async () => {
    const { readings } = readingsOf(truck);
    const { stretch, box } = stretchBox(readings);
    const events = await overLimitEvents(truck, ['--speed-zones', zoneFile(dir, box)]);
    expect(events.length).toBeGreaterThanOrEqual(1);
    const inBox = (lat: number, lng: number) => lat >= box.s && lat <= box.n && lng >= box.w && lng <= box.e;
    for (const e of events) {
      expect(e).toMatchObject({ limitMph: ZONE.limit, source: 'zone', road: ZONE.name, wayId: 0 });
      expect(inBox(e.lat, e.lng)).toBe(true);
      // Both ends of each event are readings inside the zone.
      for (const t of [e.startMs, e.endMs]) {
        const r = readings.find((x) => x.t === t)!;
        expect(inBox(r.lat, r.lng)).toBe(true);
      }
    }
    const [first, last] = [stretch[0]!.t, stretch[stretch.length - 1]!.t];
    expect(events.some((e) => e.startMs <= first && e.endMs >= last)).toBe(true);
  });

  it('over the posted limits, the zone wins inside it; outside, the simulator’s posted-limit runs remain', async () => {
    const roads = path.join(dir, 'demo-roads.osm.pbf');
    writeFileSync(roads, demoRoadsPbf());
    const { ref, readings } = readingsOf(truck);
    const { stretch, box } = stretchBox(readings);
    const events = await overLimitEvents(truck, ['--road-limits', roads, '--speed-zones', zoneFile(dir, box)]);
    const zoned = events.filter((e) => e.source === 'zone');
    const [first, last] = [stretch[0]!.t, stretch[stretch.length - 1]!.t];
    expect(zoned.some((e) => e.startMs <= first && e.endMs >= last && e.road === ZONE.name)).toBe(true);
    for (const e of events) expect(e.source === 'zone' || e.source === 'posted').toBe(true);
    // Posted runs wholly before or after the zone's stretch (nothing inside the box) are found as before.
    const inBox = (r: { lat: number; lng: number }) =>
      r.lat >= box.s && r.lat <= box.n && r.lng >= box.w && r.lng <= box.e;
    const truth = overLimitTruth(ref, dayStartMs(DAY), dayStartMs(addDays(DAY, 1))).filter((run) =>
      readings.filter((r) => r.t >= run.startMs && r.t <= run.endMs).every((r) => !inBox(r)),
    );
    const posted = events.filter((e) => e.source === 'posted').map((e) => [e.startMs, e.endMs]);
    expect(truth.length).toBeGreaterThan(0);
    for (const run of truth) expect(posted).toContainEqual([run.startMs, run.endMs]);
  });

  it('refuses a bad zone file naming the feature and why, in one sentence (exit 2)', async () => {
    const bad = path.join(dir, 'bad.geojson');
    const ring = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ];
    const features = [
      { type: 'Feature', properties: { maxspeed: '10 mph' }, geometry: { type: 'Polygon', coordinates: [ring] } },
      { type: 'Feature', properties: { maxspeed: '30' }, geometry: { type: 'Polygon', coordinates: [ring] } },
    ];
    writeFileSync(bad, JSON.stringify({ type: 'FeatureCollection', features }));
    const r = await spawnCli([...baseArgs('x', path.join(dir, 'no.csv')), '--speed-zones', bad], simulatorEnv(sim));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--speed-zones .*bad\.geojson is refused: features\[1\] has maxspeed "30" without a unit/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
