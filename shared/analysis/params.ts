import {
  DEFAULT_GAP_SECONDS,
  DEFAULT_MAX_PLAUSIBLE_MPH,
  DEFAULT_MIN_STOP_SECONDS,
  DEFAULT_STOP_SPEED_MPH,
} from '../track/gaps.ts';
import type { AnalysisParams } from './types.ts';

/** The defaults documented in types.ts and docs/analysis.md; a comparison of carriers relies on them being the same everywhere. */
export const DEFAULT_ANALYSIS_PARAMS: Readonly<AnalysisParams> = Object.freeze({
  speedingThresholdMph: 70,
  speedingMinSeconds: 60,
  minStopSeconds: DEFAULT_MIN_STOP_SECONDS,
  longStopSeconds: 2 * 3600,
  stopSpeedMph: DEFAULT_STOP_SPEED_MPH,
  gapSeconds: DEFAULT_GAP_SECONDS,
  maxPlausibleMph: DEFAULT_MAX_PLAUSIBLE_MPH,
  tripGapSeconds: 60 * 60,
  minTripMiles: 1,
});

/**
 * The plausible maximum a user may set (mph): below 80 a truck on an open
 * highway would lose readings as outliers; above 250 nothing is filtered that
 * the default would not let through anyway except the absurd.
 */
export const MAX_PLAUSIBLE_MPH = Object.freeze({ min: 80, max: 250 });

/**
 * The speed limit a user may set for speeding (mph), the same in the UI, the
 * IPC guard and the settings file: below 10 every yard move would be
 * speeding, above 120 nothing a truck does would be.
 */
export const SPEEDING_THRESHOLD_MPH = Object.freeze({ min: 10, max: 120 });

export function isSpeedingThreshold(v: unknown): v is number {
  return (
    typeof v === 'number' && Number.isFinite(v) && v >= SPEEDING_THRESHOLD_MPH.min && v <= SPEEDING_THRESHOLD_MPH.max
  );
}

/**
 * The over-the-limit rule a user may set, the same in the app's settings and the CLI's --speed-tolerance
 * and --speed-min-seconds: a tolerance (mph over the road's limit, the light tier's start) up to 10, as
 * the next tier starts at 11; a shortest event up to an hour.
 */
export const OVER_LIMIT_TOLERANCE_MPH = Object.freeze({ min: 1, max: 10 });
export const OVER_LIMIT_MIN_SECONDS = Object.freeze({ min: 0, max: 3600 });

/** Parameters a zero would make meaningless (every interval a gap, every gap the end of a trip). */
const POSITIVE: readonly (keyof AnalysisParams)[] = ['gapSeconds', 'tripGapSeconds'];

/**
 * Defaults overlaid with `partial` (undefined fields keep the default), then
 * checked: every value finite and not negative, gap thresholds positive, the
 * plausible maximum within MAX_PLAUSIBLE_MPH, and a stopped reading or an
 * outlier can never also be speeding.
 */
export function resolveAnalysisParams(partial: Partial<AnalysisParams> = {}): AnalysisParams {
  const p: AnalysisParams = { ...DEFAULT_ANALYSIS_PARAMS };
  for (const key of Object.keys(DEFAULT_ANALYSIS_PARAMS) as (keyof AnalysisParams)[]) {
    const v = partial[key];
    if (v !== undefined) p[key] = v;
  }
  for (const key of Object.keys(p) as (keyof AnalysisParams)[]) {
    const v = p[key];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
      throw new RangeError(`Analysis parameter ${key} must be a finite number >= 0 (got ${String(v)})`);
    }
    if (v === 0 && POSITIVE.includes(key)) throw new RangeError(`Analysis parameter ${key} must be greater than 0`);
  }
  if (p.stopSpeedMph >= p.speedingThresholdMph) {
    throw new RangeError(
      `Analysis parameter stopSpeedMph (${p.stopSpeedMph}) must be below speedingThresholdMph (${p.speedingThresholdMph})`,
    );
  }
  if (p.maxPlausibleMph < MAX_PLAUSIBLE_MPH.min || p.maxPlausibleMph > MAX_PLAUSIBLE_MPH.max) {
    throw new RangeError(
      `Analysis parameter maxPlausibleMph must be from ${MAX_PLAUSIBLE_MPH.min} to ${MAX_PLAUSIBLE_MPH.max} mph (got ${p.maxPlausibleMph})`,
    );
  }
  if (p.speedingThresholdMph >= p.maxPlausibleMph) {
    // Readings above the plausible maximum are outliers, so a limit at or above it could never be exceeded.
    throw new RangeError(
      `Analysis parameter speedingThresholdMph (${p.speedingThresholdMph}) must be below maxPlausibleMph (${p.maxPlausibleMph}): readings above the plausible maximum are outliers`,
    );
  }
  return p;
}
