import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { summarizeDay } from '../../shared/track/summary.ts';
import { createZoneFormatter } from '../../shared/time/zone.ts';
import { DayTable } from '../../renderer/src/features/review/DayTable.tsx';
import { PlaybackStore } from '../../renderer/src/features/review/playback-store.ts';
import { ReviewLists } from '../../renderer/src/features/review/ReviewLists.tsx';
import { generateTrack, toDayChunks, type Leg } from '../support/tracks.ts';

afterEach(cleanup);

/** Three trips on two days, a minute a reading: 30 mi at 60 (Tulsa), 80 mi at 80 (Joplin, speeding), 45 mi at 45 (Tulsa). */
const PLACES = ['in Tulsa, OK', '3 mi E of Joplin, MO', 'in Tulsa, OK'];
function build() {
  const trip = (minutes: number, mph: number): Leg[] => [
    { kind: 'drive', minutes, mph },
    { kind: 'stop', minutes: 30 },
  ];
  const day1 = generateTrack([...trip(30, 60), ...trip(60, 80)], {
    startMs: Date.UTC(2026, 5, 1, 8),
    location: (k) => (k < 36 ? PLACES[0]! : PLACES[1]!),
  });
  const day2 = generateTrack(trip(60, 45), { startMs: Date.UTC(2026, 5, 2, 8), location: () => PLACES[2]! });
  const chunks = toDayChunks('v1', [...day1, ...day2]);
  return { analysis: analyzeTrack(chunks), summaries: chunks.map((c) => summarizeDay(c)) };
}

const miles = () => screen.queryAllByTestId('trip-row').map((r) => Number(r.getAttribute('data-miles')));
const headerOf = (id: string) => screen.getByTestId(id).closest('th')!;

describe('ReviewLists controls', () => {
  it('sorts trips by a clicked column (biggest first, then reversed) and says so with aria-sort', async () => {
    const user = userEvent.setup();
    const { analysis } = build();
    render(
      <ReviewLists
        analysis={analysis}
        fmt={createZoneFormatter('UTC')}
        store={new PlaybackStore()}
        thresholdMph={70}
      />,
    );
    expect(miles()).toEqual([30, 80, 45]);
    expect(headerOf('list-sort-time').getAttribute('aria-sort')).toBe('ascending');
    await user.click(screen.getByTestId('list-sort-distance'));
    expect(miles()).toEqual([80, 45, 30]);
    expect(headerOf('list-sort-distance').getAttribute('aria-sort')).toBe('descending');
    expect(headerOf('list-sort-time').getAttribute('aria-sort')).toBe('none');
    await user.click(screen.getByTestId('list-sort-distance'));
    expect(miles()).toEqual([30, 45, 80]);
    expect(headerOf('list-sort-distance').getAttribute('aria-sort')).toBe('ascending');
    // Trip numbers stay chronological; the speeding trip says its one event.
    expect(screen.getAllByTestId('trip-row')[2]!.textContent).toMatch(/^Trip 2 · 80\.0 mi · 1 h 00 min · 1 event/);
    expect(screen.getAllByTestId('trip-events')).toHaveLength(1);
  });

  it('searches by place and says how many match; Worst first puts the speeding trip on top and toggles off', async () => {
    const user = userEvent.setup();
    const { analysis } = build();
    render(
      <ReviewLists
        analysis={analysis}
        fmt={createZoneFormatter('UTC')}
        store={new PlaybackStore()}
        thresholdMph={70}
      />,
    );
    await user.type(screen.getByTestId('list-search'), 'tulsa');
    expect(miles()).toEqual([30, 45]);
    expect(screen.getByTestId('list-count').textContent).toBe('2 of 3 trips match “tulsa”');
    await user.clear(screen.getByTestId('list-search'));
    await user.type(screen.getByTestId('list-search'), 'nowhere');
    expect(within(screen.getByTestId('trip-list')).getByText('No trip matches this search.')).toBeTruthy();
    await user.clear(screen.getByTestId('list-search'));
    const worst = screen.getByTestId('list-worst');
    await user.click(worst);
    expect(worst.getAttribute('aria-pressed')).toBe('true');
    expect(miles()[0]).toBe(80);
    await user.click(worst);
    expect(worst.getAttribute('aria-pressed')).toBe('false');
    expect(miles()).toEqual([30, 80, 45]);
  });
});

describe('DayTable', () => {
  it('lists the days with their figures and opens the one clicked', async () => {
    const user = userEvent.setup();
    const { analysis, summaries } = build();
    const onOpenDay = vi.fn();
    render(<DayTable summaries={summaries} events={analysis.events} zone="UTC" onOpenDay={onOpenDay} />);
    const rows = screen.getAllByTestId('day-row');
    expect(
      rows.map((r) => [r.getAttribute('data-day'), r.getAttribute('data-miles'), r.getAttribute('data-speeding')]),
    ).toEqual([
      ['2026-06-01', '110.0', '1'],
      ['2026-06-02', '45.0', '0'],
    ]);
    expect(rows[0]!.textContent).toContain('Mon 2026-06-01');
    await user.click(within(rows[1]!).getByTestId('day-open'));
    expect(onOpenDay).toHaveBeenCalledExactlyOnceWith('2026-06-02');
  });
});
