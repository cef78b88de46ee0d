// Over 300 lines: one fake store and worker serve every rule of a load's order, cancelling and stamp.
/**
 * The order and the cancelling of a Trip review load (use-review-data.ts) over a fake store and a fake
 * analysis worker: a left selection stops reading its days and its worker call is cancelled, the last
 * selection still resolves; the route is published before the road limits are ready, and the analysis is
 * asked with the limits that became ready (never others); a visit opening a selection just loaded shows it
 * again without reading or analysing; a page kept behind another screen loads nothing until shown again;
 * a load does not wait for the live stored-days stamp, and loads again exactly when its days changed after it
 * read them.
 */
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import type { TrackAnalysis } from '../../shared/analysis/types.ts';
import { summarizeDay } from '../../shared/track/summary.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import type { UtcDay } from '../../shared/util/day.ts';
import type { AnalysisClient } from '../../renderer/src/features/review/analysis-client.ts';
import type { SelectionValue } from '../../renderer/src/features/review/Selection.tsx';
import { useReviewData, type LoadState } from '../../renderer/src/features/review/use-review-data.ts';
import { foregroundIdle } from '../../renderer/src/app/foreground-work.ts';
import type { WorkerRoadsState } from '../../renderer/src/roads/worker-roads-of.ts';
import { CancelledError } from '../../renderer/src/workers/rpc.ts';
import type { RoadLimitsSpec } from '../../renderer/src/workers/worker-roads.ts';
import { generateRandomTrack, toDayChunks } from '../support/tracks.ts';

const VEHICLE = 'v1';
/** Six months and more of a truck, every UTC day one chunk. */
const CHUNKS: DayChunk[] = toDayChunks(VEHICLE, generateRandomTrack(7, 200));
const STORED = new Map(CHUNKS.map((c) => [c.day, { carrierId: 'c1', chunk: c, summary: summarizeDay(c) }]));
const LAST_DAY = CHUNKS[CHUNKS.length - 1]!.day;

/** The UTC days the fake store handed out, one list per read; and every read asked, as it was asked. */
const daysRead: UtcDay[][] = [];
const asked: [UtcDay, UtcDay][] = [];
let roadsNow: WorkerRoadsState = { ready: false };
let stamp = 0;
/** Stamp reads so far; `stampAt(n)` answers the n-th (0: the live query's first), by default this test's. */
let stampReads = 0;
let stampAt: (n: number) => string = () => `stamp ${stamp}`;
/** The live query's answers wait for `hold` (a live answer that comes late); `changed()` runs it again. */
const live = { hold: null as Promise<void> | null, runs: new Set<() => void>() };
const changed = () => live.runs.forEach((run) => run());
/** Holds the live query's answers until the returned function is called. */
function holdLive(): () => void {
  let answer = () => undefined as void;
  live.hold = new Promise((r) => (answer = r));
  return answer;
}

vi.mock('../../renderer/src/store/reads.ts', () => ({
  // A stamp of its own per test: what one test loaded is not kept for the next (other stored days).
  storedDaysStamp: () => Promise.resolve(stampAt(stampReads++)),
  coverageOf: () => Promise.resolve([]),
  readOverviews: () => Promise.resolve(new Map()),
  readDay: () => Promise.resolve(undefined),
  // Each block read takes a few ms, as IndexedDB does: a cancel lands between them.
  readDays: async (_c: string, _v: string, from: UtcDay, to: UtcDay) => {
    asked.push([from, to]);
    await new Promise((r) => setTimeout(r, 20));
    const out = [...STORED.values()].filter((d) => d.chunk.day >= from && d.chunk.day <= to);
    daysRead.push(out.map((d) => d.chunk.day));
    return out;
  },
}));
vi.mock('../../renderer/src/store/writer.ts', () => ({
  writer: { refreshSummaries: () => Promise.resolve(), refreshOverviews: () => Promise.resolve() },
}));
vi.mock('../../renderer/src/store/hooks.ts', () => ({
  useLiveCallback<T>(query: () => Promise<T>, onValue: (v: T) => void, deps: readonly unknown[]) {
    useEffect(() => {
      let on = true;
      const run = () =>
        void query().then(async (v) => {
          await live.hold;
          if (on) onValue(v);
        });
      run();
      live.runs.add(run);
      return () => {
        on = false;
        live.runs.delete(run);
      };
    }, deps);
  },
}));
vi.mock('../../renderer/src/roads/use-worker-roads.ts', () => ({ useWorkerRoads: () => roadsNow }));

interface Asked {
  from: string;
  to: string;
  roadsKey: string | null;
  signal: AbortSignal | undefined;
}

/** The analysis worker's side as the hook sees it: each load answers after a few ms unless cancelled. */
function fakeClient() {
  const loads: Asked[] = [];
  const later = <T,>(signal: AbortSignal | undefined, value: T) =>
    new Promise<T>((resolve, reject) => {
      setTimeout(() => (signal?.aborted ? reject(new CancelledError()) : resolve(value)), 10);
    });
  const overview = (fromMs: number, toMs: number) => ({
    fromMs,
    toMs,
    speed: { t: new Float64Array(), v: new Float64Array() },
    bands: [],
    outliers: { t: new Float64Array(), v: new Float64Array() },
    limits: null,
  });
  const client = {
    loadStored(
      _c: string,
      _v: string,
      from: string,
      to: string,
      _z: string,
      _p: unknown,
      roads: RoadLimitsSpec | null,
      _width: number,
      signal?: AbortSignal,
    ) {
      loads.push({ from, to, roadsKey: roads?.indexId ?? null, signal });
      const analysis = { stops: [], events: [] } as unknown as TrackAnalysis;
      return later(signal, { analysis, overview: overview(Date.parse(from), Date.parse(to)), days: [] });
    },
  };
  return { client: client as unknown as AnalysisClient, loads };
}

const ready = (indexId: string): WorkerRoadsState => ({
  ready: true,
  spec: { indexId, indexBytes: null, zonesId: null, zonesGeojson: null },
  key: `${indexId}|-|{}`,
});
const sel = (span: SelectionValue['span'], day = LAST_DAY): SelectionValue => ({
  carrierId: 'c1',
  vehicleId: VEHICLE,
  day,
  span,
});

function renderLoad(client: AnalysisClient, first: SelectionValue) {
  return renderHook(({ s }: { s: SelectionValue }) => useReviewData(client, s, 'UTC', DEFAULT_ANALYSIS_PARAMS, 800), {
    initialProps: { s: first },
  });
}
const readyOf = (s: LoadState) => (s.state === 'ready' ? s.data : null);

beforeEach(() => {
  stamp++;
  stampReads = 0;
  stampAt = () => `stamp ${stamp}`;
  live.hold = null;
  daysRead.length = 0;
  asked.length = 0;
  roadsNow = ready('idx-a');
});
afterEach(cleanup);
/** Every wait of these tests: loads of a few ms each, on a machine that may be busy. */
const LONG = { timeout: 10_000 };

describe('a left selection', () => {
  it('stops reading its days and its analysis is cancelled; the selection chosen after it loads', async () => {
    const { client, loads } = fakeClient();
    const hook = renderLoad(client, sel('6m'));
    // The six months' reads have begun (a month per read), then the user picks one day.
    await waitFor(() => expect(daysRead.length).toBeGreaterThan(0), { interval: 1 });
    const sixMonthReads = () => asked.filter(([a, b]) => Date.parse(b) - Date.parse(a) > 3 * 86_400_000);
    const atLeave = sixMonthReads().length;
    hook.rerender({ s: sel('day', CHUNKS[10]!.day) });
    await waitFor(() => expect(readyOf(hook.result.current)?.from).toBe(CHUNKS[10]!.day), LONG);
    // Six months are six reads of a month; none was asked after the user left them.
    expect(atLeave).toBeLessThan(6);
    expect(sixMonthReads().length).toBe(atLeave);
    // The worker was asked for both, and told to stop the first.
    expect(loads.map((l) => l.to)).toEqual([LAST_DAY, CHUNKS[10]!.day]);
    expect(loads[0]!.signal?.aborted).toBe(true);
    expect(loads[1]!.signal?.aborted).toBe(false);
  });
});

describe('the cold path', () => {
  it('publishes the route before the road limits are ready, then analyses with the limits that became ready', async () => {
    roadsNow = { ready: false };
    const { client, loads } = fakeClient();
    const hook = renderLoad(client, sel('week'));
    await waitFor(() => {
      const s = hook.result.current;
      expect(s.state === 'loading' && s.early && s.early.track.length > 0).toBe(true);
    });
    expect(loads).toEqual([]);
    const readsBefore = daysRead.length;
    roadsNow = ready('idx-a');
    hook.rerender({ s: sel('week') });
    await waitFor(() => expect(readyOf(hook.result.current)).not.toBeNull(), LONG);
    expect(loads.map((l) => l.roadsKey)).toEqual(['idx-a']);
    expect(readyOf(hook.result.current)!.key.endsWith(':idx-a|-|{}')).toBe(true);
    // The readings read before the limits were ready served the load: not read again.
    expect(daysRead.length).toBe(readsBefore);
  });

  it('loads again with the new limits when they change mid-load: no result judged with the old ones', async () => {
    const { client, loads } = fakeClient();
    const hook = renderLoad(client, sel('week'));
    await waitFor(() => expect(loads.length).toBe(1), LONG);
    roadsNow = ready('idx-b');
    hook.rerender({ s: sel('week') });
    await waitFor(() => expect(readyOf(hook.result.current)?.key.endsWith(':idx-b|-|{}')).toBe(true), LONG);
    expect(loads.map((l) => l.roadsKey)).toEqual(['idx-a', 'idx-b']);
    expect(loads[0]!.signal?.aborted).toBe(true);
  });
});

describe('a visit opening a selection just loaded (Back)', () => {
  it('shows it again without reading or analysing; a span chosen on the page loads afresh', async () => {
    const { client, loads } = fakeClient();
    const first = renderLoad(client, sel('month'));
    await waitFor(() => expect(readyOf(first.result.current)).not.toBeNull(), LONG);
    const shown = readyOf(first.result.current)!;
    first.unmount();
    const [reads, asked] = [daysRead.length, loads.length];
    const back = renderLoad(client, sel('month'));
    await waitFor(() => expect(readyOf(back.result.current)).not.toBeNull(), LONG);
    expect(readyOf(back.result.current)!.clean).toBe(shown.clean);
    expect([daysRead.length, loads.length]).toEqual([reads, asked]);
    // On the page, another span and back is a load of its own.
    back.rerender({ s: sel('week') });
    await waitFor(() => expect(readyOf(back.result.current)?.from).not.toBe(shown.from), LONG);
    back.rerender({ s: sel('month') });
    await waitFor(() => expect(readyOf(back.result.current)?.from).toBe(shown.from), LONG);
    expect(loads.length).toBe(asked + 2);
    expect(daysRead.length).toBeGreaterThan(reads);
  });
});

describe('a page kept behind another screen (active false)', () => {
  it('cancels the load it was in, starts none while away, and loads when shown again', async () => {
    const { client, loads } = fakeClient();
    const hook = renderHook(
      ({ s, visit, active }: { s: SelectionValue; visit: number; active: boolean }) =>
        useReviewData(client, s, 'UTC', DEFAULT_ANALYSIS_PARAMS, 800, undefined, visit, active),
      { initialProps: { s: sel('6m'), visit: 0, active: true } },
    );
    await waitFor(() => expect(loads.length).toBe(1), LONG);
    hook.rerender({ s: sel('6m'), visit: 0, active: false });
    expect(loads[0]!.signal?.aborted).toBe(true);
    const readsAtLeave = asked.length;
    // Away: another place handed to it (as App.tsx never does while away, but a live stamp might) starts nothing.
    hook.rerender({ s: sel('day', CHUNKS[10]!.day), visit: 0, active: false });
    await new Promise((r) => setTimeout(r, 100));
    expect(loads.length).toBe(1);
    expect(asked.length).toBeLessThanOrEqual(readsAtLeave + 1);
    expect(readyOf(hook.result.current)).toBeNull();
    // Shown again by a new visit: that place loads.
    hook.rerender({ s: sel('day', CHUNKS[10]!.day), visit: 1, active: true });
    await waitFor(() => expect(readyOf(hook.result.current)?.from).toBe(CHUNKS[10]!.day), LONG);
    expect(loads.length).toBe(2);
  });
});

describe('foreground work (what background work waits for)', () => {
  it('counts a load while it runs, ends when it is ready, cancelled or left, and a kept visit ends at once', async () => {
    const { client } = fakeClient();
    expect(foregroundIdle()).toBe(true);
    const hook = renderHook(
      ({ s, visit, active }: { s: SelectionValue; visit: number; active: boolean }) =>
        useReviewData(client, s, 'UTC', DEFAULT_ANALYSIS_PARAMS, 800, undefined, visit, active),
      { initialProps: { s: sel('6m'), visit: 0, active: true } },
    );
    await waitFor(() => expect(asked.length).toBeGreaterThan(0), { interval: 1 });
    expect(foregroundIdle()).toBe(false);
    // Another selection: the left one's count ends with its cancel, the new one counts until it is ready.
    hook.rerender({ s: sel('week'), visit: 0, active: true });
    await waitFor(() => expect(readyOf(hook.result.current)).not.toBeNull(), LONG);
    expect(foregroundIdle()).toBe(true);
    const week = readyOf(hook.result.current)!.from;
    // Left mid-load (kept behind another screen): idle again at once.
    hook.rerender({ s: sel('6m'), visit: 0, active: true });
    await waitFor(() => expect(foregroundIdle()).toBe(false), LONG);
    hook.rerender({ s: sel('6m'), visit: 0, active: false });
    expect(foregroundIdle()).toBe(true);
    // A new visit to the week just shown answers from what was kept: nothing counted after it.
    hook.rerender({ s: sel('week'), visit: 1, active: true });
    const reads = asked.length;
    await waitFor(() => expect(readyOf(hook.result.current)?.from).toBe(week), LONG);
    expect(asked.length).toBe(reads);
    expect(foregroundIdle()).toBe(true);
  });
});

describe('the stored days under a load (use-stored-stamp.ts)', () => {
  it('loads without waiting for the live stamp', async () => {
    const answer = holdLive();
    const { client, loads } = fakeClient();
    const hook = renderLoad(client, sel('week'));
    await waitFor(() => expect(readyOf(hook.result.current)).not.toBeNull(), LONG);
    answer();
    await new Promise((r) => setTimeout(r, 50));
    expect(loads.length).toBe(1);
  });

  it('loads again when its days are written after it read them', async () => {
    const { client, loads } = fakeClient();
    const hook = renderLoad(client, sel('week'));
    await waitFor(() => expect(readyOf(hook.result.current)).not.toBeNull(), LONG);
    const reads = daysRead.length;
    stamp++;
    changed();
    await waitFor(() => expect(loads.length).toBe(2), LONG);
    await waitFor(() => expect(readyOf(hook.result.current)).not.toBeNull(), LONG);
    expect(daysRead.length).toBeGreaterThan(reads);
  });

  it('loads again when the live stamp, read after a write, is newer than the one it read', async () => {
    // The load's own read (the 2nd) sees the days before the write; the live query's first answer is after it.
    const answer = holdLive();
    stampAt = (n) => `${n === 1 ? 'before' : 'after'} ${stamp}`;
    const { client, loads } = fakeClient();
    const hook = renderLoad(client, sel('week'));
    await waitFor(() => expect(readyOf(hook.result.current)).not.toBeNull(), LONG);
    expect(loads.length).toBe(1);
    answer();
    await waitFor(() => expect(loads.length).toBe(2), LONG);
    await waitFor(() => expect(readyOf(hook.result.current)).not.toBeNull(), LONG);
    await new Promise((r) => setTimeout(r, 50));
    expect(loads.length).toBe(2);
  });

  it('does not load again when the live stamp is the older one (it answers again with the newer)', async () => {
    // The live query read before the write (its 1st read), the load after it: nothing to read again.
    const answer = holdLive();
    stampAt = (n) => `${n === 0 ? 'before' : 'after'} ${stamp}`;
    const { client, loads } = fakeClient();
    const hook = renderLoad(client, sel('week'));
    await waitFor(() => expect(readyOf(hook.result.current)).not.toBeNull(), LONG);
    answer();
    // The live query sees the write too, and answers again with what the load read.
    await new Promise((r) => setTimeout(r, 20));
    changed();
    await new Promise((r) => setTimeout(r, 80));
    expect(stampReads).toBeGreaterThanOrEqual(3);
    expect(loads.length).toBe(1);
    expect(readyOf(hook.result.current)).not.toBeNull();
  });

  it('a visit to a kept selection whose days changed since loads it again', async () => {
    const { client, loads } = fakeClient();
    const first = renderLoad(client, sel('month'));
    await waitFor(() => expect(readyOf(first.result.current)).not.toBeNull(), LONG);
    const shown = readyOf(first.result.current)!;
    first.unmount();
    stamp++;
    const back = renderLoad(client, sel('month'));
    await waitFor(() => expect(readyOf(back.result.current)).not.toBeNull(), LONG);
    expect(readyOf(back.result.current)!.clean).not.toBe(shown.clean);
    expect(loads.length).toBe(2);
  });
});
