import type { DriverRow, VehicleRow } from '../../../../shared/domain/carrier.ts';
import type { DriverName, VehicleName } from '../../../../shared/drivers/types.ts';

/** What the assignments screens call drivers and vehicles: the roster's fields, by id and in a stable order. */
export interface RosterNames {
  drivers: DriverName[];
  vehicles: VehicleName[];
  driverById: ReadonlyMap<string, DriverName>;
  vehicleById: ReadonlyMap<string, VehicleName>;
  /** Vehicles the API lists as active: an inactive one is out of service, no candidate for a suggestion. */
  activeVehicleIds: string[];
}

export function rosterNames(driverRows: readonly DriverRow[], vehicleRows: readonly VehicleRow[]): RosterNames {
  const drivers = driverRows
    .map(({ driverId, username, firstName, lastName }) => ({ driverId, username, firstName, lastName }))
    .sort((a, b) => a.username.localeCompare(b.username));
  const vehicles = vehicleRows
    .map(({ vehicleId, number, vin }) => ({ vehicleId, number, vin }))
    .sort((a, b) => a.number.localeCompare(b.number, undefined, { numeric: true }));
  return {
    drivers,
    vehicles,
    driverById: new Map(drivers.map((d) => [d.driverId, d])),
    vehicleById: new Map(vehicles.map((v) => [v.vehicleId, v])),
    activeVehicleIds: vehicleRows.filter((v) => v.active).map((v) => v.vehicleId),
  };
}

/** "Jane Smith (jsmith)"; a driver the roster no longer lists is named by id, never guessed. */
export function driverOptionText(driverId: string, names: RosterNames): string {
  const d = names.driverById.get(driverId);
  if (!d) return `${driverId} (not in the roster)`;
  const full = `${d.firstName} ${d.lastName}`.trim();
  return full ? `${full} (${d.username})` : d.username;
}

export function vehicleText(vehicleId: string, names: RosterNames): string {
  return names.vehicleById.get(vehicleId)?.number ?? `${vehicleId} (not in the roster)`;
}
