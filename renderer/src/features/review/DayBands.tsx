import type { DayBand } from '../../../../shared/analysis/day-bands.ts';
import { MotionCode } from '../../../../shared/domain/status.ts';
import { formatDuration } from '../../../../shared/util/duration.ts';
import { CHART_MARGIN, plotX, X_AXIS_HEIGHT, Y_AXIS_WIDTH } from './ChartFrame.tsx';
import { STATUS_COLORS } from './route-style.ts';

/** Beyond this window the charts draw one band per day instead of the readings (a week keeps the detailed line). */
export const DAILY_CHARTS_FROM_MS = 7 * 86_400_000;

/** A day's horizontal extent on the plot, clipped to it, with a hair of space between neighbours. */
function dayX(b: DayBand, width: number, fromMs: number, toMs: number): [number, number] {
  const left = CHART_MARGIN.left + Y_AXIS_WIDTH;
  const right = width - CHART_MARGIN.right;
  const x1 = Math.max(left, plotX(width, fromMs, toMs, b.startMs));
  const x2 = Math.min(right, plotX(width, fromMs, toMs, b.endMs));
  const inset = x2 - x1 > 3 ? 0.5 : 0;
  return [x1 + inset, Math.max(x1 + inset + 0.75, x2 - inset)];
}

const mph = (v: number) => `${Math.round(v)} mph`;

/**
 * Each day's moving speeds as a band from its lowest to its highest reading,
 * under the Recharts line of the daily means (same plot geometry: the y scale
 * is the chart's [0, yMax] domain between its top margin and its x axis).
 */
export function SpeedDayBands(props: {
  bands: readonly DayBand[];
  width: number;
  height: number;
  yMax: number;
  fromMs: number;
  toMs: number;
}) {
  const { bands, width, height, yMax, fromMs, toMs } = props;
  const top = CHART_MARGIN.top;
  const bottom = height - CHART_MARGIN.bottom - X_AXIS_HEIGHT;
  const y = (v: number) => bottom - (Math.min(v, yMax) / yMax) * (bottom - top);
  return (
    <svg
      className="chart-day-bands"
      width={width}
      height={height}
      data-testid="speed-day-bands"
      data-days={bands.length}
    >
      {bands.map((b) => {
        const [x1, x2] = dayX(b, width, fromMs, toMs);
        const y1 = y(b.maxMph);
        return (
          <rect
            key={b.day}
            data-testid="speed-day-band"
            data-day={b.day}
            data-min={b.minMph}
            data-avg={b.avgMph}
            data-max={b.maxMph}
            x={x1}
            y={y1}
            width={x2 - x1}
            height={Math.max(1, y(b.minMph) - y1)}
            fill="#9fbfe3"
            fillOpacity={0.75}
          >
            <title>{`${b.day}: moving ${mph(b.minMph)} – ${mph(b.maxMph)}, mean ${mph(b.avgMph)}, ${formatDuration(b.movingSeconds)} moving`}</title>
          </rect>
        );
      })}
    </svg>
  );
}

const SHARE_ROWS = [
  { key: 'movingSeconds', code: MotionCode.IN_MOTION, label: 'moving' },
  { key: 'stationarySeconds', code: MotionCode.STATIONARY, label: 'stopped' },
  { key: 'offlineSeconds', code: MotionCode.OFFLINE, label: 'offline' },
] as const;

/** Per day, each status row holds a bar whose height is that status's share of the day (the status bands would be a barcode too). */
export function StatusDayShares(props: {
  bands: readonly DayBand[];
  width: number;
  fromMs: number;
  toMs: number;
  rowTop: (row: number) => number;
  rowHeight: number;
}) {
  const { bands, width, fromMs, toMs, rowTop, rowHeight } = props;
  return (
    <g data-testid="status-day-shares" data-days={bands.length}>
      {bands.map((b) => {
        const [x1, x2] = dayX(b, width, fromMs, toMs);
        const daySeconds = (b.endMs - b.startMs) / 1000;
        return SHARE_ROWS.map((r, row) => {
          const share = Math.min(1, b[r.key] / daySeconds);
          if (share <= 0) return null;
          const h = Math.max(1, share * rowHeight);
          return (
            <rect
              key={`${b.day}-${r.key}`}
              data-testid="status-day-share"
              data-day={b.day}
              data-status={r.label}
              data-share={share}
              x={x1}
              y={rowTop(row) + rowHeight - h}
              width={x2 - x1}
              height={h}
              fill={STATUS_COLORS[r.code] ?? '#999'}
            >
              <title>{`${b.day}: ${formatDuration(b[r.key])} ${r.label} (${Math.round(share * 100)}% of the day)`}</title>
            </rect>
          );
        });
      })}
    </g>
  );
}
