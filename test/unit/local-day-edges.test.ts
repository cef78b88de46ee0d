import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  canonicalZone,
  createOffsetLookup,
  formatOffset,
  localDayInterval,
  localDayOfMs,
  localDayStartMs,
  localDaysOverlapping,
  localRangeInterval,
  offsetMinutesAt,
  systemZone,
} from '../../shared/time/local-day.ts';

// Expected instants are written out from the zones' published rules (tzdata), not computed by the code.
const Z = (iso: string) => Date.parse(iso);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('offsets inside a UTC hour that holds a transition', () => {
  // America/St_Johns (NST -3:30, NDT -2:30) changes at 02:00 local: 05:30Z in March, 04:30Z in November,
  // half-way through a UTC hour, so the hour's two ends disagree and each instant is asked on its own.
  it('St. Johns springs forward at 2026-03-08T05:30Z: -210 min a second before, -150 from then on', () => {
    const lookup = createOffsetLookup('America/St_Johns');
    expect(lookup(Z('2026-03-08T05:00:00Z')) / 60_000).toBe(-210);
    expect(lookup(Z('2026-03-08T05:29:59Z')) / 60_000).toBe(-210);
    expect(lookup(Z('2026-03-08T05:30:00Z')) / 60_000).toBe(-150);
    expect(lookup(Z('2026-03-08T05:59:59Z')) / 60_000).toBe(-150);
  });

  it('St. Johns falls back at 2026-11-01T04:30Z: -150 min before, -210 from then on', () => {
    expect(offsetMinutesAt('America/St_Johns', Z('2026-11-01T04:15:00Z'))).toBe(-150);
    expect(offsetMinutesAt('America/St_Johns', Z('2026-11-01T04:29:59Z'))).toBe(-150);
    expect(offsetMinutesAt('America/St_Johns', Z('2026-11-01T04:30:00Z'))).toBe(-210);
  });

  it('Lord Howe (+10:30, +11 in summer) springs forward half an hour at 2026-10-03T15:30Z', () => {
    const lookup = createOffsetLookup('Australia/Lord_Howe');
    expect(lookup(Z('2026-10-03T15:29:59Z')) / 60_000).toBe(630);
    expect(lookup(Z('2026-10-03T15:30:00Z')) / 60_000).toBe(660);
  });
});

describe('a zone east of UTC that changes at midnight', () => {
  // Asia/Beirut (+2, +3 in summer) changes at 00:00 on the last Sundays of March and October.
  it('Beirut skips midnight on 2026-03-29: the day starts at the jump, 2026-03-28T22:00Z, and lasts 23 h', () => {
    expect(localDayInterval('2026-03-29', 'Asia/Beirut')).toEqual({
      startMs: Z('2026-03-28T22:00:00Z'),
      endMs: Z('2026-03-29T21:00:00Z'),
    });
  });

  it('Beirut turns 24:00 back to 23:00 on 2026-10-24, a 25 h day', () => {
    expect(localDayInterval('2026-10-24', 'Asia/Beirut')).toEqual({
      startMs: Z('2026-10-23T21:00:00Z'),
      endMs: Z('2026-10-24T22:00:00Z'),
    });
  });
});

describe('Intl is asked once per zone and UTC hour, never for UTC', () => {
  it('the UTC zones answer without Intl: offset 0 and the day starting at UTC midnight', () => {
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    for (const zone of ['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT']) {
      expect(createOffsetLookup(zone)(Z('2026-07-01T12:00:00Z'))).toBe(0);
      expect(localDayStartMs('2026-03-08', zone)).toBe(Z('2026-03-08T00:00:00Z'));
    }
    expect(spy).not.toHaveBeenCalled();
  });

  it('a second instant in the same UTC hour is answered from the hour already looked up', () => {
    expect(offsetMinutesAt('Asia/Kolkata', Z('2026-05-05T07:00:00Z'))).toBe(330);
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    expect(offsetMinutesAt('Asia/Kolkata', Z('2026-05-05T07:20:00Z'))).toBe(330);
    expect(offsetMinutesAt('Asia/Kolkata', Z('2026-05-05T07:59:59Z'))).toBe(330);
    expect(spy).not.toHaveBeenCalled();
  });

  it('the UTC hour just before a transition is one offset throughout, looked up once', () => {
    // Chicago springs forward at 2026-03-08T08:00Z: the hour 07:00Z..08:00Z is all CST (-360).
    const lookup = createOffsetLookup('America/Chicago');
    expect(lookup(Z('2026-03-08T07:00:00Z')) / 60_000).toBe(-360);
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    expect(lookup(Z('2026-03-08T07:30:00Z')) / 60_000).toBe(-360);
    expect(lookup(Z('2026-03-08T07:59:59.999Z')) / 60_000).toBe(-360);
    expect(spy).not.toHaveBeenCalled();
    expect(lookup(Z('2026-03-08T08:00:00Z')) / 60_000).toBe(-300);
  });

  it('a day start asked again is answered without Intl, and still right', () => {
    // Chicago is on CST (-6:00) at the start of 2026-03-08: it springs forward at 08:00Z that day.
    expect(localDayInterval('2026-03-08', 'America/Chicago')).toEqual({
      startMs: Z('2026-03-08T06:00:00Z'),
      endMs: Z('2026-03-09T05:00:00Z'),
    });
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    expect(localDayStartMs('2026-03-08', 'America/Chicago')).toBe(Z('2026-03-08T06:00:00Z'));
    expect(localDayStartMs('2026-03-09', 'America/Chicago')).toBe(Z('2026-03-09T05:00:00Z'));
    expect(spy).not.toHaveBeenCalled();
  });

  it('every hour looked up is remembered: going back to an earlier hour asks Intl nothing, transitions included', () => {
    // A fleet's events jump between hours; St. Johns' November transition hour (04:00Z..05:00Z) is among them.
    const lookup = createOffsetLookup('America/St_Johns');
    const asked = ['2026-11-01T04:00:00Z', '2026-07-01T12:00:00Z', '2026-12-01T12:00:00Z', '2026-11-01T05:00:00Z'];
    for (const iso of asked) lookup(Z(iso));
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    expect(lookup(Z('2026-07-01T12:40:00Z')) / 60_000).toBe(-150);
    expect(lookup(Z('2026-12-01T12:40:00Z')) / 60_000).toBe(-210);
    expect(lookup(Z('2026-11-01T05:10:00Z')) / 60_000).toBe(-210);
    expect(spy).not.toHaveBeenCalled();
    // The transition hour itself is still asked per instant: its two ends disagree.
    expect(lookup(Z('2026-11-01T04:29:59Z')) / 60_000).toBe(-150);
    expect(lookup(Z('2026-11-01T04:30:00Z')) / 60_000).toBe(-210);
    expect(spy).toHaveBeenCalled();
  });
});

describe('years before the common era', () => {
  // Etc/GMT-5 is a fixed +05:00 (POSIX sign inverted), whatever the year.
  it('a fixed zone keeps its offset in 100 BC (Intl prints year 101 and era BC)', () => {
    const ms = Date.UTC(-99, 5, 15, 12);
    expect(offsetMinutesAt('Etc/GMT-5', ms)).toBe(300);
    expect(offsetMinutesAt('Etc/GMT+10', ms)).toBe(-600);
    expect(offsetMinutesAt('Etc/GMT-5', Date.UTC(-1000, 0, 1))).toBe(300);
  });
});

describe('zone names and errors', () => {
  it('an unknown zone is named in the error, cut to 64 characters', () => {
    const long = `Nowhere/${'x'.repeat(100)}`;
    expect(() => canonicalZone('Mars/Olympus')).toThrow('Unknown time zone "Mars/Olympus"');
    expect(() => canonicalZone(long)).toThrow(`Unknown time zone "${long.slice(0, 64)}"`);
    expect(() => localDayOfMs(0, long)).toThrow(`Unknown time zone "${long.slice(0, 64)}"`);
  });

  it('a range that ends before it starts names both days', () => {
    expect(() => localRangeInterval('2026-03-09', '2026-03-08', 'America/Chicago')).toThrow(
      'The range 2026-03-09..2026-03-08 ends before it starts',
    );
  });

  it("this computer's zone falls back to UTC when the runtime cannot tell", () => {
    const real = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...real.call(this), timeZone: undefined as unknown as string };
    });
    expect(systemZone()).toBe('UTC');
  });
});

describe('local days an interval touches', () => {
  it('an empty interval touches none, even at noon', () => {
    const noon = Z('2026-07-01T17:00:00Z');
    expect(localDaysOverlapping({ startMs: noon, endMs: noon }, 'America/Chicago')).toEqual([]);
    expect(localDaysOverlapping({ startMs: noon, endMs: noon - 1 }, 'America/Chicago')).toEqual([]);
  });

  it('an interval ending exactly at local midnight does not touch the next day', () => {
    // Chicago CDT (-5): 2026-07-01 runs from 05:00Z to 2026-07-02T05:00Z.
    const iv = { startMs: Z('2026-07-01T05:00:00Z'), endMs: Z('2026-07-02T05:00:00Z') };
    expect(localDaysOverlapping(iv, 'America/Chicago')).toEqual(['2026-07-01']);
    expect(localDaysOverlapping({ ...iv, endMs: iv.endMs + 1 }, 'America/Chicago')).toEqual([
      '2026-07-01',
      '2026-07-02',
    ]);
  });
});

describe('ISO offsets', () => {
  it('two-digit hours and minutes at and around ten', () => {
    expect(formatOffset(600)).toBe('+10:00');
    expect(formatOffset(630)).toBe('+10:30');
    expect(formatOffset(-570)).toBe('-09:30');
    expect(formatOffset(10)).toBe('+00:10');
    expect(formatOffset(9)).toBe('+00:09');
    expect(formatOffset(-660)).toBe('-11:00');
  });
});

describe('offsets looked up by the UTC day, then the hour, agree with Intl everywhere', () => {
  /** Intl's own offset ("GMT-05:00", "GMT+10:30", "GMT") at `ms`, in minutes: a second reading of the zone. */
  const named = new Map<string, Intl.DateTimeFormat>();
  const intlOffsetMinutes = (zone: string, ms: number) => {
    if (!named.has(zone))
      named.set(zone, new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }));
    const name = named
      .get(zone)!
      .formatToParts(ms)
      .find((p) => p.type === 'timeZoneName')!.value;
    const m = /^GMT(?:([+-])(\d\d):(\d\d))?$/.exec(name)!;
    return m[1] ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  };

  it.each(['America/Chicago', 'America/St_Johns', 'Australia/Lord_Howe', 'Asia/Beirut', 'Pacific/Apia'])(
    '%s: every 37 minutes through 2026, and every 10 s around its transitions',
    (zone) => {
      const lookup = createOffsetLookup(zone);
      const start = Z('2026-01-01T00:00:00Z');
      const wrong: string[] = [];
      const check = (ms: number) => {
        if (lookup(ms) / 60_000 !== intlOffsetMinutes(zone, ms)) wrong.push(new Date(ms).toISOString());
      };
      const changes: number[] = [];
      for (let ms = start; ms < start + 365 * 86_400_000; ms += 37 * 60_000) {
        check(ms);
        if (intlOffsetMinutes(zone, ms) !== intlOffsetMinutes(zone, ms + 37 * 60_000)) changes.push(ms);
      }
      for (const at of changes) for (let ms = at; ms <= at + 37 * 60_000; ms += 10_000) check(ms);
      expect(wrong).toEqual([]);
    },
  );

  it('six months in Chicago ask Intl two instants a day, and the two transition days by the hour', () => {
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    const lookup = createOffsetLookup('America/Chicago');
    const start = Z('2026-01-01T00:00:00Z');
    // A reading a minute through 181 days (Chicago springs forward on 2026-03-08, falls back on 2026-11-01).
    for (let ms = start; ms < start + 181 * 86_400_000; ms += 60_000) lookup(ms);
    // 181 days × 2, plus 24 hours × 2 of the one day holding a transition (8 March; it falls at 08:00Z, between
    // two UTC hours, so no instant is asked on its own).
    expect(spy.mock.calls.length).toBe(181 * 2 + 24 * 2);
  });
});
