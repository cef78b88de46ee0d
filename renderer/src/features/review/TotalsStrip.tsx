import type { RangeTotals } from '../../../../shared/analysis/range-totals.ts';
import { formatDuration } from '../../../../shared/util/duration.ts';

/** Totals of the selected days, from the stored day summaries (recomputed when their rules or parameters differ). */
export function TotalsStrip({ totals, from, to }: { totals: RangeTotals; from: string; to: string }) {
  const unaccounted = totals.gapDistanceMiles >= 0.05 ? ` + ${totals.gapDistanceMiles.toFixed(1)} across gaps` : '';
  const items: [string, string, string, number][] = [
    ['days', from === to ? from : `${from} – ${to}`, 'Days', 0],
    ['distance', `${totals.distanceMiles.toFixed(1)} mi${unaccounted}`, 'Distance', totals.distanceMiles],
    ['moving', formatDuration(totals.movingSeconds), 'Moving', totals.movingSeconds],
    ['stationary', formatDuration(totals.stationarySeconds), 'Stationary', totals.stationarySeconds],
    ['offline', formatDuration(totals.offlineSeconds), 'Offline', totals.offlineSeconds],
    ['max-speed', `${totals.maxSpeedMph.toFixed(0)} mph`, 'Max speed', totals.maxSpeedMph],
    ['speeding', `${totals.speedingEvents}`, 'Speeding events', totals.speedingEvents],
    ['points', totals.points.toLocaleString('en-US'), 'Readings', totals.points],
  ];
  if (totals.outliers > 0) items.push(['outliers', `${totals.outliers.toLocaleString('en-US')} ${totals.outliers === 1 ? 'outlier' : 'outliers'} ignored`, 'Outliers', totals.outliers]);
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
