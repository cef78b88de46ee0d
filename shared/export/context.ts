import { localDayOfMs, type LocalDay } from '../time/local-day.ts';
import type { DayChunk } from '../track/types.ts';
import type { ExportDrivers } from './driver-columns.ts';

/**
 * Who and where an export is about: the identity columns of the trips and
 * events CSVs and the zone of their local times. The same for the app and
 * the CLI (the CLI fills the carrier from company-info, the app from the
 * profile the backend remembered, shared/export/gpx-audit-meta.ts).
 */
export interface ExportContext {
  /** The carrier's legal name (company_name); '' when not known. */
  carrierName: string;
  /** USDOT number (dot_number); '' when not known. */
  dotNumber: string;
  /** The API's vehicle id (UUID). */
  vehicleId: string;
  vehicleNumber: string;
  vin: string;
  /**
   * IANA zone of the `local_time` columns and of the dates in trip ids: the
   * carrier's home zone (Hours-of-Service logs are kept in the home
   * terminal's time); 'UTC' when none was given.
   */
  zone: string;
  /** Who drove: with it, the trips and events CSVs end with the driver columns (driver-columns.ts). */
  drivers?: ExportDrivers;
}

/** Days asked for and the days the data covers, both as calendar days of `zone`. */
export interface DayRangeFacts {
  zone: string;
  asked: { from: LocalDay; to: LocalDay };
  /** First and last day with a reading; null when there is none. */
  covered: { from: LocalDay; to: LocalDay } | null;
}

/** The days of the first and the last reading of time-ordered chunks, in `zone`. */
export function coveredDays(chunks: readonly DayChunk[], zone: string): DayRangeFacts['covered'] {
  let first = Infinity;
  let last = -Infinity;
  for (const c of chunks) {
    if (c.length === 0) continue;
    if (c.t[0]! < first) first = c.t[0]!;
    if (c.t[c.length - 1]! > last) last = c.t[c.length - 1]!;
  }
  return first <= last ? { from: localDayOfMs(first, zone), to: localDayOfMs(last, zone) } : null;
}

/** "2026-05-19 – 2026-11-17" (one day: just the day). */
export function formatDayRange(r: { from: LocalDay; to: LocalDay }): string {
  return r.from === r.to ? r.from : `${r.from} – ${r.to}`;
}

/**
 * The range as an auditor needs to read it: what was asked and what the data
 * covers, e.g. "asked 2026-05-19 – 2026-11-17, data 2026-05-22 – 2026-11-17
 * (America/Chicago days)".
 */
export function describeDayRange(r: DayRangeFacts): string {
  const data = r.covered ? `data ${formatDayRange(r.covered)}` : 'no data';
  return `asked ${formatDayRange(r.asked)}, ${data} (${r.zone} days)`;
}
