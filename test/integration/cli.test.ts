import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../electron/node/simulator/index.ts';
import { parseBreadcrumbCsv } from '../../shared/export/csv.ts';
import { addDays, dayOfMs } from '../../shared/util/day.ts';
import { CLI, ROOT, simulatorEnv, spawnCli } from '../support/cli-run.ts';

const cli = spawnCli;

describe('routelens CLI', () => {
  let sim: RunningSimulator;
  let dir: string;
  let env: Record<string, string>;
  const today = dayOfMs(Date.now());

  beforeAll(async () => {
    sim = await startSimulator();
    dir = mkdtempSync(path.join(tmpdir(), 'routelens-cli-'));
    env = simulatorEnv(sim);
  });
  afterAll(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('demo-server prints one JSON line with the connection, then serves until stopped', async () => {
    const child = spawn(process.execPath, [...CLI, 'demo-server', '--port', '0'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
    const info = JSON.parse(line) as {
      baseUrl: string;
      providerKey: string;
      carriers: { name: string; companyKey: string }[];
    };
    expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.carriers).toHaveLength(3);
    expect(info.carriers.some((c) => c.companyKey.startsWith('system-'))).toBe(true);
    const res = await fetch(`${info.baseUrl}/v2/company-info`, {
      headers: { 'X-API-Provider-Key': info.providerKey, 'X-API-Company-Key': info.carriers[0]!.companyKey },
    });
    expect(((await res.json()) as { data: { company_name: string } }).data.company_name).toBe(info.carriers[0]!.name);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('prints the company, vehicles (filtered) and drivers with HOS as tables or JSON', async () => {
    const company = await cli(['company', '--json'], env);
    expect(JSON.parse(company.stdout)).toEqual({
      company_name: sim.carriers[0]!.name,
      dot_number: sim.carriers[0]!.dotNumber,
    });
    const truth = sim.truth.vehicles(sim.carriers[0]!.id);
    const active = JSON.parse((await cli(['vehicles', '--status', 'active', '--json'], env)).stdout) as {
      vehicles: { vehicle_id: string }[];
    };
    expect(active.vehicles.map((v) => v.vehicle_id).sort()).toEqual(
      truth
        .filter((v) => v.active)
        .map((v) => v.vehicle_id)
        .sort(),
    );
    const table = (await cli(['drivers', '--hos'], env)).stdout;
    for (const d of sim.truth.drivers(sim.carriers[0]!.id)) expect(table).toContain(d.username);
    expect(table).toMatch(/no HOS activity|DS_[A-Z]+ \(/);
  });

  it('works the same through the installed `routelens` bin', async () => {
    const r = await cli(['company', '--json'], env, ['bin/routelens.mjs']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      company_name: sim.carriers[0]!.name,
      dot_number: sim.carriers[0]!.dotNumber,
    });
  });

  it.each(['number', 'vin', 'legacyId', 'vehicle_id'] as const)(
    'exports CSV equal to the ground truth, naming the vehicle by %s',
    async (field) => {
      const vehicle = sim.truth.vehicles(sim.carriers[0]!.id).find((v) => v.active)!;
      const from = addDays(today, -3);
      const to = addDays(today, -1);
      const out = path.join(dir, `${field}.csv`);
      const r = await cli(
        ['export', '--vehicle', vehicle[field], '--from', from, '--to', to, '--format', 'csv', '--out', out],
        env,
      );
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const summary = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as {
        records: number;
        days: number;
        rejected: number;
      };
      const truth = sim.truth.history(sim.carriers[0]!.id, vehicle.vehicle_id, from, to);
      const rows = parseBreadcrumbCsv(readFileSync(out, 'utf8'));
      expect(rows.map((p) => p.id)).toEqual(truth.map((t) => t.id));
      expect(summary).toMatchObject({ records: truth.length, days: 3, rejected: 0 });
    },
  );

  it('still equals the ground truth through faults, and reports the exact rejected count', async () => {
    const vehicle = sim.truth.vehicles(sim.carriers[0]!.id).find((v) => v.active)!;
    const from = addDays(today, -4);
    const to = addDays(today, -2);
    sim.setFaults({
      status503Every: 4,
      malformedEvery: 40,
      order: 'shuffled',
      duplicateAcrossPages: true,
      endDate: 'exclusive',
    });
    const out = path.join(dir, 'faults.csv');
    const r = await cli(
      ['export', '--vehicle', vehicle.vehicle_id, '--from', from, '--to', to, '--format', 'csv', '--out', out],
      env,
    );
    sim.setFaults({});
    // Completed, but not whole: exit 3, one sentence, and every record left out listed beside the file.
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(
      /Completed, but \d+ records could not be read \(.*\): they are listed in .*faults\.csv\.rejected\.csv/,
    );
    const listed = readFileSync(`${out}.rejected.csv`, 'utf8')
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',')[2]);
    const summary = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as {
      records: number;
      rejected: number;
      retries: number;
    };
    const corrupted = new Set(sim.truth.corruptedIds(sim.carriers[0]!.id, vehicle.vehicle_id, from, to, 40));
    const expected = sim.truth
      .history(sim.carriers[0]!.id, vehicle.vehicle_id, from, to)
      .filter((t) => !corrupted.has(t.id));
    expect(parseBreadcrumbCsv(readFileSync(out, 'utf8')).map((p) => p.id)).toEqual(expected.map((t) => t.id));
    expect(summary.rejected).toBe(corrupted.size);
    expect(new Set(listed)).toEqual(corrupted);
    expect(listed).toHaveLength(corrupted.size);
    expect(summary.retries).toBeGreaterThan(0);
  });

  it.each([
    ['a bad Company Key', ['company'], { ROUTELENS_COMPANY_KEY: 'ck-wrong' }, /Company Key/],
    ['a bad Provider Key', ['company'], { ROUTELENS_PROVIDER_KEY: 'pk-wrong' }, /Provider Key/],
    [
      'an unknown vehicle',
      [
        'export',
        '--vehicle',
        'NOPE-1',
        '--from',
        '2026-11-01',
        '--to',
        '2026-11-02',
        '--format',
        'csv',
        '--out',
        '/tmp/x.csv',
      ],
      {},
      /No vehicle matches "NOPE-1"/,
    ],
    [
      'a bad date',
      [
        'export',
        '--vehicle',
        'T-101',
        '--from',
        '2026-02-30',
        '--to',
        '2026-03-01',
        '--format',
        'csv',
        '--out',
        '/tmp/x.csv',
      ],
      {},
      /not a date/,
    ],
    [
      'a range outside the window',
      [
        'export',
        '--vehicle',
        'T-101',
        '--from',
        '2020-01-01',
        '--to',
        '2020-01-02',
        '--format',
        'csv',
        '--out',
        '/tmp/x.csv',
      ],
      {},
      /outside the API's 6-month history window/,
    ],
    [
      'an unreachable server',
      ['company'],
      { ROUTELENS_BASE_URL: 'http://127.0.0.1:9' },
      /Could not reach 127\.0\.0\.1:9/,
    ],
    ['an unknown option', ['vehicles', '--colour', 'red'], {}, /Unknown option --colour/],
  ])('fails with one clear sentence on %s', async (_name, args, overrides, message) => {
    const r = await cli(args, { ...env, ...overrides });
    expect(r.code).not.toBe(0);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    for (const key of [sim.providerKey, ...sim.carriers.map((c) => c.companyKey), 'ck-wrong', 'pk-wrong'])
      expect(r.stderr + r.stdout).not.toContain(key);
  });
});
