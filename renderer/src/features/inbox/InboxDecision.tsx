import { useMemo } from 'react';
import { EVENT_KIND_ROWS } from '../../../../shared/analysis/event-kinds.ts';
import type { InboxEvent } from '../../../../shared/inbox/events.ts';
import type { ReviewMark } from '../../../../shared/inbox/trail.ts';
import type { ZoneFormatter } from '../../../../shared/time/zone.ts';
import { useAppState } from '../../app/app-state.tsx';
import { writer } from '../../store/writer.ts';
import { EventMark, type MarkTrail } from '../review/EventMark.tsx';
import { recordDecision } from '../review/use-review-trail.ts';

/**
 * The coaching decision of one inbox event, without leaving the inbox: the same controls as Trip review's
 * event list (needs coaching, coached with a note, dismissed with a reason), on the event's current mark.
 */
export function InboxDecision({
  event,
  mark,
  fmt,
  onClose,
}: {
  event: InboxEvent;
  mark: ReviewMark | undefined;
  fmt: ZoneFormatter;
  onClose: () => void;
}) {
  const { api } = useAppState();
  const trail = useMemo<MarkTrail<InboxEvent>>(
    () => ({
      markOf: () => mark,
      save: (e, state, note) => recordDecision(api, e.carrierId, e, mark, state, note),
      clear: async (e) => {
        if (mark) await writer.deleteMark(e.carrierId, mark.key);
      },
    }),
    [api, mark],
  );
  return (
    <div className="panel inbox-decision" role="dialog" aria-label="Review decision" data-testid="inbox-decision">
      <p className="inbox-decision-title">
        <strong>{EVENT_KIND_ROWS[event.kind].label}</strong> · {event.vehicleNumber} ·{' '}
        {fmt.dateTimeZoned(event.startMs)}
        <button type="button" className="btn btn-small" data-testid="inbox-decision-close" onClick={onClose}>
          Close
        </button>
      </p>
      <EventMark event={event} trail={trail} fmt={fmt} />
    </div>
  );
}
