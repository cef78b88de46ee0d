import { useEffect, useState } from 'react';
import type { CarrierView, VehicleRow } from '../../../../shared/domain/carrier.ts';
import { addDays, daysBetween, isUtcDay, type UtcDay } from '../../../../shared/util/day.ts';
import { api } from '../../bridge/api.ts';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { formatBytes, formatCount } from '../../downloads/format.ts';
import { sixMonthsBefore } from '../../downloads/ranges.ts';
import { StoreError } from '../../store/errors.ts';
import { useLive } from '../../store/hooks.ts';
import { storageRows, storedCarrierIds } from '../../store/reads.ts';
import { loadRoster } from '../../store/snapshots.ts';
import type { StorageVehicleRow } from '../../store/types.ts';
import { writer } from '../../store/writer.ts';
import { DayStrip } from './DayStrip.tsx';

const errorText = (e: unknown) => (e instanceof StoreError ? e.failure.message : e instanceof Error ? e.message : String(e));

async function carrierRows(carrierId: string): Promise<StorageVehicleRow[]> {
  const roster = await loadRoster(carrierId, 'vehicles');
  const numbers = new Map(((roster?.rows ?? []) as VehicleRow[]).map((v) => [v.vehicleId, v.number]));
  return storageRows(carrierId, numbers);
}

function VehicleStorage({ row, days, onError }: { row: StorageVehicleRow; days: UtcDay[]; onError: (m: string | null) => void }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const rangeOk = isUtcDay(from) && isUtcDay(to) && from <= to;
  const run = (p: Promise<unknown>) => p.then(() => onError(null), (e: unknown) => onError(errorText(e)));
  return (
    <li data-testid="storage-vehicle" data-vehicle-id={row.vehicleId} style={{ listStyle: 'none', borderTop: '1px solid #e5e7eb', padding: '8px 0', display: 'grid', gap: 4 }}>
      <div style={{ display: 'flex', gap: 16, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <strong>{row.vehicleNumber}</strong>
        <span data-testid="storage-vehicle-days">{row.days.filter((d) => d.state === 'complete').length} complete days</span>
        <span data-testid="storage-vehicle-points" data-points={row.points}>
          {formatCount(row.points)} points
        </span>
        <span data-testid="storage-vehicle-bytes" data-bytes={row.bytes}>
          {formatBytes(row.bytes)}
        </span>
        <span style={{ marginLeft: 'auto' }}>
          <ConfirmButton testId="storage-delete-vehicle" label="Delete vehicle data" question={`Delete every stored day of ${row.vehicleNumber}?`} confirmLabel="Delete" onConfirm={() => void run(writer.deleteVehicleDays(row.vehicleId, null, null))} />
        </span>
      </div>
      <DayStrip days={days} stored={row.days} />
      <div style={{ display: 'flex', gap: 6, alignItems: 'center', fontSize: 13 }}>
        Delete days from <input type="date" data-testid="storage-range-from" value={from} onChange={(e) => setFrom(e.target.value)} /> to{' '}
        <input type="date" data-testid="storage-range-to" value={to} onChange={(e) => setTo(e.target.value)} />
        <ConfirmButton testId="storage-delete-range" disabled={!rangeOk} label="Delete range" question={`Delete ${row.vehicleNumber}'s days ${from} to ${to}?`} confirmLabel="Delete" onConfirm={() => void run(writer.deleteVehicleDays(row.vehicleId, from, to))} />
      </div>
    </li>
  );
}

function CarrierStorage({ carrierId, label, days }: { carrierId: string; label: string; days: UtcDay[] }) {
  const rows = useLive(() => carrierRows(carrierId), [carrierId]);
  const [error, setError] = useState<string | null>(null);
  if (!rows || rows.length === 0) return null;
  const points = rows.reduce((n, r) => n + r.points, 0);
  const bytes = rows.reduce((n, r) => n + r.bytes, 0);
  return (
    <section data-testid="storage-carrier" data-carrier-id={carrierId} style={{ border: '1px solid #d1d5db', borderRadius: 6, padding: 10 }}>
      <header style={{ display: 'flex', gap: 16, alignItems: 'baseline' }}>
        <h3 style={{ margin: 0 }}>{label}</h3>
        <span>{rows.length} vehicle(s)</span>
        <span data-testid="storage-carrier-points">{formatCount(points)} points</span>
        <span data-testid="storage-carrier-bytes">{formatBytes(bytes)}</span>
        <span style={{ marginLeft: 'auto' }}>
          <ConfirmButton testId="storage-delete-carrier" label="Delete carrier data" question={`Delete everything stored for ${label}?`} confirmLabel="Delete all" onConfirm={() => void writer.deleteCarrier(carrierId).then(() => setError(null), (e: unknown) => setError(errorText(e)))} />
        </span>
      </header>
      {error && (
        <p role="alert" data-testid="storage-error">
          {error}
        </p>
      )}
      <ul style={{ padding: 0 }}>
        {rows.map((r) => (
          <VehicleStorage key={r.vehicleId} row={r} days={days} onError={setError} />
        ))}
      </ul>
    </section>
  );
}

export function StoragePage() {
  const [carriers, setCarriers] = useState<CarrierView[]>([]);
  const [today, setToday] = useState<UtcDay | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stored = useLive(storedCarrierIds, []);
  const [usage, setUsage] = useState<{ usage: number; quota: number } | null>(null);

  useEffect(() => {
    if (!api) return setError('The RouteLens bridge is not available in this window.');
    // Offline, the list of carriers may fail: stored data is still shown, labelled by id.
    api.carriers.list().then(setCarriers, () => undefined);
    api.app.getInfo().then(
      (i) => setToday(i.today),
      () => setToday(new Date().toISOString().slice(0, 10)),
    );
    navigator.storage?.estimate?.().then((e) => setUsage({ usage: e.usage ?? 0, quota: e.quota ?? 0 }), () => undefined);
  }, [stored]);

  const days = today ? daysBetween(sixMonthsBefore(today), today) : [];
  const ids = [...new Set([...carriers.map((c) => c.id), ...(stored ?? [])])].filter((id) => stored?.includes(id));
  return (
    <section data-testid="storage-page" style={{ display: 'grid', gap: 12 }}>
      <h2>Storage</h2>
      {usage && (
        <p data-testid="storage-usage">
          Using {formatBytes(usage.usage)} of {formatBytes(usage.quota)} available to RouteLens.
        </p>
      )}
      {error && <p role="alert">{error}</p>}
      {stored !== undefined && ids.length === 0 && <p data-testid="storage-empty">Nothing is stored yet. Download days on the Downloads screen.</p>}
      {today &&
        ids.map((id) => <CarrierStorage key={id} carrierId={id} label={carriers.find((c) => c.id === id)?.label ?? id} days={days} />)}
      {today && <p style={{ fontSize: 12 }}>Calendar: {days[0]} to {addDays(today, 0)} (UTC days).</p>}
    </section>
  );
}
