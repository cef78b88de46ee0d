import { mix32, uuidFromWords } from './hash.ts';
import { describeLocation } from './gazetteer.ts';
import { Lru } from './lru.ts';
import { storedCheckpoint } from './checkpoints.ts';
import { DAY_MS, EPOCH_MS, initialState, opDayOf, simulateOpDay, type DayState, type OpDaySim } from './vehicle-sim.ts';
import type { VehicleProfile } from './fleet.ts';
import type { MotionStatus, WireLocationRecord } from '../../../shared/api/wire.ts';
import { dayStartMs, type UtcDay } from '../../../shared/util/day.ts';
import { upperBound } from '../../../shared/util/search.ts';

/**
 * Lazily generated days. Only the small op-day start states are kept for good
 * (one per vehicle per op-day); points live in two small LRUs. Everything is a
 * pure function of (seed, vehicle, day), so the caches are shared by all worlds.
 */
export interface SimVehicleRef {
  vehicleId: string;
  number: string;
  vin: string;
  active: boolean;
  profile: VehicleProfile;
  seed: number;
}

const chains = new Map<string, DayState[]>();
const opDays = new Lru<string, OpDaySim>(64);
/**
 * Served days keep their records' JSON text (one string of about 150 KB a
 * day of a busy truck): a six-month export asks for ~185 days, plus the day
 * after each 7-day run twice, and repeated exports (benchmarks, the demo)
 * then cost a join instead of formatting every record again. 200 days hold
 * one truck's whole window (~30 MB at most).
 */
const utcDays = new Lru<string, DayRecords>(200);

function chainKey(v: SimVehicleRef): string {
  return `${v.seed}:${v.vehicleId}`;
}

/** State at the start of op-day `k` (k >= 0): chained from the nearest known state at or before `k`. */
export function stateAt(v: SimVehicleRef, k: number): DayState {
  const key = chainKey(v);
  let chain = chains.get(key);
  if (!chain) {
    // Sparse: op-days with a known state (the epoch, checkpoints used, and the days chained from them).
    chain = [initialState(v.profile, v.seed)];
    chains.set(key, chain);
  }
  let j = k;
  while (chain[j] === undefined) {
    const cp = storedCheckpoint(v.seed, v.vehicleId, j, (at) => chainFrom(v, 0, initialState(v.profile, v.seed), at));
    if (cp) {
      chain[j] = cp;
      break;
    }
    j--;
  }
  for (; j < k; j++) {
    const cached = opDays.get(`${key}:${j}`);
    chain[j + 1] = (cached ?? simulateOpDay(v.profile, v.seed, v.active, j, chain[j]!, false)).end;
  }
  return chain[k]!;
}

/** The state at op-day `k` chained from `state` at op-day `from`, caching nothing. */
export function chainFrom(v: SimVehicleRef, from: number, state: DayState, k: number): DayState {
  let s = state;
  for (let j = from; j < k; j++) s = simulateOpDay(v.profile, v.seed, v.active, j, s, false).end;
  return s;
}

function opDay(v: SimVehicleRef, k: number, start: DayState): OpDaySim {
  const key = `${chainKey(v)}:${k}`;
  const hit = opDays.get(key);
  if (hit) return hit;
  const sim = simulateOpDay(v.profile, v.seed, v.active, k, start, true);
  opDays.set(key, sim);
  return sim;
}

/** The op-day `k` simulation, or null before the epoch. */
export function opDaySim(v: SimVehicleRef, k: number): OpDaySim | null {
  if (k < 0) return null;
  const key = `${chainKey(v)}:${k}`;
  return opDays.get(key) ?? opDay(v, k, stateAt(v, k));
}

const MOTION: readonly MotionStatus[] = ['IN_MOTION', 'STATIONARY', 'OFFLINE'];

/**
 * One UTC day of one vehicle, ascending: indexes into the (cached, numeric)
 * op-day simulations, and each record's JSON text once it has been served.
 */
export interface DayList {
  length: number;
  /** JSON text of the i-th record. */
  at(i: number): string;
}

export interface DayRecords extends DayList {
  t: number[];
}

/** The id of a record in its JSON text (always the first field). */
export function idOfJson(json: string): string {
  return json.slice(7, 43);
}

export function parseRecord(json: string): WireLocationRecord {
  return JSON.parse(json) as WireLocationRecord;
}

export function recordId(salt: number, t: number): string {
  const lo = t >>> 0;
  const hi = Math.floor(t / 4294967296);
  const a = mix32(salt ^ lo);
  const b = mix32(a ^ hi ^ 0x5bd1e995);
  const c = mix32(b ^ salt ^ 0x27d4eb2f);
  const d = mix32(c ^ lo ^ 0x165667b1);
  return uuidFromWords(a, b, c, d);
}

export function isoSeconds(t: number): string {
  return new Date(t).toISOString().slice(0, 19) + 'Z';
}

const PAD2: string[] = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));

/** ISO time of a whole-second `t` inside the day starting at `dayStart`, without a Date per record. */
function isoInDay(prefix: string, dayStart: number, t: number): string {
  const s = Math.floor((t - dayStart) / 1000);
  return `${prefix}${PAD2[Math.floor(s / 3600)]}:${PAD2[Math.floor(s / 60) % 60]}:${PAD2[s % 60]}Z`;
}

function fmtDirection(d: number): string {
  const r = Math.round(d * 10) / 10;
  return String(r >= 360 ? 0 : r);
}

let lastLocKey = '';
let lastLoc = '';

class DayView implements DayRecords {
  readonly t: number[] = [];
  private sims: OpDaySim[] = [];
  private idx: number[] = [];
  private simOf: number[] = [];
  /**
   * The whole day's records as one JSON text, `record,record,…`, and where
   * each record ends in it. Built on first use: a page that touches a day
   * almost always reads all of it, one flat string per day is far cheaper to
   * keep than ~500 small ones, and a record's text is then a slice of it.
   */
  private text: string | null = null;
  private ends = new Uint32Array(0);
  private readonly prefix: string;
  private readonly head: string;
  constructor(
    private readonly v: SimVehicleRef,
    private readonly dayStart: number,
  ) {
    this.prefix = new Date(dayStart).toISOString().slice(0, 11);
    this.head = `","vehicle_number":${JSON.stringify(v.number)},"vin":${JSON.stringify(v.vin)},"lat":"`;
  }
  get length(): number {
    return this.t.length;
  }
  add(sim: OpDaySim, from: number, to: number): void {
    const s = this.sims.push(sim) - 1;
    for (let i = 0; i < sim.n; i++) {
      const t = sim.t[i]!;
      if (t < from || t >= to) continue;
      this.t.push(t);
      this.idx.push(i);
      this.simOf.push(s);
    }
  }
  at(k: number): string {
    if (this.text === null) this.build();
    return (this.text as string).slice(k === 0 ? 0 : this.ends[k - 1]! + 1, this.ends[k]);
  }
  private build(): void {
    const n = this.t.length;
    const parts = new Array<string>(n);
    this.ends = new Uint32Array(n);
    let offset = 0;
    for (let k = 0; k < n; k++) {
      const json = this.format(k);
      parts[k] = json;
      offset += json.length;
      this.ends[k] = offset;
      offset += 1; // the comma
    }
    this.text = parts.join(',');
    // Every record has its text now: the simulations behind them can go (the op-day LRU decides about those).
    this.sims = [];
    this.idx = [];
    this.simOf = [];
  }
  private format(k: number): string {
    const sim = this.sims[this.simOf[k]!]!;
    const i = this.idx[k]!;
    const t = sim.t[i]!;
    const lat = sim.lat[i]!;
    const lng = sim.lng[i]!;
    const latS = lat.toFixed(6);
    const lngS = lng.toFixed(6);
    // Parked trucks repeat one position for hours: skip the gazetteer then.
    const locKey = latS + lngS;
    if (locKey !== lastLocKey) {
      lastLocKey = locKey;
      lastLoc = JSON.stringify(describeLocation(lat, lng));
    }
    return `{"id":"${recordId(this.v.profile.salt, t)}${this.head}${latS}","lng":"${lngS}","status":"${MOTION[sim.status[i]!] ?? 'STATIONARY'}","speed":"${sim.speed[i]!}","timestamp":"${isoInDay(this.prefix, this.dayStart, t)}","calc_location":${lastLoc},"direction":"${fmtDirection(sim.dir[i]!)}"}`;
  }
}

/** The full UTC day (no `now` cutoff; callers cut). */
export function utcDay(v: SimVehicleRef, day: UtcDay): DayRecords {
  const key = `${chainKey(v)}:${day}`;
  const hit = utcDays.get(key);
  if (hit) return hit;
  const start = dayStartMs(day);
  const end = start + DAY_MS;
  const out = new DayView(v, start);
  if (end > EPOCH_MS) {
    // The UTC day is the tail of the op-day before plus the head of its own op-day.
    const k = opDayOf(start);
    for (const kk of [k, k + 1]) {
      const sim = opDaySim(v, kk);
      if (sim) out.add(sim, start, end);
    }
  }
  utcDays.set(key, out);
  return out;
}

/** Index of the last reading of op-day sims at or before `ms`, searching back a few op-days. */
export function latestReading(v: SimVehicleRef, ms: number): { sim: OpDaySim; i: number } | null {
  for (let k = opDayOf(ms); k >= Math.max(0, opDayOf(ms) - 3); k--) {
    const sim = opDaySim(v, k);
    if (!sim) return null;
    const found = upperBound(sim.t, ms, 0, sim.n) - 1;
    if (found >= 0) return { sim, i: found };
  }
  return null;
}
