import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../electron/node/simulator/index.ts';
import { addDays, dayOfMs } from '../../shared/util/day.ts';
import { json, startFakeServer, type FakeServer } from '../unit/client-fake-server.ts';
import { simulatorEnv } from '../support/cli-run.ts';

/**
 * Issue 30, problems 1, 5 and 6, as a CLI user meets them against a loopback
 * server: an error description on a 200, lists whose pages overlap, repeat or
 * shift, and paging that never ends. Each run is bounded: today's code either
 * exits 0 with a wrong answer or pages for ever (killed at RUN_LIMIT_MS).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const CLI = ['--import', 'tsx', 'electron/node/cli/main.ts'];
const RUN_LIMIT_MS = 25_000;
const HISTORY = '/v2/vehicle-location-history/{vehicle_id}';

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Async: the servers run in this process. A run past RUN_LIMIT_MS is killed (code null). */
function cli(args: string[], env: Record<string, string>): Promise<Ran> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [...CLI, ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_LIMIT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

const today = dayOfMs(Date.now());
const PROVIDER = 'pk_cli_paging_0001';
const COMPANY = 'ck_cli_paging_0002';
const VEHICLE_ID = '00000000-0000-4000-8000-00000000000a';

const driver = (id: string) => ({ driver_id: id, username: id, first_name: 'F', last_name: id, active: true });
const vehicle = (id: string) => ({ vehicle_id: id, number: id, vin: id, active: true });
const pageOf = (url: string | undefined) => Number(new URL(url ?? '', 'http://x').searchParams.get('page') ?? '1');

describe('routelens CLI against servers that page badly', () => {
  let sim: RunningSimulator;
  let fake: FakeServer;
  let dir: string;
  let simEnv: Record<string, string>;
  let fakeEnv: Record<string, string>;
  const outFiles = (name: string) => readdirSync(dir).filter((f) => f.startsWith(name));
  const exportArgs = (vehicleRef: string, out: string, from = addDays(today, -7), to = addDays(today, -1)) => [
    'export',
    '--vehicle',
    vehicleRef,
    '--from',
    from,
    '--to',
    to,
    '--format',
    'csv',
    '--out',
    path.join(dir, out),
  ];

  beforeAll(async () => {
    sim = await startSimulator();
    fake = await startFakeServer();
    dir = mkdtempSync(path.join(tmpdir(), 'routelens-cli-paging-'));
    simEnv = simulatorEnv(sim);
    fakeEnv = { ROUTELENS_BASE_URL: fake.baseUrl, ROUTELENS_PROVIDER_KEY: PROVIDER, ROUTELENS_COMPANY_KEY: COMPANY };
  });
  beforeEach(() => {
    sim.setFaults({});
    fake.seen.length = 0;
  });
  afterAll(async () => {
    await sim.close();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('a 200 whose description is an error message', () => {
    it('export: a later history page says "Internal error: the query timed out" with data [] → exit 1, the server’s words, no file', async () => {
      const v = sim.truth.vehicles(sim.carriers[0]!.id).find((x) => x.active)!;
      // More than one page of history, so the fault falls on a later page, as in the issue.
      expect(
        sim.truth.history(sim.carriers[0]!.id, v.vehicle_id, addDays(today, -7), addDays(today, -1)).length,
      ).toBeGreaterThan(1000);
      sim.setFaults({
        errorDescription: {
          description: 'Internal error: the query timed out',
          endpoint: HISTORY,
          laterPagesOnly: true,
          data: [],
        },
      });
      const r = await cli(exportArgs(v.vehicle_id, 'timed-out.csv'), simEnv);
      expect(r.stderr.trim()).toBe(
        `routelens: ${new URL(sim.baseUrl).host} answered "Internal error: the query timed out" (HTTP 200) after 5 retries; try again later.`,
      );
      expect(r.code).toBe(1);
      expect(outFiles('timed-out.csv')).toEqual([]);
    });

    it('drivers: with data: null, the sentence quotes the server, not "not an array" nor the API address', async () => {
      sim.setFaults({
        errorDescription: { description: 'Internal error: the query timed out', endpoint: '/v2/drivers' },
      });
      const r = await cli(['drivers', '--json'], simEnv);
      expect(r.code).toBe(1);
      expect(r.stderr.trim()).toBe(
        `routelens: ${new URL(sim.baseUrl).host} answered "Internal error: the query timed out" (HTTP 200) after 5 retries; try again later.`,
      );
      expect(r.stdout).toBe('');
    });
  });

  describe('page-paginated lists', () => {
    const drivers = (r: Ran) =>
      (JSON.parse(r.stdout) as { drivers: { driver_id: string }[] }).drivers.map((d) => d.driver_id);

    it('drivers --json: pages that overlap list each of the 5 drivers once (not 6)', async () => {
      const served = [
        ['d1', 'd2'],
        ['d2', 'd3'],
        ['d4', 'd5'],
      ];
      fake.handle((req, res) => {
        const page = pageOf(req.url);
        json(res, 200, {
          description: 'success',
          page,
          total_pages: 3,
          total_elements: 5,
          data: (served[page - 1] ?? []).map(driver),
        });
      });
      const r = await cli(['drivers', '--json'], fakeEnv);
      expect(r.code).toBe(0);
      expect(drivers(r)).toEqual(['d1', 'd2', 'd3', 'd4', 'd5']);
    });

    it('drivers --json: pages past the end that repeat page 1 list the 5 drivers once (not 9)', async () => {
      const five = ['d1', 'd2', 'd3', 'd4', 'd5'];
      fake.handle((req, res) => {
        const page = pageOf(req.url);
        const ids = page <= 3 ? five.slice((page - 1) * 2, page * 2) : five.slice(0, 2);
        json(res, 200, { description: 'success', page, total_pages: 5, total_elements: 5, data: ids.map(driver) });
      });
      const r = await cli(['drivers', '--json'], fakeEnv);
      expect(r.code).toBe(0);
      expect(drivers(r)).toEqual(five);
    });

    it('export --vehicle VIN works when that vehicle appears on two pages (the roster shifted between them)', async () => {
      const shifted = sim.truth.vehicles(sim.carriers[0]!.id)[1]!;
      // Two a page; before page 2 the last vehicle moves to the front, so page 2 starts with this one again.
      sim.setFaults({ pageSizeCap: 2, listChanges: { kind: 'rotate', times: 1 } });
      const r = await cli(exportArgs(shifted.vin, 'twice.csv', addDays(today, -2), addDays(today, -1)), simEnv);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(existsSync(path.join(dir, 'twice.csv'))).toBe(true);
    });

    it('export --vehicle T-103 does not say "No vehicle matches" when the roster shrinks between page requests', async () => {
      const skipped = sim.truth.vehicles(sim.carriers[0]!.id)[2]!;
      // Before page 2 the first vehicle goes: page 2 then starts one further on, past this one.
      sim.setFaults({ pageSizeCap: 2, listChanges: { kind: 'shrink', times: 1 } });
      const r = await cli(exportArgs(skipped.number, 'shrunk.csv', addDays(today, -2), addDays(today, -1)), simEnv);
      expect(r.stderr).not.toContain('No vehicle matches');
      expect(r.code).toBe(0);
      const csv = readFileSync(path.join(dir, 'shrunk.csv'), 'utf8');
      const rows = csv.trim().split('\n').slice(1);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.includes(skipped.vin))).toBe(true);
    });
  });

  describe('paging that never ends', () => {
    /** A server with one vehicle whose history pages are empty, each with a new token. */
    const endless = (res: ServerResponse, url: string) => {
      const u = new URL(url, 'http://x');
      if (u.pathname === '/v2/company-info')
        return json(res, 200, { description: 'success', data: { company_name: 'Endless', dot_number: '1' } });
      if (u.pathname.startsWith('/v2/vehicle/'))
        return json(res, 200, { description: 'success', data: vehicle(VEHICLE_ID) });
      const n = Number(u.searchParams.get('next_page_token')?.replace('fresh-', '') ?? '0');
      json(res, 200, { description: 'success', size: 0, data: [], next_page_token: `fresh-${n + 1}` });
    };

    it('export: empty history pages with fresh tokens end in one sentence naming the vehicle and range, no file', async () => {
      fake.handle((req, res) => endless(res, req.url ?? ''));
      const from = addDays(today, -2);
      const r = await cli(exportArgs(VEHICLE_ID, 'endless.csv', from, addDays(today, -1)), fakeEnv);
      expect(r.code).toBe(1);
      expect(r.stderr.trim()).toMatch(
        new RegExp(
          `^routelens: ${new URL(fake.baseUrl).host} sent 20 pages in a row without data for vehicle "${VEHICLE_ID}" from ${from} to \\d{4}-\\d{2}-\\d{2}, each pointing to another page; RouteLens stopped there, so those days were not downloaded\\.$`,
        ),
      );
      expect(fake.seen.filter((s) => s.url.startsWith('/v2/vehicle-location-history')).length).toBe(20);
      expect(outFiles('endless.csv')).toEqual([]);
    });

    it('vehicles: total_pages 1e9 with empty pages ends at once when total_elements is reached', async () => {
      fake.handle((req, res) => {
        const page = pageOf(req.url);
        const data = page === 1 ? [vehicle('a'), vehicle('b')] : [];
        json(res, 200, { description: 'success', page, total_pages: 1e9, total_elements: 2, data });
      });
      const r = await cli(['vehicles', '--json'], fakeEnv);
      expect(r.code).toBe(0);
      expect((JSON.parse(r.stdout) as { vehicles: unknown[] }).vehicles).toHaveLength(2);
      expect(fake.seen).toHaveLength(1);
    });

    it('vehicles: total_pages and total_elements 1e9 with empty pages end quickly in one sentence', async () => {
      fake.handle((req, res) => {
        const page = pageOf(req.url);
        const data = page === 1 ? [vehicle('a'), vehicle('b')] : [];
        json(res, 200, { description: 'success', page, total_pages: 1e9, total_elements: 1e9, data });
      });
      const r = await cli(['vehicles'], fakeEnv);
      expect(r.code).toBe(1);
      expect(r.stderr.trim()).toBe(
        `routelens: ${new URL(fake.baseUrl).host} sent 20 empty pages of vehicles in a row (up to page 21 of the 1,000,000,000 it reported); RouteLens stopped there, as the list would never end.`,
      );
      expect(fake.seen).toHaveLength(21);
      expect(r.ms).toBeLessThan(15_000);
    });
  });
});
