import { DEFAULT_ANALYSIS_PARAMS, resolveAnalysisParams } from './params.ts';
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

export type AdjustableParamKey = (typeof ADJUSTABLE_PARAM_KEYS)[number];
export type AdjustableAnalysisParams = Pick<AnalysisParams, AdjustableParamKey>;

/** Only the adjustable fields of `p` (a full AnalysisParams, or anything carrying more). */
export function adjustableOf(p: Readonly<AdjustableAnalysisParams>): AdjustableAnalysisParams {
  return {
    minStopSeconds: p.minStopSeconds,
    longStopSeconds: p.longStopSeconds,
    tripGapSeconds: p.tripGapSeconds,
    gapSeconds: p.gapSeconds,
    maxPlausibleMph: p.maxPlausibleMph,
    speedingMinSeconds: p.speedingMinSeconds,
    minTripMiles: p.minTripMiles,
  };
}

export const DEFAULT_ADJUSTABLE_PARAMS: Readonly<AdjustableAnalysisParams> = Object.freeze(
  adjustableOf(DEFAULT_ANALYSIS_PARAMS),
);

/**
 * An untrusted value (an IPC argument, a settings file) as adjustable
 * parameters: an object with exactly these keys, each accepted by
 * resolveAnalysisParams. Throws a RangeError naming the first problem; the
 * result is a fresh object, so nothing else the value carried is kept.
 */
export function parseAdjustableParams(value: unknown): AdjustableAnalysisParams {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new RangeError('Analysis parameters must be an object');
  const r = value as Record<string, unknown>;
  const extra = Object.keys(r).find((k) => !(ADJUSTABLE_PARAM_KEYS as readonly string[]).includes(k));
  if (extra !== undefined) throw new RangeError(`Unknown analysis parameter ${extra.slice(0, 40)}`);
  const picked: Partial<Record<AdjustableParamKey, unknown>> = {};
  for (const k of ADJUSTABLE_PARAM_KEYS) {
    if (r[k] === undefined) throw new RangeError(`Analysis parameter ${k} is missing`);
    picked[k] = r[k];
  }
  // Numbers are checked by the analysis itself, so a stored value can never be one the analysis would refuse.
  return adjustableOf(resolveAnalysisParams(picked as Partial<AnalysisParams>));
}

/** Keys added after settings files first stored these parameters, each with the value a file without it means. */
const ADDED_LATER: Readonly<Partial<Record<AdjustableParamKey, () => unknown>>> = {
  maxPlausibleMph: () => DEFAULT_ANALYSIS_PARAMS.maxPlausibleMph,
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
