import { useCallback, useMemo } from 'react';
import type { SafetyEvent, TrackAnalysis } from '../../../../shared/analysis/types.ts';
import { eventKey, inboxEvents } from '../../../../shared/inbox/events.ts';
import { reviewLogCsv } from '../../../../shared/inbox/review-log.ts';
import { marksForEvents, reviseMark, type ReviewMark, type ReviewState } from '../../../../shared/inbox/trail.ts';
import { useAppState } from '../../app/app-state.tsx';
import type { RouteLensApi } from '../../../../shared/ipc/contract.ts';
import type { InboxEvent } from '../../../../shared/inbox/events.ts';
import { useLive } from '../../store/hooks.ts';
import { marksOfVehicle } from '../../store/trail.ts';
import { writer } from '../../store/writer.ts';

/** The review trail of the selection's events: each event's mark, marking and clearing, and the log. */
export interface ReviewTrail {
  /** The vehicle's marks as stored (the audit bundle sends them; the backend matches them to its events). */
  marks: readonly ReviewMark[];
  markOf(e: SafetyEvent): ReviewMark | undefined;
  /** Records a decision as the reviewer the backend names now; refused with a sentence when it lacks a needed note. */
  save(e: SafetyEvent, state: ReviewState, note: string): Promise<void>;
  clear(e: SafetyEvent): Promise<void>;
  /** review_log.csv of the selection's marked events, or null when none is marked. */
  logCsv(): string | null;
  markedCount: number;
}

export interface TrailSubject {
  carrierId: string;
  vehicleId: string;
  vehicleNumber: string;
  /** The carrier's home zone: the log's days are its days. */
  zone: string;
  analysis: TrackAnalysis;
}

export function useReviewTrail(s: TrailSubject): ReviewTrail {
  const { carrierId, vehicleId, vehicleNumber, zone, analysis } = s;
  const { api } = useAppState();
  const stored = useLive(() => marksOfVehicle(carrierId, vehicleId), [carrierId, vehicleId]);
  const marks = useMemo(() => stored ?? [], [stored]);
  const events = useMemo(
    () => inboxEvents([{ carrierId, vehicleId, vehicleNumber, zone, analysis }]),
    [carrierId, vehicleId, vehicleNumber, zone, analysis],
  );
  const byEvent = useMemo(() => marksForEvents(events, marks), [events, marks]);
  const keyOf = useCallback((e: SafetyEvent) => eventKey({ vehicleId, kind: e.kind, startMs: e.startMs }), [vehicleId]);

  return useMemo(
    () => ({
      marks,
      markOf: (e) => byEvent.get(keyOf(e)),
      save: async (e, state, note) => {
        const event = events.find((x) => x.key === keyOf(e));
        if (!event) throw new Error('This event is no longer in the selection.');
        await recordDecision(api, carrierId, event, byEvent.get(event.key), state, note);
      },
      clear: async (e) => {
        const earlier = byEvent.get(keyOf(e));
        if (earlier) await writer.deleteMark(carrierId, earlier.key);
      },
      logCsv: () => (byEvent.size === 0 ? null : reviewLogCsv(events, byEvent)),
      markedCount: byEvent.size,
    }),
    [marks, byEvent, events, keyOf, carrierId, api],
  );
}

/**
 * Stores a decision about an event as the reviewer the backend names now, replacing the event's earlier
 * mark (whose decision joins the history); refused with reviseMark's sentence when a needed note is missing.
 */
export async function recordDecision(
  api: RouteLensApi,
  carrierId: string,
  event: InboxEvent,
  earlier: ReviewMark | undefined,
  state: ReviewState,
  note: string,
): Promise<void> {
  const reviewer = (await api.settings.getReviewer()).name;
  const mark = reviseMark(event, earlier, { state, note, reviewer, at: Date.now() });
  await writer.putMark(carrierId, mark, earlier?.key);
}
