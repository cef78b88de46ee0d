/**
 * Trip review keeps one page and one map across visits (App.tsx passes the visit counter, not a key): a new
 * visit opens its place's selection, event focus and Back afresh, nothing of the last visit's focus or brushed
 * window leaks, the page's own address updates are no visit, and the map component is mounted once. The
 * page's parts are stand-ins that show what the page hands them; its data comes from a fake load per selection.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect, useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import { adjustableOf, DEFAULT_OVER_LIMIT_PREFERENCES } from '../../shared/analysis/adjustable.ts';
import { EMPTY_SKIP } from '../../shared/playback/skip.ts';
import type { ReviewPlace } from '../../renderer/src/features/layout/navigation.ts';
import type { SelectionValue } from '../../renderer/src/features/review/Selection.tsx';
import type { Loaded, LoadState } from '../../renderer/src/features/review/use-review-data.ts';
import { ReviewPage } from '../../renderer/src/features/review/ReviewPage.tsx';

const DAY_MS = 86_400_000;
const mapMounts = { count: 0 };
const chartMounts = { count: 0 };
/** One load per selection, kept: a selection opened again is the same object (as KeptLoads hands back). */
const loads = new Map<string, Loaded>();

function loadedOf(sel: SelectionValue): Loaded {
  const key = `${sel.vehicleId}:${sel.day}`;
  const start = Date.parse(`${sel.day}T00:00:00Z`);
  const end = start + DAY_MS - 1;
  const made = {
    key,
    from: sel.day,
    to: sel.day,
    zone: 'UTC',
    chunks: [],
    clean: [],
    outliers: [],
    routes: null,
    track: { t: [start, end], length: 2 },
    params: DEFAULT_ANALYSIS_PARAMS,
    analysis: { stops: [], events: [] },
    overview: { fromMs: start, toMs: end, limits: null },
    summaries: [],
    idleSkip: EMPTY_SKIP,
    startedAt: 0,
  } as unknown as Loaded;
  if (!loads.has(key)) loads.set(key, made);
  return loads.get(key)!;
}

/** Selections (`vehicle:day`) whose load has not answered yet: the page sees them loading. */
const loading = new Set<string>();

vi.mock('../../renderer/src/features/review/use-review-data.ts', () => ({
  useReviewData: (_client: unknown, sel: SelectionValue): LoadState =>
    loading.has(`${sel.vehicleId}:${sel.day}`)
      ? { state: 'loading', key: '' }
      : sel.vehicleId && sel.day
        ? { state: 'ready', data: loadedOf(sel) }
        : { state: 'idle' },
}));
vi.mock('../../renderer/src/features/review/ReviewMap.tsx', () => ({
  ReviewMap({ selectionKey, paused }: { selectionKey: string; paused?: boolean }) {
    useEffect(() => void mapMounts.count++, []);
    return <div data-testid="map" data-key={selectionKey} data-paused={String(Boolean(paused))} />;
  },
}));
vi.mock('../../renderer/src/features/review/ReviewCharts.tsx', () => ({
  ReviewCharts({ highlight, windowMs }: { highlight: { startMs: number } | null; windowMs: number[] | null }) {
    useEffect(() => void chartMounts.count++, []);
    return <div data-testid="charts" data-highlight={highlight?.startMs ?? ''} data-window={windowMs?.join('-')} />;
  },
}));
vi.mock('../../renderer/src/features/review/Selection.tsx', () => ({
  // Its children (the analysis settings, a drilled day's Back) sit in the toolbar, as the real one's do.
  Selection({ value, children }: { value: SelectionValue; children?: ReactNode }) {
    return (
      <div data-testid="sel" data-value={`${value.vehicleId} ${value.day} ${value.span}`}>
        {children}
      </div>
    );
  },
}));
vi.mock('../../renderer/src/features/review/review-page-helpers.ts', async (original) => ({
  ...(await original<object>()),
  useWidth: () => [{ current: null }, 600],
}));
vi.mock('../../renderer/src/features/review/use-review-preferences.ts', () => ({
  useReviewPreferences: () => ({
    zone: 'UTC',
    threshold: 65,
    adjustable: adjustableOf({ ...DEFAULT_ANALYSIS_PARAMS, ...DEFAULT_OVER_LIMIT_PREFERENCES }),
  }),
}));
vi.mock('../../renderer/src/features/review/analysis-client.ts', () => ({
  sharedAnalysisClient: () => ({ series: () => new Promise(() => undefined) }),
}));
vi.mock('../../renderer/src/app/app-state.tsx', () => ({ useAppState: () => ({ api: {} }) }));
vi.mock('../../renderer/src/store/hooks.ts', () => ({
  useLive<T>(query: () => Promise<T>, deps: readonly unknown[]) {
    const [value, setValue] = useState<T | undefined>(undefined);
    useEffect(() => void query().then(setValue), deps);
    return value;
  },
}));
vi.mock('../../renderer/src/store/reads.ts', () => ({
  storageRows: () => Promise.resolve([{ vehicleId: 'v1' }, { vehicleId: 'v2' }]),
}));
vi.mock('../../renderer/src/store/snapshots.ts', () => ({ loadRoster: () => Promise.resolve(undefined) }));
vi.mock('../../renderer/src/features/review/CoverageNote.tsx', () => ({
  useLocalCoverage: () => undefined,
  CoverageNote: () => null,
}));
vi.mock('../../renderer/src/features/review/use-zoom-figures.ts', () => ({
  useZoomFigures: () => ({ days: [], zoomed: null }),
}));
const { Nothing, Through } = vi.hoisted(() => ({
  Nothing: () => null,
  Through: ({ children }: { children: ReactNode }) => children,
}));
vi.mock('../../renderer/src/features/review/TotalsStrip.tsx', () => ({ TotalsStrip: Nothing }));
vi.mock('../../renderer/src/features/review/ExportMenu.tsx', () => ({ ExportMenu: Nothing }));
vi.mock('../../renderer/src/features/review/AuditBundleButton.tsx', () => ({ AuditBundleButton: Nothing }));
vi.mock('../../renderer/src/features/review/RejectedNote.tsx', () => ({ RejectedNote: Nothing }));
vi.mock('../../renderer/src/features/review/AnalysisSettings.tsx', () => ({ AnalysisSettings: Nothing }));
vi.mock('../../renderer/src/features/review/TrailedReviewLists.tsx', () => ({ TrailedReviewLists: Nothing }));
vi.mock('../../renderer/src/features/review/DayTable.tsx', () => ({ DayTable: Nothing }));
vi.mock('../../renderer/src/features/review/PlaybackBar.tsx', () => ({ PlaybackBar: Nothing, NowPanel: Nothing }));
vi.mock('../../renderer/src/features/drivers/ReviewDrivers.tsx', () => ({ ReviewDriversProvider: Through }));
vi.mock('../../renderer/src/features/drivers/ReviewHosConflicts.tsx', () => ({ ReviewHosConflictsProvider: Through }));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  loading.clear();
  loads.clear();
  mapMounts.count = 0;
  chartMounts.count = 0;
});

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);
const HOUR = 3_600_000;
/** An hour-long event at noon of a day. */
const eventOn = (day: string) => ({ startMs: dayStart(day) + 12 * HOUR, endMs: dayStart(day) + 13 * HOUR });
const wholeDay = (day: string) => `${dayStart(day)}-${dayStart(day) + DAY_MS - 1}`;

function page(visit: number, place: ReviewPlace, onPlace = vi.fn(), active = true) {
  return <ReviewPage carriers={[]} info={null} place={place} visit={visit} onPlace={onPlace} active={active} />;
}

const selShown = () => screen.getByTestId('sel').dataset['value'];
const charts = () => screen.getByTestId('charts').dataset;

describe('Trip review visits on one page', () => {
  it('opens each visit afresh on the same map: its selection, focus and Back, none of the last visit’s', async () => {
    const first: ReviewPlace = { carrierId: 'c1', vehicleId: 'v1', day: '2026-11-10', span: 'day' };
    const view = render(page(0, { ...first, event: eventOn('2026-11-10') }));
    const mapNode = await screen.findByTestId('map');
    expect(selShown()).toBe('v1 2026-11-10 day');
    expect(charts()['highlight']).toBe(String(eventOn('2026-11-10').startMs));
    expect(screen.queryByTestId('review-back')).toBeNull();

    // Another vehicle and day with nothing asked: no focus, the whole day, no Back.
    view.rerender(page(1, { carrierId: 'c1', vehicleId: 'v2', day: '2026-11-12', span: 'day' }));
    expect(selShown()).toBe('v2 2026-11-12 day');
    expect(screen.getByTestId('map').dataset['key']).toBe('v2:2026-11-12');
    expect(charts()['highlight']).toBe('');
    expect(charts()['window']).toBe(wholeDay('2026-11-12'));
    expect(screen.queryByTestId('review-back')).toBeNull();

    // A day opened from a week's table: its event focused and a Back to the week.
    view.rerender(
      page(2, {
        carrierId: 'c1',
        vehicleId: 'v2',
        day: '2026-11-13',
        span: 'day',
        event: eventOn('2026-11-13'),
        back: { day: '2026-11-14', span: 'week' },
      }),
    );
    expect(selShown()).toBe('v2 2026-11-13 day');
    expect(charts()['highlight']).toBe(String(eventOn('2026-11-13').startMs));
    expect(screen.getByTestId('review-back')).toBeTruthy();

    // Back to the first place (its load kept, the same object): opened as asked, no focus nor window left over.
    view.rerender(page(3, first));
    expect(selShown()).toBe('v1 2026-11-10 day');
    expect(charts()['highlight']).toBe('');
    expect(charts()['window']).toBe(wholeDay('2026-11-10'));
    expect(screen.queryByTestId('review-back')).toBeNull();

    expect(mapMounts.count).toBe(1);
    expect(screen.getByTestId('map')).toBe(mapNode);
  });

  it('takes the page’s own address updates (same visit) as no new visit', async () => {
    const place: ReviewPlace = { carrierId: 'c1', vehicleId: 'v1', day: '2026-11-10', span: 'day' };
    const view = render(page(0, { ...place, event: eventOn('2026-11-10') }));
    await screen.findByTestId('map');
    // App replaces the address with what the page reported (no event): the same visit keeps its focus.
    await act(async () => view.rerender(page(0, place)));
    expect(charts()['highlight']).toBe(String(eventOn('2026-11-10').startMs));
    // The same place as a new visit drops it.
    await act(async () => view.rerender(page(1, place)));
    expect(charts()['highlight']).toBe('');
  });

  it('holds the map paused, its last lists and charts gone, when a visit from another screen opens another selection, until it loads (1 s at most)', async () => {
    const first: ReviewPlace = { carrierId: 'c1', vehicleId: 'v1', day: '2026-11-10', span: 'day' };
    const other: ReviewPlace = { carrierId: 'c1', vehicleId: 'v2', day: '2026-11-12', span: 'day' };
    const map = () => screen.getByTestId('map').dataset;
    const view = render(page(0, first));
    await screen.findByTestId('map');
    expect(map()['paused']).toBe('false');
    // Away (the inbox shows): paused, as always.
    view.rerender(page(0, first, vi.fn(), false));
    expect(map()['paused']).toBe('true');

    // Back with an event of another truck, still loading: the map stays paused and the last truck's charts go.
    loading.add('v2:2026-11-12');
    view.rerender(page(1, other));
    expect(map()['paused']).toBe('true');
    expect(map()['key']).toBe('v1:2026-11-10');
    expect(screen.queryByTestId('charts')).toBeNull();
    // Loaded: drawn at once, its charts with it.
    loading.delete('v2:2026-11-12');
    view.rerender(page(1, other));
    expect(map()['paused']).toBe('false');
    expect(map()['key']).toBe('v2:2026-11-12');
    expect(charts()['window']).toBe(wholeDay('2026-11-12'));

    // A visit from the page itself (a day of its table) finds the map live: nothing is held, the charts stay.
    loading.add('v2:2026-11-13');
    view.rerender(page(2, { ...other, day: '2026-11-13' }));
    expect(map()['paused']).toBe('false');
    expect(screen.queryByTestId('charts')).not.toBeNull();

    // Away and back to a load that does not answer: the map is shown live again after a second.
    vi.useFakeTimers();
    view.rerender(page(2, { ...other, day: '2026-11-13' }, vi.fn(), false));
    loading.add('v1:2026-11-10');
    view.rerender(page(3, first));
    expect(map()['paused']).toBe('true');
    act(() => vi.advanceTimersByTime(999));
    expect(map()['paused']).toBe('true');
    act(() => vi.advanceTimersByTime(1));
    expect(map()['paused']).toBe('false');
  });

  it('remounts the charts with a visit’s own selection, not while the last one stays on screen as it loads', async () => {
    const week: ReviewPlace = { carrierId: 'c1', vehicleId: 'v1', day: '2026-11-10', span: 'day' };
    const view = render(page(0, week));
    await screen.findByTestId('charts');
    expect(chartMounts.count).toBe(1);

    // A day of its table, still loading: the last selection's charts stay as they were, not mounted again.
    const day: ReviewPlace = { ...week, day: '2026-11-09', back: { day: '2026-11-10', span: 'week' } };
    loading.add('v1:2026-11-09');
    view.rerender(page(1, day));
    expect(screen.queryByTestId('charts')).not.toBeNull();
    expect(chartMounts.count).toBe(1);

    // Loaded: its charts are mounted afresh (a new visit's brush), on the day.
    loading.delete('v1:2026-11-09');
    view.rerender(page(1, day));
    expect(charts()['window']).toBe(wholeDay('2026-11-09'));
    expect(chartMounts.count).toBe(2);

    // The same selection as a new visit, ready at once (kept): mounted afresh too.
    view.rerender(page(2, day));
    expect(chartMounts.count).toBe(3);
  });
});
