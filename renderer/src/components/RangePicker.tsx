import { RANGE_LABELS, type RangePreset } from '../downloads/ranges.ts';

interface Props {
  /** Prefix of the ids and data-testids: `${idPrefix}-range`, `-from`, `-to`. */
  idPrefix: string;
  preset: RangePreset;
  onPreset: (p: RangePreset) => void;
  customFrom: string;
  customTo: string;
  onCustomFrom: (v: string) => void;
  onCustomTo: (v: string) => void;
  /** The days that can be picked (the API's history window); the date inputs refuse others. */
  window?: { from: string; to: string };
  /** Whose days the custom inputs are ("home-zone day" on Compare, which counts each carrier's); default UTC. */
  dayWord?: string;
}

/** A range preset (yesterday … 6 months) with custom UTC-day inputs: the same control on every screen that picks days. */
export function RangePicker({
  idPrefix,
  preset,
  onPreset,
  customFrom,
  customTo,
  onCustomFrom,
  onCustomTo,
  window,
  dayWord = 'UTC day',
}: Props) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-range`}>Range</label>
        <select
          id={`${idPrefix}-range`}
          data-testid={`${idPrefix}-range`}
          value={preset}
          onChange={(e) => onPreset(e.target.value as RangePreset)}
        >
          {(Object.keys(RANGE_LABELS) as RangePreset[]).map((p) => (
            <option key={p} value={p}>
              {RANGE_LABELS[p]}
            </option>
          ))}
        </select>
      </div>
      {preset === 'custom' && (
        <>
          <div className="field">
            <label htmlFor={`${idPrefix}-from`}>From ({dayWord})</label>
            <input
              id={`${idPrefix}-from`}
              type="date"
              data-testid={`${idPrefix}-from`}
              min={window?.from}
              max={window?.to}
              value={customFrom}
              onChange={(e) => onCustomFrom(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${idPrefix}-to`}>To ({dayWord})</label>
            <input
              id={`${idPrefix}-to`}
              type="date"
              data-testid={`${idPrefix}-to`}
              min={window?.from}
              max={window?.to}
              value={customTo}
              onChange={(e) => onCustomTo(e.target.value)}
            />
          </div>
        </>
      )}
    </>
  );
}
