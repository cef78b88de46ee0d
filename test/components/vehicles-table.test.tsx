import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { VehicleRow } from '../../shared/domain/carrier.ts';
import { VehiclesTable } from '../../renderer/src/features/fleet/VehiclesTable.tsx';

afterEach(cleanup);

const NOW = Date.UTC(2026, 10, 20, 15);
const latest = (
  speedMph: number,
  status: 'IN_MOTION' | 'STATIONARY' | 'OFFLINE',
  fuelLevel: number | null,
  minutesAgo: number,
) => ({
  lat: 41.5,
  lng: -93.6,
  speedMph,
  status,
  fuelLevel,
  odometerMiles: 120_000,
  readingAt: NOW - minutesAgo * 60_000,
  place: '3 mi NE of Des Moines, IA',
});
const ROWS: VehicleRow[] = [
  { vehicleId: 'v1', number: 'T-103', vin: '1FUJGLDR0CLBP8834', active: true, latest: latest(64, 'IN_MOTION', 40, 2) },
  {
    vehicleId: 'v2',
    number: 'T-101',
    vin: '3AKJHHDR7JSJV1234',
    active: true,
    latest: latest(0, 'STATIONARY', null, 30),
  },
  { vehicleId: 'v3', number: 'T-120', vin: '1XKYD49X0KJ123456', active: false, latest: null },
  { vehicleId: 'v4', number: 'T-102', vin: '4V4NC9EH5FN987654', active: true, latest: latest(12, 'OFFLINE', 85, 600) },
];

const numbers = () =>
  screen.queryAllByTestId('vehicle-row').map((r) => within(r).getByTestId('vehicle-number').textContent);
const count = () => screen.getByTestId('vehicle-count');

describe('VehiclesTable', () => {
  it('lists every vehicle by number, ascending, and says how many', () => {
    render(<VehiclesTable rows={ROWS} serverNow={NOW} />);
    expect(numbers()).toEqual(['T-101', 'T-102', 'T-103', 'T-120']);
    expect(count().textContent).toBe('4 vehicles');
    expect(screen.getByTestId('sort-vehicles-number').closest('th')?.getAttribute('aria-sort')).toBe('ascending');
    expect(within(screen.getAllByTestId('vehicle-row')[3]!).getByTestId('vehicle-no-status').textContent).toBe(
      'No status reported',
    );
  });

  it('filters by text (number or VIN, any case), active and motion, and counts what is shown', async () => {
    const user = userEvent.setup();
    render(<VehiclesTable rows={ROWS} serverNow={NOW} />);
    await user.type(screen.getByTestId('vehicle-filter-text'), 'kj12');
    expect(numbers()).toEqual(['T-120']);
    expect(count().textContent).toBe('1 of 4 vehicles');
    await user.clear(screen.getByTestId('vehicle-filter-text'));
    await user.selectOptions(screen.getByTestId('vehicle-filter-active'), 'active');
    expect(numbers()).toEqual(['T-101', 'T-102', 'T-103']);
    await user.selectOptions(screen.getByTestId('vehicle-filter-motion'), 'OFFLINE');
    expect(numbers()).toEqual(['T-102']);
    await user.selectOptions(screen.getByTestId('vehicle-filter-active'), 'all');
    await user.selectOptions(screen.getByTestId('vehicle-filter-motion'), 'none');
    expect(numbers()).toEqual(['T-120']);
    await user.type(screen.getByTestId('vehicle-filter-text'), 'no such truck');
    expect(numbers()).toEqual([]);
    expect(screen.getByText('No vehicle matches these filters.')).toBeTruthy();
    expect(count().textContent).toBe('0 of 4 vehicles');
  });

  it('sorts numbers as numbers, reverses on a second click, and keeps a vehicle without the value last both ways', async () => {
    const user = userEvent.setup();
    render(
      <VehiclesTable
        rows={[...ROWS, { ...ROWS[0]!, vehicleId: 'v5', number: 'T-99', latest: latest(7, 'IN_MOTION', 5, 1) }]}
        serverNow={NOW}
      />,
    );
    // "T-99" before "T-101": the number column compares digits as numbers.
    expect(numbers()).toEqual(['T-99', 'T-101', 'T-102', 'T-103', 'T-120']);
    const header = (col: string) => screen.getByTestId(`sort-vehicles-${col}`).closest('th')!;
    await user.click(screen.getByTestId('sort-vehicles-speed'));
    expect(header('speed').getAttribute('aria-sort')).toBe('ascending');
    expect(header('number').getAttribute('aria-sort')).toBe('none');
    expect(numbers()).toEqual(['T-101', 'T-99', 'T-102', 'T-103', 'T-120']);
    await user.click(screen.getByTestId('sort-vehicles-speed'));
    expect(header('speed').getAttribute('aria-sort')).toBe('descending');
    expect(numbers()).toEqual(['T-103', 'T-102', 'T-99', 'T-101', 'T-120']);
    // Fuel: T-101 reports none and T-120 no status at all; both stay last in either direction.
    await user.click(screen.getByTestId('sort-vehicles-fuel'));
    expect(numbers()).toEqual(['T-99', 'T-103', 'T-102', 'T-101', 'T-120']);
    await user.click(screen.getByTestId('sort-vehicles-fuel'));
    expect(numbers()).toEqual(['T-102', 'T-103', 'T-99', 'T-101', 'T-120']);
  });
});
