import { memo, useMemo, useState } from 'react';
import { Brush, LineChart, XAxis } from 'recharts';
import type { ZoneFormatter } from '../../../../shared/time/zone.ts';
import { lowerBound, upperBound } from '../../../../shared/util/search.ts';
import type { SeriesResult } from '../../workers/analysis-protocol.ts';
import { chartData } from './chart-rows.ts';
import { CHART_MARGIN, Y_AXIS_WIDTH } from './ChartFrame.tsx';
import { SeriesLine } from './SeriesLine.tsx';

/**
 * The whole selection in miniature with a brush: dragging its handles zooms
 * the charts and the map to that time window (as dragging across a chart does).
 * Its handles start at `initialWindow`: the parent remounts it (a new `key`) after a zoom from elsewhere.
 */
/** Small enough that the whole chart column, brush included, fits a 900-px-high window under the map. */
const OVERVIEW_HEIGHT = 46;
const BRUSH_HEIGHT = 22;

export const OverviewBrush = memo(function OverviewBrush(props: {
  series: SeriesResult;
  width: number;
  fmt: ZoneFormatter;
  onWindow: (fromMs: number, toMs: number) => void;
  /** Where the handles start: the window at the last zoom that was not the brush's own. */
  initialWindow: readonly [number, number] | null;
}) {
  const { speed, fromMs, toMs } = props.series;
  const data = useMemo(() => chartData(speed), [speed]);
  const last = Math.max(0, data.length - 1);
  const yMax = useMemo(() => speed.v.reduce((m, v) => (v > m ? v : m), 1), [speed]);
  // Once per mount (a zoom from elsewhere remounts it): indices that changed while the handles are dragged would fight the drag.
  const [initial] = useState(() => {
    const w = props.initialWindow;
    const start = w ? Math.min(last, lowerBound(speed.t, w[0])) : 0;
    return { start, end: w ? Math.min(last, Math.max(start, upperBound(speed.t, w[1]) - 1)) : last };
  });
  return (
    <div className="chart-frame" data-testid="chart-overview" style={{ height: OVERVIEW_HEIGHT }}>
      <LineChart
        width={props.width}
        height={OVERVIEW_HEIGHT}
        data={data}
        margin={{ ...CHART_MARGIN, left: Y_AXIS_WIDTH }}
      >
        <XAxis dataKey="t" type="number" domain={[fromMs, toMs]} hide />
        <Brush
          dataKey="t"
          height={BRUSH_HEIGHT}
          travellerWidth={8}
          startIndex={initial.start}
          endIndex={initial.end}
          stroke="#1f5fa8"
          tickFormatter={(ms: number) =>
            toMs - fromMs > 2 * 86_400_000 ? props.fmt.shortDate(ms) : props.fmt.shortTime(ms)
          }
          onChange={(r) => {
            const a = data[r.startIndex ?? 0]?.t ?? fromMs;
            const b = data[r.endIndex ?? last]?.t ?? toMs;
            props.onWindow(a, b);
          }}
        />
      </LineChart>
      <SeriesLine
        series={speed}
        width={props.width}
        height={OVERVIEW_HEIGHT}
        fromMs={fromMs}
        toMs={toMs}
        yMax={yMax}
        bottom={BRUSH_HEIGHT}
        className="chart-overview-line"
        stroke="#9fb6cf"
        strokeWidth={1}
      />
    </div>
  );
});
