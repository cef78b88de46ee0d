/**
 * A range's analysis joined from its days' parts (shared/analysis/day-parts.ts) against analyzeTrack over
 * the whole range: constructed tracks whose midnight-crossing stop and gap are known by construction, random
 * tracks with outliers, missing days and one-reading days in zones whose days are not UTC days (the real
 * recordings: test/integration/day-parts-realdata.test.ts); the stored form of a part.
 */
import { describe, expect, it } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { dayPart } from '../../shared/analysis/day-parts.ts';
import { isPackedDayPart, packDayPart, unpackDayPart } from '../../shared/analysis/day-part-pack.ts';
import { EVENT_KINDS, zeroPerKind } from '../../shared/analysis/event-kinds.ts';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import { localDayOfMs } from '../../shared/time/local-day.ts';
import type { AnalysisParams } from '../../shared/analysis/types.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import { expectJoinedEqualsWhole, partsOf } from '../support/day-parts.ts';
import { generateRandomTrack, generateTrack, rng, toDayChunks, type Leg } from '../support/tracks.ts';

const P: AnalysisParams = DEFAULT_ANALYSIS_PARAMS;
const SHORT_STOPS: AnalysisParams = { ...P, minStopSeconds: 120, longStopSeconds: 1800, gapSeconds: 600 };

const FRIDAY_2PM = Date.UTC(2026, 2, 6, 14);

describe('joinDayParts: what crosses midnight, known by construction', () => {
  it('a truck parked from Friday afternoon to Monday morning is one long stop, not three', () => {
    const plan: Leg[] = [
      { kind: 'drive', minutes: 120, mph: 60 },
      { kind: 'stop', minutes: 60 * 64, everySeconds: 300 },
      { kind: 'drive', minutes: 60, mph: 55 },
    ];
    const utc = toDayChunks('v1', generateTrack(plan, { startMs: FRIDAY_2PM }));
    expect(utc.map((c) => c.day)).toEqual(['2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09']);
    const { joined } = expectJoinedEqualsWhole(utc, 'UTC', P);
    const stops = joined.events.filter((e) => e.kind === 'long-stop');
    expect(stops).toHaveLength(1);
    const parkedAt = FRIDAY_2PM + 120 * 60_000;
    expect(stops[0]!.startMs).toBeGreaterThanOrEqual(parkedAt - 60_000);
    expect(stops[0]!.startMs).toBeLessThanOrEqual(parkedAt);
    expect(stops[0]!.endMs).toBeGreaterThanOrEqual(parkedAt + 64 * 3_600_000 - 300_000);
    // Each day alone sees a piece of it: the join is what makes it one.
    const alone = partsOf(utc, 'UTC', P).local.map((c) =>
      analyzeTrack([c], P).events.filter((e) => e.kind === 'long-stop'),
    );
    expect(alone.flat().length).toBeGreaterThan(1);
  });

  it('the device offline across midnight while the truck drives on is one gap from 23:50 to 00:30', () => {
    const plan: Leg[] = [
      { kind: 'drive', minutes: 110, mph: 60 },
      { kind: 'silence', minutes: 40, status: 'OFFLINE', movedMiles: 33 },
      { kind: 'drive', minutes: 60, mph: 60 },
    ];
    const start = Date.UTC(2026, 2, 6, 22);
    const utc = toDayChunks('v1', generateTrack(plan, { startMs: start }));
    const { joined } = expectJoinedEqualsWhole(utc, 'UTC', P);
    const gaps = joined.events.filter((e) => e.kind === 'gap');
    expect(gaps).toHaveLength(1);
    const gap = gaps[0]!;
    expect(gap.kind === 'gap' && gap.reason).toBe('offline');
    expect(gap.startMs).toBe(start + 110 * 60_000);
    expect(gap.endMs).toBe(start + 150 * 60_000);
    expect(gap.kind === 'gap' && gap.miles).toBeGreaterThan(30);
  });

  it('moving across midnight counts in the totals: the range drove more than its days did', () => {
    const utc = toDayChunks(
      'v1',
      generateTrack([{ kind: 'drive', minutes: 120, mph: 60 }], { startMs: Date.UTC(2026, 2, 6, 23) }),
    );
    const { joined, local } = expectJoinedEqualsWhole(utc, 'UTC', P);
    const days = local.map((c) => dayPart(c, P).movingSeconds).reduce((a, b) => a + b, 0);
    expect(joined.totals.movingSeconds).toBeGreaterThan(days);
    expect(joined.totals.movingSeconds).toBeCloseTo(120 * 60, 0);
  });
});

/** A random track roughened the way stored data is: outliers, a day missing, a day of one reading. */
function roughTrack(seed: number): DayChunk[] {
  const r = rng(seed * 7919);
  const chunks = toDayChunks(`v${seed}`, generateRandomTrack(seed, 12));
  for (const c of chunks) {
    for (let i = 0; i < c.length; i++) if (r() < 0.004) c.speed[i] = 300;
  }
  const missing = 2 + Math.floor(r() * 4);
  const single = chunks[missing + 2]!;
  const one = {
    ...single,
    length: 1,
    t: single.t.subarray(0, 1),
    lat: single.lat.subarray(0, 1),
    lng: single.lng.subarray(0, 1),
    speed: single.speed.subarray(0, 1),
    direction: single.direction.subarray(0, 1),
    status: single.status.subarray(0, 1),
    id: single.id.slice(0, 1),
    location: single.location.slice(0, 1),
  };
  return chunks.filter((_, k) => k !== missing).map((c) => (c === single ? one : c));
}

describe('joinDayParts equals analyzeTrack over the range', () => {
  for (const zone of ['UTC', 'America/Chicago', 'Asia/Kathmandu']) {
    for (const [name, p] of [
      ['default parameters', P],
      ['short stops and gaps', SHORT_STOPS],
    ] as const) {
      it(`random 12-day tracks with outliers and missing days, ${zone}, ${name}`, () => {
        const seen = zeroPerKind();
        const crossing = zeroPerKind();
        for (let seed = 1; seed <= 8; seed++) {
          const { whole } = expectJoinedEqualsWhole(roughTrack(seed), zone, p);
          for (const e of whole.events) {
            seen[e.kind]++;
            if (localDayOfMs(e.startMs, zone) !== localDayOfMs(e.endMs, zone)) crossing[e.kind]++;
          }
        }
        // The tracks hold what the join has to get right: every kind of the registry, many times (a kind the
        // tracks never produced would pass this test while missing from the day or across-midnight path).
        for (const kind of EVENT_KINDS) expect(seen[kind], kind).toBeGreaterThan(5);
        // And kinds that do cross a local midnight here, where the join has to stitch them.
        expect(crossing['long-stop'] + crossing.gap).toBeGreaterThan(0);
      });
    }
  }

  it('a day whose every reading is an outlier joins its neighbours across it', () => {
    const chunks = roughTrack(3);
    const middle = chunks[4]!;
    middle.speed.fill(300);
    const { joined } = expectJoinedEqualsWhole(chunks, 'UTC', SHORT_STOPS);
    expect(joined.totals.outliers).toBeGreaterThanOrEqual(middle.length);
  });
});

describe('a day part as stored (packDayPart / unpackDayPart)', () => {
  it('comes back equal, field for field: days with gaps, speeding, runs and outliers', () => {
    const days = [...roughTrack(5), ...roughTrack(6)];
    let kinds = new Set<string>();
    let runs = 0;
    for (const c of days) {
      const part = dayPart(c, SHORT_STOPS);
      const packed = packDayPart(part);
      expect(packed.n).toBeInstanceOf(Float64Array);
      expect(unpackDayPart(c.vehicleId, packed)).toEqual(part);
      kinds = new Set([...kinds, ...part.events.map((e) => (e.kind === 'gap' ? `gap:${e.reason}` : e.kind))]);
      runs += part.runs.length;
    }
    expect(kinds.has('speeding') && [...kinds].some((k) => k.startsWith('gap:'))).toBe(true);
    expect(runs).toBeGreaterThan(10);
  });

  it('a day whose every reading is an outlier packs without edges', () => {
    const c = roughTrack(2)[3]!;
    c.speed.fill(300);
    const part = dayPart(c, P);
    expect(part.first).toBeNull();
    expect(unpackDayPart(c.vehicleId, packDayPart(part))).toEqual(part);
  });
});

describe('a stored part read back (isPackedDayPart)', () => {
  /** Built inside each test, not while the file is collected: a fault in packing then fails the tests. */
  const stored = () => {
    const c = roughTrack(4).find((k) => dayPart(k, SHORT_STOPS).events.length >= 2)!;
    return { c, good: packDayPart(dayPart(c, SHORT_STOPS)) };
  };
  const firstEvent = 6 + 2 * 6;

  it('takes what packDayPart wrote', () => {
    const { c, good } = stored();
    expect(isPackedDayPart(good)).toBe(true);
    expect(isPackedDayPart(packDayPart({ ...dayPart(c, P), first: null, last: null, kept: 0 }))).toBe(true);
  });

  it('refuses a damaged row: truncated, texts missing, counts or codes that are not what was written', () => {
    const { good } = stored();
    const withNumber = (i: number, value: number) => {
      const n = good.n.slice();
      n[i] = value;
      return { n, s: good.s };
    };
    for (const bad of [
      null,
      'part',
      { n: good.n, s: 'texts' },
      { n: Array.from(good.n), s: good.s },
      { n: good.n.subarray(0, 5), s: good.s },
      { n: good.n.subarray(0, good.n.length - 1), s: good.s },
      { n: good.n, s: good.s.slice(1) },
      { n: good.n, s: [...good.s.slice(1), 7] },
      withNumber(4, good.n[4]! + 1),
      withNumber(5, 1.5),
      withNumber(1, -1),
      withNumber(firstEvent, 99),
      withNumber(firstEvent, 0.5),
    ])
      expect(isPackedDayPart(bad), JSON.stringify(bad)?.slice(0, 60)).toBe(false);
  });
});
