import type { DriverRow, FleetSnapshot, VehicleRow } from '../../../shared/domain/carrier.ts';
import type { ApiClient } from '../api/client.ts';
import type { WireVehicleStatus } from '../../../shared/api/wire.ts';
import { implausibleFigures } from '../../../shared/domain/plausible.ts';
import { describeLocation } from '../simulator/gazetteer.ts';

/**
 * Vehicle and driver screens. Spec 8.3: latest vehicle status refreshes about
 * every 60 s and polling more often than every 30 s only burns the rate
 * limit, so answers are cached per carrier for 30 s, forced refresh included.
 */
export const MIN_REFRESH_MS = 30_000;
const REUSE_MS = 5 * 60_000;

const num = (s: string): number | null => {
  const n = Number(s);
  return s.trim() !== '' && Number.isFinite(n) ? n : null;
};

/** Latest status carries only coordinates (spec 2.6); breadcrumbs word theirs as `calc_location` (2.7). */
function placeText(lat: number, lng: number): string {
  return Number.isFinite(lat) && Number.isFinite(lng) ? describeLocation(lat, lng) : '';
}

export async function fetchVehicleRows(
  client: ApiClient,
  now: () => number = Date.now,
): Promise<{ rows: VehicleRow[]; rejected: number }> {
  const [vehicles, statuses] = await Promise.all([
    client.vehicles({ limit: 1000 }),
    client.latestVehicleStatus({ limit: 200 }),
  ]);
  const latest = new Map(statuses.records.map((s) => [s.vehicle_id, s]));
  const rows = vehicles.records.map((v): VehicleRow => {
    const s = latest.get(v.vehicle_id);
    return {
      vehicleId: v.vehicle_id,
      number: v.number,
      vin: v.vin,
      active: v.active,
      latest: s ? checked(s, now()) : null,
    };
  });
  return { rows, rejected: vehicles.rejected.length + statuses.rejected.length };
}

function checked(s: WireVehicleStatus, nowMs: number): NonNullable<VehicleRow['latest']> {
  const latest = {
    lat: Number(s.lat),
    lng: Number(s.lon),
    speedMph: s.speed,
    status: s.status,
    // Spec 2.6: 0 means "reports no fuel data", not an empty tank.
    fuelLevel: s.fuel_level === 0 ? null : s.fuel_level,
    odometerMiles: num(s.odometer),
    readingAt: Date.parse(s.timestamp),
    place: placeText(Number(s.lat), Number(s.lon)),
  };
  const invalid = implausibleFigures(latest, nowMs);
  return invalid.length > 0 ? { ...latest, invalid } : latest;
}

export async function fetchDriverRows(client: ApiClient): Promise<{ rows: DriverRow[]; rejected: number }> {
  const [drivers, statuses] = await Promise.all([
    client.drivers({ limit: 1000 }),
    client.latestDriverStatus({ limit: 1000 }),
  ]);
  const hos = new Map(statuses.records.map((s) => [s.driver_id, s]));
  const rows = drivers.records.map((d): DriverRow => {
    const s = hos.get(d.driver_id);
    return {
      driverId: d.driver_id,
      username: d.username,
      firstName: d.first_name,
      lastName: d.last_name,
      active: d.active,
      hos: s
        ? { breakMs: s.break, driveMs: s.drive, shiftMs: s.shift, cycleMs: s.cycle, status: s.current_status }
        : null,
    };
  });
  return { rows, rejected: drivers.rejected.length + statuses.rejected.length };
}

/** A 30-s cache of one fetch per (carrier, screen); concurrent callers share the in-flight fetch. */
export function createFleetCache<Row>(
  fetchRows: (carrierId: string) => Promise<{ rows: Row[]; rejected: number }>,
  now: () => number = Date.now,
) {
  const cache = new Map<string, Promise<FleetSnapshot<Row>>>();
  return async (carrierId: string, force: boolean): Promise<FleetSnapshot<Row>> => {
    const hit = cache.get(carrierId);
    if (hit) {
      const snap = await hit.catch(() => null);
      // A forced refresh never beats the 30-s floor (the API would return the
      // same data); an unforced one, e.g. switching tabs, reuses a recent answer.
      if (snap && now() < (force ? snap.nextRefreshAt : snap.fetchedAt + REUSE_MS)) return { ...snap, cached: true };
    }
    const fetching = fetchRows(carrierId).then(({ rows, rejected }) => {
      const fetchedAt = now();
      return { carrierId, fetchedAt, nextRefreshAt: fetchedAt + MIN_REFRESH_MS, cached: false, rows, rejected };
    });
    cache.set(carrierId, fetching);
    fetching.catch(() => cache.delete(carrierId));
    return fetching;
  };
}

export type FleetCache<Row> = ReturnType<typeof createFleetCache<Row>>;
