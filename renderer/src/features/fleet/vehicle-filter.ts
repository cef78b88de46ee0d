import type { MotionStatus } from '../../../../shared/api/wire.ts';
import type { VehicleRow } from '../../../../shared/domain/carrier.ts';
import type { SortValue } from '../../hooks/useSort.ts';

export interface VehicleFilter {
  text: string;
  active: 'all' | 'active' | 'inactive';
  motion: 'all' | MotionStatus | 'none';
}

export const ALL_VEHICLES: VehicleFilter = { text: '', active: 'all', motion: 'all' };

export function matchesVehicle(v: VehicleRow, f: VehicleFilter): boolean {
  const q = f.text.trim().toLowerCase();
  if (q && ![v.number, v.vin, v.latest?.place ?? ''].some((field) => field.toLowerCase().includes(q))) return false;
  if (f.active !== 'all' && v.active !== (f.active === 'active')) return false;
  if (f.motion === 'none') return v.latest === null;
  if (f.motion !== 'all' && v.latest?.status !== f.motion) return false;
  return true;
}

function placeSortKey(place: string): string {
  const of = place.lastIndexOf(' of ');
  const named = of >= 0 ? place.slice(of + 4) : place.replace(/^in /, '');
  return `${named} ${place}`;
}

export type VehicleSortKey =
  'number' | 'vin' | 'active' | 'location' | 'speed' | 'motion' | 'fuel' | 'odometer' | 'reading';

export function vehicleSortValue(v: VehicleRow, key: VehicleSortKey): SortValue {
  const l = v.latest;
  switch (key) {
    case 'number':
      return v.number;
    case 'vin':
      return v.vin;
    case 'active':
      return v.active;
    case 'location':
      // By the place named last ("… of Amarillo, TX" sorts with Amarillo), then by the words before it.
      return l ? placeSortKey(l.place) : null;
    case 'speed':
      return l ? l.speedMph : null;
    case 'motion':
      return l ? l.status : null;
    case 'fuel':
      return l?.fuelLevel ?? null;
    case 'odometer':
      return l?.odometerMiles ?? null;
    case 'reading':
      // Ascending = most recent first: "how old is the reading".
      return l ? -l.readingAt : null;
  }
}
