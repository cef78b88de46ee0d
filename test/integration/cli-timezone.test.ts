/**
 * `routelens export --tz ZONE`: --from/--to are days of the zone, read from
 * the UTC days they overlap, through the CLI's entry function against the
 * simulator over loopback (clock pinned, so Chicago's 25-hour 2026-11-01 is
 * inside the API's window). Without --tz the files are as before: UTC days.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/node/cli/main.ts';
import { startSimulator, type RunningSimulator } from '../../electron/node/simulator/index.ts';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { parseLocationRecord } from '../../shared/api/validate.ts';
import { parseBreadcrumbCsv, parseCsv } from '../../shared/export/csv.ts';
import { TRIPS_CSV_COLUMNS, tripsCsv } from '../../shared/export/trips-csv.ts';
import { localRangeInterval, utcDaysOverlapping, type Interval } from '../../shared/time/local-day.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import { localDayChunks } from '../../shared/track/local-days.ts';
import type { Breadcrumb } from '../../shared/track/types.ts';
import { simulatorEnv } from '../support/cli-run.ts';

const NOW = Date.parse('2026-11-20T12:00:00Z');

describe('routelens export --tz', () => {
  let sim: RunningSimulator;
  let dir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    sim = await startSimulator({ now: () => NOW });
    dir = mkdtempSync(path.join(tmpdir(), 'routelens-cli-tz-'));
    env = simulatorEnv(sim);
  });
  afterAll(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const vehicle = () => sim.truth.vehicles(sim.carriers[0]!.id).find((v) => v.active)!;

  async function run(format: string, from: string, to: string, extra: string[] = []) {
    const out = path.join(dir, `${format}-${from}-${extra.join('_').replace(/\//g, '-')}`);
    const lines: string[] = [];
    await runCli(
      ['export', '--vehicle', vehicle().number, '--from', from, '--to', to, '--format', format, '--out', out, ...extra],
      env,
      (l) => lines.push(l),
      () => NOW,
    );
    return { text: readFileSync(out, 'utf8'), summary: JSON.parse(lines.at(-1)!) as { records: number; days: number } };
  }

  function truthIn(interval: Interval) {
    const days = utcDaysOverlapping(interval);
    const points: Breadcrumb[] = [];
    for (const r of sim.truth.history(sim.carriers[0]!.id, vehicle().vehicle_id, days[0]!, days.at(-1)!)) {
      const p = parseLocationRecord(r);
      if (p.ok) points.push(p.value);
    }
    return localDayChunks(
      days.map((d) => buildDayChunk(vehicle().vehicle_id, d, points)),
      'America/Chicago',
      interval,
    );
  }

  it('Chicago 2026-11-01 (25 h, clocks fall back): every reading from 05:00Z to 06:00Z the next day, from two UTC days', async () => {
    const { text, summary } = await run('csv', '2026-11-01', '2026-11-01', ['--tz', 'America/Chicago']);
    const interval = localRangeInterval('2026-11-01', '2026-11-01', 'America/Chicago');
    expect(interval).toEqual({
      startMs: Date.parse('2026-11-01T05:00:00Z'),
      endMs: Date.parse('2026-11-02T06:00:00Z'),
    });
    const rows = parseBreadcrumbCsv(text);
    const truth = truthIn(interval).flatMap((c) => c.id);
    expect(rows.map((r) => r.id)).toEqual(truth);
    expect(rows.length).toBeGreaterThan(0);
    expect(summary).toMatchObject({ records: truth.length, days: 2 });
    // Local times carry the offset of their instant: CDT before 07:00Z, CST after.
    const cells = parseCsv(text).slice(1);
    for (const r of cells)
      expect(r[2]!.endsWith(Date.parse(r[1]!) < Date.parse('2026-11-01T07:00:00Z') ? '-05:00' : '-06:00')).toBe(true);
    expect(cells.every((r) => r[2]!.startsWith('2026-11-01T'))).toBe(true);
  });

  it('a zone east of UTC (Asia/Kolkata): the day starts at 18:30Z the day before', async () => {
    const { text, summary } = await run('csv', '2026-11-10', '2026-11-10', ['--tz', 'Asia/Kolkata']);
    const rows = parseBreadcrumbCsv(text);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows)
      expect(r.t >= Date.parse('2026-11-09T18:30:00Z') && r.t < Date.parse('2026-11-10T18:30:00Z')).toBe(true);
    expect(summary.days).toBe(2);
  });

  it('trips of Chicago days: the shared writer over the regrouped readings, ids dated in Chicago', async () => {
    const { text } = await run('trips', '2026-11-02', '2026-11-04', ['--tz', 'America/Chicago']);
    const chunks = truthIn(localRangeInterval('2026-11-02', '2026-11-04', 'America/Chicago'));
    const company = sim.truth.company(sim.carriers[0]!.id);
    const context = {
      carrierName: company.company_name,
      dotNumber: company.dot_number,
      vehicleId: vehicle().vehicle_id,
      vehicleNumber: vehicle().number,
      vin: vehicle().vin,
      zone: 'America/Chicago',
    };
    expect(text).toBe([...tripsCsv(analyzeTrack(chunks), context)].join(''));
    const rows = parseCsv(text).slice(1);
    expect(rows.length).toBeGreaterThan(2);
    for (const r of rows)
      expect(r[0]!.slice(vehicle().number.length + 1, vehicle().number.length + 11)).toBe(
        r[TRIPS_CSV_COLUMNS.indexOf('start_local_time')]!.slice(0, 10),
      );
  });

  it('GPX of Chicago days: one track per local day, the metadata naming the zone', async () => {
    const { text } = await run('gpx', '2026-11-02', '2026-11-03', ['--tz', 'America/Chicago']);
    expect(
      [...text.matchAll(/<trk>\n<name>([^<]+)<\/name>\n<desc>([^<]+)</g)].map((m) => [
        m[1],
        m[2]!.replace(/^\d+/, 'N'),
      ]),
    ).toEqual([
      [`${vehicle().number} 2026-11-02`, 'N points on 2026-11-02 (America/Chicago)'],
      [`${vehicle().number} 2026-11-03`, 'N points on 2026-11-03 (America/Chicago)'],
    ]);
    expect(text).toContain(
      'Range: asked 2026-11-02 – 2026-11-03, data 2026-11-02 – 2026-11-03 (America/Chicago days).',
    );
  });

  it('without --tz: UTC days and the UTC-only breadcrumb columns, as before', async () => {
    const { text, summary } = await run('csv', '2026-11-01', '2026-11-01');
    expect(text.startsWith('id,timestamp,lat,lng,')).toBe(true);
    for (const r of parseBreadcrumbCsv(text)) expect(new Date(r.t).toISOString().slice(0, 10)).toBe('2026-11-01');
    expect(summary.days).toBe(1);
    const trips = parseCsv((await run('trips', '2026-11-02', '2026-11-02')).text).slice(1);
    for (const r of trips) expect(r[TRIPS_CSV_COLUMNS.indexOf('start_local_time')]!.endsWith('+00:00')).toBe(true);
  });

  it('refuses an unknown zone and days outside the window in the zone, before any request', async () => {
    const before = sim.stats().requests;
    await expect(run('csv', '2026-11-01', '2026-11-01', ['--tz', 'Mars/Olympus'])).rejects.toThrow(
      /--tz "Mars\/Olympus" is not a time zone this system knows/,
    );
    // 2026-11-21 in Auckland has begun at NOW (12:00Z is 01:00 NZDT), 2026-11-22 has not.
    await expect(run('csv', '2026-11-22', '2026-11-22', ['--tz', 'Pacific/Auckland'])).rejects.toThrow(
      /outside the API's 6-month history window \(2026-05-20 to 2026-11-21 in Pacific\/Auckland\)/,
    );
    expect(sim.stats().requests).toBe(before);
  });
});
