import type { RangeTotals } from '../../../../shared/analysis/range-totals.ts';
import type { ZoneFormatter } from '../../../../shared/time/zone.ts';
import { formatDuration } from '../../../../shared/util/duration.ts';
import { windowEdge } from './ZoomBar.tsx';

/**
 * Totals of the selected local days of `zone` (the carrier's home zone), from per-day summaries;
 * while the charts are zoomed, the same figures of the readings inside the window (`zoomed`).
 */
export function TotalsStrip({
  totals: selection,
  from,
  to,
  zone,
  zoomed,
  fmt,
}: {
  totals: RangeTotals;
  from: string;
  to: string;
  zone: string;
  zoomed?: { fromMs: number; toMs: number; totals: RangeTotals } | null | undefined;
  fmt: ZoneFormatter;
}) {
  const totals = zoomed?.totals ?? selection;
  const unaccounted = totals.gapDistanceMiles >= 0.05 ? ` + ${totals.gapDistanceMiles.toFixed(1)} across gaps` : '';
  const range = (a: string, b: string) => (a === b ? a : `${a} – ${b}`);
  // The range asked and, when the data starts later or ends earlier, the range it covers.
  const covered =
    totals.fromDay && totals.toDay && (totals.fromDay !== from || totals.toDay !== to)
      ? ` · data ${range(totals.fromDay, totals.toDay)}`
      : '';
  const days: [string, string, string, number] = zoomed
    ? [
        'days',
        `${windowEdge(fmt, zoomed.fromMs)} → ${windowEdge(fmt, zoomed.toMs)} (of ${range(from, to)})`,
        `In the zoomed window (${totals.days} ${totals.days === 1 ? 'day' : 'days'} with data)`,
        totals.days,
      ]
    : ['days', `${range(from, to)} (days in ${zone})${covered}`, `Days (${totals.days} with data)`, totals.days];
  const items: [string, string, string, number][] = [
    days,
    ['distance', `${totals.distanceMiles.toFixed(1)} mi${unaccounted}`, 'Distance', totals.distanceMiles],
    ['moving', formatDuration(totals.movingSeconds), 'Moving', totals.movingSeconds],
    ['stationary', formatDuration(totals.stationarySeconds), 'Stationary', totals.stationarySeconds],
    ['offline', formatDuration(totals.offlineSeconds), 'Offline', totals.offlineSeconds],
    ['max-speed', `${totals.maxSpeedMph.toFixed(0)} mph`, 'Max speed', totals.maxSpeedMph],
    ['speeding', `${totals.speedingEvents}`, 'Speeding events', totals.speedingEvents],
    ['points', totals.points.toLocaleString('en-US'), 'Readings', totals.points],
  ];
  if (totals.outliers > 0)
    items.push([
      'outliers',
      `${totals.outliers.toLocaleString('en-US')} ${totals.outliers === 1 ? 'outlier' : 'outliers'} ignored`,
      'Outliers',
      totals.outliers,
    ]);
  return (
    <dl
      className="totals-strip"
      data-testid="review-totals"
      data-scope={zoomed ? 'window' : 'selection'}
      data-from={zoomed?.fromMs}
      data-to={zoomed?.toMs}
    >
      {items.map(([k, text, label, value]) => (
        <div key={k} data-testid={`total-${k}`} data-value={value}>
          <dt>{label}</dt>
          <dd>{text}</dd>
        </div>
      ))}
    </dl>
  );
}
