/**
 * The comparison's trip analysis judges "over the limit" against the limits its call names, and a call
 * naming limits the worker does not keep is refused. The real worker module runs here over an empty store; the comparison
 * itself (shared/compare/carrier-comparison.ts) is replaced by a probe that runs the analysis it is handed on a known track.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { RoadLimits } from '../../shared/analysis/over-limit-events.ts';
import type { AnalyzeTrack } from '../../shared/analysis/types.ts';
import { DEFAULT_ANALYSIS_PARAMS } from '../../shared/analysis/params.ts';
import { encodeRoadIndex } from '../../shared/roads/rlidx.ts';
import type * as DbModule from '../../renderer/src/store/db.ts';
import { NO_ROADS_KEY, type RoadLimitsSpec } from '../../renderer/src/workers/worker-roads.ts';
import { generateRandomTrack, toDayChunks } from '../support/tracks.ts';
import { roadsAlong } from '../support/roads-along.ts';
import { workerScope } from '../support/worker-scope.ts';

const chunks = toDayChunks('v1', generateRandomTrack(5, 2));

vi.mock('../../shared/compare/carrier-comparison.ts', () => ({
  comparedTrips: (
    _utc: unknown,
    _zone: unknown,
    _range: unknown,
    _params: unknown,
    analyze: AnalyzeTrack,
    roads?: RoadLimits,
  ) => ({
    overLimitEvents: analyze(chunks, {}, roads).events.filter((e) => e.kind === 'over-limit').length,
  }),
}));
vi.mock('../../renderer/src/store/db.ts', async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: () => ({
    rosters: { get: async () => undefined },
    snapshots: { where: () => ({ between: () => ({ toArray: async () => [] }) }) },
  }),
}));
vi.mock('../../renderer/src/store/reads.ts', () => ({ carrierCoverage: async () => [] }));

const { scope, call } = workerScope();

/** A road along each day of the track at 45 mph: the truck is over it often. */
const index = roadsAlong(chunks, 45);
const spec: RoadLimitsSpec = { indexId: 'idx', indexBytes: encodeRoadIndex(index), zonesId: null, zonesGeojson: null };
const carriers = [{ carrierId: 'c1', label: 'C1', zone: 'UTC' }];
const range = { from: chunks[0]!.day, to: chunks.at(-1)!.day };
/** The trip analysis of the comparison, as the page's second worker asks it. */
const trips = async (token: number, roadsKey: string) =>
  (
    await call<{ overLimitEvents: number | null }[]>(
      'trips',
      token,
      carriers,
      range,
      DEFAULT_ANALYSIS_PARAMS,
      range.to,
      roadsKey,
    )
  )[0]!;

beforeAll(async () => {
  vi.stubGlobal('self', scope);
  await import('../../renderer/src/workers/compare.worker.ts');
});

describe('the comparison worker and the road limits', () => {
  it('its trips judge with the limits asked for, and a comparison asked with other limits is judged again', async () => {
    await call('setRoadLimits', null);
    expect((await trips(1, NO_ROADS_KEY)).overLimitEvents).toBe(0);

    const key = await call<string>('setRoadLimits', spec);
    expect((await trips(2, key)).overLimitEvents).toBeGreaterThan(0);
  });

  it('refuses trips for limits it does not keep', async () => {
    await call('setRoadLimits', null);
    await expect(trips(3, 'idx|-|{}')).rejects.toThrow(/judges with other road limits/);
  });
});
