import { readFileSync, statSync } from 'node:fs';
import type { RoadLimits } from '../../../shared/analysis/over-limit-events.ts';
import { OVER_LIMIT_MIN_SECONDS, OVER_LIMIT_TOLERANCE_MPH } from '../../../shared/analysis/params.ts';
import { OVER_LIMIT_DEFAULTS, tiersWithTolerance } from '../../../shared/roads/over-limit.ts';
import { createRoadIndex } from '../../../shared/roads/road-index.ts';
import type { SpeedZones } from '../../../shared/roads/zones.ts';
import { parseSpeedZones, ZONE_FILE_LIMITS } from '../../../shared/roads/zones-parse.ts';
import { terminalSafe } from '../../../shared/util/terminal-text.ts';
import { openRoadLimits } from '../roads/index.ts';
import { stringFlag, UsageError, type ParsedArgs } from './args.ts';
import { checkInputFile } from './road-limits.ts';

/**
 * `export` and `audit` judge speeding against the road's own limit when given road limits: an
 * OpenStreetMap extract or an index built by "road-limits build" (--road-limits FILE), with the
 * tolerance over the limit (--speed-tolerance MPH, the lightest tier's bound; the other tiers keep their
 * bounds) and the shortest event (--speed-min-seconds S); the user's speed zones (--speed-zones FILE, a
 * GeoJSON file of polygons with limits) win over every road limit, and judge alone without --road-limits.
 * docs/analysis.md has the rule.
 */
export const ROAD_LIMIT_FLAG_NAMES = ['road-limits', 'speed-zones', 'speed-tolerance', 'speed-min-seconds'] as const;

export const ROAD_LIMIT_FLAGS_HELP = `  --road-limits FILE                     an OSM extract or road-limit index: adds "over the limit" events
  --speed-zones FILE                     GeoJSON polygons with maxspeed ("10 mph") or limit_mph and a name:
                                         inside them, their limit wins over the road's (alone: only them)
  --speed-tolerance MPH                  default ${OVER_LIMIT_DEFAULTS.tiers[0]!.fromMph} (mph over the road's limit; ${OVER_LIMIT_TOLERANCE_MPH.min} to ${OVER_LIMIT_TOLERANCE_MPH.max})
  --speed-min-seconds SECONDS            default ${OVER_LIMIT_DEFAULTS.minSeconds} (${OVER_LIMIT_MIN_SECONDS.min} to ${OVER_LIMIT_MIN_SECONDS.max})`;

/** The road limits the flags ask for, or undefined without --road-limits or --speed-zones (the tuning flags alone are refused). */
export async function parseRoadLimitFlags(args: ParsedArgs): Promise<RoadLimits | undefined> {
  const file = stringFlag(args, 'road-limits');
  const zonesFile = stringFlag(args, 'speed-zones');
  // The app's bounds (shared/analysis/params.ts): the lightest tier must end below the next one (11 mph over).
  const tolerance = numberFlag(args, 'speed-tolerance', OVER_LIMIT_TOLERANCE_MPH.min, OVER_LIMIT_TOLERANCE_MPH.max);
  const minSeconds = numberFlag(args, 'speed-min-seconds', OVER_LIMIT_MIN_SECONDS.min, OVER_LIMIT_MIN_SECONDS.max);
  if (file === undefined && zonesFile === undefined) {
    const orphan = ['speed-tolerance', 'speed-min-seconds'].find((f) => args.flags.has(f));
    if (orphan) throw new UsageError(`--${orphan} tunes the road-limit events: give --road-limits FILE too.`);
    return undefined;
  }
  if (file !== undefined) checkInputFile(file);
  const zones = zonesFile === undefined ? undefined : readSpeedZones(zonesFile);
  // Zones alone: no road is known, so only readings inside a zone are judged.
  const index = file === undefined ? createRoadIndex([], []) : (await openRoadLimits(file)).index;
  return {
    index,
    ...(zones ? { zones } : {}),
    overLimit: {
      ...(tolerance !== undefined ? { tiers: tiersWithTolerance(OVER_LIMIT_DEFAULTS.tiers, tolerance) } : {}),
      ...(minSeconds !== undefined ? { minSeconds } : {}),
    },
  };
}

function numberFlag(args: ParsedArgs, flag: string, min: number, max: number): number | undefined {
  const text = stringFlag(args, flag);
  if (text === undefined) return undefined;
  const value = text.trim() === '' ? NaN : Number(text);
  if (!Number.isFinite(value) || value < min || value > max)
    throw new UsageError(`--${flag} must be a number from ${min} to ${max}, not "${text.slice(0, 40)}".`);
  return value;
}

/** The zones of a --speed-zones file; a UsageError lists why it is refused (one bad zone refuses the file). */
export function readSpeedZones(file: string): SpeedZones {
  checkInputFile(file);
  const shownFile = terminalSafe(file, 1000);
  // UTF-8 takes at least a byte a character: a file within the character cap in bytes is within it in text.
  if (statSync(file).size > ZONE_FILE_LIMITS.maxChars)
    throw new UsageError(`--speed-zones ${shownFile} is larger than ${ZONE_FILE_LIMITS.maxChars / 1_000_000} MB.`);
  const result = parseSpeedZones(readFileSync(file, 'utf8'));
  if (result.ok) return result.zones;
  throw new UsageError(`--speed-zones ${shownFile} is refused: ${terminalSafe(result.reasons.join('; '), 4000)}.`);
}
