import type { GapReason } from '../track/gaps.ts';
import type { DayPart, EdgeReading, StoppedRun } from './day-parts.ts';
import type { SafetyEvent } from './types.ts';

/**
 * A part as stored: its numbers in one Float64Array and its texts in one array. IndexedDB clones a row
 * object by object, and a truck-month of parts as plain objects is a few hundred thousand of them; packed,
 * a row is three objects and reading a fleet's month back is bound by the rows, not their contents.
 */
export interface PackedDayPart {
  n: Float64Array;
  s: string[];
}

const KINDS: readonly SafetyEvent['kind'][] = ['speeding', 'long-stop', 'gap'];
const REASONS: readonly GapReason[] = ['offline', 'silence', 'jump'];
const HEADER = 6;
const EDGE = 6;
const EVENT = 9;
const RUN = 7;

export function packDayPart(part: DayPart): PackedDayPart {
  const edges = part.first && part.last ? [part.first, part.last] : [];
  const n = new Float64Array(HEADER + edges.length * EDGE + part.events.length * EVENT + part.runs.length * RUN);
  const s = [part.vehicleNumber];
  n.set([part.outliers, part.kept, part.movingSeconds, part.distanceMiles, part.events.length, part.runs.length]);
  let o = HEADER;
  const put = (values: readonly number[], place: string) => {
    n.set(values, o);
    o += values.length;
    s.push(place);
  };
  for (const e of edges) put([e.t, e.status, e.speed, e.lat, e.lng, e.point], e.place);
  for (const e of part.events) {
    const x = e.kind === 'speeding' ? e.peakSpeedMph : e.kind === 'gap' ? e.miles : 0;
    const reason = e.kind === 'gap' ? REASONS.indexOf(e.reason) : -1;
    put([KINDS.indexOf(e.kind), e.startMs, e.endMs, e.durationSeconds, x, reason, e.lat, e.lng, e.at.point], e.place);
  }
  for (const r of part.runs) put([r.from, r.to, r.startMs, r.endMs, r.lat, r.lng, r.point], r.place);
  return { n, s };
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
  if (n.length !== HEADER + edges * EDGE + events * EVENT + runs * RUN) return false;
  if (s.length !== 1 + edges + events + runs || !s.every((t) => typeof t === 'string')) return false;
  for (let i = 0, o = HEADER + edges * EDGE; i < events; i++, o += EVENT) {
    const kind = KINDS[n[o]!];
    if (kind === undefined || (kind === 'gap' && REASONS[n[o + 5]!] === undefined)) return false;
  }
  return true;
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
  for (let i = 0; i < eventCount!; i++, o += EVENT) {
    const common = {
      vehicleId,
      startMs: n[o + 1]!,
      endMs: n[o + 2]!,
      durationSeconds: n[o + 3]!,
      lat: n[o + 6]!,
      lng: n[o + 7]!,
      place: s[k++]!,
      at: { chunk: 0, point: n[o + 8]! },
    };
    const kind = KINDS[n[o]!];
    if (kind === 'speeding') events.push({ kind, ...common, peakSpeedMph: n[o + 4]! });
    else if (kind === 'gap') events.push({ kind, ...common, reason: REASONS[n[o + 5]!]!, miles: n[o + 4]! });
    else events.push({ kind: 'long-stop', ...common });
  }
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
