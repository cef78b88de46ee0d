import type { CarrierView } from '../../../../shared/domain/carrier.ts';
import {
  SCORECARD_METRICS,
  TIERS_WORST_FIRST,
  rankScorecards,
  type Scorecard,
  type ScorecardMetric,
} from '../../../../shared/inbox/scorecards.ts';

const fixed = (v: number | null, digits: number) => (v === null ? '—' : v.toFixed(digits));
const percent = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)} %`);
/** Why an over-the-limit cell is empty: "—" means not judged, never none found. */
const NOT_JUDGED = 'No road limits were applied (import an OpenStreetMap extract or draw zones in Settings)';

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

const sum = (c: Scorecard) => TIERS_WORST_FIRST.reduce((n, t) => n + c.overLimitByTier[t], 0);

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
          {SCORECARD_METRICS.map((m) => (
            <option key={m.id} value={m.id}>
              {m.label}
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
              <th className="num" title="Driving time above the flat speeding threshold">
                Above threshold
              </th>
              <th className="num">Over road limit / 1,000 mi</th>
              {TIERS_WORST_FIRST.map((t) => (
                <th key={t} className="num">
                  {t} / 1,000 mi
                </th>
              ))}
              <th className="num">Time over road limit</th>
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
                <td className="num">{percent(c.overLimitShare)}</td>
                <td
                  className="num"
                  data-testid="scorecard-over-limit"
                  title={c.roadLimits ? `${sum(c)} events` : NOT_JUDGED}
                >
                  {fixed(c.overLimitPer1000Mi, 2)}
                </td>
                {TIERS_WORST_FIRST.map((t) => (
                  <td
                    key={t}
                    className="num"
                    data-testid={`scorecard-tier-${t}`}
                    title={c.roadLimits ? `${c.overLimitByTier[t]} events` : NOT_JUDGED}
                  >
                    {fixed(c.overLimitPer1000MiByTier[t], 2)}
                  </td>
                ))}
                <td className="num" title={c.roadLimits ? undefined : NOT_JUDGED}>
                  {percent(c.overRoadLimitShare)}
                </td>
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
