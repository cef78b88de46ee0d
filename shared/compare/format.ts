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
