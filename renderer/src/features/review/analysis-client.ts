import type { DayBand } from '../../../../shared/analysis/day-bands.ts';
import type { AnalysisParams, TrackAnalysis } from '../../../../shared/analysis/types.ts';
import { gapParamsOf, type GapParams } from '../../../../shared/track/gaps.ts';
import type { AnalysisProtocol, SeriesResult } from '../../workers/analysis-protocol.ts';
import { createWorkerClient } from '../../workers/rpc.ts';
import type { RoadLimitsSpec } from '../../workers/worker-roads.ts';
import { withWorkerRoads } from '../../roads/ensure-worker-roads.ts';

/** Request/reply over the analysis worker (one per review screen). */
export class AnalysisClient {
  private worker = createWorkerClient<AnalysisProtocol>({
    spawn: () =>
      new Worker(new URL('../../workers/analysis.worker.ts', import.meta.url), {
        type: 'module',
        name: 'routelens-analysis',
      }),
    name: 'analysis',
  });
  /**
   * The last loadStored, settled or not. Its request reaches the worker only after the road limits did (a
   * round trip when they changed), so series and day bands are asked after it settles: asked earlier, they
   * could reach the worker first and answer for the previous selection.
   */
  private lastLoad: Promise<unknown> = Promise.resolve();

  loadStored(
    carrierId: string,
    vehicleId: string,
    from: string,
    to: string,
    zone: string,
    params: Partial<AnalysisParams>,
    /** The road limits to judge "over the limit" against (null: none), sent to the worker first when new to it. */
    roads: RoadLimitsSpec | null,
  ): Promise<TrackAnalysis | null> {
    const load = withWorkerRoads(this.worker, roads, (roadsKey) =>
      this.worker.call('loadStored', carrierId, vehicleId, from, to, zone, params, roadsKey),
    );
    this.lastLoad = load.catch(() => undefined);
    return load;
  }

  async series(fromMs: number, toMs: number, width: number, gap: GapParams): Promise<SeriesResult> {
    await this.lastLoad;
    return this.worker.call('series', fromMs, toMs, width, gapParamsOf(gap));
  }

  async dayBands(zone: string, gap: GapParams): Promise<DayBand[]> {
    await this.lastLoad;
    return this.worker.call('dayBands', zone, gapParamsOf(gap));
  }

  dispose() {
    this.worker.dispose();
  }
}
