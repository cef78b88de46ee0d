import type { DriverName, VehicleName } from './types.ts';

/**
 * What the names in an assignments file point at: a driver by driver id or username (any letter case), a
 * vehicle by vehicle id, VIN (any letter case) or unit number. A name that points at two is refused rather
 * than guessed.
 */
export interface Resolver {
  driver(text: string): { id: string } | { problem: string };
  vehicle(text: string): { id: string } | { problem: string };
  vehicleLabel(vehicleId: string): string;
}

export function createResolver(ctx: { drivers: readonly DriverName[]; vehicles: readonly VehicleName[] }): Resolver {
  const driverIds = new Map(ctx.drivers.map((d) => [d.driverId, d]));
  const byUsername = groupBy(ctx.drivers, (d) => d.username.toLowerCase());
  const vehicleIds = new Map(ctx.vehicles.map((v) => [v.vehicleId, v]));
  const byVin = groupBy(ctx.vehicles, (v) => v.vin.toUpperCase());
  const byNumber = groupBy(ctx.vehicles, (v) => v.number.toLowerCase());
  return {
    driver(text) {
      if (driverIds.has(text)) return { id: text };
      const found = byUsername.get(text.toLowerCase()) ?? [];
      const exact = found.filter((d) => d.username === text);
      const one = found.length === 1 ? found[0] : exact.length === 1 ? exact[0] : undefined;
      if (one) return { id: one.driverId };
      if (found.length > 1)
        return { problem: `the username "${text}" names ${found.length} drivers; give the driver id` };
      return { problem: `unknown driver "${text}" (no username or driver id of this carrier)` };
    },
    vehicle(text) {
      if (vehicleIds.has(text)) return { id: text };
      const vins = text === '' ? [] : (byVin.get(text.toUpperCase()) ?? []);
      if (vins.length === 1) return { id: vins[0]!.vehicleId };
      const numbers = byNumber.get(text.toLowerCase()) ?? [];
      if (numbers.length === 1) return { id: numbers[0]!.vehicleId };
      if (numbers.length > 1) {
        return { problem: `the unit number "${text}" names ${numbers.length} vehicles; give the VIN or vehicle id` };
      }
      return { problem: `unknown vehicle "${text}" (no unit number, VIN or vehicle id of this carrier)` };
    },
    vehicleLabel: (id) => vehicleIds.get(id)?.number || id,
  };
}

function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === '') continue;
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}
