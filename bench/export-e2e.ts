/**
 * End-to-end export throughput: six months of one truck from the local
 * simulator (no rate limit, no latency) through the client, the sync engine
 * and the CSV/GPX writers to a file — the CLI's `export` path.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from '../electron/cli/args.ts';
import { exportCommand } from '../electron/cli/commands.ts';
import { createApiClient } from '../electron/services/api/index.ts';
import { createRateLimiter } from '../electron/services/api/rate-limiter.ts';
import { startSimulator } from '../electron/services/simulator/index.ts';
import { historyWindow } from '../shared/util/history-window.ts';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const sim = await startSimulator({ now: () => NOW });
const carrier = sim.carriers[0]!;
const vehicle = sim.truth.vehicles(carrier.id)[0]!;
const { start, end } = historyWindow(NOW);
const dir = mkdtempSync(path.join(tmpdir(), 'routelens-bench-'));
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);

for (const format of ['csv', 'gpx'] as const) {
  const client = createApiClient({ baseUrl: sim.baseUrl, providerKey: sim.providerKey, companyKey: carrier.companyKey, limiter: createRateLimiter({ unlimited: true }) });
  const out = path.join(dir, `export.${format}`);
  const args = parseArgs(['export', '--vehicle', vehicle.number, '--from', start, '--to', end, '--format', format, '--out', out], {
    values: ['vehicle', 'from', 'to', 'format', 'out'],
    switches: [],
  });
  global.gc?.();
  peakRss = process.memoryUsage().rss;
  const t0 = performance.now();
  const summary = await exportCommand(client, args, () => {}, () => NOW);
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `export ${format}: ${summary.records} records, ${summary.days} days (${start}..${end}), ${summary.requests} requests in ${seconds.toFixed(2)} s → ` +
      `${Math.round(summary.records / seconds).toLocaleString('en-US')} records/s end to end; file ${(statSync(out).size / 1e6).toFixed(1)} MB; peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MiB`,
  );
}
clearInterval(sampler);
await sim.close();
rmSync(dir, { recursive: true, force: true });
