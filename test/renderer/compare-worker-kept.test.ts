/**
 * The compare worker keeps a carrier's finished facts and answers with them again without reading its
 * readings, until a day is downloaded, the road limits or the parameters change (then it reads and
 * computes afresh, and the figures show the change). The real worker module runs over a store faked at
 * its read functions: one truck's generated days, whose coverage the test grows.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import type { ComparisonFacts } from '../../shared/compare/compare.ts';
import type { TripFacts } from '../../shared/compare/facts.ts';
import { summaryParamsOf } from '../../shared/compare/params.ts';
import { encodeRoadIndex } from '../../shared/roads/rlidx.ts';
import { summarizeDay } from '../../shared/track/summary.ts';
import type * as DbModule from '../../renderer/src/store/db.ts';
import type { CoverageRow } from '../../renderer/src/store/types.ts';
import { NO_ROADS_KEY, type RoadLimitsSpec } from '../../renderer/src/workers/worker-roads.ts';
import { generateRandomTrack, toDayChunks } from '../support/tracks.ts';
import { roadsAlong } from '../support/roads-along.ts';
import { workerScope } from '../support/worker-scope.ts';

const chunks = toDayChunks('v1', generateRandomTrack(9, 4));
const days = chunks.map((c) => c.day);
const coverage: CoverageRow[] = [];
const store = (day: string, fetchedAt: number) =>
  coverage.push({ carrierId: 'c1', vehicleId: 'v1', day, state: 'complete', points: 1, bytes: 1, fetchedAt });
const reads = { readings: 0, snapshots: 0 };
/** The carrier's driver snapshots as the fake store holds them. */
const snapshotRows: { takenAt: number; rows: unknown[] }[] = [];
/** The compareResults table as the fake store holds it (store/compare-cache.ts's reads and writes). */
const keptRows = new Map<string, { kind: string; hash: string; carrierId: string; value: unknown; usedAt: number }>();
const compareResults = {
  get: async ([kind, hash]: [string, string]) => structuredClone(keptRows.get(`${kind} ${hash}`)),
  update: async ([kind, hash]: [string, string], change: { usedAt: number }) =>
    keptRows.has(`${kind} ${hash}`) ? (Object.assign(keptRows.get(`${kind} ${hash}`)!, change), 1) : 0,
  put: async (row: { kind: string; hash: string } & Record<string, unknown>) =>
    void keptRows.set(`${row.kind} ${row.hash}`, structuredClone(row) as never),
  where: () => ({ between: () => ({ reverse: () => ({ offset: () => ({ primaryKeys: async () => [] }) }) }) }),
  bulkDelete: async () => undefined,
};

vi.mock('../../renderer/src/store/db.ts', async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: () => ({
    rosters: { get: async () => ({ rows: [{ vehicleId: 'v1', number: '101' }] }) },
    snapshots: {
      where: () => ({
        between: () => ({ toArray: async () => (reads.snapshots++, structuredClone(snapshotRows)) }),
      }),
    },
    daySummaries: {},
    compareResults,
    transaction: (_mode: string, _table: unknown, body: () => Promise<unknown>) => body(),
  }),
  vehicleDayRows: async (_table: unknown, carrierId: string, _vehicleId: string, from: string, to: string) =>
    chunks
      .filter((c) => c.day >= from && c.day <= to && coverage.some((r) => r.day === c.day))
      .map((c) => ({ carrierId, ...summarizeDay(c, summaryParamsOf(DEFAULT_ANALYSIS_PARAMS)) })),
}));
vi.mock('../../renderer/src/store/reads.ts', () => ({ carrierCoverage: async () => [...coverage] }));
vi.mock('../../renderer/src/store/analysis-reads.ts', () => ({
  readAnalysisChunks: async (
    ...[, , , from, to, stored]: [unknown, string, string, string, string, Map<string, number>]
  ) => {
    reads.readings++;
    return {
      chunks: chunks.filter((c) => c.day >= from && c.day <= to && stored.has(c.day)),
      fromChunks: 0,
      built: [],
    };
  },
  keepAnalysisColumns: async () => 0,
}));

let { scope, call } = workerScope();

const carriers = [{ carrierId: 'c1', label: 'C1', zone: 'UTC' }];
const range = { from: days[0]!, to: days.at(-1)! };
let token = 0;

/** One comparison as the page asks it (metrics and trips at once); the facts with trips and how many reads of readings it made. */
async function compare(roadsKey = NO_ROADS_KEY, params = DEFAULT_ANALYSIS_PARAMS) {
  const before = reads.readings;
  const t = ++token;
  const [metrics, trips] = await Promise.all([
    call<ComparisonFacts>('metrics', t, carriers, range, params, '2026-12-01'),
    call<TripFacts[]>('trips', t, carriers, range, params, '2026-12-01', roadsKey),
  ]);
  return { facts: { ...metrics.carriers[0]!, ...trips[0]! }, reads: reads.readings - before };
}

beforeAll(async () => {
  vi.stubGlobal('self', scope);
  await import('../../renderer/src/workers/compare.worker.ts');
  await call('setRoadLimits', null);
});

describe("the compare worker's kept facts", () => {
  it('answer the same comparison again without reading, and a day downloaded is read and counted', async () => {
    days.slice(0, -1).forEach((d) => store(d, 1000));
    const first = await compare();
    // One read for the metrics, one for the trip analysis (the page's two workers).
    expect(first.reads).toBe(2);
    expect(first.facts.vehicleDaysStored).toBe(days.length - 1);
    expect(first.facts.trips).not.toBeNull();

    const again = await compare();
    expect(again.reads).toBe(0);
    expect(again.facts).toEqual(first.facts);

    store(days.at(-1)!, 2000);
    const grown = await compare();
    expect(grown.reads).toBe(2);
    expect(grown.facts.vehicleDaysStored).toBe(days.length);
    expect(grown.facts.miles).toBeGreaterThan(first.facts.miles);

    // The same day downloaded again (its figures the same) is still a new state: computed afresh.
    coverage[coverage.length - 1] = { ...coverage.at(-1)!, fetchedAt: 3000 };
    expect((await compare()).reads).toBe(2);
    expect((await compare()).reads).toBe(0);
  });

  it('are not used with other parameters, nor with other road limits; each kept one answers again', async () => {
    const base = await compare();
    expect(base.reads).toBe(0);

    const params = { ...DEFAULT_ANALYSIS_PARAMS, speedingThresholdMph: 50 };
    const lower = await compare(NO_ROADS_KEY, params);
    expect(lower.reads).toBe(2);
    expect(lower.facts.speedingEvents).toBeGreaterThan(base.facts.speedingEvents);

    const spec: RoadLimitsSpec = {
      indexId: 'idx',
      indexBytes: encodeRoadIndex(roadsAlong(chunks, 45)),
      zonesId: null,
      zonesGeojson: null,
    };
    const key = await call<string>('setRoadLimits', spec);
    const judged = await compare(key);
    // Only the trip analysis judges road limits: the kept metrics answer.
    expect(judged.reads).toBe(1);
    expect(judged.facts.roadLimits).toBe(true);
    expect(judged.facts.overLimit.worst.length).toBeGreaterThan(0);
    expect(base.facts.roadLimits).toBe(false);

    expect((await compare(key)).reads).toBe(0);
    await call('setRoadLimits', null);
    expect((await compare(NO_ROADS_KEY, params)).reads).toBe(0);
    expect((await compare()).facts).toEqual(base.facts);
  });
});

describe('the HOS rows and a new session', () => {
  const driver = (driveMs: number) => ({
    driverId: `d${driveMs}`,
    username: 'u',
    firstName: 'F',
    lastName: 'L',
    active: true,
    hos: { breakMs: null, driveMs, shiftMs: null, cycleMs: null, status: 'D' },
  });

  it('a new driver snapshot changes the HOS rows without reading any readings again', async () => {
    const before = await compare();
    expect(before.reads).toBe(0);
    // Taken inside the range (the app takes one at every start and every few minutes).
    snapshotRows.push({ takenAt: chunks.at(-1)!.t[0]!, rows: [driver(10 * 60_000), driver(5 * 3_600_000)] });
    const after = await compare();
    expect(after.reads).toBe(0);
    expect(after.facts.hos.drivers).toBe(2);
    expect(after.facts.hos.lowTime).toBe(1);
    expect(before.facts.hos.drivers).not.toBe(2);
    expect({ ...after.facts, hos: null }).toEqual({ ...before.facts, hos: null });
  });

  it('are read for the metrics only: the trip analysis, kept or computed, never reads them', async () => {
    const before = reads.snapshots;
    await call<TripFacts[]>('trips', ++token, carriers, range, DEFAULT_ANALYSIS_PARAMS, '2026-12-01', NO_ROADS_KEY);
    const params = { ...DEFAULT_ANALYSIS_PARAMS, speedingThresholdMph: 47 };
    const computed = reads.readings;
    await call<TripFacts[]>('trips', ++token, carriers, range, params, '2026-12-01', NO_ROADS_KEY);
    expect(reads.readings).toBe(computed + 1);
    expect(reads.snapshots).toBe(before);
    await call<ComparisonFacts>('metrics', ++token, carriers, range, DEFAULT_ANALYSIS_PARAMS, '2026-12-01');
    expect(reads.snapshots).toBe(before + 1);
  });

  it('a new worker (the app started again) answers from the kept store without reading, with the HOS rows of now', async () => {
    const before = await compare();
    expect(keptRows.size).toBeGreaterThanOrEqual(2);
    vi.resetModules();
    ({ scope, call } = workerScope());
    vi.stubGlobal('self', scope);
    await import('../../renderer/src/workers/compare.worker.ts');
    await call('setRoadLimits', null);
    snapshotRows.push({ takenAt: chunks.at(-1)!.t[0]! + 1, rows: [driver(10 * 60_000)] });
    const again = await compare();
    expect(again.reads).toBe(0);
    expect(again.facts.hos.drivers).toBe(1);
    expect({ ...again.facts, hos: null }).toEqual({ ...before.facts, hos: null });
    // With nothing kept in the store, the new worker reads and computes.
    keptRows.clear();
    vi.resetModules();
    ({ scope, call } = workerScope());
    vi.stubGlobal('self', scope);
    await import('../../renderer/src/workers/compare.worker.ts');
    await call('setRoadLimits', null);
    expect((await compare()).reads).toBe(2);
  });
});
