import { buildCarriers, DEMO_PROVIDER_KEY, type Carrier } from './fleet.ts';
import { corrupt, isCorrupted } from './corrupt.ts';
import { driverStatus, vehicleStatus } from './statuses.ts';
import { carriedHosOf } from './carried-hos.ts';
import { parseRecord, utcDay, type DayList, type SimVehicleRef } from './vehicle-days.ts';

const EMPTY: DayList = { length: 0, at: () => '' };
import { historyWindow } from './window.ts';
import { LEGACY_COMPANY_KEY_PREFIX, type WireDriverStatus } from '../../../shared/api/wire.ts';
import { daysBetween, type UtcDay } from '../../../shared/util/day.ts';
import type { SimDriver, SimulatorOptions, SimulatorTruth, SimVehicle } from './types.ts';

/** The in-process world: the demo carriers and everything derived from them at `now`. */
export interface SimulatorWorld {
  seed: number;
  providerKey: string;
  now(): number;
  carriers: Carrier[];
  truth: SimulatorTruth;
  carrierByKey(companyKey: string): Carrier | null;
  carrier(carrierId: string): Carrier;
  vehicle(c: Carrier, idOrLegacy: string): SimVehicle | null;
  driver(c: Carrier, idOrLegacy: string): SimDriver | null;
  vehicleRef(c: Carrier, v: SimVehicle): SimVehicleRef;
  /** The vehicle the simulator gives `driverId` (its profile's driver), or null for drivers without a truck. */
  assignedVehicle(c: Carrier, driverId: string): SimVehicleRef | null;
  /** Spec 2.4 status of one driver at `nowMs`: clocks from their truck's day and any hours they carry. */
  driverStatusAt(c: Carrier, d: SimDriver, nowMs: number): WireDriverStatus;
  /** Records (as JSON text) of one UTC day cut at `now`, ascending. */
  dayRecords(ref: SimVehicleRef, day: UtcDay): DayList;
}

export function createSimulatorWorld(opts: SimulatorOptions = {}): SimulatorWorld {
  const seed = opts.seed ?? 2026;
  const now = opts.now ?? Date.now;
  const carriers = buildCarriers(seed);
  const byId = new Map(carriers.map((c) => [c.info.id, c]));
  const refs = new Map<string, SimVehicleRef>();

  const carrier = (carrierId: string): Carrier => {
    const c = byId.get(carrierId);
    if (!c) throw new RangeError(`Unknown demo carrier "${carrierId}"`);
    return c;
  };
  const vehicle = (c: Carrier, id: string) => c.vehicles.find((v) => v.vehicle_id === id || v.legacyId === id) ?? null;
  const driver = (c: Carrier, id: string) => c.drivers.find((d) => d.driver_id === id || d.legacyId === id) ?? null;
  const vehicleRef = (c: Carrier, v: SimVehicle): SimVehicleRef => {
    let ref = refs.get(v.vehicle_id);
    if (!ref) {
      const profile = c.profiles.get(v.vehicle_id);
      if (!profile) throw new RangeError('vehicle without a profile');
      ref = { vehicleId: v.vehicle_id, number: v.number, vin: v.vin, active: v.active, profile, seed };
      refs.set(v.vehicle_id, ref);
    }
    return ref;
  };
  const assignedVehicle = (c: Carrier, driverId: string): SimVehicleRef | null => {
    const v = c.vehicles.find((x) => c.profiles.get(x.vehicle_id)?.driverId === driverId);
    return v ? vehicleRef(c, v) : null;
  };
  const driverStatusAt = (c: Carrier, d: SimDriver, nowMs: number): WireDriverStatus =>
    driverStatus(d, assignedVehicle(c, d.driver_id), nowMs, carriedHosOf(c, d.driver_id));
  const dayRecords = (ref: SimVehicleRef, day: UtcDay): DayList => {
    const nowMs = now();
    const w = historyWindow(nowMs);
    if (day < w.start || day > w.end) return EMPTY;
    const d = utcDay(ref, day);
    if (day < w.end) return d;
    // Today is partial: nothing after `now`.
    let n = 0;
    while (n < d.t.length && d.t[n]! <= nowMs) n++;
    return { length: n, at: (i) => d.at(i) };
  };
  const requireVehicle = (carrierId: string, vehicleId: string) => {
    const c = carrier(carrierId);
    const v = vehicle(c, vehicleId);
    if (!v) throw new RangeError(`Unknown vehicle "${vehicleId}"`);
    return vehicleRef(c, v);
  };

  const truth: SimulatorTruth = {
    carriers: () => carriers.map((c) => ({ ...c.info })),
    company: (id) => ({ company_name: carrier(id).info.name, dot_number: carrier(id).info.dotNumber }),
    vehicles: (id) => carrier(id).vehicles.map((v) => ({ ...v })),
    drivers: (id) => carrier(id).drivers.map((d) => ({ ...d })),
    driverStatuses: (id) => {
      const c = carrier(id);
      return c.drivers.map((d) => driverStatusAt(c, d, now()));
    },
    vehicleStatuses: (id) => {
      const c = carrier(id);
      return c.vehicles.map((v) => vehicleStatus(vehicleRef(c, v), now()));
    },
    history: (carrierId, vehicleId, from, to) => {
      const ref = requireVehicle(carrierId, vehicleId);
      if (from > to) return [];
      return daysBetween(from, to).flatMap((d) => {
        const list = dayRecords(ref, d);
        return Array.from({ length: list.length }, (_, i) => parseRecord(list.at(i)));
      });
    },
    corruptedIds: (carrierId, vehicleId, from, to, every) =>
      truth
        .history(carrierId, vehicleId, from, to)
        .filter((r) => isCorrupted(r.id, every))
        .map((r) => r.id),
    windowStart: () => historyWindow(now()).start,
    today: () => historyWindow(now()).end,
  };

  return {
    seed,
    providerKey: opts.providerKey ?? DEMO_PROVIDER_KEY,
    now,
    carriers,
    truth,
    carrierByKey: (key) => {
      const bare = key.startsWith(LEGACY_COMPANY_KEY_PREFIX) ? key.slice(LEGACY_COMPANY_KEY_PREFIX.length) : key;
      return carriers.find((c) => c.baseKey === bare) ?? null;
    },
    carrier,
    vehicle,
    driver,
    vehicleRef,
    assignedVehicle,
    driverStatusAt,
    dayRecords,
  };
}

export { corrupt, isCorrupted };
