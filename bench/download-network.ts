/**
 * Downloads against the network's limit: the app's download path (the
 * backend's download sessions, polled and acknowledged as the renderer's
 * download manager does, 3 vehicles at a time → the sync engine → the API
 * client and its Provider Key limiter) against a loopback
 * simulator in its own process that answers each request after a round trip
 * plus server time (default 60 + 120 ms) and enforces the token bucket the
 * client assumes (rate-limiter.ts ASSUMED_SERVER_LIMIT: 8 requests/s, burst 16).
 *
 * Only the IndexedDB writes are left out (a no-op writer stands in for the
 * store worker): they run in the renderer, off the network's path, and are
 * measured by bench/indexeddb-write.ts. Each download is compared with:
 * - the minimum request count: per vehicle and run of consecutive days to fetch,
 *   ⌈records / 1000⌉ (at least 1), the records counted by the simulator's truth;
 * - the minimum time those requests allow: the bucket lets the first `burst`
 *   go at once and then `rate` a second, and the last answer comes one round
 *   trip + server time after it was sent: (requests − burst) / rate + latency.
 *
 * Options: --rtt-ms N (60), --server-ms N (120), --rate N and --burst N (the
 * server's bucket; default the one the client assumes), --repeat N (1), --only six-months|week-60.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { createApiClient } from '../electron/node/api/index.ts';
import {
  ASSUMED_SERVER_LIMIT,
  DEFAULT_BURST,
  DEFAULT_RATE_PER_SEC,
  resetProviderLimiters,
} from '../electron/node/api/rate-limiter.ts';
import { createDownloadSessions } from '../electron/node/backend/downloads.ts';
import { startSimulator } from '../electron/node/simulator/index.ts';
import type { RunningSimulator } from '../electron/node/simulator/types.ts';
import { addDays, dayOfMs, type UtcDay } from '../shared/util/day.ts';
import { historyWindow } from '../shared/util/history-window.ts';
import { report } from './lib/figures.ts';

const NOW_ISO = '2026-11-20T12:00:00Z';
const NOW = Date.parse(NOW_ISO);
const PAGE_LIMIT = 1000;
/** Vehicles the renderer's download manager runs at once (renderer/src/downloads/job-state.ts MAX_SESSIONS; the bench project cannot import the renderer). */
const RENDERER_SESSIONS = 3;

const { values: opts } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    'rtt-ms': { type: 'string', default: '60' },
    'server-ms': { type: 'string', default: '120' },
    rate: { type: 'string', default: String(ASSUMED_SERVER_LIMIT.ratePerSec) },
    burst: { type: 'string', default: String(ASSUMED_SERVER_LIMIT.burst) },
    repeat: { type: 'string', default: '1' },
    only: { type: 'string' },
  },
});
const number = (name: keyof typeof opts, min: number): number => {
  const n = Number(opts[name]);
  if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a number >= ${min}, not "${opts[name]}"`);
  return n;
};
const rttMs = number('rtt-ms', 0);
const serverMs = number('server-ms', 0);
const rateLimit = { ratePerSec: number('rate', 0.1), burst: Math.floor(number('burst', 1)) };

/** Requests from the bench process to the simulator process (over the fork's IPC channel). */
type AskBody =
  { type: 'counts'; carrierId: string; vehicleIds: string[]; days: UtcDay[] } | { type: 'reset' } | { type: 'stats' };
type Ask = AskBody & { id: number };

/** The simulator's process: the server with latency and rate limit, and its truth on request. */
async function serve(): Promise<void> {
  // Every response waits out the round trip and the server time (one timer: the simulator has no CPU cost to model).
  const sim: RunningSimulator = await startSimulator({ now: () => NOW, latencyMs: rttMs + serverMs, rateLimit });
  process.on('message', (raw) => {
    const ask = raw as Ask;
    if (ask.type === 'counts') {
      // Records per vehicle per day, from the truth (this also warms the simulator's caches before the timing).
      const counts = ask.vehicleIds.map((v) => ask.days.map((d) => sim.truth.history(ask.carrierId, v, d, d).length));
      process.send!({ id: ask.id, counts });
    } else if (ask.type === 'reset') {
      sim.resetStats();
      sim.setRateLimit(rateLimit); // a full bucket for the next download
      process.send!({ id: ask.id });
    } else process.send!({ id: ask.id, stats: sim.stats() });
  });
  process.send!({
    ready: { baseUrl: sim.baseUrl, providerKey: sim.providerKey, carriers: sim.carriers },
  });
  process.on('disconnect', () => void sim.close().then(() => process.exit(0)));
}

interface Ready {
  baseUrl: string;
  providerKey: string;
  carriers: RunningSimulator['carriers'];
}

function startServer(): Promise<{ ready: Ready; ask: <T>(a: AskBody) => Promise<T>; child: ChildProcess }> {
  const child = fork(
    import.meta.filename,
    [
      '--serve',
      '--rtt-ms',
      String(rttMs),
      '--server-ms',
      String(serverMs),
      '--rate',
      String(rateLimit.ratePerSec),
      '--burst',
      String(rateLimit.burst),
    ],
    { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  let nextId = 0;
  const pending = new Map<number, (v: unknown) => void>();
  return new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`the simulator process exited (${code ?? 'signal'}) before it was ready`)),
    );
    child.on('message', (m: { id?: number; ready?: Ready }) => {
      if (m.ready)
        resolve({
          ready: m.ready,
          child,
          ask: <T>(a: AskBody) =>
            new Promise<T>((res) => {
              const id = ++nextId;
              pending.set(id, res as (v: unknown) => void);
              child.send({ ...a, id });
            }),
        });
      else if (m.id !== undefined) {
        pending.get(m.id)?.(m);
        pending.delete(m.id);
      }
    });
  });
}

/** Per vehicle, ⌈records / 1000⌉ (at least one request) over the one run of days it needs (nothing is stored). */
const minimumRequests = (counts: number[][]): number =>
  counts.reduce((n, days) => n + Math.max(1, Math.ceil(days.reduce((a, b) => a + b, 0) / PAGE_LIMIT)), 0);

const minimumSeconds = (requests: number): number =>
  Math.max(0, requests - rateLimit.burst) / rateLimit.ratePerSec + (rttMs + serverMs) / 1000;

interface Outcome {
  seconds: number;
  cpuSeconds: number;
  records: number;
  historyRequests: number;
  requests: number;
  status429: number;
  state: string;
}

/** One job through the renderer's download manager, with a fresh client limiter and a full server bucket. */
async function download(
  server: Awaited<ReturnType<typeof startServer>>,
  carrier: Ready['carriers'][number],
  vehicles: { vehicleId: string; vehicleNumber: string }[],
  from: UtcDay,
  to: UtcDay,
): Promise<Outcome> {
  await server.ask({ type: 'reset' });
  resetProviderLimiters();
  let historyRequests = 0;
  let requests = 0;
  const counting: typeof fetch = (input, init) => {
    requests++;
    if (String(input).includes('/vehicle-location-history/')) historyRequests++;
    return fetch(input, init);
  };
  const client = createApiClient({
    baseUrl: server.ready.baseUrl,
    providerKey: server.ready.providerKey,
    companyKey: carrier.companyKey,
    fetchImpl: counting,
  });
  const today = dayOfMs(NOW);
  const sessions = createDownloadSessions({ toFailure: (err) => ({ kind: 'other', message: String(err) }) });
  let records = 0;
  const states: string[] = [];
  /** What the renderer's vehicle session does (vehicle-session.ts): poll, store the days, acknowledge them. */
  const pullVehicle = async (vehicleId: string): Promise<void> => {
    const id = sessions.start({ carrierId: carrier.id, vehicleId, from, to, completeDays: [] }, client, today);
    for (let ack = 0; ;) {
      const { events, finished } = await sessions.poll(id, ack);
      for (const e of events) {
        if (e.type === 'day') {
          records += e.chunk.length;
          ack = e.seq;
        } else if (e.type === 'done' || e.type === 'failed') states.push(e.type);
      }
      if (finished) return;
    }
  };
  global.gc?.();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let next = 0;
  const slot = async (): Promise<void> => {
    while (next < vehicles.length) await pullVehicle(vehicles[next++]!.vehicleId);
  };
  await Promise.all(Array.from({ length: Math.min(RENDERER_SESSIONS, vehicles.length) }, slot));
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  sessions.cancelAll();
  const failed = states.filter((x) => x !== 'done').length;
  const stats = await server.ask<{ stats: { byStatus: Record<number, number> } }>({ type: 'stats' });
  return {
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    records,
    historyRequests,
    requests,
    status429: stats.stats.byStatus[429] ?? 0,
    state: failed === 0 && states.length === vehicles.length ? 'done' : `${failed} of ${vehicles.length} failed`,
  };
}

async function main(): Promise<void> {
  const server = await startServer();
  const repeat = Math.max(1, Math.floor(Number(opts.repeat)));
  const { start, end } = historyWindow(NOW);
  const first = server.ready.carriers[0]!;
  const big = server.ready.carriers.find((c) => c.vehicleCount >= 60);
  if (!big) throw new Error('the simulator has no carrier of 60 trucks or more');
  const listVehicles = async (carrierId: string, companyKey: string) => {
    const client = createApiClient({
      baseUrl: server.ready.baseUrl,
      providerKey: server.ready.providerKey,
      companyKey,
    });
    const list = await client.vehicles({ limit: 1000 });
    return { carrierId, vehicles: list.records.map((v) => ({ vehicleId: v.vehicle_id, vehicleNumber: v.number })) };
  };
  const oneTruck = (await listVehicles(first.id, first.companyKey)).vehicles.slice(0, 1);
  const fleet = (await listVehicles(big.id, big.companyKey)).vehicles.slice(0, 60);
  const cases = [
    { key: 'six-months', label: 'six months of one truck', carrier: first, vehicles: oneTruck, from: start, to: end },
    {
      key: 'week-60',
      label: `a week of ${fleet.length} trucks (${big.name})`,
      carrier: big,
      vehicles: fleet,
      from: addDays(end, -6),
      to: end,
    },
  ].filter((c) => !opts.only || c.key === opts.only);
  console.log(
    `loopback API in its own process: ${rttMs} ms round trip + ${serverMs} ms server time a request, rate limit ${rateLimit.ratePerSec}/s burst ${rateLimit.burst} (the limit the client assumes; its own limiter paces at ${DEFAULT_RATE_PER_SEC}/s burst ${DEFAULT_BURST})`,
  );
  for (const c of cases) {
    const days: UtcDay[] = [];
    for (let d = c.from; d <= c.to; d = addDays(d, 1)) days.push(d);
    const { counts } = await server.ask<{ counts: number[][] }>({
      type: 'counts',
      carrierId: c.carrier.id,
      vehicleIds: c.vehicles.map((v) => v.vehicleId),
      days,
    });
    const truthRecords = counts.flat().reduce((a, b) => a + b, 0);
    const minRequests = minimumRequests(counts);
    const minSeconds = minimumSeconds(minRequests);
    const elapsed: number[] = [];
    const ratios: number[] = [];
    for (let i = 0; i < repeat; i++) {
      const o = await download(server, c.carrier, c.vehicles, c.from, c.to);
      if (o.state !== 'done') throw new Error(`the download ended "${o.state}", not done`);
      if (o.records !== truthRecords)
        throw new Error(`the download stored ${o.records} records, the simulator holds ${truthRecords}`);
      elapsed.push(o.seconds);
      ratios.push(minSeconds / o.seconds);
      const reqRatio = o.historyRequests / minRequests;
      console.log(
        `${c.label} (${c.from}..${c.to}): ${o.records.toLocaleString('en-US')} records in ${o.seconds.toFixed(2)} s; minimum ${minSeconds.toFixed(2)} s → ` +
          `minimum/elapsed ${(minSeconds / o.seconds).toFixed(2)} [target >= 0.9: ${minSeconds / o.seconds >= 0.9 ? 'met' : 'NOT MET'}]; ` +
          `history requests ${o.historyRequests} vs minimum ${minRequests} → ${reqRatio.toFixed(2)}× [target <= 1.1: ${reqRatio <= 1.1 ? 'met' : 'NOT MET'}]; ` +
          `all requests ${o.requests}, 429s ${o.status429}; client CPU ${o.cpuSeconds.toFixed(2)} s = ${((o.cpuSeconds / o.records) * 1e6).toFixed(2)} µs/record`,
      );
    }
    report({
      bench: 'download-network',
      name: `${c.label}: elapsed`,
      unit: 's',
      samples: elapsed,
      baselines: [
        {
          name: `minimum the rate limit and latency allow for ${minRequests} requests`,
          samples: [minSeconds],
          target: '<= 1.111',
        },
      ],
    });
  }
  server.child.disconnect();
}

if (opts.serve) await serve();
else await main();
