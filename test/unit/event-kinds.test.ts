/**
 * The registry of event kinds (shared/analysis/event-kinds.ts): every list of kinds is its rows, the
 * packed codec carries every kind and refuses a code no row has, and each kind's CSV cells land in the
 * columns it names. Written over the rows, not over a list of today's kinds, so a new row is held to all of it.
 */
import { describe, expect, it } from 'vitest';
import { byTimeThenKind } from '../../shared/analysis/analyze.ts';
import type { DayPart } from '../../shared/analysis/day-parts.ts';
import { isPackedDayPart, packDayPart, unpackDayPart } from '../../shared/analysis/day-part-pack.ts';
import {
  EVENT_KIND_ROWS,
  EVENT_KINDS,
  isEventKind,
  KIND_CSV_COLUMNS,
  KINDS_BY_PRIORITY,
  kindRowOf,
  zeroPerKind,
} from '../../shared/analysis/event-kinds.ts';
import { resolveAnalysisParams } from '../../shared/analysis/params.ts';
import type { EventBase, EventKind, SafetyEvent, SafetyEventOf } from '../../shared/analysis/types.ts';
import { parseCsv } from '../../shared/export/csv.ts';
import { EVENTS_CSV_COLUMNS, eventsCsv } from '../../shared/export/events-csv.ts';
import { countByKind, INBOX_KINDS, inboxEvents } from '../../shared/inbox/events.ts';
import { ALL_EVENTS, sortEvents } from '../../shared/inbox/filter.ts';
import { isReviewMark, markOf } from '../../shared/inbox/trail.ts';

const T0 = Date.UTC(2026, 10, 3, 15);
const base = (minutes: number): EventBase => ({
  vehicleId: 'v1',
  startMs: T0 + minutes * 60_000,
  endMs: T0 + (minutes + 7) * 60_000,
  durationSeconds: 420,
  lat: 35.2219 + minutes / 1000,
  lng: -101.8313,
  place: `Exit ${minutes}, "Amarillo", TX`,
  at: { chunk: 0, point: 10 + minutes },
});

/** One event of each kind; the type makes a new kind add its own (the compiler asks for it). */
const SAMPLES: { [K in EventKind]: SafetyEventOf<K>[] } = {
  speeding: [{ ...base(1), kind: 'speeding', peakSpeedMph: 81.37 }],
  'over-limit': [
    {
      ...base(6),
      kind: 'over-limit',
      peakSpeedMph: 79.4,
      limitMph: 65,
      limitSource: 'posted',
      overMph: 14.4,
      tier: 'moderate',
      road: 'Massachusetts Turnpike (I 90)',
      wayId: 123456789,
    },
    {
      ...base(7),
      kind: 'over-limit',
      peakSpeedMph: 62,
      limitMph: 49.7,
      limitSource: 'default',
      overMph: 12.3,
      tier: 'moderate',
      road: '',
      wayId: 4,
    },
  ],
  'long-stop': [{ ...base(2), kind: 'long-stop' }],
  gap: [
    { ...base(3), kind: 'gap', reason: 'offline', miles: 12.25 },
    { ...base(4), kind: 'gap', reason: 'silence', miles: 0.5 },
    { ...base(5), kind: 'gap', reason: 'jump', miles: 140 },
  ],
};
const allSamples = (): SafetyEvent[] => EVENT_KINDS.flatMap((k): SafetyEvent[] => SAMPLES[k]);

const partOf = (events: SafetyEvent[]): DayPart => ({
  vehicleNumber: 'T-1',
  outliers: 1,
  kept: 40,
  first: { t: T0, status: 1, speed: 0, lat: 35, lng: -101, place: 'Yard', point: 0 },
  last: { t: T0 + 3_600_000, status: 1, speed: 60, lat: 35.5, lng: -101.5, place: 'Road', point: 41 },
  events,
  runs: [{ from: 0, to: 3, startMs: T0, endMs: T0 + 180_000, lat: 35, lng: -101, place: 'Yard', point: 0 }],
  movingSeconds: 3000,
  distanceMiles: 50,
});
/** Where each event's kind code sits in a packed part: after the header (6) and the two edges (6 each). */
function codeOffsets(events: readonly SafetyEvent[]): number[] {
  let o = 6 + 2 * 6;
  return events.map((e) => {
    const at = o;
    o += 7 + kindRowOf(e).payload.numbers;
    return at;
  });
}

describe('the registry rows', () => {
  it('gives every kind a distinct integer pack code, label, list label and a map colour', () => {
    const rows = EVENT_KINDS.map((k) => EVENT_KIND_ROWS[k]);
    const codes = rows.map((r) => r.code);
    expect(codes.every((c) => Number.isInteger(c) && c >= 0)).toBe(true);
    expect(new Set(codes).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.label)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.plural)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.inSentence)).size).toBe(rows.length);
    for (const r of rows) expect(r.mapColor).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('writes exactly the numbers and texts each codec declares', () => {
    for (const e of allSamples()) {
      const { payload } = kindRowOf(e);
      const own = payload.write(e);
      expect([own.n.length, own.s.length], e.kind).toEqual([payload.numbers, payload.texts]);
    }
  });
});

describe('every list of kinds is the registry', () => {
  it('the inbox kinds, the "all events" filter and the per-kind counts have every row, in its order', () => {
    expect(EVENT_KINDS).toEqual(Object.keys(EVENT_KIND_ROWS));
    expect(INBOX_KINDS).toEqual(EVENT_KINDS);
    expect(ALL_EVENTS.kinds).toEqual(EVENT_KINDS);
    expect(Object.keys(zeroPerKind())).toEqual(EVENT_KINDS);
    expect(Object.keys(countByKind([]))).toEqual(EVENT_KINDS);
  });

  it('events starting together come in display order', () => {
    const together = allSamples()
      .map((e) => ({ ...e, startMs: T0 }))
      .reverse();
    const kinds = together.sort(byTimeThenKind).map((e) => e.kind);
    expect([...new Set(kinds)]).toEqual(EVENT_KINDS);
  });

  it('a review mark is taken for every kind of the registry and refused for any other text', () => {
    const events = inboxEvents([
      {
        carrierId: 'c1',
        vehicleId: 'v1',
        vehicleNumber: 'T-1',
        zone: 'UTC',
        analysis: { params: resolveAnalysisParams({}), events: allSamples(), totals: {} as never },
      },
    ]);
    expect(new Set(events.map((e) => e.kind))).toEqual(new Set(EVENT_KINDS));
    for (const e of events) {
      const mark = markOf(e, 'reviewed', '', T0);
      expect(isReviewMark(mark), e.kind).toBe(true);
      for (const other of ['no-such-kind', 'Speeding', 'toString', '__proto__', ''])
        expect(isReviewMark({ ...mark, kind: other, key: `${mark.vehicleId}|${other}|${mark.startMs}` })).toBe(false);
    }
    expect(EVENT_KINDS.every(isEventKind)).toBe(true);
    expect(['constructor', 'hasOwnProperty', 'speeding '].some(isEventKind)).toBe(false);
  });

  it('the priority sort ranks kinds by their rows, and every kind has a severity on one scale', () => {
    const events = inboxEvents([
      {
        carrierId: 'c1',
        vehicleId: 'v1',
        vehicleNumber: 'T-1',
        zone: 'UTC',
        analysis: { params: resolveAnalysisParams({}), events: allSamples(), totals: {} as never },
      },
    ]);
    const ranked = sortEvents(events, 'priority', 'descending').map((e) => e.kind);
    expect([...new Set(ranked)]).toEqual(KINDS_BY_PRIORITY);
    expect(new Set(KINDS_BY_PRIORITY)).toEqual(new Set(EVENT_KINDS));
    const priorities = KINDS_BY_PRIORITY.map((k) => EVENT_KIND_ROWS[k].priority);
    expect(new Set(priorities).size).toBe(priorities.length);
    expect(priorities).toEqual([...priorities].sort((a, b) => b - a));
    for (const e of events) expect(Number.isFinite(EVENT_KIND_ROWS[e.kind].severity(e)), e.kind).toBe(true);
  });
});

describe('the packed codec over the registry', () => {
  it('carries every kind (and each gap reason) there and back, field for field', () => {
    const part = partOf(allSamples());
    const packed = packDayPart(part);
    expect(isPackedDayPart(packed)).toBe(true);
    expect(unpackDayPart('v1', packed)).toEqual(part);
    expect(new Set(unpackDayPart('v1', packed).events.map((e) => e.kind))).toEqual(new Set(EVENT_KINDS));
  });

  it('refuses a code no kind has (99, -1, 0.5) wherever it stands, and never reads it as another kind', () => {
    const events = allSamples();
    const good = packDayPart(partOf(events));
    for (const at of codeOffsets(events)) {
      for (const code of [99, -1, 0.5, NaN]) {
        const n = good.n.slice();
        n[at] = code;
        expect(isPackedDayPart({ n, s: good.s }), `${code} at ${at}`).toBe(false);
        expect(() => unpackDayPart('v1', { n, s: good.s })).toThrow(TypeError);
      }
    }
  });

  it("refuses a kind's fields its codec did not write: a gap reason code out of range", () => {
    const gap = SAMPLES.gap[0]!;
    const good = packDayPart(partOf([gap]));
    const [at] = codeOffsets([gap]);
    const reasonAt = at! + 7 + 1;
    expect(good.n[reasonAt]).toBe(0);
    for (const bad of [3, -1, 1.5]) {
      const n = good.n.slice();
      n[reasonAt] = bad;
      expect(isPackedDayPart({ n, s: good.s }), String(bad)).toBe(false);
    }
  });

  it("refuses a code changed to another kind's whose fields are of another width", () => {
    for (const from of EVENT_KINDS) {
      for (const to of EVENT_KINDS) {
        const [a, b] = [EVENT_KIND_ROWS[from].payload, EVENT_KIND_ROWS[to].payload];
        if (a.numbers === b.numbers && a.texts === b.texts) continue;
        const e = SAMPLES[from][0]!;
        const good = packDayPart(partOf([e, ...SAMPLES[to]]));
        const n = good.n.slice();
        n[codeOffsets([e])[0]!] = EVENT_KIND_ROWS[to].code;
        expect(isPackedDayPart({ n, s: good.s }), `${from} as ${to}`).toBe(false);
      }
    }
  });
});

describe("the events CSV's kind-specific cells", () => {
  it('each kind-specific column is in the header once, filled by some kind, and only where the kind names it', () => {
    for (const c of KIND_CSV_COLUMNS) expect(EVENTS_CSV_COLUMNS.filter((x) => x === c)).toHaveLength(1);
    const filled = new Set(allSamples().flatMap((e) => Object.keys(kindRowOf(e).csvCells(e))));
    expect([...filled].sort()).toEqual([...KIND_CSV_COLUMNS].sort());

    const analysis = {
      params: resolveAnalysisParams({}),
      trips: [],
      stops: [],
      events: allSamples(),
      totals: {} as never,
    };
    const context = {
      carrierName: 'Acme',
      dotNumber: '1',
      vehicleId: 'v1',
      vehicleNumber: 'T-1',
      vin: '',
      zone: 'UTC',
    };
    const [header, ...rows] = parseCsv([...eventsCsv(analysis, context)].join(''));
    expect(header).toEqual([...EVENTS_CSV_COLUMNS]);
    rows.forEach((r, k) => {
      const e = analysis.events[k]!;
      const own = kindRowOf(e).csvCells(e);
      for (const c of KIND_CSV_COLUMNS) {
        const cell = r[EVENTS_CSV_COLUMNS.indexOf(c)]!;
        // A column the kind does not name is empty; one it names holds its value (an untagged road is '').
        expect(cell, `${e.kind} ${c}`).toBe(own[c] ?? '');
      }
    });
  });
});
