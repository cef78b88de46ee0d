import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildRoadIndexFromFile } from '../../electron/node/roads/build.ts';
import { demoRoadsPbf } from '../../electron/node/simulator/osm-roads.ts';
import { DEFAULT_OVER_LIMIT_PREFERENCES, overLimitParamsOf } from '../../shared/analysis/adjustable.ts';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import type { RoadLimits } from '../../shared/analysis/over-limit-events.ts';
import type { AnalysisParams } from '../../shared/analysis/types.ts';
import { parseLocationRecord } from '../../shared/api/validate.ts';
import type { ExportContext } from '../../shared/export/context.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import type { Breadcrumb, DayChunk } from '../../shared/track/types.ts';
import { addDays } from '../../shared/util/day.ts';
import { world } from './harness/app.ts';
import { expectSpeedingAsByHand } from './independent-events.ts';

/** The demo simulator's readings of one vehicle-range as day chunks, parsed the way the app stores them. */
export function truthChunks(carrierId: string, vehicleId: string, from: string, to: string): DayChunk[] {
  const sim = carrierId.replace(/^demo-/, '');
  const points: Breadcrumb[] = [];
  for (const r of world.truth.history(sim, vehicleId, from, to)) {
    const p = parseLocationRecord(r);
    if (p.ok) points.push(p.value);
  }
  const out: DayChunk[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const c = buildDayChunk(vehicleId, d, points);
    if (c.length > 0) out.push(c);
  }
  return out;
}

let demoRoads: Promise<RoadLimits> | null = null;

/**
 * The road limits the app judges demo carriers with: the demo carriers come with the simulator's roads,
 * written as .osm.pbf and built by the same importer, under the default over-the-limit rule.
 */
export function demoRoadLimits(): Promise<RoadLimits> {
  return (demoRoads ??= (async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'routelens-e2e-roads-'));
    try {
      const file = path.join(dir, 'demo.osm.pbf');
      writeFileSync(file, demoRoadsPbf());
      const { index } = await buildRoadIndexFromFile(file);
      return { index, overLimit: overLimitParamsOf(DEFAULT_OVER_LIMIT_PREFERENCES) };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  })());
}

/**
 * The analysis the screens should show (`roads`: the limits the app judges with, demoRoadLimits() for the
 * demo carriers); its speeding events are first checked against an independent rule.
 */
export function truthAnalysis(
  chunks: DayChunk[],
  thresholdMph = 70,
  params: Partial<AnalysisParams> = {},
  roads?: RoadLimits,
) {
  const analysis = analyzeTrack(chunks, { ...params, speedingThresholdMph: thresholdMph }, roads);
  expectSpeedingAsByHand(
    analysis.events,
    chunks,
    thresholdMph,
    params.speedingMinSeconds ?? 60,
    params.gapSeconds ?? 1_200,
  );
  return analysis;
}

/**
 * What the app's trips and events exports of a demo carrier say about who and
 * where: the legal name and USDOT number it remembered from company-info,
 * the vehicle of the chunks, and local times in the carrier's home zone.
 */
export function truthExportContext(carrierId: string, chunks: readonly DayChunk[]): ExportContext {
  const sim = carrierId.replace(/^demo-/, '');
  const company = world.truth.company(sim);
  const carrier = world.truth.carriers().find((c) => c.id === sim)!;
  return {
    carrierName: company.company_name,
    dotNumber: company.dot_number,
    vehicleId: chunks[0]!.vehicleId,
    vehicleNumber: chunks[0]!.vehicleNumber,
    vin: chunks[0]!.vin,
    zone: carrier.homeZone,
  };
}

const dateIn = (zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The UTC instant a calendar day of `zone` starts, found without the app's
 * code: the first quarter hour (zone offsets are whole quarter hours) within
 * ±15 h of that date's UTC midnight whose date in the zone, per Intl, is the day.
 */
export function localDayStart(day: string, zone: string): number {
  const fmt = dateIn(zone);
  const midnight = Date.parse(`${day}T00:00:00Z`);
  for (let ms = midnight - 15 * 3_600_000; ms <= midnight + 15 * 3_600_000; ms += 900_000)
    if (fmt.format(ms) >= day) return ms;
  throw new Error(`no start found for ${day} in ${zone}`);
}

/** The demo carrier's home zone, from the simulator's ground truth. */
export function homeZoneOf(carrierId: string): string {
  return world.truth.carriers().find((c) => c.id === carrierId.replace(/^demo-/, ''))!.homeZone;
}

/**
 * The simulator's readings of the local days `from`..`to` of `zone` (default:
 * the carrier's home zone), one chunk per local day with readings (`day` = the
 * local day), every reading in [the day's start, the next day's start).
 */
export function truthLocalChunks(
  carrierId: string,
  vehicleId: string,
  from: string,
  to: string,
  zone = homeZoneOf(carrierId),
): DayChunk[] {
  const utc = truthChunks(carrierId, vehicleId, addDays(from, -1), addDays(to, 1));
  const out: DayChunk[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const [start, end] = [localDayStart(d, zone), localDayStart(addDays(d, 1), zone)];
    const idx: [DayChunk, number][] = utc.flatMap((c) =>
      [...c.t].flatMap((t, i) => (t >= start && t < end ? [[c, i] as [DayChunk, number]] : [])),
    );
    if (idx.length === 0) continue;
    const pick = <T>(f: (c: DayChunk, i: number) => T) => idx.map(([c, i]) => f(c, i));
    out.push({
      vehicleId,
      day: d,
      vehicleNumber: idx[0]![0].vehicleNumber,
      vin: idx[0]![0].vin,
      length: idx.length,
      t: Float64Array.from(pick((c, i) => c.t[i]!)),
      lat: Float64Array.from(pick((c, i) => c.lat[i]!)),
      lng: Float64Array.from(pick((c, i) => c.lng[i]!)),
      speed: Float64Array.from(pick((c, i) => c.speed[i]!)),
      direction: Float64Array.from(pick((c, i) => c.direction[i]!)),
      status: Uint8Array.from(pick((c, i) => c.status[i]!)),
      id: pick((c, i) => c.id[i]!),
      location: pick((c, i) => c.location[i]!),
    });
  }
  return out;
}

/**
 * The most recent of the last `days` home-zone days (yesterday first) on which the demo truck drove at
 * least `miles`, from the simulator's own readings: a demo truck rests on some days, so a test that needs
 * a route on the map picks its day from the data rather than assuming yesterday.
 */
export function lastDrivingDay(carrierId: string, vehicleId: string, today: string, days = 6, miles = 50): string {
  for (let back = 1; back <= days; back++) {
    const day = addDays(today, -back);
    const driven = analyzeTrack(truthLocalChunks(carrierId, vehicleId, day, day)).totals.distanceMiles;
    if (driven >= miles) return day;
  }
  throw new Error(`demo truck ${vehicleId} drove less than ${miles} mi on each of the ${days} days before ${today}`);
}

/**
 * The first of the demo carrier's trucks that drove at least `miles` on the home-zone `day`, from the
 * simulator's own readings: for a test whose day is fixed by what it checks (yesterday is the one still
 * being recorded), the truck is what varies with the demo data.
 */
export function truckDrivingOn(carrierId: string, day: string, miles = 50): string {
  const sim = carrierId.replace(/^demo-/, '');
  for (const v of world.truth.vehicles(sim)) {
    const driven = analyzeTrack(truthLocalChunks(carrierId, v.vehicle_id, day, day)).totals.distanceMiles;
    if (driven >= miles) return v.vehicle_id;
  }
  throw new Error(`no truck of demo carrier ${sim} drove ${miles} mi on ${day}`);
}
