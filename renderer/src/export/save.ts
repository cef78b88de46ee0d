import type { AppInfo, ExportFormat, RouteLensApi } from '../../../shared/ipc/contract.ts';
import type { ExportJob, ExportProtocol } from '../workers/export-protocol.ts';
import { createWorkerClient } from '../workers/rpc.ts';
import type { RoadLimitsSpec } from '../workers/worker-roads.ts';
import { withWorkerRoads } from '../roads/ensure-worker-roads.ts';

/** An export as the page asks for it: the job with the road limits its trips and events are judged against. */
export type PageExportJob = Omit<ExportJob, 'roadsKey'> & { roads: RoadLimitsSpec | null };

export interface ExportProgress {
  /** Points written so far and in all (0 in all when unknown). */
  done: number;
  total: number;
  bytes: number;
}

export type ExportOutcome =
  | { kind: 'saved'; path: string; bytes: number }
  | { kind: 'downloaded'; name: string; bytes: number }
  | { kind: 'cancelled' };

const MIME: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  gpx: 'application/gpx+xml',
  pdf: 'application/pdf',
};

/** Pulls pieces from a fresh export worker one at a time, the road limits set on it first. */
async function* workerPieces(
  { roads, ...job }: PageExportJob,
  onProgress: (p: { done: number; total: number }) => void,
  signal?: AbortSignal,
): AsyncGenerator<string> {
  const worker = createWorkerClient<ExportProtocol>({
    spawn: () =>
      new Worker(new URL('../workers/export.worker.ts', import.meta.url), { type: 'module', name: 'routelens-export' }),
    name: 'export',
  });
  try {
    const first = await withWorkerRoads(worker, roads, (roadsKey) => worker.call('start', { ...job, roadsKey }));
    for (let reply = first; reply; reply = await worker.call('next')) {
      if (signal?.aborted) throw new DOMException('Export cancelled', 'AbortError');
      onProgress({ done: reply.done, total: reply.total });
      yield reply.piece;
    }
  } finally {
    worker.dispose();
  }
}

/**
 * Saves a file given as pieces. saveMode 'dialog' (Electron, or the browser
 * shell given a save folder): the backend asks where and the pieces stream to
 * that file; a cancelled dialog saves nothing, and a failure or an abort
 * (AbortError from the pieces) leaves no file. 'download': the pieces become a
 * Blob offered as a download. UTF-8 either way. `onBytes` hears the running
 * byte count after each piece.
 */
export async function savePieces(
  bridge: RouteLensApi,
  saveMode: AppInfo['saveMode'],
  name: string,
  format: ExportFormat,
  pieces: AsyncIterable<string> | Iterable<string>,
  onBytes: (bytes: number) => void = () => undefined,
): Promise<ExportOutcome> {
  const target = saveMode === 'dialog' ? await bridge.exports.begin(name, format) : null;
  if (!target && saveMode === 'dialog') return { kind: 'cancelled' };
  const encoder = new TextEncoder();
  let bytes = 0;
  const parts: BlobPart[] = [];
  try {
    for await (const piece of pieces) {
      if (target) await bridge.exports.write(target.exportId, piece);
      else parts.push(encoder.encode(piece));
      bytes += target ? encoder.encode(piece).length : (parts[parts.length - 1] as Uint8Array).length;
      onBytes(bytes);
    }
  } catch (err) {
    if (target) await bridge.exports.abort(target.exportId).catch(() => undefined);
    if (err instanceof DOMException && err.name === 'AbortError') return { kind: 'cancelled' };
    throw err;
  }
  if (target) {
    const done = await bridge.exports.finish(target.exportId);
    return { kind: 'saved', path: done.path, bytes: done.bytes };
  }
  offerDownload(new Blob(parts, { type: MIME[format] }), name);
  return { kind: 'downloaded', name, bytes };
}

/** Hands a file to the browser's downloads (the browser shell's way of saving). */
export function offerDownload(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.rel = 'noopener';
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // The click has handed the Blob to the download manager; keep the URL alive while it reads it.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}

/** Saves an export formatted piece by piece in a worker (savePieces), with progress in points and bytes. */
export async function saveExport(
  bridge: RouteLensApi,
  saveMode: AppInfo['saveMode'],
  name: string,
  format: ExportFormat,
  job: PageExportJob,
  onProgress: (p: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<ExportOutcome> {
  let counts = { done: 0, total: 0 };
  return savePieces(
    bridge,
    saveMode,
    name,
    format,
    workerPieces(job, (c) => (counts = c), signal),
    (bytes) => onProgress({ ...counts, bytes }),
  );
}
