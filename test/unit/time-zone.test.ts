import { describe, expect, it, vi } from 'vitest';
import { createZoneFormatter, isValidZone, SYSTEM_ZONE_FRESH_MS, systemZoneName } from '../../shared/time/zone.ts';

// 2026-07-01T12:34:56Z (daylight time in Chicago) and 2026-01-15T05:06:07Z (standard time).
const SUMMER = Date.UTC(2026, 6, 1, 12, 34, 56);
const WINTER = Date.UTC(2026, 0, 15, 5, 6, 7);

describe('display time zone', () => {
  it('UTC prints the stored instant unchanged', () => {
    const f = createZoneFormatter('UTC');
    expect(f.dateTime(SUMMER)).toBe(new Date(SUMMER).toISOString().slice(0, 19).replace('T', ' '));
    expect(f.offsetMinutes(SUMMER)).toBe(0);
  });
  it('a named zone shifts by its offset at that instant, daylight saving included', () => {
    const f = createZoneFormatter('America/Chicago');
    expect(f.offsetMinutes(SUMMER)).toBe(-300);
    expect(f.offsetMinutes(WINTER)).toBe(-360);
    const shifted = (ms: number) =>
      new Date(ms + f.offsetMinutes(ms) * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(f.dateTime(SUMMER)).toBe(shifted(SUMMER));
    expect(f.dateTime(WINTER)).toBe(shifted(WINTER));
    // Crossing midnight backwards: 05:06 UTC is the previous evening in Chicago.
    expect(f.dateTime(WINTER).startsWith('2026-01-14')).toBe(true);
  });
  it('midnight prints as 00, not 24', () => {
    expect(createZoneFormatter('UTC').time(Date.UTC(2026, 2, 3))).toBe('00:00:00');
  });
  it('local resolves to the OS zone', () => {
    const f = createZoneFormatter('local');
    expect(f.zone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
  it('an unknown zone falls back to UTC', () => {
    expect(isValidZone('Mars/Olympus')).toBe(false);
    expect(createZoneFormatter('Mars/Olympus').zone).toBe('UTC');
  });
  it('one formatter per zone is made and shared (they hold no state); asked again, a zone is told the same', () => {
    const a = createZoneFormatter('America/Chicago');
    expect(createZoneFormatter('home', 'America/Chicago')).toBe(a);
    expect(createZoneFormatter('America/Denver')).not.toBe(a);
    expect(createZoneFormatter('Mars/Olympus')).toBe(createZoneFormatter('UTC'));
    // Hundreds of names never asked before (a hostile file's) are each told right, past what is remembered.
    for (let i = 0; i < 600; i++) expect(isValidZone(`Nowhere/Place${i}`)).toBe(false);
    expect(isValidZone('America/Chicago')).toBe(true);
    expect(createZoneFormatter('America/Chicago').dateTime(SUMMER)).toBe('2026-07-01 07:34:56');
  });
});

describe("this computer's zone", () => {
  it('is asked of Intl once in a few seconds, and a zone changed in the OS is followed after them', () => {
    const Real = Intl.DateTimeFormat;
    let osZone = 'America/Denver';
    let asked = 0;
    const spy = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(((
      ...args: ConstructorParameters<typeof Intl.DateTimeFormat>
    ) => {
      if (args.length > 0) return new Real(...args);
      asked++;
      return { resolvedOptions: () => ({ timeZone: osZone }) } as Intl.DateTimeFormat;
    }) as typeof Intl.DateTimeFormat);
    // Later than anything asked before: whatever is kept is stale.
    const t = Date.now() + 1e9;
    try {
      expect(systemZoneName(t)).toBe('America/Denver');
      osZone = 'Europe/Paris';
      expect(systemZoneName(t + 1_000)).toBe('America/Denver');
      expect(systemZoneName(t + SYSTEM_ZONE_FRESH_MS)).toBe('America/Denver');
      expect(asked).toBe(1);
      expect(systemZoneName(t + SYSTEM_ZONE_FRESH_MS + 1)).toBe('Europe/Paris');
      expect(asked).toBe(2);
    } finally {
      spy.mockRestore();
    }
    // A clock set back (here: the real one) asks again rather than trusting an answer from the future.
    expect(systemZoneName()).toBe(new Real().resolvedOptions().timeZone);
  });
});
