import { describe, expect, it } from 'vitest';
import type { InboxEvent, InboxKind } from '../../shared/inbox/events.ts';
import { reviewLogCsv } from '../../shared/inbox/review-log.ts';
import { isReviewMark, marksForEvents, type ReviewMark } from '../../shared/inbox/trail.ts';

const T0 = Date.UTC(2026, 10, 10, 12);
const S = 1000;

function ev(startMs: number, endMs: number, kind: InboxKind = 'speeding', vehicleId = 'v1'): InboxEvent {
  return {
    key: `${vehicleId}|${kind}|${startMs}`,
    carrierId: 'c1',
    vehicleId,
    vehicleNumber: 'T-1',
    kind,
    tier: null,
    startMs,
    endMs,
    durationSeconds: (endMs - startMs) / 1000,
    peakSpeedMph: null,
    overLimitMph: null,
    gapMiles: null,
    lat: 40,
    lng: -90,
    place: '',
    day: '2026-11-10',
  };
}
function mark(startMs: number, endMs: number, kind: InboxKind = 'speeding', vehicleId = 'v1'): ReviewMark {
  return {
    key: `${vehicleId}|${kind}|${startMs}`,
    vehicleId,
    kind,
    startMs,
    endMs,
    state: 'coached',
    note: 'ok',
    reviewedAt: T0 + 3_600_000,
    reviewer: '',
    history: [],
  };
}
const marked = (events: InboxEvent[], marks: ReviewMark[]) =>
  [...marksForEvents(events, marks)].map(([k, m]) => [k, m.key]);

describe('a review mark crossing a boundary', () => {
  const good = mark(T0, T0 + 60 * S);

  it('is taken whole and in order, for each kind, with a span of one instant', () => {
    expect(isReviewMark(good)).toBe(true);
    for (const kind of ['speeding', 'long-stop', 'gap'] as const) expect(isReviewMark(mark(T0, T0, kind))).toBe(true);
    expect(isReviewMark({ ...mark(0, 0), reviewedAt: 0 })).toBe(true);
  });

  it('is refused when it is not a plain object with exactly its fields', () => {
    for (const v of [null, [good], 'mark', 42, undefined]) expect(isReviewMark(v)).toBe(false);
    expect(isReviewMark({ ...good, extra: 1 })).toBe(false);
    const { note: _note, ...withoutNote } = good;
    expect(isReviewMark(withoutNote)).toBe(false);
    expect(isReviewMark({ ...withoutNote, notes: 'ok' })).toBe(false);
  });

  it('is refused for a vehicle id that is not an id, a kind it does not know, or a key of other parts', () => {
    const withVehicle = (vehicleId: string) => ({ ...good, vehicleId, key: `${vehicleId}|speeding|${T0}` });
    expect(isReviewMark(withVehicle('a'.repeat(128)))).toBe(true);
    expect(isReviewMark(withVehicle('a'.repeat(129)))).toBe(false);
    expect(isReviewMark(withVehicle('-v1'))).toBe(false);
    expect(isReviewMark(withVehicle('v1 '))).toBe(false);
    expect(isReviewMark(withVehicle('v1/x'))).toBe(false);
    expect(isReviewMark({ ...good, kind: 'parking', key: `v1|parking|${T0}` })).toBe(false);
    expect(isReviewMark({ ...good, key: `v1|speeding|${T0 + 1}` })).toBe(false);
  });

  it('is refused for a span out of order, negative or fractional times, or a note with control characters', () => {
    expect(isReviewMark({ ...good, endMs: T0 - 1 })).toBe(false);
    expect(isReviewMark({ ...mark(-5, 10) })).toBe(false);
    expect(isReviewMark({ ...good, reviewedAt: -1 })).toBe(false);
    expect(isReviewMark({ ...good, reviewedAt: 1.5 })).toBe(false);
    expect(isReviewMark({ ...good, note: 'a\u0007b' })).toBe(false);
    expect(isReviewMark({ ...good, state: 'approved' })).toBe(false);
  });
});

describe('which event a mark follows', () => {
  it('an exact key wins over a mark overlapping more, and that mark is not used twice', () => {
    const e1 = ev(T0, T0 + 60 * S);
    const e2 = ev(T0 + 10 * S, T0 + 50 * S);
    const exact = mark(T0, T0 + 60 * S);
    expect(marked([e1, e2], [exact])).toEqual([[e1.key, exact.key]]);
  });

  it('a moved event keeps the mark of the span it overlaps most', () => {
    const m = mark(T0, T0 + 60 * S);
    const little = ev(T0 - 50 * S, T0 + 10 * S);
    const most = ev(T0 + 15 * S, T0 + 75 * S);
    expect(marked([little, most], [m])).toEqual([[most.key, m.key]]);
  });

  it('of two marks wanting one event, the one overlapping it more has it', () => {
    const e = ev(T0 + 5 * S, T0 + 100 * S);
    const more = mark(T0, T0 + 90 * S);
    const less = mark(T0 + 80 * S, T0 + 200 * S);
    expect(marked([e], [less, more])).toEqual([[e.key, more.key]]);
  });

  it('an instant overlaps a span holding it; two spans that only touch do not overlap', () => {
    const instant = ev(T0 + 30 * S, T0 + 30 * S, 'gap');
    expect(marked([instant], [mark(T0, T0 + 60 * S, 'gap')])).toEqual([[instant.key, `v1|gap|${T0}`]]);
    const atEdge = ev(T0 + 60 * S, T0 + 60 * S, 'gap');
    expect(marked([atEdge], [mark(T0, T0 + 60 * S, 'gap')])).toHaveLength(1);
    const touching = ev(T0 + 60 * S, T0 + 120 * S);
    expect(marked([touching], [mark(T0, T0 + 60 * S)])).toEqual([]);
  });

  it('never goes to another vehicle or another kind', () => {
    const m = mark(T0, T0 + 60 * S);
    expect(marked([ev(T0 + 1, T0 + 60 * S, 'speeding', 'v2')], [m])).toEqual([]);
    expect(marked([ev(T0 + 1, T0 + 60 * S, 'long-stop')], [m])).toEqual([]);
  });
});

describe('review_log.csv rows of each kind', () => {
  it('leaves the speeding cells empty on a stop and a gap, and gives a gap its miles', () => {
    const stop = ev(T0, T0 + 3_600_000, 'long-stop');
    const gap = { ...ev(T0 + 7_200_000, T0 + 9_000_000, 'gap'), gapMiles: 12.5 };
    const marks = new Map(
      [stop, gap].map((e) => [e.key, { ...mark(e.startMs, e.endMs, e.kind), state: 'reviewed' as const }]),
    );
    const [header, ...rows] = reviewLogCsv([stop, gap], marks)
      .split('\r\n')
      .filter((l) => l !== '')
      .map((l) => l.split(','));
    const cell = (row: string[], name: string) => row[header!.indexOf(name)];
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(cell(row, 'peak_speed_mph')).toBe('');
      expect(cell(row, 'over_limit_mph')).toBe('');
    }
    expect(cell(rows[0]!, 'gap_miles')).toBe('');
    expect(Number(cell(rows[1]!, 'gap_miles'))).toBe(12.5);
    expect(rows.map((r) => cell(r, 'kind'))).toEqual(['long-stop', 'gap']);
  });
});
