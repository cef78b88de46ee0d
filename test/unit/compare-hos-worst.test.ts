import { describe, expect, it } from 'vitest';
import type { DriverRow } from '../../shared/domain/carrier.ts';
import {
  carrierFacts,
  worseEvent,
  type CarrierData,
  type DriverSnapshot,
  type WorstEvent,
} from '../../shared/compare/facts.ts';
import { resolveCompareParams } from '../../shared/compare/params.ts';

const RANGE = { from: '2026-03-02', to: '2026-03-04' };
const START = Date.UTC(2026, 2, 2);
const END = Date.UTC(2026, 2, 5);
const H = 3_600_000;

type Hos = NonNullable<DriverRow['hos']>;
function driver(i: number, hos: Partial<Hos> | null): DriverRow {
  return {
    driverId: `d${i}`,
    username: `u${i}`,
    firstName: 'F',
    lastName: 'L',
    active: true,
    hos: hos === null ? null : { breakMs: null, driveMs: null, shiftMs: null, cycleMs: null, status: null, ...hos },
  };
}

function hosOf(snapshots: DriverSnapshot[]) {
  const data: CarrierData = { carrierId: 'c', label: 'C', roster: [], days: [], driverSnapshots: snapshots };
  return carrierFacts(data, RANGE, resolveCompareParams()).hos;
}

describe('HOS facts: which snapshots count', () => {
  it('takes a snapshot at the range’s first instant into the mean, and ignores one at its end', () => {
    const low = [driver(1, { driveMs: 0.25 * H, status: 'DS_D' })];
    const ok = [driver(1, { driveMs: 5 * H, status: 'DS_D' })];
    const hos = hosOf([
      { takenAt: START, rows: low },
      { takenAt: START + H, rows: ok },
      { takenAt: END, rows: low },
    ]);
    expect(hos).toMatchObject({ latestAt: START + H, rangeSnapshots: 2, rangeLowShareMean: 0.5, lowTime: 0 });
    expect(hosOf([{ takenAt: END, rows: low }])).toMatchObject({
      latestAt: null,
      rangeSnapshots: 0,
      rangeLowShareMean: null,
    });
  });

  it('takes the latest snapshot whatever the order, and one before the range as the latest when there is no later one', () => {
    const rows = [driver(1, { status: 'DS_OFF', driveMs: 9 * H })];
    expect(
      hosOf([
        { takenAt: START + 2 * H, rows },
        { takenAt: START + 5 * H, rows: [...rows, driver(2, { status: 'DS_ON' })] },
        { takenAt: START + 3 * H, rows },
      ]),
    ).toMatchObject({ latestAt: START + 5 * H, drivers: 2, withHos: 2 });
    expect(hosOf([{ takenAt: START - 1, rows }])).toMatchObject({
      latestAt: START - 1,
      rangeSnapshots: 0,
      rangeLowShareMean: null,
    });
  });

  it('leaves a snapshot without HOS data out of the mean but may still take it as the latest', () => {
    const hos = hosOf([
      { takenAt: START + H, rows: [driver(1, { shiftMs: 0.25 * H, status: 'DS_ON' }), driver(2, { driveMs: 3 * H })] },
      { takenAt: START + 2 * H, rows: [driver(3, null), driver(4, {})] },
    ]);
    expect(hos).toMatchObject({
      latestAt: START + 2 * H,
      drivers: 2,
      withHos: 0,
      lowTime: 0,
      rangeSnapshots: 1,
      rangeLowShareMean: 0.5,
    });
    expect(hos.byStatus.none).toBe(2);
  });
});

describe('HOS facts: the range’s last day and equal times', () => {
  it('takes a snapshot during the range’s last day as the latest', () => {
    const rows = [driver(1, { status: 'DS_D', driveMs: 5 * H })];
    expect(hosOf([{ takenAt: END - 1, rows }])).toMatchObject({ latestAt: END - 1, rangeSnapshots: 1 });
  });

  it('keeps the first of two snapshots taken at the same time', () => {
    const first = [driver(1, { status: 'DS_D' })];
    const second = [driver(1, { status: 'DS_OFF' }), driver(2, { status: 'DS_ON' })];
    const hos = hosOf([
      { takenAt: START + H, rows: first },
      { takenAt: START + H, rows: second },
    ]);
    expect(hos).toMatchObject({ drivers: 1, withHos: 1 });
    expect(hos.byStatus.DS_D).toBe(1);
  });
});

describe('HOS facts: which drivers count', () => {
  it('counts a driver with any HOS value, and buckets a driver without a status as none', () => {
    const hos = hosOf([
      {
        takenAt: START + H,
        rows: [
          driver(1, { breakMs: 0 }),
          driver(2, { cycleMs: 10 * H }),
          driver(3, { status: 'DS_SB' }),
          driver(4, { driveMs: 2 * H, status: 'DR_IND_YM' }),
          driver(5, null),
        ],
      },
    ]);
    expect(hos).toMatchObject({ drivers: 5, withHos: 4, lowTime: 0 });
    expect(hos.byStatus).toEqual({ DS_D: 0, DS_ON: 0, DS_SB: 1, DS_OFF: 0, DR_IND_PC: 0, DR_IND_YM: 1, none: 3 });
  });

  it('counts as low a driver with under 30 min of drive or of shift time (the Fleet flag), not one with exactly 30 min', () => {
    const HALF = H / 2;
    const hos = hosOf([
      {
        takenAt: START + H,
        rows: [
          driver(1, { driveMs: HALF - 1, shiftMs: 5 * H }),
          driver(2, { driveMs: 5 * H, shiftMs: HALF - 1 }),
          driver(3, { driveMs: HALF, shiftMs: HALF }),
          driver(4, { driveMs: null, shiftMs: 0 }),
          driver(5, { driveMs: 0, shiftMs: null }),
        ],
      },
    ]);
    expect(hos).toMatchObject({ withHos: 5, lowTime: 4, rangeLowShareMean: 0.8 });
  });
});

describe('worst events order', () => {
  const e = (over: Partial<WorstEvent>): WorstEvent => ({
    carrierId: 'c',
    vehicleId: 'v',
    vehicleNumber: '1',
    day: '2026-03-02',
    startMs: 0,
    endMs: 0,
    seconds: 60,
    peakMph: 80,
    place: '',
    ...over,
  });

  it('puts the faster event first, then the longer, then the earlier', () => {
    const list = [
      e({ peakMph: 80, seconds: 60, startMs: 2 }),
      e({ peakMph: 90, seconds: 30, startMs: 3 }),
      e({ peakMph: 80, seconds: 120, startMs: 4 }),
      e({ peakMph: 80, seconds: 60, startMs: 1 }),
    ].sort(worseEvent);
    expect(list.map((x) => x.startMs)).toEqual([3, 4, 1, 2]);
    expect(worseEvent(e({ startMs: 5 }), e({ startMs: 5 }))).toBe(0);
  });
});
