// Over 300 lines: one case per comparison metric and its CSV, on the same generated fleets.
import { describe, expect, it } from 'vitest';
import type { DriverRow } from '../../shared/domain/carrier.ts';
import { compareFacts, coverageWarnings, metricRows } from '../../shared/compare/compare.ts';
import { comparisonCsv } from '../../shared/compare/csv.ts';
import type { CarrierData, DriverSnapshot, VehicleDay } from '../../shared/compare/facts.ts';
import { METRICS } from '../../shared/compare/metrics.ts';
import { DEFAULT_COMPARE_PARAMS, resolveCompareParams, summaryParamsOf } from '../../shared/compare/params.ts';
import { summarizeDay } from '../../shared/track/summary.ts';
import { addDays, dayStartMs } from '../../shared/util/day.ts';
import { generateTrack, toDayChunks, type Leg } from '../support/tracks.ts';

/**
 * Generated fleets whose true figures are known by construction. Every
 * vehicle-day is the plan below, started at 06:00 UTC:
 *   stop 10 min (readings every 5 min) → drive `cruise` min at 60 mph →
 *   drive `fast` min at `fastMph` → drive 30 min at 60 mph → silence 40 min
 *   while the truck moves 20 miles (one gap; a silence that ended where it
 *   began would be a stop) → stop 10 min → closing reading.
 * So: miles (over moving time) = cruise + fastMph·fast/60 + 30; driving =
 * cruise + fast + 30 min; speeding (threshold below fastMph) = fast readings a
 * minute apart: one event of fast − 1 min when fast ≥ 2; stationary = 20 min;
 * offline = 40 min; one gap.
 */
interface DayPlan {
  cruise: number;
  fast: number;
  fastMph: number;
}

function legs(p: DayPlan): Leg[] {
  const out: Leg[] = [
    { kind: 'stop', minutes: 10, everySeconds: 300 },
    { kind: 'drive', minutes: p.cruise, mph: 60, heading: 45 },
  ];
  if (p.fast > 0) out.push({ kind: 'drive', minutes: p.fast, mph: p.fastMph });
  out.push(
    { kind: 'drive', minutes: 30, mph: 60 },
    { kind: 'silence', minutes: 40, status: 'IN_MOTION', movedMiles: 20 },
    { kind: 'stop', minutes: 10, everySeconds: 300 },
  );
  return out;
}

const FROM = '2026-03-02';
const DAYS = 5;
const RANGE = { from: FROM, to: addDays(FROM, DAYS - 1) };

interface FleetSpec {
  id: string;
  vehicles: number;
  /** Extra roster vehicles that never report. */
  silentVehicles: number;
  plan: (vehicle: number, day: number) => DayPlan;
  /** Vehicle-days left out of the store (not downloaded). */
  skip?: (vehicle: number, day: number) => boolean;
  snapshots?: DriverSnapshot[];
}

function makeCarrier(spec: FleetSpec, storedThreshold = 70): CarrierData {
  const days: VehicleDay[] = [];
  const roster: { vehicleId: string; number: string }[] = [];
  for (let v = 0; v < spec.vehicles + spec.silentVehicles; v++) {
    const vehicleId = `${spec.id}-veh-${v}`;
    roster.push({ vehicleId, number: `${spec.id.toUpperCase()}-${100 + v}` });
    if (v >= spec.vehicles) continue;
    for (let d = 0; d < DAYS; d++) {
      if (spec.skip?.(v, d)) continue;
      const day = addDays(FROM, d);
      const points = generateTrack(legs(spec.plan(v, d)), {
        startMs: dayStartMs(day) + 6 * 3_600_000,
        seed: v * 100 + d + 1,
        vehicleNumber: `${spec.id.toUpperCase()}-${100 + v}`,
      });
      const [chunk] = toDayChunks(vehicleId, points);
      // What ingest stores: the summary computed with the parameters of the time.
      days.push({
        vehicleId,
        day,
        chunk: chunk!,
        summary: summarizeDay(chunk!, {
          ...summaryParamsOf(DEFAULT_COMPARE_PARAMS),
          speedingThresholdMph: storedThreshold,
        }),
      });
    }
  }
  return {
    carrierId: spec.id,
    label: `Carrier ${spec.id.toUpperCase()}`,
    roster,
    days,
    driverSnapshots: spec.snapshots ?? [],
  };
}

/** The true totals of a fleet, from the plan alone. */
function truth(spec: FleetSpec, threshold = 70) {
  let miles = 0;
  let drivingMin = 0;
  let speedingMin = 0;
  let events = 0;
  let vehicleDays = 0;
  const peaks: number[] = [];
  for (let v = 0; v < spec.vehicles; v++)
    for (let d = 0; d < DAYS; d++) {
      if (spec.skip?.(v, d)) continue;
      const p = spec.plan(v, d);
      vehicleDays++;
      miles += p.cruise + (p.fastMph * p.fast) / 60 + 30;
      drivingMin += p.cruise + p.fast + 30;
      if (p.fast >= 2 && p.fastMph > threshold) {
        speedingMin += p.fast - 1;
        events++;
        peaks.push(p.fastMph);
      }
    }
  return {
    miles,
    drivingMin,
    speedingMin,
    events,
    vehicleDays,
    stationaryMin: 20 * vehicleDays,
    offlineMin: 40 * vehicleDays,
    gaps: vehicleDays,
    peaks: peaks.sort((a, b) => b - a),
  };
}

function driver(
  i: number,
  status: DriverRow['hos'] extends infer H ? (H extends { status: infer S } ? S : never) : never,
  driveH: number | null,
  shiftH: number | null,
): DriverRow {
  const ms = (h: number | null) => (h === null ? null : h * 3_600_000);
  return {
    driverId: `d-${i}`,
    username: `u${i}`,
    firstName: 'F',
    lastName: `L${i}`,
    active: true,
    hos: { breakMs: null, driveMs: ms(driveH), shiftMs: ms(shiftH), cycleMs: null, status },
  };
}

const value = (rows: ReturnType<typeof metricRows>, id: string) =>
  rows.find((r) => r.def.id === id)!.cells.map((c) => c.value);
const marks = (rows: ReturnType<typeof metricRows>, id: string) =>
  rows.find((r) => r.def.id === id)!.cells.map((c) => c.mark);

const A: FleetSpec = {
  id: 'a',
  vehicles: 3,
  silentVehicles: 1,
  plan: (v, d) => ({ cruise: 60 + 10 * v + d, fast: v === 0 ? 0 : 4 + v + d, fastMph: 74 + 2 * v + d }),
};
const B: FleetSpec = {
  id: 'b',
  vehicles: 2,
  silentVehicles: 0,
  plan: (v, d) => ({ cruise: 120 + 5 * d, fast: 2, fastMph: 72 + v }),
  skip: (v, d) => v === 1 && d >= 3,
};

describe('carrier comparison metrics on generated fleets', () => {
  it('exposure, safety and operations equal the values known from the plans', () => {
    const c = compareFacts([makeCarrier(A), makeCarrier(B)], RANGE, resolveCompareParams());
    const rows = metricRows(c.carriers);
    const [ta, tb] = [truth(A), truth(B)];
    const close = (got: (number | null)[], want: number[]) => want.forEach((w, i) => expect(got[i]).toBeCloseTo(w, 6));
    close(value(rows, 'miles'), [ta.miles, tb.miles]);
    close(value(rows, 'driving-hours'), [ta.drivingMin / 60, tb.drivingMin / 60]);
    expect(value(rows, 'active-vehicles')).toEqual([3, 2]);
    close(value(rows, 'miles-per-vehicle-day'), [ta.miles / ta.vehicleDays, tb.miles / tb.vehicleDays]);
    close(value(rows, 'speeding-per-1000mi'), [(ta.events / ta.miles) * 1000, (tb.events / tb.miles) * 1000]);
    close(value(rows, 'speeding-time-share'), [ta.speedingMin / ta.drivingMin, tb.speedingMin / tb.drivingMin]);
    const tracked = (t: typeof ta) => t.drivingMin + t.stationaryMin + t.offlineMin;
    close(value(rows, 'stationary-share'), [ta.stationaryMin / tracked(ta), tb.stationaryMin / tracked(tb)]);
    close(value(rows, 'offline-share'), [ta.offlineMin / tracked(ta), tb.offlineMin / tracked(tb)]);
    close(value(rows, 'gaps-per-vehicle-day'), [1, 1]);
    // Worst events: fastest first, with the duration of their run.
    const worst = c.carriers[0]!.worstEvents;
    expect(worst.map((e) => e.peakMph)).toEqual(ta.peaks.slice(0, 5));
    expect(worst[0]).toMatchObject({ vehicleId: 'a-veh-2', day: addDays(FROM, 4), seconds: (4 + 2 + 4 - 1) * 60 });
  });

  it('coverage: vehicles with data out of the roster, days covered, missing vehicle-days', () => {
    const c = compareFacts([makeCarrier(A), makeCarrier(B)], RANGE, resolveCompareParams());
    const rows = metricRows(c.carriers);
    expect(value(rows, 'coverage-vehicles')).toEqual([3 / 4, 2 / 2]);
    expect(value(rows, 'coverage-days')).toEqual([1, 1]);
    expect(value(rows, 'coverage-vehicle-days')).toEqual([15 / 20, 8 / 10]);
    expect(rows.find((r) => r.def.id === 'coverage-vehicles')!.cells[0]!.detail).toBe('3 / 4');
    const b = c.carriers[1]!;
    expect(b.missing).toEqual([{ vehicleId: 'b-veh-1', number: 'B-101', days: [addDays(FROM, 3), addDays(FROM, 4)] }]);
    expect(c.carriers[0]!.missing.map((m) => m.vehicleId)).toEqual(['a-veh-3']);
    const kinds = coverageWarnings(c.carriers).map((w) => `${w.carrierId}:${w.kind}`);
    expect(kinds).toContain('a:missing-days');
    expect(kinds).toContain('b:missing-days');
    // Days outside the range are ignored, and a narrower range has fewer days.
    const narrow = compareFacts([makeCarrier(A)], { from: FROM, to: addDays(FROM, 1) }, resolveCompareParams());
    expect(narrow.carriers[0]!.vehicleDaysStored).toBe(6);
    expect(narrow.carriers[0]!.daysInRange).toBe(2);
  });

  it('a threshold other than the stored summaries’ recomputes them from the chunks', () => {
    const threshold = 78;
    const c = compareFacts(
      [makeCarrier(A), makeCarrier(B)],
      RANGE,
      resolveCompareParams({ speedingThresholdMph: threshold }),
    );
    const [ta, tb] = [truth(A, threshold), truth(B, threshold)];
    expect(ta.events).toBeGreaterThan(0);
    expect(ta.events).toBeLessThan(truth(A).events);
    expect(c.carriers.map((f) => f.speedingEvents)).toEqual([ta.events, tb.events]);
    expect(c.carriers[0]!.speedingSeconds).toBeCloseTo(ta.speedingMin * 60, 6);
    expect(c.carriers[0]!.recomputedDays).toBe(15);
    expect(c.carriers[0]!.worstEvents.every((e) => e.peakMph > threshold)).toBe(true);
    // Carrier B never exceeds 78: zero events is a value (0), and it is the best.
    const rows = metricRows(c.carriers);
    expect(value(rows, 'speeding-per-1000mi')[1]).toBe(0);
    expect(marks(rows, 'speeding-per-1000mi')).toEqual(['worst', 'best']);
  });

  it('best and worst follow each metric’s direction; text marks never rely on colour', () => {
    const rows = metricRows(compareFacts([makeCarrier(A), makeCarrier(B)], RANGE, resolveCompareParams()).carriers);
    for (const r of rows) {
      if (r.def.direction === 'neutral') expect(r.cells.every((c) => c.mark === null)).toBe(true);
    }
    const [ta, tb] = [truth(A), truth(B)];
    // Exposure (how much a carrier drives) is never best or worst, even where the carriers differ.
    expect(ta.miles / ta.vehicleDays).not.toBeCloseTo(tb.miles / tb.vehicleDays, 3);
    for (const id of ['miles', 'driving-hours', 'active-vehicles', 'miles-per-vehicle-day'])
      expect(marks(rows, id), id).toEqual([null, null]);
    expect(rows.filter((r) => r.def.group === 'exposure').every((r) => r.def.direction === 'neutral')).toBe(true);
    // Rates per exposure are ranked: fewer speeding events per 1,000 mi is better.
    const perA = ta.events / ta.miles;
    const perB = tb.events / tb.miles;
    if (perA !== perB)
      expect(marks(rows, 'speeding-per-1000mi')).toEqual(perA < perB ? ['best', 'worst'] : ['worst', 'best']);
    expect(marks(rows, 'gaps-per-vehicle-day')).toEqual([null, null]);
  });

  it('the comparison CSV read back: each carrier’s value, shown, detail and mark columns hold what their headers say', () => {
    const c = compareFacts([makeCarrier(A), makeCarrier(B)], RANGE, resolveCompareParams());
    const table = parseRfc4180(comparisonCsv(c));
    const header = table[0]!;
    const col = (name: string) => {
      const i = header.indexOf(name);
      expect(i, name).toBeGreaterThanOrEqual(0);
      return i;
    };
    const metric = (id: string) => table.find((r) => r[0] !== 'section' && r[1] === id)!;
    const [ta, tb] = [truth(A), truth(B)];
    // Raw values at the CSV's fixed precision (0.01 mi, 0.01 h), from the plans alone.
    for (const [label, t] of [
      ['Carrier A', ta],
      ['Carrier B', tb],
    ] as const) {
      expect(metric('miles')[col(`${label} value`)]).toBe(t.miles.toFixed(2));
      expect(metric('driving-hours')[col(`${label} value`)]).toBe((t.drivingMin / 60).toFixed(2));
    }
    expect(metric('coverage-vehicle-days')[col('Carrier A value')]).toBe('0.750');
    expect(metric('coverage-vehicle-days')[col('Carrier B value')]).toBe('0.800');
    // Shown values are the rounded text a reader sees, not the raw numbers.
    expect(metric('coverage-vehicle-days')[col('Carrier A shown')]).toBe('75%');
    expect(metric('coverage-vehicle-days')[col('Carrier B shown')]).toBe('80%');
    expect(metric('coverage-vehicles')[col('Carrier A detail')]).toBe('3 / 4');
    expect(metric('active-vehicles')[col('Carrier A value')]).toBe('3');
    // Exposure carries no mark; a rate per exposure does (fewer speeding events per 1,000 mi is better).
    expect([col('Carrier A mark'), col('Carrier B mark')].map((i) => metric('miles-per-vehicle-day')[i])).toEqual([
      '',
      '',
    ]);
    const aBetter = ta.events / ta.miles < tb.events / tb.miles;
    expect([col('Carrier A mark'), col('Carrier B mark')].map((i) => metric('speeding-per-1000mi')[i])).toEqual(
      aBetter ? ['best', 'worst'] : ['worst', 'best'],
    );
    expect(metric('miles')[col('Carrier A shown')]).not.toBe(metric('miles')[col('Carrier A value')]);
    expect(table.find((r) => r[0] === 'range' && r[1] === 'from')?.[2]).toBe(RANGE.from);
    expect(table.find((r) => r[0] === 'parameter' && r[1] === 'speedingThresholdMph')?.[5]).toBe(
      String(DEFAULT_COMPARE_PARAMS.speedingThresholdMph),
    );
  });

  it('a carrier with nothing stored shows "—", never NaN or Infinity, and takes no rank', () => {
    const empty: CarrierData = { carrierId: 'e', label: 'Empty', roster: null, days: [], driverSnapshots: [] };
    const c = compareFacts([makeCarrier(A), empty, makeCarrier(B)], RANGE, resolveCompareParams());
    const rows = metricRows(c.carriers);
    for (const r of rows) {
      const cell = r.cells[1]!;
      for (const x of r.cells) expect(x.text, r.def.id).not.toMatch(/NaN|Infinity/);
      // No day covered is a true zero (and the worst coverage), not a missing value.
      if (r.def.id === 'coverage-days') {
        expect(cell).toMatchObject({ value: 0, text: '0%', mark: 'worst' });
        continue;
      }
      expect(cell.value, r.def.id).toBeNull();
      expect(cell.text, r.def.id).toBe('—');
      expect(cell.mark, r.def.id).toBeNull();
    }
    expect(coverageWarnings(c.carriers).map((w) => w.kind)).toEqual(
      expect.arrayContaining(['no-roster', 'no-data', 'uneven-days']),
    );
    const csv = comparisonCsv(c);
    expect(csv).not.toMatch(/NaN|Infinity/);
  });

  it('Hours of Service: latest snapshot before the range ended, and the mean over snapshots in the range', () => {
    const inRange = dayStartMs(FROM) + 3_600_000;
    const snaps: DriverSnapshot[] = [
      // Before the range: ignored for the mean, but not the latest.
      { takenAt: dayStartMs(FROM) - 3_600_000, rows: [driver(1, 'DS_D', 0.2, 5)] },
      {
        takenAt: inRange,
        rows: [
          driver(1, 'DS_D', 0.4, 6),
          driver(2, 'DS_ON', 4, 0.45),
          driver(3, 'DS_OFF', 10, 12),
          driver(4, 'DS_SB', 8, 8),
        ],
      },
      {
        takenAt: inRange + 86_400_000,
        rows: [
          driver(1, 'DS_D', 3, 6),
          driver(2, 'DS_ON', 4, 0.3),
          driver(3, 'DS_D', 2, 2),
          { ...driver(5, null, null, null), hos: null },
        ],
      },
      // After the range: ignored.
      { takenAt: dayStartMs(RANGE.to) + 86_400_000 + 1, rows: [driver(1, 'DS_D', 0.1, 0.1)] },
    ];
    const c = compareFacts([makeCarrier({ ...A, snapshots: snaps }), makeCarrier(B)], RANGE, resolveCompareParams());
    const hos = c.carriers[0]!.hos;
    expect(hos.latestAt).toBe(inRange + 86_400_000);
    expect(hos).toMatchObject({ drivers: 4, withHos: 3, lowTime: 1, rangeSnapshots: 2 });
    expect(hos.byStatus).toMatchObject({ DS_D: 2, DS_ON: 1, none: 1, DS_OFF: 0 });
    expect(hos.rangeLowShareMean).toBeCloseTo((2 / 4 + 1 / 3) / 2, 12);
    const rows = metricRows(c.carriers);
    expect(value(rows, 'hos-low-latest')).toEqual([1 / 3, null]);
    expect(rows.find((r) => r.def.id === 'hos-duty-latest')!.cells[0]!.detail).toBe('D 2 · ON 1 · no HOS 1');
    expect(
      coverageWarnings(c.carriers)
        .filter((w) => w.kind === 'no-hos')
        .map((w) => w.carrierId),
    ).toEqual(['b']);
  });

  it('average trip length uses the injected trip analysis over each vehicle’s chunks in day order', () => {
    const calls: string[][] = [];
    const analyze = (chunks: readonly { day: string; vehicleId: string }[]) => {
      calls.push(chunks.map((c) => c.day));
      return {
        params: resolveCompareParams(),
        trips: chunks.map(() => ({ distanceMiles: 12 })),
        stops: [],
        events: [],
      } as never;
    };
    const c = compareFacts([makeCarrier(A), makeCarrier(B)], RANGE, resolveCompareParams(), analyze);
    expect(calls.every((days) => days.join() === [...days].sort().join())).toBe(true);
    expect(calls.length).toBe(5);
    expect(c.carriers[0]!.trips).toEqual({ count: 15, miles: 180 });
    expect(value(metricRows(c.carriers), 'avg-trip-miles')).toEqual([12, 12]);
    const without = metricRows(compareFacts([makeCarrier(B)], RANGE, resolveCompareParams()).carriers);
    expect(without.find((r) => r.def.id === 'avg-trip-miles')!.cells[0]).toMatchObject({
      text: '—',
      detail: 'trip analysis unavailable',
    });
  });

  it('every metric has a definition, a unique id and a direction', () => {
    expect(new Set(METRICS.map((m) => m.id)).size).toBe(METRICS.length);
    for (const m of METRICS) expect(m.definition.length).toBeGreaterThan(20);
  });
});

/** A minimal RFC 4180 reader written here, independent of the app's CSV code: quoted fields, doubled quotes, CRLF. */
function parseRfc4180(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted) {
      if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  expect(cell === '' && row.length === 0, 'the CSV ends with CRLF').toBe(true);
  return rows;
}
