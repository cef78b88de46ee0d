import type { AnalysisParams, TrackAnalysis } from '../../../../shared/analysis/types.ts';
import { gapParamsOf, type GapParams } from '../../../../shared/track/gaps.ts';
import type { DayChunk } from '../../../../shared/track/types.ts';
import type { AnalysisReply, AnalysisRequest, SeriesResult } from '../../workers/analysis-protocol.ts';

/** Request/reply over the analysis worker (one per review screen). */
export class AnalysisClient {
  private worker = new Worker(new URL('../../workers/analysis.worker.ts', import.meta.url), { type: 'module', name: 'routelens-analysis' });
  private seq = 0;
  private pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  constructor() {
    this.worker.onmessage = (ev: MessageEvent<AnalysisReply>) => {
      const p = this.pending.get(ev.data.id);
      if (!p) return;
      this.pending.delete(ev.data.id);
      if (ev.data.ok) p.resolve(ev.data.result);
      else p.reject(new Error(ev.data.message));
    };
  }

  private call<T>(req: AnalysisRequest): Promise<T> {
    const id = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ id, req });
    });
  }

  load(chunks: DayChunk[], params: Partial<AnalysisParams>): Promise<TrackAnalysis> {
    return this.call({ type: 'load', chunks, params });
  }

  series(fromMs: number, toMs: number, width: number, gap: GapParams): Promise<SeriesResult> {
    return this.call({ type: 'series', fromMs, toMs, width, gap: gapParamsOf(gap) });
  }

  dispose() {
    this.worker.terminate();
    for (const p of this.pending.values()) p.reject(new Error('closed'));
    this.pending.clear();
  }
}
