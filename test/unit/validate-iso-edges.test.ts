import { describe, expect, it } from 'vitest';
import { parseIsoUtc } from '../../shared/api/validate.ts';

describe('parseIsoUtc: the canonical YYYY-MM-DDTHH:MM:SS[.f]Z form', () => {
  it('reads the last valid value of every field (December, 31st, 23:59:59)', () => {
    expect(parseIsoUtc('2026-12-31T23:59:59Z')).toBe(Date.UTC(2026, 11, 31, 23, 59, 59));
    expect(parseIsoUtc('2026-01-01T00:00:00Z')).toBe(Date.UTC(2026, 0, 1, 0, 0, 0));
  });

  it('rejects month 00 and 13, hour 24, minute 60 and second 60', () => {
    for (const bad of [
      '2026-00-10T10:00:00Z',
      '2026-13-10T10:00:00Z',
      '2026-03-10T24:00:00Z',
      '2026-03-10T10:60:00Z',
      '2026-03-10T10:00:60Z',
    ]) {
      expect(parseIsoUtc(bad), bad).toBeNull();
    }
  });

  it('knows each month length: 30 April, not 31; day 00 is no day', () => {
    expect(parseIsoUtc('2026-04-30T12:00:00Z')).toBe(Date.UTC(2026, 3, 30, 12));
    expect(parseIsoUtc('2026-04-31T12:00:00Z')).toBeNull();
    expect(parseIsoUtc('2026-01-31T12:00:00Z')).toBe(Date.UTC(2026, 0, 31, 12));
    expect(parseIsoUtc('2026-01-32T12:00:00Z')).toBeNull();
    expect(parseIsoUtc('2026-03-00T12:00:00Z')).toBeNull();
  });

  it('applies the Gregorian leap rules to 29 February (4, 100, 400)', () => {
    expect(parseIsoUtc('2024-02-29T00:00:00Z')).toBe(Date.UTC(2024, 1, 29));
    expect(parseIsoUtc('2000-02-29T00:00:00Z')).toBe(Date.UTC(2000, 1, 29));
    expect(parseIsoUtc('2100-02-29T00:00:00Z')).toBeNull();
    expect(parseIsoUtc('2026-02-29T00:00:00Z')).toBeNull();
    expect(parseIsoUtc('2026-02-28T00:00:00Z')).toBe(Date.UTC(2026, 1, 28));
  });

  it('rejects a wrong separator in any of the five separator positions', () => {
    for (const bad of [
      '2026/03-14T09:30:15Z',
      '2026-03/14T09:30:15Z',
      '2026-03-14X09:30:15Z',
      '2026-03-14T09.30:15Z',
      '2026-03-14T09:30.15Z',
    ]) {
      expect(parseIsoUtc(bad), bad).toBeNull();
    }
  });

  it('reads years of every century the same way (1999, 2126)', () => {
    expect(parseIsoUtc('1999-12-31T23:59:59Z')).toBe(Date.UTC(1999, 11, 31, 23, 59, 59));
    expect(parseIsoUtc('2126-06-15T08:07:06Z')).toBe(Date.UTC(2126, 5, 15, 8, 7, 6));
    expect(parseIsoUtc('2024-01-31T00:00:00Z')).toBe(Date.UTC(2024, 0, 31));
  });

  it('rejects a non-digit in any two-digit field, including the characters either side of 0-9', () => {
    for (const bad of [
      ':026-03-14T09:30:15Z',
      '2026-03-1/T09:30:15Z',
      '2026-03-:1T09:30:15Z',
      '2/26-03-14T09:30:15Z',
      '20:6-03-14T09:30:15Z',
      '202/-03-14T09:30:15Z',
      '2026-0:-14T09:30:15Z',
      '2026-/3-14T09:30:15Z',
      '2026-03-1:T09:30:15Z',
      '2026-03-/1T09:30:15Z',
      '2026-03-14T0::30:15Z',
      '2026-03-14T/9:30:15Z',
      '2026-03-14T09:3::15Z',
      '2026-03-14T09:/0:15Z',
      '2026-03-14T09:30:1:Z',
      '2026-03-14T09:30:/5Z',
    ]) {
      expect(parseIsoUtc(bad), bad).toBeNull();
    }
  });

  it('reads fractional seconds as milliseconds, truncating below a millisecond', () => {
    const base = Date.UTC(2026, 2, 14, 9, 30, 15);
    expect(parseIsoUtc('2026-03-14T09:30:15.5Z')).toBe(base + 500);
    expect(parseIsoUtc('2026-03-14T09:30:15.25Z')).toBe(base + 250);
    expect(parseIsoUtc('2026-03-14T09:30:15.123Z')).toBe(base + 123);
    expect(parseIsoUtc('2026-03-14T09:30:15.9999Z')).toBe(base + 999);
    expect(parseIsoUtc('2026-03-14T09:30:15.123456789Z')).toBe(base + 123);
  });

  it('rejects a fraction with a non-digit, no digits, or more than nine digits', () => {
    expect(parseIsoUtc('2026-03-14T09:30:15.1a3Z')).toBeNull();
    expect(parseIsoUtc('2026-03-14T09:30:15.Z')).toBeNull();
    expect(parseIsoUtc('2026-03-14T09:30:15.1234567890Z')).toBeNull();
    expect(parseIsoUtc('2026-03-14T09:30:15,5Z')).toBeNull();
    expect(parseIsoUtc('2026-03-14T09:30:15.1/3Z')).toBeNull();
    expect(parseIsoUtc('2026-03-14T09:30:15.1:3Z')).toBeNull();
    expect(parseIsoUtc('2026-03-14T09:30:15./Z')).toBeNull();
    expect(parseIsoUtc('2026-03-14T09:30:15.:Z')).toBeNull();
  });

  it('reads fractional seconds without a zone as UTC (the spec: every timestamp is UTC)', () => {
    expect(parseIsoUtc('2026-03-14T09:30:15.123456789')).toBe(Date.UTC(2026, 2, 14, 9, 30, 15, 123));
    expect(parseIsoUtc('2026-03-14T09:30:15.12345')).toBe(Date.UTC(2026, 2, 14, 9, 30, 15, 123));
  });

  it('keeps Date.UTC reading of two-digit years (0099 is 1999) and reads 0150 as the year 150', () => {
    expect(parseIsoUtc('0099-01-01T00:00:00Z')).toBe(Date.UTC(1999, 0, 1));
    // Year 0 reads as 1900, which had no 29 February.
    expect(parseIsoUtc('0000-02-29T00:00:00Z')).toBeNull();
    const y150 = new Date(0);
    y150.setUTCFullYear(150, 5, 1);
    expect(parseIsoUtc('0150-06-01T00:00:00Z')).toBe(y150.getTime());
  });
});

describe('parseIsoUtc: other ISO 8601 shapes', () => {
  it('accepts a lowercase z, surrounding spaces, and a time without seconds', () => {
    const t = Date.UTC(2026, 2, 14, 9, 30, 15);
    expect(parseIsoUtc('2026-03-14T09:30:15z')).toBe(t);
    expect(parseIsoUtc('  2026-03-14T09:30:15Z ')).toBe(t);
    expect(parseIsoUtc('2026-03-14T09:30Z')).toBe(Date.UTC(2026, 2, 14, 9, 30));
    expect(parseIsoUtc('2026-03-14T09:30:15.25z')).toBe(t + 250);
  });

  it('subtracts a positive offset and adds a negative one, minutes included', () => {
    expect(parseIsoUtc('2026-03-14T15:00:15+05:30')).toBe(Date.UTC(2026, 2, 14, 9, 30, 15));
    expect(parseIsoUtc('2026-03-14T04:00:15-05:30')).toBe(Date.UTC(2026, 2, 14, 9, 30, 15));
    expect(parseIsoUtc('2026-03-14T09:30:15+00:00')).toBe(Date.UTC(2026, 2, 14, 9, 30, 15));
    expect(parseIsoUtc('2026-03-14T09:30:15-0000')).toBe(Date.UTC(2026, 2, 14, 9, 30, 15));
    expect(parseIsoUtc('2026-03-14T09:30+01:00')).toBe(Date.UTC(2026, 2, 14, 8, 30));
  });

  it('rejects an offset of 24 hours or 60 minutes, but takes 23:59', () => {
    expect(parseIsoUtc('2026-03-14T09:30:15+24:00')).toBeNull();
    expect(parseIsoUtc('2026-03-14T09:30:15+05:60')).toBeNull();
    expect(parseIsoUtc('2026-03-14T23:59:00+23:59')).toBe(Date.UTC(2026, 2, 14, 0, 0));
  });

  it('applies the field ranges with an offset too', () => {
    for (const bad of [
      '2026-00-10T10:00:00+01:00',
      '2026-13-10T10:00:00+01:00',
      '2026-03-10T24:00:00+01:00',
      '2026-03-10T10:60:00+01:00',
      '2026-03-10T10:00:60+01:00',
      '2026-04-31T10:00:00+01:00',
      '2026-02-29T10:00:00+01:00',
    ]) {
      expect(parseIsoUtc(bad), bad).toBeNull();
    }
    expect(parseIsoUtc('2026-12-31T23:59:59+00:00')).toBe(Date.UTC(2026, 11, 31, 23, 59, 59));
    expect(parseIsoUtc('2024-02-29T10:00:00+01:00')).toBe(Date.UTC(2024, 1, 29, 9));
    expect(parseIsoUtc('2026-01-15T10:00:00+01:00')).toBe(Date.UTC(2026, 0, 15, 9));
    expect(parseIsoUtc('2026-07-31T10:00:00+01:00')).toBe(Date.UTC(2026, 6, 31, 9));
  });

  it('rejects text before or after the instant, a date alone, and offsets no clock has', () => {
    expect(parseIsoUtc('x2026-03-14T09:30:15+01:00')).toBeNull();
    expect(parseIsoUtc('2026-03-14T09:30:15+01:00x')).toBeNull();
    expect(parseIsoUtc('2026-03-14')).toBeNull();
    expect(parseIsoUtc('')).toBeNull();
    expect(parseIsoUtc('2026-03-14T09:30:15+1')).toBeNull();
    expect(parseIsoUtc('2026-03-14T09:30:15+24:00')).toBeNull();
    expect(parseIsoUtc('2026-03-14T09:30:15+01:60')).toBeNull();
    expect(parseIsoUtc('2026-03-14T09:30:15+01:0')).toBeNull();
    expect(parseIsoUtc('2026-03-14  09:30:15')).toBeNull();
    expect(parseIsoUtc('2026-03-14_09:30:15')).toBeNull();
  });

  it('reads no zone as UTC, a space for the T, and offsets of ±hh, ±hhmm and ±hh:mm', () => {
    const t = Date.UTC(2026, 2, 14, 9, 30, 15);
    expect(parseIsoUtc('2026-03-14T09:30:15')).toBe(t);
    expect(parseIsoUtc('2026-03-14 09:30:15')).toBe(t);
    expect(parseIsoUtc('2026-03-14 10:30:15+01')).toBe(t);
    expect(parseIsoUtc('2026-03-14 10:30:15+0100')).toBe(t);
    expect(parseIsoUtc('2026-03-14 08:30:15-01:00')).toBe(t);
  });
});
