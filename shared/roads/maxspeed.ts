/**
 * One `maxspeed`-family value read as the OpenStreetMap wiki defines it:
 * a number is km/h unless a unit follows; `none`, `walk`, `signals`,
 * `variable`; zone codes (`DE:urban`, `US:MD:rural`, `DE:zone30`). A value
 * that cannot be read is refused with a reason, never guessed, and so is a
 * bare number on a US road: OSM reads it as km/h, the tagger almost surely
 * meant mph, and either reading could be wrong.
 */
import { toMph, type RoadGroup } from './defaults.ts';
import type { JurisdictionId } from './jurisdictions.ts';

/** Why a value was kept out: one table, so counts and messages share the words. */
export const REFUSAL_REASONS = {
  unreadable: 'not a speed OSM defines',
  'bare number on a US road': 'a number without a unit on a US road (km/h to OSM, probably mph to the tagger)',
  'several values': 'several values in one tag (per lane or per time, with nothing saying which)',
  'out of range': 'zero, negative or above 100 mph',
  'unknown zone code': 'a zone code the defaults table does not know',
} as const;
export type RefusalReason = keyof typeof REFUSAL_REASONS;

export type SpeedValue =
  | { kind: 'limit'; mph: number; text: string }
  | { kind: 'none'; text: string }
  | { kind: 'walk'; text: string }
  | { kind: 'variable'; text: string }
  | { kind: 'zone'; jurisdiction: JurisdictionId; group: RoadGroup; text: string }
  | { kind: 'refused'; reason: RefusalReason; text: string };

const UNITS: Readonly<Record<string, 'km/h' | 'mph' | 'knots'>> = {
  '': 'km/h',
  'km/h': 'km/h',
  kmh: 'km/h',
  kph: 'km/h',
  mph: 'mph',
  knots: 'knots',
};
const NUMBER_WITH_UNIT = /^(\d+(?:\.\d+)?)\s*(km\/h|kmh|kph|mph|knots)?$/;
/** `DE:urban`, `US:MD:rural`, `AT:motorway`... */
const ZONE_CODE = /^([A-Z]{2})(?::([A-Z]{2}))?:(urban|rural|motorway|trunk|living_street)$/;
/** `DE:zone30`, `DE:zone:30`: a km/h zone limit written as a code. */
const ZONE_NUMBER = /^[A-Z]{2}:zone:?(\d{1,2})$/;
const MAX_MPH = 100;
const US_STATES_KNOWN: ReadonlySet<string> = new Set(['MD', 'CA', 'OR', 'WA', 'MI', 'IN', 'ID', 'MT']);
const COUNTRIES_KNOWN: ReadonlySet<string> = new Set(['DE', 'AT', 'AD']);

/** One value of `maxspeed` (or `:forward`, `:hgv`, ...). `us`: the way lies in the US. */
export function parseMaxspeed(raw: string, us: boolean): SpeedValue {
  const text = raw.trim();
  if (text.includes(';')) return { kind: 'refused', reason: 'several values', text };
  if (text === 'none') return { kind: 'none', text };
  if (text === 'walk') return { kind: 'walk', text };
  if (text === 'signals' || text === 'variable') return { kind: 'variable', text };
  const n = NUMBER_WITH_UNIT.exec(text);
  if (n) {
    const unit = UNITS[n[2] ?? '']!;
    if (us && n[2] === undefined) return { kind: 'refused', reason: 'bare number on a US road', text };
    const mph = toMph(Number(n[1]), unit);
    if (!(mph > 0 && mph <= MAX_MPH)) return { kind: 'refused', reason: 'out of range', text };
    return { kind: 'limit', mph, text };
  }
  const zoneNumber = ZONE_NUMBER.exec(text);
  if (zoneNumber) return { kind: 'limit', mph: toMph(Number(zoneNumber[1]), 'km/h'), text };
  const zone = zoneCode(text);
  if (zone) return { kind: 'zone', ...zone, text };
  if (/^[A-Z]{2}:/.test(text)) return { kind: 'refused', reason: 'unknown zone code', text };
  return { kind: 'refused', reason: 'unreadable', text };
}

/** A zone code's jurisdiction and road group, or null when it is not one the table knows. */
export function zoneCode(text: string): { jurisdiction: JurisdictionId; group: RoadGroup } | null {
  const z = ZONE_CODE.exec(text.trim());
  if (!z) return null;
  const [, country, state, group] = z;
  let jurisdiction: JurisdictionId | null = null;
  if (country === 'US') jurisdiction = state && US_STATES_KNOWN.has(state) ? (`US-${state}` as JurisdictionId) : 'US';
  else if (!state && COUNTRIES_KNOWN.has(country!)) jurisdiction = country as JurisdictionId;
  return jurisdiction ? { jurisdiction, group: group as RoadGroup } : null;
}
