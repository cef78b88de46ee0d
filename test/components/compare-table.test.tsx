import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { compareFacts } from '../../shared/compare/compare.ts';
import type { CarrierData, VehicleDay } from '../../shared/compare/facts.ts';
import { DEFAULT_COMPARE_PARAMS, resolveCompareParams, summaryParamsOf } from '../../shared/compare/params.ts';
import { summarizeDay } from '../../shared/track/summary.ts';
import { dayStartMs } from '../../shared/util/day.ts';
import { CompareTable } from '../../renderer/src/features/compare/CompareTable.tsx';
import { generateTrack, toDayChunks } from '../support/tracks.ts';

afterEach(cleanup);

const DAY = '2026-03-02';

/** One vehicle, one day: a drive of `minutes` at `mph`, then a stop. Miles known by construction. */
function carrier(id: string, minutes: number, mph: number): CarrierData {
  const vehicleId = `${id}-veh`;
  const points = generateTrack(
    [
      { kind: 'drive', minutes, mph },
      { kind: 'stop', minutes: 20 },
    ],
    { startMs: dayStartMs(DAY) + 8 * 3_600_000, seed: minutes },
  );
  const [chunk] = toDayChunks(vehicleId, points);
  const days: VehicleDay[] = [
    { vehicleId, day: DAY, chunk: chunk!, summary: summarizeDay(chunk!, summaryParamsOf(DEFAULT_COMPARE_PARAMS)) },
  ];
  return {
    carrierId: id,
    label: `Carrier ${id.toUpperCase()}`,
    roster: [{ vehicleId, number: `${id.toUpperCase()}-1` }],
    days,
    driverSnapshots: [],
  };
}

const row = (metric: string) =>
  screen.getAllByTestId('compare-row').find((r) => r.getAttribute('data-metric') === metric)!;
const cells = (metric: string) => within(row(metric)).getAllByTestId('compare-cell');

describe('CompareTable', () => {
  // A: 60 min at 60 mph = 60 mi, no speeding. B: 120 min at 75 mph = 150 mi, all of it over 70 mph.
  const facts = () =>
    compareFacts([carrier('a', 60, 60), carrier('b', 120, 75)], { from: DAY, to: DAY }, resolveCompareParams());

  it('marks the better carrier “▲ best” and the other “▼ worst” in words, by each metric’s direction', () => {
    render(<CompareTable carriers={facts().carriers} trips />);
    expect(screen.getAllByTestId('compare-carrier').map((h) => h.textContent)).toEqual(['Carrier A', 'Carrier B']);
    // Exposure is how much a carrier drives, not how well: B drove more, and neither is marked.
    const miles = cells('miles-per-vehicle-day');
    expect(Number(miles[0]!.getAttribute('data-value'))).toBeCloseTo(60, 6);
    expect(Number(miles[1]!.getAttribute('data-value'))).toBeCloseTo(150, 6);
    expect(miles.map((c) => c.getAttribute('data-mark'))).toEqual(['', '']);
    expect(within(row('miles-per-vehicle-day')).queryByLabelText(/best|worst/)).toBeNull();
    // Lower is better: A never sped.
    const speeding = cells('speeding-per-1000mi');
    expect(speeding.map((c) => c.getAttribute('data-mark'))).toEqual(['best', 'worst']);
    expect(speeding[0]!.getAttribute('data-value')).toBe('0');
    expect(within(speeding[0]!).getByLabelText('best').textContent).toContain('▲ best');
    expect(within(speeding[1]!).getByLabelText('worst').textContent).toContain('▼ worst');
  });

  it('a neutral metric and equal values take no mark; trip lengths say they are being analysed until ready', () => {
    const { carriers } = facts();
    const { rerender } = render(<CompareTable carriers={carriers} trips={false} />);
    for (const metric of ['active-vehicles', 'coverage-days']) {
      expect(cells(metric).map((c) => c.getAttribute('data-mark'))).toEqual(['', '']);
      expect(within(row(metric)).queryByLabelText(/best|worst/)).toBeNull();
    }
    expect(row('avg-trip-miles').getAttribute('data-pending')).toBe('true');
    expect(cells('avg-trip-miles').map((c) => c.textContent)).toEqual(['…analysing trips', '…analysing trips']);
    rerender(<CompareTable carriers={carriers} trips />);
    expect(row('avg-trip-miles').getAttribute('data-pending')).toBeNull();
  });
});
