import { describe, expect, it } from 'vitest';
import { createSimulatorWorld } from '../../electron/node/simulator/index.ts';
import { haversineMi, bearingDeg, inConus } from '../../electron/node/simulator/geo.ts';
import { historyWindow } from '../../electron/node/simulator/window.ts';
import { addDays, dayOfMs } from '../../shared/util/day.ts';
import type { WireLocationRecord } from '../../shared/api/wire.ts';

const NOW = Date.UTC(2026, 2, 15, 18, 0);
const world = createSimulatorWorld({ now: () => NOW });
const { truth } = world;
const carrier = truth.carriers()[0]!;
const vehicle = truth.vehicles(carrier.id).find((v) => v.active)!;
const from = addDays(truth.today(), -27);
const to = addDays(truth.today(), -1);
const records = truth.history(carrier.id, vehicle.vehicle_id, from, to);
const t = (r: WireLocationRecord) => Date.parse(r.timestamp);
const pairs = records.slice(1).map((r, i) => [records[i]!, r] as const);

describe('history window', () => {
  it('starts on the same calendar day six months back, clamped to month end', () => {
    expect(historyWindow(Date.UTC(2026, 2, 15, 12))).toEqual({ start: '2025-09-15', end: '2026-03-15' });
    expect(historyWindow(Date.UTC(2026, 7, 31, 1))).toEqual({ start: '2026-02-28', end: '2026-08-31' });
    expect(truth.windowStart()).toBe('2025-09-15');
    expect(truth.today()).toBe(dayOfMs(NOW));
  });

  it('serves nothing outside the window and nothing after now', () => {
    expect(
      truth.history(carrier.id, vehicle.vehicle_id, addDays(truth.windowStart(), -3), addDays(truth.windowStart(), -1)),
    ).toEqual([]);
    const today = truth.history(carrier.id, vehicle.vehicle_id, truth.today(), truth.today());
    expect(today.length).toBeGreaterThan(0);
    expect(Math.max(...today.map(t))).toBeLessThanOrEqual(NOW);
  });
});

describe('determinism', () => {
  it('gives identical records for a day asked twice and at another now', () => {
    const day = addDays(truth.today(), -10);
    const a = truth.history(carrier.id, vehicle.vehicle_id, day, day);
    // Something else in between, so caches cannot explain equality.
    truth.history(carrier.id, truth.vehicles(carrier.id)[2]!.vehicle_id, from, to);
    const later = createSimulatorWorld({ now: () => NOW + 40 * 86_400_000 });
    const b = later.truth.history(carrier.id, vehicle.vehicle_id, day, day);
    expect(b).toEqual(a);
    expect(truth.history(carrier.id, vehicle.vehicle_id, day, day)).toEqual(a);
  });

  it('cuts today at now, a prefix of the full day', () => {
    const day = truth.today();
    const early = createSimulatorWorld({ now: () => NOW - 3 * 3_600_000 }).truth.history(
      carrier.id,
      vehicle.vehicle_id,
      day,
      day,
    );
    const full = createSimulatorWorld({ now: () => NOW + 86_400_000 }).truth.history(
      carrier.id,
      vehicle.vehicle_id,
      day,
      day,
    );
    const mid = truth.history(carrier.id, vehicle.vehicle_id, day, day);
    expect(mid.slice(0, early.length)).toEqual(early);
    expect(full.slice(0, mid.length)).toEqual(mid);
    expect(full.length).toBeGreaterThan(mid.length);
  });

  it('differs between seeds', () => {
    const other = createSimulatorWorld({ seed: 7, now: () => NOW });
    const v = other.truth.vehicles(carrier.id)[0]!;
    expect(v.vehicle_id).not.toBe(truth.vehicles(carrier.id)[0]!.vehicle_id);
  });
});

describe('record shape', () => {
  it('has unique UUID ids, ascending ISO times, wire formats', () => {
    expect(new Set(records.map((r) => r.id)).size).toBe(records.length);
    for (const [a, b] of pairs) expect(t(b)).toBeGreaterThan(t(a));
    for (const r of records) {
      expect(r.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(r.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(r.lat).toMatch(/^-?\d+\.\d{5,6}$/);
      expect(r.lng).toMatch(/^-?\d+\.\d{5,6}$/);
      expect(r.speed).toMatch(/^\d+(\.\d)?$/);
      const dir = Number(r.direction);
      expect(dir).toBeGreaterThanOrEqual(0);
      expect(dir).toBeLessThan(360);
      expect(r.vehicle_number).toBe(vehicle.number);
      expect(r.vin).toBe(vehicle.vin);
      expect(r.calc_location).toMatch(
        /^(in |\d+ mi (N|NNE|NE|ENE|E|ESE|SE|SSE|S|SSW|SW|WSW|W|WNW|NW|NNW) of )[^,]+, [A-Z]{2}$/,
      );
    }
  });
});

describe('realism', () => {
  const moving = records.filter((r) => r.status === 'IN_MOTION');

  it('keeps every point inside the continental US', () => {
    for (const r of records) expect(inConus(Number(r.lat), Number(r.lng))).toBe(true);
  });

  it('cruises at plausible speeds and sometimes speeds above 70', () => {
    const speeds = moving.map((r) => Number(r.speed)).sort((a, b) => a - b);
    expect(speeds[0]!).toBeGreaterThan(0);
    expect(speeds[speeds.length - 1]!).toBeLessThan(85);
    const median = speeds[Math.floor(speeds.length / 2)]!;
    expect(median).toBeGreaterThanOrEqual(55);
    expect(median).toBeLessThanOrEqual(68);
    expect(speeds.filter((s) => s > 70).length).toBeGreaterThan(3);
  });

  it('reports about every 60 s in motion and less often when stationary', () => {
    const motionGaps = pairs
      .filter(([a, b]) => a.status === 'IN_MOTION' && b.status === 'IN_MOTION')
      .map(([a, b]) => t(b) - t(a));
    const inRange = motionGaps.filter((g) => g >= 50_000 && g <= 70_000).length;
    expect(inRange / motionGaps.length).toBeGreaterThan(0.95);
    const parkedGaps = pairs
      .filter(([a, b]) => a.status === 'STATIONARY' && b.status === 'STATIONARY')
      .map(([a, b]) => t(b) - t(a));
    expect(Math.min(...parkedGaps)).toBeGreaterThanOrEqual(8 * 60_000);
  });

  it('has OFFLINE gaps of 20-180 min after which the truck is further along', () => {
    const offline = pairs.filter(([a]) => a.status === 'OFFLINE');
    expect(offline.length).toBeGreaterThan(0);
    for (const [a, b] of offline) {
      const gapMin = (t(b) - t(a)) / 60_000;
      expect(gapMin).toBeGreaterThanOrEqual(19);
      expect(gapMin).toBeLessThanOrEqual(181);
      expect(haversineMi(Number(a.lat), Number(a.lng), Number(b.lat), Number(b.lng))).toBeGreaterThan(5);
    }
  });

  it('drives 300-700 miles on a driving day, speed consistent with distance', () => {
    const byDay = new Map<string, WireLocationRecord[]>();
    for (const r of records) byDay.set(r.timestamp.slice(0, 10), [...(byDay.get(r.timestamp.slice(0, 10)) ?? []), r]);
    const distances: number[] = [];
    for (const day of byDay.values()) {
      if (day.filter((r) => r.status === 'IN_MOTION').length < 300) continue;
      let mi = 0;
      for (let i = 1; i < day.length; i++)
        mi += haversineMi(Number(day[i - 1]!.lat), Number(day[i - 1]!.lng), Number(day[i]!.lat), Number(day[i]!.lng));
      distances.push(mi);
    }
    expect(distances.length).toBeGreaterThan(10);
    expect(distances.filter((d) => d >= 300 && d <= 700).length / distances.length).toBeGreaterThan(0.85);
    expect(Math.max(...distances)).toBeLessThan(760);
    // A minute at the reported speed covers about the distance between readings.
    const checks = pairs.filter(
      ([a, b]) => a.status === 'IN_MOTION' && b.status === 'IN_MOTION' && Number(b.speed) > 50,
    );
    const ratios = checks.map(
      ([a, b]) =>
        haversineMi(Number(a.lat), Number(a.lng), Number(b.lat), Number(b.lng)) /
        ((Number(b.speed) * (t(b) - t(a))) / 3_600_000),
    );
    const med = ratios.sort((x, y) => x - y)[Math.floor(ratios.length / 2)]!;
    expect(med).toBeGreaterThan(0.85);
    expect(med).toBeLessThan(1.15);
  });

  it('reports a direction equal to the bearing from the previous reading', () => {
    let checked = 0;
    for (const [a, b] of pairs) {
      const mi = haversineMi(Number(a.lat), Number(a.lng), Number(b.lat), Number(b.lng));
      if (b.status !== 'IN_MOTION' || mi < 0.2) continue;
      const expected = bearingDeg(Number(a.lat), Number(a.lng), Number(b.lat), Number(b.lng));
      const diff = Math.abs(((Number(b.direction) - expected + 540) % 360) - 180);
      expect(diff).toBeLessThan(1);
      checked++;
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('names a nearby real place in calc_location', () => {
    const near = records
      .filter((r) => /^\d+ mi/.test(r.calc_location))
      .map((r) => Number(r.calc_location.split(' ')[0]));
    // The network's emptiest edge (Boise to Reno, across northern Nevada) passes ~90 mi from any place of 1,000 people.
    expect(Math.max(...near)).toBeLessThan(100);
  });

  it('makes about 100k records per truck over six months', () => {
    const w = createSimulatorWorld({ now: () => NOW });
    const all = w.truth.history(carrier.id, vehicle.vehicle_id, w.truth.windowStart(), w.truth.today());
    expect(all.length).toBeGreaterThan(80_000);
    expect(all.length).toBeLessThan(160_000);
  });
});
