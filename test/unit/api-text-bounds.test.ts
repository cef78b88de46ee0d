/**
 * Issue 32, 3: API text is bounded at the boundary. A 64 KB unit number, VIN,
 * name or place is kept, cut to its documented maximum with "…", and counted
 * (Parsed.cut); the record is never refused for it; optional fields that are
 * absent or not text stay unknown (''). A suggested export name built from a
 * 64 KB unit number is one the save guard accepts.
 */
import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '../../shared/api/text-bounds.ts';
import { parseCompany, parseDriver, parseLocationRecord, parseVehicle } from '../../shared/api/validate.ts';
import { exportBaseName } from '../../shared/export/file-name.ts';
import { ARG_GUARDS } from '../../shared/ipc/validate.ts';

const LONG = 'Ж'.repeat(65_536);
const cutTo = (max: number) => `${'Ж'.repeat(max - 1)}…`;
const reading = (extra: Record<string, unknown>) => ({
  id: 'r-1',
  timestamp: '2026-11-01T10:00:00Z',
  lat: '30.1',
  lng: '-97.5',
  speed: '50',
  direction: '90',
  status: 'IN_MOTION',
  ...extra,
});

describe('API text fields are bounded, cut and counted, never refused', () => {
  it('a reading with 64 KB unit number, VIN and place is kept, each cut to its maximum', () => {
    const r = parseLocationRecord(reading({ vehicle_number: LONG, vin: LONG, calc_location: LONG }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.vehicleNumber).toBe(cutTo(TEXT_LIMITS.unitNumber));
    expect(r.value.vin).toBe(cutTo(TEXT_LIMITS.vin));
    expect(r.value.location).toBe(cutTo(TEXT_LIMITS.place));
    expect(r.cut).toBe(3);
  });

  it('text within the bound is untouched and not counted; absent or non-text optional fields stay unknown', () => {
    const exact = 'x'.repeat(TEXT_LIMITS.unitNumber);
    const r = parseLocationRecord(
      reading({ vehicle_number: exact, vin: '1FUJGLDR9CLBP8834', calc_location: 'Mile 1' }),
    );
    expect(r).toMatchObject({ ok: true, value: { vehicleNumber: exact, location: 'Mile 1' } });
    expect(r.ok && r.cut).toBeFalsy();
    const absent = parseLocationRecord(reading({ vin: 42, calc_location: null }));
    expect(absent).toMatchObject({ ok: true, value: { vehicleNumber: '', vin: '', location: '' } });
    expect(absent.ok && absent.cut).toBeFalsy();
  });

  it('rosters, drivers and company: the same bounds', () => {
    const v = parseVehicle({ vehicle_id: 'v-1', number: LONG, vin: LONG, active: true });
    expect(v).toMatchObject({ ok: true, cut: 2, value: { number: cutTo(64), vin: cutTo(64) } });
    const d = parseDriver({ driver_id: 'd-1', username: LONG, first_name: LONG, last_name: 'Ng', active: true });
    expect(d).toMatchObject({
      ok: true,
      cut: 2,
      value: { username: cutTo(200), first_name: cutTo(200), last_name: 'Ng' },
    });
    const c = parseCompany({ company_name: LONG, dot_number: LONG });
    expect(c).toMatchObject({ ok: true, cut: 2, value: { company_name: cutTo(200), dot_number: cutTo(64) } });
  });

  it('a suggested export name from a 64 KB unit number passes the save guard with every suffix', () => {
    const base = exportBaseName(LONG, '2026-11-01', '2026-11-04');
    expect(base.length).toBeLessThanOrEqual(100);
    for (const suffix of ['-breadcrumbs.csv', '-review_log.csv', '-audit.zip', '-trips.gpx'])
      expect(ARG_GUARDS['exports:begin']([`${base}${suffix}`, 'csv'])).toBe(true);
    expect(exportBaseName('T-101', '2026-11-01', '2026-11-01')).toBe('T-101-2026-11-01');
    expect(exportBaseName('A/B C', '2026-11-01', '2026-11-04')).toBe('A_B_C-2026-11-01_2026-11-04');
  });
});

/** Issue 32, 6: recorded numbers at a fixed precision, so no export writes hundreds of digits. */
describe('recorded numbers are stored at a fixed precision', () => {
  it('a direction or speed of 1e-320 is 0, and the breadcrumb CSV cell is "0", not 320 digits', async () => {
    const r = parseLocationRecord(reading({ direction: '1e-320', speed: '1e-320', lat: '1e-320', lng: '-97.5' }));
    expect(r).toMatchObject({ ok: true, value: { direction: 0, speed: 0, lat: 0 } });
    const { formatNumber } = await import('../../shared/export/format.ts');
    if (r.ok) for (const v of [r.value.direction, r.value.speed, r.value.lat]) expect(formatNumber(v)).toBe('0');
  });
  it('values already that precise are kept exactly', () => {
    const r = parseLocationRecord(
      reading({ lat: '30.1234567', lng: '-97.123456', speed: '61.123456', direction: '359.999999' }),
    );
    expect(r).toMatchObject({
      ok: true,
      value: { lat: 30.1234567, lng: -97.123456, speed: 61.123456, direction: 359.999999 },
    });
  });
});
