/**
 * Hands the page's road limits to a worker before a call that analyses: the index's bytes cross once per
 * worker and change (the key sent is remembered per worker), as a copy moved to the worker so the page's
 * own bytes stay usable. Every analysing call carries the key, and the worker refuses it when it keeps
 * other limits (workers/worker-roads.ts), so a result is never computed with limits the page did not send.
 */
import { OTHER_ROADS_TEXT, roadLimitsKey, type RoadLimitsSpec } from '../workers/worker-roads.ts';

/** What of a worker client this needs: its setRoadLimits, with buffers moved. */
export interface RoadsWorker {
  callWithTransfer(method: 'setRoadLimits', transfer: Transferable[], spec: RoadLimitsSpec | null): Promise<string>;
}

interface Sent {
  key: string;
  done: Promise<string>;
}

const sent = new WeakMap<RoadsWorker, Sent>();

/** Sets `spec` on the worker unless it was the last one sent to it; resolves to its key once the worker keeps it. */
export function ensureWorkerRoads(worker: RoadsWorker, spec: RoadLimitsSpec | null): Promise<string> {
  const key = roadLimitsKey(spec);
  const last = sent.get(worker);
  if (last?.key === key) return last.done;
  const bytes = spec?.indexBytes ? spec.indexBytes.slice() : null;
  const wire = spec && { ...spec, indexBytes: bytes };
  const done = worker.callWithTransfer('setRoadLimits', bytes ? [bytes.buffer] : [], wire).then((kept) => {
    if (kept !== key) throw new Error(`The worker kept road limits "${kept}" instead of "${key}".`);
    return key;
  });
  const entry: Sent = { key, done };
  sent.set(worker, entry);
  // A refused spec is not remembered: the next call sends it again (and is refused again, with the reason).
  done.catch(() => sent.get(worker) === entry && sent.delete(worker));
  return done;
}

/** True for a worker's refusal of a call whose key is not the limits it keeps. */
export function isOtherRoadsRefusal(err: unknown): boolean {
  return err instanceof Error && err.message.includes(OTHER_ROADS_TEXT);
}

/**
 * `call` with the worker's limits set to `spec`. A worker that restarted (after a crash) or was given other
 * limits by another caller meanwhile refuses the key: the limits are sent again and the call asked once more.
 */
export async function withWorkerRoads<T>(
  worker: RoadsWorker,
  spec: RoadLimitsSpec | null,
  call: (roadsKey: string) => Promise<T>,
): Promise<T> {
  const key = await ensureWorkerRoads(worker, spec);
  try {
    return await call(key);
  } catch (err) {
    if (!isOtherRoadsRefusal(err)) throw err;
    if (sent.get(worker)?.key === key) sent.delete(worker);
    return call(await ensureWorkerRoads(worker, spec));
  }
}
