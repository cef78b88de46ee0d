/**
 * The inbox's work with road limits: `npx tsx bench/inbox-limits.ts` (also run by `npm run bench`). The
 * demo fleet (the simulator's three carriers, INBOX_LIMITS_TRUCKS active trucks in all, default 60, 30
 * days each, their real readings) and the demo's roads built into an index the way the app imports an
 * extract (electron/node/simulator/osm-roads.ts written as .osm.pbf, read by buildRoadIndexFromFile). In
 * Node, the two steps of an inbox open whose cost road limits change, each without and with the limits in
 * the same run (the browser figures of bench/inbox.ts wrap these in IndexedDB reads and the page):
 *  - every truck's local days analysed into day parts (what an open with nothing kept, and the background
 *    preparation after a download, do per truck): with limits, each day's readings are matched to roads;
 *  - an open from kept parts (what the 1.5 s "open again" target covers besides the reads): parts
 *    unpacked, joined per truck into events and scorecards, the list sorted by priority (tiers first).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildRoadIndexFromFile } from '../electron/node/roads/build.ts';
import { createSimulatorWorld } from '../electron/node/simulator/index.ts';
import { demoRoadsPbf } from '../electron/node/simulator/osm-roads.ts';
import { parseRecord, utcDay } from '../electron/node/simulator/vehicle-days.ts';
import { dayPart, type DayPart } from '../shared/analysis/day-parts.ts';
import { packDayPart, unpackDayPart, type PackedDayPart } from '../shared/analysis/day-part-pack.ts';
import type { RoadLimits } from '../shared/analysis/over-limit-events.ts';
import { DEFAULT_ANALYSIS_PARAMS } from '../shared/analysis/params.ts';
import { parseLocationRecord } from '../shared/api/validate.ts';
import type { InboxEvent } from '../shared/inbox/events.ts';
import { sortEvents } from '../shared/inbox/filter.ts';
import { inboxVehicle } from '../shared/inbox/vehicle.ts';
import { daysFromTo, localRangeInterval, utcDaysOverlapping, type LocalDay } from '../shared/time/local-day.ts';
import { buildDayChunk } from '../shared/track/day-chunk.ts';
import { localDayChunks } from '../shared/track/local-days.ts';
import type { Breadcrumb, DayChunk } from '../shared/track/types.ts';
import { addDays } from '../shared/util/day.ts';
import { report } from './lib/figures.ts';
import { timed } from './lib/timed.ts';

const NOW = Date.parse('2026-11-20T15:00:00.000Z');
const FROM: LocalDay = '2026-10-20';
const DAYS = 30;
const TO: LocalDay = addDays(FROM, DAYS - 1);
const RUNS = 3;
const TRUCKS = Number(process.env['INBOX_LIMITS_TRUCKS'] ?? 60);
if (!Number.isInteger(TRUCKS) || TRUCKS < 1) throw new Error('INBOX_LIMITS_TRUCKS must be a whole number of trucks');
const params = DEFAULT_ANALYSIS_PARAMS;

interface Truck {
  carrierId: string;
  vehicleId: string;
  zone: string;
  /** The truck's local days of the range, with readings. */
  days: DayChunk[];
}

/** The demo fleet's trucks, taken in turn from each carrier, with their readings regrouped into home-zone days. */
function demoFleet(): Truck[] {
  const world = createSimulatorWorld({ now: () => NOW });
  const lists = world.carriers.map((c) => c.vehicles.filter((v) => v.active).map((v) => ({ c, v })));
  const picked: (typeof lists)[number] = [];
  for (let k = 0; picked.length < TRUCKS && lists.some((l) => k < l.length); k++)
    for (const l of lists) if (k < l.length && picked.length < TRUCKS) picked.push(l[k]!);
  return picked.map(({ c, v }) => {
    const zone = c.info.homeZone;
    const interval = localRangeInterval(FROM, TO, zone);
    const ref = world.vehicleRef(c, v);
    const utc: DayChunk[] = [];
    for (const day of utcDaysOverlapping(interval)) {
      const records = utcDay(ref, day);
      const points: Breadcrumb[] = [];
      for (let i = 0; i < records.length; i++) {
        const p = parseLocationRecord(parseRecord(records.at(i)));
        if (p.ok) points.push(p.value);
      }
      if (points.length > 0) utc.push(buildDayChunk(v.vehicle_id, day, points));
    }
    return { carrierId: c.info.id, vehicleId: v.vehicle_id, zone, days: localDayChunks(utc, zone, interval) };
  });
}

async function demoRoadLimits(): Promise<RoadLimits> {
  const dir = mkdtempSync(path.join(tmpdir(), 'routelens-inbox-limits-'));
  try {
    const file = path.join(dir, 'demo-roads.osm.pbf');
    writeFileSync(file, demoRoadsPbf());
    return { index: (await buildRoadIndexFromFile(file)).index };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const analyseAll = (fleet: readonly Truck[], roads?: RoadLimits): DayPart[][] =>
  fleet.map((t) => t.days.map((d) => dayPart(d, params, roads)));

/** The open from kept parts: unpack, join per truck, list and sort (priority, the default). */
function openKept(fleet: readonly Truck[], packed: readonly PackedDayPart[][], roadLimits: boolean): InboxEvent[] {
  const days = daysFromTo(FROM, TO);
  const events: InboxEvent[] = [];
  fleet.forEach((t, k) => {
    const parts = packed[k]!.map((p) => unpackDayPart(t.vehicleId, p));
    const v = inboxVehicle(t, parts, params, days, roadLimits);
    if (v) for (const e of v.events) events.push(e);
  });
  return sortEvents(events, 'priority', 'descending');
}

const fleet = demoFleet();
const roads = await demoRoadLimits();
const truckDays = fleet.reduce((n, t) => n + t.days.length, 0);
const points = fleet.reduce((n, t) => t.days.reduce((m, d) => m + d.length, n), 0);
const label = `${fleet.length} demo trucks × ${DAYS} days (${truckDays} truck-days, ${points.toLocaleString('en-US')} readings)`;

const plain = timed(() => analyseAll(fleet), RUNS);
const judged = timed(() => analyseAll(fleet, roads), RUNS);
const packedPlain = plain.value.map((parts) => parts.map(packDayPart));
const packedJudged = judged.value.map((parts) => parts.map(packDayPart));
const openPlain = timed(() => openKept(fleet, packedPlain, false), RUNS);
const openJudged = timed(() => openKept(fleet, packedJudged, true), RUNS);
function byKind(es: readonly InboxEvent[]): string {
  const counts = new Map<string, number>();
  for (const e of es) {
    const k = e.tier ? `over-limit ${e.tier}` : e.kind;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${k} ${n}`).join(', ');
}
console.log(`inbox-limits: ${label}; ${roads.index.ways.length} demo ways`);
console.log(`  events without limits: ${byKind(openPlain.value)}`);
console.log(`  events with the demo limits: ${byKind(openJudged.value)}`);

report({
  bench: 'inbox-limits',
  name: `${label}: every local day analysed into its part, judged against the demo road limits`,
  unit: 'ms',
  samples: judged.ms,
  baselines: [{ name: 'the same parts without road limits', samples: plain.ms }],
});
report({
  bench: 'inbox-limits',
  name: `${label}: open from kept parts (unpack, join, sort by priority), with road limits`,
  unit: 'ms',
  samples: openJudged.ms,
  // The kept open's whole budget in the browser is 1.5 s (bench/inbox.ts), IndexedDB reads included.
  target: '<= 1500',
  baselines: [{ name: 'the same open of parts made without road limits', samples: openPlain.ms, target: '<= 1.5' }],
});
