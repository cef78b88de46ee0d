/**
 * UTC calendar days as `YYYY-MM-DD` strings. All breadcrumb storage is keyed by
 * UTC day (spec: all timestamps are UTC), so these helpers never touch local time.
 */
export type UtcDay = string;

const DAY_MS = 86_400_000;
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isUtcDay(value: string): value is UtcDay {
  const m = DAY_RE.exec(value);
  if (!m) return false;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(t).toISOString().slice(0, 10) === value;
}

export function dayStartMs(day: UtcDay): number {
  if (!isUtcDay(day)) throw new RangeError(`Not a calendar day (YYYY-MM-DD): "${day}"`);
  return Date.parse(`${day}T00:00:00.000Z`);
}

/** Largest |ms| a Date can hold; outside it toISOString throws, and so must dayOfMs. */
const MAX_DATE_MS = 8.64e15;
let lastDayIndex = NaN;
let lastDay: UtcDay = '';

/**
 * The UTC day of an instant. Called once or twice per breadcrumb, and
 * consecutive points almost always share a day: remembering the last day
 * index saves a Date and two strings per call.
 */
export function dayOfMs(ms: number): UtcDay {
  const index = Math.floor(ms / DAY_MS);
  if (index === lastDayIndex && Math.abs(ms) <= MAX_DATE_MS) return lastDay;
  const day = new Date(ms).toISOString().slice(0, 10);
  lastDayIndex = index;
  lastDay = day;
  return day;
}

export function addDays(day: UtcDay, n: number): UtcDay {
  return dayOfMs(dayStartMs(day) + n * DAY_MS);
}

/** Inclusive list of days from `from` to `to`. */
export function daysBetween(from: UtcDay, to: UtcDay): UtcDay[] {
  const out: UtcDay[] = [];
  const end = dayStartMs(to);
  for (let t = dayStartMs(from); t <= end; t += DAY_MS) out.push(dayOfMs(t));
  return out;
}

/** The API's date parameter format (spec 4.8): MM-DD-YYYY. */
export function toApiDate(day: UtcDay): string {
  dayStartMs(day);
  return `${day.slice(5, 7)}-${day.slice(8, 10)}-${day.slice(0, 4)}`;
}

/** Parses MM-DD-YYYY into a UtcDay, or returns null when it is not a real date. */
export function fromApiDate(value: string): UtcDay | null {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  if (!m) return null;
  const day = `${m[3]}-${m[1]}-${m[2]}`;
  return isUtcDay(day) ? day : null;
}

/** Sorts anything with a `day` (UTC or local, both ISO dates) into day order. */
export const byDay = (a: { day: string }, b: { day: string }): number => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0);

export { DAY_MS };
