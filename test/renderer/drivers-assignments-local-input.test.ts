import { describe, expect, it } from 'vitest';
import { localInputOfMs, msOfLocalInput } from '../../renderer/src/features/drivers/local-input.ts';

const CHICAGO = 'America/Chicago';

describe("the assignment form's date-times, read as the home zone's clock", () => {
  it('reads a winter and a summer time with their own offsets', () => {
    expect(msOfLocalInput('2026-01-15T08:00', CHICAGO, 'From')).toEqual({ ok: true, ms: Date.UTC(2026, 0, 15, 14) });
    expect(msOfLocalInput('2026-07-15T08:00', CHICAGO, 'From')).toEqual({ ok: true, ms: Date.UTC(2026, 6, 15, 13) });
  });

  it('refuses, by name, a time the spring-forward skips', () => {
    const r = msOfLocalInput('2026-03-08T02:30', CHICAGO, 'From');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toBe('From 2026-03-08T02:30 does not happen in America/Chicago (the clocks skip it).');
  });

  it('takes the first of the two instants a fall-back shows the same time', () => {
    // 01:30 happens at 06:30Z (CDT) and again at 07:30Z (CST).
    expect(msOfLocalInput('2026-11-01T01:30', CHICAGO, 'To')).toEqual({ ok: true, ms: Date.UTC(2026, 10, 1, 6, 30) });
  });

  it('refuses text that is not a date and time, and a date that does not exist', () => {
    expect(msOfLocalInput('yesterday', CHICAGO, 'From')).toEqual({
      ok: false,
      error: 'From is not a date and time (expected YYYY-MM-DDTHH:MM).',
    });
    expect(msOfLocalInput('2026-02-30T10:00', CHICAGO, 'To')).toEqual({
      ok: false,
      error: 'To 2026-02-30T10:00 is not a real date and time.',
    });
  });

  it('writes an instant back as the same wall clock, either side of both changes', () => {
    for (const text of ['2026-03-08T01:59', '2026-03-08T03:00', '2026-11-01T00:59', '2026-11-01T02:00']) {
      const r = msOfLocalInput(text, CHICAGO, 'From');
      expect(r.ok).toBe(true);
      if (r.ok) expect(localInputOfMs(r.ms, CHICAGO)).toBe(text);
    }
    expect(localInputOfMs(Date.UTC(2026, 10, 1, 7, 30), CHICAGO)).toBe('2026-11-01T01:30');
  });
});
