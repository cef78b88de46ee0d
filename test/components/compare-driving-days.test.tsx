import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CarrierFacts, DailyPoint } from '../../shared/compare/facts.ts';
import { SmallMultiples } from '../../renderer/src/features/compare/SmallMultiples.tsx';

afterEach(cleanup);

const point = (day: string, miles: number, drivingVehicles: number): DailyPoint => ({
  day,
  miles,
  events: 0,
  drivingVehicles,
  partial: false,
});

/** A carrier whose two trucks drive Monday, one Tuesday, and rest on Wednesday (0 miles: nobody drove). */
function facts(): CarrierFacts {
  return {
    carrierId: 'c1',
    label: 'Carrier One',
    daily: [point('2026-03-02', 500, 2), point('2026-03-03', 300, 1), point('2026-03-04', 0, 0)],
    dailyZone: 'America/Chicago',
  } as CarrierFacts;
}

const chart = (measure: string) =>
  screen.getAllByTestId(`compare-chart-${measure}`).find((e) => e.getAttribute('data-carrier-id') === 'c1')!;

describe("Compare's per-day means over driving days only (issue 31, item 7)", () => {
  it('draws no 0 for the rest day on the per-truck line, and takes its mean over the driving days', () => {
    render(<SmallMultiples carriers={[facts()]} />);
    const perTruck = chart('perTruck');
    expect(JSON.parse(perTruck.getAttribute('data-daily')!)).toEqual([250, 300, null]);
    expect(Number(perTruck.getAttribute('data-mean'))).toBe(275);
    // The fleet's miles per day: the mean over the days someone drove, not over the rest day too.
    expect(Number(chart('miles').getAttribute('data-mean'))).toBe(400);
    expect(screen.getAllByText(/mean per driving day 400/)).toHaveLength(1);
    expect(screen.getByText(/Miles per driving truck, per day \(rest days left out, not 0\)/)).toBeTruthy();
  });
});
