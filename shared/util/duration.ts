/**
 * Durations as text: the one family every screen, export and report uses.
 * Seconds are rounded to whole seconds; a value that is not finite is "—";
 * a negative one counts as 0.
 *
 * | seconds        | formatDuration (coarse) | formatDuration(s, 'fine') |
 * |----------------|-------------------------|---------------------------|
 * | 45             | 45 s                    | 45 s                      |
 * | 14 min 5 s     | 14 min                  | 14 min 5 s                |
 * | 10 min         | 10 min                  | 10 min                    |
 * | 2 h 5 min 9 s  | 2 h 05 min              | 2 h 05 min                |
 * | 26 h           | 1 d 2 h                 | 1 d 2 h                   |
 *
 * Coarse drops the seconds from a minute on (totals, lists, map labels);
 * fine keeps them below an hour (event lengths, time left in a download).
 */
export type DurationDetail = 'coarse' | 'fine';

export const NO_DURATION = '—';

export function formatDuration(seconds: number, detail: DurationDetail = 'coarse'): string {
  if (!Number.isFinite(seconds)) return NO_DURATION;
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return detail === 'fine' && s % 60 !== 0 ? `${m} min ${s % 60} s` : `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h} h ${String(m % 60).padStart(2, '0')} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}
