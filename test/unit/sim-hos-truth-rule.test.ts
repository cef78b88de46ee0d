/**
 * The simulator's probable-HOS-conflict ground truth seen through the app's own rule: snapshots taken every
 * 15 minutes (the app's default), motion from the served breadcrumbs, and each driver assigned (as regular
 * driver) the vehicle the simulator gives them. The carrying driver's runs out of drive time while driving
 * are found; no other driver is ever flagged for drive time while driving.
 */
import { describe, expect, it } from 'vitest';
import { createSimulatorWorld } from '../../electron/node/simulator/index.ts';
import { assignedVehicleOf, hosConflictTruth } from '../../electron/node/simulator/hos-truth.ts';
import { carryingDriverId } from '../../electron/node/simulator/carried-hos.ts';
import { parseLocationRecord } from '../../shared/api/validate.ts';
import { createAttributor } from '../../shared/drivers/attribution.ts';
import { probableHosConflicts } from '../../shared/drivers/hos-conflicts.ts';
import { motionFromChunks } from '../../shared/drivers/motion.ts';
import type { Assignment, DriverStatusSample } from '../../shared/drivers/types.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import { addDays, dayOfMs, dayStartMs } from '../../shared/util/day.ts';

const NOW = Date.UTC(2026, 2, 15, 18, 0);
const FROM = '2026-03-10';
const TO = '2026-03-12';
const STEP = 15 * 60_000;
const world = createSimulatorWorld({ now: () => NOW });
const carrier = world.carriers[0]!;
const carrierId = carrier.info.id;

describe('the carried hours through the app’s probable-conflict rule', () => {
  const fromMs = dayStartMs(FROM);
  const toMs = dayStartMs(addDays(TO, 1)) - STEP;
  const samples: DriverStatusSample[] = [];
  for (let t = fromMs; t <= toMs; t += STEP)
    for (const d of carrier.drivers) {
      const s = world.driverStatusAt(carrier, d, t);
      samples.push({
        driverId: d.driver_id,
        takenAt: t,
        status: s.current_status,
        driveMs: s.drive,
        shiftMs: s.shift,
        cycleMs: s.cycle,
        breakMs: s.break,
      });
    }
  const assignments: Assignment[] = carrier.drivers.flatMap((d) => {
    const vehicleId = assignedVehicleOf(world, carrierId, d.driver_id);
    if (!vehicleId) return [];
    return [
      {
        id: `${vehicleId}|regular`,
        carrierId,
        driverId: d.driver_id,
        vehicleId,
        fromMs: null,
        toMs: null,
        source: 'manual' as const,
        createdAt: 0,
      },
    ];
  });
  const vehicleIds = carrier.vehicles.map((v) => v.vehicle_id);
  const chunks = new Map(
    vehicleIds.map((id) => {
      const points = world.truth.history(carrierId, id, FROM, TO).flatMap((r) => {
        const p = parseLocationRecord(r);
        return p.ok ? [p.value] : [];
      });
      const days = [...new Set(points.map((p) => dayOfMs(p.t)))];
      return [id, days.map((day) => buildDayChunk(id, day, points))];
    }),
  );
  const conflicts = probableHosConflicts({
    carrierId,
    samples,
    attributor: createAttributor(assignments),
    motion: motionFromChunks(chunks),
    vehicleIds,
  });
  const sampleOf = (driverId: string, at: number) => samples.find((s) => s.driverId === driverId && s.takenAt === at)!;
  const chosen = carryingDriverId(carrier)!;

  it('flags every snapshot where the truth has the carrying driver out of drive time while driving', () => {
    const truth = hosConflictTruth(world, carrierId, fromMs, toMs, STEP).filter(
      (x) => x.driverId === chosen && x.status === 'DS_D' && x.clocks.includes('drive'),
    );
    expect(truth.length).toBeGreaterThan(3);
    for (const x of truth) {
      const found = conflicts.find((c) => c.driverId === chosen && c.atMs === x.atMs);
      expect(found, new Date(x.atMs).toISOString()).toBeDefined();
      expect(found!.vehicleId).toBe(x.vehicleId);
      expect(found!.clocks).toContain('drive');
      expect(found!.driveMs).toBe(x.driveMs);
    }
  });

  it('never flags another driver for drive time while their snapshot says Driving', () => {
    const others = conflicts.filter(
      (c) => c.driverId !== chosen && c.clocks.includes('drive') && sampleOf(c.driverId, c.atMs).status === 'DS_D',
    );
    expect(others).toEqual([]);
  });
});
