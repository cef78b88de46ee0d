import { describe, expect, it } from 'vitest';
import { planRuns } from '../../electron/node/sync/plan.ts';
import { syncVehicleHistory } from '../../electron/node/sync/sync-vehicle-history.ts';
import { at, collect, scripted } from './sync-scripted.ts';

const TODAY = '2026-03-01';
const bad = (snippet: string, id?: string, t?: number) => ({
  reason: 'speed is not a number',
  snippet,
  ...(id === undefined ? {} : { id }),
  ...(t === undefined ? {} : { t }),
});
const base = { vehicleId: 'v', today: TODAY, have: () => 'missing' as const };

describe('sync engine edges', () => {
  it('today is refetched even when the store says complete, and a one-day range that is complete asks nothing', async () => {
    expect(
      planRuns({
        from: '2026-02-27',
        to: TODAY,
        today: TODAY,
        states: new Map([[TODAY, 'complete' as const]]),
        chunkDays: 7,
      }),
    ).toEqual([['2026-02-27', '2026-02-28', TODAY]]);
    const src = scripted();
    await syncVehicleHistory({
      ...base,
      client: src.source,
      from: '2026-02-10',
      to: '2026-02-10',
      have: () => 'complete',
      onDay: collect().onDay,
    });
    expect(src.queries).toHaveLength(0);
  });

  it('a run that starts today is fetched, and today stays partial', async () => {
    const src = scripted();
    const sink = collect();
    await syncVehicleHistory({ ...base, client: src.source, from: TODAY, to: TODAY, onDay: sink.onDay });
    expect(src.queries.map((q) => q.from)).toEqual([TODAY]);
    expect(sink.emits.map((e) => [e.chunk.day, e.chunk.length, e.complete])).toEqual([[TODAY, 2, false]]);
  });

  it('two readings of the day past the run, the first at 00:00:00.000, prove the server inclusive; one alone does not', async () => {
    const learnt = async (past: string[]) => {
      const src = scripted({
        page: (d) =>
          d === '2026-02-03'
            ? { records: past.map((id, k) => at(d, k, id)), rejected: [] }
            : { records: [at(d, 9, `${d}#a`)], rejected: [] },
      });
      const res = await syncVehicleHistory({
        ...base,
        client: src.source,
        from: '2026-02-01',
        to: '2026-02-02',
        onDay: collect().onDay,
      });
      return res.endDateMode;
    };
    expect(await learnt(['midnight', 'one'])).toBe('inclusive');
    expect(await learnt(['midnight'])).toBe('unknown');
  });

  it('a reading dated outside the asked range is dropped and reported, and teaches nothing', async () => {
    const stray = at('2026-02-01', 3, 'stray');
    stray.t = Date.parse('2099-01-01T00:00:00Z');
    const src = scripted({
      page: (d) => ({ records: d === '2026-02-01' ? [at(d, 9, `${d}#a`), stray] : [at(d, 9, `${d}#a`)], rejected: [] }),
    });
    const sink = collect();
    const res = await syncVehicleHistory({
      ...base,
      client: src.source,
      from: '2026-02-01',
      to: '2026-02-02',
      onDay: sink.onDay,
    });
    expect(res.endDateMode).toBe('unknown');
    expect(sink.emits.map((e) => e.chunk.length)).toEqual([1, 1]);
    expect(sink.emits[0]!.rejected).toEqual([
      expect.objectContaining({
        id: 'stray',
        reason: expect.stringMatching(
          /^timestamp 2099-01-01T00:00:00.000Z is outside the requested days 2026-02-01 to 2026-02-03$/,
        ),
      }),
    ]);
    expect(res.rejected).toBe(1);
  });

  it('malformed records without an id are told apart by their text; one that also arrived intact is not lost', async () => {
    const day = '2026-02-05';
    const t = Date.parse(`${day}T10:00:00Z`);
    const src = scripted({
      page: (d) =>
        d === day
          ? {
              records: [at(d, 10, 'twice')],
              rejected: [bad('{"a":1}', undefined, t), bad('{"b":2}', undefined, t), bad('{"id":"twice"}', 'twice', t)],
            }
          : { records: [], rejected: [] },
    });
    const sink = collect();
    const res = await syncVehicleHistory({
      ...base,
      client: src.source,
      from: day,
      to: day,
      onDay: sink.onDay,
      endDateMode: 'inclusive',
    });
    expect(sink.emits[0]!.rejected.map((r) => r.snippet)).toEqual(['{"a":1}', '{"b":2}']);
    expect(res.rejected).toBe(2);
  });

  it('an unreadable record of the day past the run is set aside, though the run also has readable malformed ones', async () => {
    // run [02-01, 02-02]; the server is inclusive, so 02-03's records come too: its unreadable one is not this run's.
    const src = scripted({
      page: (d) => {
        if (d === '2026-02-01')
          return {
            records: [at(d, 5, 'r1')],
            rejected: [bad('{"x":1}', 'readable-bad', Date.parse(`${d}T06:00:00Z`))],
          };
        if (d === '2026-02-03')
          return { records: [at(d, 5, 'r3'), at(d, 6, 'r3b')], rejected: [bad('{"t":"??"}', 'foreign')] };
        return { records: [], rejected: [] };
      },
    });
    const sink = collect();
    await syncVehicleHistory({ ...base, client: src.source, from: '2026-02-01', to: '2026-02-02', onDay: sink.onDay });
    expect(src.queries.map((q) => [q.from, q.to])).toEqual([
      ['2026-02-01', '2026-02-03'],
      ['2026-02-03', '2026-02-03'],
    ]);
    expect(sink.emits.flatMap((e) => e.rejected.map((r) => r.id))).toEqual(['readable-bad']);
  });

  it('the probe also runs when the day past the run is today', async () => {
    const src = scripted({
      page: (d) =>
        d === TODAY
          ? { records: [at(d, 5, 'today'), at(d, 6, 'today-b')], rejected: [bad('{"t":"??"}', 'todays')] }
          : { records: [at(d, 5, `${d}#a`)], rejected: [] },
    });
    const sink = collect();
    await syncVehicleHistory({ ...base, client: src.source, from: '2026-02-27', to: '2026-02-28', onDay: sink.onDay });
    expect(sink.emits.flatMap((e) => e.rejected)).toEqual([]);
  });

  it('an AbortError from below that is not a cancel fails the sync instead of ending it quietly', async () => {
    const src = scripted({ refuse: () => new DOMException('the request timed out', 'AbortError') });
    await expect(
      syncVehicleHistory({ ...base, client: src.source, from: '2026-02-01', to: '2026-02-02', onDay: collect().onDay }),
    ).rejects.toThrow('timed out');
  });

  it('after a cancel, runs already fetched but not yet handed over are not handed over', async () => {
    const ac = new AbortController();
    const src = scripted();
    const sink = collect();
    const days: string[] = [];
    const res = await syncVehicleHistory({
      ...base,
      client: src.source,
      from: '2026-02-01',
      to: '2026-02-04',
      chunkDays: 1,
      concurrency: 4,
      endDateMode: 'inclusive',
      signal: ac.signal,
      onDay: async (e) => {
        days.push(e.chunk.day);
        // the other runs finish fetching meanwhile and queue up behind this day
        await new Promise((r) => setTimeout(r, 30));
        ac.abort();
        await sink.onDay(e);
      },
    });
    expect(res.cancelled).toBe(true);
    expect(src.queries).toHaveLength(4);
    expect(days).toHaveLength(1);
  });
});
