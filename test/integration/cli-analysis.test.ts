/**
 * `routelens export --format trips|events` and the analysis flags, run as a
 * process against a loopback server of the real traces (../shared/realdata):
 * the files are byte for byte the review's writers over the same readings and
 * parameters, flags have the app's names, units, defaults and ranges, and the
 * JSON summary stays the last line.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import { csvLines } from '../../shared/export/csv.ts';
import { eventsCsv } from '../../shared/export/events-csv.ts';
import { tripsCsv } from '../../shared/export/trips-csv.ts';
import { addDays, dayOfMs } from '../../shared/util/day.ts';
import type { ExportContext } from '../../shared/export/context.ts';
import { loadTrace, shiftedMs, traceChunks, type RealTrace } from '../support/realdata.ts';
import { startRealdataServer, type RealdataServer } from '../support/realdata-server.ts';
import { spawnCli } from '../support/cli-run.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const GPX_XSD = path.resolve(ROOT, '../shared/schemas/gpx-1.1.xsd');
const YESTERDAY = addDays(dayOfMs(Date.now()), -1);
const dg100 = loadTrace('dg100-ontario', YESTERDAY);
const iblue = loadTrace('iblue747-leipzig', YESTERDAY);

const cli = spawnCli;

let server: RealdataServer;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startRealdataServer([dg100, iblue]);
  dir = mkdtempSync(path.join(tmpdir(), 'routelens-cli-analysis-'));
  env = {
    ROUTELENS_BASE_URL: server.baseUrl,
    ROUTELENS_PROVIDER_KEY: server.providerKey,
    ROUTELENS_COMPANY_KEY: server.companyKey,
  };
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What the CLI knows of the trace's vehicle and carrier (company-info), with local times in UTC (no --tz). */
const contextOf = (trace: RealTrace): ExportContext => ({
  carrierName: server.company.company_name,
  dotNumber: server.company.dot_number,
  vehicleId: trace.vehicleId,
  vehicleNumber: trace.vehicleNumber,
  vin: trace.vin,
  zone: 'UTC',
});

const summaryOf = (stdout: string) => JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;

describe('routelens export --format trips|events with analysis flags', () => {
  it('writes the review trips CSV of the dg100 trace for the flags given, byte for byte, the JSON summary last', async () => {
    const out = path.join(dir, 'dg100-trips.csv');
    const flags = ['--speed-limit', '55', '--min-stop-seconds', '600', '--min-trip-miles', '2'];
    const r = await cli(
      [
        'export',
        '--vehicle',
        'DG100-ON',
        '--from',
        dg100.from,
        '--to',
        dg100.to,
        '--format',
        'trips',
        '--out',
        out,
        ...flags,
      ],
      env,
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const params = { ...DEFAULT_ANALYSIS_PARAMS, speedingThresholdMph: 55, minStopSeconds: 600, minTripMiles: 2 };
    const analysis = analyzeTrack(traceChunks(dg100), params);
    expect(readFileSync(out, 'utf8')).toBe([...tripsCsv(analysis, contextOf(dg100))].join(''));
    // Other parameters, other trips: the flags reached the analysis.
    expect(analysis.trips.length).not.toBe(analyzeTrack(traceChunks(dg100)).trips.length);
    expect(summaryOf(r.stdout)).toMatchObject({
      format: 'trips',
      rows: analysis.trips.length,
      outliers: 1,
      records: dg100.records.length,
      rejected: 0,
    });
    expect(r.stdout.trim().split('\n')[0]).toContain('(1 outliers ignored by the analysis)');
  });

  it('writes the review events CSV with the defaults, and with a lower limit more speeding events', async () => {
    const byDefault = path.join(dir, 'iblue-events.csv');
    const r = await cli(
      [
        'export',
        '--vehicle',
        iblue.vin,
        '--from',
        iblue.from,
        '--to',
        iblue.to,
        '--format',
        'events',
        '--out',
        byDefault,
      ],
      env,
    );
    expect(r.code).toBe(0);
    const analysis = analyzeTrack(traceChunks(iblue));
    expect(readFileSync(byDefault, 'utf8')).toBe([...eventsCsv(analysis, contextOf(iblue))].join(''));
    const lower = path.join(dir, 'iblue-events-45.csv');
    const r45 = await cli(
      [
        'export',
        '--vehicle',
        iblue.vin,
        '--from',
        iblue.from,
        '--to',
        iblue.to,
        '--format',
        'events',
        '--out',
        lower,
        '--speed-limit=45',
        '--speeding-min-seconds',
        '30',
      ],
      env,
    );
    expect(r45.code).toBe(0);
    const a45 = analyzeTrack(traceChunks(iblue), { speedingThresholdMph: 45, speedingMinSeconds: 30 });
    expect(readFileSync(lower, 'utf8')).toBe([...eventsCsv(a45, contextOf(iblue))].join(''));
    expect(a45.events.filter((e) => e.kind === 'speeding').length).toBeGreaterThan(
      analysis.events.filter((e) => e.kind === 'speeding').length,
    );
    expect(summaryOf(r45.stdout)).toMatchObject({ format: 'events', rows: a45.events.length });
  });

  it('the breadcrumb CSV and GPX carry every reading, the 17:40:48 jump flagged; the GPX is valid GPX 1.1', async () => {
    const csv = path.join(dir, 'dg100.csv');
    const gpx = path.join(dir, 'dg100.gpx');
    const common = ['export', '--vehicle', 'DG100-ON', '--from', dg100.from, '--to', dg100.to];
    expect((await cli([...common, '--format', 'csv', '--out', csv], env)).code).toBe(0);
    expect(readFileSync(csv, 'utf8')).toBe([...csvLines(traceChunks(dg100))].join(''));
    const flaggedLines = readFileSync(csv, 'utf8')
      .split('\r\n')
      .filter((l) => l.endsWith(',true'));
    expect(flaggedLines).toHaveLength(1);
    expect(Date.parse(flaggedLines[0]!.split(',')[1]!)).toBe(shiftedMs(dg100, '2020-02-15T17:40:48Z'));
    const r = await cli([...common, '--format', 'gpx', '--out', gpx], env);
    expect(r.code).toBe(0);
    const xml = readFileSync(gpx, 'utf8');
    expect((xml.match(/<trkpt /g) ?? []).length).toBe(dg100.records.length);
    expect((xml.match(/<rl:outlier>true<\/rl:outlier>/g) ?? []).length).toBe(1);
    expect(xml).toContain(`Carrier: ${server.company.company_name}. USDOT: ${server.company.dot_number}.`);
    const lint = spawnSync('xmllint', ['--noout', '--schema', GPX_XSD, gpx], { encoding: 'utf8' });
    expect(lint.status, lint.stderr).toBe(0);
  });

  it.each([
    ['a speed limit out of range', ['--speed-limit', '150'], /--speed-limit must be from 10 to 120 mph, not 150\./],
    [
      'a plausible maximum out of range',
      ['--max-plausible-mph', '60'],
      /--max-plausible-mph must be from 80 to 250 mph/,
    ],
    [
      'a speed limit at the plausible maximum',
      ['--speed-limit', '100', '--max-plausible-mph', '100'],
      /--speed-limit \(100\) must be below --max-plausible-mph \(100\)/,
    ],
    ['a negative stop', ['--min-stop-seconds', '-5'], /--min-stop-seconds must be a finite number >= 0/],
    ['text for a number', ['--gap-seconds', 'twenty'], /--gap-seconds must be a number, not "twenty"\./],
    ['an empty value', ['--trip-gap-seconds='], /--trip-gap-seconds must be a number/],
    ['a zero data gap', ['--gap-seconds', '0'], /--gap-seconds must be greater than 0/],
    ['an unknown format', ['--format', 'kml'], /--format must be one of csv, gpx, trips, events, not "kml"\./],
    ['a flag the app does not have', ['--parked-gap-seconds', '7200'], /Unknown option --parked-gap-seconds/],
  ])('refuses %s in one sentence, exit 2, before any request and without a file', async (_name, extra, message) => {
    const out = path.join(dir, 'refused.csv');
    const args = [
      'export',
      '--vehicle',
      'DG100-ON',
      '--from',
      dg100.from,
      '--to',
      dg100.to,
      '--format',
      'trips',
      '--out',
      out,
    ];
    const i = extra.indexOf('--format');
    if (i >= 0) args.splice(args.indexOf('--format'), 2);
    const before = server.requests();
    const r = await cli([...args, ...extra], env);
    expect(r.code).toBe(2);
    expect(server.requests()).toBe(before);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(readdirSync(dir).filter((f) => f.startsWith('refused'))).toEqual([]);
  });

  it('help lists every analysis flag with its default', async () => {
    const r = await cli(['help'], {});
    for (const flag of [
      '--speed-limit MPH',
      '--min-stop-seconds',
      '--long-stop-seconds',
      '--trip-gap-seconds',
      '--gap-seconds',
      '--max-plausible-mph',
      '--speeding-min-seconds',
      '--min-trip-miles',
    ])
      expect(r.stdout).toContain(flag);
    expect(r.stdout).toMatch(/--speed-limit MPH\s+default 70 \(10-120\)/);
    expect(r.stdout).toContain('--format csv|gpx|trips|events');
  });
});
