import { describe, expect, it } from 'vitest';
import { createSimulatorWorld, DEMO_PROVIDER_KEY } from '../../electron/node/simulator/index.ts';
import { vinCheckDigit } from '../../electron/node/simulator/fleet.ts';
import { DUTY_STATUS_CODES, MOTION_STATUSES } from '../../shared/api/wire.ts';

const NOW = Date.UTC(2026, 2, 15, 18, 0);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const world = createSimulatorWorld({ now: () => NOW });
const { truth } = world;

describe('demo carriers', () => {
  const carriers = truth.carriers();

  it('has three carriers of about 8, 25 and 60 vehicles', () => {
    expect(carriers.map((c) => c.vehicleCount)).toEqual([8, 25, 60]);
    for (const c of carriers) {
      expect(c.dotNumber).toMatch(/^\d{7}$/);
      expect(c.name.length).toBeGreaterThan(5);
      expect(c.driverCount).toBeGreaterThanOrEqual(c.vehicleCount - 6);
    }
    expect(new Set(carriers.map((c) => c.companyKey)).size).toBe(3);
  });

  it('issues exactly one company key with the legacy system- prefix', () => {
    expect(carriers.filter((c) => c.companyKey.startsWith('system-'))).toHaveLength(1);
    for (const c of carriers) {
      const bare = c.companyKey.replace(/^system-/, '');
      expect(world.carrierByKey(bare)?.info.id).toBe(c.id);
      expect(world.carrierByKey(`system-${bare}`)?.info.id).toBe(c.id);
    }
    expect(world.carrierByKey('nope')).toBeNull();
    expect(DEMO_PROVIDER_KEY.length).toBeGreaterThan(10);
  });

  it('gives vehicles UUIDs, legacy ids, unit numbers and valid-looking VINs', () => {
    for (const c of carriers) {
      const vehicles = truth.vehicles(c.id);
      expect(vehicles.some((v) => !v.active)).toBe(true);
      for (const v of vehicles) {
        expect(v.vehicle_id).toMatch(UUID);
        expect(v.legacyId).toMatch(/^\d{6}$/);
        expect(v.number).toMatch(/^([A-Z]{1,2}-)?\d{3,4}$/);
        expect(v.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
        expect(v.vin[8]).toBe(vinCheckDigit(v.vin));
      }
      expect(new Set(vehicles.map((v) => v.vin)).size).toBe(vehicles.length);
    }
  });

  it('gives drivers UUIDs, legacy ids, unique usernames, some inactive', () => {
    for (const c of carriers) {
      const drivers = truth.drivers(c.id);
      expect(drivers.some((d) => !d.active)).toBe(true);
      expect(new Set(drivers.map((d) => d.username)).size).toBe(drivers.length);
      for (const d of drivers) {
        expect(d.driver_id).toMatch(UUID);
        expect(d.legacyId).toMatch(/^\d{6}$/);
        expect(d.first_name).toMatch(/^[A-Z][a-z]+$/);
      }
    }
  });
});

describe('latest statuses', () => {
  const carrier = truth.carriers()[2]!;
  const statuses = truth.driverStatuses(carrier.id);
  const vehicleStatuses = truth.vehicleStatuses(carrier.id);

  it('has drivers without HOS activity, all fields null', () => {
    const idle = statuses.filter((s) => s.current_status === null);
    expect(idle.length).toBeGreaterThanOrEqual(2);
    for (const s of idle) expect([s.break, s.drive, s.shift, s.cycle]).toEqual([null, null, null, null]);
  });

  it('reports HOS clocks as integer milliseconds within the legal maxima', () => {
    for (const s of statuses.filter((x) => x.current_status !== null)) {
      expect(DUTY_STATUS_CODES).toContain(s.current_status);
      for (const [v, max] of [
        [s.break, 8],
        [s.drive, 11],
        [s.shift, 14],
        [s.cycle, 70],
      ] as const) {
        expect(Number.isInteger(v)).toBe(true);
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(max * 3_600_000);
      }
      expect(s.drive!).toBeLessThanOrEqual(s.shift!);
    }
  });

  it('derives driving drivers from moving trucks', () => {
    const vehicles = truth.vehicles(carrier.id);
    const byDriver = new Map(
      vehicles.map((v) => [world.carrier(carrier.id).profiles.get(v.vehicle_id)?.driverId, v.vehicle_id]),
    );
    let moving = 0;
    let driving = 0;
    for (const s of statuses) {
      const vid = byDriver.get(s.driver_id);
      const vs = vehicleStatuses.find((x) => x.vehicle_id === vid);
      if (!vs || !s.current_status) continue;
      // The latest reading can be up to a minute old, so a truck that just stopped still shows motion.
      if (vs.status === 'IN_MOTION' && vs.speed > 20) {
        moving++;
        if (s.current_status === 'DS_D') driving++;
      }
      if (s.current_status === 'DS_SB') expect(vs.speed).toBe(0);
    }
    expect(moving).toBeGreaterThan(5);
    expect(driving / moving).toBeGreaterThan(0.8);
  });

  it('reports vehicle status fields and 0 fuel for trucks without fuel data', () => {
    const profiles = world.carrier(carrier.id).profiles;
    for (const v of vehicleStatuses) {
      expect(MOTION_STATUSES).toContain(v.status);
      expect(Number(v.odometer)).toBeGreaterThan(50_000);
      expect(Number.isInteger(v.speed)).toBe(true);
      expect(Date.parse(v.timestamp)).toBeLessThanOrEqual(NOW);
      expect(v.fuel_level).toBeGreaterThanOrEqual(0);
      expect(v.fuel_level).toBeLessThanOrEqual(100);
      if (!profiles.get(v.vehicle_id)!.reportsFuel) expect(v.fuel_level).toBe(0);
    }
    expect([...profiles.values()].some((p) => !p.reportsFuel)).toBe(true);
    expect(vehicleStatuses.filter((v) => v.fuel_level > 0).length).toBeGreaterThan(vehicleStatuses.length / 2);
  });

  it('matches the last history record of today', () => {
    const v = vehicleStatuses.find(
      (x) => truth.vehicles(carrier.id).find((y) => y.vehicle_id === x.vehicle_id)?.active,
    )!;
    const today = truth.history(carrier.id, v.vehicle_id, truth.today(), truth.today());
    const last = today[today.length - 1]!;
    expect(v.timestamp).toBe(last.timestamp);
    expect(v.lat).toBe(last.lat);
    expect(v.lon).toBe(last.lng);
  });
});
