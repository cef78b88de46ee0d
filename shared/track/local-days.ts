import { localDayInterval, offsetLookup, type Interval, type LocalDay } from '../time/local-day.ts';
import { addDays, dayOfMs } from '../util/day.ts';
import { summarizeDay, type DaySummary, type SummaryParams } from './summary.ts';
import type { DayChunk, ReadingIdentities } from './types.ts';
import { identitiesRange, withIdentities } from './day-chunk.ts';
import { lowerBound } from '../util/search.ts';
import { allocColumns, copyColumns } from './columns.ts';

/**
 * Breadcrumbs regrouped from their UTC day chunks (storage) into local days of
 * a zone, for the analysis, the exports and per-day totals of a selection
 * made in local days.
 *
 * A regrouped chunk has the DayChunk shape with `day` = the LOCAL day it
 * holds; it is built for one selection and never stored. Readings keep their
 * UTC times; only which day they belong to changes. Each reading belongs to
 * the local day its time falls in. Day figures follow the summary's rule
 * (shared/track/summary.ts): the interval that crosses local midnight
 * belongs to neither day, and a speeding run across it counts once per day.
 * A trip belongs to the local day it starts in (its id carries that date,
 * shared/export/trip-id.ts); in a selection of several days a trip across
 * local midnight is one trip, while a one-day selection holds only that
 * day's readings, so the trip is cut at the day's edge, as any selection is.
 *
 * In UTC (or any zone whose days are UTC days) the chunks come back as they
 * are, so UTC exports are unchanged byte for byte.
 */

/** The readings of `chunk` with start <= t < end (views over its columns, no copy). */
export function sliceChunk(chunk: DayChunk, interval: Interval): DayChunk {
  const from = lowerBound(chunk.t, interval.startMs, 0, chunk.length);
  const to = lowerBound(chunk.t, interval.endMs, 0, chunk.length);
  if (from === 0 && to === chunk.length) return chunk;
  return {
    vehicleId: chunk.vehicleId,
    day: chunk.day,
    vehicleNumber: chunk.vehicleNumber,
    vin: chunk.vin,
    length: Math.max(0, to - from),
    t: chunk.t.subarray(from, to),
    lat: chunk.lat.subarray(from, to),
    lng: chunk.lng.subarray(from, to),
    speed: chunk.speed.subarray(from, to),
    direction: chunk.direction.subarray(from, to),
    status: chunk.status.subarray(from, to),
    id: chunk.id.slice(from, to),
    location: chunk.location.slice(from, to),
    ...withIdentities(identitiesRange(chunk.identityAt, from, to)),
  };
}

interface Piece {
  chunk: DayChunk;
  from: number;
  to: number;
}

/** One chunk of `day` made of consecutive pieces (a local day spans two UTC chunks). */
function joinPieces(day: LocalDay, pieces: readonly Piece[]): DayChunk {
  const first = pieces[0]!;
  if (pieces.length === 1 && first.from === 0 && first.to === first.chunk.length && first.chunk.day === day)
    return first.chunk;
  const n = pieces.reduce((s, p) => s + (p.to - p.from), 0);
  const out: DayChunk = {
    vehicleId: first.chunk.vehicleId,
    day,
    vehicleNumber: first.chunk.vehicleNumber,
    vin: first.chunk.vin,
    ...allocColumns(n),
    id: [],
    location: [],
  };
  let at = 0;
  // The pieces' UTC days may name the vehicle differently: each reading keeps its own where any differs.
  const mixed = pieces.some(
    (p) => p.chunk.identityAt || p.chunk.vehicleNumber !== out.vehicleNumber || p.chunk.vin !== out.vin,
  );
  const ids: ReadingIdentities = { vehicleNumber: [], vin: [] };
  for (const { chunk: c, from, to } of pieces) {
    copyColumns(out, at, c, from, to);
    for (let i = from; i < to; i++) {
      out.id.push(c.id[i] ?? '');
      out.location.push(c.location[i] ?? '');
      if (!mixed) continue;
      ids.vehicleNumber.push(c.identityAt?.vehicleNumber[i] ?? c.vehicleNumber);
      ids.vin.push(c.identityAt?.vin[i] ?? c.vin);
    }
    at += to - from;
  }
  if (mixed) out.identityAt = ids;
  return out;
}

/**
 * The readings of time-ordered UTC chunks (one vehicle) regrouped into local
 * days of `zone`, limited to `interval` when given (the selection's local
 * days: readings of the neighbouring UTC hours are left out). Days without a
 * reading are absent.
 */
export function localDayChunks(chunks: readonly DayChunk[], zone: string, interval?: Interval): DayChunk[] {
  const offsetOf = offsetLookup(zone);
  const out: DayChunk[] = [];
  let day: LocalDay | null = null;
  let bounds: Interval = { startMs: Number.NaN, endMs: Number.NaN };
  let pieces: Piece[] = [];
  const flush = () => {
    if (day !== null && pieces.length > 0) out.push(joinPieces(day, pieces));
    pieces = [];
  };
  for (const c of chunks) {
    const limited = interval ? sliceChunk(c, interval) : c;
    let i = 0;
    while (i < limited.length) {
      const t = limited.t[i]!;
      if (!(t >= bounds.startMs && t < bounds.endMs)) {
        flush();
        day = dayOfMs(t + offsetOf(t));
        bounds = localDayInterval(day, zone);
        // Where a fall-back repeats the end of a date after the next one began, the clock's date is not the interval's.
        while (t >= bounds.endMs) bounds = localDayInterval((day = addDays(day, 1)), zone);
        while (t < bounds.startMs) bounds = localDayInterval((day = addDays(day, -1)), zone);
      }
      // The rest of this day inside the chunk, found by bisection rather than per reading.
      const end = Math.min(limited.length, lowerBound(limited.t, bounds.endMs, 0, limited.length));
      pieces.push({ chunk: limited, from: i, to: end });
      i = end;
    }
  }
  flush();
  return out;
}

/**
 * Per-local-day figures (the summary's definitions, shared/track/summary.ts),
 * computed from the readings since stored summaries are per UTC day.
 */
export function localDaySummaries(
  chunks: readonly DayChunk[],
  zone: string,
  params?: Partial<SummaryParams>,
  interval?: Interval,
): DaySummary[] {
  return localDayChunks(chunks, zone, interval).map((c) => summarizeDay(c, params));
}
