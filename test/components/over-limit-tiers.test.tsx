import { cleanup, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import type { TrackAnalysis } from '../../shared/analysis/types.ts';
import { compareFacts } from '../../shared/compare/compare.ts';
import type { CarrierData } from '../../shared/compare/facts.ts';
import { resolveCompareParams, summaryParamsOf } from '../../shared/compare/params.ts';
import { scorecard } from '../../shared/inbox/scorecards.ts';
import { summarizeDay } from '../../shared/track/summary.ts';
import { dayStartMs } from '../../shared/util/day.ts';
import { CompareTable } from '../../renderer/src/features/compare/CompareTable.tsx';
import { WorstEvents } from '../../renderer/src/features/compare/WorstEvents.tsx';
import { InboxFilters } from '../../renderer/src/features/inbox/InboxFilters.tsx';
import { DEFAULT_QUERY } from '../../renderer/src/features/inbox/inbox-query.ts';
import { Scorecards } from '../../renderer/src/features/inbox/Scorecards.tsx';
import { useInboxView } from '../../renderer/src/features/inbox/use-inbox-view.ts';
import type { InboxEvent } from '../../shared/inbox/events.ts';
import type { RoadLimits } from '../../shared/analysis/over-limit-events.ts';
import { createRoadIndex } from '../../shared/roads/road-index.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import { generateTrack, toDayChunks } from '../support/tracks.ts';

afterEach(cleanup);

const DAY = '2026-03-02';
const params = resolveCompareParams();

/** One road posted at `limitMph` through every third reading of the day: the truck is on it throughout. */
function roadsAlong(chunks: readonly DayChunk[], limitMph: number): RoadLimits {
  const c = chunks[0]!;
  const line: number[] = [];
  for (let i = 0; i < c.length; i += 3) line.push(c.lat[i]!, c.lng[i]!);
  const way = {
    wayId: 1000,
    highway: 'primary',
    name: 'Route 1',
    ref: '',
    oneway: 0 as const,
    forwardMph: limitMph,
    backwardMph: limitMph,
    source: 'posted' as const,
    limitText: `${limitMph} mph`,
    conditional: '',
  };
  return { index: createRoadIndex([way], [line]) };
}

/** One truck on a road posted 50 mph: 10 min at 72 (22 over, severe) between stretches at 55 (within tolerance). */
function carrier(): CarrierData {
  const points = generateTrack(
    [
      { kind: 'drive', minutes: 20, mph: 55 },
      { kind: 'drive', minutes: 10, mph: 72 },
      { kind: 'drive', minutes: 20, mph: 55 },
      { kind: 'stop', minutes: 20 },
    ],
    { startMs: dayStartMs(DAY) + 8 * 3_600_000, vehicleNumber: 'A-1' },
  );
  const chunks = toDayChunks('a-veh', points);
  return {
    carrierId: 'a',
    label: 'Carrier A',
    roster: [{ vehicleId: 'a-veh', number: 'A-1' }],
    days: chunks.map((chunk) => ({
      vehicleId: 'a-veh',
      day: DAY,
      chunk,
      summary: summarizeDay(chunk, summaryParamsOf(params)),
    })),
    driverSnapshots: [],
  };
}

const row = (metric: string) =>
  screen.getAllByTestId('compare-row').find((r) => r.getAttribute('data-metric') === metric)!;
const cellOf = (metric: string) => within(row(metric)).getByTestId('compare-cell');

describe('Compare: over-the-limit rows and worst events', () => {
  const c = carrier();
  const range = { from: DAY, to: DAY };

  it('with road limits: a rate per tier once the trip analysis is in, pending before it', () => {
    const judged = compareFacts(
      [c],
      range,
      params,
      analyzeTrack,
      roadsAlong(
        c.days.map((d) => d.chunk!),
        50,
      ),
    );
    const { rerender } = render(<CompareTable carriers={compareFacts([c], range, params).carriers} trips={false} />);
    expect(row('over-limit-severe-per-1000mi').getAttribute('data-pending')).toBe('true');
    rerender(<CompareTable carriers={judged.carriers} trips />);
    const severe = cellOf('over-limit-severe-per-1000mi');
    expect(Number(severe.getAttribute('data-value'))).toBeCloseTo(1000 / judged.carriers[0]!.miles, 9);
    expect(severe.textContent).toContain('1 events');
    expect(cellOf('over-limit-light-per-1000mi').getAttribute('data-value')).toBe('0');
  });

  it('without road limits: "—" and why, in every over-the-limit row', () => {
    render(<CompareTable carriers={compareFacts([c], range, params, analyzeTrack).carriers} trips />);
    for (const id of ['over-limit-per-1000mi', 'over-limit-heavy-per-1000mi', 'over-limit-time-share']) {
      expect(cellOf(id).getAttribute('data-value'), id).toBe('');
      expect(cellOf(id).textContent, id).toBe('—no road limits applied');
    }
  });

  it('lists the worst over-the-limit events by tier with the limit and its source; none when not judged', () => {
    const judged = compareFacts(
      [c],
      range,
      params,
      analyzeTrack,
      roadsAlong(
        c.days.map((d) => d.chunk!),
        50,
      ),
    );
    const open = vi.fn();
    const { rerender } = render(<WorstEvents carriers={judged.carriers} onOpenReview={open} />);
    const items = screen.getAllByTestId('compare-worst-over-limit');
    expect(items.map((li) => li.getAttribute('data-tier'))).toEqual(['severe']);
    expect(items[0]!.textContent).toContain('severe: 22 over the 50 mph posted limit');
    fireEvent.click(within(items[0]!).getByRole('button'));
    expect(open).toHaveBeenCalledWith(expect.objectContaining({ vehicleId: 'a-veh', day: DAY }));
    rerender(<WorstEvents carriers={compareFacts([c], range, params, analyzeTrack).carriers} />);
    expect(screen.queryAllByTestId('compare-worst-over-limit')).toEqual([]);
  });
});

describe('inbox: scorecards and the tier filter', () => {
  const analysis = (tiers: string[]) =>
    ({
      totals: { distanceMiles: 1500, movingSeconds: 36_000, outliers: 0 },
      events: tiers.map((tier, k) => ({
        kind: 'over-limit',
        tier,
        startMs: Date.UTC(2026, 2, 2, 12) + k,
        durationSeconds: 60,
      })),
    }) as unknown as TrackAnalysis;
  const card = (n: string, tiers: string[], roadLimits: boolean) =>
    scorecard(
      {
        carrierId: 'c',
        vehicleId: n,
        vehicleNumber: n,
        zone: 'UTC',
        analysis: analysis(tiers),
        daysWithData: 1,
        roadLimits,
      },
      [DAY],
    );

  it('shows each tier per 1,000 mi, "—" for a vehicle not judged, and ranks by the chosen tier', () => {
    const cards = [
      card('T-1', ['heavy'], true),
      card('T-2', ['heavy', 'heavy', 'heavy'], true),
      card('T-3', [], false),
    ];
    const onMetric = vi.fn();
    render(
      <Scorecards
        cards={cards}
        metric="heavyPer1000Mi"
        onMetric={onMetric}
        carriers={[]}
        showCarrier={false}
        onOpenVehicle={() => {}}
      />,
    );
    const rows = screen.getAllByTestId('scorecard-row');
    expect(rows.map((r) => r.getAttribute('data-vehicle-id'))).toEqual(['T-2', 'T-1', 'T-3']);
    expect(within(rows[0]!).getByTestId('scorecard-tier-heavy').textContent).toBe('2.00');
    expect(within(rows[2]!).getByTestId('scorecard-tier-heavy').textContent).toBe('—');
    fireEvent.change(screen.getByTestId('scorecard-metric'), { target: { value: 'severePer1000Mi' } });
    expect(onMetric).toHaveBeenCalledWith('severePer1000Mi');
  });

  it('tier chips toggle a tier out of the query and back, in tier order, with their counts', () => {
    const onChange = vi.fn();
    const counts = { speeding: 0, 'over-limit': 5, 'long-stop': 0, gap: 0 };
    const tierCounts = { light: 1, moderate: 0, heavy: 3, severe: 1 };
    const q = { ...DEFAULT_QUERY, tiers: ['light' as const, 'severe' as const] };
    render(
      <InboxFilters
        q={q}
        onChange={onChange}
        counts={counts}
        tierCounts={tierCounts}
        vehicles={[]}
        carrierLabel={(id) => id}
      />,
    );
    expect(screen.getByTestId('inbox-tier-heavy').getAttribute('data-count')).toBe('3');
    expect(screen.getByTestId('inbox-tier-heavy').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByTestId('inbox-tier-heavy'));
    expect(onChange).toHaveBeenLastCalledWith({ tiers: ['light', 'heavy', 'severe'] });
    fireEvent.click(screen.getByTestId('inbox-tier-severe'));
    expect(onChange).toHaveBeenLastCalledWith({ tiers: ['light'] });
  });
});

describe('the inbox view with tiers', () => {
  const ev = (
    startMs: number,
    kind: InboxEvent['kind'],
    tier: InboxEvent['tier'],
    overLimitMph: number,
  ): InboxEvent => ({
    key: `v1|${kind}|${startMs}`,
    carrierId: 'c1',
    vehicleId: 'v1',
    vehicleNumber: 'T-1',
    kind,
    tier,
    startMs,
    endMs: startMs + 60_000,
    durationSeconds: 60,
    peakSpeedMph: null,
    overLimitMph,
    gapMiles: null,
    lat: 40,
    lng: -90,
    place: '',
    day: DAY,
  });
  const events = [
    ev(1, 'over-limit', 'light', 7),
    ev(2, 'speeding', null, 12),
    ev(3, 'over-limit', 'severe', 23),
    ev(4, 'over-limit', 'light', 8),
  ];

  it('lists the ticked tiers only, severe first; a kind counts its ticked tiers, a tier counts whatever is ticked', () => {
    const { result, rerender } = renderHook(({ q }) => useInboxView(events, [], q), {
      initialProps: { q: DEFAULT_QUERY },
    });
    expect(result.current.rows.map((r) => (r.type === 'event' ? r.event.startMs : null))).toEqual([3, 4, 1, 2]);
    rerender({ q: { ...DEFAULT_QUERY, tiers: ['severe'] } });
    expect(result.current.rows.map((r) => (r.type === 'event' ? r.event.startMs : null))).toEqual([3, 2]);
    expect(result.current.counts['over-limit']).toBe(1);
    expect(result.current.tierCounts).toEqual({ light: 2, moderate: 0, heavy: 0, severe: 1 });
  });
});
