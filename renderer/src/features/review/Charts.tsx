import { memo, useRef, type MouseEvent, type ReactNode } from 'react';
import { Brush, CartesianGrid, Line, LineChart, ReferenceLine, XAxis, YAxis } from 'recharts';
import type { MotionStatus } from '../../../../shared/api/wire.ts';
import { MotionCode } from '../../../../shared/domain/status.ts';
import type { ZoneFormatter } from '../../../../shared/time/zone.ts';
import type { SeriesResult } from '../../workers/analysis-protocol.ts';
import { useThrottledPlayback, type PlaybackStore } from './playback-store.ts';
import { STATUS_COLORS } from './route-style.ts';

/** Plot-area geometry shared by the charts and the cursor overlay (fixed, so the cursor needs no chart re-render). */
export const CHART_MARGIN = { top: 6, right: 12, bottom: 0, left: 0 };
export const Y_AXIS_WIDTH = 44;

export function plotX(width: number, fromMs: number, toMs: number, ms: number): number {
  const left = CHART_MARGIN.left + Y_AXIS_WIDTH;
  const right = width - CHART_MARGIN.right;
  return left + ((ms - fromMs) / Math.max(1, toMs - fromMs)) * (right - left);
}

export function timeAtX(width: number, fromMs: number, toMs: number, x: number): number {
  const left = CHART_MARGIN.left + Y_AXIS_WIDTH;
  const right = width - CHART_MARGIN.right;
  const f = Math.min(1, Math.max(0, (x - left) / Math.max(1, right - left)));
  return fromMs + f * (toMs - fromMs);
}

/** Recharts rows; a NaN separator (a gap) becomes null so the line breaks there. */
function chartData(s: { t: Float64Array; v: Float64Array }): { t: number; v: number | null }[] {
  return Array.from(s.t, (t, i) => {
    const v = s.v[i]!;
    return { t, v: Number.isNaN(v) ? null : v };
  });
}

function tickFormatter(fmt: ZoneFormatter, fromMs: number, toMs: number) {
  return (ms: number) => (toMs - fromMs > 2 * 86_400_000 ? fmt.shortDate(ms) : fmt.shortTime(ms));
}

/** The playback cursor over a chart: a positioned line, moved without re-rendering the chart, 10 times a second while playing. */
function Cursor({ store, width, fromMs, toMs }: { store: PlaybackStore; width: number; fromMs: number; toMs: number }) {
  const t = useThrottledPlayback(store, (s) => s.timeMs);
  if (t < fromMs || t > toMs) return null;
  return <div className="chart-cursor" style={{ transform: `translateX(${plotX(width, fromMs, toMs, t)}px)` }} />;
}

/** A chart frame whose clicks seek playback to the time under the pointer. */
function SeekFrame(props: {
  testId: string;
  store: PlaybackStore;
  width: number;
  height: number;
  fromMs: number;
  toMs: number;
  label: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const onClick = (e: MouseEvent) => {
    const r = ref.current?.getBoundingClientRect();
    if (!r) return;
    props.store.seek(timeAtX(props.width, props.fromMs, props.toMs, e.clientX - r.left));
  };
  return (
    <div
      ref={ref}
      className="chart-frame"
      data-testid={props.testId}
      data-from={props.fromMs}
      data-to={props.toMs}
      style={{ height: props.height }}
      onClick={onClick}
      title="Click to seek"
    >
      {props.label && <span className="chart-label">{props.label}</span>}
      {props.children}
      <Cursor store={props.store} width={props.width} fromMs={props.fromMs} toMs={props.toMs} />
    </div>
  );
}

interface ChartProps {
  series: SeriesResult;
  width: number;
  thresholdMph: number;
  fmt: ZoneFormatter;
  store: PlaybackStore;
}

export const SpeedChart = memo(function SpeedChart({ series, width, thresholdMph, fmt, store }: ChartProps) {
  const { speed, fromMs, toMs } = series;
  const data = chartData(speed);
  let maxV = thresholdMph + 10;
  for (const v of speed.v) if (v > maxV) maxV = v;
  return (
    <SeekFrame
      testId="chart-speed"
      store={store}
      width={width}
      height={130}
      fromMs={fromMs}
      toMs={toMs}
      label="Speed (mph)"
    >
      <LineChart width={width} height={130} data={data} margin={CHART_MARGIN} data-points={data.length}>
        <CartesianGrid stroke="#eef1f4" vertical={false} />
        <XAxis
          dataKey="t"
          type="number"
          scale="time"
          domain={[fromMs, toMs]}
          allowDataOverflow
          tickFormatter={tickFormatter(fmt, fromMs, toMs)}
          fontSize={11}
          minTickGap={40}
        />
        <YAxis width={Y_AXIS_WIDTH} domain={[0, Math.ceil(maxV / 10) * 10]} fontSize={11} />
        <ReferenceLine
          y={thresholdMph}
          stroke="#c8231a"
          strokeDasharray="4 3"
          label={{ value: `${thresholdMph} mph`, position: 'insideTopRight', fontSize: 11, fill: '#c8231a' }}
        />
        <Line dataKey="v" type="linear" stroke="#1f5fa8" strokeWidth={1.25} dot={false} isAnimationActive={false} />
      </LineChart>
      <OutlierMarks series={series} width={width} fmt={fmt} />
    </SeekFrame>
  );
});

/** Marks drawn per outlier at most; beyond it they would only overlap. */
const MAX_OUTLIER_MARKS = 500;

/**
 * Outliers on the speed chart: a mark at the top of the plot at each one's
 * time (a 13,000 mph reading drawn to scale would flatten every real speed),
 * its reported speed on hover. They are never part of the line.
 */
function OutlierMarks({ series, width, fmt }: { series: SeriesResult; width: number; fmt: ZoneFormatter }) {
  const { outliers, fromMs, toMs } = series;
  const n = Math.min(outliers.t.length, MAX_OUTLIER_MARKS);
  if (n === 0) return null;
  return (
    <div className="chart-outliers" data-testid="chart-outliers" data-count={outliers.t.length}>
      {Array.from({ length: n }, (_, k) => {
        const t = outliers.t[k]!;
        return (
          <span
            key={k}
            className="chart-outlier"
            data-testid="chart-outlier"
            data-t={t}
            style={{ transform: `translateX(${plotX(width, fromMs, toMs, t)}px)`, top: CHART_MARGIN.top }}
            title={`Outlier at ${fmt.dateTime(t)}: ${Math.round(outliers.v[k]!).toLocaleString('en-US')} mph reported, ignored by the analysis`}
          />
        );
      })}
    </div>
  );
}

const ROWS: { status: MotionStatus; label: string }[] = [
  { status: 'IN_MOTION', label: 'Moving' },
  { status: 'STATIONARY', label: 'Stopped' },
  { status: 'OFFLINE', label: 'Offline' },
];

/**
 * Status bands as plain SVG rectangles on the same plot geometry as the
 * Recharts charts (hundreds of bands: a rect each is cheaper than chart shapes).
 */
export const StatusChart = memo(function StatusChart({ series, width, store }: ChartProps) {
  const { bands, fromMs, toMs } = series;
  const height = 58;
  const rowH = (height - 10) / 3;
  return (
    <SeekFrame testId="chart-status" store={store} width={width} height={height} fromMs={fromMs} toMs={toMs} label="">
      <svg width={width} height={height} data-bands={bands.length} role="img" aria-label="Motion status over time">
        {ROWS.map((r, k) => (
          <text
            key={r.status}
            x={Y_AXIS_WIDTH - 4}
            y={4 + k * rowH + rowH / 2 + 4}
            textAnchor="end"
            fontSize={10}
            fill="#6b7683"
          >
            {r.label}
          </text>
        ))}
        {bands.map((b, k) => {
          const row = ROWS.findIndex((r) => r.status === b.status);
          const x1 = plotX(width, fromMs, toMs, b.startMs);
          const x2 = plotX(width, fromMs, toMs, b.endMs);
          return (
            <rect
              key={k}
              data-testid="status-band"
              data-status={b.status}
              x={x1}
              y={4 + row * rowH}
              width={Math.max(0.75, x2 - x1)}
              height={rowH - 2}
              fill={STATUS_COLORS[MotionCode[b.status]] ?? '#999'}
            />
          );
        })}
      </svg>
    </SeekFrame>
  );
});

/**
 * The whole selection in miniature with a brush: dragging its handles zooms
 * the charts and the map to that time window.
 */
export const OverviewBrush = memo(function OverviewBrush(props: {
  series: SeriesResult;
  width: number;
  fmt: ZoneFormatter;
  onWindow: (fromMs: number, toMs: number) => void;
  resetKey: string;
}) {
  const { speed, fromMs, toMs } = props.series;
  const data = chartData(speed);
  const last = Math.max(0, data.length - 1);
  return (
    <div className="chart-frame" data-testid="chart-overview" style={{ height: 56 }}>
      <LineChart
        key={props.resetKey}
        width={props.width}
        height={56}
        data={data}
        margin={{ ...CHART_MARGIN, left: Y_AXIS_WIDTH }}
      >
        <XAxis dataKey="t" type="number" domain={[fromMs, toMs]} hide />
        <Line dataKey="v" stroke="#9fb6cf" strokeWidth={1} dot={false} isAnimationActive={false} />
        <Brush
          dataKey="t"
          height={22}
          travellerWidth={8}
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
    </div>
  );
});
