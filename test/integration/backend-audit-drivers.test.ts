/**
 * Audit bundles that name the driver: the app's request carries the carrier's assignments and driver names
 * (audit:begin's `drivers`), and `routelens audit --assignments FILE.csv` reads the same assignments from a
 * dispatch file. The trips and events CSVs gain driver_username, driver_name and assignment by the rule
 * (a trip's driver at its start, both named when the assignment changes before it ends; an event's at its
 * start; unassigned where none covers), computed here by plain comparison against the assignments this test
 * places around the bundle's own trips; the report (pdftotext) names the drivers and says where they come
 * from; the CLI's files are the app's byte for byte. Without drivers, the bundle is as before.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChromiumPdfPrinter } from '../../electron/node/audit/chromium-pdf.ts';
import { readZip } from '../../electron/node/audit/zip.ts';
import type { Backend } from '../../electron/node/backend/backend.ts';
import { dispatch } from '../../electron/node/backend/dispatch.ts';
import { createFolderSaveDialogs } from '../../electron/node/backend/folder-save-dialogs.ts';
import { runCli } from '../../electron/node/cli/main.ts';
import { startSimulator, type RunningSimulator, type SimDriver } from '../../electron/node/simulator/index.ts';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import { assignmentId } from '../../shared/drivers/assignment-rules.ts';
import type { Assignment } from '../../shared/drivers/types.ts';
import { csvTextValue, parseCsv } from '../../shared/export/csv.ts';
import type { DriversData } from '../../shared/export/drivers-data.ts';
import { decodeBridge, encodeBridge } from '../../shared/ipc/codec.ts';
import type { AuditOutcome, AuditRequest, DownloadEvent, IpcChannel, IpcReply } from '../../shared/ipc/contract.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import { simulatorEnv } from '../support/cli-run.ts';
import { createTestBackend } from '../support/test-backend.ts';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const ROOT = path.resolve(import.meta.dirname, '../..');
const CARRIER = 'demo-prairie-line';
const ZONE = 'America/Chicago';
const FROM = '2026-11-01';
const TO = '2026-11-02';
const MINUTE = 60_000;
const printer = createChromiumPdfPrinter();

async function ok<T>(backend: Backend, channel: IpcChannel, ...args: unknown[]): Promise<T> {
  const reply = decodeBridge(
    encodeBridge(await dispatch(backend, channel, decodeBridge(encodeBridge(args)), true)),
  ) as IpcReply<T>;
  if (!reply.ok) throw new Error(`${channel}: ${reply.error.message}`);
  return reply.result;
}

type Entries = ReturnType<typeof readZip>;
const fileOf = (zip: Entries, name: string) => zip.find((e) => e.name === name)!.data!;

describe('audit bundles with drivers', () => {
  let dir: string;
  let backend: Backend;
  let sim: RunningSimulator;
  let vehicle: { vehicle_id: string; number: string; vin: string };
  const stored = new Map<string, { chunk: DayChunk; rejected: number; complete: boolean }>();

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'routelens-audit-drivers-'));
    backend = createTestBackend(dir, {
      now: () => NOW,
      demo: { now: () => NOW },
      dialogs: createFolderSaveDialogs(mkdtempSync(path.join(dir, 'save-'))),
      printAuditReport: printer.print,
      basemapDir: path.join(ROOT, 'resources/basemap'),
    });
    sim = await startSimulator({ now: () => NOW });
    await ok(backend, 'carriers:addDemo');
    vehicle = sim.truth.vehicles('prairie-line').find((v) => v.active)!;
    const session = await ok<string>(backend, 'downloads:start', {
      carrierId: CARRIER,
      vehicleId: vehicle.vehicle_id,
      from: '2026-10-31',
      to: '2026-11-03',
      completeDays: [],
    });
    let ack = 0;
    for (let finished = false; !finished;) {
      const poll = await ok<{ events: DownloadEvent[]; finished: boolean }>(backend, 'downloads:poll', session, ack);
      for (const e of poll.events) {
        if (e.type === 'day')
          stored.set(e.chunk.day, { chunk: e.chunk, rejected: e.rejected.length, complete: e.complete });
        if (e.type === 'failed') throw new Error(e.failure.message);
        ack = Math.max(ack, e.seq);
      }
      finished = poll.finished;
    }
  }, 60_000);
  afterAll(async () => {
    await backend.close();
    await sim.close();
    await printer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const request = (drivers?: DriversData): AuditRequest => ({
    carrierId: CARRIER,
    vehicleId: vehicle.vehicle_id,
    from: FROM,
    to: TO,
    params: { ...DEFAULT_ANALYSIS_PARAMS },
    days: [...stored].map(([day, s]) => ({
      day,
      downloadedAt: NOW - 3_600_000,
      complete: s.complete,
      rejected: s.rejected,
    })),
    ...(drivers ? { drivers } : {}),
  });

  async function appBundle(name: string, drivers?: DriversData): Promise<Entries> {
    const begun = await ok<{ auditId: string; utcDays: string[] }>(backend, 'audit:begin', request(drivers));
    for (const day of begun.utcDays) await ok(backend, 'audit:addReadings', begun.auditId, stored.get(day)!.chunk);
    const outcome = await ok<AuditOutcome>(backend, 'audit:finish', begun.auditId, name);
    if (outcome.kind !== 'saved') throw new Error(outcome.kind);
    return readZip(readFileSync(outcome.path));
  }

  /** Nobody before the second trip; driver a from then; driver b from mid-way through a later trip, open-ended. */
  function plan(tripsCsv: string) {
    const [header, ...rows] = parseCsv(tripsCsv);
    const at = (r: string[], c: string) => Date.parse(r[header!.indexOf(c)]!);
    expect(rows.length).toBeGreaterThan(2);
    const aFrom = Math.floor(at(rows[1]!, 'start_time') / MINUTE) * MINUTE;
    expect(aFrom).toBeGreaterThan(at(rows[0]!, 'end_time'));
    const later = rows
      .slice(2)
      .reduce((x, r) => (at(r, 'end_time') - at(r, 'start_time') > at(x, 'end_time') - at(x, 'start_time') ? r : x));
    const change = Math.floor((at(later, 'start_time') + at(later, 'end_time')) / 2 / MINUTE) * MINUTE;
    expect(change).toBeGreaterThan(at(later, 'start_time'));
    const [a, b] = sim.truth.drivers('prairie-line').filter((d) => d.active) as [SimDriver, SimDriver];
    const driverAt = (ms: number) => (ms < aFrom ? null : ms < change ? a : b);
    const cells = (d: SimDriver | null) =>
      d ? [d.username, `${d.first_name} ${d.last_name}`, 'dated'] : ['', '', 'unassigned'];
    const row = (driverId: string, fromMs: number, toMs: number | null): Assignment => ({
      id: assignmentId(vehicle.vehicle_id, fromMs),
      carrierId: CARRIER,
      driverId,
      vehicleId: vehicle.vehicle_id,
      fromMs,
      toMs,
      source: 'import',
      createdAt: NOW,
    });
    return {
      a,
      b,
      data: {
        assignments: [row(a.driver_id, aFrom, change), row(b.driver_id, change, null)],
        names: sim.truth.drivers('prairie-line').map((d) => ({
          driverId: d.driver_id,
          username: d.username,
          firstName: d.first_name,
          lastName: d.last_name,
        })),
      },
      csv: [
        'driver,vehicle,from,to',
        `${a.username},${vehicle.number},${new Date(aFrom).toISOString()},${new Date(change).toISOString()}`,
        `${b.username},${vehicle.vin},${new Date(change).toISOString()},`,
      ].join('\r\n'),
      trip(startMs: number, endMs: number): string[] {
        const chain = [driverAt(startMs)];
        for (const edge of [aFrom, change]) if (edge > startMs && edge <= endMs) chain.push(driverAt(edge));
        if (chain.length === 1) return cells(chain[0]!);
        return [
          ...cells(chain[0]!).slice(0, 2),
          `changed: ${chain.map((d) => d?.username ?? 'unassigned').join(' → ')}`,
        ];
      },
      event: (startMs: number) => cells(driverAt(startMs)),
    };
  }

  it('trips.csv and events.csv carry the driver columns by the rule, the report names the drivers, and the CLI writes the same files', async () => {
    const plain = await appBundle('plain.zip');
    const p = plan(fileOf(plain, 'trips.csv').toString('utf8'));
    const app = await appBundle('drivers.zip', p.data);

    for (const [name, expectedOf] of [
      ['trips.csv', (at: (c: string) => number) => p.trip(at('start_time'), at('end_time'))],
      ['events.csv', (at: (c: string) => number) => p.event(at('start_time'))],
    ] as const) {
      const text = fileOf(app, name).toString('utf8');
      const [header, ...rows] = parseCsv(text);
      expect(header!.slice(-3), name).toEqual(['driver_username', 'driver_name', 'assignment']);
      // Every line is the bundle's line without drivers, three cells appended.
      const plainLines = fileOf(plain, name).toString('utf8').split('\r\n');
      text
        .split('\r\n')
        .forEach((line, i) => plainLines[i] !== '' && expect(line.startsWith(`${plainLines[i]},`)).toBe(true));
      for (const r of rows) {
        const at = (c: string) => Date.parse(r[header!.indexOf(c)]!);
        expect(r.slice(-3).map(csvTextValue), `${name} ${r[0]}`).toEqual(expectedOf(at));
      }
      const kinds = new Set(rows.map((r) => r.at(-1)));
      expect(kinds.has('unassigned') || name === 'events.csv', name).toBe(true);
      expect(kinds.has('dated'), name).toBe(true);
    }
    expect(parseCsv(fileOf(app, 'trips.csv').toString('utf8')).some((r) => r.at(-1)!.startsWith('changed: '))).toBe(
      true,
    );

    const pdf = path.join(dir, 'report.pdf');
    writeFileSync(pdf, fileOf(app, 'report.pdf'));
    const words = spawnSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
    expect(words).toContain(
      `By the carrier's assignments kept in RouteLens on 2026-11-20 (${ZONE}); "Unassigned" where no assignment covers the start.`,
    );
    // Each trip row: its id, then its driver ("A. Lopez (alopez)", "Unassigned", or "A. Lopez → C. Young" and why).
    const short = (d: SimDriver) => `${d.first_name[0]}. ${d.last_name}`;
    const [tripHeader, ...tripRows] = parseCsv(fileOf(app, 'trips.csv').toString('utf8'));
    for (const r of tripRows) {
      const cells = r.slice(-3).map(csvTextValue);
      const driver = [p.a, p.b].find((d) => d.username === cells[0]);
      const label = cells[2]!.startsWith('changed: ')
        ? `${short(p.a)} → ${short(p.b)}`
        : driver
          ? `${short(driver)} (${driver.username})`
          : 'Unassigned';
      expect(words).toContain(`${csvTextValue(r[tripHeader!.indexOf('trip_id')]!)} ${label}`);
    }
    const plainPdf = path.join(dir, 'plain.pdf');
    writeFileSync(plainPdf, fileOf(plain, 'report.pdf'));
    const plainWords = spawnSync('pdftotext', [plainPdf, '-'], { encoding: 'utf8' }).stdout;
    expect(plainWords).not.toMatch(/Unassigned|assignments kept/);

    // The CLI with the same assignments as a dispatch file: the same trips.csv and events.csv, byte for byte.
    const file = path.join(dir, 'assignments.csv');
    writeFileSync(file, p.csv);
    const cliZip = path.join(dir, 'cli.zip');
    const lines: string[] = [];
    await runCli(
      [
        'audit',
        '--vehicle',
        vehicle.vehicle_id,
        '--from',
        FROM,
        '--to',
        TO,
        '--tz',
        ZONE,
        '--out',
        cliZip,
        '--assignments',
        file,
      ],
      simulatorEnv(sim),
      (l) => lines.push(l),
      () => NOW,
    );
    const cli = readZip(readFileSync(cliZip));
    for (const name of ['trips.csv', 'events.csv'])
      expect(fileOf(cli, name).equals(fileOf(app, name)), name).toBe(true);
    const cliPdf = path.join(dir, 'cli.pdf');
    writeFileSync(cliPdf, fileOf(cli, 'report.pdf'));
    expect(spawnSync('pdftotext', [cliPdf, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ')).toContain(
      'By the assignments file assignments.csv given to routelens audit',
    );
  }, 180_000);

  it('audit:begin refuses drivers that give the truck two drivers at once; routelens audit refuses a bad file before downloading', async () => {
    const p = plan(fileOf(await appBundle('plain-2.zip'), 'trips.csv').toString('utf8'));
    const [first, second] = p.data.assignments as [Assignment, Assignment];
    const clash = { ...p.data, assignments: [{ ...first, toMs: second.fromMs! + MINUTE }, second] };
    const reply = await dispatch(backend, 'audit:begin', [request(clash)], true);
    expect(reply).toMatchObject({ ok: false, error: { kind: 'bad-request' } });

    const file = path.join(dir, 'unknown.csv');
    writeFileSync(file, `driver,vehicle,from,to\r\nnosuchdriver,${vehicle.number},,\r\n`);
    const out = path.join(dir, 'refused.zip');
    await expect(
      runCli(
        [
          'audit',
          '--vehicle',
          vehicle.vehicle_id,
          '--from',
          FROM,
          '--to',
          TO,
          '--tz',
          ZONE,
          '--out',
          out,
          '--assignments',
          file,
        ],
        simulatorEnv(sim),
        () => undefined,
        () => NOW,
      ),
    ).rejects.toThrow(/unknown driver "nosuchdriver"/);
    expect(existsSync(out)).toBe(false);
  }, 120_000);
});
