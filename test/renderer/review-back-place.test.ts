import { describe, expect, it } from 'vitest';
import { hashToView, viewToHash, type View } from '../../renderer/src/features/layout/navigation.ts';
import { backText } from '../../renderer/src/features/review/ReviewBack.tsx';

describe('a day opened from the per-day table: the range it came from, in the address', () => {
  const drilled: View = {
    page: 'review',
    place: {
      carrierId: 'c1',
      vehicleId: 'v1',
      day: '2026-11-17',
      span: 'day',
      back: { day: '2026-11-19', span: 'week' },
    },
  };

  it('reads back as the same place, Back included (a reload keeps it)', () => {
    expect(viewToHash(drilled)).toContain('back=week%3A2026-11-19');
    expect(hashToView(`#${viewToHash(drilled)}`)).toEqual(drilled);
  });

  it('a Back out of shape drops the place, as any other hand-edited parameter does', () => {
    const place = '#review?carrier=c1&vehicle=v1&day=2026-11-17&span=day';
    for (const back of ['week', 'year:2026-11-19', 'week:19-11-2026', 'week:2026-11-19:x', ''])
      expect(hashToView(`${place}&back=${encodeURIComponent(back)}`), back).toEqual({ page: 'review' });
  });

  it('names the range in words, with its first and last day', () => {
    expect(backText({ day: '2026-11-19', span: 'week' })).toBe('week 2026-11-13 – 2026-11-19');
    expect(backText({ day: '2026-11-19', span: 'month' })).toBe('30 days 2026-10-21 – 2026-11-19');
    expect(backText({ day: '2026-11-19', span: 'day' })).toBe('day 2026-11-19');
  });
});
