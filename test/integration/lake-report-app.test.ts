/**
 * `lake report` equals the app's Compare (issue 36: "the app and the lake agree"). Three simulator carriers
 * are synced with the real CLI, judged against the demo's roads (`routelens demo-roads`, so over-the-limit
 * events are in the figures); the app side is the compare workers' own path (shared/compare/
 * carrier-comparison.ts: comparedMetrics over the home-zone days it regroups, comparedTrips with analyzeTrack
 * and the same road limits), fed the simulator's readings for the UTC days the app would store. Every metric
 * the lake answers is equal, carrier for carrier, to 1e-9 relative; the second engine agrees with DuckDB on
 * that lake too. The lake holds exactly the report's range, so the lake's trip windows and the app's analysis
 * both end at the range's ends (docs/lake.md, "Report": the bound over a range inside a larger lake).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArgs } from '../../electron/node/cli/args.ts';
import { parseRoadLimitFlags, ROAD_LIMIT_FLAG_NAMES } from '../../electron/node/cli/road-limit-flags.ts';
import { runReportSql, SHARED_LAKE_DIR } from '../../electron/node/lake/report.ts';
import { startSimulator, type RunningSimulator } from '../../electron/node/simulator/index.ts';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import type { RoadLimits } from '../../shared/analysis/over-limit-events.ts';
import { parseLocationRecord } from '../../shared/api/validate.ts';
import { comparedMetrics, comparedTrips } from '../../shared/compare/carrier-comparison.ts';
import type { CarrierFacts, VehicleDay } from '../../shared/compare/facts.ts';
import type { OverLimitFacts } from '../../shared/compare/over-limit-facts.ts';
import { utcDaysForLocalRange } from '../../shared/compare/local-daily.ts';
import { resolveCompareParams, summaryParamsOf } from '../../shared/compare/params.ts';
import { lakeFactsOfRow } from '../../shared/lake/report.ts';
import { LAKE_METRICS, metricColumn, REPORT_SQL_FILES, reportSql } from '../../shared/lake/report-sql.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import { summarizeDay } from '../../shared/track/summary.ts';
import type { Breadcrumb } from '../../shared/track/types.ts';
import { addDays, daysBetween, dayOfMs } from '../../shared/util/day.ts';
import { spawnCli } from '../support/cli-run.ts';
import { openSecondEngine, reportDifferences } from '../support/lake-second-engine.ts';
import { parquetFiles, writeCarriersFile } from './lake-support.ts';

const TODAY = dayOfMs(Date.now());
// Home-zone days that ended before yesterday in every zone: the simulator's data of them no longer grows.
const RANGE = { from: addDays(TODAY, -4), to: addDays(TODAY, -2) };
const PARAMS = resolveCompareParams();

/** The app's facts for one simulator carrier, by the compare workers' path, from the readings the app would store. */
function appFacts(sim: RunningSimulator, c: RunningSimulator['carriers'][number], roads: RoadLimits): CarrierFacts {
  const sp = summaryParamsOf(PARAMS);
  const vehicles = sim.truth.vehicles(c.id);
  const stored = utcDaysForLocalRange(RANGE);
  const days: VehicleDay[] = vehicles.flatMap((v) =>
    daysBetween(stored.from, stored.to).map((day) => {
      const crumbs = sim.truth
        .history(c.id, v.vehicle_id, day, day)
        .map(parseLocationRecord)
        .flatMap((p): Breadcrumb[] => (p.ok ? [p.value] : []));
      const chunk = buildDayChunk(v.vehicle_id, day, crumbs, { vehicleNumber: v.number, vin: v.vin });
      return { vehicleId: v.vehicle_id, day, summary: summarizeDay(chunk, sp), chunk };
    }),
  );
  const utc = {
    carrierId: sim.truth.company(c.id).dot_number,
    label: c.name,
    roster: vehicles.map((v) => ({ vehicleId: v.vehicle_id, number: v.number })),
    days,
    driverSnapshots: [],
    stored: days.map((d) => ({ vehicleId: d.vehicleId, day: d.day, complete: true })),
  };
  const metrics = comparedMetrics(utc, c.homeZone, RANGE, PARAMS, TODAY);
  return { ...metrics, ...comparedTrips(utc, c.homeZone, RANGE, PARAMS, analyzeTrack, roads) };
}

describe('lake report equals the app’s Compare', () => {
  let sim: RunningSimulator;
  let dir: string;
  let lake: string;
  let roads: RoadLimits;

  beforeAll(async () => {
    sim = await startSimulator({});
    dir = mkdtempSync(path.join(tmpdir(), 'routelens-lake-app-'));
    lake = path.join(dir, 'lake');
    const roadsFile = path.join(dir, 'demo-roads.osm.pbf');
    const made = await spawnCli(['demo-roads', '--out', roadsFile]);
    expect(made.code, made.stderr).toBe(0);
    const carriers = writeCarriersFile(dir, sim, sim.baseUrl);
    const sync = await spawnCli(
      ['lake', 'sync', '--carriers', carriers.file, '--from', RANGE.from, '--to', RANGE.to, '--out', lake].concat([
        '--rate',
        '400',
        '--concurrency',
        '16',
        '--road-limits',
        roadsFile,
      ]),
      carriers.env,
    );
    expect(sync.code, sync.stderr).toBe(0);
    const args = parseArgs(['--road-limits', roadsFile], { values: [...ROAD_LIMIT_FLAG_NAMES], switches: [] });
    roads = (await parseRoadLimitFlags(args))!;
  }, 600_000);
  afterAll(async () => {
    await sim?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('metric by metric, carrier by carrier, over-the-limit events included', async () => {
    const rows = await runReportSql(lake, { ...RANGE, roadLimits: true });
    expect(rows).toHaveLength(sim.carriers.length);
    const differences: string[] = [];
    let overLimitEvents = 0;
    for (const c of sim.carriers) {
      const app = appFacts(sim, c, roads);
      const row = rows.find((r) => r['carrier'] === app.carrierId)!;
      expect(row, app.carrierId).toBeDefined();
      overLimitEvents += Number(row['over_limit_events']);
      // Every fact the lake counts, as the app counts it (the worst events are the page's list, not a fact here).
      const { label: _label, ...lakeFacts } = lakeFactsOfRow(row);
      const tally = (o: OverLimitFacts) => ({ byTier: o.byTier, seconds: o.seconds });
      for (const key of Object.keys(lakeFacts) as (keyof typeof lakeFacts)[]) {
        const [l, a] =
          key === 'overLimit' ? [tally(lakeFacts.overLimit), tally(app.overLimit)] : [lakeFacts[key], app[key]];
        if (!sameFact(l, a))
          differences.push(`${app.carrierId} fact ${key}: lake ${JSON.stringify(l)} vs app ${JSON.stringify(a)}`);
      }
      for (const def of LAKE_METRICS) {
        const a = def.value(app);
        const l = row[metricColumn(def.id)] as number | null;
        const same = a === null || l === null ? a === l : Math.abs(a - l) <= 1e-9 * Math.max(1, Math.abs(a));
        if (!same) differences.push(`${app.carrierId} ${def.id}: lake ${l} vs app ${a}`);
      }
    }
    expect(differences).toEqual([]);
    expect(overLimitEvents).toBeGreaterThan(0);
  });

  it('the second reader and engine agree with DuckDB on every table and on the report', async () => {
    const second = await openSecondEngine(lake);
    try {
      for (const table of ['breadcrumbs', 'trips', 'events', 'days', 'vehicles'] as const) {
        expect(parquetFiles(lake, table).length, table).toBeGreaterThan(0);
        const duck = await runCount(lake, table);
        expect(second.readRows[table], table).toBe(duck);
      }
      const template = readFileSync(path.join(SHARED_LAKE_DIR, REPORT_SQL_FILES.carriers), 'utf8');
      const bounds = { ...RANGE, roadLimits: true };
      const sqlite = second.query(reportSql(template, bounds, 'sqlite'));
      expect(reportDifferences(await runReportSql(lake, bounds), sqlite)).toEqual([]);
    } finally {
      second.close();
    }
  });
});

/** Equal, numbers to 1e-9 relative (the engines and the app add the same figures in different orders). */
function sameFact(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => sameFact((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return a === b;
}

async function runCount(lake: string, table: string): Promise<number> {
  const r = await spawnCli(['lake', 'sql', '--lake', lake, `SELECT count(*) AS n FROM ${table}`]);
  expect(r.code, r.stderr).toBe(0);
  return Number(r.stdout.trim().split('\n')[1]);
}
