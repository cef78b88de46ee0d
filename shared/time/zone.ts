/**
 * Display time zone: stored data stays UTC (epoch ms); only what the user reads
 * is shifted. The preference is 'home' (the carrier's home zone, the default),
 * 'local' (this computer's zone), 'UTC' or an IANA name.
 */

/** The default display zone: the zone of the carrier whose days are shown (its days are that zone's days). */
export const HOME_ZONE_PREF = 'home';
/** This computer's zone. */
export const LOCAL_ZONE_PREF = 'local';

/**
 * The IANA zone a preference stands for. 'home' is the carrier's home zone when a screen shows one carrier's
 * days (`homeZone`); a screen without one carrier reads it as this computer's zone, as before.
 */
export function resolveZone(pref: string, homeZone?: string): string {
  if (pref === HOME_ZONE_PREF && homeZone) return homeZone;
  if (pref === LOCAL_ZONE_PREF || pref === HOME_ZONE_PREF) return systemZoneName();
  return pref;
}

/** How long this computer's zone, once asked, is taken as known: a zone changed in the OS is followed within it. */
export const SYSTEM_ZONE_FRESH_MS = 5_000;
let systemAsked: { zone: string; at: number } | null = null;

/**
 * This computer's zone as Intl names it. Asking makes a default formatter (3–4 ms in Chromium, which
 * resolves the locale each time), and a screen asks on each render: the answer is kept a few seconds.
 */
export function systemZoneName(now = Date.now()): string {
  if (systemAsked === null || now < systemAsked.at || now - systemAsked.at > SYSTEM_ZONE_FRESH_MS)
    systemAsked = { zone: Intl.DateTimeFormat().resolvedOptions().timeZone, at: now };
  return systemAsked.zone;
}

/** What Intl said of each zone asked: finding out makes a formatter (~0.1–1 ms), and screens ask per selection. */
const knownZones = new Map<string, boolean>();
/** Bounds what is remembered: a hostile or mistyped name each time must not grow it without end. */
const KNOWN_ZONES_MAX = 256;

/** Whether Intl knows the zone (a typo in settings must not crash the screen). */
export function isValidZone(zone: string): boolean {
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    if (knownZones.size >= KNOWN_ZONES_MAX) knownZones.clear();
    knownZones.set(zone, known);
  }
  return known;
}

export interface ZoneFormatter {
  zone: string;
  /** `2026-11-20 09:04:05` in the zone. */
  dateTime(ms: number): string;
  /** `09:04:05`. */
  time(ms: number): string;
  /** `09:04` (axis ticks). */
  shortTime(ms: number): string;
  /** `Nov 20` (axis ticks of a long range). */
  shortDate(ms: number): string;
  /** `CST`, `UTC`, `GMT+2` at that instant (daylight saving changes it). */
  abbreviation(ms: number): string;
  /** `2026-11-20 09:04:05 CST`: a time shown alone carries its zone. */
  dateTimeZoned(ms: number): string;
  /** `09:04:05 CST`. */
  timeZoned(ms: number): string;
  /** Minutes east of UTC at that instant. */
  offsetMinutes(ms: number): number;
}

type Parts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

function partsOf(fmt: Intl.DateTimeFormat, ms: number): Parts {
  const out: Parts = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const p of fmt.formatToParts(ms)) if (p.type in out) out[p.type as keyof Parts] = p.value;
  // Some engines print midnight as 24 with hourCycle h23 unsupported; normalise.
  if (out.hour === '24') out.hour = '00';
  return out;
}

/** The formatters made, by zone: each is four Intl formatters (~1–2 ms to make), and they hold no state. */
const formatters = new Map<string, ZoneFormatter>();
const FORMATTERS_MAX = 64;

/** Formatters for one zone; an unknown zone falls back to UTC rather than throwing. `homeZone`: what 'home' means. */
export function createZoneFormatter(pref: string, homeZone?: string): ZoneFormatter {
  const resolved = resolveZone(pref, homeZone);
  const zone = isValidZone(resolved) ? resolved : 'UTC';
  let made = formatters.get(zone);
  if (!made) {
    made = formatterOf(zone);
    if (formatters.size >= FORMATTERS_MAX) formatters.clear();
    formatters.set(zone, made);
  }
  return made;
}

function formatterOf(zone: string): ZoneFormatter {
  const numeric = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const monthDay = new Intl.DateTimeFormat('en-US', { timeZone: zone, month: 'short', day: 'numeric' });
  const abbr = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' });
  const offsetName = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
  const abbreviation = (ms: number) => abbr.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? zone;
  const time = (ms: number) => {
    const p = partsOf(numeric, ms);
    return `${p.hour}:${p.minute}:${p.second}`;
  };
  const dateTime = (ms: number) => {
    const p = partsOf(numeric, ms);
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
  };
  return {
    zone,
    dateTime,
    time,
    shortTime(ms) {
      const p = partsOf(numeric, ms);
      return `${p.hour}:${p.minute}`;
    },
    shortDate(ms) {
      return monthDay.format(ms);
    },
    abbreviation,
    dateTimeZoned(ms) {
      return `${dateTime(ms)} ${abbreviation(ms)}`;
    },
    timeZoned(ms) {
      return `${time(ms)} ${abbreviation(ms)}`;
    },
    offsetMinutes(ms) {
      const name = offsetName.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
      // Seconds too: local mean time before standard zones (Chicago -05:50:36) and Monrovia until 1972 (-00:44:30).
      const m = /^GMT([+-])(\d{2}):?(\d{2})?(?::(\d{2}))?$/.exec(name);
      if (!m) return 0;
      const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0) + Number(m[4] ?? 0) / 60;
      return Math.round(m[1] === '-' ? -minutes : minutes);
    },
  };
}

/** The zone of a stretch of time's labels: `CST`, or `CDT → CST` across a daylight-saving change. */
export function windowZone(fmt: ZoneFormatter, fromMs: number, toMs: number): string {
  const a = fmt.abbreviation(fromMs);
  const b = fmt.abbreviation(toMs);
  return a === b ? a : `${a} → ${b}`;
}

/** Zones offered in the picker besides 'local' and 'UTC' (US fleets first). */
export const COMMON_ZONES: readonly string[] = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
];
