/**
 * The route coloured by mph over the road's limit (Trip review with road limits kept): the same lines,
 * runs and gaps as the route by speed (shared/map/route-geojson.ts), each segment taking the limit class
 * of the reading it ends at (shared/roads/limit-along.ts).
 */
import { LIMIT_CLASSES, type LimitClass } from '../roads/limit-along.ts';
import type { DayChunk } from '../track/types.ts';
import { buildRouteGeoJSON, type RouteGeoJSON, type RouteOptions } from './route-geojson.ts';

/** The classes judged along the kept readings: times ascending, a LIMIT_CLASSES code each. */
export interface LimitClassesAlong {
  t: Float64Array;
  cls: Uint8Array;
}

/**
 * Looks each reading's class up by its time, walking both in time order (the chunks are the selection's
 * kept readings, as the classes are): a reading the classes do not hold is 'unknown', never guessed.
 */
export function limitClassLookup(along: LimitClassesAlong): (t: number) => LimitClass {
  let p = 0;
  return (t) => {
    if (p > 0 && along.t[p - 1]! > t) p = 0;
    while (p < along.t.length && along.t[p]! < t) p++;
    return p < along.t.length && along.t[p] === t ? (LIMIT_CLASSES[along.cls[p]!] ?? 'unknown') : 'unknown';
  };
}

const cache = new WeakMap<LimitClassesAlong, WeakMap<readonly DayChunk[], { key: string; built: RouteGeoJSON }>>();

/** The route of `chunks` coloured by limit class; memoised per classes, chunks and options. */
export function limitRouteGeoJSON(
  chunks: readonly DayChunk[],
  opts: RouteOptions,
  along: LimitClassesAlong,
): RouteGeoJSON {
  let byChunks = cache.get(along);
  if (!byChunks) cache.set(along, (byChunks = new WeakMap()));
  const key = `${opts.gapSeconds}/${opts.minStopSeconds}/${opts.stopSpeedMph}/${opts.maxPlausibleMph}`;
  const kept = byChunks.get(chunks);
  if (kept?.key === key) return kept.built;
  const classOf = limitClassLookup(along);
  const built = buildRouteGeoJSON(chunks, opts, (chunk, i) => classOf(chunk.t[i]!));
  byChunks.set(chunks, { key, built });
  return built;
}
