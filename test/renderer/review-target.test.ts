import { describe, expect, it } from 'vitest';
import { localDaysOfJob, spanCovering } from '../../renderer/src/downloads/review-target.ts';
import { utcRangeOf } from '../../renderer/src/downloads/ranges.ts';

describe('localDaysOfJob: the home-zone days a job fetched', () => {
  it.each(['America/Chicago', 'Europe/Berlin', 'UTC', 'Asia/Tokyo', 'Pacific/Honolulu'])(
    '%s: the local days a job was made for come back from its UTC days',
    (zone) => {
      const local = { from: '2026-10-01', to: '2026-10-07' };
      const job = utcRangeOf(local, zone, '2026-11-20');
      expect(localDaysOfJob(job, zone, '2026-11-20')).toEqual(local);
    },
  );

  it.each(['America/Chicago', 'Europe/Berlin', 'UTC', 'Pacific/Honolulu'])(
    '%s: a range ending today (its UTC days cut at today) still ends today',
    (zone) => {
      const local = { from: '2026-11-14', to: '2026-11-20' };
      expect(localDaysOfJob(utcRangeOf(local, zone, '2026-11-20'), zone, '2026-11-20')).toEqual(local);
    },
  );

  it('a single local day of Chicago (two UTC days) is that day', () => {
    expect(localDaysOfJob({ from: '2026-10-01', to: '2026-10-02' }, 'America/Chicago', '2026-11-20')).toEqual({
      from: '2026-10-01',
      to: '2026-10-01',
    });
  });
});

describe('spanCovering', () => {
  it.each([
    ['2026-10-01', '2026-10-01', 'day'],
    ['2026-10-01', '2026-10-02', 'week'],
    ['2026-10-01', '2026-10-07', 'week'],
    ['2026-10-01', '2026-10-08', 'month'],
    ['2026-10-01', '2026-10-30', 'month'],
    ['2026-10-01', '2026-10-31', '6m'],
  ])('%s → %s: %s', (from, to, span) => {
    expect(spanCovering(from, to)).toBe(span);
  });
});

describe('"Last 6 months" in Downloads and the Review\'s 6-month span', () => {
  it('cover the same days', async () => {
    const { rangeFor } = await import('../../renderer/src/downloads/ranges.ts');
    const { localSpan } = await import('../../shared/time/local-day.ts');
    for (const today of ['2026-11-20', '2026-08-31', '2027-03-01', '2028-02-29'])
      expect(rangeFor('6m', today)).toEqual(localSpan('6m', today));
  });
});
