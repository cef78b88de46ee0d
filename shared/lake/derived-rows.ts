/**
 * The derived rows of one vehicle and home-zone day D: the app's own analysis
 * (analyzeTrack) over the vehicle's lake days D-1, D and D+1 (those held),
 * keeping the trips and events that start in D, and the day summary
 * (summarizeDay) of D's readings. A trip or stop across midnight is thus whole
 * and counted once, on its start day, as in the app's analysis of a range; one
 * that runs past the end of D+1 is cut there (docs/lake.md, "Derived tables").
 */
import { analyzeTrack } from '../analysis/analyze.ts';
import type { RoadLimits } from '../analysis/over-limit-events.ts';
import type { AnalysisParams } from '../analysis/types.ts';
import { tripIds } from '../export/trip-id.ts';
import { addLocalDays, localDayOfMs, type LocalDay } from '../time/local-day.ts';
import { allocColumns } from '../track/columns.ts';
import { summarizeDay, summaryParamsOf } from '../track/summary.ts';
import type { DayChunk } from '../track/types.ts';
import type { DayRow, EventRow, TripRow } from './derived-tables.ts';
import type { LakeDayState } from './manifest.ts';
import { wkbPoint } from './wkb.ts';

export interface DerivedVehicle {
  vehicleId: string;
  vehicleNumber: string;
  /** The carrier's home zone: whose days D is counted in. */
  zone: string;
  /** The vehicle's lake days held (state by day); a day without readings is held with an empty or absent chunk. */
  states: ReadonlyMap<LocalDay, LakeDayState>;
  /** The readings of each held day with any, `day` = the local day. */
  chunks: ReadonlyMap<LocalDay, DayChunk>;
}

export interface DerivedDayRows {
  day: DayRow;
  trips: TripRow[];
  events: EventRow[];
}

/** The days whose chunks D's rows read: D-1, D, D+1. */
export function windowDays(day: LocalDay): LocalDay[] {
  return [addLocalDays(day, -1), day, addLocalDays(day, 1)];
}

export function deriveDayRows(
  v: DerivedVehicle,
  day: LocalDay,
  params: AnalysisParams,
  roads?: RoadLimits,
): DerivedDayRows {
  const state = v.states.get(day);
  if (state === undefined) throw new RangeError(`day ${day} of vehicle ${v.vehicleId} is not in the lake`);
  const ref = { vehicleId: v.vehicleId, vehicleNumber: v.vehicleNumber, day };
  const own = v.chunks.get(day) ?? emptyChunk(v.vehicleId, day);
  const summary = summarizeDay(own, summaryParamsOf(params));
  const window = windowDays(day)
    .map((d) => v.chunks.get(d))
    .filter((c): c is DayChunk => c !== undefined && c.length > 0);
  if (window.length === 0) return { day: { ...ref, state, summary }, trips: [], events: [] };
  const analysis = analyzeTrack(window, params, roads);
  const startsInDay = (ms: number) => localDayOfMs(ms, v.zone) === day;
  const trips = analysis.trips.filter((t) => startsInDay(t.startMs));
  const ids = tripIds(trips, v.vehicleNumber, v.zone);
  const events = analysis.events.filter((e) => startsInDay(e.startMs));
  const prefix = eventIdPrefix(v.vehicleNumber, day);
  return {
    day: { ...ref, state, summary },
    trips: trips.map((trip, i) => ({ ...ref, tripId: ids[i]!, trip })),
    events: events.map((event, i) => ({
      ...ref,
      eventId: `${prefix}${i + 1}`,
      event,
      geometry: wkbPoint(event.lng, event.lat),
    })),
  };
}

/** `T-101-2026-11-20-e`: the trip ids' vehicle and day, then `e` and the event's place in the day's time order. */
function eventIdPrefix(vehicleNumber: string, day: LocalDay): string {
  const vehicle = vehicleNumber.trim() === '' ? 'vehicle' : vehicleNumber.trim();
  return `${vehicle}-${day}-e`;
}

function emptyChunk(vehicleId: string, day: LocalDay): DayChunk {
  return { vehicleId, day, vehicleNumber: '', vin: '', ...allocColumns(0), id: [], location: [] };
}
