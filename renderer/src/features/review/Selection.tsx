import { useState, type ReactNode } from 'react';
import { isSpeedingThreshold, SPEEDING_THRESHOLD_MPH } from '../../../../shared/analysis/params.ts';
import type { CarrierView } from '../../../../shared/domain/carrier.ts';
import type { StorageVehicleRow } from '../../store/types.ts';
import { COMMON_ZONES, HOME_ZONE_PREF, LOCAL_ZONE_PREF, resolveZone } from '../../../../shared/time/zone.ts';
import { dayCount, localSpan, type Span } from '../../../../shared/time/local-day.ts';
import { localDayBounds } from './use-local-days.ts';

export type { Span };

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
  /** The carrier's home zone: the day picker and the spans are its local days. */
  daysZone: string;
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

/** A display-zone choice in words: the home and local choices say which zone they are now. */
function zoneChoiceText(pref: string, homeZone: string): string {
  if (pref === HOME_ZONE_PREF) return `Carrier's home zone (${homeZone})`;
  if (pref === LOCAL_ZONE_PREF) return `This computer (${resolveZone(pref)})`;
  return pref;
}

/** What to review: carrier, vehicle (only those with stored days), last day and span, display zone, speeding limit. */
export function Selection({
  carriers,
  vehicles,
  value,
  daysZone,
  onChange,
  zone,
  onZone,
  thresholdMph,
  onThreshold,
  maxPlausibleMph,
  children,
}: Props) {
  const [thresholdInvalid, setThresholdInvalid] = useState(false);
  const acceptable = (v: number) => isSpeedingThreshold(v) && v < maxPlausibleMph;
  const named = [HOME_ZONE_PREF, LOCAL_ZONE_PREF, 'UTC', ...COMMON_ZONES];
  const zones = [...named, ...(zone && !named.includes(zone) ? [zone] : [])];
  const vehicle = vehicles?.find((v) => v.vehicleId === value.vehicleId);
  const bounds = localDayBounds(vehicle, daysZone);
  // Until the chosen vehicle is among this carrier's stored ones, days and spans would act on a selection about to change.
  const dayless = !vehicle;
  return (
    <div className="review-toolbar" role="group" aria-label="Selection">
      <label className="review-field">
        <span>Carrier</span>
        <select
          data-testid="review-carrier"
          value={value.carrierId}
          onChange={(e) => onChange({ ...value, carrierId: e.target.value, vehicleId: '' })}
        >
          {carriers.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <label className="review-field">
        <span>Vehicle</span>
        <select
          data-testid="review-vehicle"
          value={value.vehicleId}
          onChange={(e) => onChange({ ...value, vehicleId: e.target.value })}
          disabled={!vehicles || vehicles.length === 0}
        >
          {!value.vehicleId && (
            <option value="">{vehicles && vehicles.length === 0 ? 'No stored data' : 'Choose…'}</option>
          )}
          {vehicles?.map((v) => (
            <option key={v.vehicleId} value={v.vehicleId}>
              {v.vehicleNumber} ({v.days.length} d)
            </option>
          ))}
        </select>
      </label>
      <label className="review-field">
        <span>
          Last day <span data-testid="review-days-zone">(days in {daysZone})</span>
        </span>
        <input
          type="date"
          data-testid="review-day"
          value={value.day}
          min={bounds?.min}
          max={bounds?.max}
          disabled={dayless}
          onChange={(e) => e.target.value && onChange({ ...value, day: e.target.value })}
        />
      </label>
      <div className="review-field">
        <span>Span</span>
        <div className="segmented" role="radiogroup" aria-label="Span">
          {(['day', 'week', 'month', '6m'] as const).map((s) => (
            <button
              key={s}
              type="button"
              role="radio"
              aria-checked={value.span === s}
              data-testid={`review-span-${s}`}
              disabled={dayless}
              title={spanTitle(s, value.day)}
              onClick={() => onChange({ ...value, span: s })}
            >
              {s === 'day' ? 'Day' : s === 'week' ? 'Week' : s === 'month' ? '30 d' : '6 mo'}
            </button>
          ))}
        </div>
      </div>
      <label className="review-field">
        <span>Times in</span>
        <select
          data-testid="review-zone"
          value={zone}
          onChange={(e) => onZone(e.target.value)}
          title="The zone times are shown in; the days are always the carrier's home-zone days"
        >
          {zones.map((z) => (
            <option key={z} value={z}>
              {zoneChoiceText(z, daysZone)}
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
          title={
            thresholdInvalid
              ? `A limit from ${SPEEDING_THRESHOLD_MPH.min} to ${SPEEDING_THRESHOLD_MPH.max} mph, below the outlier limit (${maxPlausibleMph} mph); still using ${thresholdMph}`
              : undefined
          }
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

/** The days a span button stands for, counted (a "6 months" span is 181 to 185 days: calendar months). */
function spanTitle(span: Span, lastDay: string): string | undefined {
  if (!lastDay) return undefined;
  const { from, to } = localSpan(span, lastDay);
  const n = dayCount(from, to);
  return `${from} → ${to} (${n} day${n === 1 ? '' : 's'})`;
}
