import type { LocalDay } from '../../../../shared/time/local-day.ts';
import type { LocalCell } from './local-strip.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Where each month starts along the strip, as a share of its width (home-zone days, oldest left). */
export function monthTicks(days: readonly LocalDay[]): { label: string; at: number }[] {
  const ticks: { label: string; at: number }[] = [];
  days.forEach((day, i) => {
    if (i === 0 || day.endsWith('-01')) {
      const m = Number(day.slice(5, 7)) - 1;
      ticks.push({
        label: m === 0 || i === 0 ? `${MONTHS[m]} ${day.slice(0, 4)}` : (MONTHS[m] ?? ''),
        at: i / days.length,
      });
    }
  });
  // The first label is the window's start: drop it when a month starts right after and the labels would collide.
  if (ticks.length > 1 && (ticks[1]?.at ?? 1) < 0.06) ticks.shift();
  return ticks;
}

/** The month axis shared by the strips below it. */
export function MonthAxis({ days }: { days: readonly LocalDay[] }) {
  return (
    <div className="month-axis" aria-hidden="true">
      {monthTicks(days).map((t) => (
        <span key={`${t.label}-${t.at}`} className="month-tick" style={{ left: `${t.at * 100}%` }}>
          {t.label}
        </span>
      ))}
    </div>
  );
}

export function StripLegend() {
  return (
    <div className="strip-legend" data-testid="storage-legend">
      <span>
        <i className="day-cell day-complete" /> Complete day
      </span>
      <span>
        <i className="day-cell day-partial" /> Partial (hours missing, or today: fetched again next time)
      </span>
      <span>
        <i className="day-cell day-missing" /> Not downloaded
      </span>
    </div>
  );
}

/** One cell per home-zone day, oldest left; the title says what is stored so colour is never the only cue. */
export function DayStrip({ cells }: { cells: readonly LocalCell[] }) {
  const stored = cells.filter((c) => c.state !== 'missing').length;
  return (
    <div
      data-testid="storage-strip"
      className="day-strip"
      role="img"
      aria-label={`${stored} of ${cells.length} days stored`}
      style={{ gridTemplateColumns: `repeat(${cells.length}, 1fr)` }}
    >
      {cells.map((c) => (
        <span
          key={c.day}
          data-testid="storage-day"
          data-day={c.day}
          data-state={c.state}
          title={c.title}
          className={`day-cell day-${c.state}`}
        />
      ))}
    </div>
  );
}
