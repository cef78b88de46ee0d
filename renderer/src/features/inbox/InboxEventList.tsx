import type { CarrierView } from '../../../../shared/domain/carrier.ts';
import { EVENT_KIND_ROWS } from '../../../../shared/analysis/event-kinds.ts';
import { driverText } from '../../../../shared/inbox/drivers.ts';
import type { InboxEvent } from '../../../../shared/inbox/events.ts';
import type { DriverName } from '../../../../shared/drivers/types.ts';
import { REVIEW_STATE_ROWS, type ReviewMark } from '../../../../shared/inbox/trail.ts';
import type { ZoneFormatter } from '../../../../shared/time/zone.ts';
import { VirtualList } from '../../components/VirtualList.tsx';
import type { InboxRow } from './use-inbox-view.ts';

const ROW_HEIGHT = 58;
const inboxDetail = (e: InboxEvent) => EVENT_KIND_ROWS[e.kind].inboxDetail(e);

/** The inbox's events, virtualised; a click opens the event in Trip review at its moment. */
export function InboxEventList({
  rows,
  marks,
  carriers,
  showCarrier,
  driverNames,
  clockOf,
  onOpen,
  onDecide,
}: {
  rows: readonly InboxRow[];
  marks: ReadonlyMap<string, ReviewMark>;
  carriers: readonly CarrierView[];
  showCarrier: boolean;
  /** Each carrier's kept drivers by id: the Driver cell's names. */
  driverNames: ReadonlyMap<string, ReadonlyMap<string, DriverName>>;
  /** The clock of each carrier's events: its home zone, whose days the inbox counts. */
  clockOf: (carrierId: string) => ZoneFormatter;
  onOpen: (e: InboxEvent) => void;
  /** The row's "Decide…": the coaching decision without leaving the inbox. */
  onDecide: (e: InboxEvent) => void;
}) {
  const label = new Map(carriers.map((c) => [c.id, c.label]));
  return (
    <div className="inbox-list-wrap">
      {rows.length === 0 && (
        <p className="muted inbox-empty" data-testid="inbox-empty">
          No events match these filters.
        </p>
      )}
      <VirtualList
        items={rows}
        rowHeight={ROW_HEIGHT}
        testId="inbox-list"
        label="Safety events"
        rowKey={(r) => (r.type === 'group' ? `g:${r.key}` : `${r.event.carrierId}|${r.event.key}`)}
        renderRow={(r) => {
          if (r.type === 'group')
            return (
              <div className="inbox-group" data-testid="inbox-group" data-key={r.key}>
                {r.label} <span className="muted">· {r.count.toLocaleString('en-US')}</span>
              </div>
            );
          const e = r.event;
          const mark = marks.get(e.key);
          const clock = clockOf(e.carrierId);
          return (
            <div className="inbox-row-wrap">
              <button
                type="button"
                className="inbox-row"
                data-testid="inbox-event"
                data-key={e.key}
                data-kind={e.kind}
                data-tier={e.tier ?? undefined}
                data-vehicle-id={e.vehicleId}
                data-start-ms={e.startMs}
                data-day={e.day}
                data-over={e.overLimitMph ?? ''}
                data-duration={e.durationSeconds}
                data-at-least={e.atLeast ? 'true' : undefined}
                data-review={mark?.state ?? 'open'}
                data-driver-id={e.driverId ?? undefined}
                onClick={() => onOpen(e)}
              >
                <span className={`inbox-kind event-${e.kind}`}>
                  {EVENT_KIND_ROWS[e.kind].label}
                  {e.tier !== null && (
                    <span className={`tier-badge tier-${e.tier}`} data-testid="inbox-tier">
                      {' '}
                      · {e.tier}
                    </span>
                  )}
                </span>
                <span
                  className="inbox-vehicle"
                  title={showCarrier ? `${e.vehicleNumber} · ${label.get(e.carrierId) ?? e.carrierId}` : undefined}
                >
                  {e.vehicleNumber}
                  {showCarrier && <span className="muted"> · {label.get(e.carrierId) ?? e.carrierId}</span>}
                </span>
                <span className="inbox-when" data-testid="inbox-when">
                  {clock.dateTime(e.startMs).slice(0, 16)} {clock.abbreviation(e.startMs)}
                </span>
                <span className="inbox-detail" title={inboxDetail(e)}>
                  {inboxDetail(e)}
                </span>
                <span className="inbox-place muted" title={e.place}>
                  {e.place}
                </span>
                <span
                  className={`inbox-driver${e.driverId === null ? ' muted' : ''}`}
                  data-testid="inbox-driver"
                  title={`Driver at the start: ${driverCell(e, driverNames)}`}
                >
                  {driverCell(e, driverNames)}
                </span>
                <span
                  className={`inbox-mark${mark ? ` mark-badge mark-${mark.state}` : ' muted'}`}
                  data-testid="inbox-mark"
                  title={mark ? `${mark.reviewer || '—'} · ${clock.dateTime(mark.reviewedAt).slice(0, 16)}` : undefined}
                >
                  {mark ? REVIEW_STATE_ROWS[mark.state].label : 'Not reviewed'}
                  {mark && <span className="inbox-mark-by"> · {mark.reviewer || '—'}</span>}
                </span>
              </button>
              <button
                type="button"
                className="btn btn-small inbox-decide"
                data-testid="inbox-decide"
                aria-label={`Decide about this ${EVENT_KIND_ROWS[e.kind].label.toLowerCase()} event`}
                onClick={() => onDecide(e)}
              >
                Decide…
              </button>
            </div>
          );
        }}
      />
    </div>
  );
}

/** Who drove: the kept roster's name, the id of a driver it does not list, "Unassigned", or "…" while the assignments load. */
function driverCell(e: InboxEvent, names: ReadonlyMap<string, ReadonlyMap<string, DriverName>>): string {
  if (e.driverId === undefined) return '…';
  return e.driverId === null ? 'Unassigned' : driverText(e.driverId, names.get(e.carrierId));
}
