import { analyzeTrack } from '../../../shared/analysis/analyze.ts';
import { downsampleStatusBands, m4 } from '../../../shared/analysis/downsample.ts';
import type { GapParams } from '../../../shared/track/gaps.ts';
import type { DayChunk } from '../../../shared/track/types.ts';
import { flattenChunks, type FlatTrack } from '../playback/track.ts';
import type { AnalysisReply, AnalysisRequest, SeriesResult } from './analysis-protocol.ts';
import { windowOf } from './series.ts';

/**
 * Analysis and chart downsampling off the UI thread: six months is ~150,000
 * readings, and the charts get about one value group per pixel (M4 keeps each
 * column's first, min, max and last, so the drawn line is the full-resolution one).
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
let chunks: DayChunk[] = [];
let track: FlatTrack | null = null;

function series(fromMs: number, toMs: number, width: number, gap: GapParams): SeriesResult {
  if (!track) throw new Error('no track loaded');
  const px = Math.max(1, Math.round(width));
  // One reading either side so the line reaches the chart's edges.
  const [lo, hi] = windowOf(track.t, fromMs, toMs);
  const a = Math.max(0, lo - 1);
  const b = Math.min(track.length, hi + 1);
  const speed = m4(track.t.subarray(a, b), track.speed.subarray(a, b), px, fromMs, toMs);
  const inWindow = chunks.filter((c) => c.length > 0 && c.t[c.length - 1]! >= fromMs && c.t[0]! <= toMs);
  const bands = downsampleStatusBands(inWindow, px, { tStart: fromMs, tEnd: toMs, ...gap });
  return { fromMs, toMs, speed: { t: Float64Array.from(speed.t), v: Float64Array.from(speed.v) }, bands };
}

function run(req: AnalysisRequest) {
  if (req.type === 'load') {
    chunks = req.chunks;
    track = flattenChunks(chunks);
    return analyzeTrack(chunks, req.params);
  }
  return series(req.fromMs, req.toMs, req.width, req.gap);
}

scope.onmessage = (ev: MessageEvent<{ id: number; req: AnalysisRequest }>) => {
  const { id, req } = ev.data;
  try {
    const result = run(req);
    const transfer = 'speed' in result ? [result.speed.t.buffer, result.speed.v.buffer] : [];
    scope.postMessage({ id, ok: true, result } satisfies AnalysisReply, transfer);
  } catch (err) {
    scope.postMessage({ id, ok: false, message: err instanceof Error ? err.message : String(err) } satisfies AnalysisReply);
  }
};
