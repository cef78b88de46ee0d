import type { MotionStatus } from '../../../../shared/api/wire.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "4 min ago", "3 h 12 min ago", "2 days ago": precise where it matters, short where it does not. */
export function formatAge(ageMs: number): string {
  if (ageMs < MINUTE) return 'just now';
  if (ageMs < HOUR) return `${Math.floor(ageMs / MINUTE)} min ago`;
  if (ageMs < DAY) {
    const h = Math.floor(ageMs / HOUR);
    const m = Math.floor((ageMs % HOUR) / MINUTE);
    return m === 0 ? `${h} h ago` : `${h} h ${m} min ago`;
  }
  const d = Math.floor(ageMs / DAY);
  return d === 1 ? '1 day ago' : `${d} days ago`;
}

/** "2026-11-20 14:56:12 UTC": the exact time, for a tooltip. */
export function formatUtc(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** Four decimals ≈ 11 m: enough to find a truck, short enough to scan. */
export function formatLatLng(lat: number, lng: number): string {
  return `${lat.toFixed(4)}, ${lng.toFixed(4)}`;
}

export const MOTION_LABEL: Readonly<Record<MotionStatus, string>> = {
  IN_MOTION: 'In motion',
  STATIONARY: 'Stationary',
  OFFLINE: 'Offline',
};

const miles = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
export function formatMiles(mi: number | null): string {
  return mi === null ? '—' : `${miles.format(mi)} mi`;
}

/** A reported figure at 0.1 precision, no trailing ".0": "61", "61.3", and a server's 1e-320 as "0", never in exponent form. */
export function formatReading(n: number): string {
  const text = n.toFixed(1).replace(/\.0$/, '');
  return text === '-0' ? '0' : text;
}
