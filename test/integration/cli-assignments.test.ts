/**
 * `routelens export --format trips|events --assignments FILE.csv` as a real process against the simulator:
 * the driver columns follow the rule (a trip's driver at its start, `changed: a → b` when the assignment
 * changes before it ends; an event's at its start; "unassigned" where nothing covers), computed here from
 * the assignment file this test writes and the trips' own times; every other column is the export without
 * --assignments, byte for byte. Bad files exit 2 naming the file and row, and write nothing.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator, type SimDriver } from '../../electron/node/simulator/index.ts';
import { csvTextValue, parseCsv } from '../../shared/export/csv.ts';
import { createLocalIsoFormatter } from '../../shared/time/local-day.ts';
import { addDays, dayOfMs } from '../../shared/util/day.ts';
import { simulatorEnv, spawnCli } from '../support/cli-run.ts';

const HOUR = 3_600_000;
// The simulator's clock stands still at the start of the hour; the CLI's own clock (its history window) runs on.
const NOW = Math.floor(Date.now() / HOUR) * HOUR;
const FROM = addDays(dayOfMs(NOW), -3);
const TO = addDays(dayOfMs(NOW), -2);
const ZONE = 'America/Chicago';
const DRIVER_COLUMNS = ['driver_username', 'driver_name', 'assignment'];

/** "2026-11-17 08:30": the zone's wall clock, no offset (the file's times are the home zone's). */
const localWall = (ms: number) => createLocalIsoFormatter(ZONE)(ms).slice(0, 16).replace('T', ' ');

describe('routelens export --assignments', () => {
  let sim: RunningSimulator;
  let dir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    sim = await startSimulator({ now: () => NOW });
    dir = mkdtempSync(path.join(tmpdir(), 'routelens-cli-assignments-'));
    env = simulatorEnv(sim);
  });
  afterAll(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const carrier = () => sim.carriers[0]!;
  const vehicle = () => sim.truth.vehicles(carrier().id).find((v) => v.active)!;
  const activeDriver = (i: number) => sim.truth.drivers(carrier().id).filter((d) => d.active)[i]!;
  const regular = () => activeDriver(0);
  const relief = () => activeDriver(1);

  async function exportCsv(name: string, format: string, vehicleRef: string, extra: string[] = []) {
    const out = path.join(dir, `${name}.csv`);
    const r = await spawnCli(
      [
        'export',
        '--vehicle',
        vehicleRef,
        '--from',
        FROM,
        '--to',
        TO,
        '--tz',
        ZONE,
        '--format',
        format,
        '--out',
        out,
        ...extra,
      ],
      env,
    );
    return { ...r, out, text: r.code === 0 ? readFileSync(out, 'utf8') : '' };
  }

  function writeAssignments(name: string, rows: string[]): string {
    const file = path.join(dir, `${name}-assignments.csv`);
    writeFileSync(file, ['driver,vehicle,from,to', ...rows].join('\r\n') + '\r\n');
    return file;
  }

  /** The regular driver drives; the relief driver takes over from `changeMs` (a whole minute) for `hours`. */
  function reliefPlan(changeMs: number, hours: number) {
    const endMs = changeMs + hours * HOUR;
    const file = writeAssignments(`relief-${changeMs}`, [
      `${regular().username},${vehicle().number},,`,
      // By VIN and driver id, with the end as UTC: every way the file may name things.
      `${relief().driver_id},${vehicle().vin},${localWall(changeMs)},${new Date(endMs).toISOString()}`,
    ]);
    const name = (d: { username: string }) => d.username;
    const driverAt = (ms: number) => (ms >= changeMs && ms < endMs ? relief() : regular());
    const cellsOf = (d: SimDriver, kind: string) => [d.username, `${d.first_name} ${d.last_name}`, kind];
    const kindAt = (ms: number) => (ms >= changeMs && ms < endMs ? 'dated' : 'regular');
    return {
      file,
      trip(startMs: number, endMsOfTrip: number): string[] {
        const chain = [driverAt(startMs)];
        for (const b of [changeMs, endMs]) if (b > startMs && b <= endMsOfTrip) chain.push(driverAt(b));
        if (chain.length === 1) return cellsOf(chain[0]!, kindAt(startMs));
        return [...cellsOf(chain[0]!, kindAt(startMs)).slice(0, 2), `changed: ${chain.map(name).join(' → ')}`];
      },
      event: (startMs: number) => cellsOf(driverAt(startMs), kindAt(startMs)),
    };
  }

  const plainExports = new Map<string, ReturnType<typeof exportCsv>>();
  /** The export without --assignments (once per format and vehicle): the trips' times, and the bytes the driver columns must leave alone. */
  async function baseline(format: string, vehicleRef: string) {
    const key = `${format}-${vehicleRef}`;
    if (!plainExports.has(key)) plainExports.set(key, exportCsv(`plain-${key}`, format, vehicleRef));
    const plain = await plainExports.get(key)!;
    expect(plain.code, plain.stderr).toBe(0);
    return plain;
  }

  const column = (header: string[], name: string) => header.indexOf(name);

  it('trips: the start driver, and both when the assignment changes mid-trip; every other column unchanged', async () => {
    const plain = await baseline('trips', vehicle().number);
    const [header, ...rows] = parseCsv(plain.text);
    const start = (r: string[]) => Date.parse(r[column(header!, 'start_time')]!);
    const end = (r: string[]) => Date.parse(r[column(header!, 'end_time')]!);
    expect(rows.length).toBeGreaterThan(2);
    const longest = rows.reduce((a, r) => (end(r) - start(r) > end(a) - start(a) ? r : a));
    expect(end(longest) - start(longest)).toBeGreaterThan(20 * 60_000);
    const change = Math.floor((start(longest) + end(longest)) / 2 / 60_000) * 60_000;
    const plan = reliefPlan(change, 5);

    const withDrivers = await exportCsv('trips-drivers', 'trips', vehicle().number, ['--assignments', plan.file]);
    expect(withDrivers.code, withDrivers.stderr).toBe(0);
    const [header2, ...rows2] = parseCsv(withDrivers.text);
    expect(header2).toEqual([...header!, ...DRIVER_COLUMNS]);
    expect(rows2).toHaveLength(rows.length);
    rows2.forEach((r, k) =>
      expect(r.slice(-3).map(csvTextValue), `trip ${k}`).toEqual(plan.trip(start(rows[k]!), end(rows[k]!))),
    );
    const cells = rows2.map((r) => r.at(-1));
    expect(cells[rows.indexOf(longest)]).toBe(`changed: ${regular().username} → ${relief().username}`);
    expect(cells).toContain('regular');
    // Every line is the plain export's line with three cells appended.
    const plainLines = plain.text.split('\r\n');
    withDrivers.text.split('\r\n').forEach((line, i) => {
      if (plainLines[i] !== '') expect(line.startsWith(`${plainLines[i]},`)).toBe(true);
    });
  });

  it('events: each belongs to the driver at its start', async () => {
    const trips = parseCsv((await baseline('trips', vehicle().number)).text);
    const first = Date.parse(trips[1]![column(trips[0]!, 'start_time')]!);
    const plan = reliefPlan(Math.floor(first / 60_000) * 60_000 + 15 * 60_000, 8);
    const r = await exportCsv('events-drivers', 'events', vehicle().number, [
      '--assignments',
      plan.file,
      '--speed-limit',
      '60',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const [header, ...rows] = parseCsv(r.text);
    expect(header!.slice(-3)).toEqual(DRIVER_COLUMNS);
    const kinds = rows.map((row) => row.at(-1));
    expect(kinds).toContain('dated');
    expect(kinds).toContain('regular');
    for (const row of rows)
      expect(row.slice(-3).map(csvTextValue)).toEqual(plan.event(Date.parse(row[column(header!, 'start_time')]!)));
  });

  it('--vehicle all: vehicles without an assignment say unassigned', async () => {
    const plan = reliefPlan(Date.parse(`${FROM}T18:00:00Z`), 6);
    const r = await exportCsv('all-drivers', 'trips', 'all', ['--assignments', plan.file]);
    expect(r.code, r.stderr).toBe(0);
    const [header, ...rows] = parseCsv(r.text);
    const numberAt = column(header!, 'vehicle_number');
    const others = rows.filter((row) => row[numberAt] !== vehicle().number);
    const own = rows.filter((row) => row[numberAt] === vehicle().number);
    expect(others.length).toBeGreaterThan(0);
    expect(own.length).toBeGreaterThan(0);
    for (const row of others) expect(row.slice(-3)).toEqual(['', '', 'unassigned']);
    for (const row of own) {
      const at = (name: string) => Date.parse(row[column(header!, name)]!);
      expect(row.slice(-3).map(csvTextValue)).toEqual(plan.trip(at('start_time'), at('end_time')));
    }
  });

  it('an unknown driver refuses the file: exit 2, the file and row named, no output written', async () => {
    const file = writeAssignments('unknown', [
      `${regular().username},${vehicle().number},,`,
      `nosuchdriver,${vehicle().number},${FROM} 08:00,${FROM} 12:00`,
    ]);
    const r = await exportCsv('refused-unknown', 'trips', vehicle().number, ['--assignments', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--assignments ${file} is refused`);
    expect(r.stderr).toMatch(/Row 3: unknown driver "nosuchdriver"/);
    expect(existsSync(r.out)).toBe(false);
  });

  it('overlapping rows of one vehicle refuse the file', async () => {
    const file = writeAssignments('overlap', [
      `${regular().username},${vehicle().number},${FROM} 06:00,${FROM} 14:00`,
      `${relief().username},${vehicle().vin},${FROM} 13:00,${FROM} 20:00`,
    ]);
    const r = await exportCsv('refused-overlap', 'events', vehicle().number, ['--assignments', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Row 3: overlaps row 2/);
    expect(existsSync(r.out)).toBe(false);
  });

  it.each(['csv', 'gpx'])('--assignments with --format %s is refused before any request', async (format) => {
    const file = writeAssignments('any', [`${regular().username},${vehicle().number},,`]);
    sim.resetStats();
    const r = await exportCsv(`refused-${format}`, format, vehicle().number, ['--assignments', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--assignments adds the driver columns of the trips and events CSVs`);
    expect(sim.stats().requests).toBe(0);
    expect(existsSync(r.out)).toBe(false);
  });

  it('drivers --hos --json is unchanged: each driver with the API status, no driver columns', async () => {
    const r = await spawnCli(['drivers', '--hos', '--json'], env);
    expect(r.code, r.stderr).toBe(0);
    const statuses = new Map(sim.truth.driverStatuses(carrier().id).map((s) => [s.driver_id, s]));
    expect(JSON.parse(r.stdout)).toEqual({
      drivers: sim.truth.drivers(carrier().id).map(({ legacyId: _legacy, ...d }) => ({
        ...d,
        hos: statuses.get(d.driver_id) ?? null,
      })),
      rejected: 0,
    });
  });
});
