import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Assignment, AssignmentSuggestion } from '../../shared/drivers/types.ts';

const writes = vi.hoisted(() => ({ replaceAssignments: vi.fn((..._args: unknown[]) => Promise.resolve()) }));
const found = vi.hoisted(() => ({ rows: [] as AssignmentSuggestion[], asked: [] as unknown[] }));
vi.mock('../../renderer/src/store/writer.ts', () => ({ writer: writes }));
// The kept snapshots and readings are IndexedDB's: the rule's answer is given here instead.
vi.mock('../../renderer/src/features/drivers/suggestions-input.ts', () => ({
  loadSuggestions: (input: unknown) => {
    found.asked.push(input);
    return Promise.resolve(found.rows);
  },
}));

const { SuggestionsPanel } = await import('../../renderer/src/features/drivers/SuggestionsPanel.tsx');
const { rosterNames } = await import('../../renderer/src/features/drivers/names.ts');

afterEach(cleanup);
beforeEach(() => {
  writes.replaceAssignments.mockClear();
  found.asked = [];
});

const ZONE = 'America/Chicago';
const names = rosterNames(
  [{ driverId: 'd1', username: 'psmith', firstName: 'Pat', lastName: 'Smith', active: true, hos: null }],
  [{ vehicleId: 'v1', number: 'T-101', vin: 'VIN1', active: true, latest: null }],
);
const suggestion: AssignmentSuggestion = {
  carrierId: 'c',
  driverId: 'd1',
  vehicleId: 'v1',
  matches: 3,
  firstMs: Date.UTC(2026, 0, 10, 15),
  lastMs: Date.UTC(2026, 0, 11, 20),
};

describe('suggestions on the Assignments tab', () => {
  it('offers "probably T-101 (3 matching snapshots)" and writes nothing until it is accepted', async () => {
    found.rows = [suggestion];
    render(<SuggestionsPanel carrierId="c" zone={ZONE} names={names} kept={[]} vehicleIds={['v1', 'v2']} />);
    const item = await screen.findByTestId('suggestion-row');
    expect(item.textContent).toContain('Pat Smith (psmith): probably T-101 (3 matching snapshots)');
    expect(found.asked).toEqual([
      expect.objectContaining({ carrierId: 'c', vehicleIds: ['v1', 'v2'], assignments: [] }),
    ]);
    expect(writes.replaceAssignments).not.toHaveBeenCalled();

    await userEvent.click(within(item).getByTestId('suggestion-accept'));
    expect(writes.replaceAssignments).toHaveBeenCalledWith(
      'c',
      [
        expect.objectContaining({
          driverId: 'd1',
          vehicleId: 'v1',
          // The home-zone days of the first and last matching snapshots, whole.
          fromMs: Date.UTC(2026, 0, 10, 6),
          toMs: Date.UTC(2026, 0, 12, 6),
          source: 'suggestion',
        }),
      ],
      [],
    );
  });

  it('an accepted suggestion that would overlap a kept assignment is refused with the sentence', async () => {
    found.rows = [suggestion];
    const kept: Assignment = {
      id: `v1|${Date.UTC(2026, 0, 11, 6)}`,
      carrierId: 'c',
      driverId: 'd9',
      vehicleId: 'v1',
      fromMs: Date.UTC(2026, 0, 11, 6),
      toMs: null,
      source: 'manual',
      createdAt: 1,
    };
    render(<SuggestionsPanel carrierId="c" zone={ZONE} names={names} kept={[kept]} vehicleIds={['v1']} />);
    await userEvent.click(await screen.findByTestId('suggestion-accept'));
    expect((await screen.findByTestId('suggestion-refused')).textContent).toContain('already has a driver assigned');
    expect(writes.replaceAssignments).not.toHaveBeenCalled();
  });

  it('says so when the snapshots suggest nothing', async () => {
    found.rows = [];
    render(<SuggestionsPanel carrierId="c" zone={ZONE} names={names} kept={[]} vehicleIds={['v1']} />);
    expect((await screen.findByTestId('suggestions-none')).textContent).toContain('No suggestion');
  });
});
