import type { DayPart, EdgeReading, StoppedRun } from './day-parts.ts';
import { EVENT_KIND_ROWS, KIND_OF_CODE, kindRowOf } from './event-kinds.ts';
import type { EventBase, EventKind, SafetyEvent } from './types.ts';

/**
 * A part as stored: its numbers in one Float64Array and its texts in one array. IndexedDB clones a row
 * object by object, and a truck-month of parts as plain objects is a few hundred thousand of them; packed,
 * a row is three objects and reading a fleet's month back is bound by the rows, not their contents.
 */
export interface PackedDayPart {
  n: Float64Array;
  s: string[];
}

const HEADER = 6;
const EDGE = 6;
/** An event's numbers before its kind's own (EventKindRow.payload): code, start, end, duration, lat, lng, point. */
const EVENT = 7;
const RUN = 7;

/** The numbers and texts of `e`: the common ones, then its kind's own. */
function eventCells(e: SafetyEvent): { n: number[]; s: string[] } {
  const row = kindRowOf(e);
  const own = row.payload.write(e);
  const n = [row.code, e.startMs, e.endMs, e.durationSeconds, e.lat, e.lng, e.at.point, ...own.n];
  return { n, s: [e.place, ...own.s] };
}

export function packDayPart(part: DayPart): PackedDayPart {
  const edges = part.first && part.last ? [part.first, part.last] : [];
  const events = part.events.map(eventCells);
  const eventNumbers = events.reduce((sum, e) => sum + e.n.length, 0);
  const n = new Float64Array(HEADER + edges.length * EDGE + eventNumbers + part.runs.length * RUN);
  const s = [part.vehicleNumber];
  n.set([part.outliers, part.kept, part.movingSeconds, part.distanceMiles, part.events.length, part.runs.length]);
  let o = HEADER;
  const put = (values: readonly number[], texts: readonly string[]) => {
    n.set(values, o);
    o += values.length;
    s.push(...texts);
  };
  for (const e of edges) put([e.t, e.status, e.speed, e.lat, e.lng, e.point], [e.place]);
  for (const e of events) put(e.n, e.s);
  for (const r of part.runs) put([r.from, r.to, r.startMs, r.endMs, r.lat, r.lng, r.point], [r.place]);
  return { n, s };
}

/**
 * Reads the events of a packed part from n[o] and s[k] on into `out` (only checks them when null) and gives
 * where they end; null when one is not what packDayPart writes: a code no kind has, a kind's own fields its
 * codec refuses, or a row too short.
 */
function readEvents(
  vehicleId: string,
  { n, s }: PackedDayPart,
  count: number,
  at: { o: number; k: number },
  out: SafetyEvent[] | null,
): { o: number; k: number } | null {
  let { o, k } = at;
  for (let i = 0; i < count; i++) {
    const kind = KIND_OF_CODE.get(n[o]!);
    if (kind === undefined) return null;
    const { payload } = EVENT_KIND_ROWS[kind];
    if (o + EVENT + payload.numbers > n.length || k + 1 + payload.texts > s.length) return null;
    const own = payload.read(n, o + EVENT, s, k + 1);
    if (own === null) return null;
    if (out) {
      const common: EventBase & { kind: EventKind } = {
        kind,
        vehicleId,
        startMs: n[o + 1]!,
        endMs: n[o + 2]!,
        durationSeconds: n[o + 3]!,
        lat: n[o + 4]!,
        lng: n[o + 5]!,
        place: s[k]!,
        at: { chunk: 0, point: n[o + 6]! },
      };
      // The kind's codec read its own fields: the two make an event of that kind.
      out.push(Object.assign(common, own) as SafetyEvent);
    }
    o += EVENT + payload.numbers;
    k += 1 + payload.texts;
  }
  return { o, k };
}

/**
 * Whether `x` has the shape packDayPart gives, counts and codes included: a row read back from IndexedDB is
 * not trusted blindly (a damaged one is analysed again rather than shown as nonsense).
 */
export function isPackedDayPart(x: unknown): x is PackedDayPart {
  if (typeof x !== 'object' || x === null) return false;
  const { n, s } = x as Partial<PackedDayPart>;
  if (!(n instanceof Float64Array) || !Array.isArray(s) || n.length < HEADER) return false;
  const kept = n[1]!;
  const events = n[4]!;
  const runs = n[5]!;
  if (![kept, events, runs].every((c) => Number.isInteger(c) && c >= 0)) return false;
  const edges = kept > 0 ? 2 : 0;
  if (s.length < 1 + edges || !s.every((t) => typeof t === 'string')) return false;
  const read = readEvents('', { n, s }, events, { o: HEADER + edges * EDGE, k: 1 + edges }, null);
  return read !== null && n.length === read.o + runs * RUN && s.length === read.k + runs;
}

/** The part `packDayPart` packed (check it with isPackedDayPart first); `vehicleId` is the row's (events carry it). */
export function unpackDayPart(vehicleId: string, { n, s }: PackedDayPart): DayPart {
  const [outliers, kept, movingSeconds, distanceMiles, eventCount, runCount] = n.subarray(0, HEADER);
  let o = HEADER;
  let k = 1;
  const edge = (): EdgeReading => {
    const e = {
      t: n[o]!,
      status: n[o + 1]!,
      speed: n[o + 2]!,
      lat: n[o + 3]!,
      lng: n[o + 4]!,
      place: s[k++]!,
      point: n[o + 5]!,
    };
    o += EDGE;
    return e;
  };
  const first = kept! > 0 ? edge() : null;
  const last = kept! > 0 ? edge() : null;
  const events: SafetyEvent[] = [];
  const read = readEvents(vehicleId, { n, s }, eventCount!, { o, k }, events);
  if (read === null) throw new TypeError('Not a packed day part: check it with isPackedDayPart first.');
  ({ o, k } = read);
  const runs: StoppedRun[] = [];
  for (let i = 0; i < runCount!; i++, o += RUN) {
    runs.push({
      from: n[o]!,
      to: n[o + 1]!,
      startMs: n[o + 2]!,
      endMs: n[o + 3]!,
      lat: n[o + 4]!,
      lng: n[o + 5]!,
      place: s[k++]!,
      point: n[o + 6]!,
    });
  }
  return {
    vehicleNumber: s[0]!,
    outliers: outliers!,
    kept: kept!,
    first,
    last,
    events,
    runs,
    movingSeconds: movingSeconds!,
    distanceMiles: distanceMiles!,
  };
}
