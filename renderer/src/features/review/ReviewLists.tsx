import { memo, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { EVENT_KIND_ROWS, EVENT_KINDS, eventFigures, reviewDetail } from '../../../../shared/analysis/event-kinds.ts';
import type { SafetyEvent, TrackAnalysis } from '../../../../shared/analysis/types.ts';
import { useProgressiveCount } from '../../components/use-progressive-count.ts';
import type { ZoneFormatter } from '../../../../shared/time/zone.ts';
import { formatDuration } from '../../../../shared/util/duration.ts';
import { EventDriver, TripDriver } from '../drivers/ReviewDrivers.tsx';
import { EventMark } from './EventMark.tsx';
import type { PlaybackStore } from './playback-store.ts';
import type { ReviewTrail } from './use-review-trail.ts';
import { ListControls } from './ListControls.tsx';
import './review-lists.css';
import { BY_TIME, eventsPerTrip, matchesPlace, orderEvents, orderTrips, type ListSort } from './list-order.ts';

type Tab = 'trips' | 'stops' | 'events';

/**
 * Trips, stops and safety events of the selection; a click seeks playback to the start (an event row
 * opens the event through `onEvent` when given). Trips and events
 * sort by time, distance, duration or peak, or worst first, and are searched by place (stops by place too).
 * Six months has hundreds of trips and thousands of events: ordering is one sort of plain objects, and rows
 * are added in idle slices (useProgressiveCount), so a new order or query shows its first screen at once.
 */
export const ReviewLists = memo(function ReviewLists({
  analysis,
  fmt,
  store,
  thresholdMph,
  trail,
  eventsToolbar,
  onEvent,
}: {
  analysis: TrackAnalysis;
  fmt: ZoneFormatter;
  store: PlaybackStore;
  /** The limit the analysis used: "worst first" ranks speeding by how far over it the peak was. */
  thresholdMph: number;
  /** The review trail of these events: each event row shows and sets its mark. */
  trail?: ReviewTrail | undefined;
  /** Beside the events' kind filter (the review log's export). */
  eventsToolbar?: ReactNode;
  /** An event row clicked: opened (seek and zoom to it) instead of only seeking. */
  onEvent?: ((e: SafetyEvent) => void) | undefined;
}) {
  const [tab, setTab] = useState<Tab>('trips');
  const [kind, setKind] = useState<'all' | SafetyEvent['kind']>('all');
  const [sort, setSort] = useState<ListSort>(BY_TIME);
  const [query, setQuery] = useState('');
  // Typing stays instant: the lists follow the query at React's next idle render, not on each keystroke.
  const shownQuery = useDeferredValue(query);
  // Trip numbers stay chronological whatever the order shown ("Trip 12" is the 12th of the selection).
  const tripNumber = useMemo(() => new Map(analysis.trips.map((t, k) => [t.id, k + 1])), [analysis]);
  // Shown on each trip: what "Worst first" ranks trips by.
  const tripEvents = useMemo(() => eventsPerTrip(analysis.trips, analysis.events), [analysis]);
  const trips = useMemo(
    () => orderTrips(analysis.trips, analysis.events, sort, shownQuery),
    [analysis, sort, shownQuery],
  );
  const kindEvents = useMemo(
    () => (kind === 'all' ? analysis.events : analysis.events.filter((e) => e.kind === kind)),
    [analysis, kind],
  );
  const events = useMemo(
    () => orderEvents(kindEvents, sort, shownQuery, thresholdMph),
    [kindEvents, sort, shownQuery, thresholdMph],
  );
  const stops = useMemo(
    () => (shownQuery.trim() ? analysis.stops.filter((s) => matchesPlace([s.place], shownQuery)) : analysis.stops),
    [analysis, shownQuery],
  );
  const list = tab === 'trips' ? trips : tab === 'stops' ? stops : events;
  const rows = useProgressiveCount(list.length, list);
  const seek = (ms: number) => store.seek(ms);
  return (
    <section className="review-lists" aria-label="Trips, stops and events">
      <div className="tabs" role="tablist">
        {(
          [
            ['trips', `Trips (${analysis.trips.length})`],
            ['stops', `Stops (${analysis.stops.length})`],
            ['events', `Events (${analysis.events.length})`],
          ] as const
        ).map(([k, label]) => (
          <button
            key={k}
            type="button"
            role="tab"
            className="tab"
            aria-selected={tab === k}
            data-testid={`tab-${k}`}
            onClick={() => setTab(k)}
          >
            {label}
          </button>
        ))}
      </div>
      {tab !== 'stops' && (
        <ListControls
          what={tab}
          sort={sort}
          onSort={setSort}
          query={query}
          onQuery={setQuery}
          shown={list.length}
          total={tab === 'trips' ? analysis.trips.length : kindEvents.length}
        />
      )}
      {tab === 'stops' && (
        <div className="list-controls">
          <input
            type="search"
            data-testid="list-search"
            placeholder="Search places"
            aria-label="Search stops by place"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
      )}
      {tab === 'trips' && (
        <ol className="review-list" data-testid="trip-list" data-sort={`${sort.key}-${sort.direction}`}>
          {trips.slice(0, rows).map((t) => (
            <li key={t.id}>
              <button
                type="button"
                data-testid="trip-row"
                data-start-ms={t.startMs}
                data-end-ms={t.endMs}
                data-miles={t.distanceMiles.toFixed(1)}
                data-unaccounted-miles={t.unaccountedMiles.toFixed(1)}
                data-avg={t.avgSpeedMph.toFixed(1)}
                data-max={t.maxSpeedMph}
                data-duration={t.durationSeconds}
                data-start-place={t.startPlace}
                data-end-place={t.endPlace}
                onClick={() => seek(t.startMs)}
              >
                <span className="row-title">
                  Trip {tripNumber.get(t.id)} · {t.distanceMiles.toFixed(1)} mi · {formatDuration(t.durationSeconds)}
                  {(tripEvents.get(t.id) ?? 0) > 0 && (
                    <span className="trip-events" data-testid="trip-events">
                      {' '}
                      · {tripEvents.get(t.id)} {tripEvents.get(t.id) === 1 ? 'event' : 'events'}
                    </span>
                  )}
                </span>
                <span className="row-sub row-figures" data-testid="trip-figures">
                  {fmt.dateTimeZoned(t.startMs)} → {fmt.timeZoned(t.endMs)} · avg {t.avgSpeedMph.toFixed(0)} · max{' '}
                  {Number.isNaN(t.maxSpeedMph) ? '—' : `${t.maxSpeedMph.toFixed(0)} mph`}
                </span>
                {t.unaccountedMiles >= 0.05 && (
                  <span className="row-sub muted">
                    + {t.unaccountedMiles.toFixed(1)} mi across data gaps (unaccounted)
                  </span>
                )}
                <span className="row-sub muted">
                  {t.startPlace} → {t.endPlace}
                </span>
              </button>
              <TripDriver trip={t} />
            </li>
          ))}
          {trips.length === 0 && (
            <li className="muted empty-row">
              {analysis.trips.length === 0 ? 'No trips in this selection.' : 'No trip matches this search.'}
            </li>
          )}
        </ol>
      )}
      {tab === 'stops' && (
        <ol className="review-list" data-testid="stop-list">
          {stops.slice(0, rows).map((s) => (
            <li key={s.startMs}>
              <button type="button" data-testid="stop-row" data-start-ms={s.startMs} onClick={() => seek(s.startMs)}>
                <span className="row-title">{formatDuration(s.durationSeconds)} stop</span>
                <span className="row-sub">
                  {fmt.dateTimeZoned(s.startMs)} · {s.place}
                </span>
              </button>
            </li>
          ))}
          {stops.length === 0 && (
            <li className="muted empty-row">
              {analysis.stops.length === 0 ? 'No stops in this selection.' : 'No stop matches this search.'}
            </li>
          )}
        </ol>
      )}
      {tab === 'events' && (
        <>
          <div className="event-filter">
            <select
              data-testid="event-kind"
              value={kind}
              onChange={(e) => setKind(e.target.value as typeof kind)}
              aria-label="Event kind"
            >
              <option value="all">All events</option>
              {EVENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {EVENT_KIND_ROWS[k].plural}
                </option>
              ))}
            </select>
            {eventsToolbar}
          </div>
          <ol className="review-list" data-testid="event-list" data-sort={`${sort.key}-${sort.direction}`}>
            {events.slice(0, rows).map((e) => (
              <li key={`${e.kind}-${e.startMs}`}>
                <button
                  type="button"
                  data-testid="event-row"
                  data-kind={e.kind}
                  data-start-ms={e.startMs}
                  data-end-ms={e.endMs}
                  data-peak={eventFigures(e, thresholdMph).peakSpeedMph ?? undefined}
                  data-over={eventFigures(e, thresholdMph).overLimitMph ?? undefined}
                  data-reason={e.kind === 'gap' ? e.reason : undefined}
                  data-duration={e.durationSeconds}
                  data-place={e.place}
                  onClick={() => (onEvent ? onEvent(e) : seek(e.startMs))}
                >
                  <span className={`row-title event-${e.kind}`}>{EVENT_KIND_ROWS[e.kind].label}</span>
                  <span className="row-sub">
                    {fmt.dateTimeZoned(e.startMs)} · {reviewDetail(e)}
                  </span>
                  <span className="row-sub muted">{e.place}</span>
                </button>
                <EventDriver event={e} />
                {trail && <EventMark event={e} trail={trail} fmt={fmt} />}
              </li>
            ))}
            {events.length === 0 && (
              <li className="muted empty-row">
                {kindEvents.length === 0 ? 'No events.' : 'No event matches this search.'}
              </li>
            )}
          </ol>
        </>
      )}
    </section>
  );
});
