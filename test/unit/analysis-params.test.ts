import { describe, expect, it } from 'vitest';
import { DEFAULT_ANALYSIS_PARAMS, resolveAnalysisParams } from '../../shared/analysis/params.ts';

describe('analysis parameters', () => {
  it('defaults are the documented values', () => {
    expect(DEFAULT_ANALYSIS_PARAMS).toEqual({
      speedingThresholdMph: 70,
      speedingMinSeconds: 60,
      minStopSeconds: 300,
      longStopSeconds: 7200,
      stopSpeedMph: 3,
      gapSeconds: 1200,
      maxPlausibleMph: 110,
      tripGapSeconds: 3600,
      minTripMiles: 1,
    });
    expect(Object.isFrozen(DEFAULT_ANALYSIS_PARAMS)).toBe(true);
  });

  it('overlays a partial set; undefined keeps the default; the result is a fresh object', () => {
    const p = resolveAnalysisParams({ minTripMiles: 0.25, gapSeconds: undefined });
    expect(p).toEqual({ ...DEFAULT_ANALYSIS_PARAMS, minTripMiles: 0.25 });
    expect(resolveAnalysisParams()).not.toBe(DEFAULT_ANALYSIS_PARAMS);
    expect(resolveAnalysisParams({ minStopSeconds: 0, minTripMiles: 0 })).toMatchObject({
      minStopSeconds: 0,
      minTripMiles: 0,
    });
  });

  it.each([
    [{ speedingThresholdMph: -1 }, /speedingThresholdMph/],
    [{ minStopSeconds: Number.NaN }, /minStopSeconds/],
    [{ longStopSeconds: Infinity }, /longStopSeconds/],
    [{ gapSeconds: 0 }, /gapSeconds must be greater than 0/],
    [{ tripGapSeconds: 0 }, /tripGapSeconds/],
    [{ stopSpeedMph: 80 }, /stopSpeedMph .* below speedingThresholdMph/],
    [{ minTripMiles: '2' as unknown as number }, /minTripMiles/],
    [{ maxPlausibleMph: 79 }, /maxPlausibleMph must be from 80 to 250/],
    [{ maxPlausibleMph: 251 }, /maxPlausibleMph must be from 80 to 250/],
    [{ speedingThresholdMph: 110 }, /speedingThresholdMph \(110\) must be below maxPlausibleMph \(110\)/],
    [{ speedingThresholdMph: 90, maxPlausibleMph: 85 }, /readings above the plausible maximum are outliers/],
  ])('rejects %o with a RangeError naming the parameter', (partial, message) => {
    expect(() => resolveAnalysisParams(partial)).toThrow(RangeError);
    expect(() => resolveAnalysisParams(partial)).toThrow(message);
  });
});
