import { roadNetwork, type Route } from './road-network.ts';

/**
 * The demo world's posted speed limits. Every edge of the road network is an
 * interstate between two metro areas: a town stretch near each city, a
 * suburban stretch after it, and open interstate in between, whose limit is
 * that of the state of the nearer city. The same table drives the trucks
 * (they keep under the limit, now and then over it), the road network the
 * simulator writes as OpenStreetMap (`osm-roads.ts`), and the ground truth
 * of posted-limit speeding (`OpDaySim.limitMph`).
 */

/** Distance from a city node within which a stretch is a town (45 mph) or suburban (55 mph) road. */
export const TOWN_MI = 3;
export const SUBURB_MI = 8;

export type StretchClass = 'town' | 'suburb' | 'interstate';

/** OpenStreetMap `highway` value and posted limit of a town or suburban stretch. */
export const STRETCH_ROADS = {
  town: { highway: 'primary', mph: 45 },
  suburb: { highway: 'trunk', mph: 55 },
} as const;

/**
 * Maximum posted limits on rural interstates, cars / trucks, mph, by state:
 * modelled on the Insurance Institute for Highway Safety's table "Speed limits
 * by state" (trucks lower in AR, CA, ID, IN, MI, MT, OR, WA, WY). The demo
 * posts these; where trucks have their own limit it is tagged `maxspeed:hgv`.
 */
export const INTERSTATE_MPH: Readonly<Record<string, readonly [car: number, truck: number]>> = {
  AL: [70, 70], AZ: [75, 75], AR: [75, 70], CA: [70, 55], CO: [75, 75], CT: [65, 65], DE: [65, 65],
  DC: [55, 55], FL: [70, 70], GA: [70, 70], ID: [80, 70], IL: [70, 70], IN: [70, 65], IA: [70, 70],
  KS: [75, 75], KY: [65, 65], LA: [75, 75], ME: [75, 75], MD: [70, 70], MA: [65, 65], MI: [75, 65],
  MN: [70, 70], MS: [70, 70], MO: [70, 70], MT: [80, 70], NE: [75, 75], NV: [80, 80], NH: [70, 70],
  NJ: [65, 65], NM: [75, 75], NY: [65, 65], NC: [70, 70], ND: [75, 75], OH: [70, 70], OK: [75, 75],
  OR: [70, 65], PA: [70, 70], RI: [65, 65], SC: [70, 70], SD: [80, 80], TN: [70, 70], TX: [75, 75],
  UT: [80, 80], VT: [65, 65], VA: [70, 70], WA: [70, 60], WV: [70, 70], WI: [70, 70], WY: [80, 75],
}; // prettier-ignore

/** A state missing from the table (none in the demo's network) posts this. */
const FALLBACK_MPH: readonly [number, number] = [65, 65];

export function interstateMph(state: string): readonly [car: number, truck: number] {
  return INTERSTATE_MPH[state] ?? FALLBACK_MPH;
}

/** The class of a stretch `fromCityMi` from the nearer city node. */
export function stretchClassAt(fromCityMi: number): StretchClass {
  return fromCityMi < TOWN_MI ? 'town' : fromCityMi < SUBURB_MI ? 'suburb' : 'interstate';
}

/** The truck limit of a stretch of class `c` nearer to a city in `state`. */
export function truckMph(c: StretchClass, state: string): number {
  return c === 'interstate' ? interstateMph(state)[1] : STRETCH_ROADS[c].mph;
}

/** The city mark nearest to `mi` along the route: its index in `r.cityMarks`. */
function nearestMark(r: Route, mi: number): number {
  let best = 0;
  for (let i = 1; i < r.cityMarks.length; i++) {
    if (Math.abs(r.cityMarks[i]! - mi) < Math.abs(r.cityMarks[best]! - mi)) best = i;
  }
  return best;
}

/** The truck limit, mph, `mi` along the route. */
export function truckLimitAt(r: Route, mi: number): number {
  const m = nearestMark(r, mi);
  const state = roadNetwork().nodes[r.cities[m]!]!.state;
  return truckMph(stretchClassAt(Math.abs(r.cityMarks[m]! - mi)), state);
}

/**
 * The lowest truck limit from `mi` to `mi + aheadMi` along the route. Limits
 * change only `TOWN_MI`/`SUBURB_MI` from a city and halfway between two, so
 * the limit just past each such point in the span is all there is to look at.
 */
export function lowestTruckLimitAhead(r: Route, mi: number, aheadMi: number): number {
  const to = Math.min(r.lengthMi, mi + aheadMi);
  let low = truckLimitAt(r, mi);
  const marks = r.cityMarks;
  const look = (x: number) => {
    if (x > mi && x < to) low = Math.min(low, truckLimitAt(r, x + 1e-6));
  };
  marks.forEach((m, i) => {
    for (const d of [TOWN_MI, SUBURB_MI]) {
      look(m - d);
      look(m + d);
    }
    if (i + 1 < marks.length) look((m + marks[i + 1]!) / 2);
  });
  return low;
}
