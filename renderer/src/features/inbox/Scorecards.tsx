import type { CarrierView } from '../../../../shared/domain/carrier.ts';
import { rankScorecards, type Scorecard, type ScorecardMetric } from '../../../../shared/inbox/scorecards.ts';
import { METRICS } from './inbox-query.ts';

export const METRIC_TEXT: Record<ScorecardMetric, string> = {
  speedingPer1000Mi: 'Speeding per 1,000 mi',
  overLimitShare: 'Share of driving over the limit',
  speedingEvents: 'Speeding events',
  longStops: 'Long stops',
  gapsPerVehicleDay: 'Gaps per vehicle-day',
  outliers: 'Outliers ignored',
  miles: 'Miles',
};

const fixed = (v: number | null, digits: number) => (v === null ? '—' : v.toFixed(digits));

/** Speeding events per day as a tiny bar chart: the shape of the range at a glance. */
function Sparkline({ values }: { values: readonly number[] }) {
  const max = Math.max(1, ...values);
  const w = 3;
  return (
    <svg
      className="sparkline"
      width={values.length * w}
      height={18}
      viewBox={`0 0 ${values.length * w} 18`}
      role="img"
      aria-label={`Speeding events per day: ${values.join(', ')}`}
      data-testid="scorecard-sparkline"
      data-values={values.join(',')}
    >
      {values.map((v, i) =>
        v > 0 ? <rect key={i} x={i * w} y={18 - (v / max) * 18} width={w - 1} height={(v / max) * 18} /> : null,
      )}
    </svg>
  );
}

/** Vehicles ranked worst first by the chosen metric; a row opens the inbox filtered to that vehicle. */
export function Scorecards({
  cards,
  metric,
  onMetric,
  carriers,
  showCarrier,
  onOpenVehicle,
}: {
  cards: readonly Scorecard[];
  metric: ScorecardMetric;
  onMetric: (m: ScorecardMetric) => void;
  carriers: readonly CarrierView[];
  showCarrier: boolean;
  onOpenVehicle: (c: Scorecard) => void;
}) {
  const label = new Map(carriers.map((c) => [c.id, c.label]));
  const ranked = rankScorecards(cards, metric);
  return (
    <div className="scorecards" data-testid="scorecards">
      <label className="inline-field">
        Worst first by{' '}
        <select
          data-testid="scorecard-metric"
          value={metric}
          onChange={(e) => onMetric(e.target.value as ScorecardMetric)}
        >
          {METRICS.map((m) => (
            <option key={m} value={m}>
              {METRIC_TEXT[m]}
            </option>
          ))}
        </select>
      </label>
      <div className="table-wrap scorecards-scroll">
        <table className="data-table scorecards-table">
          <thead>
            <tr>
              <th>#</th>
              <th>Vehicle</th>
              <th className="num">Miles</th>
              <th className="num">Driving h</th>
              <th className="num">Speeding / 1,000 mi</th>
              <th className="num">Over the limit</th>
              <th className="num">Long stops</th>
              <th className="num">Gaps / vehicle-day</th>
              <th className="num">Outliers ignored</th>
              <th className="num">Coverage</th>
              <th>Speeding per day</th>
            </tr>
          </thead>
          <tbody>
            {ranked.map((c, k) => (
              <tr key={`${c.carrierId}|${c.vehicleId}`} data-testid="scorecard-row" data-vehicle-id={c.vehicleId}>
                <td className="num">{k + 1}</td>
                <td>
                  <button
                    type="button"
                    className="btn-link"
                    data-testid="scorecard-open"
                    onClick={() => onOpenVehicle(c)}
                  >
                    {c.vehicleNumber}
                  </button>
                  {showCarrier && <span className="muted"> · {label.get(c.carrierId) ?? c.carrierId}</span>}
                </td>
                <td className="num" data-testid="scorecard-miles">
                  {c.miles.toFixed(1)}
                </td>
                <td className="num">{c.drivingHours.toFixed(1)}</td>
                <td className="num" data-testid="scorecard-per1000">
                  {fixed(c.speedingPer1000Mi, 2)}
                </td>
                <td className="num">{c.overLimitShare === null ? '—' : `${(c.overLimitShare * 100).toFixed(1)} %`}</td>
                <td className="num">{c.longStops}</td>
                <td className="num">{fixed(c.gapsPerVehicleDay, 2)}</td>
                <td className="num">{c.outliers}</td>
                <td className="num">
                  {c.daysWithData} of {c.daysInRange} d
                </td>
                <td>
                  <Sparkline values={c.speedingPerDay} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
