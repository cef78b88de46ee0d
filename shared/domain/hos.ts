/**
 * Hours of Service values arrive in milliseconds (spec 2.4 rule 1) and are
 * shown as h:mm, truncated (never round remaining drive time up).
 */
export function formatHoursMinutes(ms: number | null): string {
  if (ms === null) return '—';
  const totalMinutes = Math.floor(Math.max(0, ms) / 60_000);
  return `${Math.floor(totalMinutes / 60)}:${String(totalMinutes % 60).padStart(2, '0')}`;
}
