import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMMON_ZONES, createZoneFormatter, isValidZone, resolveZone } from '../../shared/time/zone.ts';

// Expected texts and offsets are written out from the zones' published rules (tzdata).
const Z = (iso: string) => Date.parse(iso);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('display zone preference', () => {
  it("'local' stands for a real IANA zone of this computer, never the word itself", () => {
    const zone = resolveZone('local');
    expect(zone).not.toBe('local');
    expect(isValidZone(zone)).toBe(true);
    expect(resolveZone('')).toBe('');
    expect(resolveZone('Asia/Kolkata')).toBe('Asia/Kolkata');
  });
});

describe('zone formatter texts', () => {
  const chicago = createZoneFormatter('America/Chicago');

  it('short time is hours and minutes of the zone', () => {
    expect(chicago.shortTime(Z('2026-01-15T05:06:07Z'))).toBe('23:06');
    expect(chicago.shortTime(Z('2026-07-01T12:34:56Z'))).toBe('07:34');
  });

  it('short date is the zone’s month and day, which may be the day before UTC’s', () => {
    expect(chicago.shortDate(Z('2026-01-15T05:06:07Z'))).toBe('Jan 14');
    expect(chicago.shortDate(Z('2026-11-20T15:00:00Z'))).toBe('Nov 20');
  });

  it('the abbreviation follows daylight saving', () => {
    expect(chicago.abbreviation(Z('2026-01-15T05:06:07Z'))).toBe('CST');
    expect(chicago.abbreviation(Z('2026-07-01T12:34:56Z'))).toBe('CDT');
    expect(createZoneFormatter('UTC').abbreviation(0)).toBe('UTC');
  });

  it('half-hour offsets east and west keep their minutes', () => {
    expect(createZoneFormatter('Asia/Kolkata').offsetMinutes(Z('2026-01-15T00:00:00Z'))).toBe(330);
    const stJohns = createZoneFormatter('America/St_Johns');
    expect(stJohns.offsetMinutes(Z('2026-01-15T00:00:00Z'))).toBe(-210);
    expect(stJohns.offsetMinutes(Z('2026-07-01T00:00:00Z'))).toBe(-150);
    expect(createZoneFormatter('Asia/Kathmandu').offsetMinutes(Z('2026-01-15T00:00:00Z'))).toBe(345);
  });

  it('offsets with seconds (local mean time, Monrovia until 1972) round to the nearest minute, not 0', () => {
    // Chicago LMT -5:50:36 until 1883; Monrovia -0:44:30 until 1972-01-07 (then GMT).
    expect(createZoneFormatter('America/Chicago').offsetMinutes(Z('1850-06-01T00:00:00Z'))).toBe(-351);
    expect(createZoneFormatter('Africa/Monrovia').offsetMinutes(Z('1971-06-01T00:00:00Z'))).toBe(-44);
    expect(createZoneFormatter('Africa/Monrovia').offsetMinutes(Z('1973-06-01T00:00:00Z'))).toBe(0);
  });

  it('midnight printed as hour 24 by some engines reads 00', () => {
    const real = Intl.DateTimeFormat.prototype.formatToParts;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts').mockImplementation(function (
      this: Intl.DateTimeFormat,
      date?: Date | number,
    ) {
      return real.call(this, date).map((p) => (p.type === 'hour' && p.value === '00' ? { ...p, value: '24' } : p));
    });
    const utc = createZoneFormatter('UTC');
    const midnight = Z('2026-11-20T00:00:05Z');
    expect(utc.dateTime(midnight)).toBe('2026-11-20 00:00:05');
    expect(utc.time(midnight)).toBe('00:00:05');
    expect(utc.shortTime(midnight)).toBe('00:00');
  });
});

describe('zones offered in the picker', () => {
  it('are all real zones, one for each US standard offset from Eastern to Hawaii, Chicago among them', () => {
    for (const zone of COMMON_ZONES) expect(isValidZone(zone)).toBe(true);
    expect(COMMON_ZONES).toContain('America/Chicago');
    const january = Z('2026-01-15T12:00:00Z');
    const offsets = new Set(COMMON_ZONES.map((z) => createZoneFormatter(z).offsetMinutes(january)));
    expect([...offsets].sort((a, b) => a - b)).toEqual([-600, -540, -480, -420, -360, -300]);
    // Arizona keeps standard time all year: a separate entry from Denver.
    expect(COMMON_ZONES).toContain('America/Phoenix');
    expect(new Set(COMMON_ZONES).size).toBe(COMMON_ZONES.length);
  });
});
