/**
 * The inbox worker's kept day parts follow the road limits: a new index or rule analyses every truck again,
 * the same limits reuse what was kept, and a call for limits the worker does not keep is refused. The real
 * worker module runs here over an in-memory store in place of IndexedDB (its reads of the days' analysis
 * columns and the kept rows' table); the parts, the query key and the stamps are the real ones.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { analyzeTrack } from '../../shared/analysis/analyze.ts';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import { OVER_LIMIT_DEFAULTS, tiersWithTolerance } from '../../shared/roads/over-limit.ts';
import { encodeRoadIndex } from '../../shared/roads/rlidx.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import type { InboxDayRow } from '../../renderer/src/store/inbox-cache.ts';
import type { CoverageRow } from '../../renderer/src/store/types.ts';
import type { InboxAnswer, InboxData } from '../../renderer/src/workers/inbox-protocol.ts';
import { unpackInboxEvents } from '../../shared/inbox/event-pack.ts';
import { NO_ROADS_KEY, roadLimitsKey, type RoadLimitsSpec } from '../../renderer/src/workers/worker-roads.ts';
import type * as DbModule from '../../renderer/src/store/db.ts';
import type * as InboxCacheModule from '../../renderer/src/store/inbox-cache.ts';
import { createRoadIndex } from '../../shared/roads/road-index.ts';
import { generateRandomTrack, toDayChunks } from '../support/tracks.ts';
import { workerScope } from '../support/worker-scope.ts';

const CARRIER = 'c1';
const chunks: DayChunk[] = toDayChunks('v1', generateRandomTrack(7, 3));
const days = chunks.map((c) => c.day);
const kept = new Map<string, InboxDayRow>();
const rowKey = (r: Pick<InboxDayRow, 'carrierId' | 'query' | 'vehicleId' | 'day'>) =>
  `${r.carrierId}|${r.query}|${r.vehicleId}|${r.day}`;

vi.mock('../../renderer/src/store/db.ts', async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: () => ({
    // No coverage digest kept: the worker reads the coverage rows below.
    coverageDigests: { get: async () => undefined, put: async () => undefined },
    // Every day stored with its analysis columns, as ingest writes them.
    dayAnalysisColumns: {
      where: () => ({
        between: (lo: [string, string, string], hi: [string, string, string]) => ({
          toArray: async () => {
            const { analysisColumnsOf } = await import('../../shared/analysis/analysis-columns.ts');
            return chunks
              .filter((c) => c.vehicleId === lo[1] && c.day >= lo[2] && c.day <= hi[2])
              .map((chunk) => analysisColumnsOf(CARRIER, chunk));
          },
        }),
      }),
    },
    dayChunks: {
      where: () => ({
        between: (lo: [string, string, string], hi: [string, string, string]) => ({
          toArray: async () =>
            chunks
              .filter((c) => c.vehicleId === lo[1] && c.day >= lo[2] && c.day <= hi[2])
              .map((chunk) => ({ carrierId: CARRIER, vehicleId: chunk.vehicleId, day: chunk.day, chunk })),
        }),
      }),
    },
  }),
}));
/** Carriers whose coverage rows were read, in turn. */
const coverageReads = vi.hoisted(() => [] as string[]);
vi.mock('../../renderer/src/store/reads.ts', () => ({
  carrierCoverage: async (carrierId: string): Promise<CoverageRow[]> => {
    coverageReads.push(carrierId);
    // One carrier holds its second day only in part (a download stopped within it).
    return chunks.map((c, i) => ({
      carrierId: CARRIER,
      vehicleId: c.vehicleId,
      day: c.day,
      state: carrierId === 'c-partial' && i === 1 ? 'partial' : 'complete',
      points: c.length,
      bytes: 1,
      fetchedAt: 1,
    }));
  },
  // Nothing is written here: one state of the store throughout.
  storeStamp: async () => `${chunks.length}@1`,
}));
vi.mock('../../renderer/src/store/inbox-cache.ts', async (original) => ({
  ...(await original<typeof InboxCacheModule>()),
  readInboxDays: async (_db: unknown, carrierId: string, query: string) => {
    const out = new Map<string, Map<string, InboxDayRow>>();
    for (const r of kept.values()) {
      if (r.carrierId !== carrierId || r.query !== query) continue;
      const own = out.get(r.vehicleId) ?? new Map<string, InboxDayRow>();
      own.set(r.day, r);
      out.set(r.vehicleId, own);
    }
    return out;
  },
  putInboxDays: async (_db: unknown, rows: InboxDayRow[]) => void rows.forEach((r) => kept.set(rowKey(r), r)),
  writeInboxDays: async (_db: unknown, _c: string, _q: string, rows: InboxDayRow[]) =>
    void rows.forEach((r) => kept.set(rowKey(r), r)),
}));

const { scope, call } = workerScope();

const P = DEFAULT_ANALYSIS_PARAMS;
/** One road per day through every third reading (outliers left out), posted at 50 mph: over it wherever the truck drives faster. */
const roads = {
  index: createRoadIndex(
    chunks.map((_, k) => ({
      wayId: 1000 + k,
      highway: 'primary',
      name: `Route ${k + 1}`,
      ref: '',
      oneway: 0 as const,
      forwardMph: 50,
      backwardMph: 50,
      source: 'posted' as const,
      limitText: '50 mph',
      conditional: '',
    })),
    chunks.map((c) => {
      const g: number[] = [];
      for (let i = 0; i < c.length; i += 3) if (!(c.speed[i]! > 110)) g.push(c.lat[i]!, c.lng[i]!);
      return g;
    }),
  ),
};
/** The rule as the app sends it (shared/analysis/adjustable.ts overLimitParamsOf): tolerance and duration. */
const ruleOf = (toleranceMph: number, minSeconds = 60) => ({
  tiers: tiersWithTolerance(OVER_LIMIT_DEFAULTS.tiers, toleranceMph),
  minSeconds,
});
const spec = (toleranceMph: number, minSeconds = 60): RoadLimitsSpec => ({
  indexId: 'idx-1',
  indexBytes: encodeRoadIndex(roads.index),
  zonesId: null,
  zonesGeojson: null,
  overLimit: ruleOf(toleranceMph, minSeconds),
});
const load = (roadsKey: string) =>
  call<InboxAnswer>('load', [{ carrierId: CARRIER, zone: 'UTC' }], days[0], days.at(-1), P, roadsKey).then(
    (a): InboxData => ({ ...a, events: unpackInboxEvents(a.events) }),
  );
const overLimit = (d: InboxData) => d.events.filter((e) => e.kind === 'over-limit').map((e) => [e.startMs, e.endMs]);
/** The over-limit events analyzeTrack finds over the same days with the same limits (UTC: local days are UTC days). */
const expected = (toleranceMph: number) =>
  analyzeTrack(chunks, P, { index: roads.index, overLimit: ruleOf(toleranceMph) })
    .events.filter((e) => e.kind === 'over-limit')
    .map((e) => [e.startMs, e.endMs]);

beforeAll(async () => {
  vi.stubGlobal('self', scope);
  await import('../../renderer/src/workers/inbox.worker.ts');
});

describe('the inbox worker’s kept parts and the road limits', () => {
  it('recomputes when the limits’ key changes, reuses when it is the same, and judges with the limits set', async () => {
    expect(await call('setRoadLimits', null)).toBe(NO_ROADS_KEY);
    const none = await load(NO_ROADS_KEY);
    expect([none.analysed, none.reused]).toEqual([1, 0]);
    expect(overLimit(none)).toEqual([]);
    expect((await load(NO_ROADS_KEY)).reused).toBe(1);

    const a = spec(6);
    const keyA = await call<string>('setRoadLimits', a);
    expect(keyA).toBe(roadLimitsKey(a));
    const withA = await load(keyA);
    expect([withA.analysed, withA.reused]).toEqual([1, 0]);
    expect(overLimit(withA)).toEqual(expected(6));
    expect(overLimit(withA).length).toBeGreaterThan(0);
    const again = await load(keyA);
    expect([again.analysed, again.reused]).toEqual([0, 1]);
    expect(overLimit(again)).toEqual(overLimit(withA));

    // Another rule is another key: analysed again, with that rule.
    const keyB = await call<string>('setRoadLimits', spec(10));
    expect(keyB).not.toBe(keyA);
    const withB = await load(keyB);
    expect([withB.analysed, withB.reused]).toEqual([1, 0]);
    expect(overLimit(withB)).toEqual(expected(10));
    expect(overLimit(withB).length).toBeLessThan(overLimit(withA).length);

    // Back to the first limits: their parts were kept.
    await call('setRoadLimits', a);
    expect((await load(keyA)).reused).toBe(1);
  });

  it('refuses a load or a preparation for limits it does not keep', async () => {
    await call('setRoadLimits', spec(6));
    await expect(load(NO_ROADS_KEY)).rejects.toThrow(/judges with other road limits/);
    await expect(
      call('prepare', [{ carrierId: CARRIER, zone: 'UTC' }], days[0], days.at(-1), P, roadLimitsKey(spec(6, 90))),
    ).rejects.toThrow(/judges with other road limits/);
  });
});

describe('warm (asked after a start, before the first open)', () => {
  it('keeps each carrier’s coverage rows, so a load for the same state of the store reads none', async () => {
    const before = coverageReads.length;
    expect(await call('warm', [42, 'c-warm', null])).toBe(1);
    expect(coverageReads.slice(before)).toEqual(['c-warm']);
    await call('setRoadLimits', null);
    const loaded = await call<InboxAnswer>(
      'load',
      [{ carrierId: 'c-warm', zone: 'UTC' }],
      days[0],
      days.at(-1),
      P,
      NO_ROADS_KEY,
    );
    expect(loaded.vehicles).toBe(1);
    expect(coverageReads.slice(before)).toEqual(['c-warm']);
  });
});

describe('the partial days (the scope note) come with the answer, from the coverage the load planned with', () => {
  const loadOf = (carrierId: string, today: string | null) =>
    call<InboxAnswer>('load', [{ carrierId, zone: 'UTC' }], days[0], days.at(-1), P, NO_ROADS_KEY, today);

  it('names the day held in part, for its truck, counted to the day given; none without a day', async () => {
    await call('setRoadLimits', null);
    const before = coverageReads.length;
    const today = chunks.at(-1)!.day;
    const answer = await loadOf('c-partial', today);
    expect(answer.partial).toEqual([
      { carrierId: 'c-partial', zone: 'UTC', days: [{ vehicleId: 'v1', day: days[1], missing: expect.any(String) }] },
    ]);
    expect((await loadOf('c-partial', null)).partial).toEqual([]);
    // Not a day: read as none, never thrown on.
    expect((await loadOf('c-partial', '2026-02-30')).partial).toEqual([]);
    expect((await loadOf(CARRIER, today)).partial).toEqual([{ carrierId: CARRIER, zone: 'UTC', days: [] }]);
    // The page reads no coverage row for it: the worker's one read per state of the store served all four.
    expect(coverageReads.slice(before).filter((id) => id === 'c-partial')).toHaveLength(1);
  });
});

describe('a pause (the user’s screen needs the core)', () => {
  const carriers = [{ carrierId: CARRIER, zone: 'UTC' }];
  const prepare = (roadsKey: string) => call('prepare', carriers, days[0], days.at(-1), P, roadsKey);

  it('stops the preparations asked before it, never a load; a preparation asked after it runs', async () => {
    const key = await call<string>('setRoadLimits', spec(8));
    const stopped = prepare(key);
    const loading = load(key);
    await call('pause');
    expect(await stopped).toBeNull();
    const loaded = await loading;
    expect(loaded.vehicles).toBe(1);
    expect(overLimit(loaded)).toEqual(expected(8));
    // Asked after the pause: it runs, and finds the load's kept parts.
    expect(await prepare(key)).toEqual({ analysed: 0, reused: 1 });
  });
});
