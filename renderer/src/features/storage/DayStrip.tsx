import type { UtcDay } from '../../../../shared/util/day.ts';
import { formatCount } from '../../downloads/format.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Where each month starts along the strip, as a share of its width (UTC days, oldest left). */
export function monthTicks(days: UtcDay[]): { label: string; at: number }[] {
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
export function MonthAxis({ days }: { days: UtcDay[] }) {
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
        <i className="day-cell day-partial" /> Partial (today, fetched again next time)
      </span>
      <span>
        <i className="day-cell day-missing" /> Not downloaded
      </span>
    </div>
  );
}

/** One cell per day, oldest left; the title says what is stored so colour is never the only cue. */
export function DayStrip({
  days,
  stored,
}: {
  days: UtcDay[];
  stored: { day: UtcDay; state: 'complete' | 'partial'; points: number }[];
}) {
  const byDay = new Map(stored.map((d) => [d.day, d]));
  const inWindow = stored.filter(
    (d) => byDay.has(d.day) && d.day >= (days[0] ?? '') && d.day <= (days.at(-1) ?? ''),
  ).length;
  return (
    <div
      data-testid="storage-strip"
      className="day-strip"
      role="img"
      aria-label={`${inWindow} of ${days.length} days stored`}
      style={{ gridTemplateColumns: `repeat(${days.length}, 1fr)` }}
    >
      {days.map((day) => {
        const s = byDay.get(day);
        const state = s?.state ?? 'missing';
        const title = s ? `${day}: ${state}, ${formatCount(s.points)} points` : `${day}: not downloaded`;
        return (
          <span
            key={day}
            data-testid="storage-day"
            data-day={day}
            data-state={state}
            title={title}
            className={`day-cell day-${state}`}
          />
        );
      })}
    </div>
  );
}
