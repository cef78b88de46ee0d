/**
 * The real GPS traces of ../shared/realdata (read-only project input) as the
 * API would serve them, shifted by whole days so their last day is a given
 * day inside the API's history window. A whole-day shift keeps every UTC day
 * boundary, time of day and interval exactly as recorded.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { WireLocationRecord } from '../../shared/api/wire.ts';
import { parseLocationRecord } from '../../shared/api/validate.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import type { Breadcrumb, DayChunk } from '../../shared/track/types.ts';
import { addDays, DAY_MS, dayOfMs, dayStartMs, type UtcDay } from '../../shared/util/day.ts';

export const REALDATA_DIR = path.resolve(import.meta.dirname, '../../../shared/realdata');

export type TraceName = 'dg100-ontario' | 'iblue747-leipzig';

export interface RealTrace {
  name: TraceName;
  vehicleNumber: string;
  vin: string;
  /** A made-up vehicle UUID for the API (the traces carry none). */
  vehicleId: string;
  /** Records as served: timestamps shifted by `shiftDays`, everything else as recorded. */
  records: WireLocationRecord[];
  shiftDays: number;
  /** First and last (shifted) UTC day. */
  from: UtcDay;
  to: UtcDay;
}

const VEHICLE_IDS: Record<TraceName, string> = {
  'dg100-ontario': '6d1f3c2a-0b5e-4c1d-9a7e-100000000001',
  'iblue747-leipzig': '6d1f3c2a-0b5e-4c1d-9a7e-100000000002',
};

/** The trace with its days shifted so that its last day is `lastDay`. */
export function loadTrace(name: TraceName, lastDay: UtcDay): RealTrace {
  const raw = JSON.parse(
    readFileSync(path.join(REALDATA_DIR, `${name}.breadcrumbs.json`), 'utf8'),
  ) as WireLocationRecord[];
  const meta = JSON.parse(readFileSync(path.join(REALDATA_DIR, `${name}.meta.json`), 'utf8')) as {
    vehicle_number: string;
    vin: string;
  };
  const times = raw.map((r) => Date.parse(r.timestamp));
  const recordedLast = dayOfMs(Math.max(...times));
  const shiftDays = Math.round((dayStartMs(lastDay) - dayStartMs(recordedLast)) / DAY_MS);
  const records = raw.map((r, k) => ({ ...r, timestamp: shiftIso(times[k]!, shiftDays) }));
  return {
    name,
    vehicleNumber: meta.vehicle_number,
    vin: meta.vin,
    vehicleId: VEHICLE_IDS[name],
    records,
    shiftDays,
    from: addDays(dayOfMs(Math.min(...times)), shiftDays),
    to: lastDay,
  };
}

/** An ISO time of the recording, shifted as the trace is (for naming readings in tests). */
export function shiftIso(recordedMs: number, shiftDays: number): string {
  return new Date(recordedMs + shiftDays * DAY_MS).toISOString().replace('.000Z', 'Z');
}

/** The served time (epoch ms) of a reading recorded at `recordedIso`. */
export function shiftedMs(trace: RealTrace, recordedIso: string): number {
  return Date.parse(recordedIso) + trace.shiftDays * DAY_MS;
}

/** The trace's readings as the app stores them: validated, one chunk per non-empty UTC day, in day order. */
export function traceChunks(trace: RealTrace): DayChunk[] {
  const points: Breadcrumb[] = [];
  for (const r of trace.records) {
    const p = parseLocationRecord(r);
    if (!p.ok) throw new Error(`${trace.name}: record ${r.id} is invalid: ${p.reason}`);
    points.push(p.value);
  }
  const days = [...new Set(points.map((p) => dayOfMs(p.t)))].sort();
  return days.map((d) => buildDayChunk(trace.vehicleId, d, points));
}
