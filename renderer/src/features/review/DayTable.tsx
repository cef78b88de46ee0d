import { memo, useMemo } from 'react';
import { dayTableRows } from '../../../../shared/analysis/day-table.ts';
import type { SafetyEvent } from '../../../../shared/analysis/types.ts';
import { localDayOfMs } from '../../../../shared/time/local-day.ts';
import type { DaySummary } from '../../../../shared/track/summary.ts';
import { formatDuration } from '../../../../shared/util/duration.ts';
import { missingHoursText, type LocalDayCoverage } from '../../../../shared/track/local-coverage.ts';
import './review-lists.css';

const WEEKDAY = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });

/** "Mon 2026-06-01": the day's own date (a local day's label read as a UTC date, so no zone shifts it). */
function dayLabel(day: string): string {
  return `${WEEKDAY.format(Date.parse(`${day}T12:00:00Z`))} ${day}`;
}

/**
 * Per-day table of a selection longer than a day: the day summaries the totals strip adds up, one row a
 * day with readings; the day's button opens Trip review on that day alone (back returns to the range).
 */
export const DayTable = memo(function DayTable({
  summaries,
  events,
  zone,
  coverage,
  onOpenDay,
}: {
  summaries: readonly DaySummary[];
  events: readonly SafetyEvent[];
  /** The carrier's home zone: the local days the summaries are of. */
  zone: string;
  /** How much of each day is downloaded: a partial day's row says so, with the hours missing. */
  coverage?: readonly LocalDayCoverage[] | undefined;
  onOpenDay: (day: string) => void;
}) {
  const partial = useMemo(
    () => new Map((coverage ?? []).filter((c) => c.state === 'partial').map((c) => [c.day, missingHoursText(c, zone)])),
    [coverage, zone],
  );
  const rows = useMemo(
    () => dayTableRows(summaries, events, (ms) => localDayOfMs(ms, zone)),
    [summaries, events, zone],
  );
  return (
    <section className="day-table-wrap" aria-label="Per day" data-testid="day-table" data-rows={rows.length}>
      <h3 className="day-table-title">
        Per day <span className="muted">(days in {zone}; click a day to review it alone)</span>
      </h3>
      <div className="day-table-scroll">
        <table className="data-table day-table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col" className="num">
                Distance
              </th>
              <th scope="col" className="num">
                Driving
              </th>
              <th scope="col" className="num">
                Max speed
              </th>
              <th scope="col" className="num" title="Speeding events">
                Speeding
              </th>
              <th scope="col" className="num" title="Long stops (starting that day)">
                Long stops
              </th>
              <th scope="col" className="num" title="Data gaps">
                Gaps
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr
                key={r.day}
                data-testid="day-row"
                data-day={r.day}
                data-miles={r.distanceMiles.toFixed(1)}
                data-moving-seconds={r.movingSeconds}
                data-max={r.maxSpeedMph}
                data-speeding={r.speedingEvents}
                data-long-stops={r.longStops}
                data-gaps={r.gaps}
              >
                <td>
                  <button
                    type="button"
                    className="link-button"
                    data-testid="day-open"
                    title={`Review ${r.day} alone`}
                    onClick={() => onOpenDay(r.day)}
                  >
                    {dayLabel(r.day)}
                  </button>
                  {partial.has(r.day) && (
                    <span className="day-partial" data-testid="day-partial" title={partial.get(r.day)}>
                      {' '}
                      partial: {partial.get(r.day)}
                    </span>
                  )}
                </td>
                <td className="num">
                  {r.distanceMiles.toFixed(1)} mi
                  {r.gapDistanceMiles >= 0.05 && (
                    <span className="muted" title="Straight-line miles across data gaps">
                      {' '}
                      + {r.gapDistanceMiles.toFixed(1)}
                    </span>
                  )}
                </td>
                <td className="num">{formatDuration(r.movingSeconds)}</td>
                <td className="num">{r.maxSpeedMph.toFixed(0)} mph</td>
                <td className={`num${r.speedingEvents > 0 ? ' day-bad' : ''}`}>{r.speedingEvents}</td>
                <td className="num">{r.longStops}</td>
                <td className="num">{r.gaps}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
});
