import type { AnalysisParams } from '../../../../shared/analysis/types.ts';
import { gapParamsOf, type GapParams } from '../../../../shared/track/gaps.ts';
import type { AnalysisProtocol, SeriesResult, StoredLoad } from '../../workers/analysis-protocol.ts';
import { createWorkerClient } from '../../workers/rpc.ts';
import type { RoadLimitsSpec } from '../../workers/worker-roads.ts';
import { withWorkerRoads } from '../../roads/ensure-worker-roads.ts';

/**
 * The one analysis worker of the app's Trip reviews, kept across visits: a day opened from the per-day table,
 * Back and an inbox event are each a new visit of the page, and a new worker would start its module and decode
 * the road limits again before the visit's first analysis (seconds on a busy laptop).
 */
let shared: AnalysisClient | null = null;
export function sharedAnalysisClient(): AnalysisClient {
  return (shared ??= new AnalysisClient());
}

/** Request/reply over the analysis worker. */
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
   * round trip when they changed), so a zoomed window's series are asked after it settles:
   * asked earlier, they could reach the worker first and answer for the previous selection.
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
    /** The charts' width in px: the whole selection's series come with the analysis. */
    chartWidth: number,
    /** Aborted when the selection is left: the worker stops reading and analysing it. */
    signal?: AbortSignal,
  ): Promise<StoredLoad | null> {
    const load = withWorkerRoads(this.worker, roads, (roadsKey) =>
      this.worker.callWithSignal(
        'loadStored',
        signal,
        carrierId,
        vehicleId,
        from,
        to,
        zone,
        params,
        roadsKey,
        chartWidth,
      ),
    );
    this.lastLoad = load.catch(() => undefined);
    return load;
  }

  async series(
    fromMs: number,
    toMs: number,
    width: number,
    gap: GapParams,
    signal?: AbortSignal,
  ): Promise<SeriesResult> {
    await this.lastLoad;
    return this.worker.callWithSignal('series', signal, fromMs, toMs, width, gapParamsOf(gap));
  }

  dispose() {
    this.worker.dispose();
  }
}
