import { CSV_EOL, csvTextCell } from '../export/csv.ts';
import { createIsoFormatter } from '../export/format.ts';
import { createLocalIsoFormatter, localDayOfMs, type LocalDay } from '../time/local-day.ts';
import { decisionsOf, type ReviewMark, type ReviewState } from './trail.ts';

/**
 * The whole review trail, fleet-wide: one row per decision (each mark's history and its current one), so
 * a reader sees who decided what about which event and when. The same rows feed `review_trail.csv` and
 * the printed trail.
 */

/** A kept mark with what names it: its carrier (label and home zone) and the vehicle's unit number. */
export interface TrailMark {
  carrierId: string;
  carrierLabel: string;
  /** The carrier's home zone: the event's day and local time are counted in it. */
  zone: string;
  /** '' when not known (the vehicle is in no kept roster or stored day). */
  vehicleNumber: string;
  mark: ReviewMark;
}

export interface TrailRow {
  carrierId: string;
  carrierLabel: string;
  vehicleId: string;
  vehicleNumber: string;
  kind: ReviewMark['kind'];
  day: LocalDay;
  startMs: number;
  zone: string;
  state: ReviewState;
  /** The mark's decision in force (the last of its rows); the others are earlier decisions. */
  current: boolean;
  reviewer: string;
  decidedAt: number;
  note: string;
}

export const TRAIL_COLUMNS = [
  'carrier',
  'carrier_id',
  'vehicle_id',
  'vehicle_number',
  'kind',
  'day',
  'start_time',
  'local_time',
  'state',
  'current',
  'reviewer',
  'decided_at',
  'note',
] as const;

/**
 * The decisions about events that start on a day from `from` to `to` (inclusive) of their carrier's home
 * zone, ordered by carrier, vehicle, event start, then decision time (oldest first).
 */
export function trailRows(marks: readonly TrailMark[], from: LocalDay, to: LocalDay): TrailRow[] {
  const rows: TrailRow[] = [];
  for (const t of marks) {
    const day = localDayOfMs(t.mark.startMs, t.zone);
    if (day < from || day > to) continue;
    const decisions = decisionsOf(t.mark);
    decisions.forEach((d, i) =>
      rows.push({
        carrierId: t.carrierId,
        carrierLabel: t.carrierLabel,
        vehicleId: t.mark.vehicleId,
        vehicleNumber: t.vehicleNumber,
        kind: t.mark.kind,
        day,
        startMs: t.mark.startMs,
        zone: t.zone,
        state: d.state,
        current: i === decisions.length - 1,
        reviewer: d.reviewer,
        decidedAt: d.at,
        note: d.note,
      }),
    );
  }
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return rows.sort(
    (a, b) =>
      text(a.carrierLabel, b.carrierLabel) ||
      text(a.carrierId, b.carrierId) ||
      text(a.vehicleNumber, b.vehicleNumber) ||
      text(a.vehicleId, b.vehicleId) ||
      a.startMs - b.startMs ||
      text(a.kind, b.kind) ||
      Number(a.current) - Number(b.current) ||
      a.decidedAt - b.decidedAt,
  );
}

/** `review_trail.csv`: RFC 4180, CRLF, text cells formula-neutralised (csvTextCell); times UTC ISO and local. */
export function trailCsv(rows: readonly TrailRow[]): string {
  const iso = createIsoFormatter();
  const localOf = new Map<string, (ms: number) => string>();
  const local = (zone: string, ms: number) =>
    (localOf.get(zone) ?? localOf.set(zone, createLocalIsoFormatter(zone)).get(zone)!)(ms);
  const lines = [TRAIL_COLUMNS.join(',')];
  for (const r of rows)
    lines.push(
      [
        csvTextCell(r.carrierLabel),
        r.carrierId,
        r.vehicleId,
        csvTextCell(r.vehicleNumber),
        r.kind,
        r.day,
        iso(r.startMs),
        local(r.zone, r.startMs),
        r.state,
        r.current ? 'true' : 'false',
        csvTextCell(r.reviewer),
        iso(r.decidedAt),
        csvTextCell(r.note),
      ].join(','),
    );
  return lines.join(CSV_EOL) + CSV_EOL;
}
