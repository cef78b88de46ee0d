/**
 * `routelens lake sync|sql …`: flags parsed and every input checked (dates,
 * carriers file, each key reference, the key files' permissions) before any
 * request; then the sync or the query.
 */
import { open } from 'node:fs/promises';
import path from 'node:path';
import { createApiClient, createRateLimiter, type RateLimiter } from '../api/index.ts';
import { baseUrlFromArgs } from '../cli/connection.ts';
import {
  dayFlag,
  parseArgs,
  requiredFlag,
  stringFlag,
  UsageError,
  type FlagSpec,
  type ParsedArgs,
} from '../cli/args.ts';
import { cliAppInfo } from '../cli/audit.ts';
import { startSimulator } from '../simulator/index.ts';
import { ANALYSIS_FLAG_NAMES, parseAnalysisFlags } from '../cli/analysis-flags.ts';
import { parseRoadLimitFlags, ROAD_LIMIT_FLAG_NAMES } from '../cli/road-limit-flags.ts';
import { CarriersFileError, MAX_CARRIERS_FILE_BYTES, parseCarriersFile } from '../../../shared/lake/carriers-file.ts';
import { lastLocalDay } from '../../../shared/time/local-day.ts';
import { historyWindow } from '../../../shared/util/history-window.ts';
import { terminalJson } from '../../../shared/util/terminal-text.ts';
import { resolveCompanyKey, resolveProviderKey } from './keys.ts';
import { deriveSettings, roadLimitsIdentity } from './derive-params.ts';
import { lakeReportCommand } from './report.ts';
import { lakeSqlCommand } from './sql.ts';
import { syncLake, type LakeCarrierSource } from './sync.ts';

type Env = Readonly<Record<string, string | undefined>>;

export const LAKE_HELP = `  lake sync (--carriers FILE.csv | --demo) --from YYYY-MM-DD --to YYYY-MM-DD --out DIR
            [--rate N] [--concurrency N] [analysis and road-limit flags, as export's]
                                         Sync many carriers' breadcrumbs into a GeoParquet lake (docs/lake.md):
                                         DIR/breadcrumbs/carrier=<DOT>/day=<home-zone day>/<vehicle>.parquet, the
                                         app's analysis of them in DIR/trips, events, days (per vehicle) and
                                         vehicles, and DIR/_lake.json (coverage, parameters). FILE: CSV "name,home_zone,company_key" where company_key
                                         is env:VAR, keychain:CARRIER_ID or file:PATH (owner-only). Resumable:
                                         complete days are never fetched again. --demo: the simulator's carriers.
  lake sql --lake DIR "SELECT …"         Run one read-only query over the views breadcrumbs, trips, events, days
                                         and vehicles (each with a carrier column; all but vehicles with day) and
                                         print CSV with a header.
  lake report --lake DIR --from YYYY-MM-DD --to YYYY-MM-DD [--out report.csv|report.pdf]
                                         Rank every carrier of the lake on Compare's metrics over those home-zone
                                         days (the portable SQL of shared/lake/sql/); CSV to stdout or --out.`;

/** Each subcommand's own flags: a flag only another subcommand takes is refused, never silently ignored. */
const OWN_FLAGS = {
  sync: [
    'carriers',
    'from',
    'to',
    'out',
    'rate',
    'concurrency',
    'base-url',
    'demo',
    ...ANALYSIS_FLAG_NAMES,
    ...ROAD_LIMIT_FLAG_NAMES,
  ],
  sql: ['lake'],
  report: ['lake', 'from', 'to', 'out'],
} as const satisfies Record<string, readonly string[]>;
type Subcommand = keyof typeof OWN_FLAGS;

const SPEC: FlagSpec = {
  values: [...new Set(Object.values(OWN_FLAGS).flat())].filter((f) => f !== 'demo'),
  switches: ['demo'],
};

function checkOwnFlags(args: ParsedArgs): Subcommand {
  const command = args.command;
  if (command === undefined || !Object.hasOwn(OWN_FLAGS, command))
    throw new UsageError('Use "routelens lake sync …", "routelens lake sql …" or "routelens lake report …".');
  const own: readonly string[] = OWN_FLAGS[command as Subcommand];
  for (const name of args.flags.keys())
    if (!own.includes(name)) throw new UsageError(`--${name} does not apply to "lake ${command}".`);
  return command as Subcommand;
}

const MAX_CONCURRENCY = 64;
const DEFAULT_CONCURRENCY = 8;

export async function lakeCommand(
  argv: readonly string[],
  env: Env,
  out: (line: string) => void,
  now: () => number,
  err: (line: string) => void = (line) => console.error(line),
): Promise<void> {
  const args = parseArgs(argv, SPEC);
  const command = checkOwnFlags(args);
  if (command === 'sql') return lakeSqlCommand(args, out);
  if (command === 'report') return lakeReportCommand(args, out);
  if (args.positionals.length > 0) throw new UsageError(`Unexpected argument "${args.positionals[0]!.slice(0, 80)}".`);
  const nowMs = now();
  const from = dayFlag(args, 'from');
  const to = dayFlag(args, 'to');
  if (from > to) throw new UsageError(`--from ${from} is after --to ${to}.`);
  const window = historyWindow(nowMs);
  if (from < window.start)
    throw new UsageError(`--from ${from} is before the API's history window (from ${window.start}).`);
  if (to > lastLocalDay(nowMs + 14 * 3_600_000, 'UTC'))
    throw new UsageError(`--to ${to} is in the future: no zone has reached that day yet.`);
  const lakeDir = requiredFlag(args, 'out', 'the lake folder');
  const concurrency = countFlag(args, 'concurrency', DEFAULT_CONCURRENCY, MAX_CONCURRENCY);
  const rate = stringFlag(args, 'rate');
  if (rate !== undefined && !(Number(rate) > 0))
    throw new UsageError('--rate must be a positive number of requests per second.');
  const limiter =
    rate === undefined
      ? createRateLimiter()
      : createRateLimiter({ ratePerSec: Number(rate), burst: Math.max(1, Math.ceil(Number(rate) * 2)) });

  const params = parseAnalysisFlags(args);
  const roads = await parseRoadLimitFlags(args);
  const derive = deriveSettings(params, roads, await roadLimitsIdentity(args, roads));

  const demo = args.flags.has('demo');
  if (demo === args.flags.has('carriers')) throw new UsageError('Give either --carriers FILE.csv or --demo.');
  const sim = demo ? await startSimulator({ port: 0 }) : null;
  // Ctrl-C ends the sync between files (the lake stays whole and resumable); a second one ends it at once.
  const interrupt = new AbortController();
  const signal = interrupt.signal;
  const onInterrupt = (): void => {
    interrupt.abort();
    process.once('SIGINT', () => process.exit(130));
  };
  process.once('SIGINT', onInterrupt);
  try {
    const carriers = sim
      ? sim.carriers.map((c, i) =>
          source(
            `Demo carrier ${i + 1} (${c.name})`,
            c.name,
            c.homeZone,
            sim.baseUrl,
            sim.providerKey,
            c.companyKey,
            limiter,
          ),
        )
      : await carriersFromFile(args, env, limiter);
    const summary = await syncLake({
      lakeDir,
      carriers,
      from,
      to,
      now: nowMs,
      app: cliAppInfo(),
      params,
      derive,
      concurrency,
      signal,
      log: err,
    });
    out(terminalJson(summary));
    if (summary.cancelled) {
      // As `export` does on Ctrl-C: the shell's 128 + SIGINT.
      err(`routelens: Interrupted after ${summary.daysWritten} vehicle-days; run the same command again to finish.`);
      process.exitCode = 130;
      return;
    }
    if (summary.failed > 0)
      throw new Error(`${summary.failed} vehicles failed (the rest are complete): ${summary.failures[0]}`);
  } finally {
    process.removeListener('SIGINT', onInterrupt);
    await sim?.close();
  }
}

async function carriersFromFile(args: ParsedArgs, env: Env, limiter: RateLimiter): Promise<LakeCarrierSource[]> {
  const file = requiredFlag(args, 'carriers', 'the carriers CSV');
  const rows = parseCarriers(await readBounded(file));
  const baseUrl = baseUrlFromArgs(args, env);
  const ctx = { env, baseDir: path.dirname(path.resolve(file)) };
  const providerKey = await resolveProviderKey(ctx);
  // Every reference resolved (and every key file checked) before the first request.
  const keys: string[] = [];
  for (const row of rows) keys.push(await resolveCompanyKey(row, ctx));
  return rows.map((row, i) =>
    source(`Row ${row.row} (${row.name})`, row.name, row.homeZone, baseUrl, providerKey, keys[i]!, limiter),
  );
}

function source(
  label: string,
  name: string,
  homeZone: string,
  baseUrl: string,
  providerKey: string,
  companyKey: string,
  limiter: RateLimiter,
): LakeCarrierSource {
  return { label, name, homeZone, client: createApiClient({ baseUrl, providerKey, companyKey, limiter }) };
}

function parseCarriers(text: string) {
  try {
    return parseCarriersFile(text);
  } catch (e) {
    if (e instanceof CarriersFileError) throw new UsageError(e.message);
    throw e;
  }
}

async function readBounded(file: string): Promise<string> {
  const handle = await open(file, 'r').catch((e: NodeJS.ErrnoException) => {
    throw new UsageError(
      `The carriers file ${JSON.stringify(file.slice(-200))} cannot be read (${e.code ?? 'error'}).`,
    );
  });
  try {
    const buffer = Buffer.alloc(MAX_CARRIERS_FILE_BYTES + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead > MAX_CARRIERS_FILE_BYTES)
      throw new UsageError(`The carriers file is larger than ${MAX_CARRIERS_FILE_BYTES / 1024} KB.`);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

function countFlag(args: ParsedArgs, name: string, fallback: number, max: number): number {
  const raw = stringFlag(args, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new UsageError(`--${name} must be a whole number from 1 to ${max}.`);
  return n;
}
