import { parseIsoUtc } from '../../../shared/api/validate.ts';
import { startSimulator } from '../simulator/index.ts';
import path from 'node:path';
import { demoRoads, demoRoadsPbf } from '../simulator/osm-roads.ts';
import { requiredFlag, stringFlag, UsageError, type ParsedArgs } from './args.ts';
import { openOutputFile } from './output-file.ts';
import { terminalSafe } from '../../../shared/util/terminal-text.ts';

/** Serves the simulator until SIGINT/SIGTERM; the first stdout line is the connection JSON. */
export async function demoServerCommand(args: ParsedArgs, out: (line: string) => void): Promise<void> {
  const port = Number(stringFlag(args, 'port') ?? '0');
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError('--port must be a whole number from 0 to 65535 (0 picks a free port).');
  const seedFlag = stringFlag(args, 'seed');
  const seed = seedFlag === undefined ? undefined : Number(seedFlag);
  if (seed !== undefined && !Number.isInteger(seed)) throw new UsageError('--seed must be a whole number.');
  const nowFlag = stringFlag(args, 'now');
  // A pinned clock makes the served data reproducible (benchmarks, demos of a fixed day); the zone is required so it never means local time.
  const now = nowFlag === undefined ? undefined : parseIsoUtc(nowFlag);
  if (now === null) throw new UsageError('--now must be an ISO 8601 date-time with a zone, e.g. 2026-11-20T12:00:00Z.');
  const sim = await startSimulator({
    port,
    ...(seed !== undefined ? { seed } : {}),
    ...(now !== undefined ? { now: () => now } : {}),
  });
  out(
    JSON.stringify({
      baseUrl: sim.baseUrl,
      providerKey: sim.providerKey,
      carriers: sim.carriers.map((c) => ({ name: c.name, companyKey: c.companyKey })),
    }),
  );
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await sim.close();
}

/**
 * `demo-roads --out FILE`: the demo world's road network with its posted limits, as an OpenStreetMap
 * extract (.osm.pbf), so `export --road-limits FILE` judges the demo carriers' speeding against their
 * roads' limits.
 */
export async function demoRoadsCommand(args: ParsedArgs, out: (line: string) => void): Promise<void> {
  const file = requiredFlag(args, 'out', 'the .osm.pbf file to write');
  if (!file.toLowerCase().endsWith('.osm.pbf'))
    throw new UsageError(`--out must name an .osm.pbf file, not "${path.basename(file).slice(0, 80)}".`);
  const output = openOutputFile(file);
  const { ways } = demoRoads();
  await output.commit([demoRoadsPbf()]);
  out(`Wrote the demo's ${ways.length} roads with their posted limits to ${terminalSafe(file, 1000)}.`);
}
