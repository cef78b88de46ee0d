/**
 * The page's road limits reach a worker once per change, as a copy, and a call is never answered with
 * limits the page did not send: the worker side is the real one (workers/worker-roads.ts), behind a fake
 * client that, like postMessage with a transfer list, detaches the moved buffers.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ensureWorkerRoads, withWorkerRoads, type RoadsWorker } from '../../renderer/src/roads/ensure-worker-roads.ts';
import { encodeRoadIndex } from '../../shared/roads/rlidx.ts';
import { createRoadIndex } from '../../shared/roads/road-index.ts';
import type { RoadWay } from '../../shared/roads/types.ts';
import {
  NO_ROADS_KEY,
  roadLimitsKey,
  setWorkerRoads,
  workerRoads,
  workerRoadsFor,
  workerRoadsKey,
  type RoadLimitsSpec,
} from '../../renderer/src/workers/worker-roads.ts';

const way = (wayId: number, mph: number): RoadWay => ({
  wayId,
  highway: 'primary',
  name: `Road ${wayId}`,
  ref: '',
  oneway: 0,
  forwardMph: mph,
  backwardMph: mph,
  source: 'posted',
  limitText: `${mph} mph`,
  conditional: '',
});
const bytesOf = (...mph: number[]) =>
  encodeRoadIndex(
    createRoadIndex(
      mph.map((m, k) => way(k + 1, m)),
      mph.map((_, k) => [40 + k * 0.01, -90, 40 + k * 0.01, -89.99]),
    ),
  );
const spec = (indexId: string, bytes: Uint8Array, overLimit?: RoadLimitsSpec['overLimit']): RoadLimitsSpec => ({
  indexId,
  indexBytes: bytes,
  zonesId: null,
  zonesGeojson: null,
  ...(overLimit ? { overLimit } : {}),
});

/** A worker client over the real worker side; `restart` loses what it kept, as a crashed worker does. */
function fakeWorker() {
  const sent: { spec: RoadLimitsSpec | null; moved: Transferable[] }[] = [];
  const worker: RoadsWorker & { sent: typeof sent; restart(): void } = {
    sent,
    callWithTransfer(method, transfer, s) {
      expect(method).toBe('setRoadLimits');
      sent.push({ spec: s, moved: transfer });
      // Moved, as postMessage does: the sender's buffer is detached.
      const arrived = s && {
        ...s,
        indexBytes:
          s.indexBytes && new Uint8Array(structuredClone(s.indexBytes.buffer, { transfer: transfer as ArrayBuffer[] })),
      };
      try {
        return Promise.resolve(setWorkerRoads(arrived));
      } catch (err) {
        return Promise.reject(err as Error);
      }
    },
    restart: () => void setWorkerRoads(null),
  };
  return worker;
}

beforeEach(() => void setWorkerRoads(null));

describe('ensureWorkerRoads', () => {
  it('sends the bytes once per change, a copy moved over, and the worker keeps what was sent', async () => {
    const w = fakeWorker();
    const a = spec('idx-a', bytesOf(55, 35));
    const key = await ensureWorkerRoads(w, a);
    expect(key).toBe(roadLimitsKey(a));
    expect(await ensureWorkerRoads(w, { ...a })).toBe(key);
    expect(w.sent).toHaveLength(1);
    // The page's bytes are intact (a copy moved), and it was a buffer that moved.
    expect(a.indexBytes!.byteLength).toBeGreaterThan(0);
    expect(w.sent[0]!.moved).toHaveLength(1);
    expect(w.sent[0]!.moved[0]).not.toBe(a.indexBytes!.buffer);
    expect(workerRoads()!.index.ways.map((x) => x.forwardMph)).toEqual([55, 35]);

    const b = spec('idx-b', bytesOf(65));
    expect(await ensureWorkerRoads(w, b)).toBe(roadLimitsKey(b));
    expect(w.sent).toHaveLength(2);
    expect(workerRoads()!.index.ways.map((x) => x.forwardMph)).toEqual([65]);
  });

  it('a changed over-the-limit rule is a change: sent again under another key', async () => {
    const w = fakeWorker();
    const bytes = bytesOf(55);
    const k1 = await ensureWorkerRoads(w, spec('idx', bytes, { minSeconds: 60 }));
    const k2 = await ensureWorkerRoads(w, spec('idx', bytes, { minSeconds: 120 }));
    expect(k2).not.toBe(k1);
    expect(w.sent).toHaveLength(2);
    expect(workerRoads()!.overLimit).toEqual({ minSeconds: 120 });
  });

  it('no limits: the worker keeps none, under the key of none', async () => {
    const w = fakeWorker();
    await ensureWorkerRoads(w, spec('idx', bytesOf(55)));
    expect(await ensureWorkerRoads(w, null)).toBe(NO_ROADS_KEY);
    expect(workerRoads()).toBeUndefined();
  });

  it('a spec the worker refuses is not remembered: the next call sends it again', async () => {
    const w = fakeWorker();
    const bad = spec('idx-bad', new Uint8Array([1, 2, 3, 4]));
    await expect(ensureWorkerRoads(w, bad)).rejects.toThrow(/road index/i);
    await expect(ensureWorkerRoads(w, bad)).rejects.toThrow(/road index/i);
    expect(w.sent).toHaveLength(2);
    expect(workerRoadsKey()).toBe(NO_ROADS_KEY);
  });
});

describe('a call that analyses carries the key of its limits', () => {
  it('the worker refuses a key other than the one it keeps', () => {
    setWorkerRoads(spec('idx-a', bytesOf(55)));
    expect(() => workerRoadsFor(roadLimitsKey(spec('idx-b', bytesOf(55))))).toThrow(/judges with other road limits/);
    expect(() => workerRoadsFor(NO_ROADS_KEY)).toThrow(/judges with other road limits/);
    expect(workerRoadsFor(workerRoadsKey())!.index.ways).toHaveLength(1);
  });

  it('withWorkerRoads: a worker that lost its limits (restarted) gets them again and the call is asked once more', async () => {
    const w = fakeWorker();
    const a = spec('idx-a', bytesOf(55, 45));
    const asked: string[] = [];
    const call = async (key: string) => {
      asked.push(key);
      return workerRoadsFor(key)!.index.ways.length;
    };
    expect(await withWorkerRoads(w, a, call)).toBe(2);
    w.restart();
    expect(await withWorkerRoads(w, a, call)).toBe(2);
    expect(asked).toEqual([roadLimitsKey(a), roadLimitsKey(a), roadLimitsKey(a)]);
    expect(w.sent).toHaveLength(2);
  });

  it('withWorkerRoads passes on any other failure as it is, without sending again', async () => {
    const w = fakeWorker();
    const a = spec('idx-a', bytesOf(55));
    await expect(
      withWorkerRoads(w, a, () => Promise.reject(new Error('The days were deleted while they were being read.'))),
    ).rejects.toThrow(/deleted/);
    expect(w.sent).toHaveLength(1);
  });
});
