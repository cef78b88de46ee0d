import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Assignment, DriverName, ProbableHosConflict } from '../../shared/drivers/types.ts';
import { eventKey, type InboxEvent } from '../../shared/inbox/events.ts';
import type { ReviewMark } from '../../shared/inbox/trail.ts';
import { parseCsv } from '../../shared/export/csv.ts';
import type { DriverRangeData } from '../../renderer/src/workers/driver-scorecards-protocol.ts';

const saved = vi.hoisted(() => ({ pieces: [] as string[], name: '' }));
const load = vi.hoisted(() => ({ current: null as unknown }));
// No worker, store or backend in a test document: the page's data, app state and save are given here.
vi.mock('../../renderer/src/features/drivers/use-driver-scorecards.ts', () => ({
  useDriverScorecards: () => load.current,
}));
vi.mock('../../renderer/src/app/app-state.tsx', () => ({
  useAppState: () => ({ api: {}, info: { saveMode: 'download' }, carriers: [{ id: 'c', label: 'Prairie Line' }] }),
}));
vi.mock('../../renderer/src/export/save.ts', () => ({
  savePieces: (_api: unknown, _mode: unknown, name: string, _format: unknown, pieces: string[]) => {
    saved.name = name;
    saved.pieces = [...pieces];
    return Promise.resolve({ kind: 'downloaded', name });
  },
}));

const { driverCardsOf } = await import('../../renderer/src/features/drivers/driver-scorecards-data.ts');
const { DriverScorecards } = await import('../../renderer/src/features/drivers/DriverScorecards.tsx');

afterEach(cleanup);

const H = 3_600_000;
const RANGE = { startMs: Date.UTC(2026, 10, 14), endMs: Date.UTC(2026, 10, 21) };
const at = (day: number, hour: number) => Date.UTC(2026, 10, day, hour);

const assignment = (over: Partial<Assignment>): Assignment => ({
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
const speeding = (vehicleId: string, startMs: number): InboxEvent => ({
  key: eventKey({ vehicleId, kind: 'speeding', startMs }),
  carrierId: 'c',
  vehicleId,
  vehicleNumber: vehicleId === 'v1' ? 'T-101' : 'T-102',
  kind: 'speeding',
  tier: null,
  startMs,
  endMs: startMs + 120_000,
  durationSeconds: 120,
  peakSpeedMph: 80,
  overLimitMph: 10,
  gapMiles: null,
  lat: 36,
  lng: -96,
  place: 'in Tulsa, OK',
  day: new Date(startMs).toISOString().slice(0, 10),
});
const mark = (e: InboxEvent, state: ReviewMark['state'], note: string): ReviewMark => ({
  key: e.key,
  vehicleId: e.vehicleId,
  kind: e.kind,
  startMs: e.startMs,
  endMs: e.endMs,
  state,
  note,
  reviewedAt: at(20, 9),
  reviewer: 'Dana',
  history: [],
});
const conflict: ProbableHosConflict = {
  carrierId: 'c',
  driverId: 'd2',
  vehicleId: 'v2',
  atMs: at(16, 10),
  clocks: ['drive'],
  driveMs: 0,
  shiftMs: 3 * H,
  cycleMs: 20 * H,
  breakMs: H,
};

/**
 * Constructed so every figure is known: T-101's regular driver psmith drove 100 mi with 2 speeding events this
 * week (20 per 1,000 mi) after 200 mi with 1 the week before (5): a rise. pjones has T-102 from 10 Nov: 50 mi,
 * 1 speeding, 1 probable conflict, nothing before (no trend). T-102's trip of 8 Nov and T-103's of 17 Nov have
 * nobody assigned: the Unassigned row, always last.
 */
function cards() {
  const first = speeding('v1', at(15, 9));
  const second = speeding('v1', at(15, 10));
  const data: DriverRangeData[] = [
    {
      carrierId: 'c',
      roadLimits: false,
      trips: [
        { vehicleId: 'v1', startMs: at(15, 8), endMs: at(15, 11), distanceMiles: 100, movingSeconds: 2 * 3600 },
        { vehicleId: 'v1', startMs: at(8, 8), endMs: at(8, 13), distanceMiles: 200, movingSeconds: 4 * 3600 },
        { vehicleId: 'v2', startMs: at(16, 8), endMs: at(16, 11), distanceMiles: 50, movingSeconds: 3600 },
        { vehicleId: 'v2', startMs: at(8, 8), endMs: at(8, 9), distanceMiles: 30, movingSeconds: 1800 },
        { vehicleId: 'v3', startMs: at(17, 8), endMs: at(17, 9), distanceMiles: 10, movingSeconds: 900 },
      ],
      events: [first, second, speeding('v1', at(8, 9)), speeding('v2', at(16, 9))],
      conflicts: [conflict],
    },
  ];
  const names = new Map<string, DriverName>([
    ['d1', { driverId: 'd1', username: 'psmith', firstName: 'Pat', lastName: 'Smith' }],
    ['d2', { driverId: 'd2', username: 'pjones', firstName: 'Pat', lastName: 'Jones' }],
  ]);
  return driverCardsOf(data, [
    {
      carrierId: 'c',
      range: RANGE,
      assignments: [
        assignment({}),
        assignment({ id: `v2|${at(10, 0)}`, driverId: 'd2', vehicleId: 'v2', fromMs: at(10, 0) }),
      ],
      marks: [mark(first, 'needs-coaching', 'Talk about the I-44 stretch'), mark(second, 'coached', 'Discussed')],
      names,
    },
  ]);
}

const rowUsernames = () => screen.getAllByTestId('driver-scorecard-row').map((r) => r.getAttribute('data-username'));
const rowOf = (username: string) =>
  screen.getAllByTestId('driver-scorecard-row').find((r) => r.getAttribute('data-username') === username)!;

function renderPage() {
  load.current = { state: 'ready', cards: cards() };
  return render(
    <DriverScorecards
      from="2026-11-14"
      to="2026-11-20"
      carriers={[{ carrierId: 'c', zone: 'UTC' }]}
      params={{} as never}
      onClose={() => undefined}
    />,
  );
}

describe('Driver scorecards', () => {
  it('credits trips and events to the driver at their start, with a trend only where the driver had a range before', () => {
    renderPage();
    const smith = rowOf('psmith');
    expect(within(smith).getByTestId('driver-cell-miles').textContent).toMatch(/^100\.0/);
    expect(within(smith).getByTestId('driver-cell-speeding-per-1000').textContent).toMatch(/^20\.00/);
    expect(within(smith).getByTestId('driver-trend-speeding-per-1000').getAttribute('data-trend')).toBe('up');
    expect(within(smith).getByTestId('driver-trend-miles').getAttribute('data-trend')).toBe('down');
    expect(within(smith).getByTestId('driver-cell-reviewed').textContent).toMatch(/^2/);
    expect(within(smith).getByTestId('driver-cell-coached').textContent).toMatch(/^1/);
    const jones = rowOf('pjones');
    expect(within(jones).getByTestId('driver-cell-hos-conflicts').textContent).toBe('1');
    expect(within(jones).queryByTestId('driver-trend-hos-conflicts')).toBeNull();
    expect(within(rowOf('')).getByTestId('driver-cell-miles').textContent).toMatch(/^10\.0/);
  });

  it('sorts by a clicked column, biggest first then reversed, the unassigned row always last', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(rowUsernames()).toEqual(['pjones', 'psmith', '']);
    await user.click(screen.getByTestId('driver-sort-miles'));
    expect(rowUsernames()).toEqual(['psmith', 'pjones', '']);
    expect(screen.getByTestId('driver-sort-miles').closest('th')!.getAttribute('aria-sort')).toBe('descending');
    await user.click(screen.getByTestId('driver-sort-miles'));
    expect(rowUsernames()).toEqual(['pjones', 'psmith', '']);
    await user.click(screen.getByTestId('driver-sort-coached'));
    expect(rowUsernames()).toEqual(['psmith', 'pjones', '']);
  });

  it('exports the CSV in the order shown, with the range before beside each figure', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByTestId('driver-sort-miles'));
    await user.click(screen.getByTestId('driver-scorecards-export'));
    expect(saved.name).toBe('routelens-driver-scorecards-2026-11-14-to-2026-11-20.csv');
    const [header, ...rows] = parseCsv(saved.pieces.join(''));
    const col = (name: string) => header!.indexOf(name);
    expect(rows.map((r) => r[col('driver_username')])).toEqual(['psmith', 'pjones', '']);
    expect(rows[0]![col('speeding_per_1000_mi')]).toBe('20.00');
    expect(rows[0]![col('previous_speeding_per_1000_mi')]).toBe('5.00');
    expect(rows[1]![col('probable_hos_conflicts')]).toBe('1');
    expect(rows[2]![col('driver_name')]).toBe('Unassigned');
  });

  it('prints one page per driver (none for Unassigned) with their events needing coaching and the notes', () => {
    renderPage();
    const pages = screen.getAllByTestId('driver-print-page');
    expect(pages.map((p) => p.getAttribute('data-username'))).toEqual(['pjones', 'psmith']);
    const smith = pages[1]!;
    expect(smith.textContent).toContain('Pat Smith');
    expect(smith.textContent).toContain('2026-11-14 to 2026-11-20');
    expect(smith.textContent).toContain('Events to coach (1)');
    expect(smith.textContent).toContain('Note: Talk about the I-44 stretch');
    expect(smith.textContent).not.toContain('Discussed');
    expect(pages[0]!.textContent).toContain('Events to coach (0)');
  });
});
