import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createOSMStream } from 'osm-pbf-parser-node';
import { describe, expect, it } from 'vitest';
import { createSimulatorWorld } from '../../electron/node/simulator/index.ts';
import { overLimitTruth } from '../../electron/node/simulator/limit-truth.ts';
import { demoRoads, demoRoadsPbf } from '../../electron/node/simulator/osm-roads.ts';
import { opDayOf } from '../../electron/node/simulator/vehicle-sim.ts';
import { opDaySim } from '../../electron/node/simulator/vehicle-days.ts';
import { createRoadIndex } from '../../shared/roads/road-index.ts';
import type { RoadWay } from '../../shared/roads/types.ts';
import { addDays, dayStartMs } from '../../shared/util/day.ts';

const NOW = Date.UTC(2026, 2, 15, 18, 0);
const world = createSimulatorWorld({ now: () => NOW });
const carrier = world.carriers[0]!;
const trucks = carrier.vehicles
  .filter((v) => v.active)
  .slice(0, 3)
  .map((v) => world.vehicleRef(carrier, v));
const from = dayStartMs(addDays(world.truth.today(), -28));
const to = dayStartMs(world.truth.today());

/** Every reading of the truck in [from, to): the simulator's arrays, with the limit of the road it was on. */
function readingsOf(ref: (typeof trucks)[number]) {
  const out: { t: number; lat: number; lng: number; speed: number; limit: number }[] = [];
  for (let k = opDayOf(from); k <= opDayOf(to - 1); k++) {
    const sim = opDaySim(ref, k)!;
    for (let i = 0; i < sim.n; i++) {
      if (sim.t[i]! < from || sim.t[i]! >= to) continue;
      out.push({ t: sim.t[i]!, lat: sim.lat[i]!, lng: sim.lng[i]!, speed: sim.speed[i]!, limit: sim.limitMph[i]! });
    }
  }
  return out;
}

const mph = (tag: string | undefined) => (tag ? Number(/^(\d+) mph$/.exec(tag)![1]) : Number.NaN);

describe('the demo trucks drive relative to posted limits', () => {
  const all = trucks.map(readingsOf);
  const onRoad = all.flat().filter((r) => Number.isFinite(r.limit) && r.speed > 3);

  it('keep under the limit most of the time, and are now and then well over it', () => {
    const over = onRoad.filter((r) => r.speed >= r.limit + 6).length / onRoad.length;
    expect(onRoad.length).toBeGreaterThan(10_000);
    expect(over).toBeGreaterThan(0.002);
    expect(over).toBeLessThan(0.08);
  });

  it('slow down for towns: a 45 mph stretch is driven at about 45 or less', () => {
    const town = onRoad
      .filter((r) => r.limit === 45)
      .map((r) => r.speed)
      .sort((a, b) => a - b);
    expect(town.length).toBeGreaterThan(100);
    expect(town[Math.floor(town.length / 2)]!).toBeLessThanOrEqual(45);
  });

  it('record over-limit runs in more than one tier, each at least 60 s and two readings over by 6', () => {
    const runs = trucks.flatMap((ref) => overLimitTruth(ref, from, to));
    expect(runs.length).toBeGreaterThanOrEqual(3);
    for (const run of runs) {
      expect(run.readings).toBeGreaterThanOrEqual(2);
      expect(run.endMs - run.startMs).toBeGreaterThanOrEqual(60_000);
      expect(run.peakOverMph).toBeGreaterThanOrEqual(6);
    }
    expect(runs.some((r) => r.peakOverMph < 11)).toBe(true);
    expect(runs.some((r) => r.peakOverMph >= 11)).toBe(true);
  });
});

describe('the demo road network as OpenStreetMap', () => {
  const roads = demoRoads();
  const ways: RoadWay[] = roads.ways.map((w) => {
    const limit = mph(w.tags['maxspeed:hgv'] ?? w.tags['maxspeed']);
    return {
      wayId: w.id,
      highway: w.tags['highway']!,
      name: w.tags['name'] ?? '',
      ref: '',
      oneway: 0,
      forwardMph: limit,
      backwardMph: limit,
      source: 'posted',
      limitText: `${limit} mph`,
      conditional: '',
    };
  });
  const coords = new Map(roads.nodes.map((n) => [n.id, [n.lat, n.lng]]));
  const index = createRoadIndex(
    ways,
    roads.ways.map((w) => w.refs.flatMap((r) => coords.get(r)!)),
  );

  it('tags every limit in mph with its unit, trucks lower where the state says so', () => {
    for (const w of roads.ways) expect(w.tags['maxspeed']).toMatch(/^\d+ mph$/);
    const hgv = roads.ways.filter((w) => w.tags['maxspeed:hgv']);
    expect(hgv.length).toBeGreaterThan(0);
    for (const w of hgv) expect(mph(w.tags['maxspeed:hgv'])).toBeLessThan(mph(w.tags['maxspeed']));
  });

  it('puts every reading on a way that carries the limit the truck drove under', () => {
    const readings = readingsOf(trucks[0]!).filter((r) => Number.isFinite(r.limit));
    let nearestAgrees = 0;
    for (const r of readings) {
      const near = index
        .near(r.lat, r.lng, 20)
        .map((s) => ({ s, d: metresToSegment(index.segCoords, s, r.lat, r.lng) }));
      const within = near.filter((c) => c.d <= 20);
      expect(within.some((c) => ways[index.segWay[c.s]!]!.forwardMph === r.limit)).toBe(true);
      const nearest = within.sort((a, b) => a.d - b.d)[0]!;
      if (ways[index.segWay[nearest.s]!]!.forwardMph === r.limit) nearestAgrees++;
    }
    expect(readings.length).toBeGreaterThan(5_000);
    expect(nearestAgrees / readings.length).toBeGreaterThan(0.99);
  });

  it('writes an .osm.pbf that a regional-extract reader reads back as the same ways and nodes', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'rl-demo-roads-')), 'demo.osm.pbf');
    writeFileSync(file, demoRoadsPbf());
    const nodes = new Map<number, [number, number]>();
    const read: { id: number; refs: number[]; tags: Record<string, string> }[] = [];
    for await (const item of createOSMStream(file)) {
      for (const e of Array.isArray(item) ? item : [item]) {
        if (e.type === 'node') nodes.set(e.id, [e.lat, e.lon]);
        if (e.type === 'way') read.push({ id: e.id, refs: e.refs, tags: e.tags });
      }
    }
    expect(read).toEqual(roads.ways.map((w) => ({ id: w.id, refs: w.refs, tags: w.tags })));
    expect(nodes.size).toBe(roads.nodes.length);
    for (const n of roads.nodes) {
      const [lat, lng] = nodes.get(n.id)!;
      expect(Math.abs(lat - n.lat)).toBeLessThan(1e-7);
      expect(Math.abs(lng - n.lng)).toBeLessThan(1e-7);
    }
  });
});

/** Distance from a point to segment `s`, metres, on a local flat frame (exact enough within 20 m). */
function metresToSegment(c: Float64Array, s: number, lat: number, lng: number): number {
  const k = Math.cos((lat * Math.PI) / 180);
  const m = 111_320;
  const ax = (c[s * 4 + 1]! - lng) * k * m;
  const ay = (c[s * 4]! - lat) * m;
  const bx = (c[s * 4 + 3]! - lng) * k * m;
  const by = (c[s * 4 + 2]! - lat) * m;
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const f = len2 > 0 ? Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2)) : 0;
  return Math.hypot(ax + f * dx, ay + f * dy);
}
