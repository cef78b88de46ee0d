import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import type { DriverRow } from '../../shared/domain/carrier.ts';
import type { Assignment, DriverStatusSample } from '../../shared/drivers/types.ts';
import { createZoneFormatter } from '../../shared/time/zone.ts';
import { generateTrack, toDayChunks, type Leg } from '../support/tracks.ts';

const H = 3_600_000;
const at = (hour: number, minute = 0) => Date.UTC(2026, 10, 20, hour, minute);
const stored = vi.hoisted(() => ({
  samples: [] as DriverStatusSample[],
  assignments: [] as Assignment[],
}));
// The store is not there in a test document: the kept snapshots, assignments and roster are given here.
vi.mock('../../renderer/src/store/assignments.ts', () => ({
  driverSamples: (_c: string, fromMs: number, toMs: number) =>
    Promise.resolve(stored.samples.filter((s) => s.takenAt >= fromMs && s.takenAt <= toMs)),
  assignmentsOfCarrier: () => Promise.resolve(stored.assignments),
}));
vi.mock('../../renderer/src/store/snapshots.ts', () => ({
  loadRoster: (_c: string, kind: string) =>
    Promise.resolve(
      kind === 'drivers'
        ? {
            rows: [
              {
                driverId: 'd1',
                username: 'cyoung',
                firstName: 'Casey',
                lastName: 'Young',
                active: true,
                hos: null,
              } satisfies DriverRow,
            ],
          }
        : { rows: [] },
    ),
}));

// Dexie's live queries need IndexedDB: here a query runs once per change of what it depends on.
vi.mock('../../renderer/src/store/hooks.ts', async () => {
  const { useEffect, useState } = await import('react');
  return {
    useLive<T>(query: () => Promise<T>, deps: readonly unknown[]): T | undefined {
      const [value, setValue] = useState<T>();
      useEffect(() => void query().then(setValue), deps);
      return value;
    },
  };
});

const { ReviewHosConflictsProvider } = await import('../../renderer/src/features/drivers/ReviewHosConflicts.tsx');
const { ReviewLists } = await import('../../renderer/src/features/review/ReviewLists.tsx');
const { PlaybackStore } = await import('../../renderer/src/features/review/playback-store.ts');

afterEach(cleanup);

const sample = (takenAt: number, over: Partial<DriverStatusSample> = {}): DriverStatusSample => ({
  driverId: 'd1',
  takenAt,
  status: 'DS_D',
  driveMs: 0,
  shiftMs: 2 * H,
  cycleMs: 30 * H,
  breakMs: 4 * H,
  ...over,
});

const TWO_TRIPS: Leg[] = [
  { kind: 'drive', minutes: 60, mph: 60 },
  { kind: 'stop', minutes: 30 },
  { kind: 'drive', minutes: 60, mph: 60 },
  { kind: 'stop', minutes: 30 },
];

/**
 * Two one-hour trips at 60 mph (08:00 and 09:30 UTC, a 30-minute stop between), T-101 with cyoung as its
 * regular driver. Snapshots: 08:30 with 5 h of drive left (no conflict), 09:15 at 0:00 and Driving by the ELD while the truck is parked (no
 * conflict), 09:50 at 0:00 while driving (the conflict, in trip 2), 10:00 at 0:00 on personal conveyance (none).
 */
function renderLists(legs: Leg[] = TWO_TRIPS, samples?: DriverStatusSample[]) {
  stored.assignments = [
    {
      id: 'v1|regular',
      carrierId: 'c',
      driverId: 'd1',
      vehicleId: 'v1',
      fromMs: null,
      toMs: null,
      source: 'import',
      createdAt: 1,
    },
  ];
  stored.samples = samples ?? [
    sample(at(8, 30), { driveMs: 5 * H }),
    sample(at(9, 15)),
    sample(at(9, 50)),
    sample(at(10, 0), { status: 'DR_IND_PC' }),
  ];
  const points = generateTrack(legs, { startMs: at(8), vehicleNumber: 'T-101' });
  const chunks = toDayChunks('v1', points);
  const analysis = analyzeTrack(chunks);
  render(
    <ReviewHosConflictsProvider carrierId="c" vehicleId="v1" vehicleNumber="T-101" zone="UTC" chunks={chunks}>
      <ReviewLists analysis={analysis} fmt={createZoneFormatter('UTC')} store={new PlaybackStore()} thresholdMph={70} />
    </ReviewHosConflictsProvider>,
  );
  return analysis;
}

describe('Probable HOS conflicts in Trip review', () => {
  it('shows the moving snapshot at zero on the trip it falls in, worded as probable with its time and values', async () => {
    const analysis = renderLists();
    expect(analysis.trips).toHaveLength(2);
    const line = await screen.findByTestId('trip-hos-conflict');
    const tripRows = screen.getAllByTestId('trip-row');
    expect(tripRows[1]!.closest('li')!.contains(line)).toBe(true);
    expect(tripRows[0]!.closest('li')!.contains(line)).toBe(false);
    expect(line.textContent).toBe(
      "Probable HOS conflict: cyoung's ELD showed 0:00 drive time left at 09:50 while T-101 was moving",
    );
    expect(screen.getAllByTestId('trip-hos-conflict')).toHaveLength(1);
  });

  it('lists a "Probable HOS conflict" row in the events, naming its trip; none under a kind filter', async () => {
    const user = userEvent.setup();
    const analysis = renderLists();
    await user.click(screen.getByTestId('tab-events'));
    const row = await screen.findByTestId('hos-conflict-row');
    expect(screen.getAllByTestId('hos-conflict-row')).toHaveLength(1);
    expect(Number(row.getAttribute('data-at-ms'))).toBe(at(9, 50));
    expect(Number(row.getAttribute('data-trip-start-ms'))).toBe(analysis.trips[1]!.startMs);
    expect(within(row).getByText('Probable HOS conflict')).toBeTruthy();
    expect(row.textContent).toContain('during Trip 2');
    expect(row.textContent).toContain('not a violation');
    await user.selectOptions(screen.getByTestId('event-kind'), 'speeding');
    expect(screen.queryByTestId('hos-conflict-row')).toBeNull();
  });

  it('judges a snapshot taken just after the last stored reading of a truck still driving (a download ending now)', async () => {
    // Readings 08:00 to 08:59 while driving; the snapshot at 09:00:30, after the last of them.
    const analysis = renderLists([{ kind: 'drive', minutes: 60, mph: 60 }], [sample(at(9, 0) + 30_000)]);
    expect(analysis.trips).toHaveLength(1);
    expect(analysis.trips[0]!.endMs).toBeLessThan(at(9, 0) + 30_000);
    const line = await screen.findByTestId('trip-hos-conflict');
    expect(line.textContent).toContain('0:00 drive time left at 09:00 while T-101 was moving');
  });
});
