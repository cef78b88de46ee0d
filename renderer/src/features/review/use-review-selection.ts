import { useEffect, useState } from 'react';
import type { CarrierView, VehicleRow } from '../../../../shared/domain/carrier.ts';
import type { RouteLensApi } from '../../../../shared/ipc/contract.ts';
import { useLive } from '../../store/hooks.ts';
import { storageRows } from '../../store/reads.ts';
import { loadRoster } from '../../store/snapshots.ts';
import type { StorageVehicleRow } from '../../store/types.ts';
import type { ReviewPlace } from '../layout/navigation.ts';
import type { SelectionValue } from './Selection.tsx';
import { daysZoneOf, localDayBounds } from './use-local-days.ts';

async function vehiclesOf(carrierId: string): Promise<{ carrierId: string; rows: StorageVehicleRow[] }> {
  const roster = await loadRoster(carrierId, 'vehicles');
  const numbers = new Map(((roster?.rows ?? []) as VehicleRow[]).map((v) => [v.vehicleId, v.number]));
  return { carrierId, rows: await storageRows(carrierId, numbers) };
}

/** The list App.tsx holds is from startup; a download since then may have stored the company profile. */
export async function currentCarrier(
  api: RouteLensApi,
  carrierId: string,
  known: CarrierView | undefined,
): Promise<CarrierView | undefined> {
  const list = await api.carriers.list().catch(() => null);
  return list?.find((c) => c.id === carrierId) ?? known;
}

/** What a visit opens: a place from the URL or another screen (Compare's worst events, a fleet row), else the first carrier. */
export function selectionOf(place: ReviewPlace | undefined, carriers: CarrierView[]): SelectionValue {
  return place
    ? { carrierId: place.carrierId, vehicleId: place.vehicleId, day: place.day, span: place.span }
    : { carrierId: carriers[0]?.id ?? '', vehicleId: '', day: '', span: 'day' };
}

export interface ReviewSelection {
  sel: SelectionValue;
  setSel: (next: SelectionValue) => void;
  carrier: CarrierView | undefined;
  /** The carrier's home zone: whose local days `sel.day` and the span are. */
  daysZone: string;
  /** The carrier's vehicles with stored days; undefined while they are read (or still the previous carrier's). */
  vehicles: StorageVehicleRow[] | undefined;
  vehicle: StorageVehicleRow | undefined;
}

/**
 * What the Review shows: carrier, vehicle, last local day and span. Opens on
 * the first vehicle with stored data and its latest local day. The vehicle
 * list is tagged with the carrier it was read for, so after switching
 * carriers the previous carrier's vehicles are never offered (nor a day or
 * span applied to them) while the new list is read.
 */
export function useReviewSelection(carriers: CarrierView[], place?: ReviewPlace): ReviewSelection {
  const [sel, setSel] = useState<SelectionValue>(() => selectionOf(place, carriers));
  const carrier = carriers.find((c) => c.id === sel.carrierId);
  const daysZone = daysZoneOf(carrier);
  const listed = useLive(
    () => (sel.carrierId ? vehiclesOf(sel.carrierId) : Promise.resolve({ carrierId: '', rows: [] })),
    [sel.carrierId],
  );
  const vehicles = listed && listed.carrierId === sel.carrierId ? listed.rows : undefined;

  useEffect(() => {
    if (!vehicles || vehicles.length === 0) return;
    const v = vehicles.find((x) => x.vehicleId === sel.vehicleId) ?? vehicles[0]!;
    const day = sel.vehicleId === v.vehicleId && sel.day ? sel.day : (localDayBounds(v, daysZone)?.latest ?? '');
    if (v.vehicleId !== sel.vehicleId || day !== sel.day) setSel((s) => ({ ...s, vehicleId: v.vehicleId, day }));
  }, [vehicles, sel.vehicleId, sel.day, daysZone]);

  const vehicle = vehicles?.find((v) => v.vehicleId === sel.vehicleId);
  return { sel, setSel, carrier, daysZone, vehicles, vehicle };
}
