import { memo } from 'react';
import { CartesianGrid, LineChart, ReferenceLine, XAxis, YAxis } from 'recharts';
import type { MotionStatus } from '../../../../shared/api/wire.ts';
import { MotionCode } from '../../../../shared/domain/status.ts';
import type { ZoneFormatter } from '../../../../shared/time/zone.ts';
import { timeTicks } from '../../../../shared/time/axis-ticks.ts';
import type { SeriesResult } from '../../workers/analysis-protocol.ts';
import { bandsIn, type DayBand } from '../../../../shared/analysis/day-bands.ts';
import { CHART_MARGIN, ChartFrame, plotX, X_AXIS_HEIGHT, Y_AXIS_WIDTH } from './ChartFrame.tsx';
import { DAILY_CHARTS_FROM_MS, SpeedDayBands, StatusDayShares } from './DayBands.tsx';
import type { EventSpan } from './event-focus.ts';
import type { PlaybackStore } from './playback-store.ts';
import { LIMIT_LINE_COLOR, STATUS_COLORS } from './route-style.ts';
import { limitHoverAt } from './limit-hover.ts';
import { chartData } from './chart-rows.ts';
import { SeriesLine } from './SeriesLine.tsx';

/**
 * The grid has no vertical lines; without a generator Recharts still works out where they would go from the
 * time axis, measuring each new tick label in the DOM: a forced layout of the whole page per label, 0.4-0.5 s
 * of the click that opens a day on a loaded machine.
 */
const NO_GRID_LINES = () => [];

/** Ticks on the display zone's midnights or whole hours, so a date label sits on the day it names. */
function axisTicks(fmt: ZoneFormatter, fromMs: number, toMs: number, width: number) {
  const { unit, ticks } = timeTicks(fromMs, toMs, fmt.zone, width - Y_AXIS_WIDTH);
  return { ticks, tickFormatter: (ms: number) => (unit === 'day' ? fmt.shortDate(ms) : fmt.shortTime(ms)) };
}

/** The selection's day bands to draw for this window, or null: a week or less keeps the readings. */
function dailyIn(days: readonly DayBand[] | null, fromMs: number, toMs: number): DayBand[] | null {
  return days && toMs - fromMs > DAILY_CHARTS_FROM_MS ? bandsIn(days, fromMs, toMs) : null;
}

interface ChartProps {
  series: SeriesResult;
  width: number;
  thresholdMph: number;
  fmt: ZoneFormatter;
  store: PlaybackStore;
  /** The selection's per-day bands (drawn when the window is longer than a week). */
  days: readonly DayBand[] | null;
  /** A window dragged across the chart. */
  onWindow: (fromMs: number, toMs: number) => void;
}

/**
 * The opened event's stretch shaded over the speed plot, cut to the window; its data-start-ms /
 * data-end-ms are the event's own (uncut), for tests.
 */
function EventHighlight({
  event,
  width,
  height,
  fromMs,
  toMs,
}: {
  event: EventSpan;
  width: number;
  height: number;
  fromMs: number;
  toMs: number;
}) {
  if (event.endMs < fromMs || event.startMs > toMs) return null;
  const x1 = plotX(width, fromMs, toMs, Math.max(fromMs, event.startMs));
  const x2 = plotX(width, fromMs, toMs, Math.min(toMs, event.endMs));
  return (
    <div
      className="chart-event-highlight"
      data-testid="chart-event-highlight"
      data-start-ms={event.startMs}
      data-end-ms={event.endMs}
      style={{
        left: x1,
        width: Math.max(2, x2 - x1),
        top: CHART_MARGIN.top,
        height: height - CHART_MARGIN.top - X_AXIS_HEIGHT,
      }}
    />
  );
}

/**
 * The road's limit under the pointer: a reading counts as under it within a few pixels' time (and never
 * across more than two minutes, a reading's usual spacing while moving).
 */
function limitHoverOf(series: SeriesResult, width: number) {
  const limits = series.limits;
  if (!limits) return undefined;
  const withinMs = Math.min(120_000, (6 * (series.toMs - series.fromMs)) / Math.max(1, width));
  return (ms: number) => limitHoverAt(limits, ms, Math.max(withinMs, 1000));
}

export const SpeedChart = memo(function SpeedChart(props: ChartProps & { highlight?: EventSpan | null }) {
  const { series, width, thresholdMph, fmt, store } = props;
  const { speed, fromMs, toMs } = series;
  const daily = dailyIn(props.days, fromMs, toMs);
  // Long windows: the daily means as the line, over each day's band.
  const line = daily
    ? {
        t: Float64Array.from(daily, (b) => (b.startMs + b.endMs) / 2),
        v: Float64Array.from(daily, (b) => b.avgMph),
      }
    : speed;
  // The road's limit as steps (detail only: against daily means, a per-pixel limit says nothing).
  const limitLine = !daily && series.limits ? series.limits.line : null;
  const limitSteps = limitLine && limitLine.v.some((v) => !Number.isNaN(v)) ? limitLine : null;
  let maxV = thresholdMph + 10;
  for (const v of daily ? daily.map((b) => b.maxMph) : speed.v) if (v > maxV) maxV = v;
  for (const v of limitSteps?.v ?? []) if (v > maxV) maxV = v;
  const yMax = Math.ceil(maxV / 10) * 10;
  const height = 130;
  const plot = { width, height, fromMs, toMs, yMax };
  return (
    <ChartFrame
      testId="chart-speed"
      store={store}
      width={width}
      height={height}
      fromMs={fromMs}
      toMs={toMs}
      label={daily ? 'Speed (mph): each day moving min–max, line: daily mean' : 'Speed (mph)'}
      mode={daily ? 'daily' : 'detail'}
      onWindow={props.onWindow}
      hoverText={daily ? undefined : limitHoverOf(series, width)}
    >
      {limitSteps && (
        <span className="chart-legend" data-testid="chart-limit-legend" data-steps={limitSteps.t.length}>
          <i style={{ background: LIMIT_LINE_COLOR }} /> Road limit
        </span>
      )}
      {daily && <SpeedDayBands bands={daily} width={width} height={height} yMax={yMax} fromMs={fromMs} toMs={toMs} />}
      {props.highlight && (
        <EventHighlight event={props.highlight} width={width} height={height} fromMs={fromMs} toMs={toMs} />
      )}
      {/* The axes, grid and threshold only: the lines are SeriesLine paths laid over them. */}
      <LineChart width={width} height={height} data={chartData(line)} margin={CHART_MARGIN}>
        <CartesianGrid stroke="#eef1f4" vertical={false} verticalCoordinatesGenerator={NO_GRID_LINES} />
        <XAxis
          dataKey="t"
          type="number"
          scale="time"
          domain={[fromMs, toMs]}
          allowDataOverflow
          height={X_AXIS_HEIGHT}
          {...axisTicks(fmt, fromMs, toMs, width)}
          // Every tick shown: timeTicks spaces them for the width already (see NO_GRID_LINES for what measuring costs).
          interval={0}
          fontSize={11}
        />
        <YAxis width={Y_AXIS_WIDTH} domain={[0, yMax]} allowDataOverflow fontSize={11} />
        <ReferenceLine
          y={thresholdMph}
          stroke="#c8231a"
          strokeDasharray="4 3"
          label={{ value: `${thresholdMph} mph`, position: 'insideTopRight', fontSize: 11, fill: '#c8231a' }}
        />
      </LineChart>
      {/* Under the speed: the speed line is drawn over the limit it is judged against. */}
      {limitSteps && (
        <SeriesLine
          {...plot}
          series={limitSteps}
          step
          className="chart-limit-line"
          stroke={LIMIT_LINE_COLOR}
          strokeWidth={1.5}
        />
      )}
      <SeriesLine {...plot} series={line} className="chart-speed-line" stroke="#1f5fa8" strokeWidth={1.25} />
      <OutlierMarks series={series} width={width} fmt={fmt} />
    </ChartFrame>
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
            title={`Outlier at ${fmt.dateTimeZoned(t)}: ${Math.round(outliers.v[k]!).toLocaleString('en-US')} mph reported, ignored by the analysis`}
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
export const StatusChart = memo(function StatusChart({ series, width, store, days, onWindow }: ChartProps) {
  const { bands, fromMs, toMs } = series;
  const daily = dailyIn(days, fromMs, toMs);
  const height = 52;
  const rowH = (height - 10) / 3;
  const rowTop = (row: number) => 4 + row * rowH;
  return (
    <ChartFrame
      testId="chart-status"
      store={store}
      width={width}
      height={height}
      fromMs={fromMs}
      toMs={toMs}
      label=""
      mode={daily ? 'daily' : 'detail'}
      onWindow={onWindow}
    >
      <svg
        width={width}
        height={height}
        data-bands={bands.length}
        role="img"
        aria-label={daily ? 'Share of each day moving, stopped and offline' : 'Motion status over time'}
      >
        {ROWS.map((r, k) => (
          <text
            key={r.status}
            x={Y_AXIS_WIDTH - 4}
            y={rowTop(k) + rowH / 2 + 4}
            textAnchor="end"
            fontSize={10}
            fill="#6b7683"
          >
            {r.label}
          </text>
        ))}
        {daily ? (
          <StatusDayShares
            bands={daily}
            width={width}
            fromMs={fromMs}
            toMs={toMs}
            rowTop={rowTop}
            rowHeight={rowH - 2}
          />
        ) : (
          bands.map((b, k) => {
            const row = ROWS.findIndex((r) => r.status === b.status);
            const x1 = plotX(width, fromMs, toMs, b.startMs);
            const x2 = plotX(width, fromMs, toMs, b.endMs);
            return (
              <rect
                key={k}
                data-testid="status-band"
                data-status={b.status}
                x={x1}
                y={rowTop(row)}
                width={Math.max(0.75, x2 - x1)}
                height={rowH - 2}
                fill={STATUS_COLORS[MotionCode[b.status]] ?? '#999'}
              />
            );
          })
        )}
      </svg>
    </ChartFrame>
  );
});
