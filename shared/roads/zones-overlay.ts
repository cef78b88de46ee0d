/**
 * Speed zones laid over a road match: a reading inside a zone is judged at the zone's limit, whatever
 * road it was matched to and even on no road at all (a yard), and is certain, the zone being the user's
 * own statement. Each zone stands in the index as a way of its own (after the roads, wayId 0: no
 * OpenStreetMap way), so the over-limit runs (shared/roads/over-limit.ts) read its limit, source and
 * name exactly as they read a road's.
 */
import type { RoadMatch } from './match.ts';
import type { RoadIndex, RoadWay } from './types.ts';
import { zoneAt, type SpeedZone, type SpeedZones } from './zones.ts';

/** The way a zone stands as: no OpenStreetMap way (ids start at 1), the same limit both ways. */
export function zoneWayOf(zone: SpeedZone): RoadWay {
  return {
    wayId: 0,
    highway: '',
    name: zone.name,
    ref: '',
    oneway: 0,
    forwardMph: zone.limitMph,
    backwardMph: zone.limitMph,
    source: 'zone',
    limitText: zone.limitText,
    conditional: '',
  };
}

/** Built once per index and zones: an index of a whole state has millions of ways to copy. */
const withZoneWays = new WeakMap<SpeedZones, WeakMap<RoadIndex, RoadIndex>>();

/** The index with the zones' ways after its roads: zone z is way `index.ways.length + z`. */
export function indexWithZones(index: RoadIndex, zones: SpeedZones): RoadIndex {
  let byIndex = withZoneWays.get(zones);
  if (!byIndex) withZoneWays.set(zones, (byIndex = new WeakMap()));
  let joined = byIndex.get(index);
  if (!joined) {
    joined = { ...index, ways: [...index.ways, ...zones.zones.map(zoneWayOf)], near: index.near };
    byIndex.set(index, joined);
  }
  return joined;
}

/** The match with every reading inside a zone taken over by it; `roads` is the index the match was made on. */
export function overlayZones(
  roads: RoadIndex,
  zones: SpeedZones,
  readings: { length: number; lat: ArrayLike<number>; lng: ArrayLike<number> },
  match: RoadMatch,
): RoadMatch {
  const out: RoadMatch = {
    length: match.length,
    way: match.way.slice(),
    dir: match.dir.slice(),
    limitMph: match.limitMph.slice(),
    source: match.source.slice(),
    certain: match.certain.slice(),
    confidence: match.confidence.slice(),
  };
  const zoneNumber = new Map(zones.zones.map((z, k) => [z, k]));
  for (let i = 0; i < readings.length; i++) {
    const zone = zoneAt(zones, readings.lat[i]!, readings.lng[i]!);
    if (!zone) continue;
    out.way[i] = roads.ways.length + zoneNumber.get(zone)!;
    out.limitMph[i] = zone.limitMph;
    out.source[i] = 'zone';
    out.certain[i] = true;
    out.confidence[i] = 1;
  }
  return out;
}
