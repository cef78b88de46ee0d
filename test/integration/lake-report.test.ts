/**
 * `routelens lake report` as a process over a lake built by construction (lake-report-fixture.ts): every
 * figure equals the value derived by hand from the rows written, NULL ("—", an empty value) where its
 * denominator is 0, both range ends included and the rows just outside left out, carriers ranked by each
 * metric's direction; bad flags and lakes are refused in one sentence with exit 2.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../shared/export/csv.ts';
import { LAKE_METRICS, METRICS_NOT_IN_LAKE } from '../../shared/lake/report-sql.ts';
import { spawnCli } from '../support/cli-run.ts';
import { RANGE, writeFixtureLake, writeManifestFile } from './lake-report-fixture.ts';

/** Hand-derived from the fixture's rows in RANGE (see its comment); null where a denominator is 0. */
const EXPECTED: Record<string, Record<string, number | null>> = {
  '111': {
    'coverage-vehicles': 2 / 3,
    'coverage-days': 3 / 3,
    'coverage-vehicle-days': 4 / 9,
    miles: 150,
    'driving-hours': 10800 / 3600,
    'active-vehicles': 1,
    'miles-per-vehicle-day': 150 / 2,
    'speeding-per-1000mi': (3 / 150) * 1000,
    'speeding-time-share': 180 / 10800,
    'over-limit-per-1000mi': (3 / 150) * 1000,
    'over-limit-severe-per-1000mi': (1 / 150) * 1000,
    'over-limit-heavy-per-1000mi': 0,
    'over-limit-moderate-per-1000mi': 0,
    'over-limit-light-per-1000mi': (2 / 150) * 1000,
    'over-limit-time-share': 60 / 10800,
    'stationary-share': 12600 / 25800,
    'offline-share': 2400 / 25800,
    'gaps-per-vehicle-day': 3 / 3,
    'avg-trip-miles': 150 / 3,
  },
  '222': {
    'coverage-vehicles': 1 / 2,
    'coverage-days': 2 / 3,
    'coverage-vehicle-days': 2 / 6,
    miles: 0,
    'driving-hours': 0,
    'active-vehicles': 0,
    'miles-per-vehicle-day': null,
    'speeding-per-1000mi': null,
    'speeding-time-share': null,
    'over-limit-per-1000mi': null,
    'over-limit-severe-per-1000mi': null,
    'over-limit-heavy-per-1000mi': null,
    'over-limit-moderate-per-1000mi': null,
    'over-limit-light-per-1000mi': null,
    'over-limit-time-share': null,
    'stationary-share': 600 / 600,
    'offline-share': 0,
    'gaps-per-vehicle-day': 0,
    'avg-trip-miles': null,
  },
  '333': {
    'coverage-vehicles': 0,
    'coverage-days': 0,
    'coverage-vehicle-days': 0,
    miles: null,
    'driving-hours': null,
    'active-vehicles': null,
    'miles-per-vehicle-day': null,
    'speeding-per-1000mi': null,
    'speeding-time-share': null,
    'over-limit-per-1000mi': null,
    'over-limit-severe-per-1000mi': null,
    'over-limit-heavy-per-1000mi': null,
    'over-limit-moderate-per-1000mi': null,
    'over-limit-light-per-1000mi': null,
    'over-limit-time-share': null,
    'stationary-share': null,
    'offline-share': null,
    'gaps-per-vehicle-day': null,
    'avg-trip-miles': null,
  },
  '444': {
    'coverage-vehicles': null,
    'coverage-days': 1 / 3,
    'coverage-vehicle-days': null,
    miles: 300,
    'driving-hours': 2,
    'active-vehicles': 1,
    'miles-per-vehicle-day': 300,
    'speeding-per-1000mi': 0,
    'speeding-time-share': 0,
    'over-limit-per-1000mi': 0,
    'over-limit-severe-per-1000mi': 0,
    'over-limit-heavy-per-1000mi': 0,
    'over-limit-moderate-per-1000mi': 0,
    'over-limit-light-per-1000mi': 0,
    'over-limit-time-share': 0,
    'stationary-share': 0,
    'offline-share': 0,
    'gaps-per-vehicle-day': 0,
    'avg-trip-miles': 300,
  },
};

interface MetricLine {
  metric: string;
  carrier: string;
  value: number | null;
  shown: string;
  rank: number | null;
  mark: string;
}

/** The `metric` rows of the report's CSV, by metric and carrier. */
export function metricLines(csv: string): MetricLine[] {
  const [header, ...rows] = parseCsv(csv);
  const at = (name: string) => header!.indexOf(name);
  return rows
    .filter((r) => r[at('section')] === 'metric')
    .map((r) => ({
      metric: r[at('metric_id')]!,
      carrier: r[at('carrier')]!,
      value: r[at('value')] === '' ? null : Number(r[at('value')]),
      shown: r[at('shown')]!,
      rank: r[at('rank')] === '' ? null : Number(r[at('rank')]),
      mark: r[at('mark')]!,
    }));
}

function closeTo(actual: number | null, expected: number | null): boolean {
  if (actual === null || expected === null) return actual === expected;
  return Math.abs(actual - expected) <= 1e-12 * Math.max(1, Math.abs(expected));
}

describe('routelens lake report over a lake built by construction', () => {
  let dir: string;
  let lake: string;
  let noLimits: string;
  const report = (lakeDir: string, ...extra: string[]) =>
    spawnCli(['lake', 'report', '--lake', lakeDir, '--from', RANGE.from, '--to', RANGE.to, ...extra]);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'routelens-lake-report-'));
    lake = path.join(dir, 'lake');
    await writeFixtureLake(lake, true);
    noLimits = path.join(dir, 'no-limits');
    cpSync(lake, noLimits, { recursive: true });
    writeManifestFile(noLimits, false);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives every hand-derived figure, NULL where the denominator is 0, rows outside the range left out', async () => {
    const r = await report(lake);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = metricLines(r.stdout);
    expect(new Set(lines.map((l) => l.metric))).toEqual(new Set(LAKE_METRICS.map((m) => m.id)));
    const wrong = lines.filter((l) => !closeTo(l.value, EXPECTED[l.carrier]![l.metric]!));
    expect(wrong).toEqual([]);
    expect(lines).toHaveLength(LAKE_METRICS.length * Object.keys(EXPECTED).length);
    expect(lines.filter((l) => l.value === null).every((l) => l.shown === '—')).toBe(true);
  });

  it('says which carrier holds vehicle-days in part, and how many, in the range only', async () => {
    const rows = parseCsv((await report(lake)).stdout).filter((r) => r[0] === 'partial-days');
    expect(rows.map((r) => [r[5], r[6]])).toEqual([['111', '1']]);
    const before = parseCsv(
      (await spawnCli(['lake', 'report', '--lake', lake, '--from', '2026-11-01', '--to', '2026-11-02'])).stdout,
    );
    expect(before.filter((r) => r[0] === 'partial-days')).toEqual([]);
  });

  it('ranks carriers by each metric direction, ties sharing a rank, neutral metrics unranked', async () => {
    const lines = metricLines((await report(lake)).stdout);
    const of = (metric: string) =>
      Object.fromEntries(lines.filter((l) => l.metric === metric).map((l) => [l.carrier, `${l.rank}:${l.mark}`]));
    // Higher is better: 1, 2/3, 1/3, 0.
    expect(of('coverage-days')).toEqual({ '111': '1:best', '222': '2:', '444': '3:', '333': '4:worst' });
    // Lower is better: 444 at 0, 111 at 20; the others have no value.
    expect(of('speeding-per-1000mi')).toEqual({ '444': '1:best', '111': '2:worst', '222': 'null:', '333': 'null:' });
    // Heavy: 111 and 444 both 0, a tie: no best or worst.
    expect(of('over-limit-heavy-per-1000mi')).toEqual({ '111': '1:', '444': '1:', '222': 'null:', '333': 'null:' });
    expect(of('miles')).toEqual({ '111': 'null:', '222': 'null:', '333': 'null:', '444': 'null:' });
  });

  it('leaves every over-the-limit metric without a value when the lake judged no road limits', async () => {
    const lines = metricLines((await report(noLimits)).stdout);
    const overLimit = lines.filter((l) => l.metric.startsWith('over-limit'));
    expect(overLimit.length).toBeGreaterThan(0);
    expect(overLimit.every((l) => l.value === null)).toBe(true);
    const speeding = lines.find((l) => l.metric === 'speeding-per-1000mi' && l.carrier === '111')!;
    expect(speeding.value).toBeCloseTo(20, 12);
  });

  it('includes both ends of the range: a one-day range at each end counts that day only', async () => {
    const first = metricLines(
      (await spawnCli(['lake', 'report', '--lake', lake, '--from', '2026-10-31', '--to', '2026-10-31'])).stdout,
    );
    expect(first.find((l) => l.metric === 'miles' && l.carrier === '111')!.value).toBe(1000);
    expect(first.find((l) => l.metric === 'avg-trip-miles' && l.carrier === '333')!.value).toBe(300);
    const last = metricLines(
      (await spawnCli(['lake', 'report', '--lake', lake, '--from', '2026-11-04', '--to', '2026-11-04'])).stdout,
    );
    expect(last.find((l) => l.metric === 'miles' && l.carrier === '111')!.value).toBe(2000);
    expect(last.find((l) => l.metric === 'over-limit-severe-per-1000mi' && l.carrier === '111')!.value).toBeCloseTo(
      0.5,
      12,
    );
  });

  it('lists the drivers and HOS metrics as not in the lake, never as 0', async () => {
    const rows = parseCsv((await report(lake)).stdout);
    const notIn = rows.filter((r) => r[0] === 'not-in-lake').map((r) => r[1]);
    expect(notIn).toEqual(METRICS_NOT_IN_LAKE.map((m) => m.def.id));
    expect(notIn.some((id) => id!.startsWith('drivers'))).toBe(true);
    expect(notIn.some((id) => id!.startsWith('hos'))).toBe(true);
    // Each carrier's name from the manifest, beside its partition value.
    expect(rows.filter((r) => r[0] === 'carrier').map((r) => [r[5], r[11]])).toEqual(
      Object.keys(EXPECTED).map((c) => [c, `Carrier ${c}`]),
    );
    expect(metricLines((await report(lake)).stdout).some((l) => notIn.includes(l.metric))).toBe(false);
  });

  it('reads a lake without a trip or an event (their tables have no file) as no trips and no events', async () => {
    const bare = path.join(dir, 'bare');
    cpSync(lake, bare, { recursive: true });
    for (const t of ['trips', 'events']) rmSync(path.join(bare, t), { recursive: true });
    const r = await report(bare);
    expect(r.code).toBe(0);
    const lines = metricLines(r.stdout);
    const of = (metric: string, carrier: string) =>
      lines.find((l) => l.metric === metric && l.carrier === carrier)!.value;
    expect(of('avg-trip-miles', '111')).toBeNull();
    expect(of('over-limit-per-1000mi', '111')).toBe(0);
    expect(of('miles', '111')).toBe(150);
  });

  it('writes the same CSV to --out as to stdout', async () => {
    const file = path.join(dir, 'report.csv');
    const r = await report(lake, '--out', file);
    expect(r.code).toBe(0);
    expect(metricLines(readFileSync(file, 'utf8'))).toEqual(metricLines((await report(lake)).stdout));
  });

  it.skipIf(!existsSync('/usr/bin/chromium') || !existsSync('/usr/bin/pdftotext'))(
    'prints a PDF with every carrier, the range, the metric labels and their definitions',
    async () => {
      const file = path.join(dir, 'report.pdf');
      const r = await report(lake, '--out', file);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      for (const carrier of Object.keys(EXPECTED)) expect(text).toContain(carrier);
      expect(text).toContain(`${RANGE.from} to ${RANGE.to}`);
      for (const def of LAKE_METRICS) expect(text).toContain(def.label.split(',')[0]!);
      expect(text).toContain('Definitions');
      expect(text).toContain(LAKE_METRICS[0]!.definition.slice(0, 40));
      const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
      expect(pages).toBeGreaterThanOrEqual(1);
      expect(pages).toBeLessThanOrEqual(8);
    },
  );

  it('refuses a range outside the lake, an empty lake, a missing table and a bad --out, in one sentence (exit 2)', async () => {
    const outside = await spawnCli(['lake', 'report', '--lake', lake, '--from', '2026-10-30', '--to', '2026-11-02']);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toMatch(/covers 2026-10-31 to 2026-11-04/);
    const empty = path.join(dir, 'empty');
    mkdirSync(empty);
    const none = await report(empty);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no lake/);
    writeManifestFile(empty, false, null);
    expect((await report(empty)).stderr).toMatch(/empty/);
    const noDays = path.join(dir, 'no-days');
    cpSync(lake, noDays, { recursive: true });
    rmSync(path.join(noDays, 'days'), { recursive: true });
    const missing = await report(noDays);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no "days" table/);
    const badOut = await report(lake, '--out', path.join(dir, 'report.xlsx'));
    expect(badOut.code).toBe(2);
    expect(badOut.stderr).toMatch(/\.csv or a \.pdf/);
    for (const r of [outside, none, missing, badOut]) expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
