/**
 * Issue 32, 6: the Fleet screen's figures from a loopback API that sends a
 * speed of 1e308 mph, a 308-digit odometer, a reading dated 9999-12-31 and
 * one from 1970: each is marked invalid (shown as "invalid" and counted by
 * the table), plausible figures of the same snapshot are not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchVehicleRows } from '../../electron/node/backend/fleet.ts';
import { implausibleFigures, PLAUSIBLE } from '../../shared/domain/plausible.ts';
import { fakeClient, json, startFakeServer, type FakeServer } from './client-fake-server.ts';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const status = (id: string, over: Record<string, unknown>) => ({
  vehicle_id: id,
  number: id,
  odometer: '120000',
  fuel_level: 50,
  speed: 55,
  lat: '41.5',
  lon: '-93.6',
  status: 'IN_MOTION',
  timestamp: '2026-11-20T14:58:00Z',
  ...over,
});

describe('plausible Fleet figures', () => {
  let srv: FakeServer;
  beforeAll(async () => {
    srv = await startFakeServer();
    const statuses = [
      status('fast', { speed: 1e308 }),
      status('odo', { odometer: '9'.repeat(308) }), // 308 digits: still a finite number
      status('future', { timestamp: '9999-12-31T23:59:59Z' }),
      status('past', { timestamp: '1970-01-01T00:00:00Z' }),
      status('fine', {}),
    ];
    srv.handle((req, res) => {
      const list = req.url!.startsWith('/v2/vehicles')
        ? statuses.map((s) => ({ vehicle_id: s.vehicle_id, number: s.number, vin: 'VIN', active: true }))
        : statuses;
      json(res, 200, {
        description: 'success',
        data: list,
        page: 1,
        size: list.length,
        total_elements: list.length,
        total_pages: 1,
      });
    });
  });
  afterAll(() => srv.close());

  it('marks each out-of-range figure invalid, and only those', async () => {
    const { rows } = await fetchVehicleRows(fakeClient(srv, 'pk', 'ck'), () => NOW);
    const invalid = Object.fromEntries(rows.map((r) => [r.vehicleId, r.latest?.invalid ?? []]));
    expect(invalid).toEqual({ fast: ['speed'], odo: ['odometer'], future: ['time'], past: ['time'], fine: [] });
  });

  it('the ranges: speed 0–200 mph, odometer up to 10 million miles, readings from 2000 to a day ahead', () => {
    const ok = {
      speedMph: 200,
      odometerMiles: PLAUSIBLE.odometerMiles[1],
      fuelLevel: 100,
      lat: 90,
      lng: -180,
      readingAt: NOW,
    };
    expect(implausibleFigures(ok, NOW)).toEqual([]);
    expect(implausibleFigures({ ...ok, speedMph: 200.1, readingAt: NOW + 25 * 3600_000 }, NOW)).toEqual([
      'speed',
      'time',
    ]);
    expect(implausibleFigures({ ...ok, odometerMiles: null, fuelLevel: null }, NOW)).toEqual([]);
  });
});
