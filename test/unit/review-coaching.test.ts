import { describe, expect, it } from 'vitest';
import type { InboxEvent } from '../../shared/inbox/events.ts';
import { marksForEvents } from '../../shared/inbox/trail.ts';
import {
  decisionsOf,
  isReviewMark,
  MAX_MARK_HISTORY,
  REVIEW_STATE_ROWS,
  reviseMark,
  storedMark,
  type ReviewMark,
} from '../../shared/inbox/trail.ts';

/** The coaching workflow on a review mark: who decided what and when, the notes it needs, its bounded history. */
const T0 = Date.UTC(2026, 10, 20, 15);
const MIN = 60_000;

const event: InboxEvent = {
  key: `veh-1|speeding|${T0}`,
  carrierId: 'c1',
  vehicleId: 'veh-1',
  vehicleNumber: 'T-101',
  kind: 'speeding',
  tier: null,
  startMs: T0,
  endMs: T0 + 2 * MIN,
  durationSeconds: 120,
  peakSpeedMph: 78,
  overLimitMph: null,
  gapMiles: null,
  lat: 35.2,
  lng: -101.8,
  place: 'Amarillo, TX',
  day: '2026-11-20',
};

describe('the coaching workflow', () => {
  it('records needs coaching, then coached with a note, keeping who decided each and when', () => {
    const flagged = reviseMark(event, undefined, { state: 'needs-coaching', note: '', reviewer: 'dana', at: T0 + MIN });
    expect(flagged).toMatchObject({ state: 'needs-coaching', reviewer: 'dana', reviewedAt: T0 + MIN, history: [] });
    const coached = reviseMark(event, flagged, {
      state: 'coached',
      note: ' Talked about the grade \u0007',
      reviewer: 'Lee Ortiz',
      at: T0 + 30 * MIN,
    });
    expect(coached).toMatchObject({ state: 'coached', note: 'Talked about the grade', reviewer: 'Lee Ortiz' });
    expect(coached.history).toEqual([{ state: 'needs-coaching', note: '', reviewer: 'dana', at: T0 + MIN }]);
    expect(decisionsOf(coached).map((d) => [d.state, d.reviewer])).toEqual([
      ['needs-coaching', 'dana'],
      ['coached', 'Lee Ortiz'],
    ]);
    expect(isReviewMark(coached)).toBe(true);
  });

  it('refuses coached without a note and dismissed without a reason, each with its sentence', () => {
    const at = T0;
    expect(() => reviseMark(event, undefined, { state: 'coached', note: '  \u0000 ', reviewer: 'x', at })).toThrow(
      REVIEW_STATE_ROWS.coached.noteNeeded,
    );
    expect(() => reviseMark(event, undefined, { state: 'dismissed', note: '', reviewer: 'x', at })).toThrow(
      REVIEW_STATE_ROWS.dismissed.noteNeeded,
    );
    // The plain decisions need none.
    for (const state of ['needs-coaching', 'reviewed'] as const)
      expect(reviseMark(event, undefined, { state, note: '', reviewer: 'x', at }).state).toBe(state);
  });

  it('keeps the last 50 earlier decisions, forgetting the oldest', () => {
    let mark: ReviewMark | undefined;
    for (let i = 0; i < MAX_MARK_HISTORY + 5; i++)
      mark = reviseMark(event, mark, { state: 'dismissed', note: `reason ${i}`, reviewer: 'r', at: T0 + i });
    const m = mark!;
    expect(m.history).toHaveLength(MAX_MARK_HISTORY);
    expect(m.history[0]!.note).toBe('reason 4');
    expect(m.history.at(-1)!.note).toBe(`reason ${MAX_MARK_HISTORY + 3}`);
    expect(m.note).toBe(`reason ${MAX_MARK_HISTORY + 4}`);
    expect(isReviewMark(m)).toBe(true);
    expect(isReviewMark({ ...m, history: [...m.history, m.history[0]] })).toBe(false);
  });

  it('keeps the history when the event moved (a re-analysis) and the mark follows it', () => {
    const first = reviseMark(event, undefined, { state: 'needs-coaching', note: '', reviewer: 'dana', at: T0 });
    const moved = { ...event, key: `veh-1|speeding|${T0 + 5000}`, startMs: T0 + 5000 };
    const earlier = marksForEvents([moved], [first]).get(moved.key);
    expect(earlier).toBe(first);
    const next = reviseMark(moved, earlier, { state: 'coached', note: 'done', reviewer: 'lee', at: T0 + MIN });
    expect(next.key).toBe(moved.key);
    expect(next.history.map((d) => d.reviewer)).toEqual(['dana']);
  });
});

describe('a mark crossing a boundary', () => {
  const good = reviseMark(event, undefined, { state: 'coached', note: 'ok', reviewer: 'dana', at: T0 + MIN });

  it('refuses a reviewer or history out of shape', () => {
    expect(isReviewMark({ ...good, reviewer: 'a\u0007b' })).toBe(false);
    expect(isReviewMark({ ...good, reviewer: ' dana' })).toBe(false);
    expect(isReviewMark({ ...good, reviewer: 'x'.repeat(81) })).toBe(false);
    expect(isReviewMark({ ...good, reviewer: 'x'.repeat(80) })).toBe(true);
    expect(isReviewMark({ ...good, history: {} })).toBe(false);
    const entry = { state: 'reviewed', note: '', reviewer: '', at: 1 };
    expect(isReviewMark({ ...good, history: [entry] })).toBe(true);
    expect(isReviewMark({ ...good, history: [{ ...entry, extra: 1 }] })).toBe(false);
    expect(isReviewMark({ ...good, history: [{ ...entry, state: 'approved' }] })).toBe(false);
    expect(isReviewMark({ ...good, history: [{ ...entry, at: -1 }] })).toBe(false);
    expect(isReviewMark({ ...good, state: 'needs-coaching' })).toBe(true);
  });

  it('reads a mark stored before reviewers were recorded, with no reviewer and no history', () => {
    const old = {
      key: `veh-1|gap|${T0}`,
      vehicleId: 'veh-1',
      kind: 'gap',
      startMs: T0,
      endMs: T0 + MIN,
      state: 'coached',
      note: 'kept',
      reviewedAt: T0 + 2 * MIN,
    };
    expect(isReviewMark(old)).toBe(false);
    expect(storedMark(old)).toEqual({ ...old, reviewer: '', history: [] });
    expect(storedMark({ ...old, state: 'approved' })).toBeNull();
    expect(storedMark({ ...old, reviewer: 'half-new' })).toBeNull();
    expect(storedMark(good)).toBe(good);
  });
});
