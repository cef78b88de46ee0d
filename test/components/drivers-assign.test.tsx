import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DriverRow, VehicleRow } from '../../shared/domain/carrier.ts';
import type { Assignment } from '../../shared/drivers/types.ts';

const writes = vi.hoisted(() => ({
  replaceAssignments: vi.fn((..._args: unknown[]) => Promise.resolve()),
  deleteAssignment: vi.fn((..._args: unknown[]) => Promise.resolve()),
}));
// The store worker is not there in a test document: the screens' writes are recorded instead.
vi.mock('../../renderer/src/store/writer.ts', () => ({ writer: writes }));

const { AssignmentFormPanel } = await import('../../renderer/src/features/drivers/AssignmentFormPanel.tsx');
const { AssignmentsList } = await import('../../renderer/src/features/drivers/AssignmentsList.tsx');
const { RegularDriverSelect } = await import('../../renderer/src/features/drivers/RegularDriverSelect.tsx');
const { rosterNames } = await import('../../renderer/src/features/drivers/names.ts');

afterEach(cleanup);
beforeEach(() => {
  writes.replaceAssignments.mockClear();
  writes.deleteAssignment.mockClear();
});

const ZONE = 'America/Chicago';
const driver = (driverId: string, username: string, lastName: string): DriverRow => ({
  driverId,
  username,
  firstName: 'Pat',
  lastName,
  active: true,
  hos: null,
});
const vehicle = (vehicleId: string, number: string): VehicleRow => ({
  vehicleId,
  number,
  vin: `VIN-${vehicleId}`,
  active: true,
  latest: null,
});
const names = rosterNames(
  [driver('d1', 'psmith', 'Smith'), driver('d2', 'pjones', 'Jones')],
  [vehicle('v2', 'T-110'), vehicle('v1', 'T-101')],
);
const row = (over: Partial<Assignment>): Assignment => ({
  id: 'v1|regular',
  carrierId: 'c',
  driverId: 'd1',
  vehicleId: 'v1',
  fromMs: null,
  toMs: null,
  source: 'import',
  createdAt: 1,
  ...over,
});
// 10 January 2026, 06:00 to 18:00 CST.
const DATED = row({
  id: `v1|${Date.UTC(2026, 0, 10, 12)}`,
  fromMs: Date.UTC(2026, 0, 10, 12),
  toMs: Date.UTC(2026, 0, 11),
});

describe('the dated-assignment form', () => {
  const fill = (vehicleId: string, from: string, to: string) => {
    fireEvent.change(screen.getByTestId('assignment-form-vehicle'), { target: { value: vehicleId } });
    fireEvent.change(screen.getByTestId('assignment-form-from'), { target: { value: from } });
    fireEvent.change(screen.getByTestId('assignment-form-to'), { target: { value: to } });
  };

  it('opens with the driver chosen elsewhere; an overlap is refused with the sentence and nothing is written', async () => {
    const onDone = vi.fn();
    render(
      <AssignmentFormPanel
        carrierId="c"
        zone={ZONE}
        names={names}
        kept={[DATED]}
        seed={{ driverId: 'd2' }}
        onDone={onDone}
      />,
    );
    expect(screen.getByTestId<HTMLSelectElement>('assignment-form-driver').value).toBe('d2');
    fill('v1', '2026-01-10T12:00', '2026-01-10T20:00');
    await userEvent.click(screen.getByTestId('assignment-form-save'));
    expect((await screen.findByTestId('assignment-form-error')).textContent).toContain('already has a driver assigned');
    expect(writes.replaceAssignments).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it("keeps an assignment that clashes with nothing, its times read as the home zone's clock", async () => {
    const onDone = vi.fn();
    render(
      <AssignmentFormPanel
        carrierId="c"
        zone={ZONE}
        names={names}
        kept={[DATED]}
        seed={{ driverId: 'd2' }}
        onDone={onDone}
      />,
    );
    fill('v1', '2026-01-10T18:00', '');
    await userEvent.click(screen.getByTestId('assignment-form-save'));
    expect(onDone).toHaveBeenCalledWith('Assignment saved.');
    expect(writes.replaceAssignments).toHaveBeenCalledTimes(1);
    const [carrierId, add, removeIds] = writes.replaceAssignments.mock.calls[0]!;
    expect(carrierId).toBe('c');
    expect(removeIds).toEqual([]);
    expect(add).toEqual([
      expect.objectContaining({
        driverId: 'd2',
        vehicleId: 'v1',
        fromMs: Date.UTC(2026, 0, 11),
        toMs: null,
        source: 'manual',
      }),
    ]);
  });
});

describe("a vehicle row's regular driver", () => {
  it('shows the kept one, replaces it in one write, and "None" removes it', async () => {
    render(
      <RegularDriverSelect
        carrierId="c"
        zone={ZONE}
        vehicleId="v1"
        vehicleNumber="T-101"
        names={names}
        kept={[row({})]}
      />,
    );
    const select = screen.getByTestId<HTMLSelectElement>('vehicle-regular-driver');
    expect(select.value).toBe('d1');
    await userEvent.selectOptions(select, 'd2');
    expect(writes.replaceAssignments).toHaveBeenLastCalledWith(
      'c',
      [expect.objectContaining({ id: 'v1|regular', driverId: 'd2', fromMs: null, source: 'manual' })],
      ['v1|regular'],
    );
    await userEvent.selectOptions(select, '');
    expect(writes.replaceAssignments).toHaveBeenLastCalledWith('c', [], ['v1|regular']);
  });

  it('a regular driver the roster no longer lists stays shown by id, not as "None"', () => {
    render(
      <RegularDriverSelect
        carrierId="c"
        zone={ZONE}
        vehicleId="v1"
        vehicleNumber="T-101"
        names={names}
        kept={[row({ driverId: 'gone' })]}
      />,
    );
    const select = screen.getByTestId<HTMLSelectElement>('vehicle-regular-driver');
    expect(select.value).toBe('gone');
    expect(select.selectedOptions[0]?.textContent).toBe('gone (not in the roster)');
  });
});

describe("the carrier's assignments list", () => {
  it('lists regular drivers first per vehicle, vehicles by number, times in the home zone; Remove deletes that row', async () => {
    const other = row({ id: 'v2|regular', vehicleId: 'v2', driverId: 'd2', source: 'suggestion' });
    render(<AssignmentsList carrierId="c" zone={ZONE} rows={[other, DATED, row({})]} names={names} />);
    const rows = screen.getAllByTestId('assignment-row');
    expect(rows.map((r) => r.getAttribute('data-id'))).toEqual(['v1|regular', DATED.id, 'v2|regular']);
    expect(within(rows[0]!).getByTestId('assignment-driver').textContent).toBe('Pat Smith (psmith)');
    expect(within(rows[0]!).getByTestId('assignment-from').textContent).toBe('Regular driver');
    expect(within(rows[1]!).getByTestId('assignment-from').textContent).toContain('2026-01-10 06:00');
    expect(within(rows[1]!).getByTestId('assignment-to').textContent).toContain('2026-01-10 18:00');
    expect(within(rows[2]!).getByTestId('assignment-source').textContent).toBe('Accepted suggestion');
    await userEvent.click(within(rows[1]!).getByTestId('assignment-remove'));
    expect(writes.deleteAssignment).toHaveBeenCalledWith('c', DATED.id);
  });

  it('says how to make one when there is none', () => {
    render(<AssignmentsList carrierId="c" zone={ZONE} rows={[]} names={names} />);
    expect(screen.getByTestId('assignments-empty').textContent).toContain('import a CSV');
  });
});
