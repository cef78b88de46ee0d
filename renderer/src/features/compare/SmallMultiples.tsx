import { useState } from 'react';
import { CartesianGrid, Line, LineChart, ReferenceLine, XAxis, YAxis, type DotProps } from 'recharts';
import { meanPerDrivingDay, milesPerDrivingVehicle } from '../../../../shared/compare/driving-days.ts';
import type { CarrierFacts, DailyPoint } from '../../../../shared/compare/facts.ts';

const WIDTH = 260;
const HEIGHT = 110;

function niceMax(v: number): number {
  if (!(v > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  return Math.ceil(v / p) * p;
}

type Measure = 'miles' | 'perTruck' | 'events' | 'rate';

/** Speeding events per 1,000 mi of a day: a rate that does not grow with how much a carrier drove; null without miles. */
export function perThousandMiles(d: DailyPoint): number | null {
  return d.events === null || d.miles === null || d.miles <= 0 ? null : (d.events * 1000) / d.miles;
}

const value = (d: DailyPoint, m: Measure): number | null =>
  m === 'rate' ? perThousandMiles(d) : m === 'perTruck' ? milesPerDrivingVehicle(d) : d[m];

/** An axis figure short enough for a small chart's axis: thousands as "k" (30000 → "30k", 1500 → "1.5k"). */
export function axisFigure(v: number): string {
  if (Math.abs(v) >= 1000) return `${Number((v / 1000).toFixed(v % 1000 === 0 ? 0 : 1))}k`;
  return String(Number(v.toFixed(2)));
}

/** Pixels an axis needs for its widest figure at the printed 9 pt (12 px; a digit is at most 0.6 em), plus the tick. */
function axisWidth(ticks: readonly number[]): number {
  return Math.max(28, Math.ceil(Math.max(...ticks.map((t) => axisFigure(t).length)) * 7.5) + 12);
}

/** A date tick's half width at 9 pt ("11-20"): the x axis is padded by it, so the first and last dates are whole. */
const DATE_HALF_WIDTH = 18;

const MEASURES: Record<Measure, { label: string; color: string; decimals: boolean }> = {
  miles: { label: 'Miles per day', color: '#1f5fa8', decimals: true },
  perTruck: {
    label: 'Miles per driving truck, per day (rest days left out, not 0)',
    color: '#1f7a5a',
    decimals: true,
  },
  events: { label: 'Speeding events per day (count: grows with fleet size)', color: '#c8231a', decimals: false },
  rate: { label: 'Speeding events per 1,000 mi, per day', color: '#c8231a', decimals: true },
};

/** A still-growing day's point is drawn hollow: its figure is not final. */
function PartialAwareDot(props: DotProps & { payload?: DailyPoint; stroke?: string }) {
  const { cx, cy, payload, stroke } = props;
  if (cx === undefined || cy === undefined || payload === undefined) return null;
  return payload.partial ? (
    <circle cx={cx} cy={cy} r={3.5} fill="#ffffff" stroke={stroke} strokeWidth={1.5} strokeDasharray="2 1.5" />
  ) : (
    <circle cx={cx} cy={cy} r={2.5} fill={stroke} />
  );
}

/**
 * One small chart per carrier and measure, every chart of a measure on the same axes. Speeding is shown
 * per 1,000 mi (a carrier that drove twice as far is not twice as unsafe), or as a count on screen when
 * asked; the printed report always carries the rate, as it compares carriers of any size. A day still
 * being recorded is marked partial.
 */
export function SmallMultiples({ carriers }: { carriers: CarrierFacts[] }) {
  const [speeding, setSpeeding] = useState<'events' | 'rate'>('rate');
  const measures: Measure[] =
    speeding === 'rate' ? ['miles', 'perTruck', 'rate'] : ['miles', 'perTruck', 'events', 'rate'];
  return (
    <div className="compare-multiples" data-testid="compare-multiples">
      <fieldset className="compare-speeding-measure compare-no-print">
        <legend>Speeding per day as</legend>
        {(['events', 'rate'] as const).map((m) => (
          <label key={m}>
            <input
              type="radio"
              name="compare-speeding-measure"
              data-testid={`compare-speeding-${m}`}
              checked={speeding === m}
              onChange={() => setSpeeding(m)}
            />{' '}
            {m === 'events' ? 'events' : 'events per 1,000 mi'}
          </label>
        ))}
      </fieldset>
      {measures.map((m) => {
        const spec = MEASURES[m];
        const max = niceMax(Math.max(0, ...carriers.flatMap((c) => c.daily.map((d) => value(d, m) ?? 0))));
        const ticks = [0, max / 2, max];
        // With counts chosen on screen the rate is printed instead of them.
        // The per-truck line is for the screen (the printed report keeps its two pages; its miles chart carries the mean).
        const where =
          m === 'perTruck'
            ? ' compare-no-print'
            : speeding === 'events'
              ? m === 'events'
                ? ' compare-no-print'
                : m === 'rate'
                  ? ' compare-print-only'
                  : ''
              : '';
        return (
          <div key={m} className={`compare-measure${where}`} data-testid="compare-measure" data-measure={m}>
            <h3>{spec.label}</h3>
            <div className="compare-charts">
              {carriers.map((c) => {
                const data = c.daily.map((d) => ({ ...d, value: value(d, m) }));
                const partial = c.daily.filter((d) => d.partial).map((d) => d.day);
                // The dashed line: the mean over the days someone drove, so rest days do not pull it down.
                const mean = meanPerDrivingDay(c.daily, (d) => value(d, m));
                return (
                  <figure
                    key={c.carrierId}
                    className="compare-chart"
                    data-testid={`compare-chart-${m}`}
                    data-carrier-id={c.carrierId}
                    data-daily={JSON.stringify(data.map((d) => d.value))}
                    data-partial={partial.join(',')}
                    data-mean={mean === null ? '' : String(mean)}
                  >
                    <figcaption>
                      {c.label}{' '}
                      <span className="muted" data-testid="compare-chart-zone">
                        (days in {c.dailyZone ?? 'UTC'})
                      </span>
                      {mean !== null && (
                        <span className="muted" data-testid="compare-chart-mean">
                          {' '}
                          · mean per driving day {axisFigure(mean)}
                        </span>
                      )}
                      {partial.length > 0 && (
                        <span className="muted compare-partial" data-testid="compare-chart-partial">
                          {' '}
                          · {partial.map((d) => d.slice(5)).join(', ')} partial (still being recorded)
                        </span>
                      )}
                    </figcaption>
                    <LineChart
                      width={WIDTH}
                      height={HEIGHT}
                      data={data}
                      margin={{ top: 4, right: 8, bottom: 0, left: 0 }}
                    >
                      <CartesianGrid stroke="#eef1f4" vertical={false} />
                      <XAxis
                        dataKey="day"
                        fontSize={10}
                        tickFormatter={(d: string) => d.slice(5)}
                        minTickGap={24}
                        padding={{ left: DATE_HALF_WIDTH, right: DATE_HALF_WIDTH }}
                      />
                      <YAxis
                        width={axisWidth(ticks)}
                        fontSize={10}
                        domain={[0, max]}
                        ticks={ticks}
                        tickFormatter={axisFigure}
                        allowDecimals={spec.decimals}
                      />
                      {mean !== null && (
                        <ReferenceLine y={mean} stroke={spec.color} strokeDasharray="4 3" strokeOpacity={0.6} />
                      )}
                      <Line
                        dataKey="value"
                        stroke={spec.color}
                        strokeWidth={1.5}
                        dot={c.daily.length <= 31 ? <PartialAwareDot /> : false}
                        isAnimationActive={false}
                        connectNulls={false}
                      />
                    </LineChart>
                  </figure>
                );
              })}
            </div>
          </div>
        );
      })}
    </div>
  );
}
