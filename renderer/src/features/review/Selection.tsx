import { useState, type ReactNode } from 'react';
import { isSpeedingThreshold, SPEEDING_THRESHOLD_MPH } from '../../../../shared/analysis/params.ts';
import type { CarrierView } from '../../../../shared/domain/carrier.ts';
import type { StorageVehicleRow } from '../../store/types.ts';
import { COMMON_ZONES } from '../../../../shared/time/zone.ts';

export type Span = 'day' | 'week' | 'month' | '6m';
export const SPAN_DAYS: Record<Span, number> = { day: 1, week: 7, month: 30, '6m': 183 };

export interface SelectionValue {
  carrierId: string;
  vehicleId: string;
  day: string;
  span: Span;
}

interface Props {
  carriers: CarrierView[];
  vehicles: StorageVehicleRow[] | undefined;
  value: SelectionValue;
  onChange: (next: SelectionValue) => void;
  zone: string;
  onZone: (zone: string) => void;
  thresholdMph: number;
  onThreshold: (mph: number) => void;
  /** The plausible maximum in force: a speed limit must stay below it (readings above it are outliers). */
  maxPlausibleMph: number;
  /** More analysis controls, at the end of the toolbar. */
  children?: ReactNode;
}

/** What to review: carrier, vehicle (only those with stored days), last day and span, display zone, speeding limit. */
export function Selection({ carriers, vehicles, value, onChange, zone, onZone, thresholdMph, onThreshold, maxPlausibleMph, children }: Props) {
  const [thresholdInvalid, setThresholdInvalid] = useState(false);
  const acceptable = (v: number) => isSpeedingThreshold(v) && v < maxPlausibleMph;
  const zones = ['local', 'UTC', ...COMMON_ZONES, ...(zone && zone !== 'local' && zone !== 'UTC' && !COMMON_ZONES.includes(zone) ? [zone] : [])];
  const vehicle = vehicles?.find((v) => v.vehicleId === value.vehicleId);
  const storedDays = vehicle?.days.map((d) => d.day).sort() ?? [];
  return (
    <div className="review-toolbar" role="group" aria-label="Selection">
      <label className="review-field">
        <span>Carrier</span>
        <select data-testid="review-carrier" value={value.carrierId} onChange={(e) => onChange({ ...value, carrierId: e.target.value, vehicleId: '' })}>
          {carriers.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <label className="review-field">
        <span>Vehicle</span>
        <select data-testid="review-vehicle" value={value.vehicleId} onChange={(e) => onChange({ ...value, vehicleId: e.target.value })} disabled={!vehicles || vehicles.length === 0}>
          {!value.vehicleId && <option value="">{vehicles && vehicles.length === 0 ? 'No stored data' : 'Choose…'}</option>}
          {vehicles?.map((v) => (
            <option key={v.vehicleId} value={v.vehicleId}>
              {v.vehicleNumber} ({v.days.length} d)
            </option>
          ))}
        </select>
      </label>
      <label className="review-field">
        <span>Last day (UTC)</span>
        <input type="date" data-testid="review-day" value={value.day} min={storedDays[0]} max={storedDays[storedDays.length - 1]} onChange={(e) => e.target.value && onChange({ ...value, day: e.target.value })} />
      </label>
      <div className="review-field">
        <span>Span</span>
        <div className="segmented" role="radiogroup" aria-label="Span">
          {(['day', 'week', 'month', '6m'] as const).map((s) => (
            <button key={s} type="button" role="radio" aria-checked={value.span === s} data-testid={`review-span-${s}`} onClick={() => onChange({ ...value, span: s })}>
              {s === 'day' ? 'Day' : s === 'week' ? 'Week' : s === 'month' ? '30 d' : '6 mo'}
            </button>
          ))}
        </div>
      </div>
      <label className="review-field">
        <span>Time zone</span>
        <select data-testid="review-zone" value={zone} onChange={(e) => onZone(e.target.value)}>
          {zones.map((z) => (
            <option key={z} value={z}>
              {z === 'local' ? 'Local (this computer)' : z}
            </option>
          ))}
        </select>
      </label>
      <label className="review-field review-field-narrow">
        <span>Limit (mph)</span>
        <input
          type="number"
          data-testid="review-threshold"
          min={SPEEDING_THRESHOLD_MPH.min}
          max={SPEEDING_THRESHOLD_MPH.max}
          step={1}
          defaultValue={thresholdMph}
          key={thresholdMph}
          aria-invalid={thresholdInvalid}
          title={thresholdInvalid ? `A limit from ${SPEEDING_THRESHOLD_MPH.min} to ${SPEEDING_THRESHOLD_MPH.max} mph, below the outlier limit (${maxPlausibleMph} mph); still using ${thresholdMph}` : undefined}
          onChange={() => setThresholdInvalid(false)}
          onBlur={(e) => {
            const v = Number(e.target.value);
            // Out of range is said, not silently dropped; the last good limit stays in force.
            setThresholdInvalid(e.target.value !== '' && !acceptable(v));
            if (acceptable(v) && v !== thresholdMph) onThreshold(v);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
          }}
        />
      </label>
      {children}
    </div>
  );
}
