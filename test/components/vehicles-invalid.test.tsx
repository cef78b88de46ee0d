import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { VehicleRow } from '../../shared/domain/carrier.ts';
import { VehiclesTable } from '../../renderer/src/features/fleet/VehiclesTable.tsx';

afterEach(cleanup);

const NOW = Date.UTC(2026, 10, 20, 15);
const base = {
  lat: 41.5,
  lng: -93.6,
  status: 'IN_MOTION' as const,
  fuelLevel: 40,
  odometerMiles: 120_000,
  readingAt: NOW - 60_000,
  place: '3 mi NE of Des Moines, IA',
};

/** Issue 32, 6: an implausible figure reads "invalid", never as the number (1e+308 mph, 309 digits, "just now"), and is counted. */
describe('VehiclesTable with implausible figures', () => {
  it('shows "invalid" in their cells, numbers at 0.1 elsewhere, and counts them', () => {
    const rows: VehicleRow[] = [
      {
        vehicleId: 'v1',
        number: 'T-1',
        vin: 'VIN1',
        active: true,
        latest: {
          ...base,
          speedMph: 1e308,
          odometerMiles: 1e308,
          readingAt: Date.UTC(9999, 11, 31),
          invalid: ['speed', 'odometer', 'time'],
        },
      },
      { vehicleId: 'v2', number: 'T-2', vin: 'VIN2', active: true, latest: { ...base, speedMph: 1e-320 } },
    ];
    render(<VehiclesTable rows={rows} serverNow={NOW} />);
    const [first, second] = screen.getAllByTestId('vehicle-row');
    expect(within(first!).getByTestId('vehicle-speed').textContent).toBe('invalid');
    expect(within(first!).getByTestId('vehicle-odometer').textContent).toBe('invalid');
    expect(within(first!).getByTestId('vehicle-reading').textContent).toBe('invalid');
    expect(within(second!).getByTestId('vehicle-speed').textContent).toBe('0 mph');
    expect(screen.getByTestId('vehicle-invalid-count').getAttribute('data-count')).toBe('3');
    expect(document.body.textContent).not.toMatch(/e\+308|just now/);
  });
});
