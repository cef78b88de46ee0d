/**
 * Generated breadcrumb tracks for tests and benchmarks. A track is described
 * by a plan of legs whose true figures are known by construction (a leg of
 * 60 minutes at 60 mph moves exactly 60 miles along a great circle), and
 * random plans come from a seed so failures reproduce.
 *
 * Leg semantics (the time/position after a leg is where the next one starts):
 * - drive: one IN_MOTION reading every `stepSeconds` (default 60) for
 *   `minutes`, each followed by travel at `mph` on `heading` until the next;
 * - stop: STATIONARY readings, speed 0, every `everySeconds` (default 300);
 * - silence: one reading (STATIONARY unless `status` says otherwise), then no
 *   readings for `minutes` while the truck stands still, or, with `movedMiles`,
 *   ends up that far away on `heading` (a truck that moved without reporting).
 *   Whether it is a gap follows shared/track/gaps.ts: without a move it is
 *   a parked silence (a stop) whatever the status; with one, a gap past
 *   `gapSeconds` (any length after OFFLINE);
 * - offline: one OFFLINE reading, then nothing for `minutes`.
 * After the last leg a final STATIONARY reading closes the track, so the last
 * leg's intervals are complete.
 */
import type { MotionStatus } from '../../shared/api/wire.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import type { Breadcrumb, DayChunk } from '../../shared/track/types.ts';
import { dayOfMs } from '../../shared/util/day.ts';

/**
 * Mean earth radius (IUGG, 6371.0088 km) in international miles to 0.1 mm, written out here
 * rather than imported: distances "known by construction" must not share a constant or a formula
 * with the geo.ts that measures them (a wrong radius there would otherwise cancel out).
 */
const RADIUS_MILES = 3958.7613;

/**
 * Great-circle travel by rotating unit vectors (n-vector form), a different formulation from
 * geo.ts's spherical trigonometry: the point `miles` away from (lat, lng) on `headingDeg`.
 */
function travel(lat: number, lng: number, headingDeg: number, miles: number): { lat: number; lng: number } {
  const rad = Math.PI / 180;
  const [phi, lam, th, delta] = [lat * rad, lng * rad, headingDeg * rad, miles / RADIUS_MILES];
  const p = [Math.cos(phi) * Math.cos(lam), Math.cos(phi) * Math.sin(lam), Math.sin(phi)];
  const north = [-Math.sin(phi) * Math.cos(lam), -Math.sin(phi) * Math.sin(lam), Math.cos(phi)];
  const east = [-Math.sin(lam), Math.cos(lam), 0];
  const q = [0, 1, 2].map(
    (i) => p[i]! * Math.cos(delta) + (north[i]! * Math.cos(th) + east[i]! * Math.sin(th)) * Math.sin(delta),
  );
  const [x, y, z] = q as [number, number, number];
  const outLng = Math.atan2(y, x) / rad;
  return { lat: Math.atan2(z, Math.hypot(x, y)) / rad, lng: outLng >= 180 ? outLng - 360 : outLng };
}

export type Leg =
  | { kind: 'drive'; minutes: number; mph: number; heading?: number; stepSeconds?: number }
  | { kind: 'stop'; minutes: number; everySeconds?: number }
  | { kind: 'silence'; minutes: number; status?: MotionStatus; movedMiles?: number; heading?: number }
  | { kind: 'offline'; minutes: number };

export interface TrackOptions {
  /** epoch ms of the first reading */
  startMs: number;
  startLat?: number;
  startLng?: number;
  vehicleNumber?: string;
  vin?: string;
  /** calc_location of reading k (default "City k, ST"). */
  location?: (k: number) => string;
  /** Seed for ids (and, in randomPlan, for the plan). */
  seed?: number;
}

/** mulberry32: tiny, fast, good enough for test data. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function uuidFrom(next: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** Rounds like a wire value would be (lat/lng travel as decimal strings). */
function wire(x: number, decimals: number): number {
  return Number(x.toFixed(decimals));
}

export function generateTrack(plan: readonly Leg[], options: TrackOptions): Breadcrumb[] {
  const next = rng(options.seed ?? 1);
  let t = options.startMs;
  let lat = options.startLat ?? 39.7392;
  let lng = options.startLng ?? -104.9903;
  let heading = 90;
  const out: Breadcrumb[] = [];
  const location = options.location ?? ((k: number) => `City ${k % 50}, ST`);
  const push = (status: MotionStatus, speed: number) => {
    out.push({
      id: uuidFrom(next),
      t,
      lat,
      lng,
      speed,
      status,
      direction: heading,
      location: location(out.length),
      vehicleNumber: options.vehicleNumber ?? 'TRK-101',
      vin: options.vin ?? '1FUJGLDR9CLBP8834',
    });
  };
  for (const leg of plan) {
    switch (leg.kind) {
      case 'drive': {
        heading = leg.heading ?? heading;
        const step = leg.stepSeconds ?? 60;
        const steps = Math.round((leg.minutes * 60) / step);
        for (let k = 0; k < steps; k++) {
          push('IN_MOTION', leg.mph);
          const p = travel(lat, lng, heading, (leg.mph * step) / 3600);
          lat = p.lat;
          lng = p.lng;
          t += step * 1000;
        }
        break;
      }
      case 'stop': {
        const every = leg.everySeconds ?? 300;
        const end = t + leg.minutes * 60_000;
        while (t < end) {
          push('STATIONARY', 0);
          t = Math.min(end, t + every * 1000);
        }
        break;
      }
      case 'silence': {
        push(leg.status ?? 'STATIONARY', 0);
        t += leg.minutes * 60_000;
        if (leg.movedMiles) {
          const p = travel(lat, lng, leg.heading ?? heading, leg.movedMiles);
          lat = p.lat;
          lng = p.lng;
        }
        break;
      }
      case 'offline':
        push('OFFLINE', 0);
        t += leg.minutes * 60_000;
        break;
    }
  }
  push('STATIONARY', 0);
  return out;
}

/**
 * A realistic random plan of `days` days: drives of 20-180 min at 45-68 mph
 * with the odd speeding stretch, stops, overnight silences, occasional
 * OFFLINE spells while the truck drives on. Headings wander so tracks are not straight lines; positions
 * are rounded to the wire's 6 decimals by generateRandomTrack.
 */
export function randomPlan(seed: number, days: number): Leg[] {
  const r = rng(seed);
  const legs: Leg[] = [];
  let minutes = 0;
  let heading = r() * 360;
  while (minutes < days * 1440) {
    const x = r();
    let leg: Leg;
    if (x < 0.5) {
      heading = (heading + (r() - 0.5) * 60 + 360) % 360;
      const speeding = r() < 0.15;
      leg = {
        kind: 'drive',
        minutes: 20 + Math.floor(r() * 160),
        mph: speeding ? 71 + Math.floor(r() * 12) : 45 + Math.floor(r() * 24),
        heading: Math.round(heading),
      };
    } else if (x < 0.8) leg = { kind: 'stop', minutes: 10 + 5 * Math.floor(r() * 12), everySeconds: 300 };
    else if (x < 0.95) leg = { kind: 'silence', minutes: 25 + Math.floor(r() * 600) };
    else {
      // The device drops out while the truck drives on at about 50 mph (a data gap, as the simulator's).
      const minutes = 5 + Math.floor(r() * 120);
      leg = {
        kind: 'silence',
        minutes,
        status: 'OFFLINE',
        movedMiles: (minutes * 50) / 60,
        heading: Math.round(heading),
      };
    }
    legs.push(leg);
    minutes += leg.minutes;
  }
  return legs;
}

/** randomPlan driven from `startMs`, with coordinates rounded as the API sends them. */
export function generateRandomTrack(seed: number, days: number, options: Partial<TrackOptions> = {}): Breadcrumb[] {
  const points = generateTrack(randomPlan(seed, days), { startMs: Date.UTC(2026, 0, 5, 6), seed, ...options });
  return points.map((p) => ({ ...p, lat: wire(p.lat, 6), lng: wire(p.lng, 6) }));
}

/** Splits breadcrumbs into their UTC-day chunks, in day order. */
export function toDayChunks(vehicleId: string, points: readonly Breadcrumb[]): DayChunk[] {
  const byDay = new Map<string, Breadcrumb[]>();
  for (const p of points) {
    const d = dayOfMs(p.t);
    const list = byDay.get(d);
    if (list) list.push(p);
    else byDay.set(d, [p]);
  }
  return [...byDay.keys()].sort().map((d) => buildDayChunk(vehicleId, d, byDay.get(d) ?? []));
}

/** Which readings lose which field: reading k loses it when k % every === at (every 0 or absent: none). */
export interface UnknownPlan {
  speed?: { every: number; at?: number };
  direction?: { every: number; at?: number };
  status?: { every: number; at?: number };
  location?: { every: number; at?: number };
}

/**
 * The readings as the parser keeps records that lack optional fields (docs/analysis.md): speed and
 * direction NaN, status null, calc_location ''. Positions and times stay, so what the analysis should
 * find is still known by construction.
 */
export function withUnknowns(points: readonly Breadcrumb[], plan: UnknownPlan): Breadcrumb[] {
  const hit = (k: number, p?: { every: number; at?: number }) => !!p && p.every > 0 && k % p.every === (p.at ?? 0);
  return points.map((p, k) => ({
    ...p,
    speed: hit(k, plan.speed) ? NaN : p.speed,
    direction: hit(k, plan.direction) ? NaN : p.direction,
    status: hit(k, plan.status) ? null : p.status,
    location: hit(k, plan.location) ? '' : p.location,
  }));
}
