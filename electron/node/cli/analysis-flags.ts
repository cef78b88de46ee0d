import { ADJUSTABLE_PARAM_KEYS, type AdjustableParamKey } from '../../../shared/analysis/adjustable.ts';
import {
  DEFAULT_ANALYSIS_PARAMS,
  isSpeedingThreshold,
  MAX_PLAUSIBLE_MPH,
  resolveAnalysisParams,
  SPEEDING_THRESHOLD_MPH,
} from '../../../shared/analysis/params.ts';
import type { AnalysisParams } from '../../../shared/analysis/types.ts';
import { stringFlag, UsageError, type ParsedArgs } from './args.ts';
import { errorText } from '../../../shared/util/error-text.ts';

/**
 * The analysis parameters as CLI flags, for scripted reviews: the speed limit
 * (--speed-limit, the app's "Limit (mph)") and every parameter of the app's
 * "Analysis settings", named after its settings key in kebab case and in the
 * key's own unit (seconds, miles, mph), with the app's defaults and the app's
 * checks (resolveAnalysisParams, SPEEDING_THRESHOLD_MPH): a value the app
 * would refuse is refused here with the same reason.
 */
const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export const SPEED_LIMIT_FLAG = 'speed-limit';

/** Flag name → parameter key. */
export const ANALYSIS_FLAGS: ReadonlyMap<string, keyof AnalysisParams> = new Map<string, keyof AnalysisParams>([
  [SPEED_LIMIT_FLAG, 'speedingThresholdMph'],
  ...ADJUSTABLE_PARAM_KEYS.map((k): [string, AdjustableParamKey] => [kebab(k), k]),
]);

export const ANALYSIS_FLAG_NAMES: readonly string[] = [...ANALYSIS_FLAGS.keys()];

const UNIT: Partial<Record<keyof AnalysisParams, string>> = {
  speedingThresholdMph: 'MPH',
  maxPlausibleMph: 'MPH',
  minTripMiles: 'MILES',
};

/** One help line per flag, with its default. */
export const ANALYSIS_FLAGS_HELP = [...ANALYSIS_FLAGS]
  .map(([flag, key]) => {
    const range =
      key === 'speedingThresholdMph'
        ? ` (${SPEEDING_THRESHOLD_MPH.min}-${SPEEDING_THRESHOLD_MPH.max})`
        : key === 'maxPlausibleMph'
          ? ` (${MAX_PLAUSIBLE_MPH.min}-${MAX_PLAUSIBLE_MPH.max})`
          : '';
    return `  --${flag} ${UNIT[key] ?? 'SECONDS'}`.padEnd(41) + `default ${DEFAULT_ANALYSIS_PARAMS[key]}${range}`;
  })
  .join('\n');

/** The analysis parameters the flags ask for (defaults for the rest), checked as the app checks them. */
export function parseAnalysisFlags(args: ParsedArgs): AnalysisParams {
  const partial: Partial<Record<keyof AnalysisParams, number>> = {};
  for (const [flag, key] of ANALYSIS_FLAGS) {
    const text = stringFlag(args, flag);
    if (text === undefined) continue;
    const value = text.trim() === '' ? NaN : Number(text);
    if (!Number.isFinite(value)) throw new UsageError(`--${flag} must be a number, not "${text.slice(0, 40)}".`);
    if (key === 'speedingThresholdMph' && !isSpeedingThreshold(value)) {
      throw new UsageError(
        `--${flag} must be from ${SPEEDING_THRESHOLD_MPH.min} to ${SPEEDING_THRESHOLD_MPH.max} mph, not ${value}.`,
      );
    }
    partial[key] = value;
  }
  try {
    return resolveAnalysisParams(partial);
  } catch (err) {
    // The analysis names its parameters by key; the user typed flags.
    let message = errorText(err);
    for (const [flag, key] of ANALYSIS_FLAGS)
      message = message.replace(new RegExp(`(Analysis parameter )?\\b${key}\\b`, 'g'), `--${flag}`);
    throw new UsageError(`${message}.`);
  }
}
