import type { CarrierView } from '../../../../shared/domain/carrier.ts';
import {
  isLocalDay,
  isTimeZone,
  localDayOfMs,
  localRangeInterval,
  localSpan,
  utcDaysOverlapping,
  type Interval,
  type LocalDay,
  type Span,
} from '../../../../shared/time/local-day.ts';
import { localDayChunks } from '../../../../shared/track/local-days.ts';
import type { DayChunk } from '../../../../shared/track/types.ts';
import { byDay, DAY_MS, dayStartMs } from '../../../../shared/util/day.ts';
import { readDays } from '../../store/reads.ts';
import { readDayBlocks } from './read-blocks.ts';
import type { StorageVehicleRow, StoredDay } from '../../store/types.ts';

/**
 * The Review works in days of the selected carrier's home zone (issue #13):
 * the day picker, "last day", the spans, per-day totals and every export of
 * a selection are local days of `CarrierView.homeZone`. Storage stays in UTC
 * day chunks; a local day reads the (up to two) UTC chunks it overlaps and
 * regroups them (shared/track/local-days.ts). The display zone (how times
 * are printed) stays a separate view choice.
 */

/** The zone whose days the Review selects for a carrier: its home zone, UTC when none is known. */
export function daysZoneOf(carrier: CarrierView | undefined): string {
  return carrier && isTimeZone(carrier.homeZone) ? carrier.homeZone : 'UTC';
}

/** The local days a selection covers: `span` days ending on `day` (empty strings until a day is chosen). */
export function localSelectionRange(day: string, span: Span): { from: LocalDay; to: LocalDay } {
  if (!isLocalDay(day)) return { from: '', to: '' };
  return localSpan(span, day);
}

/**
 * The local days a vehicle's stored UTC days reach (the picker's bounds) and
 * the day to open on: the local day holding the latest stored UTC day's noon
 * (the same date for zones within 12 h of UTC), so the default shows the
 * newest data of the zone's calendar.
 */
export function localDayBounds(
  vehicle: StorageVehicleRow | undefined,
  zone: string,
): { min: LocalDay; max: LocalDay; latest: LocalDay } | null {
  const days = vehicle?.days.map((d) => d.day).sort() ?? [];
  if (days.length === 0) return null;
  const first = dayStartMs(days[0]!);
  const last = dayStartMs(days[days.length - 1]!);
  return {
    min: localDayOfMs(first, zone),
    max: localDayOfMs(last + DAY_MS - 1, zone),
    latest: localDayOfMs(last + DAY_MS / 2, zone),
  };
}

export interface LocalRead {
  /** The stored UTC days read (their summaries are per UTC day). */
  stored: StoredDay[];
  /** The selection's readings as local days of `zone`, limited to the selection's interval; days without readings absent. */
  chunks: DayChunk[];
  interval: Interval;
  /** The local days are the stored UTC chunks themselves (a UTC-like zone): their stored summaries apply as they are. */
  sameAsStored: boolean;
}

/**
 * Reads the stored UTC chunks the local days `from`..`to` overlap and regroups them into those local days;
 * a month at a time, stopping (a CancelledError) once `signal` aborts.
 */
export async function readLocalDays(
  carrierId: string,
  vehicleId: string,
  from: LocalDay,
  to: LocalDay,
  zone: string,
  signal?: AbortSignal,
): Promise<LocalRead> {
  const interval = localRangeInterval(from, to, zone);
  const utcDays = utcDaysOverlapping(interval);
  const stored = await readDayBlocks(utcDays, (a, b) => readDays(carrierId, vehicleId, a, b), signal);
  const utcChunks = stored
    .map((d) => d.chunk)
    .filter((c) => c.length > 0)
    .sort(byDay);
  const chunks = localDayChunks(utcChunks, zone, interval);
  const sameAsStored = chunks.length === utcChunks.length && chunks.every((c, i) => c === utcChunks[i]);
  return { stored, chunks, interval, sameAsStored };
}
