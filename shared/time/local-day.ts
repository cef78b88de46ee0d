// Over 300 lines: all local-day arithmetic of a zone (offsets, intervals, spans) stays together.
/**
 * Calendar days of an IANA time zone ("local days"), as UTC intervals.
 *
 * Breadcrumbs are stored in UTC day chunks (shared/util/day.ts); an auditor
 * asks about days of the carrier's home terminal (Hours-of-Service logs are
 * kept in that zone). A local day is the half-open UTC interval
 * [start, end) from the first instant the zone's clock reads that date to the
 * first instant it reads the next one. So a day is 23 h when clocks spring
 * forward and 25 h when they fall back (America/Chicago 2026-03-08 and
 * 2026-11-01), a midnight that does not exist (America/Havana springs forward
 * at 00:00) starts the day at the transition, and a midnight that happens
 * twice starts it at the first one. Days are contiguous and never overlap.
 *
 * Everything here is pure: Intl supplies the zone's offsets, and each zone's
 * offsets are looked up once per UTC hour (transitions are months apart).
 */
import { addDays, DAY_MS, dayOfMs, dayStartMs, isUtcDay, type UtcDay } from '../util/day.ts';
import { isValidZone, systemZoneName } from './zone.ts';

/** `YYYY-MM-DD`, a calendar day of some zone (same form and checks as UtcDay). */
export type LocalDay = string;

/** A half-open UTC interval, epoch ms. */
export interface Interval {
  startMs: number;
  endMs: number;
}

const HOUR_MS = 3_600_000;

/** Whether Intl knows `zone` as an IANA time zone ('local' is not one). */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone === '' || zone.length > 64 || zone === 'local') return false;
  return isValidZone(zone);
}

/**
 * A zone as it will be stored and printed: the name as given, its letter case
 * fixed from Intl's list when the list has it (`america/chicago` →
 * `America/Chicago`). Not Intl's resolved name, which for some zones is an
 * older alias (Asia/Kolkata → Asia/Calcutta). Throws RangeError for an unknown zone.
 */
export function canonicalZone(zone: string): string {
  if (!isTimeZone(zone)) throw new RangeError(`Unknown time zone "${String(zone).slice(0, 64)}"`);
  if (zone.toUpperCase() === 'UTC') return 'UTC';
  const lower = zone.toLowerCase();
  return Intl.supportedValuesOf('timeZone').find((z) => z === zone || z.toLowerCase() === lower) ?? zone;
}

/** This computer's zone (UTC when the runtime cannot tell). */
export function systemZone(): string {
  const zone = systemZoneName();
  return isTimeZone(zone) ? zone : 'UTC';
}

const isUtcZone = (zone: string) => zone === 'UTC' || zone === 'Etc/UTC' || zone === 'Etc/GMT' || zone === 'GMT';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    if (!isTimeZone(zone)) throw new RangeError(`Unknown time zone "${String(zone).slice(0, 64)}"`);
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
      era: 'short',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The zone's offset from UTC at `ms`, in ms (Intl, no cache): wall clock read as UTC minus the instant. */
function exactOffsetMs(zone: string, ms: number): number {
  const second = Math.floor(ms / 1000) * 1000;
  let y = 0,
    mo = 0,
    d = 0,
    h = 0,
    mi = 0,
    s = 0;
  let bc = false;
  for (const p of formatterOf(zone).formatToParts(second)) {
    switch (p.type) {
      case 'year':
        y = Number(p.value);
        break;
      case 'month':
        mo = Number(p.value);
        break;
      case 'day':
        d = Number(p.value);
        break;
      case 'hour':
        h = Number(p.value) % 24;
        break;
      case 'minute':
        mi = Number(p.value);
        break;
      case 'second':
        s = Number(p.value);
        break;
      case 'era':
        bc = p.value.startsWith('B');
        break;
    }
  }
  const wall = new Date(0);
  wall.setUTCFullYear(bc ? 1 - y : y, mo - 1, d);
  wall.setUTCHours(h, mi, s, 0);
  return wall.getTime() - second;
}

/** Days (and hours) a lookup remembers: decades of days, well under a megabyte. */
const KEPT_SPANS = 10_000;

/**
 * A fast offset lookup for one zone: the offset at the start and the end of
 * each UTC day is asked of Intl once; a zone changes its offset at most once in
 * two days (localDayStartMs relies on it too), so a day whose two ends agree
 * has that offset throughout. A day holding a transition is looked up by the
 * hour the same way, and an hour holding one is asked per instant.
 */
export function createOffsetLookup(zone: string): (ms: number) => number {
  if (isUtcZone(zone)) return () => 0;
  formatterOf(zone);
  // Every day and hour asked for is remembered (not only the last one): a fleet's events jump between days,
  // and each new one costs two Intl calls, about 10 µs (six months by the hour was 8,800 calls, 50 ms).
  const byDay = new Map<number, number | null>();
  const byHour = new Map<number, number | null>();
  const steady = (kept: Map<number, number | null>, key: number, spanMs: number): number | null => {
    let offset = kept.get(key);
    if (offset === undefined) {
      const a = exactOffsetMs(zone, key * spanMs);
      offset = a === exactOffsetMs(zone, key * spanMs + spanMs - 1000) ? a : null;
      if (kept.size >= KEPT_SPANS) kept.clear();
      kept.set(key, offset);
    }
    return offset;
  };
  return (ms) =>
    steady(byDay, Math.floor(ms / DAY_MS), DAY_MS) ??
    steady(byHour, Math.floor(ms / HOUR_MS), HOUR_MS) ??
    exactOffsetMs(zone, ms);
}

const lookups = new Map<string, (ms: number) => number>();
/** The zone's one shared lookup: what it learnt of the zone's hours serves every later caller. */
export function offsetLookup(zone: string): (ms: number) => number {
  let f = lookups.get(zone);
  if (!f) {
    f = createOffsetLookup(zone);
    lookups.set(zone, f);
  }
  return f;
}

/** The zone's offset from UTC at `ms`, in minutes (east positive): -360 for Chicago in winter, 330 for Kolkata. */
export function offsetMinutesAt(zone: string, ms: number): number {
  return Math.round(offsetLookup(zone)(ms) / 60_000);
}

/** The calendar day the zone's clock shows at `ms`. */
export function localDayOfMs(ms: number, zone: string): LocalDay {
  return dayOfMs(ms + offsetLookup(zone)(ms));
}

/** "Last local day": the zone's date now (today there, which may still grow). */
export function lastLocalDay(nowMs: number, zone: string): LocalDay {
  return localDayOfMs(nowMs, zone);
}

/**
 * The first instant the zone's clock reads `day` (its local midnight, or the
 * transition when midnight is skipped). The offsets a day before and a day
 * after give two candidates (a zone changes its offset at most once in two
 * days); a midnight that happens twice takes the
 * first, one that never happens is found by bisecting the transition.
 */
export function localDayStartMs(day: LocalDay, zone: string): number {
  if (isUtcZone(zone)) return dayStartMs(day);
  // Four to a few dozen Intl calls each, and a range of days asks for each day (and its next) again and again.
  const key = `${zone}|${day}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    start = computeLocalDayStartMs(day, zone);
    if (dayStarts.size >= KEPT_DAY_STARTS) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return start;
}

/** Day starts remembered, over every zone: years of days, well under a megabyte. */
const KEPT_DAY_STARTS = 5_000;
const dayStarts = new Map<string, number>();

function computeLocalDayStartMs(day: LocalDay, zone: string): number {
  const wall = dayStartMs(day);
  const offset = (ms: number) => exactOffsetMs(zone, ms);
  const before = offset(wall - DAY_MS);
  const after = offset(wall + DAY_MS);
  const valid = [wall - before, wall - after].filter((t) => offset(t) === wall - t).sort((a, b) => a - b);
  if (valid.length > 0) return valid[0]!;
  // Midnight falls in a spring-forward gap: the day starts when the clock jumps past it.
  let lo = Math.min(wall - before, wall - after);
  let hi = Math.max(wall - before, wall - after);
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2000) * 1000;
    if (mid + offset(mid) >= wall) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The UTC interval of one local day: [its start, the next day's start). 23 h, 24 h or 25 h (0 h for a day a zone skipped). */
export function localDayInterval(day: LocalDay, zone: string): Interval {
  return { startMs: localDayStartMs(day, zone), endMs: localDayStartMs(nextDay(day), zone) };
}

/** The UTC interval of the local days `from`..`to`, inclusive. */
export function localRangeInterval(from: LocalDay, to: LocalDay, zone: string): Interval {
  if (from > to) throw new RangeError(`The range ${from}..${to} ends before it starts`);
  return { startMs: localDayStartMs(from, zone), endMs: localDayStartMs(nextDay(to), zone) };
}

/** The UTC day chunks an interval touches, in order: the chunks to read for it. */
export function utcDaysOverlapping(interval: Interval): UtcDay[] {
  if (!(interval.endMs > interval.startMs)) return [];
  const out: UtcDay[] = [];
  const last = dayOfMs(interval.endMs - 1);
  for (let day = dayOfMs(interval.startMs); day <= last; day = nextDay(day)) out.push(day);
  return out;
}

/** The UTC day chunks that hold the local days `from`..`to` of `zone` (two for one local day, unless the zone is UTC). */
export function utcDaysOfLocalRange(from: LocalDay, to: LocalDay, zone: string): UtcDay[] {
  return utcDaysOverlapping(localRangeInterval(from, to, zone));
}

/** The local days an interval touches, in order. */
export function localDaysOverlapping(interval: Interval, zone: string): LocalDay[] {
  if (!(interval.endMs > interval.startMs)) return [];
  return daysFromTo(localDayOfMs(interval.startMs, zone), localDayOfMs(interval.endMs - 1, zone));
}

/** Inclusive calendar days `from`..`to` (no zone involved). */
export function daysFromTo(from: LocalDay, to: LocalDay): LocalDay[] {
  const out: LocalDay[] = [];
  for (let day = from; day <= to; day = nextDay(day)) out.push(day);
  return out;
}

const nextDay = (day: LocalDay): LocalDay => addDays(day, 1);

/** Calendar arithmetic on a day string (no zone involved). */
export const addLocalDays: (day: LocalDay, n: number) => LocalDay = addDays;

export const isLocalDay: (value: string) => value is LocalDay = isUtcDay;

/**
 * The first day of "the last 6 months" ending on `lastDay`: the same calendar day six months earlier,
 * clamped to that month's last day (Aug 31 → Feb 28/29), so 181 to 185 days with both ends. The API's
 * history window is this (spec: "the last 6 months"; shared/util/history-window.ts), and so is every
 * "6 months" of the app: the Review's span, Downloads' "Last 6 months" and the Storage strip (issue 31).
 */
export function sixMonthsBefore(lastDay: LocalDay): LocalDay {
  const y = Number(lastDay.slice(0, 4));
  const m = Number(lastDay.slice(5, 7)) - 1 - 6;
  const d = Number(lastDay.slice(8, 10));
  const first = new Date(Date.UTC(y, m, 1));
  const monthEnd = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return dayOfMs(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, monthEnd)));
}

/** The Review's fixed spans, as numbers of local days ending on the chosen last day ('6m' is calendar months). */
export const SPAN_DAYS = Object.freeze({ day: 1, week: 7, month: 30 } as const);
export type Span = keyof typeof SPAN_DAYS | '6m';

/** The local days of a span that ends on `lastDay` (inclusive). */
export function localSpan(span: Span, lastDay: LocalDay): { from: LocalDay; to: LocalDay } {
  if (span === '6m') return { from: sixMonthsBefore(lastDay), to: lastDay };
  return { from: addLocalDays(lastDay, 1 - SPAN_DAYS[span]), to: lastDay };
}

/** How many days `from`..`to` holds, both included (what a span's label says). */
export function dayCount(from: LocalDay, to: LocalDay): number {
  return Math.round((dayStartMs(to) - dayStartMs(from)) / DAY_MS) + 1;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}

/** `+05:30`, `-06:00`, `+00:00` (ISO 8601 offset of a number of minutes east). */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const a = Math.abs(minutes);
  return `${sign}${pad2(Math.floor(a / 60))}:${pad2(a % 60)}`;
}

/**
 * ISO 8601 local time with its offset, `2026-11-20T03:04:05-06:00` (`.sss`
 * only when the milliseconds are non-zero): unambiguous even in the hour a
 * fall-back repeats. Cached per UTC hour like the offsets.
 */
export function createLocalIsoFormatter(zone: string): (ms: number) => string {
  const offsetOf = createOffsetLookup(zone);
  return (ms) => {
    const off = offsetOf(ms);
    const wall = new Date(ms + off).toISOString();
    const text = ms % 1000 === 0 ? wall.slice(0, 19) : wall.slice(0, 23);
    return text + formatOffset(Math.round(off / 60_000));
  };
}
