import type { OverLimitParams } from '../roads/over-limit.ts';
import { OVER_LIMIT_DEFAULTS, tiersWithTolerance } from '../roads/over-limit.ts';
import { toleranceOf } from '../roads/tiers.ts';
import {
  DEFAULT_ANALYSIS_PARAMS,
  OVER_LIMIT_MIN_SECONDS,
  OVER_LIMIT_TOLERANCE_MPH,
  resolveAnalysisParams,
} from './params.ts';
import type { AnalysisParams } from './types.ts';

/**
 * The analysis parameters a user adjusts on the Trip review screen and keeps as
 * a preference. The speeding threshold is not among them: it has been a
 * preference of its own since before (the carrier comparison reads it too), and
 * `stopSpeedMph` stays at its documented default.
 */
export const ADJUSTABLE_PARAM_KEYS = [
  'minStopSeconds',
  'longStopSeconds',
  'tripGapSeconds',
  'gapSeconds',
  'maxPlausibleMph',
  'speedingMinSeconds',
  'minTripMiles',
] as const;

/**
 * The over-the-limit rule (shared/roads/over-limit.ts), kept with them in the same preference so it is
 * stored, checked on IPC and reset the same way; it is not an AnalysisParams field (the analysis takes it
 * with the road limits, RoadLimits.overLimit), so these keys are no `routelens` analysis flags either
 * (the CLI has --speed-tolerance and --speed-min-seconds).
 */
export const OVER_LIMIT_PARAM_KEYS = ['overLimitToleranceMph', 'overLimitMinSeconds'] as const;

export type AdjustableParamKey = (typeof ADJUSTABLE_PARAM_KEYS)[number];
export type OverLimitParamKey = (typeof OVER_LIMIT_PARAM_KEYS)[number];
/** Every key of the preference: the analysis parameters' and the over-the-limit rule's. */
export type AdjustableKey = AdjustableParamKey | OverLimitParamKey;
export const ADJUSTABLE_KEYS: readonly AdjustableKey[] = [...ADJUSTABLE_PARAM_KEYS, ...OVER_LIMIT_PARAM_KEYS];

export type OverLimitPreferences = Record<OverLimitParamKey, number>;
export type AdjustableAnalysisParams = Pick<AnalysisParams, AdjustableParamKey> & OverLimitPreferences;

export const DEFAULT_OVER_LIMIT_PREFERENCES: Readonly<OverLimitPreferences> = Object.freeze({
  overLimitToleranceMph: toleranceOf(OVER_LIMIT_DEFAULTS.tiers),
  overLimitMinSeconds: OVER_LIMIT_DEFAULTS.minSeconds,
});

/** Only the adjustable fields of `p` (a full AnalysisParams with the rule, or anything carrying more). */
export function adjustableOf(p: Readonly<AdjustableAnalysisParams>): AdjustableAnalysisParams {
  return {
    minStopSeconds: p.minStopSeconds,
    longStopSeconds: p.longStopSeconds,
    tripGapSeconds: p.tripGapSeconds,
    gapSeconds: p.gapSeconds,
    maxPlausibleMph: p.maxPlausibleMph,
    speedingMinSeconds: p.speedingMinSeconds,
    minTripMiles: p.minTripMiles,
    overLimitToleranceMph: p.overLimitToleranceMph,
    overLimitMinSeconds: p.overLimitMinSeconds,
  };
}

export const DEFAULT_ADJUSTABLE_PARAMS: Readonly<AdjustableAnalysisParams> = Object.freeze(
  adjustableOf({ ...DEFAULT_ANALYSIS_PARAMS, ...DEFAULT_OVER_LIMIT_PREFERENCES }),
);

const OVER_LIMIT_BOUNDS: Readonly<Record<OverLimitParamKey, { min: number; max: number; unit: string }>> = {
  overLimitToleranceMph: { ...OVER_LIMIT_TOLERANCE_MPH, unit: 'mph' },
  overLimitMinSeconds: { ...OVER_LIMIT_MIN_SECONDS, unit: 's' },
};

/** The rule's values checked against their bounds; a RangeError worded as the analysis words its own. */
export function checkOverLimitPreferences(r: Partial<Record<OverLimitParamKey, unknown>>): OverLimitPreferences {
  const out = { ...DEFAULT_OVER_LIMIT_PREFERENCES };
  for (const k of OVER_LIMIT_PARAM_KEYS) {
    const v = r[k];
    if (v === undefined) continue;
    const b = OVER_LIMIT_BOUNDS[k];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < b.min || v > b.max)
      throw new RangeError(
        `Analysis parameter ${k} must be from ${b.min} to ${b.max} ${b.unit} (got ${String(v).slice(0, 40)})`,
      );
    out[k] = v;
  }
  return out;
}

/** The rule as the analysis takes it (RoadLimits.overLimit): the light tier from the tolerance, the duration. */
export function overLimitParamsOf(p: Readonly<OverLimitPreferences>): Partial<OverLimitParams> {
  return {
    tiers: tiersWithTolerance(OVER_LIMIT_DEFAULTS.tiers, p.overLimitToleranceMph),
    minSeconds: p.overLimitMinSeconds,
  };
}

/**
 * An untrusted value (an IPC argument, a settings file) as adjustable
 * parameters: an object with exactly these keys, each accepted by
 * resolveAnalysisParams (the rule's by its bounds). Throws a RangeError naming
 * the first problem; the result is a fresh object, so nothing else the value
 * carried is kept.
 */
export function parseAdjustableParams(value: unknown): AdjustableAnalysisParams {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new RangeError('Analysis parameters must be an object');
  const r = value as Record<string, unknown>;
  const extra = Object.keys(r).find((k) => !(ADJUSTABLE_KEYS as readonly string[]).includes(k));
  if (extra !== undefined) throw new RangeError(`Unknown analysis parameter ${extra.slice(0, 40)}`);
  const picked: Partial<Record<AdjustableKey, unknown>> = {};
  for (const k of ADJUSTABLE_KEYS) {
    if (r[k] === undefined) throw new RangeError(`Analysis parameter ${k} is missing`);
    picked[k] = r[k];
  }
  // Numbers are checked by the analysis itself, so a stored value can never be one the analysis would refuse.
  const rule = checkOverLimitPreferences(picked);
  return adjustableOf({ ...resolveAnalysisParams(picked as Partial<AnalysisParams>), ...rule });
}

/** Keys added after settings files first stored these parameters, each with the value a file without it means. */
const ADDED_LATER: Readonly<Partial<Record<AdjustableKey, () => unknown>>> = {
  maxPlausibleMph: () => DEFAULT_ANALYSIS_PARAMS.maxPlausibleMph,
  overLimitToleranceMph: () => DEFAULT_OVER_LIMIT_PREFERENCES.overLimitToleranceMph,
  overLimitMinSeconds: () => DEFAULT_OVER_LIMIT_PREFERENCES.overLimitMinSeconds,
};

/**
 * Keys earlier versions stored that no longer exist. parkedGapSeconds: a
 * silence that ends where it began is now always a stop (shared/track/gaps.ts),
 * so the limit it set has nothing left to judge; the user's other values stay.
 */
const REMOVED: readonly string[] = ['parkedGapSeconds'];

/**
 * parseAdjustableParams for a value stored by an earlier version (the settings
 * file): keys added since default as ADDED_LATER says, removed keys are dropped;
 * anything else is as strict. The IPC guard stays strict: the renderer of this
 * version always sends exactly the current keys.
 */
export function parseStoredAdjustableParams(value: unknown): AdjustableAnalysisParams {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return parseAdjustableParams(value);
  const r = { ...(value as Record<string, unknown>) };
  for (const k of REMOVED) delete r[k];
  for (const [k, fill] of Object.entries(ADDED_LATER)) if (r[k] === undefined) r[k] = fill();
  return parseAdjustableParams(r);
}

export function isAdjustableParams(value: unknown): value is AdjustableAnalysisParams {
  try {
    parseAdjustableParams(value);
    return true;
  } catch {
    return false;
  }
}
