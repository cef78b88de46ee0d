/**
 * `routelens road-limits at FILE --at LAT,LNG[,HEADING] [--at …] [--json]` and
 * `routelens road-limits build FILE --out INDEX [--json]`: the road-limit index
 * from the command line, offline. FILE is an OpenStreetMap extract or a built
 * index. Needs no API connection.
 */
import { statSync } from 'node:fs';
import { limitAt, DEFAULT_RADIUS_M, type PointLimit } from '../../../shared/roads/nearest.ts';
import { REFUSAL_REASONS, type RefusalReason } from '../../../shared/roads/maxspeed.ts';
import { terminalJson, terminalSafe } from '../../../shared/util/terminal-text.ts';
import { buildRoadIndexFromFile, type BuildCounts } from '../roads/build.ts';
import { openRoadLimits } from '../roads/open.ts';
import { writeRoadIndex } from '../roads/rlidx.ts';
import { parseArgs, requiredFlag, UsageError } from './args.ts';

type Out = (line: string) => void;

/** More points than anyone types; a script with more should build an index and use the app's API. */
export const MAX_POINTS = 1000;

export interface AtPoint {
  lat: number;
  lng: number;
  heading?: number;
}

const NUMBER = String.raw`[-+]?(?:\d+\.?\d*|\.\d+)`;
const AT_VALUE = new RegExp(`^(${NUMBER}),(${NUMBER})(?:,(${NUMBER}))?$`);

/** One --at value; a UsageError names what is wrong with it. */
export function parseAtPoint(raw: string): AtPoint {
  const m = AT_VALUE.exec(raw.replace(/\s+/g, ''));
  const shown = terminalSafe(raw, 100);
  if (!m)
    throw new UsageError(`--at must be LAT,LNG or LAT,LNG,HEADING in degrees (e.g. 39.29,-76.61,90), not "${shown}".`);
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  if (!(lat >= -90 && lat <= 90)) throw new UsageError(`--at "${shown}": latitude must be between -90 and 90.`);
  if (!(lng >= -180 && lng <= 180)) throw new UsageError(`--at "${shown}": longitude must be between -180 and 180.`);
  if (m[3] === undefined) return { lat, lng };
  const heading = Number(m[3]);
  if (!(heading >= 0 && heading <= 360))
    throw new UsageError(`--at "${shown}": heading must be between 0 and 360 degrees (0 = north, 90 = east).`);
  return { lat, lng, heading: heading % 360 };
}

/** `argv`: the words after "road-limits". */
export async function roadLimitsCommand(argv: readonly string[], out: Out): Promise<void> {
  const atValues: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--at') {
      const v = argv[++i];
      if (v === undefined) throw new UsageError('--at needs a value (LAT,LNG or LAT,LNG,HEADING).');
      atValues.push(v);
    } else if (a.startsWith('--at=')) atValues.push(a.slice(5));
    else rest.push(a);
  }
  const args = parseArgs(rest, { values: ['out'], switches: ['json'] });
  const [file, ...extra] = args.positionals;
  if (args.command !== 'at' && args.command !== 'build')
    throw new UsageError(
      'Use "routelens road-limits at FILE --at LAT,LNG" or "routelens road-limits build FILE --out INDEX".',
    );
  if (file === undefined)
    throw new UsageError(`Give the extract or index: routelens road-limits ${args.command} FILE.`);
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${terminalSafe(extra[0]!, 200)}".`);
  checkInputFile(file);
  const json = args.flags.has('json');
  if (args.command === 'build') {
    if (atValues.length > 0) throw new UsageError('--at belongs to "road-limits at", not "build".');
    return buildCommand(file, requiredFlag(args, 'out', 'the index file to write'), json, out);
  }
  if (args.flags.has('out')) throw new UsageError('--out belongs to "road-limits build", not "at".');
  if (atValues.length === 0) throw new UsageError('Give at least one point: --at LAT,LNG[,HEADING].');
  if (atValues.length > MAX_POINTS) throw new UsageError(`At most ${MAX_POINTS} --at points at a time.`);
  const points = atValues.map(parseAtPoint);
  const { index } = await openRoadLimits(file);
  for (const p of points) {
    const found = limitAt(index, p.lat, p.lng, p.heading);
    out(json ? terminalJson(pointJson(p, found)) : pointLine(p, found));
  }
}

export function checkInputFile(file: string): void {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) throw new UsageError(`${terminalSafe(file, 1000)} does not exist.`);
  if (!stat.isFile()) throw new UsageError(`${terminalSafe(file, 1000)} is not a file.`);
}

async function buildCommand(file: string, outFile: string, json: boolean, out: Out): Promise<void> {
  const { index, counts } = await buildRoadIndexFromFile(file);
  writeRoadIndex(index, outFile);
  if (json) return out(terminalJson({ out: outFile, ...counts }));
  out(countsText(counts));
  out(`Wrote ${terminalSafe(outFile, 1000)} (${counts.segments} segments).`);
}

export function countsText(c: BuildCounts): string {
  const refused = Object.entries(c.refused)
    .map(([reason, n]) => `${n} ${REFUSAL_REASONS[reason as RefusalReason] ?? reason}`)
    .join('; ');
  return [
    `${c.waysKept} roads kept (${c.waysSkipped} other highway ways left out): ${c.posted} posted, ${c.default} default, ${c.none} none.`,
    refused ? ` Values kept out: ${refused}.` : '',
    c.conditional ? ` ${c.conditional} conditional limits kept as text.` : '',
    c.waysMissingNodes ? ` ${c.waysMissingNodes} roads cut at the extract's edge.` : '',
  ].join('');
}

const mph1 = (v: number) => (Number.isFinite(v) ? Math.round(v * 10) / 10 : null);
const roadName = (p: PointLimit) =>
  p.way.name && p.way.ref ? `${p.way.name} (${p.way.ref})` : p.way.name || p.way.ref;
const atText = (p: AtPoint) => `${p.lat},${p.lng}${p.heading === undefined ? '' : `,${p.heading}`}`;

export function pointJson(p: AtPoint, found: PointLimit | null) {
  const at = { lat: p.lat, lng: p.lng, ...(p.heading === undefined ? {} : { heading: p.heading }) };
  if (!found) return { at, way: null, road: null, highway: null, limit_mph: null, source: 'none' as const };
  const limit = mph1(found.limitMph);
  return {
    at,
    way: found.way.wayId,
    road: roadName(found),
    highway: found.way.highway,
    limit_mph: limit,
    source: limit === null ? ('none' as const) : found.way.source,
    limit_text: found.way.limitText,
    conditional: found.way.conditional,
    direction: found.direction,
    distance_m: Math.round(found.distanceM * 10) / 10,
    heading_agrees: found.headingAgrees,
  };
}

function pointLine(p: AtPoint, found: PointLimit | null): string {
  if (!found) return `${atText(p)}: no road within ${DEFAULT_RADIUS_M} m.`;
  const j = pointJson(p, found);
  const limit =
    j.limit_mph === null
      ? found.direction === 'unknown' && Number.isFinite(found.way.forwardMph)
        ? 'limit depends on the direction (add a heading)'
        : 'no limit known'
      : `${j.limit_mph} mph ${j.source}`;
  const road = j.road ? ` ${j.road}` : '';
  const text = found.way.limitText ? ` [${found.way.limitText}]` : '';
  const cond = found.way.conditional ? ` (conditional: ${found.way.conditional})` : '';
  const heading = found.headingAgrees ? '' : ' (no nearby road agrees with the heading)';
  return terminalSafe(
    `${atText(p)}: way ${found.way.wayId}${road} (${found.way.highway}) ${limit}${text}${cond}, ${j.distance_m} m away${heading}.`,
    2000,
  );
}
