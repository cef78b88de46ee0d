import {
  checkOverLimitPreferences,
  type AdjustableAnalysisParams,
  type AdjustableKey,
} from '../../../../shared/analysis/adjustable.ts';
import {
  DEFAULT_ANALYSIS_PARAMS,
  OVER_LIMIT_MIN_SECONDS,
  OVER_LIMIT_TOLERANCE_MPH,
  resolveAnalysisParams,
} from '../../../../shared/analysis/params.ts';
import type { AnalysisParams } from '../../../../shared/analysis/types.ts';
import { PARAM_LABELS } from '../../../../shared/compare/params.ts';
import { PARKED_RADIUS_METERS } from '../../../../shared/track/gaps.ts';
import { errorText } from '../../../../shared/util/error-text.ts';

export interface AnalysisField {
  key: AdjustableKey;
  label: string;
  /** The unit the user types in; the parameter itself is in seconds or miles. */
  unit: 'min' | 'h' | 's' | 'mi' | 'mph';
  /** Parameter units per typed unit. */
  factor: number;
  /** The documented meaning (shared/analysis/types.ts), as help text. */
  help: string;
}

export const ANALYSIS_FIELDS: readonly AnalysisField[] = [
  {
    key: 'minStopSeconds',
    label: PARAM_LABELS.minStopSeconds.label,
    unit: 'min',
    factor: 60,
    help: `Stationary (or at most ${DEFAULT_ANALYSIS_PARAMS.stopSpeedMph} mph) for at least this long is a stop; so is a silence this long that ends within ${PARKED_RADIUS_METERS} m of where it began. Shorter halts stay part of the trip.`,
  },
  {
    key: 'longStopSeconds',
    label: PARAM_LABELS.longStopSeconds.label,
    unit: 'h',
    factor: 3600,
    help: 'A stop at least this long is a long-stop safety event (a filled marker on the map).',
  },
  {
    key: 'tripGapSeconds',
    label: PARAM_LABELS.tripGapSeconds.label,
    unit: 'min',
    factor: 60,
    help: 'Missing readings for at least this long end a trip, even without a stop.',
  },
  {
    key: 'gapSeconds',
    label: 'Data gap after',
    unit: 'min',
    factor: 60,
    help: `No readings for longer than this (or an OFFLINE reading) while the truck moved more than ${PARKED_RADIUS_METERS} m is a data gap: an event, a dashed line on the map, a break in the charts. Its distance is unaccounted, never driving.`,
  },
  {
    key: 'maxPlausibleMph',
    label: PARAM_LABELS.maxPlausibleMph.label,
    unit: 'mph',
    factor: 1,
    help: 'A reported speed above this, or a position that would need it, is an outlier: kept and marked, but left out of distance, speeds, speeding and trips. It must stay above the speed limit.',
  },
  {
    key: 'speedingMinSeconds',
    label: PARAM_LABELS.speedingMinSeconds.label,
    unit: 's',
    factor: 1,
    help: 'Above the speed limit for at least this long is a speeding event; shorter spikes are ignored.',
  },
  {
    key: 'minTripMiles',
    label: PARAM_LABELS.minTripMiles.label,
    unit: 'mi',
    factor: 1,
    help: 'Trips shorter than this distance are dropped (yard moves).',
  },
  {
    key: 'overLimitToleranceMph',
    label: 'Over the road limit by',
    unit: 'mph',
    factor: 1,
    help: `With road limits imported (Settings): at least this far over the road's own limit is "over the limit", the light tier (${OVER_LIMIT_TOLERANCE_MPH.min} to ${OVER_LIMIT_TOLERANCE_MPH.max}; moderate starts at 11).`,
  },
  {
    key: 'overLimitMinSeconds',
    label: 'Over the road limit for',
    unit: 's',
    factor: 1,
    help: `Over the road's limit for at least this long (and two readings) is an event (${OVER_LIMIT_MIN_SECONDS.min} to ${OVER_LIMIT_MIN_SECONDS.max} s).`,
  },
];

/** Rounded so 0.1 min is 6 s, not 6.000000000000001. */
export function toParam(field: AnalysisField, typed: number): number {
  return Math.round(typed * field.factor * 1000) / 1000;
}

export function toTyped(field: AnalysisField, value: number): string {
  return String(Number((value / field.factor).toFixed(4)));
}

export type FieldCheck = { ok: true; next: AdjustableAnalysisParams } | { ok: false; reason: string };

/**
 * The adjustable parameters with one field set from what the user typed,
 * checked by resolveAnalysisParams together with the rest (`context` carries
 * the parameters not adjusted here, the speed limit among them). The reason of
 * a refusal is the analysis's own, told in the field's label and unit.
 */
export function checkField(
  field: AnalysisField,
  text: string,
  current: AdjustableAnalysisParams,
  context: Partial<AnalysisParams>,
): FieldCheck {
  const trimmed = text.trim();
  const typed = Number(trimmed);
  if (trimmed === '' || !Number.isFinite(typed))
    return { ok: false, reason: `${field.label}: enter a number of ${field.unit}` };
  const next = { ...current, [field.key]: toParam(field, typed) };
  try {
    resolveAnalysisParams({ ...context, ...next });
    checkOverLimitPreferences(next);
    return { ok: true, next };
  } catch (e) {
    const message = errorText(e);
    let reason = message
      .replace(`Analysis parameter ${field.key}`, field.label)
      .replace(/\(got [^)]*\)/, `(got ${trimmed} ${field.unit})`);
    // A rule between two parameters names the other one too: in the user's words.
    for (const f of ANALYSIS_FIELDS)
      reason = reason.replace(new RegExp(`(Analysis parameter )?\\b${f.key}\\b`, 'g'), `"${f.label}"`);
    return { ok: false, reason };
  }
}
