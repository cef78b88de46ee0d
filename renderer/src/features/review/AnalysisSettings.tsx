import { useEffect, useId, useRef, useState } from 'react';
import {
  ADJUSTABLE_KEYS,
  DEFAULT_ADJUSTABLE_PARAMS,
  type AdjustableAnalysisParams,
  type AdjustableKey,
} from '../../../../shared/analysis/adjustable.ts';
import { isSpeedingThreshold, SPEEDING_THRESHOLD_MPH } from '../../../../shared/analysis/params.ts';
import type { AnalysisParams } from '../../../../shared/analysis/types.ts';
import { useReviewPreferences } from './use-review-preferences.ts';
import { ANALYSIS_FIELDS, checkField, toTyped, type AnalysisField } from './analysis-fields.ts';

interface Props {
  value: AdjustableAnalysisParams;
  /** The parameters set elsewhere (the speed limit), which the values are checked together with. */
  context: Partial<AnalysisParams>;
  onChange: (next: AdjustableAnalysisParams) => void;
}

/** Keep in step with .analysis-settings-panel's width in review.css. */
const PANEL_WIDTH_PX = 540;

const isDefault = (v: AdjustableAnalysisParams) => ADJUSTABLE_KEYS.every((k) => v[k] === DEFAULT_ADJUSTABLE_PARAMS[k]);

/**
 * "Analysis settings" on the Review toolbar: a disclosure with the
 * segmentation and event parameters, each in the unit people think in. A value
 * is applied when the field is left (or Enter); one the analysis refuses keeps
 * its text and reason beside the field and is not applied.
 */
export function AnalysisSettings({ value, context, onChange }: Props) {
  const [open, setOpen] = useState(false);
  // The panel opens towards the side with room: the toolbar wraps, so the button may sit at either end.
  const [alignRight, setAlignRight] = useState(false);
  const [drafts, setDrafts] = useState<Partial<Record<AdjustableKey, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<AdjustableKey, string>>>({});
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (rootRef.current && e.target instanceof Node && !rootRef.current.contains(e.target)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const commit = (field: AnalysisField) => {
    const text = drafts[field.key];
    if (text === undefined) return;
    const check = checkField(field, text, value, context);
    if (!check.ok) {
      setErrors((e) => ({ ...e, [field.key]: check.reason }));
      return;
    }
    setErrors(({ [field.key]: _gone, ...rest }) => rest);
    setDrafts(({ [field.key]: _gone, ...rest }) => rest);
    if (check.next[field.key] !== value[field.key]) onChange(check.next);
  };

  const reset = () => {
    setDrafts({});
    setErrors({});
    if (!isDefault(value)) onChange({ ...DEFAULT_ADJUSTABLE_PARAMS });
  };

  return (
    <div
      className="review-field analysis-settings"
      ref={rootRef}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          toggleRef.current?.focus();
        }
      }}
    >
      <span aria-hidden="true">Analysis</span>
      <button
        ref={toggleRef}
        type="button"
        className="btn btn-small"
        data-testid="analysis-settings-toggle"
        data-custom={isDefault(value) ? 'false' : 'true'}
        aria-label={isDefault(value) ? 'Analysis settings' : 'Analysis settings (changed from the defaults)'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          const r = toggleRef.current?.getBoundingClientRect();
          if (r) setAlignRight(r.left + PANEL_WIDTH_PX > window.innerWidth);
          setOpen((x) => !x);
        }}
      >
        Settings{isDefault(value) ? '' : ' •'}
      </button>
      {open && (
        <div
          id={panelId}
          className={`analysis-settings-panel${alignRight ? ' analysis-settings-panel-right' : ''}`}
          role="group"
          aria-label="Analysis settings"
          data-testid="analysis-settings"
        >
          {ANALYSIS_FIELDS.map((f) => {
            const error = errors[f.key];
            const id = `${panelId}-${f.key}`;
            return (
              <div className="analysis-param" key={f.key}>
                <label htmlFor={id}>
                  {f.label} <span className="muted">({f.unit})</span>
                </label>
                <input
                  id={id}
                  type="number"
                  min={0}
                  step="any"
                  inputMode="decimal"
                  data-testid={`analysis-param-${f.key}`}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
                  value={drafts[f.key] ?? toTyped(f, value[f.key])}
                  onChange={(e) => setDrafts((d) => ({ ...d, [f.key]: e.target.value }))}
                  onBlur={() => commit(f)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') commit(f);
                  }}
                />
                <span id={`${id}-help`} className="hint">
                  {f.help}
                </span>
                {error && (
                  <span
                    id={`${id}-error`}
                    className="analysis-param-error"
                    role="alert"
                    data-testid={`analysis-error-${f.key}`}
                  >
                    {error}
                  </span>
                )}
              </div>
            );
          })}
          <div className="analysis-settings-actions">
            <button type="button" className="btn btn-small" data-testid="analysis-reset" onClick={reset}>
              Reset to defaults
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * The app's one set of analysis settings (issue 31, item 5) where Compare and the Safety inbox show them:
 * the speed limit (mph) and the same "Analysis settings" panel as Trip review, in Trip review's units, read
 * from and written to the same preferences, so a change on any of the three screens is the change on all.
 * A limit is applied when the field is left (or Enter); one out of range says so and the last good one stays.
 */
export function SharedAnalysisSettings({ testIdPrefix, hint = true }: { testIdPrefix: string; hint?: boolean }) {
  const { threshold, adjustable, onThreshold, onAdjustable } = useReviewPreferences();
  const [limitError, setLimitError] = useState<string | null>(null);
  const maxPlausible = adjustable.maxPlausibleMph;
  const apply = (text: string) => {
    const v = Number(text);
    if (text.trim() === '' || v === threshold) return setLimitError(null);
    if (!isSpeedingThreshold(v) || v >= maxPlausible) {
      setLimitError(
        `A limit from ${SPEEDING_THRESHOLD_MPH.min} to ${SPEEDING_THRESHOLD_MPH.max} mph, below the outlier limit (${maxPlausible} mph); still using ${threshold} mph.`,
      );
      return;
    }
    setLimitError(null);
    onThreshold(v);
  };
  return (
    <div className="shared-analysis-settings" data-testid={`${testIdPrefix}-analysis`}>
      <label className="review-field review-field-narrow">
        <span>Limit (mph)</span>
        <input
          type="number"
          data-testid={`${testIdPrefix}-limit`}
          min={SPEEDING_THRESHOLD_MPH.min}
          max={SPEEDING_THRESHOLD_MPH.max}
          step={1}
          defaultValue={threshold}
          key={threshold}
          aria-invalid={limitError !== null}
          onBlur={(e) => apply(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') apply((e.target as HTMLInputElement).value);
          }}
        />
      </label>
      <AnalysisSettings value={adjustable} context={{ speedingThresholdMph: threshold }} onChange={onAdjustable} />
      {hint && <span className="hint">One set for Trip review, the inbox and Compare.</span>}
      {limitError && (
        <span className="analysis-param-error" role="alert" data-testid={`${testIdPrefix}-limit-error`}>
          {limitError}
        </span>
      )}
    </div>
  );
}
