// Over 300 lines: every per-carrier fact the metrics read, computed in one pass over the stored days.
import type { RoadLimits } from '../analysis/over-limit-events.ts';
import type { AnalyzeTrack } from '../analysis/types.ts';
import type { DutyStatusCode } from '../api/wire.ts';
import type { DriverRow } from '../domain/carrier.ts';
import { HOS_NEAR_MS } from '../domain/hos.ts';
import { summarizeDay, speedingEvents, type DaySummary } from '../track/summary.ts';
import type { DayChunk } from '../track/types.ts';
import { localRangeInterval } from '../time/local-day.ts';
import { byDay, daysBetween, type UtcDay } from '../util/day.ts';
import { addDriverSpans, emptyDriverSpans, type DriverFacts, type DriverSpans } from './driver-facts.ts';
import { emptyOverLimitFacts, tallyOverLimit, type OverLimitFacts } from './over-limit-facts.ts';
import { isCurrentSummary, summaryParamsOf, type CompareParams } from './params.ts';

/** One stored vehicle-day: its summary as stored, and its chunk (needed to recompute or to find events). */
export interface VehicleDay {
  vehicleId: string;
  day: UtcDay;
  summary: DaySummary;
  chunk: DayChunk | null;
}

/** One refresh of the drivers screen (the API keeps no HOS history; the app keeps these). */
export interface DriverSnapshot {
  takenAt: number;
  rows: readonly DriverRow[];
}

export interface DateRange {
  from: UtcDay;
  to: UtcDay;
}

/** What the comparison reads of one carrier, all from the offline store. */
export interface CarrierData {
  carrierId: string;
  label: string;
  /** The stored vehicle roster; null when it was never fetched. */
  roster: readonly { vehicleId: string; number: string }[] | null;
  /** Stored vehicle-days inside the range, any order. */
  days: readonly VehicleDay[];
  /** Driver snapshots, any order (those after the range are ignored). */
  driverSnapshots: readonly DriverSnapshot[];
  /** The carrier's home zone when `days` are its local days (shared/compare/local-vehicle-days.ts); absent: UTC. */
  zone?: string;
}

export interface WorstEvent {
  carrierId: string;
  vehicleId: string;
  vehicleNumber: string;
  day: UtcDay;
  startMs: number;
  endMs: number;
  seconds: number;
  peakMph: number;
  place: string;
}

export type DutyBucket = DutyStatusCode | 'none';
export const DUTY_BUCKETS: readonly DutyBucket[] = [
  'DS_D',
  'DS_ON',
  'DS_SB',
  'DS_OFF',
  'DR_IND_PC',
  'DR_IND_YM',
  'none',
];

export interface HosFacts {
  /** The latest snapshot taken before the range ended; null when none. */
  latestAt: number | null;
  drivers: number;
  /** Drivers whose HOS values are not all null (spec 2.4 rule 2). */
  withHos: number;
  byStatus: Record<DutyBucket, number>;
  /** Drivers with less than LOW_HOS_MS of drive or shift time left. */
  lowTime: number;
  /** Snapshots taken inside the range (with at least one driver with HOS). */
  rangeSnapshots: number;
  /** Mean over those snapshots of lowTime / withHos; null without snapshots. */
  rangeLowShareMean: number | null;
}

export interface DailyPoint {
  day: UtcDay;
  /** null on a day with nothing stored for the carrier (a chart gap, not a zero). */
  miles: number | null;
  events: number | null;
  /** Vehicles with some driving time that day (null on a day not held); absent in series made before it was counted. */
  drivingVehicles?: number | null;
  /** The day is not over yet, or part of it lies in a UTC day still being recorded (`today`): its figures will grow. */
  partial: boolean;
}

export interface CarrierFacts {
  carrierId: string;
  label: string;
  rosterSize: number | null;
  daysInRange: number;
  /** Days of the range with at least one vehicle-day stored. */
  daysCovered: number;
  vehicleDaysStored: number;
  /** Stored vehicle-days with at least one reading. */
  vehicleDaysWithData: number;
  vehiclesWithData: number;
  /** Roster vehicles' days of the range that are not stored. */
  missing: { vehicleId: string; number: string; days: UtcDay[] }[];
  missingVehicleDays: number;
  miles: number;
  movingSeconds: number;
  stationarySeconds: number;
  offlineSeconds: number;
  speedingSeconds: number;
  speedingEvents: number;
  gaps: number;
  /** Vehicles / vehicle-days with some IN_MOTION time. */
  activeVehicles: number;
  activeVehicleDays: number;
  /** Days whose stored summary had other parameters and was recomputed from the chunk. */
  recomputedDays: number;
  /** null when trip analysis is not available. */
  trips: { count: number; miles: number } | null;
  /**
   * Whether the analysis judged the roads' limits (a kept index or zones, with the trip analysis): without,
   * the over-the-limit metrics have no value ("—"), since a 0 would claim the carrier never went over.
   */
  roadLimits: boolean;
  /** Over-the-limit events by tier, their time and the worst (all empty without road limits). */
  overLimit: OverLimitFacts;
  worstEvents: WorstEvent[];
  daily: DailyPoint[];
  /** Whose calendar days `daily` counts: the carrier's home zone (shared/compare/local-daily.ts); absent: UTC days. */
  dailyZone?: string;
  /** Days held only in part, one line per day and missing stretch with its vehicles (shared/inbox/partial-days.ts). */
  partialDays?: string[];
  hos: HosFacts;
  /** The analysed trips and counted events, for the drivers join (driver-facts.ts); absent before the trip analysis. */
  driverSpans?: DriverSpans;
  /**
   * Drivers with events, joined on the page from the carrier's assignments: null when it has none; absent
   * until joined (the worker never reads assignments).
   */
  drivers?: DriverFacts | null;
}

/** The one HOS threshold (shared/domain/hos.ts): Compare counts the drivers the Fleet screen flags as near a limit. */
export const LOW_HOS_MS = HOS_NEAR_MS;
export const WORST_EVENTS_KEPT = 5;

/** Peak speed first, then the longer run: the worst events are the fastest. */
export function worseEvent(a: WorstEvent, b: WorstEvent): number {
  return b.peakMph - a.peakMph || b.seconds - a.seconds || a.startMs - b.startMs;
}

export function hosFacts(snapshots: readonly DriverSnapshot[], range: DateRange, zone: string): HosFacts {
  // The range's days are the carrier's home-zone days: so are the snapshots' bounds.
  const { startMs, endMs } = localRangeInterval(range.from, range.to, zone);
  const byStatus = Object.fromEntries(DUTY_BUCKETS.map((b) => [b, 0])) as Record<DutyBucket, number>;
  const out: HosFacts = {
    latestAt: null,
    drivers: 0,
    withHos: 0,
    byStatus,
    lowTime: 0,
    rangeSnapshots: 0,
    rangeLowShareMean: null,
  };
  let latest: DriverSnapshot | null = null;
  let shareSum = 0;
  for (const s of snapshots) {
    if (s.takenAt >= endMs) continue;
    if (!latest || s.takenAt > latest.takenAt) latest = s;
    if (s.takenAt < startMs) continue;
    const c = countHos(s.rows);
    if (c.withHos === 0) continue;
    out.rangeSnapshots++;
    shareSum += c.lowTime / c.withHos;
  }
  if (out.rangeSnapshots > 0) out.rangeLowShareMean = shareSum / out.rangeSnapshots;
  if (latest) {
    const c = countHos(latest.rows, byStatus);
    out.latestAt = latest.takenAt;
    out.drivers = latest.rows.length;
    out.withHos = c.withHos;
    out.lowTime = c.lowTime;
  }
  return out;
}

function countHos(
  rows: readonly DriverRow[],
  byStatus?: Record<DutyBucket, number>,
): { withHos: number; lowTime: number } {
  let withHos = 0;
  let lowTime = 0;
  for (const d of rows) {
    const h = d.hos;
    const active =
      h !== null &&
      (h.status !== null || h.driveMs !== null || h.shiftMs !== null || h.cycleMs !== null || h.breakMs !== null);
    if (byStatus) byStatus[active && h.status ? h.status : 'none']++;
    if (!active) continue;
    withHos++;
    if ((h.driveMs !== null && h.driveMs < LOW_HOS_MS) || (h.shiftMs !== null && h.shiftMs < LOW_HOS_MS)) lowTime++;
  }
  return { withHos, lowTime };
}

/**
 * Everything the metrics need about one carrier, in one pass over its stored
 * days. Summaries are used as stored when their parameters match; otherwise
 * recomputed from the chunk. Chunks are scanned for events only on days whose
 * summary has some (most days have none). With `analyze`, the trip analysis
 * runs per vehicle, judged against `roads` when given (the over-the-limit facts).
 */
export function carrierFacts(
  data: CarrierData,
  range: DateRange,
  params: CompareParams,
  analyze?: AnalyzeTrack,
  roads?: RoadLimits,
): CarrierFacts {
  const sp = summaryParamsOf(params);
  const rangeDays = daysBetween(range.from, range.to);
  const daily = new Map<UtcDay, { miles: number; events: number }>();
  const vehiclesWithData = new Set<string>();
  const activeVehicles = new Set<string>();
  const storedByVehicle = new Map<string, VehicleDay[]>();
  const numbers = new Map((data.roster ?? []).map((v) => [v.vehicleId, v.number]));
  const f: CarrierFacts = {
    carrierId: data.carrierId,
    label: data.label,
    rosterSize: data.roster ? data.roster.length : null,
    daysInRange: rangeDays.length,
    daysCovered: 0,
    vehicleDaysStored: 0,
    vehicleDaysWithData: 0,
    vehiclesWithData: 0,
    missing: [],
    missingVehicleDays: 0,
    miles: 0,
    movingSeconds: 0,
    stationarySeconds: 0,
    offlineSeconds: 0,
    speedingSeconds: 0,
    speedingEvents: 0,
    gaps: 0,
    activeVehicles: 0,
    activeVehicleDays: 0,
    recomputedDays: 0,
    trips: null,
    roadLimits: false,
    overLimit: emptyOverLimitFacts(),
    worstEvents: [],
    daily: [],
    hos: hosFacts(data.driverSnapshots, range, data.zone ?? 'UTC'),
  };
  const worst: WorstEvent[] = [];
  for (const vd of data.days) {
    if (vd.day < range.from || vd.day > range.to) continue;
    let s = vd.summary;
    if (!isCurrentSummary(s, sp) && vd.chunk) {
      s = summarizeDay(vd.chunk, sp);
      f.recomputedDays++;
    }
    f.vehicleDaysStored++;
    const list = storedByVehicle.get(vd.vehicleId);
    if (list) list.push(vd);
    else storedByVehicle.set(vd.vehicleId, [vd]);
    const d = daily.get(vd.day) ?? { miles: 0, events: 0 };
    d.miles += s.distanceMiles;
    d.events += s.speedingEvents;
    daily.set(vd.day, d);
    if (s.points > 0) {
      f.vehicleDaysWithData++;
      vehiclesWithData.add(vd.vehicleId);
    }
    if (s.movingSeconds > 0) {
      f.activeVehicleDays++;
      activeVehicles.add(vd.vehicleId);
    }
    f.miles += s.distanceMiles;
    f.movingSeconds += s.movingSeconds;
    f.stationarySeconds += s.stationarySeconds;
    f.offlineSeconds += s.offlineSeconds;
    f.speedingSeconds += s.speedingSeconds;
    f.speedingEvents += s.speedingEvents;
    f.gaps += s.gaps;
    if (s.speedingEvents > 0 && vd.chunk) {
      const chunk = vd.chunk;
      for (const run of speedingEvents(chunk, sp)) {
        keepWorst(worst, {
          carrierId: data.carrierId,
          vehicleId: vd.vehicleId,
          vehicleNumber: numbers.get(vd.vehicleId) ?? chunk.vehicleNumber,
          day: vd.day,
          startMs: run.startMs,
          endMs: run.endMs,
          seconds: run.seconds,
          peakMph: run.maxMph,
          place: chunk.location[run.startIndex] ?? '',
        });
      }
    }
  }
  f.worstEvents = worst;
  f.daysCovered = daily.size;
  f.daily = rangeDays.map((day) => {
    const d = daily.get(day);
    // Which day is still growing needs today's date: the home-zone series (local-daily.ts) marks it.
    return { day, miles: d ? d.miles : null, events: d ? d.events : null, partial: false };
  });
  f.vehiclesWithData = vehiclesWithData.size;
  f.activeVehicles = activeVehicles.size;
  for (const v of data.roster ?? []) {
    const have = new Set((storedByVehicle.get(v.vehicleId) ?? []).map((d) => d.day));
    const days = rangeDays.filter((d) => !have.has(d));
    if (days.length === 0) continue;
    f.missing.push({ vehicleId: v.vehicleId, number: v.number, days });
    f.missingVehicleDays += days.length;
  }
  return analyze ? { ...f, ...tripFacts(data, range, params, analyze, roads) } : f;
}

/** What the trip analysis reads of a stored day: whose, which, and its readings. */
export type TripDay = Pick<VehicleDay, 'vehicleId' | 'day' | 'chunk'>;

/** What the trip analysis adds to a carrier's facts (carrierFacts with `analyze`): its trips, over-the-limit tally and driver spans. */
export type TripFacts = Pick<CarrierFacts, 'trips' | 'roadLimits' | 'overLimit' | 'driverSpans'>;

/**
 * The trip analysis of the carrier's stored days inside `range`, per vehicle (in the order its days come),
 * judged against `roads` when given: computed apart from the one-pass facts so a caller holding those
 * (the compare worker's metrics) does not summarise every day again.
 */
export function tripFacts(
  data: Pick<CarrierData, 'carrierId' | 'roster'> & { days: readonly TripDay[] },
  range: DateRange,
  params: CompareParams,
  analyze: AnalyzeTrack,
  roads?: RoadLimits,
): TripFacts {
  const numbers = new Map((data.roster ?? []).map((v) => [v.vehicleId, v.number]));
  const byVehicle = new Map<string, TripDay[]>();
  for (const vd of data.days) {
    if (vd.day < range.from || vd.day > range.to) continue;
    const list = byVehicle.get(vd.vehicleId);
    if (list) list.push(vd);
    else byVehicle.set(vd.vehicleId, [vd]);
  }
  const overLimit = emptyOverLimitFacts();
  const vehicleNumber = (chunk: DayChunk) => numbers.get(chunk.vehicleId) ?? chunk.vehicleNumber;
  const judged = roads ? { roads, into: overLimit, carrierId: data.carrierId, vehicleNumber } : undefined;
  const driverSpans = emptyDriverSpans();
  const trips = tripTotals(byVehicle, params, analyze, judged, driverSpans);
  return { trips, roadLimits: judged !== undefined, overLimit, driverSpans };
}

function keepWorst(list: WorstEvent[], e: WorstEvent): void {
  if (list.length === WORST_EVENTS_KEPT && worseEvent(e, list[list.length - 1]!) >= 0) return;
  list.push(e);
  list.sort(worseEvent);
  if (list.length > WORST_EVENTS_KEPT) list.pop();
}

/** Where over-the-limit events are tallied when the analysis is judged against road limits. */
interface Judged {
  roads: RoadLimits;
  into: OverLimitFacts;
  carrierId: string;
  vehicleNumber: (chunk: DayChunk) => string;
}

function tripTotals(
  byVehicle: ReadonlyMap<string, TripDay[]>,
  params: CompareParams,
  analyze: AnalyzeTrack,
  judged: Judged | undefined,
  spans: DriverSpans,
): { count: number; miles: number } {
  let count = 0;
  let miles = 0;
  for (const days of byVehicle.values()) {
    const chunks = days
      .filter((d) => d.chunk !== null && d.chunk.length > 0)
      .sort(byDay)
      .map((d) => d.chunk as DayChunk);
    if (chunks.length === 0) continue;
    const a = analyze(chunks, params, judged?.roads);
    for (const trip of a.trips) {
      count++;
      miles += trip.distanceMiles;
    }
    if (judged) tallyOverLimit(judged.into, a.events, chunks, judged);
    addDriverSpans(spans, a.trips, a.events);
  }
  return { count, miles };
}
