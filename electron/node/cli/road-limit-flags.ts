import type { RoadLimits } from '../../../shared/analysis/over-limit-events.ts';
import { OVER_LIMIT_DEFAULTS, tiersWithTolerance } from '../../../shared/roads/over-limit.ts';
import { openRoadLimits } from '../roads/index.ts';
import { stringFlag, UsageError, type ParsedArgs } from './args.ts';
import { checkInputFile } from './road-limits.ts';

/**
 * `export` and `audit` judge speeding against the road's own limit when given road limits: an
 * OpenStreetMap extract or an index built by "road-limits build" (--road-limits FILE), with the
 * tolerance over the limit (--speed-tolerance MPH, the lightest tier's bound; the other tiers keep their
 * bounds) and the shortest event (--speed-min-seconds S). docs/analysis.md has the rule.
 */
export const ROAD_LIMIT_FLAG_NAMES = ['road-limits', 'speed-tolerance', 'speed-min-seconds'] as const;

export const ROAD_LIMIT_FLAGS_HELP = `  --road-limits FILE                     an OSM extract or road-limit index: adds "over the limit" events
  --speed-tolerance MPH                  default ${OVER_LIMIT_DEFAULTS.tiers[0]!.fromMph} (mph over the road's limit; 1 to 10)
  --speed-min-seconds SECONDS            default ${OVER_LIMIT_DEFAULTS.minSeconds} (0 to 3600)`;

/** The road limits the flags ask for, or undefined without --road-limits (the tuning flags alone are refused). */
export async function parseRoadLimitFlags(args: ParsedArgs): Promise<RoadLimits | undefined> {
  const file = stringFlag(args, 'road-limits');
  // Up to 10: the lightest tier must end below the next one (11 mph over).
  const tolerance = numberFlag(args, 'speed-tolerance', 1, 10);
  const minSeconds = numberFlag(args, 'speed-min-seconds', 0, 3600);
  if (file === undefined) {
    const orphan = ['speed-tolerance', 'speed-min-seconds'].find((f) => args.flags.has(f));
    if (orphan) throw new UsageError(`--${orphan} tunes the road-limit events: give --road-limits FILE too.`);
    return undefined;
  }
  checkInputFile(file);
  const { index } = await openRoadLimits(file);
  return {
    index,
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
