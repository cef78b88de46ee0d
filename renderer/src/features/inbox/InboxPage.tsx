import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { InboxEvent } from '../../../../shared/inbox/events.ts';
import type { Scorecard } from '../../../../shared/inbox/scorecards.ts';
import { createZoneFormatter } from '../../../../shared/time/zone.ts';
import { useAppState } from '../../app/app-state.tsx';
import { useLive } from '../../store/hooks.ts';
import { storeStamp } from '../../store/reads.ts';
import { marksOfCarrier } from '../../store/trail.ts';
import type { ReviewPlace } from '../layout/navigation.ts';
import { DEFAULT_QUERY, outwardArea, type InboxQuery } from './inbox-query.ts';
import { inboxCarriers, useInboxParams, withRange } from './inbox-scope.ts';
import { InboxEventList } from './InboxEventList.tsx';
import { InboxFilters } from './InboxFilters.tsx';
import { Scorecards } from './Scorecards.tsx';
import { useInboxData } from './use-inbox-data.ts';
import { useInboxView } from './use-inbox-view.ts';
import { useInboxDrivers } from './use-inbox-drivers.ts';
import { PartialDaysNote } from './PartialDaysNote.tsx';
import { SharedAnalysisSettings } from '../review/AnalysisSettings.tsx';
import { InboxMap } from './InboxMap.tsx';
import { TrailView } from './TrailView.tsx';
import { DriverScorecards } from '../drivers/DriverScorecards.tsx';
import { InboxLoadStatus } from './InboxLoadStatus.tsx';
import { InboxDecision } from './InboxDecision.tsx';
import type { Bounds } from '../../map/index.ts';
import './inbox.css';

/**
 * The safety inbox: every speeding, long-stop and gap event of every downloaded vehicle of the chosen
 * carriers in a range, from the stored data with Trip review's analysis and parameters, filtered, sorted
 * and grouped; vehicle scorecards beside it. The query lives in the address (App passes it in and takes
 * every change back), so back from Trip review returns to the same list.
 */
export function InboxPage({
  query,
  onQuery,
  onOpenReview,
}: {
  query: InboxQuery | undefined;
  onQuery: (q: InboxQuery) => void;
  onOpenReview: (place: ReviewPlace) => void;
}) {
  const { carriers, info } = useAppState();
  const today = info.today;
  const q: InboxQuery = useMemo(() => withRange(query ?? DEFAULT_QUERY, today), [query, today]);
  const change = (patch: Partial<InboxQuery>) => onQuery({ ...q, ...patch });

  const chosen = useMemo(() => inboxCarriers(carriers, q.carrierIds), [carriers, q.carrierIds]);
  const params = useInboxParams();
  // Stored days changing (a download finishing, a day fetched again, a delete) reloads.
  const dataVersion = useLive(storeStamp, []);
  const load = useInboxData(chosen, q.from, q.to, params, dataVersion, today || null);
  const data = load.state === 'ready' ? load.data : null;
  const carrierKey = chosen.map((c) => c.carrierId).join(',');
  const marks = useLive(
    async () => (await Promise.all(chosen.map((c) => marksOfCarrier(c.carrierId)))).flat(),
    [carrierKey],
  );
  const drivers = useInboxDrivers(
    chosen.map((c) => c.carrierId),
    data?.events ?? null,
  );
  const events = drivers.events ?? data?.events ?? NO_EVENTS;
  const view = useInboxView(events, marks ?? NO_MARKS, q);
  // Every time is shown in its carrier's home zone, with the zone's abbreviation: the clock the days are counted in.
  const clocks = useMemo(() => new Map(chosen.map((c) => [c.carrierId, createZoneFormatter(c.zone)])), [chosen]);
  const clockOf = useCallback((id: string) => clocks.get(id) ?? UTC_CLOCK, [clocks]);
  // The carrier beside each truck only when the list mixes carriers.
  const showCarrier = new Set(data?.scorecards.map((c) => c.carrierId)).size > 1;

  const open = (e: InboxEvent) =>
    onOpenReview({
      carrierId: e.carrierId,
      vehicleId: e.vehicleId,
      day: e.day,
      span: 'day',
      event: { startMs: e.startMs, endMs: e.endMs },
    });
  // The map's handlers are registered once per map: they read the current query and data through refs.
  const qRef = useRef(q);
  const onQueryRef = useRef(onQuery);
  const eventsRef = useRef(events);
  const openRef = useRef(open);
  useEffect(() => {
    qRef.current = q;
    onQueryRef.current = onQuery;
    eventsRef.current = events;
    openRef.current = open;
  });
  const onArea = useCallback((area: Bounds) => onQueryRef.current({ ...qRef.current, area: outwardArea(area) }), []);
  const onMapEvent = useCallback((key: string) => {
    const e = eventsRef.current.find((x) => x.key === key);
    if (e) openRef.current(e);
  }, []);
  const openVehicle = (c: Scorecard) => change({ tab: 'events', vehicleId: c.vehicleId });
  const [trailOpen, setTrailOpen] = useState(false);
  const [driversOpen, setDriversOpen] = useState(false);
  const [deciding, setDeciding] = useState<InboxEvent | null>(null);
  const scorecards = data?.scorecards;
  const knownNumbers = useMemo(
    () => new Map((scorecards ?? []).map((c) => [`${c.carrierId}|${c.vehicleId}`, c.vehicleNumber])),
    [scorecards],
  );
  if (trailOpen && q.from && q.to)
    return <TrailView from={q.from} to={q.to} knownNumbers={knownNumbers} onClose={() => setTrailOpen(false)} />;
  if (driversOpen && q.from && q.to)
    return (
      <DriverScorecards
        from={q.from}
        to={q.to}
        carriers={chosen}
        params={params}
        onClose={() => setDriversOpen(false)}
      />
    );

  return (
    <section
      className="page inbox-page"
      data-testid="inbox-page"
      data-state={load.state}
      data-load-ms={load.state === 'ready' ? load.ms.toFixed(0) : undefined}
      data-key={load.state === 'ready' ? load.key : undefined}
      data-analysed={data?.analysed}
      data-reused={data?.reused}
      data-events={data?.events.length}
      data-shown={view.shown}
      data-drivers={drivers.events ? 'ready' : 'loading'}
    >
      <header className="page-header">
        <h1>Safety inbox</h1>
        <p className="page-meta" data-testid="inbox-meta">
          {q.from} → {q.to} (each carrier&apos;s home-zone days, times in its zone:{' '}
          {[...new Set(chosen.map((c) => c.zone))].join(', ') || 'UTC'}) · limit {params.speedingThresholdMph} mph and
          Trip review&apos;s analysis settings
        </p>
      </header>

      <div className="panel inbox-controls">
        <fieldset className="inbox-carriers">
          <legend>Carriers</legend>
          {carriers.map((c) => (
            <label key={c.id}>
              <input
                type="checkbox"
                data-testid={`inbox-carrier-${c.id}`}
                checked={q.carrierIds.length === 0 || q.carrierIds.includes(c.id)}
                onChange={(e) => {
                  const current = q.carrierIds.length === 0 ? carriers.map((x) => x.id) : q.carrierIds;
                  const next = e.target.checked ? [...current, c.id] : current.filter((id) => id !== c.id);
                  change({ carrierIds: next.length === carriers.length ? [] : next, vehicleId: null });
                }}
              />{' '}
              {c.label}
            </label>
          ))}
        </fieldset>
        <label>
          From{' '}
          <input
            type="date"
            data-testid="inbox-from"
            value={q.from}
            max={q.to}
            onChange={(e) => e.target.value && e.target.value <= q.to && change({ from: e.target.value, day: null })}
          />
        </label>
        <label>
          To{' '}
          <input
            type="date"
            data-testid="inbox-to"
            value={q.to}
            min={q.from}
            max={today}
            onChange={(e) => e.target.value && e.target.value >= q.from && change({ to: e.target.value, day: null })}
          />
        </label>
        <SharedAnalysisSettings testIdPrefix="inbox" hint={false} />
        <button type="button" className="btn" data-testid="inbox-trail-open" onClick={() => setTrailOpen(true)}>
          Review trail…
        </button>
        <button type="button" className="btn" data-testid="inbox-drivers-open" onClick={() => setDriversOpen(true)}>
          Driver scorecards…
        </button>
        <div className="tabs" role="tablist">
          {(['events', 'scorecards'] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              className="tab"
              aria-selected={q.tab === t}
              data-testid={`inbox-tab-${t}`}
              onClick={() => change({ tab: t })}
            >
              {t === 'events'
                ? `Events (${view.shown.toLocaleString('en-US')})`
                : `Scorecards (${data?.scorecards.length ?? 0})`}
            </button>
          ))}
        </div>
      </div>
      <InboxLoadStatus load={load} nothingStored={data?.vehicles === 0} from={q.from} to={q.to} />
      {data && data.vehicles > 0 && q.tab === 'events' && (
        <>
          <InboxFilters
            q={q}
            onChange={change}
            counts={view.counts}
            tierCounts={view.tierCounts}
            vehicles={data.scorecards}
            events={events}
            driverNames={drivers.namesByCarrier}
            carrierLabel={(id) => carriers.find((c) => c.id === id)?.label ?? id}
          />
          <div className="inbox-summary-row">
            <p className="muted inbox-summary" data-testid="inbox-summary">
              {view.shown.toLocaleString('en-US')} of {data.events.length.toLocaleString('en-US')} events ·{' '}
              {data.vehicles} vehicles
              {q.area && (
                <>
                  {' '}
                  · in the area chosen on the map{' '}
                  <button
                    type="button"
                    className="btn btn-small"
                    data-testid="inbox-area-clear"
                    onClick={() => change({ area: null })}
                  >
                    Whole map
                  </button>
                </>
              )}
            </p>
            {data.partial.length > 0 && (
              <PartialDaysNote
                partial={data.partial}
                carrierLabel={(id) => carriers.find((c) => c.id === id)?.label ?? id}
                vehicleNumber={(id) => data.scorecards.find((c) => c.vehicleId === id)?.vehicleNumber ?? id}
              />
            )}
          </div>
          <div className="inbox-body">
            <InboxEventList
              rows={view.rows}
              marks={view.marks}
              carriers={carriers}
              showCarrier={showCarrier}
              driverNames={drivers.namesByCarrier}
              clockOf={clockOf}
              onOpen={open}
              onDecide={setDeciding}
            />
            <InboxMap events={view.mapEvents} onArea={onArea} onEvent={onMapEvent} />
          </div>
          {deciding && (
            <InboxDecision
              event={deciding}
              mark={view.marks.get(deciding.key)}
              fmt={clockOf(deciding.carrierId)}
              onClose={() => setDeciding(null)}
            />
          )}
        </>
      )}
      {data && data.vehicles > 0 && q.tab === 'scorecards' && (
        <Scorecards
          cards={data.scorecards}
          metric={q.metric}
          onMetric={(metric) => change({ metric })}
          carriers={carriers}
          showCarrier={showCarrier}
          onOpenVehicle={openVehicle}
        />
      )}
    </section>
  );
}

const NO_EVENTS: InboxEvent[] = [];
const UTC_CLOCK = createZoneFormatter('UTC');
const NO_MARKS: never[] = [];
