/**
 * `routelens audit` and `routelens verify` as processes against the API
 * simulator over loopback, with Debian's Chromium printing the report:
 * the bundle's files are checked by independent readers (unzip -t, xmllint
 * against the GPX 1.1 XSD, the CSV parser, pdfinfo, pdftotext) and against
 * the simulator's ground truth; the manifest matches what is in the zip;
 * verify accepts the bundle and names the file when one byte of any file
 * changes or a file is removed. The report's pages are rendered to PNG in
 * test-results/audit-report/.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip, writeZip } from '../../electron/node/audit/zip.ts';
import { startSimulator, type RunningSimulator } from '../../electron/node/simulator/index.ts';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { parseLocationRecord } from '../../shared/api/validate.ts';
import { AUDIT_DATA_FILES, MANIFEST_FILE, parseManifest } from '../../shared/audit/manifest.ts';
import { parseBreadcrumbCsv, parseCsv } from '../../shared/export/csv.ts';
import { eventsCsv } from '../../shared/export/events-csv.ts';
import { tripsCsv } from '../../shared/export/trips-csv.ts';
import { addLocalDays, lastLocalDay, localRangeInterval, utcDaysOverlapping } from '../../shared/time/local-day.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import { localDayChunks } from '../../shared/track/local-days.ts';
import type { Breadcrumb } from '../../shared/track/types.ts';
import { spawnCli } from '../support/cli-run.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const GPX_XSD = path.resolve(ROOT, '../shared/schemas/gpx-1.1.xsd');
const ARTIFACTS = path.join(ROOT, 'test-results', 'audit-report');
const ZONE = 'America/Chicago';

const cli = spawnCli;

describe('routelens audit and verify', () => {
  let sim: RunningSimulator;
  let dir: string;
  let env: Record<string, string>;
  let bundle: Buffer;
  let bundlePath: string;
  const carrier = () => sim.carriers[0]!;
  const vehicle = () => sim.truth.vehicles(carrier().id).find((v) => v.active)!;
  // Three whole Chicago days ending yesterday (there), whatever the clock says.
  const to = addLocalDays(lastLocalDay(Date.now(), ZONE), -1);
  const from = addLocalDays(to, -2);
  const interval = localRangeInterval(from, to, ZONE);
  let auditRun: { code: number | null; stdout: string; stderr: string };

  beforeAll(async () => {
    sim = await startSimulator();
    dir = mkdtempSync(path.join(tmpdir(), 'routelens-audit-'));
    env = {
      ROUTELENS_BASE_URL: sim.baseUrl,
      ROUTELENS_PROVIDER_KEY: sim.providerKey,
      ROUTELENS_COMPANY_KEY: carrier().companyKey,
    };
    bundlePath = path.join(dir, 'audit.zip');
    auditRun = await cli(
      ['audit', '--vehicle', vehicle().number, '--from', from, '--to', to, '--tz', ZONE, '--out', bundlePath],
      env,
    );
    bundle = readFileSync(bundlePath);
  }, 120_000);
  afterAll(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const entry = (name: string) => readZip(bundle).find((e) => e.name === name)!.data!;
  const text = (name: string) => entry(name).toString('utf8');
  const extracted = (name: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, entry(name));
    return file;
  };

  /** The simulator's readings of the local days asked, parsed and regrouped as the app and CLI do. */
  function truth() {
    const utcDays = utcDaysOverlapping(interval);
    const points: Breadcrumb[] = [];
    for (const r of sim.truth.history(carrier().id, vehicle().vehicle_id, utcDays[0]!, utcDays.at(-1)!)) {
      const p = parseLocationRecord(r);
      if (p.ok) points.push(p.value);
    }
    const chunks = localDayChunks(
      utcDays.map((d) => buildDayChunk(vehicle().vehicle_id, d, points)),
      ZONE,
      interval,
    );
    return { chunks, ids: chunks.flatMap((c) => c.id) };
  }

  it('writes a zip of the six files that unzip accepts, with one summary line', () => {
    expect(auditRun.stderr).toBe('');
    expect(auditRun.code).toBe(0);
    const summary = JSON.parse(auditRun.stdout.trim().split('\n').at(-1)!) as { files: number; records: number };
    expect(summary.files).toBe(6);
    const t = spawnSync('unzip', ['-t', bundlePath], { encoding: 'utf8' });
    expect(t.status, t.stdout + t.stderr).toBe(0);
    expect(t.stdout).toContain('No errors detected');
    const names = spawnSync('unzip', ['-Z1', bundlePath], { encoding: 'utf8' }).stdout.trim().split('\n');
    expect(names).toEqual([...AUDIT_DATA_FILES, MANIFEST_FILE]);
    expect(summary.records).toBe(truth().ids.length);
  });

  it('holds every reading of the local days asked, and no other: the breadcrumbs equal the ground truth', () => {
    const rows = parseBreadcrumbCsv(text('breadcrumbs.csv'));
    expect(rows.map((r) => r.id)).toEqual(truth().ids);
    expect(rows.length).toBeGreaterThan(100);
    for (const r of rows) expect(r.t >= interval.startMs && r.t < interval.endMs).toBe(true);
    expect(parseCsv(text('breadcrumbs.csv'))[0]!.slice(0, 3)).toEqual(['id', 'timestamp', 'local_time']);
  });

  it('trips and events are the shared writers over the same readings, byte for byte', () => {
    const { chunks } = truth();
    const analysis = analyzeTrack(chunks);
    const company = sim.truth.company(carrier().id);
    const context = {
      carrierName: company.company_name,
      dotNumber: company.dot_number,
      vehicleId: vehicle().vehicle_id,
      vehicleNumber: vehicle().number,
      vin: vehicle().vin,
      zone: ZONE,
    };
    expect(text('trips.csv')).toBe([...tripsCsv(analysis, context)].join(''));
    expect(text('events.csv')).toBe([...eventsCsv(analysis, context)].join(''));
    expect(analysis.trips.length).toBeGreaterThan(0);
  });

  it('track.gpx is valid GPX 1.1 (xmllint, official XSD) with every reading and both ranges named', () => {
    const lint = spawnSync('xmllint', ['--noout', '--schema', GPX_XSD, extracted('track.gpx')], { encoding: 'utf8' });
    expect(lint.status, lint.stderr).toBe(0);
    const gpx = text('track.gpx');
    expect((gpx.match(/<trkpt /g) ?? []).length).toBe(truth().ids.length);
    expect(gpx).toContain(`Range: asked ${from} – ${to}, data `);
    expect(gpx).toContain(`(${ZONE} days)`);
  });

  it('the manifest matches the zip: sizes, SHA-256, counts, source, carrier, vehicle, ranges, days; no key anywhere', () => {
    const m = parseManifest(text(MANIFEST_FILE));
    for (const f of m.files) {
      expect(f.bytes, f.name).toBe(entry(f.name).byteLength);
      expect(f.sha256, f.name).toBe(createHash('sha256').update(entry(f.name)).digest('hex'));
    }
    expect(m.api.baseUrl).toBe(sim.baseUrl);
    const company = sim.truth.company(carrier().id);
    expect(m.carrier).toEqual({ name: company.company_name, dotNumber: company.dot_number });
    expect(m.vehicle).toEqual({ id: vehicle().vehicle_id, number: vehicle().number, vin: vehicle().vin });
    expect(m.zone).toBe(ZONE);
    expect(m.range.asked).toEqual({ from, to });
    expect([Date.parse(m.range.startUtc), Date.parse(m.range.endUtc)]).toEqual([interval.startMs, interval.endMs]);
    expect(m.days.map((d) => d.day)).toEqual(utcDaysOverlapping(interval));
    for (const d of m.days) expect(Date.parse(d.downloadedAt!)).toBeGreaterThan(Date.now() - 10 * 60_000);
    expect(m.counts).toMatchObject({
      records: truth().ids.length,
      trips: parseCsv(text('trips.csv')).length - 1,
      events: parseCsv(text('events.csv')).length - 1,
      daysAsked: 3,
      rejected: 0,
    });
    expect(m.analysis.speedingThresholdMph).toBe(70);
    expect(m.app.name).toBe('RouteLens');
    const everything = bundle.toString('latin1') + AUDIT_DATA_FILES.map((n) => entry(n).toString('latin1')).join('');
    for (const key of [sim.providerKey, ...sim.carriers.map((c) => c.companyKey)])
      expect(everything).not.toContain(key);
  });

  it('report.pdf: pdftotext finds carrier, USDOT, vehicle, VIN and range; pdfinfo counts the pages; pages rendered to PNG', () => {
    const pdf = extracted('report.pdf');
    const info = spawnSync('pdfinfo', [pdf], { encoding: 'utf8' });
    expect(info.status, info.stderr).toBe(0);
    const pages = Number(/Pages:\s+(\d+)/.exec(info.stdout)![1]);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(info.stdout).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
    const words = spawnSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
    const company = sim.truth.company(carrier().id);
    for (const fact of [
      company.company_name,
      `USDOT ${company.dot_number}`,
      vehicle().vin,
      vehicle().number,
      `${from} – ${to}`,
      ZONE,
      `Page 1 of ${pages}`,
      `Page ${pages} of ${pages}`,
    ])
      expect(words, fact).toContain(fact);
    mkdirSync(ARTIFACTS, { recursive: true });
    const render = spawnSync('pdftoppm', ['-r', '80', '-png', pdf, path.join(ARTIFACTS, 'audit-report-p')], {
      encoding: 'utf8',
    });
    expect(render.status, render.stderr).toBe(0);
  });

  it('verify prints "verified" and exits 0 for the bundle as written', async () => {
    const r = await cli(['verify', bundlePath], {});
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('verified');
  });

  it.each([...AUDIT_DATA_FILES, MANIFEST_FILE])(
    'verify names %s when one byte of it changes, and exits 1',
    async (name) => {
      const altered = readZip(bundle).map((e) => {
        if (e.name !== name) return { name: e.name, data: e.data! };
        const data = Buffer.from(e.data!);
        const at = Math.floor(data.length / 3);
        data[at] = data[at] === 0x30 ? 0x31 : 0x30;
        return { name: e.name, data };
      });
      const file = path.join(dir, `altered-${name}.zip`);
      writeFileSync(file, writeZip(altered, Date.now()));
      const r = await cli(['verify', file], {});
      expect(r.code).toBe(1);
      expect(r.stdout).not.toContain('verified');
      expect(r.stdout).toContain(`${name} was altered`);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(`${name} was altered`);
    },
  );

  it('verify names a removed file and exits 1', async () => {
    const file = path.join(dir, 'removed.zip');
    writeFileSync(
      file,
      writeZip(
        readZip(bundle)
          .filter((e) => e.name !== 'events.csv')
          .map((e) => ({ name: e.name, data: e.data! })),
        Date.now(),
      ),
    );
    const r = await cli(['verify', file], {});
    expect(r.code).toBe(1);
    expect(r.stdout.trim()).toBe('events.csv is missing from the bundle.');
  });

  it('refuses before any request: no Chromium, an out file that is not a .zip, a zone that does not exist', async () => {
    const before = sim.stats().requests;
    const noChromium = await cli(
      ['audit', '--vehicle', vehicle().number, '--from', from, '--to', to, '--out', path.join(dir, 'x.zip')],
      { ...env, ROUTELENS_CHROMIUM: '/nonexistent/chromium' },
    );
    expect(noChromium.code).toBe(1);
    expect(noChromium.stderr.trim().split('\n')).toEqual([
      'routelens: ROUTELENS_CHROMIUM points to /nonexistent/chromium, which does not exist; set it to a Chromium or Chrome executable to print the report.',
    ]);
    const notZip = await cli(
      ['audit', '--vehicle', vehicle().number, '--from', from, '--to', to, '--out', path.join(dir, 'x.pdf')],
      env,
    );
    expect(notZip.code).toBe(2);
    expect(notZip.stderr).toMatch(/--out must name a \.zip file/);
    const badZone = await cli(
      [
        'audit',
        '--vehicle',
        vehicle().number,
        '--from',
        from,
        '--to',
        to,
        '--tz',
        'Mars/Olympus',
        '--out',
        path.join(dir, 'x.zip'),
      ],
      env,
    );
    expect(badZone.code).toBe(2);
    expect(badZone.stderr).toMatch(/--tz "Mars\/Olympus" is not a time zone/);
    expect(sim.stats().requests).toBe(before);
    expect(readdirSync(dir).filter((f) => f.startsWith('x.'))).toEqual([]);
  });
});
