import { describe, expect, it } from 'vitest';
import { dayOfMs, dayStartMs, fromApiDate, isUtcDay } from '../../shared/util/day.ts';

describe('UTC day strings', () => {
  it('only a zero-padded real date is a day', () => {
    expect(isUtcDay('2026-1-01')).toBe(false);
    expect(isUtcDay('garbage')).toBe(false);
    expect(isUtcDay('2026-02-29')).toBe(false);
    expect(isUtcDay('2024-02-29')).toBe(true);
  });

  it('an invalid day is quoted in the error', () => {
    expect(() => dayStartMs('2026-13-01')).toThrow('Not a calendar day (YYYY-MM-DD): "2026-13-01"');
  });
});

describe('the day of an instant at the ends of what a Date holds', () => {
  it('8.64e15 ms is a day (275760-09-13); a millisecond later is no date, even right after asking for that day', () => {
    // ECMAScript's time value range is ±8.64e15 ms; 8.64e15 is 275760-09-13T00:00Z.
    expect(() => dayOfMs(8.64e15)).not.toThrow();
    expect(() => dayOfMs(8.64e15 + 1)).toThrow(RangeError);
    expect(() => dayOfMs(-8.64e15)).not.toThrow();
    expect(() => dayOfMs(-8.64e15 - 1)).toThrow(RangeError);
  });
});

describe("the API's MM-DD-YYYY dates", () => {
  it('parse into days', () => {
    expect(fromApiDate('02-29-2024')).toBe('2024-02-29');
    expect(fromApiDate('11-20-2026')).toBe('2026-11-20');
    expect(fromApiDate('01-01-1999')).toBe('1999-01-01');
  });

  it('reject impossible dates and anything around or short of the pattern', () => {
    expect(fromApiDate('02-29-2026')).toBeNull();
    expect(fromApiDate('13-01-2026')).toBeNull();
    expect(fromApiDate('x11-20-2026')).toBeNull();
    expect(fromApiDate('11-20-2026x')).toBeNull();
    expect(fromApiDate('11-20-20261')).toBeNull();
    expect(fromApiDate('111-20-2026')).toBeNull();
    expect(fromApiDate('1-20-2026')).toBeNull();
    expect(fromApiDate('11-2-2026')).toBeNull();
    expect(fromApiDate('2026-11-20')).toBeNull();
  });
});
