import type { MetricDef } from './metrics.ts';

export const NO_VALUE = '—';

/** A metric value as text: never NaN or Infinity, "—" when there is no value. */
export function formatMetricValue(def: Pick<MetricDef, 'format'>, value: number | null): string {
  if (value === null || !Number.isFinite(value)) return NO_VALUE;
  const f = def.format;
  const n = f.kind === 'percent' ? value * 100 : value;
  const text = n.toLocaleString('en-US', { minimumFractionDigits: f.decimals, maximumFractionDigits: f.decimals });
  return f.kind === 'percent' ? `${text}%` : text;
}

/** "2 h 5 min", "45 s": durations of events. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return NO_VALUE;
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return s % 60 === 0 ? `${m} min` : `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}
