/**
 * The road limits a worker judges speeding against (shared/analysis/over-limit-events.ts), set by the page
 * with the index's bytes (`roads:read`) and the zones' GeoJSON (`zones:get`), decoded here once per change.
 * `key` names what was set (index id, zones id, rule); every result computed with the limits (a cache, the
 * inbox's kept parts) is keyed by it, so a new import never reuses results of the old one.
 */
import type { RoadLimits } from '../../../shared/analysis/over-limit-events.ts';
import { createRoadIndex } from '../../../shared/roads/road-index.ts';
import { decodeRoadIndex } from '../../../shared/roads/rlidx.ts';
import type { OverLimitParams } from '../../../shared/roads/over-limit.ts';
import { parseSpeedZones } from '../../../shared/roads/zones-parse.ts';

export interface RoadLimitsSpec {
  /** RoadLimitsInfo.id of the index, or null when none is kept. */
  indexId: string | null;
  /** The kept index's bytes (`roads:read` pieces joined); null with indexId null. */
  indexBytes: Uint8Array | null;
  /** SpeedZonesInfo.id, or null. */
  zonesId: string | null;
  zonesGeojson: string | null;
  overLimit?: Partial<OverLimitParams>;
}

/** What no road limits is keyed by. */
export const NO_ROADS_KEY = 'none';

let current: { key: string; roads: RoadLimits | undefined } = { key: NO_ROADS_KEY, roads: undefined };

/** The key a spec is kept under: equal specs (ids and rule) give equal keys. */
export function roadLimitsKey(spec: Omit<RoadLimitsSpec, 'indexBytes' | 'zonesGeojson'> | null): string {
  if (!spec || (spec.indexId === null && spec.zonesId === null)) return NO_ROADS_KEY;
  return `${spec.indexId ?? '-'}|${spec.zonesId ?? '-'}|${JSON.stringify(spec.overLimit ?? {})}`;
}

/**
 * Decodes and keeps the spec's limits (a no-op when its key is the one kept); throws the index's or the
 * zones' refusal, keeping what was set before.
 */
export function setWorkerRoads(spec: RoadLimitsSpec | null): string {
  const key = roadLimitsKey(spec);
  if (key === current.key) return key;
  if (!spec || key === NO_ROADS_KEY) {
    current = { key, roads: undefined };
    return key;
  }
  const index =
    spec.indexBytes && spec.indexId !== null
      ? decodeRoadIndex(spec.indexBytes, 'The kept road index')
      : createRoadIndex([], []);
  let zones: RoadLimits['zones'];
  if (spec.zonesGeojson !== null) {
    const parsed = parseSpeedZones(spec.zonesGeojson);
    if (!parsed.ok) throw new Error(`The kept speed zones cannot be read: ${parsed.reasons.join('; ')}.`);
    zones = parsed.zones;
  }
  current = {
    key,
    roads: { index, ...(zones ? { zones } : {}), ...(spec.overLimit ? { overLimit: spec.overLimit } : {}) },
  };
  return key;
}

/** The limits kept, undefined when none (analysis then judges the flat threshold only, as without an index). */
export function workerRoads(): RoadLimits | undefined {
  return current.roads;
}

export function workerRoadsKey(): string {
  return current.key;
}

/** Words every refusal of a call for other road limits carries (the page resends its limits and asks again). */
export const OTHER_ROADS_TEXT = 'judges with other road limits';

/**
 * The kept limits for a call that expects `expectedKey`; throws when the worker keeps others (the page's
 * setRoadLimits not sent yet, or a restarted worker), so no result is computed with limits the page does
 * not believe in.
 */
export function workerRoadsFor(expectedKey: string): RoadLimits | undefined {
  if (expectedKey !== current.key)
    throw new Error(
      `This worker ${OTHER_ROADS_TEXT} ("${current.key.slice(0, 80)}") than the page asked for ("${String(expectedKey).slice(0, 80)}").`,
    );
  return current.roads;
}

/** The method every analysing worker offers: keeps the spec's limits, answers their key. */
export interface RoadLimitsProtocol {
  setRoadLimits(spec: RoadLimitsSpec | null): string;
}
