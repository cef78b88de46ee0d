/**
 * Edges of the status band chart (shared/analysis/status-bands.ts): empty
 * chunks around the data, windows wider than the readings, which status wins
 * a column, band ends at awkward widths and the width check.
 *
 * Tracks are written out reading by reading, so every interval's status and
 * length is known by construction: the rule's silence thresholds are raised
 * out of reach (RULE), so an IN_MOTION reading at 50 mph starts a moving
 * interval, a STATIONARY one a stopped interval and an OFFLINE one (the next
 * reading being 0.01° of latitude, about 0.7 mi, farther on) a gap.
 */
import { describe, expect, it } from 'vitest';
import type { MotionStatus } from '../../shared/api/wire.ts';
import { downsampleStatusBands, type StatusBand } from '../../shared/analysis/status-bands.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import type { Breadcrumb, DayChunk } from '../../shared/track/types.ts';

const MIN = 60_000;
const DAY = '2026-06-01';
const T0 = Date.UTC(2026, 5, 1, 6);
const RULE = { gapSeconds: 86_400, minStopSeconds: 86_400 };

/** Readings at T0 + minute, each 0.01° north of the one before (41 mph over a minute: never a jump). */
function chunkOf(day: string, readings: readonly [minute: number, status: MotionStatus][], origin = T0): DayChunk {
  const points: Breadcrumb[] = readings.map(([minute, status], k) => ({
    id: `${day}-${k}`,
    t: origin + minute * MIN,
    lat: 40 + k * 0.01,
    lng: -90,
    speed: status === 'IN_MOTION' ? 50 : 0,
    status,
    direction: 0,
    location: '',
    vehicleNumber: '1',
    vin: 'V',
  }));
  return buildDayChunk('v', day, points);
}

const band = (fromMin: number, toMin: number, status: MotionStatus, origin = T0): StatusBand => ({
  startMs: origin + fromMin * MIN,
  endMs: origin + toMin * MIN,
  status,
});

/** 0-30 moving, 30-60 stopped. */
const driveThenStop = () =>
  chunkOf(DAY, [
    [0, 'IN_MOTION'],
    [30, 'STATIONARY'],
    [60, 'STATIONARY'],
  ]);

describe('status bands: which chunks count', () => {
  it('ignores empty chunks before and after the readings', () => {
    const empty = chunkOf('2026-05-31', []);
    const after = chunkOf('2026-06-02', []);
    const expected = [band(0, 30, 'IN_MOTION'), band(30, 60, 'STATIONARY')];
    expect(downsampleStatusBands([empty, driveThenStop()], 2, RULE)).toEqual(expected);
    expect(downsampleStatusBands([driveThenStop(), after], 2, RULE)).toEqual(expected);
    expect(downsampleStatusBands([empty, driveThenStop(), after], 2, RULE)).toEqual(expected);
  });

  it('draws nothing for only empty chunks or a single reading', () => {
    expect(downsampleStatusBands([chunkOf(DAY, [])], 10, RULE)).toEqual([]);
    expect(downsampleStatusBands([chunkOf(DAY, [[0, 'IN_MOTION']])], 10, RULE)).toEqual([]);
  });

  it('joins the interval across two chunks (the midnight interval has the earlier reading’s status)', () => {
    const midnight = Date.UTC(2026, 5, 2);
    const late = chunkOf(DAY, [[-20, 'IN_MOTION']], midnight);
    const early = chunkOf(
      '2026-06-02',
      [
        [20, 'STATIONARY'],
        [40, 'STATIONARY'],
      ],
      midnight,
    );
    expect(downsampleStatusBands([late, early], 3, RULE)).toEqual([
      band(-20, 20, 'IN_MOTION', midnight),
      band(20, 40, 'STATIONARY', midnight),
    ]);
  });
});

describe('status bands: a window wider than the readings', () => {
  // Window -60..120 min at 3 columns: [-60, 0] and [60, 120] hold no reading, [0, 60] is 30 min moving then 30 stopped.
  const opts = { ...RULE, tStart: T0 - 60 * MIN, tEnd: T0 + 120 * MIN };

  it('leaves columns without readings empty and clips the band to the readings', () => {
    // Moving and stopped tie in the middle column; the chart keeps to the readings' 0..60.
    const bands = downsampleStatusBands([driveThenStop()], 3, opts);
    expect(bands).toHaveLength(1);
    expect([bands[0]!.startMs, bands[0]!.endMs]).toEqual([T0, T0 + 60 * MIN]);
  });

  it('shows the longer status of a half-filled column, ending at the last reading', () => {
    const track = chunkOf(DAY, [
      [0, 'IN_MOTION'],
      [40, 'STATIONARY'],
      [60, 'STATIONARY'],
    ]);
    expect(downsampleStatusBands([track], 3, opts)).toEqual([band(0, 60, 'IN_MOTION')]);
    // One column for the whole window: still only the readings' span.
    expect(downsampleStatusBands([track], 1, opts)).toEqual([band(0, 60, 'IN_MOTION')]);
  });

  it('clips a window that starts inside the readings', () => {
    const bands = downsampleStatusBands([driveThenStop()], 1, { ...RULE, tStart: T0 + 20 * MIN, tEnd: T0 + 90 * MIN });
    // 10 min moving, 30 min stopped in the one column.
    expect(bands).toEqual([band(20, 60, 'STATIONARY')]);
  });

  it('draws nothing for a window that ends where it starts or before', () => {
    expect(
      downsampleStatusBands([driveThenStop()], 4, { ...RULE, tStart: T0 + 30 * MIN, tEnd: T0 + 30 * MIN }),
    ).toEqual([]);
    expect(
      downsampleStatusBands([driveThenStop()], 4, { ...RULE, tStart: T0 + 50 * MIN, tEnd: T0 + 10 * MIN }),
    ).toEqual([]);
  });
});

describe('status bands: the status of a column', () => {
  it('is the one that holds longest, even when an earlier one started the column', () => {
    // One column: moving 0-40 then stopped 40-60, and the reverse.
    const drive = chunkOf(DAY, [
      [0, 'IN_MOTION'],
      [40, 'STATIONARY'],
      [60, 'STATIONARY'],
    ]);
    expect(downsampleStatusBands([drive], 1, RULE)).toEqual([band(0, 60, 'IN_MOTION')]);
    const park = chunkOf(DAY, [
      [0, 'STATIONARY'],
      [40, 'IN_MOTION'],
      [60, 'IN_MOTION'],
    ]);
    expect(downsampleStatusBands([park], 1, RULE)).toEqual([band(0, 60, 'STATIONARY')]);
  });

  it('adds up many short intervals of a status against one long one', () => {
    // Six moving intervals (5 min each, then 10 min) against one 25-min gap.
    const track = chunkOf(DAY, [
      [0, 'IN_MOTION'],
      [5, 'IN_MOTION'],
      [10, 'IN_MOTION'],
      [15, 'IN_MOTION'],
      [20, 'IN_MOTION'],
      [25, 'IN_MOTION'],
      [35, 'OFFLINE'],
      [60, 'STATIONARY'],
    ]);
    // Moving 35 min, offline 25 min.
    expect(downsampleStatusBands([track], 1, RULE)).toEqual([band(0, 60, 'IN_MOTION')]);
    // Two columns of 30 min: moving 30 | moving 5 + offline 25.
    expect(downsampleStatusBands([track], 2, RULE)).toEqual([band(0, 30, 'IN_MOTION'), band(30, 60, 'OFFLINE')]);
  });

  it('shows an OFFLINE reading followed by a move as a gap', () => {
    const track = chunkOf(DAY, [
      [0, 'OFFLINE'],
      [30, 'IN_MOTION'],
      [60, 'IN_MOTION'],
    ]);
    expect(downsampleStatusBands([track], 2, RULE)).toEqual([band(0, 30, 'OFFLINE'), band(30, 60, 'IN_MOTION')]);
  });

  it('merges neighbouring columns of one status into one band', () => {
    const track = chunkOf(DAY, [
      [0, 'IN_MOTION'],
      [45, 'STATIONARY'],
      [60, 'STATIONARY'],
    ]);
    expect(downsampleStatusBands([track], 4, RULE)).toEqual([band(0, 45, 'IN_MOTION'), band(45, 60, 'STATIONARY')]);
  });
});

describe('status bands: the ends of the chart', () => {
  it('start at the first reading and end exactly at the last, whatever the width', () => {
    // From the epoch over one hour: at 47, 94 or 95 columns, 47 × (1 h / 47) falls short of the hour in floating point.
    const epoch = chunkOf(
      '1970-01-01',
      [
        [0, 'IN_MOTION'],
        [20, 'STATIONARY'],
        [60, 'STATIONARY'],
      ],
      0,
    );
    for (const width of [7, 47, 94, 95, 99, 480]) {
      const bands = downsampleStatusBands([epoch], width, RULE);
      expect(bands[0]!.startMs, `width ${width}`).toBe(0);
      expect(bands.at(-1)!.endMs, `width ${width}`).toBe(60 * MIN);
      expect(bands.map((b) => b.status)).toEqual(['IN_MOTION', 'STATIONARY']);
    }
  });
});

describe('status bands: the width', () => {
  it('must be a positive whole number of pixels, and the error says what it got', () => {
    for (const width of [0, -3, 2.5, Number.NaN]) {
      expect(() => downsampleStatusBands([driveThenStop()], width)).toThrow(
        `Status bands need a positive integer pixel width (got ${width})`,
      );
    }
  });
});
