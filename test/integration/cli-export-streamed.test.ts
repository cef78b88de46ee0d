/**
 * The CLI's UTC breadcrumb CSV is written day by day while the download runs
 * (electron/node/cli/days-in-order.ts). Against the simulator, with the first
 * run's pages held back (so its days arrive last) and records shuffled, its bytes must equal the file the whole
 * download renders at once (exportOutput, the path every other format takes),
 * and a download that fails half-way must leave no file behind.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../electron/node/api/index.ts';
import { createRateLimiter } from '../../electron/node/api/rate-limiter.ts';
import { parseArgs } from '../../electron/node/cli/args.ts';
import { exportCommand, exportMetaOf } from '../../electron/node/cli/commands.ts';
import { exportOutput } from '../../electron/node/cli/export-formats.ts';
import { downloadSelection, parseSelection } from '../../electron/node/cli/selection.ts';
import { startSimulator, type RunningSimulator } from '../../electron/node/simulator/index.ts';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import { addDays } from '../../shared/util/day.ts';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const SPEC = { values: ['vehicle', 'from', 'to', 'format', 'out', 'tz'], switches: [] };

describe('CLI CSV export written during the download', () => {
  let sim: RunningSimulator;
  let dir: string;
  let vehicleId: string;
  const client = (fetchImpl: typeof fetch = fetch) =>
    createApiClient({
      baseUrl: sim.baseUrl,
      providerKey: sim.providerKey,
      companyKey: sim.carriers[0]!.companyKey,
      limiter: createRateLimiter({ unlimited: true }),
      fetchImpl,
    });
  const exportArgs = (out: string, from: string, to: string, format = 'csv') =>
    parseArgs(['export', '--vehicle', vehicleId, '--from', from, '--to', to, '--format', format, '--out', out], SPEC);

  beforeAll(async () => {
    sim = await startSimulator({ now: () => NOW });
    sim.setFaults({ order: 'shuffled', duplicateAcrossPages: true });
    dir = mkdtempSync(path.join(tmpdir(), 'routelens-cli-stream-'));
    vehicleId = sim.truth.vehicles(sim.carriers[0]!.id).find((v) => v.active)!.vehicle_id;
  });
  afterAll(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['csv', 'gpx'] as const)(
    '%s: equals the file rendered from the whole download, byte for byte, with the same counts',
    async (format) => {
      const to = '2026-11-19';
      const from = addDays(to, -40);
      const out = path.join(dir, `streamed.${format}`);
      const [yyyy, mm, dd] = from.split('-');
      const firstRunStart = `${mm}-${dd}-${yyyy}`; // the API's MM-DD-YYYY
      // The first run's pages come late, so its days arrive after later runs' days.
      const runs: string[] = [];
      const firstRunLast: typeof fetch = async (input, init) => {
        const url = new URL(String(input));
        const start = url.searchParams.get('start_date');
        if (start !== null && url.pathname.includes('/vehicle-location-history')) {
          runs.push(start);
          if (start === firstRunStart) await new Promise((r) => setTimeout(r, 400));
        }
        return fetch(input, init);
      };
      const summary = await exportCommand(
        client(firstRunLast),
        exportArgs(out, from, to, format),
        () => {},
        () => NOW,
      );
      // The 41 days are spread over the four queries in flight at once.
      expect(new Set(runs).size).toBe(4);

      const selection = parseSelection(exportArgs(out, from, to, format), NOW);
      const d = await downloadSelection(client(), selection, { now: () => NOW, company: format === 'gpx' });
      const whole = exportOutput(format, d.chunks, DEFAULT_ANALYSIS_PARAMS, exportMetaOf(d, NOW));
      const expected = [...whole.pieces].join('');
      expect(expected.split(format === 'csv' ? '\r\n' : '<trkpt ').length).toBeGreaterThan(10_000);
      expect(readFileSync(out, 'utf8')).toBe(expected);
      expect(summary.rows).toBe(whole.rows);
      // The outlier count, taken without the analysis, is the analysis's own.
      expect(summary.outliers).toBe(analyzeTrack(d.chunks, DEFAULT_ANALYSIS_PARAMS).totals.outliers);
      expect(summary.days).toBe(41);
    },
  );

  it('a download that fails half-way leaves neither the file nor a partial one', async () => {
    let history = 0;
    const failing: typeof fetch = (input, init) => {
      if (String(input).includes('/vehicle-location-history') && ++history > 6)
        return Promise.resolve(new Response('{"description":"gone"}', { status: 404 }));
      return fetch(input, init);
    };
    const out = path.join(dir, 'failed.csv');
    await expect(
      exportCommand(
        client(failing),
        exportArgs(out, '2026-09-01', '2026-10-31'),
        () => {},
        () => NOW,
      ),
    ).rejects.toThrow();
    expect(history).toBeGreaterThan(6);
    expect(readdirSync(dir).filter((f) => f.startsWith('failed.csv'))).toEqual([]);
  });
});
