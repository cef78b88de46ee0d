/**
 * The road's limit along a day's readings, as Trip review shows it (the speed chart's limit line, the
 * route coloured by mph over, the hover text). The over-the-limit events
 * (shared/analysis/over-limit-events.ts) judge the very same match, made by `dayRoadMatch`, so the
 * chart, the map and the events can never disagree about a reading's limit.
 */
import type { RoadLimits } from '../analysis/over-limit-events.ts';
import { matchReadings, type MatchReadings, type RoadMatch } from './match.ts';
import { OVER_LIMIT_DEFAULTS } from './over-limit.ts';
export { roadNameOf } from './over-limit.ts';
import { tierOf, TIER_NAMES, type TierBound } from './tiers.ts';
import type { RoadIndex } from './types.ts';
import { indexWithZones, overlayZones } from './zones-overlay.ts';

/** A day's readings matched to roads with the zones laid over; `index` holds the zones' ways after the roads. */
export interface DayRoadMatch {
  index: RoadIndex;
  match: RoadMatch;
}

/**
 * Kept per limits and day (the very objects): the review's worker asks for a day's match for its events
 * and again for its chart, and matching is the costly part.
 */
const matched = new WeakMap<RoadLimits, WeakMap<MatchReadings, DayRoadMatch>>();

/**
 * Also kept by the readings themselves, the last MATCHES_BY_READINGS days: a span chosen on Trip review reads
 * its days again as new objects, and six months would be matched again for days matched a moment ago.
 */
export const MATCHES_BY_READINGS = 400;
const matchedByReadings = new WeakMap<RoadLimits, Map<string, { day: MatchReadings; found: DayRoadMatch }>>();

const sameNumber = (a: number, b: number) => a === b || (Number.isNaN(a) && Number.isNaN(b));

/** The very same readings (every field the match reads), compared value by value: a match is never guessed. */
export function sameReadings(a: MatchReadings, b: MatchReadings): boolean {
  if (a.length !== b.length) return false;
  for (const f of ['t', 'lat', 'lng', 'speed', 'direction'] as const) {
    const x = a[f];
    const y = b[f];
    if (x === y) continue;
    for (let i = 0; i < a.length; i++) if (!sameNumber(x[i]!, y[i]!)) return false;
  }
  return true;
}

function readingsKey(day: MatchReadings): string {
  const n = day.length;
  return n === 0 ? '0' : `${n}:${day.t[0]}:${day.t[n - 1]}:${day.lat[0]}:${day.lng[n - 1]}`;
}

/** The match of readings equal to `day` made lately, kept as the most recent; undefined when none is kept. */
function keptByReadings(roads: RoadLimits, day: MatchReadings): DayRoadMatch | undefined {
  const kept = matchedByReadings.get(roads);
  const key = readingsKey(day);
  const hit = kept?.get(key);
  if (!kept || !hit || !sameReadings(hit.day, day)) return undefined;
  kept.delete(key);
  kept.set(key, hit);
  return hit.found;
}

function keepByReadings(roads: RoadLimits, day: MatchReadings, found: DayRoadMatch): void {
  let kept = matchedByReadings.get(roads);
  if (!kept) matchedByReadings.set(roads, (kept = new Map()));
  const key = readingsKey(day);
  kept.delete(key);
  kept.set(key, { day, found });
  // The least recently used goes first (a Map keeps insertion order).
  while (kept.size > MATCHES_BY_READINGS) kept.delete(kept.keys().next().value!);
}

/** Matches one day's clean readings on their own (a day is the unit the events are judged in). */
export function dayRoadMatch(roads: RoadLimits, day: MatchReadings): DayRoadMatch {
  let byDay = matched.get(roads);
  if (!byDay) matched.set(roads, (byDay = new WeakMap()));
  let found = byDay.get(day);
  if (found) return found;
  found = keptByReadings(roads, day);
  if (!found) keepByReadings(roads, day, (found = matchDay(roads, day)));
  byDay.set(day, found);
  return found;
}

function matchDay(roads: RoadLimits, day: MatchReadings): DayRoadMatch {
  const match = matchReadings(roads.index, day);
  const zones = roads.zones;
  if (!zones) return { index: roads.index, match };
  return { index: indexWithZones(roads.index, zones), match: overlayZones(roads.index, zones, day, match) };
}

/**
 * What a reading's limit is known as: its source, or 'uncertain' when roads with other limits could not be
 * told apart (shown as no limit: a guess is never drawn). Codes are positions in this table.
 */
export const LIMIT_SHOWN = ['none', 'uncertain', 'posted', 'default', 'zone'] as const;
export type LimitShown = (typeof LIMIT_SHOWN)[number];

/**
 * A reading's class by mph over its limit, the route's colours: 'unknown' without a usable limit (or
 * speed), 'under' the limit, 'within' the tolerance (0 to the first tier), then the tiers. Codes are
 * positions in this table.
 */
export const LIMIT_CLASSES = ['unknown', 'under', 'within', ...TIER_NAMES] as const;
export type LimitClass = (typeof LIMIT_CLASSES)[number];

export function limitClassOf(overMph: number, tiers: readonly TierBound[] = OVER_LIMIT_DEFAULTS.tiers): LimitClass {
  if (Number.isNaN(overMph)) return 'unknown';
  if (overMph < 0) return 'under';
  return tierOf(overMph, tiers) ?? 'within';
}

/** Per reading of a day (index i of each column). */
export interface LimitAlong {
  length: number;
  /** The matched limit, mph; NaN when none is known, none applies or the match is uncertain. */
  limitMph: Float64Array;
  /** Speed minus the limit; NaN without either. */
  overMph: Float64Array;
  /** Index into `index.ways` (zones after the roads), -1 on no road. */
  way: Int32Array;
  /** Code into LIMIT_SHOWN. */
  shown: Uint8Array;
  /** Code into LIMIT_CLASSES. */
  cls: Uint8Array;
}

/** The limit along a day's readings, from the same match as the day's events. */
export function limitAlong(roads: RoadLimits, day: MatchReadings): { along: LimitAlong; index: RoadIndex } {
  const { index, match } = dayRoadMatch(roads, day);
  const tiers = roads.overLimit?.tiers ?? OVER_LIMIT_DEFAULTS.tiers;
  const n = day.length;
  const along: LimitAlong = {
    length: n,
    limitMph: new Float64Array(n),
    overMph: new Float64Array(n),
    way: Int32Array.from(match.way),
    shown: new Uint8Array(n),
    cls: new Uint8Array(n),
  };
  for (let i = 0; i < n; i++) {
    const uncertain = match.way[i]! >= 0 && !match.certain[i] && !Number.isNaN(match.limitMph[i]!);
    const limit = uncertain ? NaN : match.limitMph[i]!;
    const over = day.speed[i]! - limit;
    along.limitMph[i] = limit;
    along.overMph[i] = over;
    along.shown[i] = LIMIT_SHOWN.indexOf(uncertain ? 'uncertain' : Number.isNaN(limit) ? 'none' : match.source[i]!);
    along.cls[i] = LIMIT_CLASSES.indexOf(limitClassOf(over, tiers));
  }
  return { along, index };
}

/**
 * What hovering a reading says of its road and limit: "I 95 · 65 mph posted", "Main St · 35 mph default",
 * "zone: Yard · 10 mph", "I 95 · limit uncertain", "limit unknown". `road` is '' for an untagged way,
 * null on no road.
 */
export function limitHoverText(road: string | null, limitMph: number, shown: LimitShown): string {
  const limit = `${Math.round(limitMph)} mph`;
  if (shown === 'zone') return `zone: ${road || 'unnamed'} · ${limit}`;
  const name = road === null ? '' : road || 'unnamed road';
  const said =
    shown === 'posted' || shown === 'default'
      ? `${limit} ${shown}`
      : shown === 'uncertain'
        ? 'limit uncertain'
        : 'limit unknown';
  return name ? `${name} · ${said}` : said;
}
