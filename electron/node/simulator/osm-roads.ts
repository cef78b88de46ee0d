import { edgeGeometry, flatMi, roadNetwork, type RoadNetwork } from './road-network.ts';
import { interstateMph, STRETCH_ROADS, stretchClassAt, SUBURB_MI, TOWN_MI, type StretchClass } from './road-limits.ts';
import { osmPbf, type OsmNode, type OsmWay } from './osm-pbf-writer.ts';

/**
 * The demo's road network as OpenStreetMap: every edge between two metro
 * areas is cut into ways where its posted limit changes (road-limits.ts):
 * town, suburban and interstate stretches, the interstate halved where the
 * state of the nearer city changes. Tags are those of real US ways: limits
 * in mph with their unit, `maxspeed:hgv` where trucks have a lower limit.
 * Node ids 1..n are the city nodes, so ways meet at cities.
 */
export interface DemoRoads {
  nodes: OsmNode[];
  ways: OsmWay[];
}

let cached: DemoRoads | null = null;

export function demoRoads(): DemoRoads {
  if (cached) return cached;
  const net = roadNetwork();
  const nodes: OsmNode[] = net.nodes.map((c, i) => ({ id: i + 1, lat: c.lat, lng: c.lng }));
  const ways: OsmWay[] = [];
  for (const [a, b] of edgesOf(net)) {
    for (const stretch of stretchesOf(net, a, b)) {
      const refs = stretch.points.map((p, k) => {
        if (k === 0 && stretch.startsAtCity >= 0) return stretch.startsAtCity + 1;
        if (k === stretch.points.length - 1 && stretch.endsAtCity >= 0) return stretch.endsAtCity + 1;
        return nodes.push({ id: nodes.length + 1, lat: p[0], lng: p[1] });
      });
      // A stretch that starts where the previous one ended shares its node.
      const prev = ways[ways.length - 1];
      if (stretch.continues && prev) refs[0] = prev.refs[prev.refs.length - 1]!;
      ways.push({ id: ways.length + 1, refs, tags: tagsOf(net, a, b, stretch) });
    }
  }
  cached = { nodes: dropUnused(nodes, ways), ways };
  return cached;
}

/** The demo's roads as an `.osm.pbf` file's bytes. */
export function demoRoadsPbf(): Buffer {
  const { nodes, ways } = demoRoads();
  return osmPbf(nodes, ways);
}

/** Each undirected edge once, lower node first. */
function edgesOf(net: RoadNetwork): [number, number][] {
  const out: [number, number][] = [];
  net.adj.forEach((edges, a) => {
    for (const e of edges) if (a < e.to) out.push([a, e.to]);
  });
  return out;
}

interface Stretch {
  cls: StretchClass;
  /** The city whose side of the edge the stretch is on (its state sets an interstate's limit). */
  nearCity: number;
  points: [number, number][];
  startsAtCity: number;
  endsAtCity: number;
  continues: boolean;
}

/** The edge's geometry cut where its class or nearer city changes, cut points inserted on the line. */
function stretchesOf(net: RoadNetwork, a: number, b: number): Stretch[] {
  const pts = edgeGeometry(net, a, b);
  const cum = [0];
  for (let i = 1; i < pts.length; i++) cum.push(cum[i - 1]! + flatMi(...pts[i - 1]!, ...pts[i]!));
  const length = cum[cum.length - 1]!;
  const half = length / 2;
  const cuts = [TOWN_MI, SUBURB_MI, half, length - SUBURB_MI, length - TOWN_MI]
    .filter((d) => d > 0 && d < length)
    .sort((x, y) => x - y);
  const bounds = [0, ...new Set(cuts), length];
  const out: Stretch[] = [];
  for (let s = 0; s + 1 < bounds.length; s++) {
    const from = bounds[s]!;
    const to = bounds[s + 1]!;
    const mid = (from + to) / 2;
    const points: [number, number][] = [pointAt(pts, cum, from)];
    cum.forEach((c, i) => {
      if (c > from && c < to) points.push(pts[i]!);
    });
    points.push(pointAt(pts, cum, to));
    const cls = stretchClassAt(Math.min(mid, length - mid));
    const nearCity = mid < half ? a : b;
    const last = out[out.length - 1];
    if (last && last.cls === cls && last.nearCity === nearCity) {
      last.points.push(...points.slice(1));
      last.endsAtCity = to === length ? b : -1;
      continue;
    }
    out.push({
      cls,
      nearCity,
      points,
      startsAtCity: from === 0 ? a : -1,
      endsAtCity: to === length ? b : -1,
      continues: from > 0,
    });
  }
  return out;
}

function pointAt(pts: [number, number][], cum: number[], d: number): [number, number] {
  let i = 0;
  while (i < cum.length - 2 && cum[i + 1]! < d) i++;
  const span = cum[i + 1]! - cum[i]!;
  const f = span > 0 ? (d - cum[i]!) / span : 0;
  const [la0, ln0] = pts[i]!;
  const [la1, ln1] = pts[i + 1]!;
  return [la0 + (la1 - la0) * f, ln0 + (ln1 - ln0) * f];
}

function tagsOf(net: RoadNetwork, a: number, b: number, s: Stretch): Record<string, string> {
  const near = net.nodes[s.nearCity]!;
  if (s.cls !== 'interstate') {
    const road = STRETCH_ROADS[s.cls];
    const suffix = s.cls === 'town' ? 'Boulevard' : 'Parkway';
    return { highway: road.highway, name: `${near.name} ${suffix}`, maxspeed: `${road.mph} mph` };
  }
  const [car, truck] = interstateMph(near.state);
  const tags: Record<string, string> = {
    highway: 'motorway',
    name: `${net.nodes[a]!.name}–${net.nodes[b]!.name} Interstate`,
    maxspeed: `${car} mph`,
  };
  if (truck !== car) tags['maxspeed:hgv'] = `${truck} mph`;
  return tags;
}

/** The nodes some way uses, ascending ids (the format wants them sorted). */
function dropUnused(nodes: OsmNode[], ways: OsmWay[]): OsmNode[] {
  const used = new Set<number>();
  for (const w of ways) for (const r of w.refs) used.add(r);
  return nodes.filter((n) => used.has(n.id));
}
