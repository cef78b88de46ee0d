import { isEventKind } from '../analysis/event-kinds.ts';
import type { InboxEvent, InboxKind } from './events.ts';

/**
 * The review trail: what a safety manager decided about an event, who decided it and when, with the
 * earlier decisions kept beside it. Marks are keyed by vehicle, kind and start time; a re-download or a
 * re-analysis with other parameters can move an event's start, so a mark also holds the event's span and
 * follows the event of the same vehicle and kind that overlaps it most.
 */

/**
 * The one table of decisions: the coaching workflow (needs coaching, then coached with a note or dismissed
 * with a reason) and 'reviewed', a plain "looked at, nothing to do" (also what marks made before the
 * workflow say). `noteNeeded`: the sentence refusing the decision without a note; null: a note is optional.
 */
export const REVIEW_STATE_ROWS = {
  'needs-coaching': { label: 'Needs coaching', action: 'Needs coaching', noteNeeded: null },
  coached: {
    label: 'Coached',
    action: 'Coached…',
    noteNeeded: 'A coached event needs a note saying what was discussed with the driver.',
  },
  dismissed: { label: 'Dismissed', action: 'Dismiss…', noteNeeded: 'A dismissed event needs a reason in the note.' },
  reviewed: { label: 'Reviewed', action: 'Reviewed', noteNeeded: null },
} as const satisfies Record<string, { label: string; action: string; noteNeeded: string | null }>;
export type ReviewState = keyof typeof REVIEW_STATE_ROWS;
export const REVIEW_STATES = Object.keys(REVIEW_STATE_ROWS) as ReviewState[];

export const MAX_NOTE_LENGTH = 500;
export const MAX_REVIEWER_LENGTH = 80;
/** Earlier decisions a mark keeps; the oldest are forgotten first. */
export const MAX_MARK_HISTORY = 50;

/** One decision about an event: what, why (the note), who and when (epoch ms). */
export interface MarkDecision {
  state: ReviewState;
  note: string;
  /** '' when not known (a mark made before reviewers were recorded): shown as "—". */
  reviewer: string;
  at: number;
}

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
  /** Who made the current decision; '' when not known. */
  reviewer: string;
  /** The earlier decisions, oldest first, at most MAX_MARK_HISTORY. */
  history: MarkDecision[];
}

export function isReviewState(v: unknown): v is ReviewState {
  return typeof v === 'string' && Object.hasOwn(REVIEW_STATE_ROWS, v);
}

const OLD_MARK_FIELDS = ['key', 'vehicleId', 'kind', 'startMs', 'endMs', 'state', 'note', 'reviewedAt'] as const;
const MARK_FIELDS = [...OLD_MARK_FIELDS, 'reviewer', 'history'] as const;
const DECISION_FIELDS = ['state', 'note', 'reviewer', 'at'] as const;
const isEpochMs = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isVehicleId = (v: unknown): v is string =>
  typeof v === 'string' && v.length <= 128 && /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/.test(v);
const hasExactly = (o: Record<string, unknown>, fields: readonly string[]) => {
  const own = Object.keys(o);
  return own.length === fields.length && fields.every((k) => own.includes(k));
};
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isCleanNote = (v: unknown): v is string => typeof v === 'string' && cleanNote(v) === v;
const isCleanReviewer = (v: unknown): v is string => typeof v === 'string' && cleanReviewerName(v) === v;

function isDecision(v: unknown): v is MarkDecision {
  return (
    isPlainObject(v) &&
    hasExactly(v, DECISION_FIELDS) &&
    isReviewState(v['state']) &&
    isCleanNote(v['note']) &&
    isCleanReviewer(v['reviewer']) &&
    isEpochMs(v['at'])
  );
}

/**
 * A mark as it crosses a boundary (IPC, a stored row read back): exactly its fields, the key the one its
 * vehicle, kind and start make, the span in order, the note and reviewer already clean, the history
 * bounded and each entry exact. Anything else is refused.
 */
export function isReviewMark(v: unknown): v is ReviewMark {
  if (!isPlainObject(v) || !hasExactly(v, MARK_FIELDS)) return false;
  const { vehicleId, kind, startMs, endMs, history } = v;
  return (
    isVehicleId(vehicleId) &&
    isEventKind(kind) &&
    isEpochMs(startMs) &&
    isEpochMs(endMs) &&
    startMs <= endMs &&
    v['key'] === `${vehicleId}|${kind}|${startMs}` &&
    isReviewState(v['state']) &&
    isCleanNote(v['note']) &&
    isEpochMs(v['reviewedAt']) &&
    isCleanReviewer(v['reviewer']) &&
    Array.isArray(history) &&
    history.length <= MAX_MARK_HISTORY &&
    history.every(isDecision)
  );
}

/**
 * A stored row read back: a mark as isReviewMark takes it, or one kept before reviewers and history were
 * recorded (exactly the older fields), read with no reviewer and no history. Anything else: null.
 */
export function storedMark(v: unknown): ReviewMark | null {
  if (isPlainObject(v) && hasExactly(v, OLD_MARK_FIELDS)) {
    const upgraded = { ...v, reviewer: '', history: [] };
    return isReviewMark(upgraded) ? upgraded : null;
  }
  return isReviewMark(v) ? v : null;
}

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const NOTE_CONTROL_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const NAME_CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/gu;

/** A note as stored: trimmed, control characters but tab and newline removed, at most 500 characters. */
export function cleanNote(note: string): string {
  return note.replace(NOTE_CONTROL_CHARS, '').trim().slice(0, MAX_NOTE_LENGTH);
}

/** A reviewer's name as stored: one line, control characters removed, trimmed, at most 80 characters. */
export function cleanReviewerName(name: string): string {
  return name
    .replace(NAME_CONTROL_CHARS, '')
    .trim()
    .slice(0, MAX_REVIEWER_LENGTH)
    .replace(/[\uD800-\uDBFF]$/u, '')
    .trim();
}

/** A mark as built from its parts (no rule checked: reviseMark is how a decision is made). */
export function markOf(
  e: InboxEvent,
  state: ReviewState,
  note: string,
  reviewedAt: number,
  reviewer = '',
  history: MarkDecision[] = [],
): ReviewMark {
  return {
    key: e.key,
    vehicleId: e.vehicleId,
    kind: e.kind,
    startMs: e.startMs,
    endMs: e.endMs,
    state,
    note: cleanNote(note),
    reviewedAt,
    reviewer: cleanReviewerName(reviewer),
    history,
  };
}

/** Why a decision cannot be recorded (a coached event without a note, a dismissal without a reason), or null. */
export function decisionProblem(state: ReviewState, note: string): string | null {
  return cleanNote(note) === '' ? REVIEW_STATE_ROWS[state].noteNeeded : null;
}

/**
 * The event's mark after a new decision: the earlier mark's decision joins its history (the oldest
 * forgotten past MAX_MARK_HISTORY), so the trail shows who decided what and when. Throws the sentence of
 * decisionProblem when the decision needs a note it lacks.
 */
export function reviseMark(e: InboxEvent, earlier: ReviewMark | undefined, decision: MarkDecision): ReviewMark {
  const problem = decisionProblem(decision.state, decision.note);
  if (problem !== null) throw new Error(problem);
  const history = earlier
    ? [
        ...earlier.history,
        { state: earlier.state, note: earlier.note, reviewer: earlier.reviewer, at: earlier.reviewedAt },
      ].slice(-MAX_MARK_HISTORY)
    : [];
  return markOf(e, decision.state, decision.note, decision.at, decision.reviewer, history);
}

/** Every decision of a mark, oldest first: its history, then the current one. */
export function decisionsOf(m: ReviewMark): MarkDecision[] {
  return [...m.history, { state: m.state, note: m.note, reviewer: m.reviewer, at: m.reviewedAt }];
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
