import { describe, expect, it } from 'vitest';
import { coverageWarnings, metricRows } from '../../shared/compare/compare.ts';
import { comparisonCsv } from '../../shared/compare/csv.ts';
import type { CarrierFacts, HosFacts, WorstEvent } from '../../shared/compare/facts.ts';
import { emptyOverLimitFacts } from '../../shared/compare/over-limit-facts.ts';
import { resolveCompareParams } from '../../shared/compare/params.ts';
import { rankValues } from '../../shared/compare/rank.ts';
import { parseCsv } from '../../shared/export/csv.ts';

/** Carrier facts written by hand, so every metric, warning and CSV cell below is known without the pipeline. */
const HOS: HosFacts = {
  latestAt: Date.UTC(2026, 2, 5, 12),
  drivers: 10,
  withHos: 8,
  byStatus: { DS_D: 3, DS_ON: 2, DS_SB: 1, DS_OFF: 1, DR_IND_PC: 1, DR_IND_YM: 1, none: 2 },
  lowTime: 2,
  rangeSnapshots: 4,
  rangeLowShareMean: 0.3,
};

function facts(over: Partial<CarrierFacts> = {}): CarrierFacts {
  return {
    carrierId: 'a',
    label: 'Alpha',
    rosterSize: 10,
    daysInRange: 5,
    daysCovered: 4,
    vehicleDaysStored: 30,
    vehicleDaysWithData: 25,
    vehiclesWithData: 8,
    missing: [
      { vehicleId: 'v9', number: '109', days: ['2026-03-01', '2026-03-02'] },
      { vehicleId: 'v10', number: '110', days: ['2026-03-01'] },
    ],
    missingVehicleDays: 20,
    miles: 2500,
    movingSeconds: 50 * 3600,
    stationarySeconds: 20 * 3600,
    offlineSeconds: 10 * 3600,
    speedingSeconds: 1800,
    speedingEvents: 5,
    gaps: 10,
    activeVehicles: 7,
    activeVehicleDays: 20,
    recomputedDays: 0,
    trips: { count: 40, miles: 2000 },
    roadLimits: false,
    overLimit: emptyOverLimitFacts(),
    worstEvents: [],
    daily: [],
    hos: HOS,
    ...over,
  };
}

const cell = (f: CarrierFacts[], id: string, i = 0) => metricRows(f).find((r) => r.def.id === id)!.cells[i]!;

describe('metric values, texts and details from known facts', () => {
  it('coverage: shares of the roster, the days, and the roster’s vehicle-days', () => {
    const f = [facts()];
    expect(cell(f, 'coverage-vehicles')).toMatchObject({ value: 0.8, text: '80%', detail: '8 / 10' });
    expect(cell(f, 'coverage-days')).toMatchObject({ value: 0.8, text: '80%', detail: '4 / 5' });
    expect(cell(f, 'coverage-vehicle-days')).toMatchObject({ value: 0.6, text: '60%', detail: '30 / 50' });
    const noRoster = [facts({ rosterSize: null })];
    expect(cell(noRoster, 'coverage-vehicles')).toMatchObject({ value: null, text: '—', detail: '8 / ?' });
    expect(cell(noRoster, 'coverage-vehicle-days')).toMatchObject({ value: null, detail: '30 / ?' });
  });

  it('exposure: miles, hours, active vehicles and miles per active vehicle-day', () => {
    const f = [facts({ miles: 12345.6 })];
    expect(cell(f, 'miles')).toMatchObject({ value: 12345.6, text: '12,346' });
    expect(cell(f, 'driving-hours')).toMatchObject({ value: 50, text: '50.0' });
    expect(cell(f, 'active-vehicles')).toMatchObject({ value: 7, text: '7' });
    expect(cell(f, 'miles-per-vehicle-day').value).toBeCloseTo(12345.6 / 20, 10);
    const none = [facts({ vehicleDaysStored: 0 })];
    for (const id of ['miles', 'driving-hours', 'active-vehicles']) expect(cell(none, id).value, id).toBeNull();
  });

  it('safety: events per 1,000 miles and the share of driving time over the limit', () => {
    const f = [facts()];
    expect(cell(f, 'speeding-per-1000mi')).toMatchObject({ value: 2, text: '2.00', detail: '5 events' });
    expect(cell(f, 'speeding-time-share')).toMatchObject({ value: 0.01, text: '1.00%' });
    expect(cell([facts({ miles: 0 })], 'speeding-per-1000mi')).toMatchObject({ value: null, text: '—' });
  });

  it('operations: stationary and offline shares of tracked time, gaps per vehicle-day, trip length', () => {
    const f = [facts()];
    expect(cell(f, 'stationary-share')).toMatchObject({ value: 0.25, text: '25.0%' });
    expect(cell(f, 'offline-share')).toMatchObject({ value: 0.125, text: '12.5%' });
    expect(cell(f, 'gaps-per-vehicle-day')).toMatchObject({ value: 0.4, text: '0.40', detail: '10 gaps' });
    expect(cell(f, 'avg-trip-miles')).toMatchObject({ value: 50, text: '50.0', detail: '40 trips' });
    expect(cell([facts({ trips: null })], 'avg-trip-miles')).toMatchObject({
      value: null,
      detail: 'trip analysis unavailable',
    });
  });

  it('hours of service: drivers by status in bucket order, low-time shares, snapshot counts', () => {
    const f = [facts()];
    expect(cell(f, 'hos-duty-latest')).toMatchObject({
      value: 8,
      detail: 'D 3 · ON 2 · SB 1 · OFF 1 · PC 1 · YM 1 · no HOS 2',
    });
    expect(cell(f, 'hos-low-latest')).toMatchObject({ value: 0.25, text: '25%', detail: '2 of 8' });
    expect(cell(f, 'hos-low-range')).toMatchObject({ value: 0.3, text: '30%', detail: '4 snapshots' });
    const none = [
      facts({ hos: { ...HOS, latestAt: null, withHos: 0, lowTime: 0, rangeSnapshots: 0, rangeLowShareMean: null } }),
    ];
    expect(cell(none, 'hos-duty-latest')).toMatchObject({ value: null, detail: null });
    expect(cell(none, 'hos-low-latest')).toMatchObject({ value: null, detail: 'no snapshot' });
  });

  it('writes counts in details with thousands separators', () => {
    const f = [facts({ vehiclesWithData: 1234, rosterSize: 2000, gaps: 12345 })];
    expect(cell(f, 'coverage-vehicles').detail).toBe('1,234 / 2,000');
    expect(cell(f, 'gaps-per-vehicle-day').detail).toBe('12,345 gaps');
  });

  it('turns a non-finite value into no value', () => {
    const rows = metricRows(
      [facts()],
      [
        {
          id: 'x',
          group: 'safety',
          label: 'X',
          unit: '',
          definition: 'x',
          direction: 'lower-is-better',
          format: { kind: 'number', decimals: 0 },
          value: () => Number.POSITIVE_INFINITY,
        },
      ],
    );
    expect(rows[0]!.cells[0]).toEqual({ value: null, text: '—', detail: null, mark: null });
  });
});

describe('coverage warnings from known facts', () => {
  it('says how many roster vehicle-days are missing, over how many vehicles', () => {
    expect(coverageWarnings([facts({ rosterSize: 1200, daysInRange: 5, missingVehicleDays: 1500 })])).toEqual([
      {
        carrierId: 'a',
        kind: 'missing-days',
        message: 'Alpha: 1,500 of 6,000 vehicle-days are not downloaded (2 vehicles).',
      },
    ]);
  });

  it('warns of a roster never fetched, nothing downloaded, and no driver snapshot', () => {
    const w = coverageWarnings([
      facts({ rosterSize: null, vehicleDaysStored: 0, missingVehicleDays: 0, hos: { ...HOS, latestAt: null } }),
    ]);
    expect(w).toEqual([
      {
        carrierId: 'a',
        kind: 'no-roster',
        message:
          'Alpha: the vehicle list was never fetched, so coverage cannot be measured. Open its fleet or downloads screen once.',
      },
      { carrierId: 'a', kind: 'no-data', message: 'Alpha: nothing downloaded in this range.' },
      {
        carrierId: 'a',
        kind: 'no-hos',
        message: 'Alpha: no driver snapshot yet; refresh its drivers screen to record one.',
      },
    ]);
  });

  it('gives no warning for a complete carrier', () => {
    expect(coverageWarnings([facts({ missingVehicleDays: 0, missing: [] })])).toEqual([]);
  });

  it('warns once when carriers cover different numbers of days, naming each', () => {
    const a = facts({ missingVehicleDays: 0 });
    const b = facts({ carrierId: 'b', label: 'Beta', daysCovered: 3, missingVehicleDays: 0 });
    expect(coverageWarnings([a, b])).toEqual([
      {
        carrierId: null,
        kind: 'uneven-days',
        message: 'Carriers cover different numbers of days (Alpha: 4, Beta: 3): totals are not comparable, rates are.',
      },
    ]);
    expect(coverageWarnings([a, { ...b, daysCovered: 4 }])).toEqual([]);
  });
});

describe('comparison CSV from known facts', () => {
  const worst: WorstEvent = {
    carrierId: 'a',
    vehicleId: 'v1',
    vehicleNumber: '101',
    day: '2026-03-02',
    startMs: Date.UTC(2026, 2, 2, 14, 5),
    endMs: Date.UTC(2026, 2, 2, 14, 9, 30),
    seconds: 270,
    peakMph: 84.5,
    place: 'I-80, "Exit 4"',
  };
  const csv = comparisonCsv({
    range: { from: '2026-03-01', to: '2026-03-05' },
    params: resolveCompareParams({ speedingThresholdMph: 65 }),
    carriers: [
      facts({ worstEvents: [worst] }),
      facts({ carrierId: 'b', label: 'Beta', miles: 0, vehicleDaysStored: 0 }),
    ],
  });
  const rows = parseCsv(csv);

  it('has per carrier a value, shown, detail and mark column', () => {
    expect(rows[0]).toEqual([
      'section',
      'metric_id',
      'metric',
      'unit',
      'direction',
      'Alpha value',
      'Alpha shown',
      'Alpha detail',
      'Alpha mark',
      'Beta value',
      'Beta shown',
      'Beta detail',
      'Beta mark',
      'definition',
    ]);
    const speeding = rows.find((r) => r[1] === 'speeding-per-1000mi')!;
    expect(speeding.slice(0, 5)).toEqual([
      'safety',
      'speeding-per-1000mi',
      'Speeding events per 1,000 miles',
      '/1,000 mi',
      'lower-is-better',
    ]);
    expect(speeding.slice(5, 13)).toEqual(['2.000', '2.00', '5 events', '', '', '—', '5 events', '']);
    // A metric without a detail leaves its detail cells empty.
    const miles = rows.find((r) => r[1] === 'miles')!;
    expect([miles[7], miles[11]]).toEqual(['', '']);
  });

  it('gives the range and every parameter with its label and unit', () => {
    expect(rows.find((r) => r[0] === 'range' && r[1] === 'from')).toEqual(['range', 'from', '2026-03-01']);
    expect(rows.find((r) => r[0] === 'range' && r[1] === 'to')).toEqual(['range', 'to', '2026-03-05']);
    expect(rows.find((r) => r[1] === 'speedingThresholdMph')).toEqual([
      'parameter',
      'speedingThresholdMph',
      'Speeding threshold',
      'mph',
      '',
      '65',
    ]);
    expect(rows.filter((r) => r[0] === 'parameter')).toHaveLength(9);
  });

  it('lists each carrier’s worst events with UTC start, peak, fine duration and place', () => {
    expect(rows.filter((r) => r[0] === 'worst-event')).toEqual([
      [
        'worst-event',
        'a',
        'Alpha',
        '101',
        '2026-03-02',
        '2026-03-02T14:05:00.000Z',
        '84.5',
        '4 min 30 s',
        'I-80, "Exit 4"',
      ],
    ]);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(rows.length + 1);
  });
});

describe('ties between carriers', () => {
  it('ties values within a billionth of the larger one, however large they are', () => {
    expect(rankValues([1000, 1000 + 1e-7, 500], 'higher-is-better')).toEqual(['best', 'best', 'worst']);
    expect(rankValues([1000, 1000.01, 500], 'higher-is-better')).toEqual([null, 'best', 'worst']);
  });
});
