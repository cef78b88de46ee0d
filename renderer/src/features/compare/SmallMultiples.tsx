import { CartesianGrid, Line, LineChart, XAxis, YAxis } from 'recharts';
import type { CarrierFacts } from '../../../../shared/compare/facts.ts';

const WIDTH = 260;
const HEIGHT = 110;

function niceMax(v: number): number {
  if (!(v > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  return Math.ceil(v / p) * p;
}

/** One small chart per carrier and measure, every chart of a measure on the same axes. */
export function SmallMultiples({ carriers }: { carriers: CarrierFacts[] }) {
  const measures = [
    { key: 'miles' as const, label: 'Miles per day', color: '#1f5fa8' },
    { key: 'events' as const, label: 'Speeding events per day', color: '#c8231a' },
  ];
  return (
    <div className="compare-multiples" data-testid="compare-multiples">
      {measures.map((m) => {
        const max = niceMax(Math.max(0, ...carriers.flatMap((c) => c.daily.map((d) => d[m.key] ?? 0))));
        return (
          <div key={m.key} className="compare-measure">
            <h3>{m.label}</h3>
            <div className="compare-charts">
              {carriers.map((c) => (
                <figure
                  key={c.carrierId}
                  className="compare-chart"
                  data-testid={`compare-chart-${m.key}`}
                  data-carrier-id={c.carrierId}
                  data-daily={JSON.stringify(c.daily.map((d) => d[m.key]))}
                >
                  <figcaption>
                    {c.label}{' '}
                    <span className="muted" data-testid="compare-chart-zone">
                      (days in {c.dailyZone ?? 'UTC'})
                    </span>
                  </figcaption>
                  <LineChart
                    width={WIDTH}
                    height={HEIGHT}
                    data={c.daily}
                    margin={{ top: 4, right: 8, bottom: 0, left: 0 }}
                  >
                    <CartesianGrid stroke="#eef1f4" vertical={false} />
                    <XAxis dataKey="day" fontSize={10} tickFormatter={(d: string) => d.slice(5)} minTickGap={24} />
                    <YAxis width={40} fontSize={10} domain={[0, max]} allowDecimals={m.key === 'miles'} />
                    <Line
                      dataKey={m.key}
                      stroke={m.color}
                      strokeWidth={1.5}
                      dot={c.daily.length <= 31}
                      isAnimationActive={false}
                      connectNulls={false}
                    />
                  </LineChart>
                </figure>
              ))}
            </div>
          </div>
        );
      })}
    </div>
  );
}
