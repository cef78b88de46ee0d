import { memo, useMemo, useState, type ReactNode } from 'react';
import type { SafetyEvent, TrackAnalysis } from '../../../../shared/analysis/types.ts';
import type { GapReason } from '../../../../shared/track/gaps.ts';
import { useProgressiveCount } from '../../components/use-progressive-count.ts';
import type { ZoneFormatter } from '../../../../shared/time/zone.ts';
import { formatDuration } from '../../../../shared/util/duration.ts';
import { EventMark } from './EventMark.tsx';
import type { PlaybackStore } from './playback-store.ts';
import type { ReviewTrail } from './use-review-trail.ts';

type Tab = 'trips' | 'stops' | 'events';

const EVENT_TEXT: Record<SafetyEvent['kind'], string> = {
  speeding: 'Speeding',
  'long-stop': 'Long stop',
  gap: 'Data gap',
};
const GAP_TEXT: Record<GapReason, string> = { offline: 'offline', silence: 'no readings', jump: 'position jump' };

function eventDetail(e: SafetyEvent): string {
  if (e.kind === 'speeding') return `peak ${e.peakSpeedMph.toFixed(0)} mph · ${formatDuration(e.durationSeconds)}`;
  if (e.kind === 'gap')
    return `${GAP_TEXT[e.reason]} · ${formatDuration(e.durationSeconds)} · ${e.miles.toFixed(1)} mi unaccounted`;
  return formatDuration(e.durationSeconds);
}

/** Trips, stops and safety events of the selection; a click seeks playback to the start. */
export const ReviewLists = memo(function ReviewLists({
  analysis,
  fmt,
  store,
  trail,
  eventsToolbar,
}: {
  analysis: TrackAnalysis;
  fmt: ZoneFormatter;
  store: PlaybackStore;
  /** The review trail of these events: each event row shows and sets its mark. */
  trail?: ReviewTrail | undefined;
  /** Beside the events' kind filter (the review log's export). */
  eventsToolbar?: ReactNode;
}) {
  const [tab, setTab] = useState<Tab>('trips');
  const [kind, setKind] = useState<'all' | SafetyEvent['kind']>('all');
  const events = useMemo(
    () => (kind === 'all' ? analysis.events : analysis.events.filter((e) => e.kind === kind)),
    [analysis, kind],
  );
  const list = tab === 'trips' ? analysis.trips : tab === 'stops' ? analysis.stops : events;
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
      {tab === 'trips' && (
        <ol className="review-list" data-testid="trip-list">
          {analysis.trips.slice(0, rows).map((t, k) => (
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
                onClick={() => seek(t.startMs)}
              >
                <span className="row-title">
                  Trip {k + 1} · {t.distanceMiles.toFixed(1)} mi · {formatDuration(t.durationSeconds)}
                </span>
                <span className="row-sub">
                  {fmt.dateTime(t.startMs)} → {fmt.time(t.endMs)} · avg {t.avgSpeedMph.toFixed(0)} · max{' '}
                  {t.maxSpeedMph.toFixed(0)} mph
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
            </li>
          ))}
          {analysis.trips.length === 0 && <li className="muted empty-row">No trips in this selection.</li>}
        </ol>
      )}
      {tab === 'stops' && (
        <ol className="review-list" data-testid="stop-list">
          {analysis.stops.slice(0, rows).map((s) => (
            <li key={s.startMs}>
              <button type="button" data-testid="stop-row" data-start-ms={s.startMs} onClick={() => seek(s.startMs)}>
                <span className="row-title">{formatDuration(s.durationSeconds)} stop</span>
                <span className="row-sub">
                  {fmt.dateTime(s.startMs)} · {s.place}
                </span>
              </button>
            </li>
          ))}
          {analysis.stops.length === 0 && <li className="muted empty-row">No stops in this selection.</li>}
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
              <option value="speeding">Speeding</option>
              <option value="long-stop">Long stops</option>
              <option value="gap">Data gaps</option>
            </select>
            {eventsToolbar}
          </div>
          <ol className="review-list" data-testid="event-list">
            {events.slice(0, rows).map((e) => (
              <li key={`${e.kind}-${e.startMs}`}>
                <button
                  type="button"
                  data-testid="event-row"
                  data-kind={e.kind}
                  data-start-ms={e.startMs}
                  data-end-ms={e.endMs}
                  data-peak={e.kind === 'speeding' ? e.peakSpeedMph : undefined}
                  data-reason={e.kind === 'gap' ? e.reason : undefined}
                  onClick={() => seek(e.startMs)}
                >
                  <span className={`row-title event-${e.kind}`}>{EVENT_TEXT[e.kind]}</span>
                  <span className="row-sub">
                    {fmt.dateTime(e.startMs)} · {eventDetail(e)}
                  </span>
                  <span className="row-sub muted">{e.place}</span>
                </button>
                {trail && <EventMark event={e} trail={trail} fmt={fmt} />}
              </li>
            ))}
            {events.length === 0 && <li className="muted empty-row">No events.</li>}
          </ol>
        </>
      )}
    </section>
  );
});
