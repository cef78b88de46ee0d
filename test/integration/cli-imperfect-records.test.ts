/**
 * Issue 30, problems 2, 3, 4 and 7, and the rejected-records report: the CLI's export against a
 * loopback API whose records are known by construction, shaped as an imperfect server sends them.
 * Each test holds the written file to the records it must keep: every record once, with its values.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeFailure, runCli } from '../../electron/node/cli/main.ts';
import { SHAPED_VEHICLE, startShapedServer, type ShapedServer } from '../support/shaped-history-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NOW = Date.parse('2026-11-20T12:00:00Z');
let dir: string;
let server: ShapedServer | undefined;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'routelens-imperfect-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await server?.close();
  server = undefined;
});

interface Outcome {
  code: number;
  message: string;
  lines: string[];
}

async function exportCsv(env: Record<string, string>, from: string, to: string, out: string, extra: string[] = []) {
  const lines: string[] = [];
  const argv = ['export', '--vehicle', 'T-701', '--from', from, '--to', to, '--format', 'csv', '--out', out, ...extra];
  try {
    await runCli(
      argv,
      env,
      (l) => lines.push(l),
      () => NOW,
    );
    return { code: 0, message: '', lines } satisfies Outcome;
  } catch (err) {
    return { ...describeFailure(err), lines } satisfies Outcome;
  }
}

/** The breadcrumb CSV as rows of named cells (the test's values hold no comma or quote). */
function readRows(file: string): Record<string, string>[] {
  const [head, ...rows] = readFileSync(file, 'utf8').trimEnd().split('\r\n');
  const names = head!.split(',');
  return rows.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [names[i]!, cell])));
}

describe('records that lack optional fields are kept, with unknowns left empty', () => {
  it('a null or absent speed, direction, status or place keeps the reading, its unknowns as empty cells (problem 3)', async () => {
    server = await startShapedServer({
      from: '2026-11-02',
      to: '2026-11-03',
      everyMinutes: 5,
      endDate: 'exclusive',
      shape: (r, i) => {
        const o: Record<string, unknown> = { ...r };
        if (i % 7 === 0) o.speed = null;
        if (i % 11 === 0) delete o.direction;
        if (i % 13 === 0) o.status = null;
        if (i % 17 === 0) o.calc_location = null;
        if (i % 19 === 0) o.speed = 'n/a';
        return o;
      },
    });
    const out = path.join(dir, 'optional.csv');
    const res = await exportCsv(server.env, '2026-11-02', '2026-11-03', out);
    expect(res.message).toBe('');
    const rows = readRows(out);
    expect(rows.map((r) => r.id)).toEqual(server.records.map((r) => r.id));
    server.records.forEach((r, i) => {
      const row = rows[i]!;
      expect(Date.parse(row.timestamp!)).toBe(Date.parse(r.timestamp));
      expect(row.speed_mph).toBe(i % 7 === 0 || i % 19 === 0 ? '' : r.speed);
      expect(row.direction).toBe(i % 11 === 0 ? '' : r.direction);
      expect(row.status).toBe(i % 13 === 0 ? '' : r.status);
      expect(row.calc_location).toBe(i % 17 === 0 ? '' : r.calc_location);
      expect(row.lat).toBe(String(Number(r.lat)));
    });
    expect(existsSync(`${out}.rejected.csv`)).toBe(false);
  });

  it("each reading keeps its own vehicle number and VIN; a missing one is the roster's, never a neighbour's (problem 2)", async () => {
    const dayFirsts = new Set<number>();
    server = await startShapedServer({
      from: '2026-11-02',
      to: '2026-11-03',
      everyMinutes: 10,
      endDate: 'exclusive',
      shape: (r, i) => {
        const o: Record<string, unknown> = { ...r };
        // The first record of each day carries neither (the case that blanked whole days).
        if (r.timestamp.endsWith('T00:00:00Z')) {
          dayFirsts.add(i);
          o.vin = null;
          delete o.vehicle_number;
        }
        // A few carry another identity (a relabelled unit): theirs alone.
        if (i % 50 === 7) {
          o.vin = 'OTHERVIN000000007';
          o.vehicle_number = 'T-701B';
        }
        return o;
      },
    });
    const out = path.join(dir, 'identity.csv');
    const res = await exportCsv(server.env, '2026-11-02', '2026-11-03', out);
    expect(res.message).toBe('');
    const rows = readRows(out);
    expect(rows).toHaveLength(server.records.length);
    expect(dayFirsts.size).toBe(2);
    rows.forEach((row, i) => {
      const other = i % 50 === 7;
      expect([row.vehicle_number, row.vin]).toEqual(
        other ? ['T-701B', 'OTHERVIN000000007'] : [SHAPED_VEHICLE.number, SHAPED_VEHICLE.vin],
      );
    });
  });
});

describe('timestamps in every form the spec allows', () => {
  const forms: ((iso: string) => string)[] = [
    (iso) => iso.replace('Z', ''), // no zone: UTC, as the spec says
    (iso) => `${iso.slice(0, 10)} ${iso.slice(11, 19)}+00`, // a database's text form
    (iso) => iso.replace('Z', '+0000'),
    (iso) => iso.replace('Z', '+00:00'),
    (iso) => iso.replace('Z', '.250Z'),
    (iso) => {
      // The same instant written at -05:00.
      const local = new Date(Date.parse(iso) - 5 * 3_600_000).toISOString().slice(0, 19);
      return `${local}-05:00`;
    },
  ];

  it('are read as the instants they name; an unreadable one is rejected, listed beside the file, and exits 3 (problem 4)', async () => {
    server = await startShapedServer({
      from: '2026-11-02',
      to: '2026-11-02',
      everyMinutes: 10,
      endDate: 'exclusive',
      shape: (r, i) => ({ ...r, timestamp: i === 40 ? 'yesterday at noon' : forms[i % forms.length]!(r.timestamp) }),
    });
    const out = path.join(dir, 'times.csv');
    const res = await exportCsv(server.env, '2026-11-02', '2026-11-02', out);
    const rows = readRows(out);
    const kept = server.records.flatMap((r, i) =>
      i === 40 ? [] : [[r.id, Date.parse(r.timestamp) + (i % forms.length === 4 ? 250 : 0)]],
    );
    expect(rows.map((r) => [r.id, Date.parse(r.timestamp!)])).toEqual(kept);
    expect(res.code).toBe(3);
    expect(res.message).toMatch(
      /^Completed, but 1 record could not be read \(1 × timestamp is not an ISO 8601 date-time/,
    );
    expect(res.message).toContain(`${out}.rejected.csv`);
    const report = readFileSync(`${out}.rejected.csv`, 'utf8').split('\r\n');
    expect(report[0]).toBe('vehicle_id,day,id,reason');
    expect(report[1]).toMatch(
      new RegExp(`^${SHAPED_VEHICLE.vehicle_id},2026-11-02,rec-000040,"?timestamp is not an ISO 8601`),
    );

    const allowed = await exportCsv(server.env, '2026-11-02', '2026-11-02', out, ['--allow-rejected']);
    expect(allowed.code).toBe(0);
    expect(existsSync(`${out}.rejected.csv`)).toBe(true);
  });

  it('exits 3 as a process, with the one sentence on stderr and the file written', async () => {
    // The real clock here: the CLI runs as a user runs it, so its days are the last ones.
    const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    server = await startShapedServer({
      from: day,
      to: day,
      everyMinutes: 30,
      endDate: 'exclusive',
      shape: (r, i) => (i === 3 ? { ...r, lat: 'north' } : undefined),
    });
    const out = path.join(dir, 'process.csv');
    const argv = ['export', '--vehicle', 'T-701', '--from', day, '--to', day, '--format', 'csv', '--out', out];
    // Not spawnSync: the server answering it runs in this process.
    const child = spawn(process.execPath, ['--import', 'tsx', 'electron/node/cli/main.ts', ...argv], {
      cwd: ROOT,
      env: { ...process.env, ...server.env },
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const r = { status, stderr };
    expect(r.status).toBe(3);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/1 × lat is not a number/);
    expect(readRows(out)).toHaveLength(server.records.length - 1);
  });
});

describe("the end_date rule is learnt from the range's own last day, never from one stray record", () => {
  const stray = {
    id: 'stray-2099',
    vehicle_number: SHAPED_VEHICLE.number,
    vin: SHAPED_VEHICLE.vin,
    lat: '30.1',
    lng: '-97.5',
    status: 'IN_MOTION',
    speed: '50',
    timestamp: '2099-01-01T00:00:00Z',
    calc_location: 'Nowhere',
    direction: '0',
  };

  it('on a server that excludes end_date, one reading dated 2099 leaves no day empty (problem 7)', async () => {
    server = await startShapedServer({
      from: '2026-10-01',
      to: '2026-11-11',
      everyMinutes: 60,
      endDate: 'exclusive',
      strays: [stray],
    });
    const out = path.join(dir, 'stray.csv');
    const res = await exportCsv(server.env, '2026-10-01', '2026-11-11', out);
    const rows = readRows(out);
    expect(rows.map((r) => r.id)).toEqual(server.records.map((r) => r.id));
    const perDay = new Map<string, number>();
    for (const r of rows) perDay.set(r.timestamp!.slice(0, 10), (perDay.get(r.timestamp!.slice(0, 10)) ?? 0) + 1);
    expect(perDay.size).toBe(42);
    expect([...perDay.values()].every((n) => n === 24)).toBe(true);
    // The stray is outside every range asked for: dropped, counted and listed, never evidence.
    expect(res.code).toBe(3);
    expect(res.message).toMatch(
      /1 record could not be read \(1 × timestamp 2099-01-01T00:00:00.000Z is outside the requested days/,
    );
    expect(readFileSync(`${out}.rejected.csv`, 'utf8')).toContain(',stray-2099,');
  });

  it('on a server that includes end_date, readings inside the extra day teach it, and later runs ask for their own days', async () => {
    // Five months: more runs than the four in flight at once, so later runs start after the first ones taught the rule.
    server = await startShapedServer({ from: '2026-06-01', to: '2026-11-11', everyMinutes: 60, endDate: 'inclusive' });
    const out = path.join(dir, 'inclusive.csv');
    const res = await exportCsv(server.env, '2026-06-01', '2026-11-11', out);
    expect(res.message).toBe('');
    expect(readRows(out).map((r) => r.id)).toEqual(server.records.map((r) => r.id));
    const runs = new Map<number, number>();
    for (const u of server.requests.filter((r) => r.includes('location-history'))) {
      const q = new URL(u, 'http://x').searchParams;
      runs.set(apiMs(q.get('start_date')!), apiMs(q.get('end_date')!));
    }
    const starts = [...runs.keys()].sort((a, b) => a - b);
    expect(starts.length).toBeGreaterThan(4);
    // A run asking for one extra day ends on the next run's first day; a run asking for its own days, the day before.
    const endings = starts.slice(0, -1).map((s, i) => (starts[i + 1]! - runs.get(s)!) / 86_400_000);
    expect(endings).toContain(0);
    expect(endings).toContain(1);
    expect(endings.every((d) => d === 0 || d === 1)).toBe(true);
  });
});

function apiMs(mmddyyyy: string): number {
  const [m, d, y] = mmddyyyy.split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!);
}
