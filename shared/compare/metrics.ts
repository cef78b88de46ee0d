// Over 300 lines: every Compare metric is a row of this one table, which the page, the CSV and the report all read.
import { DEFAULT_TIERS, TIER_NAMES, type OverLimitTier } from '../roads/tiers.ts';
import { DUTY_BUCKETS, LOW_HOS_MS, type CarrierFacts } from './facts.ts';
import { MIN_RANKED_MILES, TOP_DRIVERS, type DriverFacts } from './driver-facts.ts';
import { overLimitTotal } from './over-limit-facts.ts';

/**
 * Every metric of the carrier comparison, defined once as data: the page, the
 * CSV and the printed report all read their label, unit, definition and
 * direction from here, so none of them can disagree about what a number means.
 */
export type Direction = 'higher-is-better' | 'lower-is-better' | 'neutral';
export type MetricGroup = 'coverage' | 'exposure' | 'safety' | 'drivers' | 'operations' | 'hos';

export type MetricFormat = { kind: 'number'; decimals: number } | { kind: 'percent'; decimals: number };

export interface MetricDef {
  id: string;
  group: MetricGroup;
  label: string;
  /** Unit shown next to the label ('' for a plain count). */
  unit: string;
  /** Shown on hover and printed in the report. */
  definition: string;
  /** 'neutral' where neither end is better (no best / worst is marked). */
  direction: Direction;
  format: MetricFormat;
  /** null when undefined for this carrier (zero denominator, no data): shown as "—". */
  value: (f: CarrierFacts) => number | null;
  /** What the value was computed from, e.g. "12 / 30", shown beside it. */
  detail?: (f: CarrierFacts) => string | null;
  /** Known only once the trip analysis has run (the page shows it pending until then). */
  needsAnalysis?: boolean;
}

export const GROUP_LABELS: Readonly<Record<MetricGroup, string>> = {
  coverage: 'Coverage',
  exposure: 'Exposure',
  safety: 'Safety',
  drivers: 'Drivers (by assignments)',
  operations: 'Operations',
  hos: 'Hours of Service',
};

/** n / d, or null when the denominator is not a positive finite number. */
export function ratio(n: number, d: number | null): number | null {
  if (d === null || !(d > 0) || !Number.isFinite(d) || !Number.isFinite(n)) return null;
  return n / d;
}

const trackedSeconds = (f: CarrierFacts) => f.movingSeconds + f.stationarySeconds + f.offlineSeconds;
const int = (n: number) => n.toLocaleString('en-US');

/** Rate per 1,000 miles, or null without miles. */
function per1000Mi(n: number, miles: number): number | null {
  const r = ratio(n, miles);
  return r === null ? null : r * 1000;
}

const NO_ROAD_LIMITS = 'no road limits applied';

/** The tier's default bounds in words ("16–20 mph over"), from the one table of tiers. */
function defaultBounds(t: OverLimitTier): string {
  const k = DEFAULT_TIERS.findIndex((b) => b.tier === t);
  const next = DEFAULT_TIERS[k + 1];
  return next ? `${DEFAULT_TIERS[k]!.fromMph}–${next.fromMph - 1} mph over` : `${DEFAULT_TIERS[k]!.fromMph}+ mph over`;
}

/** One row per tier, worst first: over-the-limit events of that tier per 1,000 miles. */
function tierRows(): MetricDef[] {
  return [...TIER_NAMES].reverse().map((t) => ({
    id: `over-limit-${t}-per-1000mi`,
    group: 'safety',
    label: `Over the limit, ${t}, per 1,000 miles`,
    unit: '/1,000 mi',
    definition: `Over-the-limit events of the ${t} tier (by default ${defaultBounds(t)}, as the analysis settings set the tiers) per 1,000 miles driven; no value without road limits.`,
    direction: 'lower-is-better',
    format: { kind: 'number', decimals: 2 },
    needsAnalysis: true,
    value: (f) => (f.roadLimits ? per1000Mi(f.overLimit.byTier[t], f.miles) : null),
    detail: (f) => (f.roadLimits ? `${int(f.overLimit.byTier[t])} events` : NO_ROAD_LIMITS),
  }));
}

const NO_ASSIGNMENTS = 'no assignments';
const COUNTED_EVENTS = 'speeding and over-the-limit events (over-the-limit only where road limits were applied)';

/** A drivers row's value: null when the carrier has no assignments (or they are not joined yet). */
function ofDrivers(f: CarrierFacts, value: (d: DriverFacts) => number | null): number | null {
  return f.drivers ? value(f.drivers) : null;
}

/** A drivers row's detail: "no assignments" where the carrier has none, never a 0 that claims nobody drove. */
function driversDetail(f: CarrierFacts, detail: (d: DriverFacts) => string): string | null {
  if (f.drivers === null) return NO_ASSIGNMENTS;
  return f.drivers ? detail(f.drivers) : null;
}

/** "J. Smith (jsmith) 4.10 (3 in 731 mi) · …": the worst drivers, each with what the rate comes from. */
function topDriversText(d: DriverFacts): string {
  if (d.top.length === 0) return `no driver with ${MIN_RANKED_MILES} mi of trips`;
  return d.top
    .map((t) => `${t.label} ${t.per1000Mi.toFixed(2)} (${int(t.events)} in ${int(Math.round(t.miles))} mi)`)
    .join(' · ');
}

/** Who drove, from the carrier's assignments (shared/compare/driver-facts.ts). */
function driverRows(): MetricDef[] {
  return [
    {
      id: 'drivers-with-events',
      group: 'drivers',
      label: 'Drivers with events',
      unit: '',
      definition: `Drivers with at least one of the ${COUNTED_EVENTS} at its start by the carrier's assignments (a dated assignment, else the truck's regular driver), out of the drivers the assignments name. No value without assignments.`,
      // How many drivers had an event depends on fleet size: neither end is better.
      direction: 'neutral',
      format: { kind: 'number', decimals: 0 },
      needsAnalysis: true,
      value: (f) => ofDrivers(f, (d) => d.driversWithEvents),
      detail: (f) => driversDetail(f, (d) => `of ${int(d.assignedDrivers)} assigned`),
    },
    {
      id: 'drivers-unassigned-events',
      group: 'drivers',
      label: 'Events without a driver',
      unit: '%',
      definition: `The ${COUNTED_EVENTS} nobody was assigned to at their start, out of all of them: what the drivers figures cannot see. No value without assignments.`,
      direction: 'lower-is-better',
      format: { kind: 'percent', decimals: 0 },
      needsAnalysis: true,
      value: (f) => ofDrivers(f, (d) => ratio(d.unassignedEvents, d.events)),
      detail: (f) => driversDetail(f, (d) => `${int(d.unassignedEvents)} of ${int(d.events)} events`),
    },
    {
      id: 'drivers-worst-per-1000mi',
      group: 'drivers',
      label: `Speeding + over the limit per 1,000 miles, worst ${TOP_DRIVERS} drivers`,
      unit: '/1,000 mi',
      definition: `The ${TOP_DRIVERS} drivers with the most ${COUNTED_EVENTS} per 1,000 miles; the value is the worst driver's. A driver's events are those starting while assigned; their miles those of the trips they started. Drivers with under ${MIN_RANKED_MILES} mi of trips are not ranked (a rate over a few miles is noise).`,
      // The worst of more drivers is higher by chance alone: not a fair basis to mark a carrier best or worst.
      direction: 'neutral',
      format: { kind: 'number', decimals: 2 },
      needsAnalysis: true,
      value: (f) => ofDrivers(f, (d) => d.top[0]?.per1000Mi ?? null),
      detail: (f) => driversDetail(f, topDriversText),
    },
  ];
}

const DUTY_SHORT: Record<(typeof DUTY_BUCKETS)[number], string> = {
  DS_D: 'D',
  DS_ON: 'ON',
  DS_SB: 'SB',
  DS_OFF: 'OFF',
  DR_IND_PC: 'PC',
  DR_IND_YM: 'YM',
  none: 'no HOS',
};

export const METRICS: readonly MetricDef[] = [
  {
    id: 'coverage-vehicles',
    group: 'coverage',
    label: 'Vehicles with data',
    unit: '%',
    definition: 'Vehicles with at least one reading in the range, out of the vehicles in the stored roster.',
    direction: 'higher-is-better',
    format: { kind: 'percent', decimals: 0 },
    value: (f) => ratio(f.vehiclesWithData, f.rosterSize),
    detail: (f) => `${int(f.vehiclesWithData)} / ${f.rosterSize === null ? '?' : int(f.rosterSize)}`,
  },
  {
    id: 'coverage-days',
    group: 'coverage',
    label: 'Days covered',
    unit: '%',
    definition: 'Days of the range for which at least one vehicle-day is downloaded, out of the days in the range.',
    direction: 'higher-is-better',
    format: { kind: 'percent', decimals: 0 },
    value: (f) => ratio(f.daysCovered, f.daysInRange),
    detail: (f) => `${int(f.daysCovered)} / ${int(f.daysInRange)}`,
  },
  {
    id: 'coverage-vehicle-days',
    group: 'coverage',
    label: 'Vehicle-days downloaded',
    unit: '%',
    definition: 'Vehicle-days downloaded, out of roster vehicles × days in the range.',
    direction: 'higher-is-better',
    format: { kind: 'percent', decimals: 0 },
    value: (f) => ratio(f.vehicleDaysStored, f.rosterSize === null ? null : f.rosterSize * f.daysInRange),
    detail: (f) => `${int(f.vehicleDaysStored)} / ${f.rosterSize === null ? '?' : int(f.rosterSize * f.daysInRange)}`,
  },
  {
    id: 'miles',
    group: 'exposure',
    label: 'Miles driven',
    unit: 'mi',
    definition:
      'Sum of great-circle distances over the moving intervals of each vehicle-day (the stretches driving time covers); distance across data gaps and outliers are left out (docs/analysis.md).',
    // Exposure is how much a carrier drives, not how well: never marked best or worst.
    direction: 'neutral',
    format: { kind: 'number', decimals: 0 },
    value: (f) => (f.vehicleDaysStored > 0 ? f.miles : null),
  },
  {
    id: 'driving-hours',
    group: 'exposure',
    label: 'Driving hours',
    unit: 'h',
    definition:
      'Time in moving intervals: from a moving reading (IN_MOTION or no status, above the stop speed; with no speed, as its positions imply) to the next, gaps and parked silences excluded.',
    // Exposure is how much a carrier drives, not how well: never marked best or worst.
    direction: 'neutral',
    format: { kind: 'number', decimals: 1 },
    value: (f) => (f.vehicleDaysStored > 0 ? f.movingSeconds / 3600 : null),
  },
  {
    id: 'active-vehicles',
    group: 'exposure',
    label: 'Active vehicles',
    unit: '',
    definition: 'Vehicles with some driving time in the range.',
    // Exposure is how much a carrier drives, not how well: never marked best or worst.
    direction: 'neutral',
    format: { kind: 'number', decimals: 0 },
    value: (f) => (f.vehicleDaysStored > 0 ? f.activeVehicles : null),
  },
  {
    id: 'miles-per-vehicle-day',
    group: 'exposure',
    label: 'Miles per active vehicle, mean per driving day',
    unit: 'mi',
    definition:
      'Miles driven divided by active vehicle-days (days on which the vehicle had some driving time): a mean over driving days only, so rest days do not pull it towards 0.',
    // Exposure is how much a carrier drives, not how well: never marked best or worst.
    direction: 'neutral',
    format: { kind: 'number', decimals: 1 },
    value: (f) => ratio(f.miles, f.activeVehicleDays),
  },
  {
    id: 'speeding-per-1000mi',
    group: 'safety',
    label: 'Speeding events per 1,000 miles',
    unit: '/1,000 mi',
    definition:
      'Speeding events (at least two consecutive readings above the speeding threshold, lasting at least the shortest event from the first to the last; a data gap ends a run) per 1,000 miles driven.',
    direction: 'lower-is-better',
    format: { kind: 'number', decimals: 2 },
    value: (f) => per1000Mi(f.speedingEvents, f.miles),
    detail: (f) => `${int(f.speedingEvents)} events`,
  },
  {
    id: 'speeding-time-share',
    group: 'safety',
    label: 'Driving time above threshold',
    unit: '%',
    definition: 'Duration of the speeding events (first to last reading over the threshold), out of driving time.',
    direction: 'lower-is-better',
    format: { kind: 'percent', decimals: 2 },
    value: (f) => ratio(f.speedingSeconds, f.movingSeconds),
  },
  {
    id: 'over-limit-per-1000mi',
    group: 'safety',
    label: "Over the road's limit per 1,000 miles",
    unit: '/1,000 mi',
    definition:
      "Over-the-limit events (at least the tolerance over the limit of the road each reading is matched to, or of the user's speed zone, for at least the shortest duration and two readings; docs/analysis.md) of every tier per 1,000 miles driven. No value when no road limits were applied: 0 would claim the carrier never went over.",
    direction: 'lower-is-better',
    format: { kind: 'number', decimals: 2 },
    needsAnalysis: true,
    value: (f) => (f.roadLimits ? per1000Mi(overLimitTotal(f.overLimit), f.miles) : null),
    detail: (f) => (f.roadLimits ? `${int(overLimitTotal(f.overLimit))} events` : NO_ROAD_LIMITS),
  },
  ...tierRows(),
  {
    id: 'over-limit-time-share',
    group: 'safety',
    label: "Driving time over the road's limit",
    unit: '%',
    definition:
      'Duration of the over-the-limit events (first to last reading over), out of driving time; no value without road limits.',
    direction: 'lower-is-better',
    format: { kind: 'percent', decimals: 2 },
    needsAnalysis: true,
    value: (f) => (f.roadLimits ? ratio(f.overLimit.seconds, f.movingSeconds) : null),
    detail: (f) => (f.roadLimits ? null : NO_ROAD_LIMITS),
  },
  ...driverRows(),
  {
    id: 'stationary-share',
    group: 'operations',
    label: 'Stationary share',
    unit: '%',
    definition:
      'Time in stopped intervals (not moving, or a silence that ended where it began), out of the tracked time (first to last reading of each vehicle-day). Neither better nor worse: rest and breaks are required by law.',
    direction: 'neutral',
    format: { kind: 'percent', decimals: 1 },
    value: (f) => ratio(f.stationarySeconds, trackedSeconds(f)),
  },
  {
    id: 'offline-share',
    group: 'operations',
    label: 'Offline share',
    unit: '%',
    definition:
      'Time in data gaps (the truck moved more than 250 m across a silence longer than the gap threshold or an OFFLINE reading, or jumped impossibly far), out of the tracked time.',
    direction: 'lower-is-better',
    format: { kind: 'percent', decimals: 1 },
    value: (f) => ratio(f.offlineSeconds, trackedSeconds(f)),
  },
  {
    id: 'gaps-per-vehicle-day',
    group: 'operations',
    label: 'Data gaps per vehicle-day',
    unit: '',
    definition: 'Data gaps divided by the vehicle-days with at least one reading.',
    direction: 'lower-is-better',
    format: { kind: 'number', decimals: 2 },
    value: (f) => ratio(f.gaps, f.vehicleDaysWithData),
    detail: (f) => `${int(f.gaps)} gaps`,
  },
  {
    id: 'avg-trip-miles',
    group: 'operations',
    label: 'Average trip length',
    unit: 'mi',
    definition:
      'Miles of the trips found by the trip analysis (a long gap or stop ends a trip; trips shorter than the shortest trip are dropped), divided by their number.',
    direction: 'neutral',
    format: { kind: 'number', decimals: 1 },
    needsAnalysis: true,
    value: (f) => (f.trips ? ratio(f.trips.miles, f.trips.count) : null),
    detail: (f) => (f.trips ? `${int(f.trips.count)} trips` : 'trip analysis unavailable'),
  },
  {
    id: 'hos-duty-latest',
    group: 'hos',
    label: 'Drivers by duty status (latest snapshot)',
    unit: '',
    definition:
      'Drivers with HOS data at the latest driver snapshot taken before the range ended, by current duty status (D driving, ON on duty, SB sleeper, OFF off duty, PC personal conveyance, YM yard move).',
    direction: 'neutral',
    format: { kind: 'number', decimals: 0 },
    value: (f) => (f.hos.latestAt === null ? null : f.hos.withHos),
    detail: (f) =>
      f.hos.latestAt === null
        ? null
        : DUTY_BUCKETS.filter((b) => f.hos.byStatus[b] > 0)
            .map((b) => `${DUTY_SHORT[b]} ${f.hos.byStatus[b]}`)
            .join(' · '),
  },
  {
    id: 'hos-low-latest',
    group: 'hos',
    label: 'Drivers with < 30 min drive or shift left (latest)',
    unit: '%',
    definition: `Drivers with less than ${LOW_HOS_MS / 60_000} min of remaining drive or shift time (the Fleet screen's "near a limit"; under a minute counts as reached), out of drivers with HOS data, at the latest snapshot.`,
    direction: 'lower-is-better',
    format: { kind: 'percent', decimals: 0 },
    value: (f) => ratio(f.hos.lowTime, f.hos.withHos),
    detail: (f) => (f.hos.latestAt === null ? 'no snapshot' : `${int(f.hos.lowTime)} of ${int(f.hos.withHos)}`),
  },
  {
    id: 'hos-low-range',
    group: 'hos',
    label: 'Drivers with < 30 min left (mean over the range)',
    unit: '%',
    definition:
      'The same share, averaged over every driver snapshot taken inside the range (snapshots are kept each time the drivers screen is refreshed).',
    direction: 'lower-is-better',
    format: { kind: 'percent', decimals: 0 },
    value: (f) => f.hos.rangeLowShareMean,
    detail: (f) => `${int(f.hos.rangeSnapshots)} snapshots`,
  },
];

export function metricById(id: string): MetricDef | undefined {
  return METRICS.find((m) => m.id === id);
}
