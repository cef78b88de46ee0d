import type { BackendContext } from '../context.ts';
import { createFleetCache, fetchDriverRows, fetchVehicleRows } from '../fleet.ts';
import type { NamespaceHandlers } from '../options.ts';

/** fleet:*: vehicle and driver rosters, cached with a floor between refreshes. */
export function fleetHandlers(ctx: BackendContext): NamespaceHandlers<'fleet'> {
  const vehicles = createFleetCache(async (id) => fetchVehicleRows(await ctx.clientFor(id)), ctx.now);
  const drivers = createFleetCache(async (id) => fetchDriverRows(await ctx.clientFor(id)), ctx.now);
  return {
    'fleet:vehicles': (carrierId, force) => vehicles(carrierId, force),
    'fleet:drivers': (carrierId, force) => drivers(carrierId, force),
  };
}
