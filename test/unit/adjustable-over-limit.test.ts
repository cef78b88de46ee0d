import { describe, expect, it } from 'vitest';
import {
  checkOverLimitPreferences,
  DEFAULT_ADJUSTABLE_PARAMS,
  overLimitParamsOf,
  parseAdjustableParams,
} from '../../shared/analysis/adjustable.ts';
import { OVER_LIMIT_MIN_SECONDS, OVER_LIMIT_TOLERANCE_MPH } from '../../shared/analysis/params.ts';
import { OVER_LIMIT_DEFAULTS } from '../../shared/roads/over-limit.ts';
import { tierOf } from '../../shared/roads/tiers.ts';

describe('the over-the-limit rule kept with the analysis settings', () => {
  it('becomes the analysis’s rule: the light tier starts at the tolerance, the other tiers keep their bounds', () => {
    for (const tolerance of [OVER_LIMIT_TOLERANCE_MPH.min, 4.5, OVER_LIMIT_TOLERANCE_MPH.max]) {
      const rule = overLimitParamsOf({ overLimitToleranceMph: tolerance, overLimitMinSeconds: 90 });
      expect(rule.minSeconds).toBe(90);
      expect(tierOf(tolerance, rule.tiers)).toBe('light');
      expect(tierOf(tolerance - 0.01, rule.tiers)).toBeNull();
      expect(rule.tiers!.slice(1)).toEqual(OVER_LIMIT_DEFAULTS.tiers.slice(1));
    }
  });

  it('the defaults give the engine’s own rule', () => {
    const rule = overLimitParamsOf(DEFAULT_ADJUSTABLE_PARAMS);
    expect(rule.tiers).toEqual(OVER_LIMIT_DEFAULTS.tiers);
    expect(rule.minSeconds).toBe(OVER_LIMIT_DEFAULTS.minSeconds);
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    [
      'a tolerance above its range',
      { overLimitToleranceMph: 10.01 },
      /overLimitToleranceMph must be from 1 to 10 mph \(got 10\.01\)/,
    ],
    ['a tolerance below it', { overLimitToleranceMph: 0 }, /overLimitToleranceMph must be from 1 to 10 mph/],
    ['a duration above an hour', { overLimitMinSeconds: 3600.5 }, /overLimitMinSeconds must be from 0 to 3600 s/],
    ['a negative duration', { overLimitMinSeconds: -1 }, /overLimitMinSeconds must be from 0 to 3600 s/],
    ['text for a number', { overLimitMinSeconds: '60' }, /overLimitMinSeconds must be from 0 to 3600 s \(got 60\)/],
    ['NaN', { overLimitToleranceMph: Number.NaN }, /overLimitToleranceMph/],
  ])('refuses %s, naming it and its bounds', (_name, patch, message) => {
    expect(() => checkOverLimitPreferences(patch)).toThrow(message);
    expect(() => parseAdjustableParams({ ...DEFAULT_ADJUSTABLE_PARAMS, ...patch })).toThrow(message);
  });

  it('accepts both ends of each range', () => {
    for (const overLimitToleranceMph of [OVER_LIMIT_TOLERANCE_MPH.min, OVER_LIMIT_TOLERANCE_MPH.max])
      for (const overLimitMinSeconds of [OVER_LIMIT_MIN_SECONDS.min, OVER_LIMIT_MIN_SECONDS.max])
        expect(
          parseAdjustableParams({ ...DEFAULT_ADJUSTABLE_PARAMS, overLimitToleranceMph, overLimitMinSeconds }),
        ).toEqual({ ...DEFAULT_ADJUSTABLE_PARAMS, overLimitToleranceMph, overLimitMinSeconds });
  });
});
