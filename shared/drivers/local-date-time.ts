import { offsetLookup } from '../time/local-day.ts';

/**
 * A date-time cell of an assignments file: `YYYY-MM-DDTHH:MM[:SS[.sss]]` (a space may stand for the T),
 * with an optional `Z` or `±HH:MM` offset; without one, it is the zone's wall clock.
 */
export type ParsedDateTime = { ok: true; ms: number } | { ok: false; problem: string };

const DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})?$/i;

const HOUR_MS = 3_600_000;

/**
 * Reads one date-time. A wall time the zone skips (clocks spring forward) is refused, naming it, since
 * any instant given for it would be a guess; one the zone repeats (clocks fall back) is the first.
 */
export function parseLocalDateTime(text: string, zone: string): ParsedDateTime {
  const m = DATE_TIME_RE.exec(text);
  if (!m) return { ok: false, problem: `"${text}" is not a date-time like 2026-03-08T14:30` };
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map((x) => Number(x ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const milli = m[7] === undefined ? 0 : Number(m[7].padEnd(3, '0'));
  const wall = Date.UTC(y, mo - 1, d, h, mi, s, milli);
  const check = new Date(wall);
  const valid =
    check.getUTCFullYear() === y &&
    check.getUTCMonth() === mo - 1 &&
    check.getUTCDate() === d &&
    h < 24 &&
    mi < 60 &&
    s < 60;
  if (!valid) return { ok: false, problem: `"${text}" is not a real date and time` };
  const offset = m[8];
  if (offset !== undefined) {
    if (offset.toUpperCase() === 'Z') return { ok: true, ms: wall };
    const oh = Number(offset.slice(1, 3));
    const om = Number(offset.slice(4, 6));
    if (oh > 14 || om > 59) return { ok: false, problem: `"${text}" has an offset no zone uses` };
    const sign = offset[0] === '-' ? -1 : 1;
    return { ok: true, ms: wall - sign * (oh * HOUR_MS + om * 60_000) };
  }
  const ms = wallToInstant(wall, zone);
  if (ms === null) {
    return {
      ok: false,
      problem: `"${text}" does not exist in ${zone} (the clocks skip it); give a time outside the skipped hour or an offset`,
    };
  }
  return { ok: true, ms };
}

/**
 * The instant whose wall clock in `zone` reads `wall` (wall clock read as UTC): the offsets a day either
 * side give the candidates (a zone changes offset at most once in two days); the earlier valid one wins;
 * null when none reads it (a skipped time).
 */
export function wallToInstant(wall: number, zone: string): number | null {
  const offsetAt = offsetLookup(zone);
  const candidates = [wall - offsetAt(wall - 24 * HOUR_MS), wall - offsetAt(wall + 24 * HOUR_MS)];
  const valid = candidates.filter((t) => t + offsetAt(t) === wall).sort((a, b) => a - b);
  return valid[0] ?? null;
}
