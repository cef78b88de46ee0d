import { DEFAULT_GAP_SECONDS, DEFAULT_PARKED_GAP_SECONDS } from '../track/gaps.ts';
import type { AnalysisParams } from './types.ts';

/** The defaults documented in types.ts; a comparison of carriers relies on them being the same everywhere. */
export const DEFAULT_ANALYSIS_PARAMS: Readonly<AnalysisParams> = Object.freeze({
  speedingThresholdMph: 70,
  speedingMinSeconds: 60,
  minStopSeconds: 5 * 60,
  longStopSeconds: 2 * 3600,
  stopSpeedMph: 3,
  gapSeconds: DEFAULT_GAP_SECONDS,
  parkedGapSeconds: DEFAULT_PARKED_GAP_SECONDS,
  tripGapSeconds: 60 * 60,
  minTripMiles: 1,
});

/**
 * The speed limit a user may set for speeding (mph), the same in the UI, the
 * IPC guard and the settings file: below 10 every yard move would be
 * speeding, above 120 nothing a truck does would be.
 */
export const SPEEDING_THRESHOLD_MPH = Object.freeze({ min: 10, max: 120 });

export function isSpeedingThreshold(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v >= SPEEDING_THRESHOLD_MPH.min && v <= SPEEDING_THRESHOLD_MPH.max;
}

/** Parameters a zero would make meaningless (every interval a gap, every gap the end of a trip). */
const POSITIVE: readonly (keyof AnalysisParams)[] = ['gapSeconds', 'parkedGapSeconds', 'tripGapSeconds'];

/**
 * Defaults overlaid with `partial` (undefined fields keep the default), then
 * checked: every value finite and not negative, gap thresholds positive, a
 * stopped reading can never also be speeding, and parked silence is never held
 * to a stricter limit than any other silence.
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
  if (p.parkedGapSeconds < p.gapSeconds) {
    // The parked limit exists because parked trucks report less often; below gapSeconds a
    // silence would count as a gap only because the truck stood still, the opposite of the spec.
    throw new RangeError(
      `Analysis parameter parkedGapSeconds (${p.parkedGapSeconds} s) must not be below gapSeconds (${p.gapSeconds} s): parked trucks report less often, not more`,
    );
  }
  return p;
}
