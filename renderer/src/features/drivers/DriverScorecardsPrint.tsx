import { EVENT_KIND_ROWS } from '../../../../shared/analysis/event-kinds.ts';
import type { ZoneFormatter } from '../../../../shared/time/zone.ts';
import { DRIVER_SCREEN_COLUMNS, figureText, TREND_ARROW, trendOf } from './driver-figure-columns.ts';
import type { DriverCard } from './driver-scorecards-data.ts';

const TREND_WORDS = { up: 'up', down: 'down', same: 'same', none: '' } as const;

/**
 * One US Letter page per driver for a coaching session (driver-scorecards.css prints only these): who, the
 * range, every figure beside the range before with its trend, and the driver's events marked "needs
 * coaching" with their notes. The unassigned row has nobody to coach: it gets no page.
 */
export function DriverScorecardsPrint({
  cards,
  rangeText,
  carrierLabel,
  clockOf,
}: {
  cards: readonly DriverCard[];
  rangeText: string;
  carrierLabel: (carrierId: string) => string;
  clockOf: (carrierId: string) => ZoneFormatter;
}) {
  const people = cards.filter((c) => c.card.driverId !== null);
  return (
    <div className="driver-print" data-testid="driver-print">
      {people.map(({ card, coaching }) => {
        const clock = clockOf(card.carrierId);
        return (
          <section
            key={`${card.carrierId}|${card.driverId}`}
            className="driver-print-page"
            data-testid="driver-print-page"
            data-username={card.username}
          >
            <h1>
              {card.name || card.username} <span className="muted">({card.username})</span>
            </h1>
            <p>
              Driver scorecard · {carrierLabel(card.carrierId)} · {rangeText}
            </p>
            <table className="driver-print-figures">
              <thead>
                <tr>
                  <th>Figure</th>
                  <th className="num">This range</th>
                  <th className="num">Range before</th>
                  <th>Trend</th>
                </tr>
              </thead>
              <tbody>
                {DRIVER_SCREEN_COLUMNS.map((col) => {
                  const trend = trendOf(col, card.current, card.previous);
                  return (
                    <tr key={col.id}>
                      <td>{col.label}</td>
                      <td className="num">{figureText(col, card.current)}</td>
                      <td className="num">{figureText(col, card.previous)}</td>
                      <td>{trend === 'none' ? '' : `${TREND_ARROW[trend]} ${TREND_WORDS[trend]}`}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <h2>Events to coach ({coaching.length})</h2>
            {coaching.length === 0 ? (
              <p className="muted">No event of this driver in the range is marked “needs coaching”.</p>
            ) : (
              <ol className="driver-print-coaching">
                {coaching.map(({ event, mark }) => (
                  <li key={event.key}>
                    {EVENT_KIND_ROWS[event.kind].label} · {event.vehicleNumber} · {clock.dateTimeZoned(event.startMs)} ·{' '}
                    {event.place}
                    {mark.note && <div className="driver-print-note">Note: {mark.note}</div>}
                  </li>
                ))}
              </ol>
            )}
            <p className="driver-print-foot muted">
              Probable HOS conflicts come from the ELD&apos;s own clocks in snapshots RouteLens kept while a truck
              assigned to this driver was moving: probable, never a violation.
            </p>
          </section>
        );
      })}
    </div>
  );
}
