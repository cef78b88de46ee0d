import { useId } from 'react';
import { CHART_MARGIN, plotX, X_AXIS_HEIGHT, Y_AXIS_WIDTH } from './ChartFrame.tsx';
import { seriesPathD } from './chart-rows.ts';

/**
 * A series drawn as one SVG path over a chart's plot area (the [fromMs, toMs] × [0, yMax] box between the
 * top margin and `bottom` px from the chart's foot, the same box as the Recharts axes beneath it).
 */
export function SeriesLine(props: {
  series: { t: Float64Array; v: Float64Array };
  width: number;
  height: number;
  fromMs: number;
  toMs: number;
  yMax: number;
  stroke: string;
  strokeWidth: number;
  className: string;
  step?: boolean;
  /** Pixels below the plot (its x axis or brush). */
  bottom?: number;
}) {
  const { width, height, fromMs, toMs, yMax } = props;
  const clip = useId();
  const top = CHART_MARGIN.top;
  const left = CHART_MARGIN.left + Y_AXIS_WIDTH;
  const right = width - CHART_MARGIN.right;
  const foot = height - CHART_MARGIN.bottom - (props.bottom ?? X_AXIS_HEIGHT);
  const d = seriesPathD(
    props.series,
    {
      x: (ms) => plotX(width, fromMs, toMs, ms),
      y: (v) => foot - (Math.min(v, yMax) / Math.max(1e-9, yMax)) * (foot - top),
    },
    props.step,
  );
  return (
    <svg className="chart-series-line" width={width} height={height} aria-hidden="true">
      {/* The series reaches one reading beyond each edge (so the line meets it): cut at the plot, as Recharts does. */}
      <clipPath id={clip}>
        <rect x={left} y={top} width={Math.max(0, right - left)} height={Math.max(0, foot - top)} />
      </clipPath>
      <path
        className={props.className}
        clipPath={`url(#${clip})`}
        d={d}
        fill="none"
        stroke={props.stroke}
        strokeWidth={props.strokeWidth}
      />
    </svg>
  );
}
