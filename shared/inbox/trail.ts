import { isEventKind } from '../analysis/event-kinds.ts';
import type { InboxEvent, InboxKind } from './events.ts';

/**
 * The review trail: what a safety manager decided about an event (reviewed, coached, dismissed), with a
 * note and the time. Marks are keyed by vehicle, kind and start time; a re-download or a re-analysis
 * with other parameters can move an event's start, so a mark also holds the event's span and follows
 * the event of the same vehicle and kind that overlaps it most.
 */
export const REVIEW_STATES = ['reviewed', 'coached', 'dismissed'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const MAX_NOTE_LENGTH = 500;

export interface ReviewMark {
  key: string;
  vehicleId: string;
  kind: InboxKind;
  startMs: number;
  endMs: number;
  state: ReviewState;
  note: string;
  /** epoch ms */
  reviewedAt: number;
}

export function isReviewState(v: unknown): v is ReviewState {
  return typeof v === 'string' && (REVIEW_STATES as readonly string[]).includes(v);
}

const MARK_FIELDS = ['key', 'vehicleId', 'kind', 'startMs', 'endMs', 'state', 'note', 'reviewedAt'] as const;
const isEpochMs = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isVehicleId = (v: unknown): v is string =>
  typeof v === 'string' && v.length <= 128 && /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/.test(v);

/**
 * A mark as it crosses a boundary (IPC, a stored row read back): exactly its fields, the key the one its
 * vehicle, kind and start make, the span in order, the note already clean. Anything else is refused.
 */
export function isReviewMark(v: unknown): v is ReviewMark {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  const own = Object.keys(o);
  if (own.length !== MARK_FIELDS.length || !MARK_FIELDS.every((k) => own.includes(k))) return false;
  const { vehicleId, kind, startMs, endMs, note } = o;
  return (
    isVehicleId(vehicleId) &&
    isEventKind(kind) &&
    isEpochMs(startMs) &&
    isEpochMs(endMs) &&
    startMs <= endMs &&
    o['key'] === `${vehicleId}|${kind}|${startMs}` &&
    isReviewState(o['state']) &&
    typeof note === 'string' &&
    cleanNote(note) === note &&
    isEpochMs(o['reviewedAt'])
  );
}

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const NOTE_CONTROL_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** A note as stored: trimmed, control characters but tab and newline removed, at most 500 characters. */
export function cleanNote(note: string): string {
  return note.replace(NOTE_CONTROL_CHARS, '').trim().slice(0, MAX_NOTE_LENGTH);
}

export function markOf(e: InboxEvent, state: ReviewState, note: string, reviewedAt: number): ReviewMark {
  return {
    key: e.key,
    vehicleId: e.vehicleId,
    kind: e.kind,
    startMs: e.startMs,
    endMs: e.endMs,
    state,
    note: cleanNote(note),
    reviewedAt,
  };
}

function overlapMs(a: { startMs: number; endMs: number }, b: { startMs: number; endMs: number }): number {
  // An instant event (start = end) overlaps a span that contains it.
  const start = Math.max(a.startMs, b.startMs);
  const end = Math.min(a.endMs, b.endMs);
  if (end > start) return end - start;
  return end === start && (a.startMs === a.endMs || b.startMs === b.endMs) ? 0.5 : 0;
}

/**
 * The mark each event carries: the one with its exact key, else the mark of the same vehicle and kind
 * overlapping it most. A mark goes to one event only (the one it overlaps most), so splitting an
 * event in two does not mark both halves.
 */
export function marksForEvents(events: readonly InboxEvent[], marks: readonly ReviewMark[]): Map<string, ReviewMark> {
  const out = new Map<string, ReviewMark>();
  const byKey = new Map(marks.map((m) => [m.key, m]));
  const used = new Set<string>();
  for (const e of events) {
    const exact = byKey.get(e.key);
    if (exact) {
      out.set(e.key, exact);
      used.add(exact.key);
    }
  }
  const loose = new Map<string, ReviewMark[]>();
  for (const m of marks) {
    if (used.has(m.key)) continue;
    const k = `${m.vehicleId}|${m.kind}`;
    (loose.get(k) ?? loose.set(k, []).get(k)!).push(m);
  }
  // Each remaining mark goes to the unmarked event it overlaps most.
  const best = new Map<string, { event: InboxEvent; overlap: number }>();
  for (const e of events) {
    if (out.has(e.key)) continue;
    for (const m of loose.get(`${e.vehicleId}|${e.kind}`) ?? []) {
      const overlap = overlapMs(e, m);
      if (overlap <= 0) continue;
      const current = best.get(m.key);
      if (!current || overlap > current.overlap) best.set(m.key, { event: e, overlap });
    }
  }
  const claimed = [...best.entries()].sort((a, b) => b[1].overlap - a[1].overlap);
  // The mark overlapping an event most claims it; a mark whose best event is taken marks nothing.
  for (const [markKey, { event }] of claimed) {
    if (out.has(event.key)) continue;
    const mark = marks.find((m) => m.key === markKey)!;
    out.set(event.key, mark);
  }
  return out;
}
