import { describe, expect, it } from 'vitest';
import { NetworkError, RequestError } from '../../electron/node/api/errors.ts';
import { planRuns } from '../../electron/node/sync/plan.ts';
import { syncVehicleHistory, type SyncProgress } from '../../electron/node/sync/sync-vehicle-history.ts';
import { collect, scripted } from './sync-scripted.ts';

/**
 * The sync engine's bookkeeping against a scripted source: every figure below is counted from the script
 * (pages served, retry events sent, readings and malformed records placed), not from the engine.
 */
describe('sync engine bookkeeping', () => {
  it('reports the days to download first, then each day once with its readings, requests, retries and rejections', async () => {
    const src = scripted({ malformedOn: '2026-02-03' });
    const sink = collect();
    const seen: SyncProgress[] = [];
    const res = await syncVehicleHistory({
      client: src.source,
      vehicleId: 'v',
      from: '2026-02-01',
      to: '2026-02-05',
      today: '2026-03-01',
      have: (d) => (d === '2026-02-02' ? 'complete' : 'missing'),
      onDay: sink.onDay,
      chunkDays: 2,
      concurrency: 1,
      endDateMode: 'inclusive',
      onProgress: (p) => seen.push(p),
    });
    // 02-02 is stored: runs [01], [03, 04], [05]; an inclusive server is asked for exactly each run.
    expect(src.queries.map((q) => [q.from, q.to])).toEqual([
      ['2026-02-01', '2026-02-01'],
      ['2026-02-03', '2026-02-04'],
      ['2026-02-05', '2026-02-05'],
    ]);
    expect(seen[0]).toEqual({ daysTotal: 4, daysDone: 0, records: 0, requests: 0, retries: 0, rejected: 0 });
    expect(seen.map((p) => p.daysDone).filter((d, i, a) => d !== a[i - 1])).toEqual([0, 1, 2, 3, 4]);
    expect(res).toEqual({
      daysTotal: 4,
      daysDone: 4,
      records: 8,
      requests: src.pagesServed(),
      retries: src.queries.length,
      rejected: 1,
      cancelled: false,
      endDateMode: 'inclusive',
    });
    expect(src.pagesServed()).toBe(4);
    expect(sink.emits.map((e) => [e.chunk.day, e.chunk.length, e.rejected.length])).toEqual([
      ['2026-02-01', 2, 0],
      ['2026-02-03', 2, 1],
      ['2026-02-04', 2, 0],
      ['2026-02-05', 2, 0],
    ]);
  });

  it('asks for 1000 readings a page unless told, for the vehicle given', async () => {
    const src = scripted();
    const sink = collect();
    await syncVehicleHistory({
      client: src.source,
      vehicleId: 'veh-42',
      from: '2026-02-01',
      to: '2026-02-01',
      today: '2026-03-01',
      have: () => 'missing',
      onDay: sink.onDay,
    });
    expect(src.queries.every((q) => q.limit === 1000 && q.vehicleId === 'veh-42')).toBe(true);
    const again = scripted();
    await syncVehicleHistory({
      client: again.source,
      vehicleId: 'v',
      from: '2026-02-01',
      to: '2026-02-01',
      today: '2026-03-01',
      have: () => 'missing',
      onDay: sink.onDay,
      limit: 250,
    });
    expect(again.queries.every((q) => q.limit === 250)).toBe(true);
  });

  it('pages up to four runs at once by default (fewer when asked), yet hands over days one at a time', async () => {
    const run = async (concurrency: number | undefined) => {
      const src = scripted({ delayMs: 2 });
      const sink = collect();
      await syncVehicleHistory({
        client: src.source,
        vehicleId: 'v',
        from: '2026-02-01',
        to: '2026-02-12',
        today: '2026-03-01',
        have: () => 'missing',
        onDay: sink.onDay,
        chunkDays: 1,
        endDateMode: 'inclusive',
        concurrency,
      });
      expect(sink.overlapped()).toBe(false);
      expect(sink.emits).toHaveLength(12);
      return src.maxActive();
    };
    expect(await run(undefined)).toBe(4);
    expect(await run(2)).toBe(2);
    expect(await run(0)).toBe(1);
    expect(await run(2.9)).toBe(2);
  });

  it('retries with end_date = today only when the refusal is a request error about a range reaching past today', async () => {
    const future = () => new RequestError(400, 'end_date is in the future');
    // a range ending before today: the refusal is about something else and is reported
    const past = scripted({ refuse: future });
    await expect(
      syncVehicleHistory({
        client: past.source,
        vehicleId: 'v',
        from: '2026-02-01',
        to: '2026-02-02',
        today: '2026-03-01',
        have: () => 'missing',
        onDay: collect().onDay,
      }),
    ).rejects.toBeInstanceOf(RequestError);
    expect(past.queries).toHaveLength(1);
    // a network failure is never answered by shortening the range
    const net = scripted({ refuse: (q) => (q.to > '2026-03-01' ? new NetworkError('h', 'reset') : null) });
    await expect(
      syncVehicleHistory({
        client: net.source,
        vehicleId: 'v',
        from: '2026-02-28',
        to: '2026-03-01',
        today: '2026-03-01',
        have: () => 'missing',
        onDay: collect().onDay,
      }),
    ).rejects.toBeInstanceOf(NetworkError);
    // a server already known to be inclusive never gets the extra day, so has nothing to refuse
    const known = scripted({ refuse: (q) => (q.to > '2026-03-01' ? future() : null) });
    const sink = collect();
    await syncVehicleHistory({
      client: known.source,
      vehicleId: 'v',
      from: '2026-02-28',
      to: '2026-03-01',
      today: '2026-03-01',
      have: () => 'missing',
      onDay: sink.onDay,
      endDateMode: 'inclusive',
    });
    expect(known.queries.map((q) => q.to)).toEqual(['2026-03-01']);
    expect(sink.emits.map((e) => [e.chunk.day, e.complete])).toEqual([
      ['2026-02-28', true],
      ['2026-03-01', false],
    ]);
  });

  it('plans runs of at most chunkDays (at least one day, whole days only) and none for an empty range', () => {
    const states = new Map();
    const plan = (chunkDays: number) =>
      planRuns({ from: '2026-02-01', to: '2026-02-05', today: '2026-03-01', states, chunkDays }).map((r) => r.length);
    expect(plan(2)).toEqual([2, 2, 1]);
    expect(plan(2.9)).toEqual([2, 2, 1]);
    expect(plan(0)).toEqual([1, 1, 1, 1, 1]);
    expect(planRuns({ from: '2026-02-05', to: '2026-02-01', today: '2026-03-01', states, chunkDays: 7 })).toEqual([]);
    expect(planRuns({ from: '2026-02-01', to: '2026-02-01', today: '2026-03-01', states, chunkDays: 7 })).toEqual([
      ['2026-02-01'],
    ]);
  });
});
