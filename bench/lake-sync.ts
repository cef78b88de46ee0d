/**
 * `routelens lake sync` at a platform's scale: N simulated trucks × 30 local days (default 1,000; env
 * LAKE_BENCH_TRUCKS scales it down for a quick run), the CLI as a child process against a front that
 * serves copies of the simulator's fleet (a seed per copy; each copy's carriers get their own DOT number
 * and keys) through ONE token bucket, the spec's limit the client assumes (8 requests/s, burst 16; env
 * LAKE_BENCH_RATE for both the front's bucket and the CLI's --rate).
 * Figures, each beside its same-run baseline:
 * - records/s of the sync against the CLI's single-vehicle `export` of 30 days through the same front;
 * - wall seconds against the floor the rate limit allows for the requests made ((requests − burst) / rate);
 * - history requests against the minimum the spec allows: per vehicle ⌈readings of its UTC days / page
 *   size⌉ (at least one), counted from the simulators' truth;
 * - peak memory (VmHWM) and CPU seconds of the sync process, polled from /proc; lake bytes per reading;
 * - `lake report` seconds against a bare DuckDB scan of the same files, when the CLI has `lake report`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RunningSimulator } from '../electron/node/simulator/index.ts';
import { localDayInterval, utcDaysOverlapping } from '../shared/time/local-day.ts';
import { addDays, dayOfMs } from '../shared/util/day.ts';
import { report } from './lib/figures.ts';
import { lakeFront, type LakeFront } from './lake-front.ts';
import { lakeReportFigures } from './lake-report-hook.ts';

const TRUCKS = Number(process.env['LAKE_BENCH_TRUCKS'] ?? 1000);
const RATE = Number(process.env['LAKE_BENCH_RATE'] ?? 8);
const BURST = RATE === 8 ? 16 : Math.max(1, Math.ceil(RATE * 2));
const DAYS = Number(process.env['LAKE_BENCH_DAYS'] ?? 30);
const PAGE_SIZE = 1000;
/** Peak memory the sync may reach, whatever the fleet: it keeps a few days per vehicle in flight. */
const MEMORY_BOUND_MB = 1024;
const ROOT = path.resolve(import.meta.dirname, '..');
const CLI = ['--import', 'tsx', 'electron/node/cli/main.ts'];

const TODAY = dayOfMs(Date.now());
const TO = addDays(TODAY, -2);
const FROM = addDays(TO, -(DAYS - 1));

interface ProcessRun {
  code: number | null;
  stdout: string;
  stderr: string;
  seconds: number;
  cpuSeconds: number;
  peakMb: number;
}

const TICKS_PER_SECOND = 100;

/** Runs the CLI, polling its /proc entry for VmHWM and CPU (the last poll before exit: a little under the truth). */
function runCli(args: string[], env: Record<string, string>): Promise<ProcessRun> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [...CLI, ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    let peakKb = 0;
    let cpuTicks = 0;
    const poll = () => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
        const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        cpuTicks = Number(fields[11]) + Number(fields[12]);
      } catch {
        // The process has just exited: the last poll stands.
      }
    };
    const timer = setInterval(poll, 200);
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      stderr += c;
      const last = c.trim().split('\n').pop();
      if (last?.startsWith('lake:')) process.stderr.write(`\r${last.slice(0, 160)}`);
    });
    child.on('close', (code) => {
      clearInterval(timer);
      process.stderr.write('\n');
      resolve({
        code,
        stdout,
        stderr,
        seconds: (performance.now() - t0) / 1000,
        cpuSeconds: cpuTicks / TICKS_PER_SECOND,
        peakMb: peakKb / 1024,
      });
    });
  });
}

function bytesUnder(dir: string): number {
  return (readdirSync(dir, { recursive: true }) as string[]).reduce((n, f) => {
    const s = statSync(path.join(dir, f));
    return n + (s.isFile() ? s.size : 0);
  }, 0);
}

/** The spec's minimum: per vehicle, its UTC days' readings in pages (at least one request); 2 per carrier. */
function minimumRequests(front: LakeFront): { history: number; readings: number } {
  let history = 0;
  let readings = 0;
  for (const { sim, carrier } of front.carriers) {
    const first = utcDaysOverlapping(localDayInterval(FROM, carrier.homeZone))[0]!;
    const lastDays = utcDaysOverlapping(localDayInterval(TO, carrier.homeZone));
    const last = lastDays[lastDays.length - 1]!;
    for (const v of sim.truth.vehicles(carrier.id)) {
      const n = sim.truth.history(carrier.id, v.vehicle_id, first, last).length;
      readings += n;
      history += Math.max(1, Math.ceil(n / PAGE_SIZE));
    }
  }
  return { history, readings };
}

async function exportBaseline(front: LakeFront, dir: string): Promise<{ recordsPerSecond: number; run: ProcessRun }> {
  const { sim, carrier, key } = front.carriers.reduce((a, b) =>
    b.carrier.vehicleCount > a.carrier.vehicleCount ? b : a,
  );
  const vehicle = sim.truth.vehicles(carrier.id).find((v) => v.active)!;
  const out = path.join(dir, 'export.csv');
  const run = await runCli(
    [
      'export',
      '--vehicle',
      vehicle.vehicle_id,
      '--from',
      FROM,
      '--to',
      TO,
      '--format',
      'csv',
      '--out',
      out,
      '--rate',
      String(RATE),
    ],
    { ROUTELENS_BASE_URL: front.baseUrl, ROUTELENS_PROVIDER_KEY: sim.providerKey, ROUTELENS_COMPANY_KEY: key },
  );
  if (run.code !== 0) throw new Error(`export failed (${run.code}): ${run.stderr.slice(-400)}`);
  const records = readFileSync(out, 'utf8').trim().split('\n').length - 1;
  return { recordsPerSecond: records / run.seconds, run };
}

const dir = mkdtempSync(path.join(tmpdir(), 'routelens-bench-lake-'));
const sims: RunningSimulator[] = [];
const front = await lakeFront(TRUCKS, { ratePerSec: RATE, burst: BURST }, sims);
try {
  const trucks = front.carriers.reduce((n, c) => n + c.carrier.vehicleCount, 0);
  console.log(
    `${trucks} trucks in ${front.carriers.length} carriers (${sims.length} simulator copies) × ${DAYS} local days ` +
      `${FROM}..${TO}; one bucket of ${RATE} requests/s, burst ${BURST}`,
  );
  const exported = await exportBaseline(front, dir);
  front.resetCounts();
  const lake = path.join(dir, 'lake');
  const sync = await runCli(
    [
      'lake',
      'sync',
      '--carriers',
      front.carriersFile(dir),
      '--from',
      FROM,
      '--to',
      TO,
      '--out',
      lake,
      '--rate',
      String(RATE),
    ],
    front.env,
  );
  if (sync.code !== 0) throw new Error(`lake sync failed (${sync.code}): ${sync.stderr.slice(-600)}`);
  const summary = JSON.parse(sync.stdout.trim().split('\n').pop()!) as { records: number; requests: number };
  const minimum = minimumRequests(front);
  const lakeBytes = bytesUnder(path.join(lake, 'breadcrumbs'));
  const manifestBytes = statSync(path.join(lake, '_lake.json')).size;
  report({
    bench: 'lake-sync',
    name: `lake sync of ${trucks} trucks × ${DAYS} days`,
    unit: 'records/s',
    samples: [summary.records / sync.seconds],
    baselines: [{ name: 'CLI export of one vehicle, same days, same front', samples: [exported.recordsPerSecond] }],
  });
  const floor = Math.max(0, front.counts.requests - BURST) / RATE;
  if (floor === 0)
    console.log(`lake sync wall time ${sync.seconds.toFixed(1)} s; its requests fit in the bucket's burst`);
  else
    report({
      bench: 'lake-sync',
      name: 'lake sync wall time',
      unit: 's',
      samples: [sync.seconds],
      baselines: [{ name: `the rate limit's floor for its ${front.counts.requests} requests`, samples: [floor] }],
    });
  console.log(
    `history requests ${front.counts.history} against the spec's minimum ${minimum.history} ` +
      `(${(front.counts.history / minimum.history).toFixed(2)}×); besides ${front.counts.requests - front.counts.history} ` +
      `(company-info and roster per carrier, 429 answers ${front.counts.refused})`,
  );
  console.log(
    `readings written ${summary.records} of ${minimum.readings} the UTC days hold (local days cut them); ` +
      `lake ${(lakeBytes / 1e6).toFixed(1)} MB = ${(lakeBytes / summary.records).toFixed(1)} bytes per reading; ` +
      `_lake.json ${(manifestBytes / 1e6).toFixed(1)} MB = ${(manifestBytes / (trucks * DAYS)).toFixed(0)} bytes per vehicle-day`,
  );
  console.log(
    `sync process: peak memory (VmHWM) ${sync.peakMb.toFixed(0)} MB [bound ${MEMORY_BOUND_MB} MB: ` +
      `${sync.peakMb <= MEMORY_BOUND_MB ? 'met' : 'NOT MET'}]; CPU ${sync.cpuSeconds.toFixed(1)} s over ` +
      `${sync.seconds.toFixed(1)} s wall (${((1000 * sync.cpuSeconds) / summary.records).toFixed(3)} ms CPU per reading); ` +
      `export baseline: ${exported.run.peakMb.toFixed(0)} MB, CPU ${exported.run.cpuSeconds.toFixed(1)} s`,
  );
  await lakeReportFigures({ lake, from: FROM, to: TO, dir, run: runCli });
} finally {
  await front.close();
  rmSync(dir, { recursive: true, force: true });
}
