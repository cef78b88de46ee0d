// Over 300 lines: one op-day state machine (drive, stop, rest, yard, gap) whose phases share state.
import { hashInts, mix32, Rng } from './hash.ts';
import { bearingDeg, haversineMi, offsetMi } from './geo.ts';
import { positionAt, roadNetwork, route, type Route } from './road-network.ts';
import { lowestTruckLimitAhead, truckLimitAt } from './road-limits.ts';
import type { VehicleProfile } from './fleet.ts';

/**
 * One vehicle's life, one "operational day" at a time. An op-day runs from
 * 10:00 UTC (early morning in the US) to 10:00 UTC the next day, so a driver's
 * shift never straddles op-days. The state at the start of each op-day is a
 * pure function of the state before it, chained from EPOCH_MS, so any day can
 * be generated on its own once the small per-day states are known.
 */
export const EPOCH_MS = Date.UTC(2025, 5, 1);
export const DAY_MS = 86_400_000;
export const OP_DAY_OFFSET_MS = 10 * 3_600_000;
const MIN = 60_000;
const HOUR = 3_600_000;

export function opDayStart(k: number): number {
  return EPOCH_MS + k * DAY_MS + OP_DAY_OFFSET_MS;
}

/** Index of the op-day containing `ms`. */
export function opDayOf(ms: number): number {
  return Math.floor((ms - EPOCH_MS - OP_DAY_OFFSET_MS) / DAY_MS);
}

export const Motion = { IN_MOTION: 0, STATIONARY: 1, OFFLINE: 2 } as const;

/** What the driver was doing: the basis of the duty status. */
export const Activity = {
  OFF: 0,
  SLEEPER: 1,
  ON: 2,
  DRIVE: 3,
  YARD: 4,
  PC: 5,
  BREAK: 6,
  FUEL: 7,
} as const;
export type Activity = (typeof Activity)[keyof typeof Activity];

export interface DayState {
  routeFrom: number;
  routeTo: number;
  progressMi: number;
  odometer: number;
  fuel: number;
  lat: number;
  lng: number;
  dir: number;
  workStreak: number;
  /** On-duty ms of the previous 7 op-days, most recent last. */
  onDutyHist: number[];
  tripNo: number;
}

export interface Segment {
  start: number;
  end: number;
  activity: Activity;
}

export interface OpDaySim {
  k: number;
  n: number;
  t: number[];
  lat: number[];
  lng: number[];
  speed: number[];
  dir: number[];
  status: number[];
  odometer: number[];
  fuel: number[];
  /** The truck's posted limit where each reading was taken (NaN off the road: parked, yard and loop moves): the ground truth of posted-limit speeding. */
  limitMph: number[];
  segments: Segment[];
  shiftStart: number | null;
  onDutyMs: number;
  /** State at the start of the next op-day. */
  end: DayState;
}

export function initialState(p: VehicleProfile, seed: number): DayState {
  const node = roadNetwork().nodes[p.homeNode]!;
  const rng = Rng.of(seed, p.salt, 0x1a17);
  const dest = pickDestination(p.homeNode, rng);
  return {
    routeFrom: p.homeNode,
    routeTo: dest,
    progressMi: 0,
    odometer: p.odometerStart,
    fuel: rng.range(60, 100),
    lat: node.lat,
    lng: node.lng,
    dir: 0,
    workStreak: 0,
    onDutyHist: [],
    tripNo: 0,
  };
}

function pickDestination(from: number, rng: Rng): number {
  const { nodes } = roadNetwork();
  const a = nodes[from]!;
  for (let tries = 0; tries < 60; tries++) {
    const j = rng.int(0, nodes.length - 1);
    const b = nodes[j]!;
    const d = haversineMi(a.lat, a.lng, b.lat, b.lng);
    if (j !== from && d >= 250 && d <= 1400) return j;
  }
  return (from + 1) % nodes.length;
}

/** Fuel burn: ~6.5 mpg on a 200-gallon tank, in percent per mile. */
const FUEL_PER_MI = 100 / (6.5 * 200);

const hav = haversineMi;
const bearing = bearingDeg;
const offset = offsetMi;
const posAt = positionAt;

/** Speed is decided at knots this far apart and interpolated linearly between them. */
const KNOT_MS = 5 * MIN;
/**
 * A knot's speed keeps under the lowest limit this far ahead: two knots at
 * the top speed, so a truck is already slow where a lower limit begins.
 */
const LOOKAHEAD_MI = 13;
/** Fastest a truck drives while speeding (governed trucks top out in the low 80s). */
const MAX_SPEEDING_MPH = 84;

/** A uniform number in [0, 1) that is a pure function of (salt, t, tag). */
function u01(salt: number, t: number, tag: number): number {
  return mix32(hashInts(salt, t, tag)) / 4294967296;
}

class DayBuilder {
  readonly out: OpDaySim;
  t: number;
  lat: number;
  lng: number;
  dir: number;
  odo: number;
  fuel: number;
  r: Route;
  progress: number;
  seg = 0;
  constructor(
    readonly p: VehicleProfile,
    readonly full: boolean,
    k: number,
    s: DayState,
  ) {
    this.t = opDayStart(k);
    this.lat = s.lat;
    this.lng = s.lng;
    this.dir = s.dir;
    this.odo = s.odometer;
    this.fuel = s.fuel;
    this.r = route(s.routeFrom, s.routeTo);
    this.progress = s.progressMi;
    this.out = {
      k,
      n: 0,
      t: [],
      lat: [],
      lng: [],
      speed: [],
      dir: [],
      status: [],
      odometer: [],
      fuel: [],
      limitMph: [],
      segments: [],
      shiftStart: null,
      onDutyMs: 0,
      end: s,
    };
  }

  emit(
    t: number,
    lat: number,
    lng: number,
    speed: number,
    status: number,
    odo: number,
    fuel: number,
    limitMph = Number.NaN,
  ): void {
    const o = this.out;
    if ((lat !== this.lat || lng !== this.lng) && hav(this.lat, this.lng, lat, lng) > 0.002) {
      this.dir = bearing(this.lat, this.lng, lat, lng);
    }
    this.lat = lat;
    this.lng = lng;
    o.t.push(t);
    o.lat.push(lat);
    o.lng.push(lng);
    o.speed.push(speed);
    o.dir.push(this.dir);
    o.status.push(status);
    o.odometer.push(odo);
    o.fuel.push(fuel);
    o.limitMph.push(limitMph);
    o.n++;
  }

  segment(start: number, end: number, activity: Activity): void {
    if (end > start) this.out.segments.push({ start, end, activity });
  }

  /** Parked until `until`, a reading every `lo`..`hi` ms (times hashed, so skipping them costs nothing). */
  park(untilRaw: number, lo: number, hi: number, activity: Activity): void {
    const start = this.t;
    // Whole seconds everywhere: timestamps travel without milliseconds.
    const until = Math.round(untilRaw / 1000) * 1000;
    if (this.full) {
      let t = start;
      for (;;) {
        t += Math.round((lo + (hi - lo) * u01(this.p.salt, t, 1)) / 1000) * 1000;
        if (t >= until) break;
        this.emit(t, this.lat, this.lng, 0, Motion.STATIONARY, this.odo, this.fuel);
      }
    }
    this.t = until;
    this.segment(start, until, activity);
  }

  /** GPS noise of a few metres, a pure function of the reading time. */
  noisy(lat: number, lng: number, t: number): [number, number] {
    const h = mix32(hashInts(this.p.salt, t));
    const dn = ((h & 0xffff) / 0xffff - 0.5) * 0.006;
    const de = ((h >>> 16) / 0xffff - 0.5) * 0.006;
    return offset(lat, lng, dn, de);
  }

  /**
   * Drives along the current route for at most `maxMs`. Speed is set at knots
   * (sequential randomness, needed to chain days) and readings are interpolated
   * between them (hashed randomness, only computed when points are wanted).
   */
  drive(maxMs: number, rng: Rng): { drivenMs: number; arrived: boolean } {
    const start = this.t;
    const end = start + Math.round(maxMs / 1000) * 1000;
    const cruise = 61 + this.p.cruiseBias + rng.range(-3, 3);
    const speeding = rng.chance(0.35);
    const speedingAt = start + rng.range(0.1, 0.85) * maxMs;
    const speedingEnd = speedingAt + rng.range(9, 16) * MIN;
    // Mostly a few mph over the limit, now and then far over it.
    const speedingOver = rng.chance(0.25) ? rng.range(13, 23) : rng.range(7, 12);
    const offline = rng.chance(0.14);
    const offlineAt = start + rng.range(0.1, 0.8) * maxMs;
    const offlineEnd = Math.min(offlineAt + rng.range(20, 180) * MIN, end - 5 * MIN);
    const hasGap = offline && offlineEnd - offlineAt >= 20 * MIN;
    const phase = rng.range(0, 2 * Math.PI);
    // Knots: times, speeds and progress/odometer/fuel at each.
    const kt = [start];
    const kv = [0];
    const kp = [this.progress];
    let arrived = false;
    let tk = start;
    while (tk < end && !arrived) {
      const t1 = Math.min(end, tk + KNOT_MS);
      const limit = lowestTruckLimitAhead(this.r, this.progress, LOOKAHEAD_MI);
      let v = cruise + 3 * Math.sin(phase + t1 / (23 * MIN)) + rng.range(-2, 2);
      v = Math.min(v, limit - 1.5 + rng.range(-1.5, 1.5));
      if (speeding && t1 >= speedingAt && t1 <= speedingEnd) {
        v = Math.min(MAX_SPEEDING_MPH, limit + speedingOver + rng.range(-0.8, 0.8));
      }
      if (t1 === end) v = Math.min(v, 15);
      const v0 = kv[kv.length - 1]!;
      let mi = (((v0 + v) / 2) * (t1 - tk)) / HOUR;
      const left = this.r.lengthMi - this.progress;
      let tEnd = t1;
      if (mi >= left) {
        // Arrives within this knot: cut the knot where the route ends.
        tEnd = tk + Math.max(1000, Math.round(((t1 - tk) * (left / Math.max(mi, 1e-9))) / 1000) * 1000);
        v = 0;
        mi = left;
        arrived = true;
      }
      this.progress += mi;
      kt.push(tEnd);
      kv.push(v);
      kp.push(this.progress);
      tk = tEnd;
    }
    const driven = this.progress - kp[0]!;
    if (this.full) this.emitDrive(kt, kv, kp, end, hasGap ? offlineAt : -1, hasGap ? offlineEnd : -1);
    this.odo += driven;
    this.fuel = Math.max(3, this.fuel - driven * FUEL_PER_MI);
    // Both modes must end on the same position and heading so chained days agree.
    const endPos = posAt(this.r, this.progress, 0);
    const ahead = posAt(this.r, Math.max(0, this.progress - 0.5), endPos.seg);
    if (hav(ahead.lat, ahead.lng, endPos.lat, endPos.lng) > 0.002)
      this.dir = bearing(ahead.lat, ahead.lng, endPos.lat, endPos.lng);
    this.lat = endPos.lat;
    this.lng = endPos.lng;
    this.t = arrived ? tk : end;
    this.segment(start, this.t, Activity.DRIVE);
    return { drivenMs: this.t - start, arrived };
  }

  private emitDrive(kt: number[], kv: number[], kp: number[], _end: number, gapAt: number, gapEnd: number): void {
    const salt = this.p.salt;
    const odo0 = this.odo;
    const fuel0 = this.fuel;
    const p0 = kp[0]!;
    const last = kt[kt.length - 1]!;
    let j = 0;
    let t = kt[0]!;
    let gapDone = gapAt < 0;
    for (;;) {
      t += MIN + Math.round(u01(salt, t, 2) * 8 - 4) * 1000;
      if (t > last) break;
      while (j < kt.length - 2 && kt[j + 1]! < t) j++;
      const ta = kt[j]!;
      const tb = kt[j + 1]!;
      const va = kv[j]!;
      const vb = kv[j + 1]!;
      const dtH = (t - ta) / HOUR;
      const f = tb > ta ? (t - ta) / (tb - ta) : 1;
      const v = va + (vb - va) * f;
      const prog = Math.min(kp[j + 1]!, kp[j]! + ((va + v) / 2) * dtH);
      const pos = posAt(this.r, prog, this.seg);
      this.seg = pos.seg;
      const driven = prog - p0;
      const odo = odo0 + driven;
      const fuel = Math.max(3, fuel0 - driven * FUEL_PER_MI);
      if (!gapDone && t >= gapAt) {
        gapDone = true;
        // The device drops out; the truck keeps rolling meanwhile.
        this.emit(t, this.lat, this.lng, 0, Motion.OFFLINE, odo, fuel);
        t = gapEnd;
        continue;
      }
      const atEnd = prog >= this.r.lengthMi;
      const [la, ln] = this.noisy(pos.lat, pos.lng, t);
      const shown = atEnd ? 0 : Math.max(3, Math.round((v + (u01(salt, t, 3) - 0.5) * 1.4) * 10) / 10);
      const limit = atEnd ? Number.NaN : truckLimitAt(this.r, prog);
      this.emit(t, la, ln, shown, atEnd ? Motion.STATIONARY : Motion.IN_MOTION, odo, fuel, limit);
    }
  }

  /** A short loop that returns to where it started: yard moves and personal conveyance. */
  loop(durMs: number, radiusMi: number, activity: Activity, rng: Rng): void {
    const start = this.t;
    const steps = Math.max(3, Math.round(durMs / MIN));
    const stepMs = Math.round(durMs / steps / 1000) * 1000;
    const circumference = 2 * Math.PI * radiusMi;
    const heading = rng.range(0, 2 * Math.PI);
    const dir0 = this.dir;
    if (this.full) {
      const lat0 = this.lat;
      const lng0 = this.lng;
      const mph = circumference / ((steps * stepMs) / HOUR);
      for (let i = 1; i <= steps; i++) {
        const th = (2 * Math.PI * i) / steps;
        // Circle through the start point, centred one radius away along `heading`.
        const n = (Math.cos(heading) - Math.cos(heading + th)) * radiusMi;
        const e = (Math.sin(heading) - Math.sin(heading + th)) * radiusMi;
        const [la, ln] = i === steps ? [lat0, lng0] : offset(lat0, lng0, n, e);
        const t = start + i * stepMs;
        const speed = i === steps ? 0 : Math.round((mph + (u01(this.p.salt, t, 4) - 0.5) * 2) * 10) / 10;
        this.emit(
          t,
          la,
          ln,
          speed,
          i === steps ? Motion.STATIONARY : Motion.IN_MOTION,
          this.odo + (circumference * i) / steps,
          this.fuel,
        );
      }
    }
    this.odo += circumference;
    this.dir = dir0;
    this.t = start + steps * stepMs;
    this.segment(start, this.t, activity);
  }

  newTrip(rng: Rng, state: { tripNo: number }): void {
    state.tripNo++;
    const from = this.r.to;
    this.r = route(from, pickDestination(from, rng));
    this.progress = 0;
    this.seg = 0;
  }
}

const CYCLE_MS = 70 * HOUR;

/** Simulates op-day `k` starting from `s`. */
export function simulateOpDay(
  p: VehicleProfile,
  seed: number,
  active: boolean,
  k: number,
  s: DayState,
  full: boolean,
): OpDaySim {
  const b = new DayBuilder(p, full, k, s);
  const rng = Rng.of(seed, p.salt, k, 0xda7);
  const opStart = opDayStart(k);
  const opEnd = opStart + DAY_MS;
  const trip = { tripNo: s.tripNo };
  const cycleUsed = s.onDutyHist.reduce((a, x) => a + x, 0);
  const offDay = !active || s.workStreak >= 6 || cycleUsed > 58 * HOUR || rng.chance(0.02);
  let onDuty = 0;
  let workStreak = s.workStreak;
  const overnight = p.sleeper ? Activity.SLEEPER : Activity.OFF;
  if (offDay) {
    b.park(opEnd, 55 * MIN, 65 * MIN, Activity.OFF);
    workStreak = 0;
  } else {
    workStreak++;
    const shiftStart = opStart + Math.round((rng.range(5, 90) * MIN) / 1000) * 1000;
    b.park(shiftStart, 55 * MIN, 65 * MIN, overnight);
    b.out.shiftStart = shiftStart;
    b.park(shiftStart + rng.range(12, 25) * MIN, 9 * MIN, 13 * MIN, Activity.ON);
    if (rng.chance(0.25)) b.loop(rng.range(4, 9) * MIN, 0.05, Activity.YARD, rng);
    const budget = Math.min(rng.range(9.6, 10.8) * HOUR, CYCLE_MS - cycleUsed - 2 * HOUR);
    const shiftLimit = shiftStart + 13.5 * HOUR;
    let driven = 0;
    // Every leg (at most 4.6 h) ends in a stop of 30 min or more, which satisfies the 8-hour break rule.
    for (;;) {
      const remaining = Math.min(budget - driven, shiftLimit - b.t - 20 * MIN);
      if (remaining < 15 * MIN) break;
      const leg = Math.min(remaining, rng.range(2.6, 4.6) * HOUR);
      const { drivenMs, arrived } = b.drive(leg, rng);
      driven += drivenMs;
      if (budget - driven < 15 * MIN) {
        if (arrived) b.newTrip(rng, trip);
        break;
      }
      if (arrived) {
        b.park(b.t + rng.range(45, 120) * MIN, 10 * MIN, 15 * MIN, Activity.ON);
        b.newTrip(rng, trip);
      } else if (b.fuel < 45) {
        b.park(b.t + rng.range(31, 40) * MIN, 10 * MIN, 15 * MIN, Activity.FUEL);
        b.fuel = rng.range(94, 100);
      } else {
        b.park(b.t + rng.range(30, 42) * MIN, 10 * MIN, 15 * MIN, Activity.BREAK);
      }
    }
    b.park(b.t + rng.range(10, 16) * MIN, 9 * MIN, 12 * MIN, Activity.ON);
    if (rng.chance(0.08)) {
      b.park(b.t + rng.range(50, 110) * MIN, 55 * MIN, 65 * MIN, overnight);
      b.loop(rng.range(10, 20) * MIN, 1.2, Activity.PC, rng);
    }
    b.park(opEnd, 55 * MIN, 65 * MIN, overnight);
    for (const seg of b.out.segments) {
      if (
        seg.activity === Activity.ON ||
        seg.activity === Activity.DRIVE ||
        seg.activity === Activity.FUEL ||
        seg.activity === Activity.YARD
      ) {
        onDuty += seg.end - seg.start;
      }
    }
  }
  b.out.onDutyMs = onDuty;
  b.out.end = {
    routeFrom: b.r.from,
    routeTo: b.r.to,
    progressMi: b.progress,
    odometer: b.odo,
    fuel: b.fuel,
    lat: b.lat,
    lng: b.lng,
    dir: b.dir,
    workStreak,
    // A day off is at least 34 h off duty: the cycle restarts.
    onDutyHist: offDay ? [] : [...s.onDutyHist, onDuty].slice(-7),
    tripNo: trip.tripNo,
  };
  return b.out;
}
