/**
 * Number and time text shared by the CSV and GPX writers. Both promise that
 * what they print parses back to the exact stored value.
 */

/** Exports yield pieces of about this many UTF-16 code units: big enough to amortise stream writes, small enough to keep memory flat. */
export const PIECE_SIZE = 64 * 1024;

/**
 * Shortest decimal text that parses back to exactly `n` (JavaScript's own
 * shortest round-trip digits), never in exponent form: xsd:decimal (GPX
 * coordinates) has no exponent and spreadsheets read "1e-7" as text. -0 prints
 * as "0". Non-finite numbers print as "" (callers reject them before this).
 */
export function formatNumber(n: number): string {
  if (n === 0) return '0';
  const fast = formatMicroDecimal(n);
  if (fast !== null) return fast;
  if (!Number.isFinite(n)) return '';
  const s = String(n);
  const e = s.indexOf('e');
  if (e < 0) return s;
  const negative = s.startsWith('-');
  const mantissa = s.slice(negative ? 1 : 0, e);
  const exponent = Number(s.slice(e + 1));
  const dot = mantissa.indexOf('.');
  const digits = dot < 0 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  const point = (dot < 0 ? mantissa.length : dot) + exponent;
  let out: string;
  if (point <= 0) out = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) out = digits + '0'.repeat(point - digits.length);
  else out = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return negative ? `-${out}` : out;
}

/**
 * Fast path for the common case, a value with at most 6 decimals (the wire's
 * coordinates, speeds, headings): integer arithmetic instead of the shortest-
 * digits algorithm behind String(n), which dominates export time. The output
 * is identical to String(n): below 1e9 such a decimal has at most 15
 * significant digits, which a double distinguishes, so the trimmed text is the
 * shortest that round-trips. Returns null when the value has more decimals.
 */
function formatMicroDecimal(n: number): string | null {
  if (!(n > -1e9 && n < 1e9)) return null;
  const x = Math.round(n * 1e6);
  if (x / 1e6 !== n) return null;
  const a = x < 0 ? -x : x;
  const int = Math.floor(a / 1e6);
  let frac = a - int * 1e6;
  const sign = x < 0 ? '-' : '';
  if (frac === 0) return `${sign}${int}`;
  let digits = 6;
  while (frac % 10 === 0) {
    frac /= 10;
    digits--;
  }
  const f = String(frac);
  return `${sign}${int}.${f.length < digits ? '00000'.slice(0, digits - f.length) + f : f}`;
}

const DAY_MS = 86_400_000;

function pad2(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}

/**
 * Formats epoch ms as ISO 8601 UTC: `2026-05-01T13:04:05Z`, with `.sss` only
 * when the milliseconds are non-zero. The API's readings are whole seconds, so
 * in practice every row has the short form, and no stored precision is ever dropped.
 * Returns a formatter that caches the date part, which is the costly bit and
 * changes once a day of points.
 */
export function createIsoFormatter(): (ms: number) => string {
  let cachedDay = Number.NaN;
  let prefix = '';
  return (ms: number) => {
    const dayStart = Math.floor(ms / DAY_MS) * DAY_MS;
    if (dayStart !== cachedDay) {
      prefix = new Date(dayStart).toISOString().slice(0, 11);
      cachedDay = dayStart;
    }
    let rest = ms - dayStart;
    const milli = rest % 1000;
    rest = (rest - milli) / 1000;
    const sec = rest % 60;
    rest = (rest - sec) / 60;
    const min = rest % 60;
    const hour = (rest - min) / 60;
    const hms = `${prefix}${pad2(hour)}:${pad2(min)}:${pad2(sec)}`;
    if (milli === 0) return `${hms}Z`;
    return `${hms}.${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z`;
  };
}

/** Chunks in export order: by day, then vehicle (stable), skipping nothing. Materialised because the GPX writer reads them twice. */
export function orderChunks<T extends { day: string; vehicleId: string }>(chunks: Iterable<T>): T[] {
  return [...chunks].sort((a, b) =>
    a.day < b.day ? -1 : a.day > b.day ? 1 : a.vehicleId < b.vehicleId ? -1 : a.vehicleId > b.vehicleId ? 1 : 0,
  );
}

/**
 * The precision of every figure an export computes (recorded readings are
 * written exactly as stored, see formatNumber): the decimals are fixed per
 * unit, so a column reads at one precision and never carries float noise
 * such as 229.15100480488005. Stated in docs/analysis.md and the audit manifest.
 */
export const FIGURE_DECIMALS = Object.freeze({ miles: 2, mph: 1, degrees: 1, seconds: 0 } as const);
export type FigureUnit = keyof typeof FIGURE_DECIMALS;

/** `n` rounded to the unit's decimals (toFixed, so always that many); "" for a non-finite number; never "-0.00". */
export function formatFigure(n: number, unit: FigureUnit): string {
  if (!Number.isFinite(n)) return '';
  const text = n.toFixed(FIGURE_DECIMALS[unit]);
  return /^-0(?:\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** A heading for GPX <course>: in [0, 360) at 0.1° (359.96 rounds to 0.0, not 360.0, which the schema excludes). */
export function formatCourse(degrees: number): string {
  if (!Number.isFinite(degrees)) return '';
  const x = ((degrees % 360) + 360) % 360;
  const tenths = Math.round(x * 10);
  return formatFigure(tenths >= 3600 ? 0 : tenths / 10, 'degrees');
}
