/**
 * `routelens` command line (`npm run cli -- <command>`, or the `routelens` bin).
 * Every failure is one sentence on stderr and a non-zero exit: 2 for a usage
 * mistake, 3 for an export that completed without some records (listed in
 * FILE.rejected.csv), 1 for anything else. Never a stack trace.
 */
import { ApiError } from '../api/index.ts';
import { ANALYSIS_FLAG_NAMES, ANALYSIS_FLAGS_HELP } from './analysis-flags.ts';
import { ASSIGNMENTS_FLAG_HELP } from './assignments-flag.ts';
import { UsageError, parseArgs, type FlagSpec, type ParsedArgs } from './args.ts';
import { auditCommand, cliAppInfo, verifyCommand } from './audit.ts';
import { companyCommand, driversCommand, exportCommand, vehiclesCommand } from './commands.ts';
import { baseUrlFromArgs, clientFromArgs } from './connection.ts';
import { demoRoadsCommand, demoServerCommand } from './demo-server.ts';
import { REJECTED_EXIT_CODE, RejectedRecordsError } from './rejected-file.ts';
import { ROAD_LIMIT_FLAG_NAMES, ROAD_LIMIT_FLAGS_HELP } from './road-limit-flags.ts';
import { roadLimitsCommand } from './road-limits.ts';
import { LAKE_HELP, lakeCommand } from '../lake/command.ts';
import { errorText } from '../../../shared/util/error-text.ts';
import { terminalSafe } from '../../../shared/util/terminal-text.ts';

export const HELP = `RouteLens command line

Usage: routelens <command> [options]

Commands:
  demo-server [--port N] [--seed N] [--now ISO]
                                         Serve the built-in API simulator (3 demo carriers) on 127.0.0.1;
                                         prints one JSON line with baseUrl, providerKey and carriers.
                                         --now pins the simulated clock (e.g. 2026-11-20T12:00:00Z).
  demo-roads --out FILE.osm.pbf          Write the demo's roads with their posted limits (for --road-limits).
  company [--json]                       The carrier's name and DOT number.
  vehicles [--status active|inactive] [--json]
  drivers [--hos] [--json]               Drivers, optionally with their latest Hours of Service.
  export --vehicle ID --from YYYY-MM-DD --to YYYY-MM-DD --format csv|gpx|trips|events --out FILE
         [--tz ZONE] [--rate N] [--allow-rejected] [--assignments FILE.csv] [analysis flags]
                                         Download a vehicle's breadcrumbs (days inclusive, UTC unless
                                         --tz) and write csv: every breadcrumb (outliers flagged); gpx:
                                         every breadcrumb, one track per day; trips / events: the Review's
                                         trips and safety events CSV. ID: vehicle UUID, unit number, VIN
                                         or legacy id; "all" with trips / events: every vehicle of the
                                         carrier in one CSV (by unit number, then time). --tz ZONE (IANA,
                                         e.g. America/Chicago): --from and
                                         --to are days of that zone, local_time columns in it. The last
                                         line printed is a JSON summary. Records the API sent that
                                         cannot be read are listed in FILE.rejected.csv, and the export
                                         exits 3 unless --allow-rejected.
${ASSIGNMENTS_FLAG_HELP}

  audit --vehicle ID --from YYYY-MM-DD --to YYYY-MM-DD --out FILE.zip [--tz ZONE] [--rate N]
        [--assignments FILE.csv] [analysis flags]
                                         Write an audit bundle: a zip of track.gpx (every reading),
                                         breadcrumbs.csv, trips.csv, events.csv (the export formats),
                                         report.pdf (printed by Chromium: ROUTELENS_CHROMIUM or
                                         /usr/bin/chromium) and manifest.json (every file's size and
                                         SHA-256, source, carrier, vehicle, range asked and covered,
                                         download times, counts, parameters). Days of --tz (default UTC).
                                         --assignments: as export's; trips.csv and events.csv gain the
                                         driver columns and the report names each trip's and event's driver.
  verify FILE.zip                        Check an audit bundle: prints "verified" and exits 0 when every
                                         file, hash and count matches its manifest; otherwise names each
                                         altered, missing or extra file and exits 1.
  road-limits at FILE --at LAT,LNG[,HEADING] [--at …] [--json]
                                         The road and its limit for a heavy goods vehicle at each point:
                                         the nearest road within 30 m (with a heading, the nearest whose
                                         direction agrees, and that direction's limit), its OSM way id,
                                         the limit in mph and its source (posted, default or none).
                                         FILE: an OpenStreetMap extract (.osm.pbf, .osm, .osm.gz) or an
                                         index written by "road-limits build". No connection needed.
  road-limits build FILE --out INDEX [--json]
                                         Build the road-limit index of an extract and print its counts.
${LAKE_HELP}

Analysis flags (export and audit; the app's "Limit" and "Analysis settings", same units, defaults and checks;
docs/analysis.md explains each rule):
${ANALYSIS_FLAGS_HELP}

Road limits (export and audit): speeding judged against each road's own limit, offline
${ROAD_LIMIT_FLAGS_HELP}

Connection (all commands but demo-server):
  --base-url URL or ROUTELENS_BASE_URL   API address
  ROUTELENS_PROVIDER_KEY                 Provider Key (environment only: flags show in process lists)
  ROUTELENS_COMPANY_KEY                  Company Key of the carrier
`;

const SPEC: FlagSpec = {
  values: [
    'port',
    'seed',
    'now',
    'base-url',
    'status',
    'vehicle',
    'from',
    'to',
    'tz',
    'format',
    'out',
    'rate',
    'assignments',
    ...ANALYSIS_FLAG_NAMES,
    ...ROAD_LIMIT_FLAG_NAMES,
  ],
  switches: ['json', 'hos', 'help', 'allow-rejected'],
};

/** `now`: the clock of export (history window, GPX metadata time); tests pin it to compare files byte for byte. */
export async function runCli(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  out: (line: string) => void,
  now: () => number = Date.now,
): Promise<void> {
  // Its own flags (a repeated --at): parsed by the command itself.
  if (argv[0] === 'road-limits' && !argv.includes('--help')) return roadLimitsCommand(argv.slice(1), out);
  if (argv[0] === 'lake' && !argv.includes('--help')) return lakeCommand(argv.slice(1), env, out, now);
  const args = parseArgs(argv, SPEC);
  if (args.command === undefined || args.command === 'help' || args.flags.has('help')) return out(HELP);
  if (args.command === 'verify') return verifyCommand(args, out);
  if (args.positionals.length > 0) throw new UsageError(`Unexpected argument "${args.positionals[0]}".`);
  switch (args.command) {
    case 'demo-server':
      return demoServerCommand(args, out);
    case 'demo-roads':
      return demoRoadsCommand(args, out);
    case 'company':
      return companyCommand(clientFromArgs(args, env), args, out);
    case 'vehicles':
      return vehiclesCommand(clientFromArgs(args, env), args, out);
    case 'drivers':
      return driversCommand(clientFromArgs(args, env), args, out);
    case 'export': {
      await exportCommand(clientFromArgs(args, env, rateOf(args)), args, out, now);
      return;
    }
    case 'audit': {
      await auditCommand(clientFromArgs(args, env, rateOf(args)), args, out, {
        now,
        baseUrl: baseUrlFromArgs(args, env),
        app: cliAppInfo(),
      });
      return;
    }
    default:
      throw new UsageError(`Unknown command "${args.command}". Run "routelens help".`);
  }
}

function rateOf(args: ParsedArgs): { ratePerSec?: number } {
  const rate = args.flags.get('rate');
  const ratePerSec = typeof rate === 'string' ? Number(rate) : undefined;
  if (ratePerSec !== undefined && !(ratePerSec > 0))
    throw new UsageError(`--rate must be a positive number of requests per second.`);
  return ratePerSec !== undefined ? { ratePerSec } : {};
}

export function describeFailure(err: unknown): { message: string; code: number } {
  if (err instanceof UsageError) return { message: err.message, code: 2 };
  if (err instanceof RejectedRecordsError) return { message: err.message, code: REJECTED_EXIT_CODE };
  if (err instanceof ApiError) return { message: err.message, code: 1 };
  const e = err as { code?: string; message?: string };
  if (
    e.code === 'EACCES' ||
    e.code === 'ENOENT' ||
    e.code === 'EISDIR' ||
    e.code === 'ENOTDIR' ||
    e.code === 'EROFS' ||
    e.code === 'ENOSPC'
  )
    return { message: `Cannot write the output file (${e.code}): ${e.message ?? ''}`.trim(), code: 1 };
  if (e.code === 'EADDRINUSE') return { message: 'That port is in use; pass --port 0 for a free one.', code: 1 };
  return { message: errorText(err), code: 1 };
}

const isEntry =
  process.argv[1] !== undefined && import.meta.filename === (await import('node:fs')).realpathSync(process.argv[1]);
if (isEntry) {
  runCli(process.argv.slice(2), process.env, (line) => console.log(line)).catch((err: unknown) => {
    const { message, code } = describeFailure(err);
    // Messages quote outside text (a file name, a record's value, a server's words).
    console.error(`routelens: ${terminalSafe(message, 4000)}`);
    process.exit(code);
  });
}
