/**
 * An extract to a road index in two streaming passes, memory bounded by the
 * roads kept rather than by the file: pass 1 keeps the highway ways a truck
 * drives (a few tags each, their node ids in one growing Float64Array); pass 2
 * reads every node but keeps the coordinates of the referenced ones only, in
 * a sorted id array searched by bisection (never an object per node).
 */
import { HIGHWAY_GROUP } from '../../../shared/roads/defaults.ts';
import {
  CAP_BORDER_MARGIN_KM,
  jurisdictionAt,
  nearOutlineEdge,
  type JurisdictionId,
} from '../../../shared/roads/jurisdictions.ts';
import { buildTree, roadIndexOf } from '../../../shared/roads/road-index.ts';
import type { RoadIndex, RoadWay } from '../../../shared/roads/types.ts';
import { LIMIT_TAG_KEYS, wayLimit, type Tags } from '../../../shared/roads/way-limit.ts';
import type { RefusalReason } from '../../../shared/roads/maxspeed.ts';
import { GrowableFloat64, sortedCursor, sortedUnique, indexOfSorted } from './sorted-ids.ts';
import { OsmFormatError, readOsm, sniffOsmFormat, type OsmFormat, type OsmWay } from './osm-read.ts';

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
  // The tree is built once readRoads has returned, so its id and coordinate arrays can be collected first.
  const { roadWays, segWay, segCoords, counts } = await readRoads(path, options);
  return { index: roadIndexOf(roadWays, segWay, segCoords, buildTree(segCoords)), counts };
}

type Progress = (pass: 1 | 2) => (read: number, total: number) => void;

/**
 * Each stage in its own function, so what a stage no longer needs (node ids after pass 2,
 * coordinates after the segments) is garbage before the next large array is allocated.
 */
async function readRoads(path: string, options: BuildOptions) {
  const format = sniffOsmFormat(path);
  if (!format) throw new OsmFormatError(`${path} is not an OpenStreetMap extract (.osm.pbf, .osm or .osm.gz).`);
  const progress: Progress = (pass) => (read, total) =>
    options.onProgress?.({ pass, fraction: (pass - 1 + (total > 0 ? read / total : 1)) / 2 });
  const kept = await readWays(path, format, options, progress);
  const { nodeAt, coords } = await locateNodes(path, format, kept.refs, options, progress);
  const counts = emptyCounts(kept.ways.length, kept.waysSkipped);
  const roadWays = kept.ways.map((w, i) => roadWayOf(w, placeOf(nodeAt, kept.refStart, i, coords), counts));
  return { roadWays, ...segmentsOf(nodeAt, kept.refStart, coords, counts), counts };
}

/** Pass 1: the highway ways a truck drives, their kept tags, and their node ids in one growing array. */
async function readWays(path: string, format: OsmFormat, options: BuildOptions, progress: Progress) {
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
  return { ways, refs, refStart, waysSkipped };
}

/**
 * Pass 2: the coordinates of the referenced nodes only, found by bisection in their sorted ids;
 * returns, per reference, the node's place in `coords` (4 bytes instead of an 8-byte id).
 */
async function locateNodes(
  path: string,
  format: OsmFormat,
  refs: GrowableFloat64,
  options: BuildOptions,
  progress: Progress,
) {
  const ids = sortedUnique(refs.view());
  const coords = new Float64Array(ids.length * 2).fill(NaN);
  const find = sortedCursor(ids);
  const onNode = (id: number, lat: number, lng: number) => {
    const at = find(id);
    if (at < 0) return;
    coords[at * 2] = lat;
    coords[at * 2 + 1] = lng;
  };
  await readOsm(path, format, { kind: 'nodes', onNode }, { ...options, onBytes: progress(2) });
  const refsView = refs.view();
  const nodeAt = new Int32Array(refsView.length);
  for (let r = 0; r < refsView.length; r++) nodeAt[r] = indexOfSorted(ids, refsView[r]!);
  refs.release();
  return { nodeAt, coords };
}

function emptyCounts(waysKept: number, waysSkipped: number): BuildCounts {
  return {
    waysKept,
    waysSkipped,
    posted: 0,
    default: 0,
    none: 0,
    refused: {},
    conditional: 0,
    waysMissingNodes: 0,
    segments: 0,
  };
}

const located = (coords: Float64Array, n: number) => n >= 0 && !Number.isNaN(coords[n * 2]!);

/** The jurisdiction at the way's first located node, and whether it is far enough from a border to cap signs. */
function placeOf(nodeAt: Int32Array, refStart: readonly number[], i: number, coords: Float64Array): Place {
  for (let r = refStart[i]!; r < refStart[i + 1]!; r++) {
    const n = nodeAt[r]!;
    if (!located(coords, n)) continue;
    const [lat, lng] = [coords[n * 2]!, coords[n * 2 + 1]!];
    let inside: boolean | undefined;
    // Asked only of a way whose sign a cap could lower: the border test is the import's costliest per way.
    const capsApply = () => (inside ??= !nearOutlineEdge(lat, lng, CAP_BORDER_MARGIN_KM));
    return { id: jurisdictionAt(lat, lng), capsApply };
  }
  return { id: null, capsApply: false };
}

interface Place {
  id: JurisdictionId | null;
  capsApply: boolean | (() => boolean);
}

function roadWayOf(w: { id: number; tags: Tags }, place: Place, counts: BuildCounts): RoadWay {
  const limit = wayLimit(w.tags, place.id, place.capsApply);
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
}

/** Segments between consecutive located nodes, counted first so the arrays are allocated once, exactly. */
function segmentsOf(nodeAt: Int32Array, refStart: readonly number[], coords: Float64Array, counts: BuildCounts) {
  let n = 0;
  for (let i = 0; i + 1 < refStart.length; i++) {
    let whole = true;
    for (let r = refStart[i]!; r < refStart[i + 1]!; r++) {
      if (!located(coords, nodeAt[r]!)) whole = false;
      else if (r > refStart[i]! && located(coords, nodeAt[r - 1]!)) n++;
    }
    if (!whole) counts.waysMissingNodes++;
  }
  const segWay = new Uint32Array(n);
  const segCoords = new Float64Array(n * 4);
  let s = 0;
  for (let i = 0; i + 1 < refStart.length; i++)
    for (let r = refStart[i]! + 1; r < refStart[i + 1]!; r++) {
      const a = nodeAt[r - 1]!;
      const b = nodeAt[r]!;
      if (!located(coords, a) || !located(coords, b)) continue;
      segWay[s] = i;
      segCoords[s * 4] = coords[a * 2]!;
      segCoords[s * 4 + 1] = coords[a * 2 + 1]!;
      segCoords[s * 4 + 2] = coords[b * 2]!;
      segCoords[s * 4 + 3] = coords[b * 2 + 1]!;
      s++;
    }
  counts.segments = n;
  return { segWay, segCoords };
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
