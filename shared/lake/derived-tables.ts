// Over 300 lines: one declaration per lake table (columns, types, meanings) from which the writer, the views and the docs derive.
/**
 * The lake's derived tables (issue 36): RouteLens's own analysis of the
 * breadcrumbs, one table per concept. Each entry names its folder, its Hive
 * partitioning and its columns in file order, each with a DuckDB type, a
 * one-line meaning and how its value is read from the analysis.
 *
 * Files: one per vehicle and table, `trips/carrier=C/<vehicle_id>.parquet`
 * (`day` is a column inside, DATE), so a sync writes three derived files per
 * vehicle, not three per vehicle-day (DuckDB's COPY has a fixed cost per
 * file, docs/lake.md); `vehicles/carrier=C/vehicles.parquet` per carrier.
 * `carrier` is the Hive partition column of every table.
 */
import { KIND_CSV_COLUMNS, type KindCsvColumn } from '../analysis/event-kinds.ts';
import type { SafetyEvent, Trip } from '../analysis/types.ts';
import type { DaySummary } from '../track/summary.ts';
import type { LakeDayState } from './manifest.ts';

/** The DuckDB types the derived files use (portable: Spark, Trino and BigQuery have each). */
export type LakeColumnType = 'VARCHAR' | 'DOUBLE' | 'BIGINT' | 'INTEGER' | 'TIMESTAMPTZ' | 'DATE' | 'BLOB';

/** A cell: TIMESTAMPTZ as epoch ms, DATE as YYYY-MM-DD, BLOB as bytes; null is SQL NULL (unknown, never 0). */
export type LakeCell = string | number | Uint8Array | null;

export interface LakeColumn<Row> {
  name: string;
  type: LakeColumnType;
  meaning: string;
  value: (row: Row) => LakeCell;
}

/** What a derived row is made from; `day` is the carrier's home-zone day the row belongs to. */
interface VehicleDayRef {
  vehicleId: string;
  vehicleNumber: string;
  day: string;
}
export interface DayRow extends VehicleDayRef {
  state: LakeDayState;
  summary: DaySummary;
}
export interface TripRow extends VehicleDayRef {
  tripId: string;
  trip: Trip;
}
export interface EventRow extends VehicleDayRef {
  eventId: string;
  event: SafetyEvent;
  /** WKB point at the event's start (shared/lake/wkb.ts). */
  geometry: Uint8Array;
}
export interface VehicleRow {
  vehicleId: string;
  number: string;
  vin: string;
}

export interface DerivedTable<Row> {
  /** The folder under the lake and the SQL view's name. */
  name: string;
  /** Hive partition columns (folders) with their types; every table has `carrier`. */
  partitions: readonly { name: string; type: LakeColumnType }[];
  /** What one row is. */
  grain: string;
  columns: readonly LakeColumn<Row>[];
  /** A GeoParquet geometry column (WKB points), when the table has one. */
  geometry?: string;
}

const CARRIER_PARTITION = [{ name: 'carrier', type: 'VARCHAR' }] as const;
const nullIfNaN = (v: number): number | null => (Number.isFinite(v) ? v : null);

function vehicleDayColumns<R extends VehicleDayRef>(): LakeColumn<R>[] {
  return [
    { name: 'vehicle_id', type: 'VARCHAR', meaning: "The API's vehicle id.", value: (r) => r.vehicleId },
    { name: 'vehicle_number', type: 'VARCHAR', meaning: "The roster's unit number.", value: (r) => r.vehicleNumber },
    { name: 'day', type: 'DATE', meaning: "The carrier's home-zone day the row belongs to.", value: (r) => r.day },
  ];
}

export const DAYS_TABLE: DerivedTable<DayRow> = {
  name: 'days',
  partitions: CARRIER_PARTITION,
  grain: 'One synced vehicle and home-zone day, days without a reading included (points 0).',
  columns: [
    ...vehicleDayColumns<DayRow>(),
    {
      name: 'state',
      type: 'VARCHAR',
      meaning: "'complete', or 'partial' while the day touches a UTC day still being recorded.",
      value: (r) => r.state,
    },
    { name: 'points', type: 'INTEGER', meaning: 'Readings, outliers included.', value: (r) => r.summary.points },
    { name: 'outliers', type: 'INTEGER', meaning: 'Readings left out as outliers.', value: (r) => r.summary.outliers },
    {
      name: 'first_ts',
      type: 'TIMESTAMPTZ',
      meaning: 'First kept reading; NULL for a day without one.',
      value: (r) => r.summary.firstMs,
    },
    {
      name: 'last_ts',
      type: 'TIMESTAMPTZ',
      meaning: 'Last kept reading; NULL for a day without one.',
      value: (r) => r.summary.lastMs,
    },
    {
      name: 'distance_miles',
      type: 'DOUBLE',
      meaning: 'Great-circle miles over the moving intervals.',
      value: (r) => r.summary.distanceMiles,
    },
    {
      name: 'gap_distance_miles',
      type: 'DOUBLE',
      meaning: 'Straight-line miles across data gaps (unaccounted).',
      value: (r) => r.summary.gapDistanceMiles,
    },
    { name: 'moving_seconds', type: 'DOUBLE', meaning: 'Time moving.', value: (r) => r.summary.movingSeconds },
    {
      name: 'stationary_seconds',
      type: 'DOUBLE',
      meaning: 'Time stopped, parked silences included.',
      value: (r) => r.summary.stationarySeconds,
    },
    { name: 'offline_seconds', type: 'DOUBLE', meaning: 'Time in data gaps.', value: (r) => r.summary.offlineSeconds },
    {
      name: 'max_speed_mph',
      type: 'DOUBLE',
      meaning: 'Highest known speed of a kept reading (0 without one).',
      value: (r) => r.summary.maxSpeedMph,
    },
    {
      name: 'speeding_seconds',
      type: 'DOUBLE',
      meaning: 'Total length of the speeding events.',
      value: (r) => r.summary.speedingSeconds,
    },
    {
      name: 'speeding_events',
      type: 'INTEGER',
      meaning: 'Sustained speeding runs (one across midnight counts on each day).',
      value: (r) => r.summary.speedingEvents,
    },
    { name: 'gaps', type: 'INTEGER', meaning: 'Data gap intervals.', value: (r) => r.summary.gaps },
  ],
};

export const TRIPS_TABLE: DerivedTable<TripRow> = {
  name: 'trips',
  partitions: CARRIER_PARTITION,
  grain: 'One trip; `day` is the home-zone day it starts in (a trip across midnight is whole, on its start day).',
  columns: [
    ...vehicleDayColumns<TripRow>(),
    {
      name: 'trip_id',
      type: 'VARCHAR',
      meaning: "The exports' short id: `T-101-2026-11-20-1`, the day's trips in start order.",
      value: (r) => r.tripId,
    },
    { name: 'start_ts', type: 'TIMESTAMPTZ', meaning: 'First moving reading.', value: (r) => r.trip.startMs },
    {
      name: 'end_ts',
      type: 'TIMESTAMPTZ',
      meaning: 'Reading ending the last moving interval.',
      value: (r) => r.trip.endMs,
    },
    { name: 'start_lat', type: 'DOUBLE', meaning: 'Start position (the reading).', value: (r) => r.trip.startLat },
    { name: 'start_lng', type: 'DOUBLE', meaning: 'Start position (the reading).', value: (r) => r.trip.startLng },
    { name: 'end_lat', type: 'DOUBLE', meaning: 'End position (the reading).', value: (r) => r.trip.endLat },
    { name: 'end_lng', type: 'DOUBLE', meaning: 'End position (the reading).', value: (r) => r.trip.endLng },
    {
      name: 'start_place',
      type: 'VARCHAR',
      meaning: "The API's place text at the start.",
      value: (r) => r.trip.startPlace,
    },
    { name: 'end_place', type: 'VARCHAR', meaning: "The API's place text at the end.", value: (r) => r.trip.endPlace },
    {
      name: 'distance_miles',
      type: 'DOUBLE',
      meaning: 'Miles over the moving intervals.',
      value: (r) => r.trip.distanceMiles,
    },
    {
      name: 'unaccounted_miles',
      type: 'DOUBLE',
      meaning: "Straight-line miles across the trip's data gaps.",
      value: (r) => r.trip.unaccountedMiles,
    },
    { name: 'duration_seconds', type: 'DOUBLE', meaning: 'End minus start.', value: (r) => r.trip.durationSeconds },
    { name: 'moving_seconds', type: 'DOUBLE', meaning: 'Time moving.', value: (r) => r.trip.movingSeconds },
    {
      name: 'max_speed_mph',
      type: 'DOUBLE',
      meaning: 'Highest known speed; NULL when no reading had one.',
      value: (r) => nullIfNaN(r.trip.maxSpeedMph),
    },
    {
      name: 'avg_speed_mph',
      type: 'DOUBLE',
      meaning: 'distance_miles / moving time (0 without moving time).',
      value: (r) => r.trip.avgSpeedMph,
    },
    { name: 'points', type: 'INTEGER', meaning: 'Kept readings from start to end.', value: (r) => r.trip.points },
  ],
};

/** The kind-specific figures: one nullable column per column of the events CSV that only some kinds fill. */
export const EVENT_KIND_COLUMNS: {
  readonly [C in KindCsvColumn]: Omit<LakeColumn<SafetyEvent>, 'name'>;
} = {
  peak_speed_mph: {
    type: 'DOUBLE',
    meaning: 'speeding, over-limit: highest known speed.',
    value: (e) => ('peakSpeedMph' in e ? e.peakSpeedMph : null),
  },
  limit_mph: {
    type: 'DOUBLE',
    meaning: "over-limit: the road's limit where furthest over.",
    value: (e) => (e.kind === 'over-limit' ? e.limitMph : null),
  },
  limit_source: {
    type: 'VARCHAR',
    meaning: "over-limit: where that limit came from ('zone', 'posted', 'default').",
    value: (e) => (e.kind === 'over-limit' ? e.limitSource : null),
  },
  over_mph: {
    type: 'DOUBLE',
    meaning: 'over-limit: mph over that limit at the furthest.',
    value: (e) => (e.kind === 'over-limit' ? e.overMph : null),
  },
  tier: {
    type: 'VARCHAR',
    meaning: "over-limit: 'light', 'moderate', 'heavy' or 'severe'.",
    value: (e) => (e.kind === 'over-limit' ? e.tier : null),
  },
  road: {
    type: 'VARCHAR',
    meaning: "over-limit: the road's name or ref ('' untagged).",
    value: (e) => (e.kind === 'over-limit' ? e.road : null),
  },
  way_id: {
    type: 'BIGINT',
    meaning: 'over-limit: OpenStreetMap way id of that road.',
    value: (e) => (e.kind === 'over-limit' ? e.wayId : null),
  },
  reason: {
    type: 'VARCHAR',
    meaning: "gap: 'offline', 'silence' or 'jump'.",
    value: (e) => (e.kind === 'gap' ? e.reason : null),
  },
  gap_miles: {
    type: 'DOUBLE',
    meaning: 'gap: straight-line miles across it.',
    value: (e) => (e.kind === 'gap' ? e.miles : null),
  },
};

export const EVENTS_TABLE: DerivedTable<EventRow> = {
  name: 'events',
  partitions: CARRIER_PARTITION,
  grain: 'One safety event; `day` is the home-zone day it starts in.',
  geometry: 'geometry',
  columns: [
    ...vehicleDayColumns<EventRow>(),
    {
      name: 'event_id',
      type: 'VARCHAR',
      meaning: "`T-101-2026-11-20-e1`: the day's events in time order.",
      value: (r) => r.eventId,
    },
    {
      name: 'kind',
      type: 'VARCHAR',
      meaning: "The event-kind registry's name: 'speeding', 'over-limit', 'long-stop', 'gap'.",
      value: (r) => r.event.kind,
    },
    { name: 'start_ts', type: 'TIMESTAMPTZ', meaning: 'Start.', value: (r) => r.event.startMs },
    { name: 'end_ts', type: 'TIMESTAMPTZ', meaning: 'End.', value: (r) => r.event.endMs },
    { name: 'seconds', type: 'DOUBLE', meaning: 'Duration.', value: (r) => r.event.durationSeconds },
    { name: 'lat', type: 'DOUBLE', meaning: 'Position at the start (the reading).', value: (r) => r.event.lat },
    { name: 'lng', type: 'DOUBLE', meaning: 'Position at the start (the reading).', value: (r) => r.event.lng },
    { name: 'place', type: 'VARCHAR', meaning: "The API's place text at the start.", value: (r) => r.event.place },
    ...KIND_CSV_COLUMNS.map((name): LakeColumn<EventRow> => {
      const c = EVENT_KIND_COLUMNS[name];
      return { name, type: c.type, meaning: c.meaning, value: (r) => c.value(r.event) };
    }),
    {
      name: 'geometry',
      type: 'BLOB',
      meaning: 'WKB Point at the start (GeoParquet `geo` metadata, OGC:CRS84).',
      value: (r) => r.geometry,
    },
  ],
};

export const VEHICLES_TABLE: DerivedTable<VehicleRow> = {
  name: 'vehicles',
  partitions: CARRIER_PARTITION,
  grain: "One vehicle of the carrier's roster at the last sync.",
  columns: [
    { name: 'vehicle_id', type: 'VARCHAR', meaning: "The API's vehicle id.", value: (r) => r.vehicleId },
    { name: 'number', type: 'VARCHAR', meaning: 'Unit number.', value: (r) => r.number },
    { name: 'vin', type: 'VARCHAR', meaning: 'VIN.', value: (r) => r.vin },
  ],
};

/** Every derived table, in the order the docs list them. */
export const DERIVED_TABLES = [TRIPS_TABLE, EVENTS_TABLE, DAYS_TABLE, VEHICLES_TABLE] as const;

/** A vehicle's file of a per-vehicle table, relative to the lake, `/` separators. */
export function derivedVehicleFile(table: string, carrier: string, vehicleId: string): string {
  return `${table}/carrier=${carrier}/${vehicleId}.parquet`;
}

/** The carrier's roster file. */
export function vehiclesFile(carrier: string): string {
  return `${VEHICLES_TABLE.name}/carrier=${carrier}/vehicles.parquet`;
}

/** The docs' schema of one table (docs/lake.md holds each verbatim; a unit test checks it). */
export function tableMarkdown(t: DerivedTable<never>): string {
  const rows = [
    ...t.partitions.map((p) => `| \`${p.name}\` | ${p.type} | Hive partition (folder). |`),
    ...t.columns.map((c) => `| \`${c.name}\` | ${c.type} | ${c.meaning} |`),
  ];
  return [`\`${t.name}\`: ${t.grain}`, '', '| column | type | meaning |', '| --- | --- | --- |', ...rows].join('\n');
}
