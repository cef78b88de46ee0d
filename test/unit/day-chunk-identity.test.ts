/**
 * Issue 30, problem 2: each reading keeps its own vehicle number and VIN. A reading that carries none
 * takes the roster's, never a neighbour's; the chunk's pair is the roster's (else the day's most common),
 * and per-reading identities travel through every reshaping of a chunk (range, local day, outliers).
 */
import { describe, expect, it } from 'vitest';
import { buildDayChunk, copyChunkRange, pointAt } from '../../shared/track/day-chunk.ts';
import { localDayChunks } from '../../shared/track/local-days.ts';
import { withoutOutliers } from '../../shared/track/outliers.ts';
import type { Breadcrumb, DayChunk } from '../../shared/track/types.ts';

const ROSTER = { vehicleNumber: 'T-9', vin: 'VIN-ROSTER' };

function reading(day: string, minute: number, over: Partial<Breadcrumb> = {}): Breadcrumb {
  return {
    id: `${day}-${minute}`,
    t: Date.parse(`${day}T00:00:00Z`) + minute * 60_000,
    lat: 40 + minute * 0.0005,
    lng: -90,
    speed: 30,
    status: 'IN_MOTION',
    direction: 0,
    location: '',
    vehicleNumber: 'T-9',
    vin: 'VIN-ROSTER',
    ...over,
  };
}

const identities = (c: DayChunk): [string, string][] =>
  Array.from({ length: c.length }, (_, i) => [pointAt(c, i).vehicleNumber, pointAt(c, i).vin]);

describe('a day chunk keeps each reading’s identity', () => {
  it('fills a reading without number or VIN from the roster, not from the first reading', () => {
    const points = [
      reading('2026-03-01', 0, { vehicleNumber: '', vin: '' }),
      reading('2026-03-01', 1),
      reading('2026-03-01', 2),
    ];
    const chunk = buildDayChunk('v', '2026-03-01', points, ROSTER);
    expect([chunk.vehicleNumber, chunk.vin]).toEqual(['T-9', 'VIN-ROSTER']);
    expect(chunk.identityAt).toBeUndefined();
    expect(identities(chunk)).toEqual(Array(3).fill(['T-9', 'VIN-ROSTER']));
  });

  it('without a roster, the chunk names the most common identity and an empty reading stays empty', () => {
    const points = [
      reading('2026-03-01', 0, { vehicleNumber: '', vin: '' }),
      reading('2026-03-01', 1),
      reading('2026-03-01', 2),
    ];
    const chunk = buildDayChunk('v', '2026-03-01', points);
    expect([chunk.vehicleNumber, chunk.vin]).toEqual(['T-9', 'VIN-ROSTER']);
    expect(identities(chunk)).toEqual([
      ['', ''],
      ['T-9', 'VIN-ROSTER'],
      ['T-9', 'VIN-ROSTER'],
    ]);
  });

  it('a reading that carried another identity keeps it, through a range, a local day and the outlier filter', () => {
    const other = { vehicleNumber: 'T-9B', vin: 'VIN-OTHER' };
    const day1 = buildDayChunk(
      'v',
      '2026-03-01',
      [reading('2026-03-01', 1300), reading('2026-03-01', 1301, other), reading('2026-03-01', 1302)],
      ROSTER,
    );
    const day2 = buildDayChunk(
      'v',
      '2026-03-02',
      [reading('2026-03-02', 10), reading('2026-03-02', 11, other)],
      ROSTER,
    );
    expect(identities(day1)[1]).toEqual(['T-9B', 'VIN-OTHER']);
    expect(identities(copyChunkRange(day1, 1, 3))).toEqual([
      ['T-9B', 'VIN-OTHER'],
      ['T-9', 'VIN-ROSTER'],
    ]);
    // America/Chicago's 1 March runs 06:00Z 1 March to 06:00Z 2 March: the readings of both UTC days.
    const [local] = localDayChunks([day1, day2], 'America/Chicago');
    expect(local!.day).toBe('2026-03-01');
    expect(identities(local!)).toEqual([
      ['T-9', 'VIN-ROSTER'],
      ['T-9B', 'VIN-OTHER'],
      ['T-9', 'VIN-ROSTER'],
      ['T-9', 'VIN-ROSTER'],
      ['T-9B', 'VIN-OTHER'],
    ]);
    // A spike (a reading no truck could reach) goes; the others keep their own identity.
    const spiky = buildDayChunk(
      'v',
      '2026-03-01',
      [reading('2026-03-01', 0), reading('2026-03-01', 1, { ...other, lat: 60 }), reading('2026-03-01', 2, other)],
      ROSTER,
    );
    const clean = withoutOutliers(spiky).chunk;
    expect(clean.length).toBe(2);
    expect(identities(clean)).toEqual([
      ['T-9', 'VIN-ROSTER'],
      ['T-9B', 'VIN-OTHER'],
    ]);
  });

  it('two UTC days that name the vehicle differently give their local day per-reading identities', () => {
    const a = buildDayChunk('v', '2026-03-01', [reading('2026-03-01', 1380, { vehicleNumber: 'OLD', vin: 'V1' })]);
    const b = buildDayChunk('v', '2026-03-02', [reading('2026-03-02', 60, { vehicleNumber: 'NEW', vin: 'V2' })]);
    const [local] = localDayChunks([a, b], 'America/Chicago');
    expect(identities(local!)).toEqual([
      ['OLD', 'V1'],
      ['NEW', 'V2'],
    ]);
  });
});
