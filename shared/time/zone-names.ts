/**
 * Common US names and abbreviations of time zones ("Eastern", "CST", "US/Pacific")
 * mapped to the IANA zone a carrier's days are counted in (issue 31, item 9).
 *
 * Why a table: Intl knows some of these names itself but with a different
 * meaning (`EST`, `MST`, `HST` are fixed offsets with no daylight saving), so
 * a user typing "EST" for "the East Coast" would get days an hour off all
 * summer. Every name here means the region's civil time, with its DST.
 * Pure: no Intl, DOM or Node.
 */

/** Each IANA zone with the names a US fleet manager types for it (lower case, spaces collapsed). */
const US_ZONE_NAMES: Readonly<Record<string, readonly string[]>> = {
  'America/New_York': ['eastern', 'est', 'edt', 'et', 'eastern time', 'eastern standard time', 'us/eastern'],
  'America/Chicago': ['central', 'cst', 'cdt', 'ct', 'central time', 'central standard time', 'us/central'],
  'America/Denver': ['mountain', 'mst', 'mdt', 'mt', 'mountain time', 'mountain standard time', 'us/mountain'],
  'America/Phoenix': ['arizona', 'arizona time', 'us/arizona'],
  'America/Los_Angeles': ['pacific', 'pst', 'pdt', 'pt', 'pacific time', 'pacific standard time', 'us/pacific'],
  'America/Anchorage': ['alaska', 'akst', 'akdt', 'alaska time', 'us/alaska'],
  'Pacific/Honolulu': ['hawaii', 'hst', 'hawaii time', 'us/hawaii'],
};

const ZONE_OF_NAME: ReadonlyMap<string, string> = new Map(
  Object.entries(US_ZONE_NAMES).flatMap(([zone, names]) => names.map((name) => [name, zone] as const)),
);

const normalized = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** The IANA zone a common US name or abbreviation stands for (case-insensitive, trimmed), or null when `text` is not one. */
export function zoneOfUsName(text: string): string | null {
  return ZONE_OF_NAME.get(normalized(text)) ?? null;
}

/** What to validate as a zone: the IANA zone for a common US name, else the text trimmed (an IANA name or an error to report). */
export function resolveZoneName(text: string): string {
  return zoneOfUsName(text) ?? text.trim();
}

/** The note a form shows before saving, e.g. `Eastern → America/New_York`; null when `text` is not a common name. */
export function zoneNameNote(text: string): string | null {
  const zone = zoneOfUsName(text);
  return zone === null ? null : `${text.trim().replace(/\s+/g, ' ')} → ${zone}`;
}
