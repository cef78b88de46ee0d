import { describe, expect, it } from 'vitest';
import { carrierView } from '../support/carrier-view.ts';
import { coveredDays, describeDayRange } from '../../shared/export/context.ts';
import { auditMeta } from '../../shared/export/gpx-audit-meta.ts';
import type { DayChunk } from '../../shared/track/types.ts';

/** Only what coveredDays and auditMeta read: the length, the times and the identity. */
function chunk(t: number[], vehicle = 'veh-1'): DayChunk {
  return {
    length: t.length,
    t,
    vehicleId: vehicle,
    vehicleNumber: `N-${vehicle}`,
    vin: `VIN-${vehicle}`,
  } as unknown as DayChunk;
}

const at = (d: number, h = 12): number => Date.UTC(2026, 4, d, h);

describe('coveredDays', () => {
  it('is null without readings', () => {
    expect(coveredDays([], 'UTC')).toBeNull();
    expect(coveredDays([chunk([]), chunk([])], 'UTC')).toBeNull();
  });

  it('covers the single day of a single reading', () => {
    expect(coveredDays([chunk([at(3)])], 'UTC')).toEqual({ from: '2026-05-03', to: '2026-05-03' });
  });

  it('takes the first and the last reading of a chunk', () => {
    expect(coveredDays([chunk([at(3), at(4), at(6)])], 'UTC')).toEqual({ from: '2026-05-03', to: '2026-05-06' });
  });

  it('skips empty chunks between full ones', () => {
    expect(coveredDays([chunk([]), chunk([at(2), at(3)]), chunk([]), chunk([at(5), at(7)])], 'UTC')).toEqual({
      from: '2026-05-02',
      to: '2026-05-07',
    });
  });

  it('finds the earliest start and latest end whatever the chunk order', () => {
    const chunks = [chunk([at(10), at(11)]), chunk([at(4), at(5)]), chunk([at(20), at(21)]), chunk([at(6), at(8)])];
    expect(coveredDays(chunks, 'UTC')).toEqual({ from: '2026-05-04', to: '2026-05-21' });
  });

  it('gives the days in the zone asked for', () => {
    const chunks = [chunk([at(3, 2), at(5, 3)])];
    expect(coveredDays(chunks, 'America/Chicago')).toEqual({ from: '2026-05-02', to: '2026-05-04' });
    expect(coveredDays(chunks, 'UTC')).toEqual({ from: '2026-05-03', to: '2026-05-05' });
  });

  it('reads into describeDayRange', () => {
    const covered = coveredDays([chunk([at(3)])], 'UTC');
    expect(describeDayRange({ zone: 'UTC', asked: { from: '2026-05-01', to: '2026-05-09' }, covered })).toBe(
      'asked 2026-05-01 – 2026-05-09, data 2026-05-03 (UTC days)',
    );
  });
});

const carrier = carrierView({ id: 'c1' });

describe('auditMeta', () => {
  it('uses the legal name as remembered, untrimmed', () => {
    const c = { ...carrier, company: { name: ' Acme Freight ', dotNumber: '1234567', fetchedAt: '' } };
    const m = auditMeta(c, [chunk([at(1)])], '2026-05-01', '2026-05-02');
    expect(m.carrierName).toBe(' Acme Freight ');
    expect(m.dotNumber).toBe('1234567');
  });

  it('falls back to the marked label when the legal name is blank', () => {
    const c = { ...carrier, company: { name: '   ', dotNumber: '42', fetchedAt: '' } };
    expect(auditMeta(c, [], '2026-05-01', '2026-05-01').carrierName).toBe(
      'Night shift fleet (name entered in RouteLens)',
    );
    const empty = { ...carrier, company: { name: '', dotNumber: '42', fetchedAt: '' } };
    expect(auditMeta(empty, [], '2026-05-01', '2026-05-01').carrierName).toBe(
      'Night shift fleet (name entered in RouteLens)',
    );
  });

  it('is all blanks and UTC without a carrier or chunks', () => {
    expect(auditMeta(undefined, [], '2026-05-01', '2026-05-02')).toEqual({
      carrierName: '',
      dotNumber: '',
      vehicleId: '',
      vehicleNumber: '',
      vin: '',
      zone: 'UTC',
      from: '2026-05-01',
      to: '2026-05-02',
      dayZone: 'UTC',
    });
  });

  it("takes the vehicle from the first chunk and the zone from the carrier's home", () => {
    const m = auditMeta(
      carrier,
      [chunk([at(1)], 'v-a'), chunk([at(2)], 'v-b')],
      '2026-05-01',
      '2026-05-02',
      'Europe/Paris',
    );
    expect(m).toEqual({
      carrierName: 'Night shift fleet (name entered in RouteLens)',
      dotNumber: '',
      vehicleId: 'v-a',
      vehicleNumber: 'N-v-a',
      vin: 'VIN-v-a',
      zone: 'America/Chicago',
      from: '2026-05-01',
      to: '2026-05-02',
      dayZone: 'Europe/Paris',
    });
  });
});
