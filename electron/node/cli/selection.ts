import type { WireCompany, WireVehicle } from '../../../shared/api/wire.ts';
import {
  canonicalZone,
  isTimeZone,
  lastLocalDay,
  localDayOfMs,
  localRangeInterval,
  utcDaysOverlapping,
  type Interval,
  type LocalDay,
} from '../../../shared/time/local-day.ts';
import { resolveZoneName } from '../../../shared/time/zone-names.ts';
import { localDayChunks } from '../../../shared/track/local-days.ts';
import type { DayChunk } from '../../../shared/track/types.ts';
import { byDay, dayOfMs, dayStartMs, isUtcDay, type UtcDay } from '../../../shared/util/day.ts';
import { daysInOrder } from './days-in-order.ts';
import { historyWindow } from '../../../shared/util/history-window.ts';
import type { ApiClient } from '../api/index.ts';
import { NotFoundError } from '../api/index.ts';
import { syncVehicleHistory } from '../sync/index.ts';
import { requiredFlag, stringFlag, UsageError, type ParsedArgs } from './args.ts';

/**
 * What `export` and `audit` select: a vehicle and a range of days of a zone
 * (`--tz`, default UTC so scripts written before zones keep their meaning).
 * Storage and the API stay in UTC days: a local day reads the UTC days it
 * overlaps, and the readings are regrouped into the zone's days
 * (shared/track/local-days.ts).
 */
export interface SelectionArgs {
  ref: string;
  from: LocalDay;
  to: LocalDay;
  zone: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseZone(args: ParsedArgs): string {
  const text = stringFlag(args, 'tz');
  if (text === undefined) return 'UTC';
  // "Eastern", "CST"… mean the region's civil time, as in the app's home-zone field.
  const zone = resolveZoneName(text);
  if (!isTimeZone(zone))
    throw new UsageError(
      `--tz "${text.slice(0, 64)}" is not a time zone this system knows; give an IANA name such as America/Chicago or UTC, or a US zone name such as Eastern or CST.`,
    );
  return canonicalZone(zone);
}

function parseDay(args: ParsedArgs, flag: string, zone: string): LocalDay {
  const v = requiredFlag(args, flag, `a day of ${zone}, YYYY-MM-DD`);
  const shown = v.slice(0, 40);
  if (!isUtcDay(v)) throw new UsageError(`--${flag} "${shown}" is not a date in the form YYYY-MM-DD.`);
  return v;
}

/** --vehicle, --from, --to and --tz, checked against the API's history window (in the zone's days) before any request. */
export function parseSelection(args: ParsedArgs, nowMs: number): SelectionArgs {
  const ref = requiredFlag(args, 'vehicle', 'vehicle id, unit number, VIN or legacy id');
  const zone = parseZone(args);
  const from = parseDay(args, 'from', zone);
  const to = parseDay(args, 'to', zone);
  if (from > to) throw new UsageError(`--from ${from} is after --to ${to}.`);
  const window = localWindow(nowMs, zone);
  if (from < window.start || to > window.end) {
    const zoneNote = zone === 'UTC' ? '' : ` in ${zone}`;
    throw new UsageError(
      `The range ${from}..${to} is outside the API's 6-month history window (${window.start} to ${window.end}${zoneNote}).`,
    );
  }
  return { ref, from, to, zone };
}

/** The history window as days of `zone`: from the day its first UTC instant falls in to the zone's today. */
function localWindow(nowMs: number, zone: string): { start: LocalDay; end: LocalDay } {
  const utc = historyWindow(nowMs);
  return zone === 'UTC' ? utc : { start: localDayOfMs(dayStartMs(utc.start), zone), end: lastLocalDay(nowMs, zone) };
}

/** Finds the vehicle a user named: UUID, unit number, VIN, or a legacy (v1) id. */
export async function resolveVehicle(client: ApiClient, ref: string): Promise<WireVehicle> {
  if (UUID.test(ref)) return client.vehicle(ref);
  const { records } = await client.vehicles({ limit: 1000 });
  const needle = ref.toUpperCase();
  const matches = records.filter((v) => v.number.toUpperCase() === needle || v.vin.toUpperCase() === needle);
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1)
    throw new UsageError(`"${ref}" matches ${matches.length} vehicles; use the vehicle id or VIN.`);
  try {
    return await client.vehicle(ref); // spec 9.5: legacy ids are accepted in paths, UUIDs come back
  } catch (err) {
    if (err instanceof NotFoundError)
      throw new UsageError(`No vehicle matches "${ref}" (by id, unit number, VIN or legacy id).`);
    throw err;
  }
}

/** One UTC day as the CLI downloaded it. */
export interface DownloadedDay {
  day: UtcDay;
  /** epoch ms when its last record arrived. */
  downloadedAt: number;
  records: number;
  rejected: number;
  /** False for today: the day may still grow. */
  complete: boolean;
}

export interface Downloaded {
  vehicle: WireVehicle;
  company: WireCompany | null;
  selection: SelectionArgs;
  /** The UTC interval of the selected local days. */
  interval: Interval;
  /** The readings, as days of the selection's zone (the UTC chunks themselves in UTC). */
  chunks: DayChunk[];
  /** Every UTC day read, in order. */
  days: DownloadedDay[];
  rejected: number;
  /** Each record that could not be kept, by day. */
  rejections: RejectedReading[];
  requests: number;
  retries: number;
}

/** A record the download could not keep, as the CLI reports it beside the output. */
export interface RejectedReading {
  day: UtcDay;
  /** '' when the record's id could not be read. */
  id: string;
  reason: string;
}

/**
 * Downloads the UTC days the selection overlaps (clamped to the history
 * window: the hours of a local day before the window began, or after now,
 * have no data) and regroups them into the zone's days.
 */
export async function downloadSelection(
  client: ApiClient,
  selection: SelectionArgs,
  opts: {
    now: () => number;
    company: boolean;
    /** Each UTC day as soon as it and every day before it are in (days-in-order.ts), e.g. to write it during the download. */
    onDayInOrder?: (chunk: DayChunk) => Promise<void>;
  },
): Promise<Downloaded> {
  const vehicle = await resolveVehicle(client, selection.ref);
  const company = opts.company ? await client.companyInfo() : null;
  const interval = localRangeInterval(selection.from, selection.to, selection.zone);
  const window = historyWindow(opts.now());
  const wanted = utcDaysOverlapping(interval).filter((d) => d >= window.start && d <= window.end);
  const utcChunks: DayChunk[] = [];
  const days: DownloadedDay[] = [];
  const rejections: RejectedReading[] = [];
  const inOrder = opts.onDayInOrder && wanted.length > 0 ? daysInOrder(wanted[0]!, opts.onDayInOrder) : null;
  const result =
    wanted.length === 0
      ? { rejected: 0, requests: 0, retries: 0 }
      : await syncVehicleHistory({
          client,
          vehicleId: vehicle.vehicle_id,
          from: wanted[0]!,
          to: wanted[wanted.length - 1]!,
          today: dayOfMs(opts.now()),
          have: () => 'missing',
          identity: { vehicleNumber: vehicle.number, vin: vehicle.vin },
          onDay: async ({ chunk, complete, rejected }) => {
            for (const r of rejected) rejections.push({ day: chunk.day, id: r.id ?? '', reason: r.reason });
            await inOrder?.push(chunk);
            utcChunks.push(chunk);
            days.push({
              day: chunk.day,
              downloadedAt: opts.now(),
              records: chunk.length,
              rejected: rejected.length,
              complete,
            });
          },
        });
  await inOrder?.finish();
  utcChunks.sort(byDay);
  days.sort(byDay);
  const chunks = selection.zone === 'UTC' ? utcChunks : localDayChunks(utcChunks, selection.zone, interval);
  return {
    vehicle,
    company,
    selection,
    interval,
    chunks,
    days,
    rejected: result.rejected,
    rejections: rejections.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0)),
    requests: result.requests,
    retries: result.retries,
  };
}
