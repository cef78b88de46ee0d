/**
 * End-to-end export throughput: six months of one truck from the local
 * simulator (no rate limit, no latency) through the client, the sync engine
 * and the CSV/GPX writers to a file — the CLI's `export` path.
 *
 * Two set-ups, both reported:
 * - "separate process": the simulator runs as `routelens demo-server` in its
 *   own process, like a real (remote) API server, so generating the data does
 *   not compete with the client for this process's thread.
 * - "in-process": simulator and client share one thread (the worst case).
 *
 * The first export of a set-up pays for the simulator's one-off warm-up (the
 * vehicle's history is simulated from the simulator's epoch, and the city
 * database loads); it is labelled "cold". A real server has no such cost, so
 * the "warm" runs are the figure to read.
 *
 * Options: --mode process|in-process|both (default both), --repeat N (warm runs per format, default 1),
 * --server-cpu-prof DIR (CPU profile of the separate simulator process).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs as parseNodeArgs } from 'node:util';
import { parseArgs } from '../electron/node/cli/args.ts';
import { exportCommand } from '../electron/node/cli/commands.ts';
import { createApiClient } from '../electron/node/api/index.ts';
import { createRateLimiter } from '../electron/node/api/rate-limiter.ts';
import { startSimulator } from '../electron/node/simulator/index.ts';
import { historyWindow } from '../shared/util/history-window.ts';
import { report } from './lib/figures.ts';
import { bareFetchParse, SYNC_CONCURRENCY } from './lib/bare-fetch.ts';

const NOW_ISO = '2026-11-20T12:00:00Z';
const NOW = Date.parse(NOW_ISO);
const ROOT = path.resolve(import.meta.dirname, '..');

const { values: opts } = parseNodeArgs({
  options: {
    mode: { type: 'string', default: 'both' },
    repeat: { type: 'string', default: '3' },
    'server-cpu-prof': { type: 'string' },
  },
});
if (!['both', 'process', 'in-process'].includes(opts.mode))
  throw new Error(`--mode must be process, in-process or both, not "${opts.mode}"`);
const modes = opts.mode === 'both' ? ['process', 'in-process'] : [opts.mode];
const repeat = Math.max(1, Number(opts.repeat));

interface Server {
  baseUrl: string;
  providerKey: string;
  companyKey: string;
  close: () => Promise<void>;
}

async function inProcessServer(): Promise<Server> {
  const sim = await startSimulator({ now: () => NOW });
  return {
    baseUrl: sim.baseUrl,
    providerKey: sim.providerKey,
    companyKey: sim.carriers[0]!.companyKey,
    close: () => sim.close(),
  };
}

async function separateServer(): Promise<Server> {
  const prof = opts['server-cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', opts['server-cpu-prof']] : [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...prof, '--import', 'tsx', 'electron/node/cli/main.ts', 'demo-server', '--port', '0', '--now', NOW_ISO],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`demo-server exited (${code ?? 'signal'}) before it was ready`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  const info = JSON.parse(line) as { baseUrl: string; providerKey: string; carriers: { companyKey: string }[] };
  return {
    baseUrl: info.baseUrl,
    providerKey: info.providerKey,
    companyKey: info.carriers[0]!.companyKey,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const { start, end } = historyWindow(NOW);
const dir = mkdtempSync(path.join(tmpdir(), 'routelens-bench-'));
let peakRss = 0;
// rss() alone: the full memoryUsage() walks the heap spaces and cost ~30 ms of CPU per export at this rate.
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 20);

for (const mode of modes) {
  const server = mode === 'process' ? await separateServer() : await inProcessServer();
  const requested: string[] = [];
  const recording: typeof fetch = (input, init) => {
    requested.push(String(input));
    return fetch(input, init);
  };
  const newClient = () =>
    createApiClient({
      baseUrl: server.baseUrl,
      providerKey: server.providerKey,
      companyKey: server.companyKey,
      limiter: createRateLimiter({ unlimited: true }),
      fetchImpl: recording,
    });
  const samples = { csv: [] as number[], gpx: [] as number[], bare4: [] as number[], bare1: [] as number[] };
  // The first vehicle of the first carrier, as the API lists it (the same truck whichever set-up serves it).
  const vehicle = (await newClient().vehicles({ limit: 1000 })).records[0]!;
  const label = mode === 'process' ? 'separate process' : 'in-process';
  // One cold csv export, then warm csv and gpx exports.
  const runs = [
    { format: 'csv', cold: true },
    ...Array.from(
      { length: repeat },
      () =>
        [
          { format: 'csv', cold: false },
          { format: 'gpx', cold: false },
        ] as const,
    ).flat(),
  ] as const;
  for (const { format, cold } of runs) {
    const out = path.join(dir, `export.${format}`);
    const args = parseArgs(
      ['export', '--vehicle', vehicle.number, '--from', start, '--to', end, '--format', format, '--out', out],
      {
        values: ['vehicle', 'from', 'to', 'format', 'out'],
        switches: [],
      },
    );
    // Replacing the previous run's file would add its deletion to the timing.
    rmSync(out, { force: true });
    global.gc?.();
    peakRss = process.memoryUsage.rss();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    requested.length = 0;
    const summary = await exportCommand(
      newClient(),
      args,
      () => {},
      () => NOW,
    );
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    console.log(
      `[${label}, ${cold ? 'cold' : 'warm'}] export ${format}: ${summary.records} records, ${summary.days} days (${start}..${end}), ${summary.requests} requests in ${seconds.toFixed(2)} s → ` +
        `${Math.round(summary.records / seconds).toLocaleString('en-US')} records/s end to end; this process's CPU ${cpuSeconds.toFixed(2)} s; ` +
        `file ${(statSync(out).size / 1e6).toFixed(1)} MB; peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MiB`,
    );
    if (cold) continue;
    samples[format].push(summary.records / seconds);
    // The same pages, fetched bare and only JSON.parse-d: with the sync engine's concurrency, then one at a time.
    const firstPages = requested.filter(
      (u) => u.includes('/vehicle-location-history/') && !new URL(u).searchParams.has('next_page_token'),
    );
    for (const [concurrency, into] of [
      [SYNC_CONCURRENCY, samples.bare4],
      [1, samples.bare1],
    ] as const) {
      if (format !== 'csv') break;
      global.gc?.();
      const bare = await bareFetchParse(
        firstPages,
        { providerKey: server.providerKey, companyKey: server.companyKey },
        concurrency,
      );
      if (bare.records < summary.records)
        throw new Error(
          `the bare loop read ${bare.records} records, the export ${summary.records}: not the same pages`,
        );
      // Rated by the export's record count: the ratio is then the two times' (the bare loop also reads the extra day the export drops).
      into.push(summary.records / bare.seconds);
      console.log(
        `[${label}] bare fetch + JSON.parse ×${concurrency}: ${bare.pages} pages, ${bare.records} records in ${bare.seconds.toFixed(2)} s`,
      );
    }
  }
  await server.close();
  const baselines = [
    {
      name: `bare fetch + JSON.parse of the same pages, ×${SYNC_CONCURRENCY} like the sync engine`,
      // A reference, without a target: this ratio is bound by the machine's cores; a user's download is bound by
      // the network and the rate limit, which bench/download-network.ts measures against its minimum.
      samples: samples.bare4,
    },
    { name: 'bare fetch + JSON.parse of the same pages, sequential', samples: samples.bare1 },
  ];
  for (const format of ['csv', 'gpx'] as const) {
    report({
      bench: 'export-e2e',
      name: `${label}: download + write ${format}, six months of one truck`,
      unit: 'records/s',
      samples: samples[format],
      baselines,
    });
  }
}
clearInterval(sampler);
rmSync(dir, { recursive: true, force: true });
