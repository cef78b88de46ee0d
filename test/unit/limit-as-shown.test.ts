import { describe, expect, it } from 'vitest';
import { exceedsAsShown } from '../../shared/domain/limit.ts';

describe('a figure over its limit as shown', () => {
  it('70.4 mph, shown as "70 mph", is not over a 70 mph limit; 70.5, shown as "71 mph", is', () => {
    expect(exceedsAsShown(70.4, 70)).toBe(false);
    expect(exceedsAsShown(70, 70)).toBe(false);
    expect(exceedsAsShown(70.5, 70)).toBe(true);
    expect(exceedsAsShown(71, 70)).toBe(true);
  });
  it('compares at the decimals shown, and an unknown figure is never over', () => {
    expect(exceedsAsShown(70.04, 70, 1)).toBe(false);
    expect(exceedsAsShown(70.06, 70, 1)).toBe(true);
    expect(exceedsAsShown(Number.NaN, 70)).toBe(false);
  });
});
