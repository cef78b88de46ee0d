// Over 300 lines: generated networks, the trace driver and the road follower share one way-geometry helper set.
/**
 * Generated road networks and traces driven along their ways, with the truth
 * of every reading known by construction: which way, which direction, which
 * leg, at what speed. GPS noise is seeded and bounded (a uniform disc), so a
 * test can say exactly how far a reading may stray.
 */
import { createRoadIndex } from '../../shared/roads/road-index.ts';
import type { RoadMatch } from '../../shared/roads/match.ts';
import type { RoadIndex, RoadWay } from '../../shared/roads/types.ts';
import { METRES_PER_DEGREE, bearingDeg, distanceM, projectOnSegment } from '../../shared/roads/match-geometry.ts';
import { destinationPoint, MPS_PER_MPH } from '../../shared/track/geo.ts';
import { rng } from './tracks.ts';

/** A generated way: its tags and its nodes as (x east, y north) metres from the network's origin. */
export interface PlanWay {
  name?: string;
  ref?: string;
  highway: string;
  oneway?: -1 | 0 | 1;
  limitMph: number;
  /** The limit driving against the node order, when it differs. */
  backwardMph?: number;
  points: readonly (readonly [number, number])[];
}

export const ORIGIN = { lat: 39.3, lng: -76.6 };

/** The index of generated ways; equal (x, y) give equal coordinates, so ways sharing a point share a node. */
export function planNetwork(plan: readonly PlanWay[], origin = ORIGIN): RoadIndex {
  const kx = Math.cos((origin.lat * Math.PI) / 180) * METRES_PER_DEGREE;
  const ways: RoadWay[] = plan.map((w, k) => ({
    wayId: 1000 + k,
    highway: w.highway,
    name: w.name ?? '',
    ref: w.ref ?? '',
    oneway: w.oneway ?? 0,
    forwardMph: w.limitMph,
    backwardMph: w.backwardMph ?? w.limitMph,
    source: 'posted',
    limitText: `${w.limitMph} mph`,
    conditional: '',
  }));
  const geometries = plan.map((w) =>
    w.points.flatMap(([x, y]) => [origin.lat + y / METRES_PER_DEGREE, origin.lng + x / kx]),
  );
  return createRoadIndex(ways, geometries);
}

/** Points from `from` to `to` (metres) every `step` metres, both ends included. */
export function line(from: readonly [number, number], to: readonly [number, number], step: number): [number, number][] {
  const n = Math.max(1, Math.round(Math.hypot(to[0] - from[0], to[1] - from[1]) / step));
  return Array.from({ length: n + 1 }, (_, k) => [
    from[0] + ((to[0] - from[0]) * k) / n,
    from[1] + ((to[1] - from[1]) * k) / n,
  ]);
}

/** Driving `way` in direction `dir` from `fromM` to `toM` metres along the direction driven, at a steady speed. */
export interface Leg {
  way: number;
  dir: 1 | -1;
  speedMph: number;
  fromM?: number;
  toM?: number;
  /** Or the leg from node `fromNode` to node `toNode`, counted in the direction driven (exact where metres are not). */
  fromNode?: number;
  toNode?: number;
  /** A new drive: the leg starts anywhere, after this many seconds parked. */
  afterPauseS?: number;
}

export interface TraceOptions {
  intervalS: number;
  /** Each reading lands uniformly within this many metres of the truth. */
  noiseM: number;
  /** A reported heading is off by up to this many degrees; NaN: no heading reported. */
  headingNoiseDeg: number;
  seed: number;
  /** A constant GPS offset (metres toward `biasBearing`) on top of the noise. */
  biasM?: number;
  biasBearing?: number;
  startMs?: number;
}

/** Readings as columns (what matchReadings reads) plus the truth of each. */
export interface Trace {
  length: number;
  t: Float64Array;
  lat: Float64Array;
  lng: Float64Array;
  speed: Float64Array;
  direction: Float64Array;
  trueWay: Int32Array;
  trueDir: Int8Array;
  leg: Int32Array;
  /** Where the truck really was. */
  trueLat: Float64Array;
  trueLng: Float64Array;
}

/** Way w's nodes in order, lat/lng pairs. */
export function wayPoints(index: RoadIndex, w: number): number[] {
  const out: number[] = [];
  for (let s = 0; s < index.segWay.length; s++) {
    if (index.segWay[s] !== w) continue;
    const c = index.segCoords.subarray(4 * s, 4 * s + 4);
    if (out.length === 0) out.push(c[0]!, c[1]!);
    out.push(c[2]!, c[3]!);
  }
  return out;
}

/** The leg's polyline in the direction driven, cut to [fromM, toM]. */
function legPolyline(index: RoadIndex, leg: Leg, cache: Map<number, number[]>): { lat: number; lng: number }[] {
  let pts = cache.get(leg.way);
  if (!pts) cache.set(leg.way, (pts = wayPoints(index, leg.way)));
  const nodes: { lat: number; lng: number }[] = [];
  for (let k = 0; k < pts.length; k += 2) nodes.push({ lat: pts[k]!, lng: pts[k + 1]! });
  if (leg.dir < 0) nodes.reverse();
  if (leg.fromNode !== undefined) nodes.splice(0, leg.fromNode);
  if (leg.toNode !== undefined) nodes.length = leg.toNode - (leg.fromNode ?? 0) + 1;
  const from = leg.fromM ?? 0;
  const to = leg.toM ?? Infinity;
  const out: { lat: number; lng: number }[] = [];
  let at = 0;
  for (let k = 0; k + 1 < nodes.length; k++) {
    const a = nodes[k]!;
    const b = nodes[k + 1]!;
    const len = distanceM(a.lat, a.lng, b.lat, b.lng);
    const cut = (m: number) => {
      const f = Math.max(0, Math.min(1, (m - at) / len));
      return { lat: a.lat + (b.lat - a.lat) * f, lng: a.lng + (b.lng - a.lng) * f };
    };
    if (at + len >= from && at <= to) {
      if (out.length === 0) out.push(cut(from));
      out.push(cut(Math.min(to, at + len)));
    }
    at += len;
  }
  return out;
}

/** Samples the drive along `legs` (each starting where the previous ended) every `intervalS` seconds. */
export function driveTrace(index: RoadIndex, legs: readonly Leg[], o: TraceOptions): Trace {
  const next = rng(o.seed);
  const cache = new Map<number, number[]>();
  const rows: number[][] = [];
  let clock = 0;
  let nextSample = 0;
  let prevEnd: { lat: number; lng: number } | null = null;
  legs.forEach((leg, li) => {
    const poly = legPolyline(index, leg, cache);
    if (poly.length < 2) throw new Error(`driveTrace: leg ${li} is empty`);
    if (leg.afterPauseS !== undefined) {
      clock += leg.afterPauseS;
      nextSample = Math.max(nextSample, clock);
    } else if (prevEnd && distanceM(prevEnd.lat, prevEnd.lng, poly[0]!.lat, poly[0]!.lng) > 1)
      throw new Error(`driveTrace: leg ${li} does not start where leg ${li - 1} ended`);
    prevEnd = poly[poly.length - 1]!;
    const mps = leg.speedMph * MPS_PER_MPH;
    for (let k = 0; k + 1 < poly.length; k++) {
      const a = poly[k]!;
      const b = poly[k + 1]!;
      const len = distanceM(a.lat, a.lng, b.lat, b.lng);
      const seconds = len / mps;
      const heading = bearingDeg(a.lat, a.lng, b.lat, b.lng);
      while (nextSample < clock + seconds) {
        const f = (nextSample - clock) / seconds;
        rows.push([
          nextSample,
          a.lat + (b.lat - a.lat) * f,
          a.lng + (b.lng - a.lng) * f,
          leg.speedMph,
          heading,
          leg.way,
          leg.dir,
          li,
        ]);
        nextSample += o.intervalS;
      }
      clock += seconds;
    }
  });
  return toTrace(rows, o, next);
}

function toTrace(rows: number[][], o: TraceOptions, next: () => number): Trace {
  const n = rows.length;
  const tr: Trace = {
    length: n,
    t: new Float64Array(n),
    lat: new Float64Array(n),
    lng: new Float64Array(n),
    speed: new Float64Array(n),
    direction: new Float64Array(n),
    trueWay: new Int32Array(n),
    trueDir: new Int8Array(n),
    leg: new Int32Array(n),
    trueLat: new Float64Array(n),
    trueLng: new Float64Array(n),
  };
  rows.forEach(([t, lat, lng, speed, heading, way, dir, leg], i) => {
    const biased = o.biasM
      ? destinationPoint(lat!, lng!, o.biasBearing ?? 0, o.biasM / 1609.344)
      : { lat: lat!, lng: lng! };
    const noisy = destinationPoint(biased.lat, biased.lng, next() * 360, (Math.sqrt(next()) * o.noiseM) / 1609.344);
    tr.t[i] = (o.startMs ?? Date.parse('2026-06-01T12:00:00Z')) + Math.round(t! * 1000);
    tr.lat[i] = noisy.lat;
    tr.lng[i] = noisy.lng;
    tr.speed[i] = speed!;
    tr.direction[i] = Number.isNaN(o.headingNoiseDeg)
      ? NaN
      : (heading! + (next() * 2 - 1) * o.headingNoiseDeg + 360) % 360;
    tr.trueWay[i] = way!;
    tr.trueDir[i] = dir!;
    tr.leg[i] = leg!;
    tr.trueLat[i] = lat!;
    tr.trueLng[i] = lng!;
  });
  return tr;
}

/** Ways of the corridor network, by name. */
export const CORRIDOR = { interstate: 0, frontage: 1, crossing: 2, ramp: 3, highway: 4, town: 5 } as const;

/**
 * An interstate (65 mph, two-way, x from -6 to 6 km) with a frontage road
 * (25 mph) 45 m north of it; a crossing road (45 mph) bridging the interstate
 * at x = 3 km (no shared node) and meeting the frontage road; an exit ramp
 * (one-way, 35 mph) from the interstate at x = 2 km to the crossing road 500 m
 * south; from the crossing road's south end a 55 mph highway east to a town's
 * main street (35 mph).
 */
export function corridorNetwork(): RoadIndex {
  return planNetwork([
    { ref: 'I 95', highway: 'motorway', limitMph: 65, points: line([-6000, 0], [6000, 0], 500) },
    { name: 'Frontage Road', highway: 'tertiary', limitMph: 25, points: line([-6000, 45], [6000, 45], 500) },
    {
      name: 'Route 40',
      highway: 'primary',
      limitMph: 45,
      points: [[3000, 2000], [3000, 1000], [3000, 500], [3000, 45], ...line([3000, -500], [3000, -3000], 500)],
    },
    {
      highway: 'motorway_link',
      oneway: 1,
      limitMph: 35,
      points: [
        [2000, 0],
        [2400, -30],
        [2700, -120],
        [2900, -300],
        [3000, -500],
      ],
    },
    { name: 'Old Highway', highway: 'primary', limitMph: 55, points: line([3000, -3000], [9000, -3000], 500) },
    { name: 'Main Street', highway: 'secondary', limitMph: 35, points: line([9000, -3000], [15000, -3000], 250) },
  ]);
}

/**
 * A grid of streets `size` × `size`, `blockM` apart (ways 0..size-1 run east,
 * size..2·size-1 run north), every fifth a 45 mph avenue, the rest 25 or 35 mph.
 */
export function gridNetwork(size: number, blockM: number): RoadIndex {
  const plan: PlanWay[] = [];
  const limit = gridLimit;
  for (let j = 0; j < size; j++)
    plan.push({
      name: `${j} Street`,
      highway: 'residential',
      limitMph: limit(j),
      points: line([0, j * blockM], [(size - 1) * blockM, j * blockM], blockM),
    });
  for (let i = 0; i < size; i++)
    plan.push({
      name: `${i} Avenue`,
      highway: 'residential',
      limitMph: limit(i),
      points: line([i * blockM, 0], [i * blockM, (size - 1) * blockM], blockM),
    });
  return planNetwork(plan);
}

const gridLimit = (k: number) => (k % 5 === 0 ? 45 : k % 2 === 0 ? 35 : 25);
const STEPS: readonly (readonly [number, number])[] = [
  [1, 0],
  [0, 1],
  [-1, 0],
  [0, -1],
];

/** A random drive through the grid of gridNetwork: 1–4 blocks at a time, turning at crossings, near each street's limit. */
export function gridDrive(size: number, legs: number, seed: number): Leg[] {
  const next = rng(seed);
  const out: Leg[] = [];
  let [i, j] = [size >> 1, size >> 1];
  let heading = 0;
  const limit = gridLimit;
  while (out.length < legs) {
    heading = (heading + [0, 1, 3][Math.floor(next() * 3)]!) % 4;
    const [di, dj] = STEPS[heading]!;
    const blocks = Math.min(1 + Math.floor(next() * 4), di > 0 ? size - 1 - i : di < 0 ? i : dj > 0 ? size - 1 - j : j);
    if (blocks === 0) continue;
    const east = dj === 0;
    const way = east ? j : size + i;
    const dir = (east ? di : dj) as 1 | -1;
    const at = east ? i : j;
    const from = dir > 0 ? at : size - 1 - at;
    out.push({ way, dir, speedMph: limit(east ? j : i) - 5 + next() * 13, fromNode: from, toNode: from + blocks });
    [i, j] = [i + di * blocks, j + dj * blocks];
  }
  return out;
}

/**
 * Legs following a road from way `start` (driven in `dir`) through the ways
 * that continue it at its end node (the same `ref`, or `name` when it has no
 * ref; the straightest when several), until `minM` metres or the road ends;
 * the drive starts and stops 100 m inside the first and last way.
 */
export function followRoad(index: RoadIndex, start: number, dir: 1 | -1, minM: number, speedMph: number): Leg[] {
  const ends = (w: number, d: 1 | -1) => {
    const p = wayPoints(index, w);
    const [a, b] = d > 0 ? [0, p.length - 2] : [p.length - 2, 0];
    const len = p.reduce(
      (sum, _, k) => (k % 2 === 0 && k + 3 < p.length ? sum + distanceM(p[k]!, p[k + 1]!, p[k + 2]!, p[k + 3]!) : sum),
      0,
    );
    const inner = d > 0 ? p.length - 4 : 2;
    return {
      first: [p[a]!, p[a + 1]!],
      last: [p[b]!, p[b + 1]!],
      len,
      lastBearing: bearingDeg(p[inner]!, p[inner + 1]!, p[b]!, p[b + 1]!),
    };
  };
  const key = (w: number) => index.ways[w]!.ref || index.ways[w]!.name;
  const legs: Leg[] = [{ way: start, dir, speedMph }];
  let total = ends(start, dir).len;
  while (total < minM) {
    const here = legs[legs.length - 1]!;
    const e = ends(here.way, here.dir);
    let best: { way: number; dir: 1 | -1; turn: number } | null = null;
    for (let w = 0; w < index.ways.length; w++) {
      if (w === here.way || key(w) !== key(start) || legs.some((l) => l.way === w)) continue;
      for (const d of index.ways[w]!.oneway === 0 ? ([1, -1] as const) : ([index.ways[w]!.oneway] as const)) {
        const n = ends(w, d as 1 | -1);
        if (n.first[0] !== e.last[0] || n.first[1] !== e.last[1]) continue;
        const p = wayPoints(index, w);
        const k = d > 0 ? 0 : p.length - 2;
        const k2 = d > 0 ? 2 : p.length - 4;
        const turn = Math.abs(((bearingDeg(p[k]!, p[k + 1]!, p[k2]!, p[k2 + 1]!) - e.lastBearing + 540) % 360) - 180);
        if (!best || turn < best.turn) best = { way: w, dir: d as 1 | -1, turn };
      }
    }
    if (!best) break;
    legs.push({ way: best.way, dir: best.dir, speedMph });
    total += ends(best.way, best.dir).len;
  }
  // Start and stop 100 m inside the road: the ways it continues from and into are not part of the drive.
  const last = legs[legs.length - 1]!;
  legs[legs.length - 1] = { ...last, toM: ends(last.way, last.dir).len - 100 };
  legs[0] = { ...legs[0]!, fromM: 100 };
  return legs;
}

/**
 * Per reading: right (the way driven, or another way of the route passing
 * within noise + 10 m of the true place: where ways meet at a node a reading
 * may rightly be on either), and the readings matched wrong yet certain.
 */
export function tally(index: RoadIndex, legs: readonly Leg[], tr: Trace, m: RoadMatch, noiseM: number) {
  let right = 0;
  const wrongCertain: number[] = [];
  const onRoute = new Set(legs.map((l) => l.way));
  for (let i = 0; i < tr.length; i++) {
    const w = m.way[i]!;
    const ok =
      w === tr.trueWay[i] || (onRoute.has(w) && wayWithin(index, w, tr.trueLat[i]!, tr.trueLng[i]!, noiseM + 10));
    if (ok) right++;
    else if (m.certain[i]) wrongCertain.push(i);
  }
  return { right, fraction: right / tr.length, wrongCertain };
}

function wayWithin(index: RoadIndex, w: number, lat: number, lng: number, metres: number): boolean {
  const c = index.segCoords;
  return index
    .near(lat, lng, metres)
    .some(
      (s) =>
        index.segWay[s] === w &&
        projectOnSegment(lat, lng, c[4 * s]!, c[4 * s + 1]!, c[4 * s + 2]!, c[4 * s + 3]!).distanceM <= metres,
    );
}

/** The indices of the readings sampled on the legs `from`..`to`. */
export function readingsOfLeg(tr: Trace, from: number, to = from): number[] {
  return [...tr.leg.keys()].filter((i) => tr.leg[i]! >= from && tr.leg[i]! <= to);
}

/**
 * A random drive over any network: from node to node along ways (entering a
 * way at any node it shares, driving it as its oneway allows to a random later
 * node), never straight back; at a dead end, a new drive from a random way
 * after a half-hour pause. Speeds near each way's limit (45 mph where none).
 */
export function randomDrive(index: RoadIndex, legs: number, seed: number): Leg[] {
  const next = rng(seed);
  const at = new Map<string, { way: number; k: number }[]>();
  const nodes = index.ways.map((_, w) => wayPoints(index, w));
  nodes.forEach((p, w) => {
    for (let k = 0; k < p.length; k += 2) {
      const key = `${p[k]},${p[k + 1]}`;
      at.set(key, [...(at.get(key) ?? []), { way: w, k: k / 2 }]);
    }
  });
  const out: Leg[] = [];
  let here: string | null = null;
  let cameBy = -1;
  while (out.length < legs) {
    const options: Move[] =
      here === null ? [] : (at.get(here) ?? []).flatMap(({ way, k }) => moves(index, nodes[way]!.length / 2, way, k));
    const open: Move[] = options.filter((o) => o.way !== cameBy);
    let move: Move | undefined = open[Math.floor(next() * open.length)];
    let pause: number | undefined;
    if (!move) {
      const way = Math.floor(next() * index.ways.length);
      [move, pause] = [moves(index, nodes[way]!.length / 2, way, 0)[0], 1800];
      if (!move) continue;
    }
    const toNode = move.fromNode + 1 + Math.floor(next() * move.room);
    const limit = move.dir > 0 ? index.ways[move.way]!.forwardMph : index.ways[move.way]!.backwardMph;
    const speedMph = (Number.isFinite(limit) ? limit : 45) - 5 + next() * 13;
    out.push({
      way: move.way,
      dir: move.dir,
      speedMph,
      fromNode: move.fromNode,
      toNode,
      ...(pause ? { afterPauseS: pause } : {}),
    });
    const p: number[] = nodes[move.way]!;
    const k: number = move.dir > 0 ? toNode : p.length / 2 - 1 - toNode;
    [here, cameBy] = [`${p[2 * k]},${p[2 * k + 1]}`, move.way];
  }
  return out;
}

/** The ways out of node k of way w (n nodes): each direction allowed with at least one node ahead. */
interface Move {
  way: number;
  dir: 1 | -1;
  fromNode: number;
  room: number;
}

function moves(index: RoadIndex, n: number, way: number, k: number): Move[] {
  const out: Move[] = [];
  const oneway = index.ways[way]!.oneway;
  if (oneway !== -1 && k < n - 1) out.push({ way, dir: 1, fromNode: k, room: n - 1 - k });
  if (oneway !== 1 && k > 0) out.push({ way, dir: -1, fromNode: n - 1 - k, room: k });
  return out;
}
