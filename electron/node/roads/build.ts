/**
 * An extract to a road index in two streaming passes, memory bounded by the
 * roads kept rather than by the file: pass 1 keeps the highway ways a truck
 * drives (a few tags each, their node ids in one growing Float64Array); pass 2
 * reads every node but keeps the coordinates of the referenced ones only, in
 * a sorted id array searched by bisection (never an object per node).
 */
import { HIGHWAY_GROUP } from '../../../shared/roads/defaults.ts';
import { jurisdictionAt } from '../../../shared/roads/jurisdictions.ts';
import { buildTree, roadIndexOf } from '../../../shared/roads/road-index.ts';
import type { RoadIndex, RoadWay } from '../../../shared/roads/types.ts';
import { LIMIT_TAG_KEYS, wayLimit, type Tags } from '../../../shared/roads/way-limit.ts';
import type { RefusalReason } from '../../../shared/roads/maxspeed.ts';
import { GrowableFloat64, sortedUnique, indexOfSorted } from './sorted-ids.ts';
import { OsmFormatError, readOsm, sniffOsmFormat, type OsmWay } from './osm-read.ts';

export { OsmFormatError };

/** Tags the index keeps from a way: those the limit reads, and the road's name and direction. */
const KEPT_TAG_KEYS = [...LIMIT_TAG_KEYS, 'name', 'ref', 'oneway', 'junction', 'area'];

export interface BuildProgress {
  /** 1: ways, 2: nodes. */
  pass: 1 | 2;
  /** Fraction of the whole import done, 0..1. */
  fraction: number;
}

export interface BuildOptions {
  signal?: AbortSignal | undefined;
  onProgress?: ((p: BuildProgress) => void) | undefined;
}

export interface BuildCounts {
  /** Highway ways of a class a truck drives, kept in the index. */
  waysKept: number;
  /** Highway ways of other classes (footway, path, construction, ...) and highway areas, left out. */
  waysSkipped: number;
  posted: number;
  default: number;
  none: number;
  /** Tag values kept out, by reason (one way may count under several of its tags). */
  refused: Partial<Record<RefusalReason, number>>;
  /** Ways whose `maxspeed:conditional` is kept as text (a time, wet, ...). */
  conditional: number;
  /** Ways whose nodes are partly missing from the extract (cut at its edge): only whole segments are kept. */
  waysMissingNodes: number;
  segments: number;
}

export interface BuiltRoadIndex {
  index: RoadIndex;
  counts: BuildCounts;
}

/** A `.osm.pbf`, `.osm` or `.osm.gz` extract read into a road index. */
export async function buildRoadIndexFromFile(path: string, options: BuildOptions = {}): Promise<BuiltRoadIndex> {
  const format = sniffOsmFormat(path);
  if (!format) throw new OsmFormatError(`${path} is not an OpenStreetMap extract (.osm.pbf, .osm or .osm.gz).`);
  const progress = (pass: 1 | 2) => (read: number, total: number) =>
    options.onProgress?.({ pass, fraction: (pass - 1 + (total > 0 ? read / total : 1)) / 2 });

  const ways: { id: number; tags: Tags }[] = [];
  const refs = new GrowableFloat64();
  const refStart: number[] = [0];
  let waysSkipped = 0;
  const onWay = (w: OsmWay) => {
    const highway = w.tags['highway'];
    if (highway === undefined) return;
    if (HIGHWAY_GROUP[highway] === undefined || w.tags['area'] === 'yes') return void waysSkipped++;
    ways.push({ id: w.id, tags: w.tags });
    for (const r of w.refs) refs.push(r);
    refStart.push(refs.length);
  };
  await readOsm(path, format, { kind: 'ways', keepTags: KEPT_TAG_KEYS, onWay }, { ...options, onBytes: progress(1) });

  const ids = sortedUnique(refs.view());
  const coords = new Float64Array(ids.length * 2).fill(NaN);
  const onNode = (id: number, lat: number, lng: number) => {
    const at = indexOfSorted(ids, id);
    if (at < 0) return;
    coords[at * 2] = lat;
    coords[at * 2 + 1] = lng;
  };
  await readOsm(path, format, { kind: 'nodes', onNode }, { ...options, onBytes: progress(2) });

  return assemble(ways, refs.view(), refStart, ids, coords, waysSkipped);
}

function assemble(
  ways: readonly { id: number; tags: Tags }[],
  refs: Float64Array,
  refStart: readonly number[],
  ids: Float64Array,
  coords: Float64Array,
  waysSkipped: number,
): BuiltRoadIndex {
  const counts: BuildCounts = {
    waysKept: ways.length,
    waysSkipped,
    posted: 0,
    default: 0,
    none: 0,
    refused: {},
    conditional: 0,
    waysMissingNodes: 0,
    segments: 0,
  };
  const nodeAt = (r: number) => indexOfSorted(ids, refs[r]!);
  const located = (n: number) => n >= 0 && !Number.isNaN(coords[n * 2]!);
  const segWayList = new GrowableFloat64();
  const segCoordList = new GrowableFloat64();
  const roadWays: RoadWay[] = ways.map((w, i) => {
    const nodes: number[] = [];
    for (let r = refStart[i]!; r < refStart[i + 1]!; r++) nodes.push(nodeAt(r));
    if (!nodes.every(located)) counts.waysMissingNodes++;
    for (let k = 0; k + 1 < nodes.length; k++) {
      const a = nodes[k]!;
      const b = nodes[k + 1]!;
      if (!located(a) || !located(b)) continue;
      segWayList.push(i);
      segCoordList.push(coords[a * 2]!);
      segCoordList.push(coords[a * 2 + 1]!);
      segCoordList.push(coords[b * 2]!);
      segCoordList.push(coords[b * 2 + 1]!);
    }
    const first = nodes.find(located);
    const place = first === undefined ? null : jurisdictionAt(coords[first * 2]!, coords[first * 2 + 1]!);
    const limit = wayLimit(w.tags, place);
    counts[limit.source === 'zone' ? 'posted' : limit.source]++;
    for (const r of limit.refused) counts.refused[r.reason] = (counts.refused[r.reason] ?? 0) + 1;
    if (limit.conditional) counts.conditional++;
    return {
      wayId: w.id,
      highway: w.tags['highway'] ?? '',
      name: w.tags['name'] ?? '',
      ref: w.tags['ref'] ?? '',
      oneway: onewayOf(w.tags),
      forwardMph: limit.forwardMph,
      backwardMph: limit.backwardMph,
      source: limit.source,
      limitText: limit.limitText,
      conditional: limit.conditional,
    };
  });
  const segWay = Uint32Array.from(segWayList.view());
  const segCoords = segCoordList.view().slice();
  counts.segments = segWay.length;
  return { index: roadIndexOf(roadWays, segWay, segCoords, buildTree(segCoords)), counts };
}

/** OSM's `oneway`, with the implied one-way of motorways and roundabouts. */
export function onewayOf(tags: Tags): -1 | 0 | 1 {
  const o = tags['oneway'];
  if (o === '-1' || o === 'reverse') return -1;
  if (o === 'yes' || o === '1' || o === 'true') return 1;
  if (o === 'no' || o === '0' || o === 'false') return 0;
  const h = tags['highway'];
  if (h === 'motorway' || tags['junction'] === 'roundabout') return 1;
  return 0;
}
