/**
 * `routelens export --vehicle all --format trips|events`: every vehicle of the carrier in one CSV, equal
 * byte for byte to the per-vehicle exports concatenated (one header, vehicles in unit-number order, rows in
 * time order), through the CLI's entry function against the simulator over loopback; csv and gpx refused.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../electron/node/cli/args.ts';
import { runCli } from '../../electron/node/cli/main.ts';
import { startSimulator, type RunningSimulator } from '../../electron/node/simulator/index.ts';
import { parseCsv } from '../../shared/export/csv.ts';
import { simulatorEnv } from '../support/cli-run.ts';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const FROM = '2026-11-17';
const TO = '2026-11-18';

describe('routelens export --vehicle all', () => {
  let sim: RunningSimulator;
  let dir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    sim = await startSimulator({ now: () => NOW });
    dir = mkdtempSync(path.join(tmpdir(), 'routelens-cli-all-'));
    env = simulatorEnv(sim);
  });
  afterAll(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function run(vehicle: string, format: string, extra: string[] = []) {
    const out = path.join(dir, `${vehicle}-${format}-${extra.join('_')}.csv`);
    const lines: string[] = [];
    await runCli(
      [
        'export',
        '--vehicle',
        vehicle,
        '--from',
        FROM,
        '--to',
        TO,
        '--format',
        format,
        '--out',
        out,
        '--tz',
        'America/Chicago',
        ...extra,
      ],
      env,
      (l) => lines.push(l),
      () => NOW,
    );
    return { lines, out };
  }

  it.each(['trips', 'events'])(
    '--format %s: the per-vehicle exports concatenated, one header, vehicles by unit number',
    async (format) => {
      const all = await run('all', format, ['--speed-limit', '62']);
      const text = readFileSync(all.out, 'utf8');
      const roster = sim.truth.vehicles(sim.carriers[0]!.id);
      expect(roster.length).toBeGreaterThan(3);
      const numbers = roster.map((v) => v.number).sort((a, b) => a.localeCompare(b, 'en-US', { numeric: true }));
      let expected = '';
      for (const [i, number] of numbers.entries()) {
        const one = await run(number, format, ['--speed-limit', '62']);
        const part = readFileSync(one.out, 'utf8');
        expected += i === 0 ? part : part.slice(part.indexOf('\n') + 1);
      }
      expect(text).toBe(expected);
      const rows = parseCsv(text);
      expect(rows.length).toBeGreaterThan(2);
      // Rows are grouped by vehicle in roster order, and in time order within a vehicle.
      const header = rows[0]!;
      const numberAt = header.indexOf('vehicle_number');
      const startAt = header.indexOf('start_time');
      const order = rows.slice(1).map((r) => numbers.indexOf(r[numberAt]!));
      expect(order.every((v, i) => v >= 0 && (i === 0 || v >= order[i - 1]!))).toBe(true);
      expect(startAt).toBeGreaterThan(0);
      const body = rows.slice(1);
      for (let i = 1; i < body.length; i++)
        if (body[i]![numberAt] === body[i - 1]![numberAt])
          expect(body[i]![startAt]! >= body[i - 1]![startAt]!).toBe(true);
      const summary = JSON.parse(all.lines.at(-1)!) as { rows: number; format: string };
      expect(summary).toMatchObject({ format, rows: rows.length - 1 });
    },
  );

  it.each(['csv', 'gpx'])(
    '--format %s with --vehicle all is refused in one sentence before any request',
    async (format) => {
      sim.resetStats();
      const out = path.join(dir, `refused.${format}`);
      const attempt = runCli(
        ['export', '--vehicle', 'ALL', '--from', FROM, '--to', TO, '--format', format, '--out', out],
        env,
        () => undefined,
        () => NOW,
      );
      await expect(attempt).rejects.toThrow(UsageError);
      await expect(attempt).rejects.toThrow(
        `--vehicle all writes every vehicle's trips or events into one CSV (--format trips or events); --format ${format} is one vehicle's breadcrumbs: give a vehicle id, unit number or VIN.`,
      );
      expect(sim.stats().requests).toBe(0);
    },
  );
});
