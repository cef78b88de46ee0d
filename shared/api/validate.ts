// Over 300 lines: one parser per record type of the API spec, side by side so they read against its tables.
/**
 * Validation of everything the API sends. Nothing from the wire is trusted:
 * each parser returns either a typed value or a specific, human-readable
 * reason, so one bad record can be reported and skipped instead of poisoning
 * a whole page or crashing the download.
 */
import type { Breadcrumb } from '../track/types.ts';
import {
  DUTY_STATUS_CODES,
  MOTION_STATUSES,
  type DutyStatusCode,
  type Envelope,
  type MotionStatus,
  type WireCompany,
  type WireDriver,
  type WireDriverStatus,
  type WireVehicle,
  type WireVehicleStatus,
} from './wire.ts';
import { TEXT_LIMITS } from './text-bounds.ts';
import { boundText } from '../util/bounded-text.ts';

/** `cut`: how many of the record's text fields were longer than TEXT_LIMITS and kept cut. */
export type Parsed<T> = { ok: true; value: T; cut?: number } | { ok: false; reason: string; id?: string; t?: number };

/** A record the client refused, as reported to the user (never with the raw keys). */
export interface Rejection {
  reason: string;
  id?: string;
  /** epoch ms, when the record's timestamp could be read at all */
  t?: number;
  /** Start of the record's JSON, for the report. */
  snippet: string;
}

type Obj = Record<string, unknown>;

const SNIPPET_MAX = 240;

export function snippetOf(raw: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(raw) ?? String(raw);
  } catch {
    text = String(raw);
  }
  return text.length > SNIPPET_MAX ? `${text.slice(0, SNIPPET_MAX)}…` : text;
}

function show(value: unknown): string {
  if (value === undefined) return 'undefined';
  const s = JSON.stringify(value) ?? String(value);
  return s.length > 60 ? `${s.slice(0, 60)}…` : s;
}

function isObj(raw: unknown): raw is Obj {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw);
}

class Invalid extends Error {}

function fail(reason: string): never {
  throw new Invalid(reason);
}

/** Field `name`'s value `v`, which must be there (an absent key reads as undefined: no field name here is inherited from Object.prototype). */
function present(name: string, v: unknown): unknown {
  if (v === undefined) fail(`${name} is missing`);
  return v;
}

function field(o: Obj, name: string): unknown {
  return present(name, o[name]);
}

/*
 * The *Of checkers take the field's value: the breadcrumb parser reads its
 * fields by name (o.id, o.lat…), a load the compiler specialises for the one
 * shape every record of a page has, where o[name] would look each name up.
 */
function strOf(name: string, value: unknown, nonEmpty = false): string {
  const v = present(name, value);
  if (typeof v !== 'string') fail(`${name} is not a string: ${show(v)}`);
  if (nonEmpty && v.trim() === '') fail(`${name} is empty`);
  return v;
}

function str(o: Obj, name: string, nonEmpty = false): string {
  return strOf(name, o[name], nonEmpty);
}

/** Text fields cut in the record `run` is parsing (parsers are synchronous: one record at a time). */
let cutFields = 0;

/** `v` within `max` characters: a longer value is cut with "…" and counted, never refused. */
function bounded(v: string, max: number): string {
  if (v.length <= max) return v;
  const b = boundText(v, max);
  if (b.cut) cutFields++;
  return b.text;
}

/** An optional text field: a string kept within `max`, anything else unknown (''). */
function optionalText(v: unknown, max: number): string {
  return typeof v === 'string' ? bounded(v, max) : '';
}

function bool(o: Obj, name: string): boolean {
  const v = field(o, name);
  if (typeof v !== 'boolean') fail(`${name} is not a boolean: ${show(v)}`);
  return v;
}

const NUMERIC_RE = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/** Exact powers of ten: up to 1e22 every one is a double without rounding. */
const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);

/**
 * A plain decimal `[-+]?digits[.digits]` (the form every breadcrumb number
 * takes) read without a regex or Number(): the export parses about four per
 * point. With at most 15 significant digits the mantissa and the power of ten
 * are both exact doubles, so one IEEE division gives the correctly rounded
 * value, i.e. exactly what Number() returns (the classic strtod fast path).
 * Returns undefined for anything else (exponents, spaces, long mantissas,
 * garbage), which the regex path then decides.
 */
function plainDecimal(v: string): number | undefined {
  const n = v.length;
  let i = 0;
  const sign = n > 0 ? v.charCodeAt(0) : 0;
  if (sign === 45 || sign === 43) i = 1;
  let mantissa = 0;
  let digits = 0;
  let fraction = 0;
  for (; i < n; i++) {
    const c = v.charCodeAt(i) - 48;
    if (c < 0 || c > 9) break;
    mantissa = mantissa * 10 + c;
    digits++;
  }
  if (i < n && v.charCodeAt(i) === 46) {
    for (i++; i < n; i++) {
      const c = v.charCodeAt(i) - 48;
      if (c < 0 || c > 9) break;
      mantissa = mantissa * 10 + c;
      digits++;
      fraction++;
    }
  }
  if (i !== n || digits === 0 || digits > 15) return undefined;
  const value = mantissa / (POW10[fraction] as number);
  return sign === 45 ? -value : value;
}

/** The spec sends most numbers as strings (2.6, 2.7); accept both forms. */
function num(o: Obj, name: string): number {
  return numOf(name, o[name]);
}

function numOf(name: string, value: unknown): number {
  const v = present(name, value);
  let n: number | undefined;
  if (typeof v === 'number') n = v;
  else if (typeof v === 'string') n = plainDecimal(v) ?? (NUMERIC_RE.test(v.trim()) ? Number(v.trim()) : undefined);
  if (n === undefined) fail(`${name} is not a number: ${show(v)}`);
  if (!Number.isFinite(n)) fail(`${name} is not a finite number: ${show(v)}`);
  return n;
}

function nullableInt(o: Obj, name: string): number | null {
  if (!(name in o) || o[name] === null || o[name] === undefined) return null;
  const v = o[name];
  if (typeof v !== 'number' || !Number.isFinite(v)) fail(`${name} is not a number or null: ${show(v)}`);
  if (v < 0) fail(`${name} is negative`);
  return v;
}

function inRange(name: string, v: number, lo: number, hi: number): number {
  if (v < lo || v > hi) fail(`${name} ${v} is outside ${lo}..${hi}`);
  return v;
}

function oneOf<T extends string>(name: string, v: unknown, allowed: readonly T[]): T {
  if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) {
    fail(`${name} ${show(v)} is not one of ${allowed.join(', ')}`);
  }
  return v as T;
}

/**
 * The ISO 8601 forms a server plausibly sends for "UTC" (spec 1): `T`, `t` or a space between date and
 * time (a database's text form), optional seconds and fraction, and `Z`, `±HH:MM`, `±HHMM`, `±HH` or no
 * zone at all (read as UTC, as the spec says every timestamp is).
 */
const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Two ASCII digits at `i` as a number, or -1. */
function two(v: string, i: number): number {
  const a = v.charCodeAt(i) - 48;
  const b = v.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * The canonical `YYYY-MM-DDTHH:MM:SS[.fff…]Z` every breadcrumb carries, read
 * from char codes without a regex match or Number() per part. Returns
 * undefined for any other shape, so the general parser decides those;
 * for the shapes it takes, the result equals the general parser's.
 */
function parseCanonicalUtc(v: string): number | null | undefined {
  const n = v.length;
  if (n < 20 || v.charCodeAt(n - 1) !== 90 /* Z */) return undefined;
  if (
    v.charCodeAt(4) !== 45 ||
    v.charCodeAt(7) !== 45 ||
    v.charCodeAt(10) !== 84 ||
    v.charCodeAt(13) !== 58 ||
    v.charCodeAt(16) !== 58
  )
    return undefined;
  const yHi = two(v, 0);
  const yLo = two(v, 2);
  const mo = two(v, 5);
  const d = two(v, 8);
  const h = two(v, 11);
  const mi = two(v, 14);
  const s = two(v, 17);
  // Years below 100 take the general path: Date.UTC maps them to 19xx, and that quirk is the general parser's to keep.
  if (yHi < 1 || yLo < 0 || mo < 0 || d < 0 || h < 0 || mi < 0 || s < 0) return undefined;
  let ms = 0;
  if (n > 20) {
    if (v.charCodeAt(19) !== 46 || n < 22 || n > 30) return undefined;
    for (let i = 20; i < n - 1; i++) if (!isDigit(v.charCodeAt(i))) return undefined;
    // Same arithmetic as the general parser, so sub-millisecond digits round identically.
    ms = Math.floor(Number(`0${v.slice(19, n - 1)}`) * 1000);
  }
  const y = yHi * 100 + yLo;
  if (mo < 1 || mo > 12 || h > 23 || mi > 59 || s > 59) return null;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const dim = mo === 2 && leap ? 29 : (DAYS_IN_MONTH[mo - 1] as number);
  if (d < 1 || d > dim) return null;
  return daysFromCivil(y, mo, d) * 86_400_000 + ((h * 60 + mi) * 60 + s) * 1000 + ms;
}

/**
 * Days from 1970-01-01 to the calendar date y-mo-d (proleptic Gregorian,
 * Hinnant's days_from_civil): integer arithmetic that gives Date.UTC's day
 * for every year 100…9999 the fast path takes, without the builtin call.
 */
function daysFromCivil(y: number, mo: number, d: number): number {
  const yy = mo <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yearOfEra = yy - era * 400;
  const dayOfYear = Math.floor((153 * (mo > 2 ? mo - 3 : mo + 9) + 2) / 5) + d - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** ISO 8601 date-time (ISO_RE's forms) → epoch ms, else null. */
export function parseIsoUtc(value: string): number | null {
  const fast = parseCanonicalUtc(value);
  if (fast !== undefined) return fast;
  const m = ISO_RE.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [number, number, number, number, number];
  const s = m[6] === undefined ? 0 : Number(m[6]);
  const ms = m[7] === undefined ? 0 : Math.floor(Number(`0${m[7]}`) * 1000);
  if (mo < 1 || mo > 12 || h > 23 || mi > 59 || s > 59) return null;
  const base = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  // Date.UTC rolls 31 April into 1 May; a real calendar date must survive the round trip.
  if (new Date(Date.UTC(y, mo - 1, d)).getUTCDate() !== d) return null;
  const zone = m[8] ?? 'Z';
  if (zone === 'Z' || zone === 'z') return base;
  const zm = /^([+-])(\d{2})(?::?(\d{2}))?$/.exec(zone);
  if (!zm) return null;
  const offH = Number(zm[2]);
  const offM = zm[3] === undefined ? 0 : Number(zm[3]);
  if (offH > 23 || offM > 59) return null;
  const sign = zm[1] === '-' ? -1 : 1;
  return base - sign * (offH * 60 + offM) * 60_000;
}

/**
 * Best-effort time of a malformed timestamp, only to attribute a rejected
 * record to a day: a leading calendar date is enough.
 */
function looseTime(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const strict = parseIsoUtc(value);
  if (strict !== null) return strict;
  const m = /^\s*(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  return new Date(t).getUTCDate() === d && mo >= 1 && mo <= 12 ? t : undefined;
}

function timestamp(o: Obj, name: string): number {
  return timestampOf(name, o[name]);
}

function timestampOf(name: string, value: unknown): number {
  const v = strOf(name, value);
  const t = parseIsoUtc(v);
  if (t === null)
    fail(
      `${name} is not an ISO 8601 date-time (YYYY-MM-DD, T or a space, hh:mm[:ss[.fff]], then Z, ±hh[:mm] or nothing): ${show(v)}`,
    );
  return t;
}

function run<T>(raw: unknown, what: string, body: (o: Obj) => T, idField?: string): Parsed<T> {
  if (!isObj(raw)) return { ok: false, reason: `${what} is not an object: ${show(raw)}` };
  cutFields = 0;
  try {
    const value = body(raw);
    return cutFields === 0 ? { ok: true, value } : { ok: true, value, cut: cutFields };
  } catch (e) {
    if (!(e instanceof Invalid)) throw e;
    const out: { ok: false; reason: string; id?: string; t?: number } = { ok: false, reason: e.message };
    const id = idField === undefined ? undefined : raw[idField];
    if (typeof id === 'string' && id !== '') out.id = id;
    return out;
  }
}

/**
 * Recorded numbers are kept at a fixed precision, finer than any sensor: 1e-7° of position (about 1 cm),
 * 1e-6 mph and 1e-6° of heading. Exports write what is stored, so a server's "1e-320" is stored as 0 and
 * never written as 320 digits. A value already that precise is unchanged (the division is exact to the double).
 */
const COORD_SCALE = 1e7;
const READING_SCALE = 1e6;
function atPrecision(n: number, scale: number): number {
  if (Number.isNaN(n) || !(Math.abs(n) < 1e9)) return n;
  const r = Math.round(n * scale) / scale;
  return r === 0 ? 0 : r;
}

/** An optional number of a record: null, absent, unreadable or outside [lo, hi] is unknown (NaN), never zero. */
function optionalNumberOf(value: unknown, lo: number, hi: number): number {
  let n: number | undefined;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string')
    n = plainDecimal(value) ?? (NUMERIC_RE.test(value.trim()) ? Number(value.trim()) : undefined);
  return n !== undefined && n >= lo && n <= hi ? n : NaN;
}

/**
 * Spec 2.7, the checks; a module function rather than a closure per record (an export parses ~100k).
 * A reading is kept whenever its id, time and position can be read: speed, direction, status and
 * place are optional (an OFFLINE reading may carry no speed), kept as unknown when missing or unreadable.
 */
function locationBody(o: Obj): Breadcrumb {
  const id = strOf('id', o.id, true);
  const t = timestampOf('timestamp', o.timestamp);
  const lat = atPrecision(inRange('lat', numOf('lat', o.lat), -90, 90), COORD_SCALE);
  const lng = atPrecision(inRange('lng', numOf('lng', o.lng), -180, 180), COORD_SCALE);
  const speed = atPrecision(optionalNumberOf(o.speed, 0, Infinity), READING_SCALE);
  const direction = atPrecision(optionalNumberOf(o.direction, 0, 360), READING_SCALE);
  const status =
    typeof o.status === 'string' && (MOTION_STATUSES as readonly string[]).includes(o.status)
      ? (o.status as MotionStatus)
      : null;
  return {
    id,
    t,
    lat,
    lng,
    speed: Number.isFinite(speed) ? speed : NaN,
    status,
    direction: direction === 360 ? 0 : direction,
    location: optionalText(o.calc_location, TEXT_LIMITS.place),
    vehicleNumber: optionalText(o.vehicle_number, TEXT_LIMITS.unitNumber),
    vin: optionalText(o.vin, TEXT_LIMITS.vin),
  };
}

/** Spec 2.7 → Breadcrumb. */
export function parseLocationRecord(raw: unknown): Parsed<Breadcrumb> {
  const res = run(raw, 'location record', locationBody, 'id');
  if (!res.ok && isObj(raw)) {
    const t = looseTime(raw.timestamp);
    if (t !== undefined) res.t = t;
  }
  return res;
}

/** Spec 2.2 */
export function parseCompany(raw: unknown): Parsed<WireCompany> {
  return run(raw, 'company', (o) => ({
    company_name: bounded(str(o, 'company_name'), TEXT_LIMITS.name),
    dot_number: bounded(str(o, 'dot_number'), TEXT_LIMITS.dotNumber),
  }));
}

/** Spec 2.3 */
export function parseDriver(raw: unknown): Parsed<WireDriver> {
  return run(
    raw,
    'driver',
    (o) => ({
      driver_id: str(o, 'driver_id', true),
      username: bounded(str(o, 'username'), TEXT_LIMITS.name),
      first_name: bounded(str(o, 'first_name'), TEXT_LIMITS.name),
      last_name: bounded(str(o, 'last_name'), TEXT_LIMITS.name),
      active: bool(o, 'active'),
    }),
    'driver_id',
  );
}

/** Spec 2.4; rule 2: a driver with no HOS activity carries nulls. */
export function parseDriverStatus(raw: unknown): Parsed<WireDriverStatus> {
  return run(
    raw,
    'driver status',
    (o) => {
      const cs = o.current_status;
      return {
        driver_id: str(o, 'driver_id', true),
        username: bounded(str(o, 'username'), TEXT_LIMITS.name),
        break: nullableInt(o, 'break'),
        drive: nullableInt(o, 'drive'),
        shift: nullableInt(o, 'shift'),
        cycle: nullableInt(o, 'cycle'),
        current_status:
          cs === null || cs === undefined ? null : oneOf<DutyStatusCode>('current_status', cs, DUTY_STATUS_CODES),
      };
    },
    'driver_id',
  );
}

/** Spec 2.5 */
export function parseVehicle(raw: unknown): Parsed<WireVehicle> {
  return run(
    raw,
    'vehicle',
    (o) => ({
      vehicle_id: str(o, 'vehicle_id', true),
      number: bounded(str(o, 'number'), TEXT_LIMITS.unitNumber),
      vin: bounded(str(o, 'vin'), TEXT_LIMITS.vin),
      active: bool(o, 'active'),
    }),
    'vehicle_id',
  );
}

/** Spec 2.6 */
export function parseVehicleStatus(raw: unknown): Parsed<WireVehicleStatus> {
  return run(
    raw,
    'vehicle status',
    (o) => {
      const vehicle_id = str(o, 'vehicle_id', true);
      const number = bounded(str(o, 'number'), TEXT_LIMITS.unitNumber);
      const odometer = str(o, 'odometer');
      num(o, 'odometer');
      const fuel_level = inRange('fuel_level', num(o, 'fuel_level'), 0, 100);
      const speed = num(o, 'speed');
      if (speed < 0) fail('speed is negative');
      const lat = str(o, 'lat');
      inRange('lat', num(o, 'lat'), -90, 90);
      const lon = str(o, 'lon');
      inRange('lon', num(o, 'lon'), -180, 180);
      const status = oneOf<MotionStatus>('status', field(o, 'status'), MOTION_STATUSES);
      const ts = str(o, 'timestamp');
      timestamp(o, 'timestamp');
      return { vehicle_id, number, odometer, fuel_level, speed, lat, lon, status, timestamp: ts };
    },
    'vehicle_id',
  );
}

/** Spec 2.1: checks the envelope shape, not the payload. */
export function parseEnvelope(raw: unknown): Parsed<Envelope<unknown>> {
  return run(raw, 'response', (o) => {
    const description = str(o, 'description');
    if (!('data' in o)) fail('data is missing');
    const env: Envelope<unknown> = { description, data: o.data as unknown };
    for (const k of ['page', 'size', 'total_elements', 'total_pages', 'status_code'] as const) {
      const v = o[k];
      if (v === undefined || v === null) continue;
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0)
        fail(`${k} is not a non-negative integer: ${show(v)}`);
      env[k] = v;
    }
    const tok = o.next_page_token;
    if (tok !== undefined && tok !== null) {
      if (typeof tok !== 'string') fail(`next_page_token is not a string: ${show(tok)}`);
      if (tok !== '') env.next_page_token = tok;
    }
    return env;
  });
}
