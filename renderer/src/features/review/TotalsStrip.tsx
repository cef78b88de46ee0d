import type { RangeTotals } from '../../../../shared/analysis/range-totals.ts';
import { formatDuration } from '../../../../shared/util/duration.ts';

/** Totals of the selected local days of `zone` (the carrier's home zone), from per-day summaries. */
export function TotalsStrip({
  totals,
  from,
  to,
  zone,
}: {
  totals: RangeTotals;
  from: string;
  to: string;
  zone: string;
}) {
  const unaccounted = totals.gapDistanceMiles >= 0.05 ? ` + ${totals.gapDistanceMiles.toFixed(1)} across gaps` : '';
  const range = (a: string, b: string) => (a === b ? a : `${a} – ${b}`);
  // The range asked and, when the data starts later or ends earlier, the range it covers.
  const covered =
    totals.fromDay && totals.toDay && (totals.fromDay !== from || totals.toDay !== to)
      ? ` · data ${range(totals.fromDay, totals.toDay)}`
      : '';
  const items: [string, string, string, number][] = [
    ['days', `${range(from, to)} (days in ${zone})${covered}`, `Days (${totals.days} with data)`, totals.days],
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
    <dl className="totals-strip" data-testid="review-totals">
      {items.map(([k, text, label, value]) => (
        <div key={k} data-testid={`total-${k}`} data-value={value}>
          <dt>{label}</dt>
          <dd>{text}</dd>
        </div>
      ))}
    </dl>
  );
}
