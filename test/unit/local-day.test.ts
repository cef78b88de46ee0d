import { describe, expect, it } from 'vitest';
import {
  canonicalZone,
  createLocalIsoFormatter,
  isTimeZone,
  lastLocalDay,
  localDayInterval,
  localDayOfMs,
  localDaysOverlapping,
  localRangeInterval,
  localSpan,
  offsetMinutesAt,
  utcDaysOfLocalRange,
  utcDaysOverlapping,
} from '../../shared/time/local-day.ts';

// Every expected instant below is written out by hand from the zone's rules
// (tzdata), not computed by the code under test.
const Z = (iso: string) => Date.parse(iso);
const HOURS = (iv: { startMs: number; endMs: number }) => (iv.endMs - iv.startMs) / 3_600_000;

describe('local day intervals', () => {
  it('Chicago spring forward 2026-03-08: 06:00Z to 05:00Z next day, 23 h', () => {
    const iv = localDayInterval('2026-03-08', 'America/Chicago');
    expect(iv).toEqual({ startMs: Z('2026-03-08T06:00:00Z'), endMs: Z('2026-03-09T05:00:00Z') });
    expect(HOURS(iv)).toBe(23);
  });

  it('Chicago fall back 2026-11-01: 05:00Z to 06:00Z next day, 25 h', () => {
    const iv = localDayInterval('2026-11-01', 'America/Chicago');
    expect(iv).toEqual({ startMs: Z('2026-11-01T05:00:00Z'), endMs: Z('2026-11-02T06:00:00Z') });
    expect(HOURS(iv)).toBe(25);
  });

  it('an ordinary Chicago day is 24 h (CST, UTC-6)', () => {
    expect(localDayInterval('2026-11-20', 'America/Chicago')).toEqual({
      startMs: Z('2026-11-20T06:00:00Z'),
      endMs: Z('2026-11-21T06:00:00Z'),
    });
  });

  it('Kolkata (UTC+5:30, east of UTC) starts the day on the previous UTC date', () => {
    expect(localDayInterval('2026-11-20', 'Asia/Kolkata')).toEqual({
      startMs: Z('2026-11-19T18:30:00Z'),
      endMs: Z('2026-11-20T18:30:00Z'),
    });
  });

  it('Auckland: 23 h on 2026-09-27 (NZST+12 → NZDT+13), 25 h on 2026-04-05 (NZDT+13 → NZST+12)', () => {
    const spring = localDayInterval('2026-09-27', 'Pacific/Auckland');
    expect(spring).toEqual({ startMs: Z('2026-09-26T12:00:00Z'), endMs: Z('2026-09-27T11:00:00Z') });
    expect(HOURS(spring)).toBe(23);
    const autumn = localDayInterval('2026-04-05', 'Pacific/Auckland');
    expect(autumn).toEqual({ startMs: Z('2026-04-04T11:00:00Z'), endMs: Z('2026-04-05T12:00:00Z') });
    expect(HOURS(autumn)).toBe(25);
  });

  it('Havana skips midnight on 2026-03-08 (00:00 CST → 01:00 CDT): the day starts at the jump, 05:00Z', () => {
    const iv = localDayInterval('2026-03-08', 'America/Havana');
    expect(iv).toEqual({ startMs: Z('2026-03-08T05:00:00Z'), endMs: Z('2026-03-09T04:00:00Z') });
    expect(HOURS(iv)).toBe(23);
  });

  it('Havana repeats midnight on 2026-11-01 (01:00 CDT → 00:00 CST): the day starts at the first one, 04:00Z', () => {
    const iv = localDayInterval('2026-11-01', 'America/Havana');
    expect(iv).toEqual({ startMs: Z('2026-11-01T04:00:00Z'), endMs: Z('2026-11-02T05:00:00Z') });
    expect(HOURS(iv)).toBe(25);
  });

  it('UTC days are the storage days', () => {
    expect(localDayInterval('2026-03-08', 'UTC')).toEqual({
      startMs: Z('2026-03-08T00:00:00Z'),
      endMs: Z('2026-03-09T00:00:00Z'),
    });
  });

  it('consecutive days touch: no instant is in two days or in none', () => {
    for (const zone of ['America/Chicago', 'Pacific/Auckland', 'America/Havana', 'Asia/Kolkata']) {
      const days = [
        '2026-03-07',
        '2026-03-08',
        '2026-03-09',
        '2026-04-04',
        '2026-04-05',
        '2026-04-06',
        '2026-09-26',
        '2026-09-27',
        '2026-10-31',
        '2026-11-01',
        '2026-11-02',
      ];
      for (let k = 0; k + 1 < days.length; k++) {
        const a = localDayInterval(days[k]!, zone);
        const b = localDayInterval(days[k + 1]!, zone);
        if (days[k + 1] === addOne(days[k]!)) expect(a.endMs, `${zone} ${days[k]}`).toBe(b.startMs);
      }
    }
  });

  it('a range runs from the first day start to the day after the last one', () => {
    expect(localRangeInterval('2026-03-07', '2026-03-08', 'America/Chicago')).toEqual({
      startMs: Z('2026-03-07T06:00:00Z'),
      endMs: Z('2026-03-09T05:00:00Z'),
    });
    expect(() => localRangeInterval('2026-03-09', '2026-03-08', 'America/Chicago')).toThrow(RangeError);
    expect(() => localDayInterval('2026-02-30', 'America/Chicago')).toThrow(RangeError);
    expect(() => localDayInterval('2026-03-08', 'Mars/Olympus')).toThrow(/Unknown time zone/);
  });
});

function addOne(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

describe('which day an instant belongs to', () => {
  it('the instant a day starts belongs to it, the instant before to the previous day', () => {
    expect(localDayOfMs(Z('2026-03-08T06:00:00Z'), 'America/Chicago')).toBe('2026-03-08');
    expect(localDayOfMs(Z('2026-03-08T05:59:59Z'), 'America/Chicago')).toBe('2026-03-07');
    expect(localDayOfMs(Z('2026-11-19T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-11-20');
    expect(localDayOfMs(Z('2026-11-19T18:29:59Z'), 'Asia/Kolkata')).toBe('2026-11-19');
  });

  it('the repeated hour of a fall-back stays in its day (Chicago 2026-11-01 01:30 happens at 06:30Z and 07:30Z)', () => {
    expect(localDayOfMs(Z('2026-11-01T06:30:00Z'), 'America/Chicago')).toBe('2026-11-01');
    expect(localDayOfMs(Z('2026-11-01T07:30:00Z'), 'America/Chicago')).toBe('2026-11-01');
    const f = createLocalIsoFormatter('America/Chicago');
    expect(f(Z('2026-11-01T06:30:00Z'))).toBe('2026-11-01T01:30:00-05:00');
    expect(f(Z('2026-11-01T07:30:00Z'))).toBe('2026-11-01T01:30:00-06:00');
    expect(f(Z('2026-11-01T07:30:00.250Z'))).toBe('2026-11-01T01:30:00.250-06:00');
    expect(createLocalIsoFormatter('Asia/Kolkata')(Z('2026-11-19T18:30:00Z'))).toBe('2026-11-20T00:00:00+05:30');
    expect(createLocalIsoFormatter('UTC')(Z('2026-11-19T18:30:00Z'))).toBe('2026-11-19T18:30:00+00:00');
  });

  it('offsets in minutes east of UTC, the transition hour included', () => {
    expect(offsetMinutesAt('America/Chicago', Z('2026-03-08T07:59:59Z'))).toBe(-360);
    expect(offsetMinutesAt('America/Chicago', Z('2026-03-08T08:00:00Z'))).toBe(-300);
    expect(offsetMinutesAt('Asia/Kolkata', Z('2026-06-01T00:00:00Z'))).toBe(330);
    expect(offsetMinutesAt('Pacific/Chatham', Z('2026-01-01T00:00:00Z'))).toBe(825);
  });

  it('"last local day" is the zone\'s date now', () => {
    const now = Z('2026-11-18T02:00:00Z');
    expect(lastLocalDay(now, 'UTC')).toBe('2026-11-18');
    expect(lastLocalDay(now, 'America/Chicago')).toBe('2026-11-17');
    expect(lastLocalDay(Z('2026-11-17T19:00:00Z'), 'Pacific/Auckland')).toBe('2026-11-18');
  });
});

describe('UTC chunks a local selection reads', () => {
  it('one Chicago day reads two UTC days; one Kolkata day reads the UTC day before too', () => {
    expect(utcDaysOfLocalRange('2026-03-08', '2026-03-08', 'America/Chicago')).toEqual(['2026-03-08', '2026-03-09']);
    expect(utcDaysOfLocalRange('2026-11-20', '2026-11-20', 'Asia/Kolkata')).toEqual(['2026-11-19', '2026-11-20']);
    expect(utcDaysOfLocalRange('2026-11-20', '2026-11-22', 'UTC')).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
  });

  it('an interval ending exactly at midnight UTC does not read the next day', () => {
    expect(utcDaysOverlapping({ startMs: Z('2026-11-20T00:00:00Z'), endMs: Z('2026-11-21T00:00:00Z') })).toEqual([
      '2026-11-20',
    ]);
    expect(utcDaysOverlapping({ startMs: 5, endMs: 5 })).toEqual([]);
  });

  it('the local days an interval touches', () => {
    expect(
      localDaysOverlapping({ startMs: Z('2026-11-20T00:00:00Z'), endMs: Z('2026-11-21T00:00:00Z') }, 'America/Chicago'),
    ).toEqual(['2026-11-19', '2026-11-20']);
  });
});

describe('spans', () => {
  it('day, week, 30 d and 6 mo end on the last local day, inclusive', () => {
    expect(localSpan('day', '2026-11-17')).toEqual({ from: '2026-11-17', to: '2026-11-17' });
    expect(localSpan('week', '2026-11-17')).toEqual({ from: '2026-11-11', to: '2026-11-17' });
    expect(localSpan('month', '2026-03-10')).toEqual({ from: '2026-02-09', to: '2026-03-10' });
    // Calendar months, as the API's history window (issue 31): not 183 days (which would start on 05-19).
    expect(localSpan('6m', '2026-11-17')).toEqual({ from: '2026-05-17', to: '2026-11-17' });
  });

  it('a week across the spring change in Chicago is 7 × 24 − 1 hours', () => {
    const { from, to } = localSpan('week', '2026-03-10');
    expect(HOURS(localRangeInterval(from, to, 'America/Chicago'))).toBe(167);
  });
});

describe('zones', () => {
  it('accepts IANA names, refuses the rest, and canonicalises spelling', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('local')).toBe(false);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(42)).toBe(false);
    expect(isTimeZone('A'.repeat(65))).toBe(false);
    expect(canonicalZone('america/chicago')).toBe('America/Chicago');
    expect(canonicalZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(canonicalZone('America/Indiana/Indianapolis')).toBe('America/Indiana/Indianapolis');
    expect(canonicalZone('utc')).toBe('UTC');
    expect(() => canonicalZone('nowhere')).toThrow(RangeError);
  });
});
