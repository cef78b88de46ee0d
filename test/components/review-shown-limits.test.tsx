import { describe, expect, it } from 'vitest';
import { shownLimitsOf } from '../../renderer/src/features/review/review-page-helpers.ts';

/**
 * The route on Trip review's map keeps its colouring by the road's limit while the next selection loads (the
 * page keeps the last loaded selection as its view meanwhile); the next selection's own route, shown before its
 * analysis, has none yet.
 */
describe('shownLimitsOf', () => {
  const day = { key: 'day', overview: { limits: 'limits of the day' } };

  it('the shown selection is the one loaded last (ready, or the next one loading): its limits', () => {
    expect(shownLimitsOf('day', day)).toBe('limits of the day');
  });

  it('the next selection’s route shown before its analysis, or nothing loaded: none', () => {
    expect(shownLimitsOf('week', day)).toBeNull();
    expect(shownLimitsOf('day', null)).toBeNull();
    expect(shownLimitsOf(null, day)).toBeNull();
  });
});
